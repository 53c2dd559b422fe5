"""Install hints for the optional parts (extras) that work as written, from anywhere.

The distribution is ``stoneage-family`` (the name ``stoneage`` on PyPI is someone else's), and it
is installed from a checkout; so a hint names the packages an extra needs, read from the
installed metadata, rather than ``pip install "stoneage-family[extra]"``.
"""

from __future__ import annotations

import re
from importlib import metadata

DISTRIBUTION = "stoneage-family"
_FALLBACK = {
    "sim": ("openskill>=6", "matplotlib>=3.8", "tqdm>=4.66"),
    "ray": ("ray>=2.9",),
    "tui": ("textual>=0.80",),
}
"""What each extra needs, for a source tree run without installed metadata."""


def extra_packages(extra: str) -> tuple[str, ...]:
    """The requirements ``extra`` adds, its nested extras expanded."""
    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return _FALLBACK.get(extra, ())
    packages: list[str] = []
    for requirement in requirements:
        spec, _, marker = requirement.partition(";")
        if not re.search(rf"extra\s*==\s*['\"]{re.escape(extra)}['\"]", marker):
            continue
        nested = re.fullmatch(rf"{re.escape(DISTRIBUTION)}\[(.+)\]", spec.strip())
        if nested:
            for name in nested.group(1).split(","):
                packages.extend(p for p in extra_packages(name.strip()) if p not in packages)
        elif spec.strip() not in packages:
            packages.append(spec.strip())
    return tuple(packages)


def install_hint(extra: str) -> str:
    """A pip command that installs what ``extra`` needs, e.g. ``pip install "textual>=0.80"``."""
    return "pip install " + " ".join(f'"{package}"' for package in extra_packages(extra))
