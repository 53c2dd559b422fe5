"""Keep the gettext catalogs in step with the source (Babel): see docs/translating.md.

    python tools/catalogs.py            extract, update every catalog (filling it from locale/parts
                                        when there are parts), compile: the usual run
    python tools/catalogs.py extract    src/stoneage/locale/stoneage.pot from the source
    python tools/catalogs.py update     every language's .po from the .pot (new ones created)
    python tools/catalogs.py compile    every .po to its .mo (what the program reads)
    python tools/catalogs.py part AREA FILE...
                                        locale/parts/AREA/<code>.po for the messages of FILEs
    python tools/catalogs.py merge      fill the catalogs' empty entries from locale/parts
    python tools/catalogs.py missing    count, per catalog, entries still empty or fuzzy
"""

from __future__ import annotations

import fcntl
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "stoneage" / "locale"
POT = LOCALE / "stoneage.pot"
PARTS = LOCALE / "parts"
DOMAIN = "stoneage"
TRANSLATED = ("ko", "pt_BR", "de")
"""Every catalog but the source language's (English needs none)."""
EXTRACT = ["--no-location", "--sort-output", "-c", "TRANSLATORS:", "--project", "stoneage", "--version", "0.1"]


def pybabel(*args: str) -> None:
    """Run one ``pybabel`` command (quietly)."""
    CommandLineInterface().run(["pybabel", "-q", *args])


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    pybabel("extract", "-F", str(ROOT / "babel.cfg"), *EXTRACT, "-o", str(POT), str(ROOT))


def update(template: Path = POT, target: Path | None = None) -> None:
    for code in TRANSLATED:
        po = po_path(code) if target is None else target / f"{code}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        if po.exists():
            pybabel("update", "-i", str(template), "-o", str(po), "-l", code, "--ignore-obsolete",
                    "--no-fuzzy-matching", "--no-wrap")
        else:
            pybabel("init", "-i", str(template), "-o", str(po), "-l", code, "--no-wrap")


def compile_all() -> None:
    for code in TRANSLATED:
        po = po_path(code)
        pybabel("compile", "-i", str(po), "-o", str(po.with_suffix(".mo")), "-l", code, "--statistics")


def part(area: str, files: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / "part.pot"
        mapping = ROOT / "babel.cfg"
        pybabel("extract", "-F", str(mapping), *EXTRACT, "-o", str(template), *files)
        update(template, PARTS / area)


def merge() -> None:
    for code in TRANSLATED:
        with po_path(code).open("rb") as handle:
            catalog = read_po(handle, locale=code)
        for part_po in sorted(PARTS.glob(f"*/{code}.po")):
            with part_po.open("rb") as handle:
                piece = read_po(handle, locale=code)
            for message in piece:
                if not message.id or not message.string or message.fuzzy:
                    continue
                target = catalog.get(message.id, message.context)
                if target is not None and not _filled(target.string):
                    target.string = message.string
        with po_path(code).open("wb") as handle:
            write_po(handle, catalog, width=0, omit_header=False, sort_output=True, ignore_obsolete=True)


def _filled(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def missing() -> int:
    total = 0
    for code in TRANSLATED:
        with po_path(code).open("rb") as handle:
            catalog = read_po(handle, locale=code)
        empty = [m.id for m in catalog if m.id and (m.fuzzy or not _filled(m.string))]
        total += len(empty)
        print(f"{code}: {len(empty)} of {len([m for m in catalog if m.id])} untranslated or fuzzy")
    return total


@contextmanager
def _locked() -> Iterator[None]:
    """One run at a time (helpers share the work tree)."""
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command == "all":
        with _locked():
            extract()
            update()
            if PARTS.exists():
                merge()
            compile_all()
    elif command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "part" and len(argv) >= 3:
        part(argv[1], argv[2:])
    elif command == "merge":
        merge()
    elif command == "missing":
        return 1 if missing() else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
