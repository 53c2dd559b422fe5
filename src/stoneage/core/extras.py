"""Install hints for the optional parts (extras) that work as written, from anywhere.

The distribution is ``stoneage-family`` (the name ``stoneage`` on PyPI is someone else's), and it
is installed from a checkout; so a hint names the packages an extra needs, read from the
installed metadata, rather than ``pip install "stoneage-family[extra]"``.
"""

from __future__ import annotations

import re
from importlib import metadata

DISTRIBUTION = "stoneage-family"
_FALLBACK: dict[str, tuple[str, ...]] = {
    "sim": ("openskill>=6", "matplotlib>=3.8", "tqdm>=4.66"),
    "ray": ("stoneage-family[sim]", "ray>=2.9"),
    "tui": ("textual>=0.80",),
    "web": (
        "openskill>=6", "fastapi>=0.110", "uvicorn[standard]>=0.30", "sqlalchemy[asyncio]>=2.0",
        "aiosqlite>=0.20", "asyncpg>=0.29", "alembic>=1.13", "platformdirs>=4", "redis>=5",
        "orjson>=3.9", "jinja2>=3.1", "babel>=2.14",
    ),
    "rl": ("numpy>=1.26", "pettingzoo>=1.24", "gymnasium>=1.0"),
    "spiel": ("numpy>=1.26", "open_spiel>=1.5"),
    "all": ("stoneage-family[sim,ray,tui,web,rl,spiel]",),
    "test": (
        "stoneage-family[all]", "httpx>=0.27", "websockets>=12", "pytest>=8", "hypothesis>=6.100", "ruff>=0.6",
        "mypy>=1.10", "import-linter>=2.0", "babel>=2.14", "playwright>=1.45", "pytest-playwright>=0.5",
        "pytest-xdist>=3.5",
    ),
}
"""Each extra's requirements as pyproject.toml lists them, for a source tree run without installed
metadata (a test keeps the two equal)."""


def _requirements(extra: str) -> list[str]:
    """The requirements listed for ``extra``, nested extras (``stoneage-family[sim]``) not expanded."""
    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return list(_FALLBACK.get(extra, ()))
    listed: list[str] = []
    for requirement in requirements:
        spec, _, marker = requirement.partition(";")
        if re.search(rf"extra\s*==\s*['\"]{re.escape(extra)}['\"]", marker):
            listed.append(spec.strip())
    return listed


def extra_packages(extra: str) -> tuple[str, ...]:
    """The requirements ``extra`` adds, its nested extras expanded."""
    packages: list[str] = []
    for spec in _requirements(extra):
        nested = re.fullmatch(rf"{re.escape(DISTRIBUTION)}\[(.+)\]", spec)
        if nested:
            for name in nested.group(1).split(","):
                packages.extend(p for p in extra_packages(name.strip()) if p not in packages)
        elif spec not in packages:
            packages.append(spec)
    return tuple(packages)


def install_hint(extra: str) -> str:
    """A pip command that installs what ``extra`` needs, e.g. ``pip install "textual>=0.80"``."""
    return "pip install " + " ".join(f'"{package}"' for package in extra_packages(extra))
