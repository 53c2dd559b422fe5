"""Keep the gettext catalogs in step with the source (Babel): see docs/translating.md.

    python tools/catalogs.py            extract, update every catalog, compile: the usual run
    python tools/catalogs.py extract    src/stoneage/locale/stoneage.pot from the source
    python tools/catalogs.py update     every language's .po from the .pot (new ones created)
    python tools/catalogs.py compile    every .po to its .mo (what the program reads)
    python tools/catalogs.py missing    count, per catalog, entries still empty or fuzzy
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from stoneage.core.i18n import LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "stoneage" / "locale"
POT = LOCALE / "stoneage.pot"
DOMAIN = "stoneage"
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
"""Every catalog but the source language's (English needs none)."""
EXTRACT = ["--no-location", "--sort-output", "-c", "TRANSLATORS:", "--project", "stoneage", "--version", "0.1"]


def pybabel(*args: str) -> None:
    """Run one ``pybabel`` command (quietly)."""
    CommandLineInterface().run(["pybabel", "-q", *args])


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    pybabel("extract", "-F", str(ROOT / "babel.cfg"), *EXTRACT, "-o", str(POT), str(ROOT))


def update() -> None:
    for code in TRANSLATED:
        po = po_path(code)
        po.parent.mkdir(parents=True, exist_ok=True)
        if po.exists():
            pybabel("update", "-i", str(POT), "-o", str(po), "-l", code, "--ignore-obsolete",
                    "--no-fuzzy-matching", "--no-wrap")
        else:
            pybabel("init", "-i", str(POT), "-o", str(po), "-l", code, "--no-wrap")


def compile_all() -> None:
    for code in TRANSLATED:
        po = po_path(code)
        pybabel("compile", "-i", str(po), "-o", str(po.with_suffix(".mo")), "-l", code, "--statistics")


def _filled(string: object) -> bool:
    """Whether a message's translation (or each of its plural forms) is there."""
    return all(string) if isinstance(string, tuple | list) else bool(string)


def missing() -> int:
    total = 0
    for code in TRANSLATED:
        with po_path(code).open("rb") as handle:
            catalog = read_po(handle, locale=code)
        empty = [m.id for m in catalog if m.id and (m.fuzzy or not _filled(m.string))]
        total += len(empty)
        print(f"{code}: {len(empty)} of {len([m for m in catalog if m.id])} untranslated or fuzzy")
    return total


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command == "all":
        extract()
        update()
        compile_all()
    elif command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "missing":
        return 1 if missing() else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
