"""docs/glossary.md, the translators' reference (issue 14), stays well-formed.

Each game has a section with one table; every row names a term in English, Korean, Brazilian
Portuguese and German and says where the words come from. Only the page itself is read (the seeds
are not in a clean clone).
"""

from __future__ import annotations

import re
from pathlib import Path

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"

HEADER = ("English", "한국어", "Português (Brasil)", "Deutsch", "source")
SECTIONS = (
    "Stone Age (core terms, shared by all games)",
    "Stone Age: The Mammoth Herd",
    "My First Stone Age: The Card Game",
    "Stone Age Junior",
)
# The grammar of the source column, as the page defines it.
SOURCE = re.compile(r"ko: (rulebook|chosen); pt: (seed|chosen)(; de: seed)?")
HANGUL = re.compile(r"[\uac00-\ud7a3]")

Row = tuple[str, ...]


def cells(line: str) -> Row:
    """The cells of a Markdown table line: ``| a | b |`` gives ``("a", "b")``."""
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def tables(text: str) -> dict[str, list[Row]]:
    """Per ``## `` section that holds a table, its header followed by its rows."""
    found: dict[str, list[Row]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif line.startswith("|") and not re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line.strip()):
            found.setdefault(section, []).append(cells(line))
    return found


GAMES = tables(GLOSSARY.read_text(encoding="utf-8"))


def test_every_game_has_its_section_and_no_other_section_has_a_table() -> None:
    assert tuple(GAMES) == SECTIONS


def test_each_table_has_the_five_columns_and_full_rows() -> None:
    for section, (header, *rows) in GAMES.items():
        assert header == HEADER, section
        assert rows, f"{section}: no rows"
        for row in rows:
            assert len(row) == len(HEADER), f"{section}: {row}"
            assert all(row), f"{section}: empty cell in {row}"


def test_no_english_term_twice_in_a_section() -> None:
    for section, (_, *rows) in GAMES.items():
        terms = [row[0].casefold() for row in rows]
        twice = sorted({term for term in terms if terms.count(term) > 1})
        assert not twice, f"{section}: {twice}"


def test_korean_is_in_hangul_and_sources_follow_the_grammar() -> None:
    for section, (_, *rows) in GAMES.items():
        for row in rows:
            assert HANGUL.search(row[1]), f"{section}: {row[0]} has no Hangul: {row[1]!r}"
            assert SOURCE.fullmatch(row[4]), f"{section}: {row[0]} has source {row[4]!r}"


def test_the_table_parser_reads_cells_and_skips_the_rule_line() -> None:
    text = "## A\n\n| x | y |\n|---|:-:|\n| 1 | 2 |\n\n## B\n\nno table\n"
    assert tables(text) == {"A": [("x", "y"), ("1", "2")]}
