"""Text in terminal cells (``stoneage.core.text``): a Hangul letter takes two columns, a combining
mark none; cutting never splits a wide letter; padding reaches exactly the asked width. And the
Korean Stone Age score table, padded with them, keeps its numbers in straight columns."""

from __future__ import annotations

import random

import pytest

from stoneage import load_game
from stoneage.core.i18n import seat_name, use_language
from stoneage.core.text import cells, center, fit, ljust, rjust
from stoneage.play.stone_age.results import BREAKDOWN_LABELS, breakdown_lines, result_lines

HANGUL = "석기시대"  # "Stone Age": four letters, eight columns


def test_cells_counts_wide_letters_twice_and_combining_marks_not_at_all() -> None:
    assert cells("") == 0
    assert cells("Stone Age") == 9
    assert cells(HANGUL) == 8
    assert cells("오두막 건축가") == 13
    assert cells("e\u0301") == 1  # e + combining acute accent
    assert cells("ｓ") == 2  # full-width


def test_fit_never_splits_a_wide_letter() -> None:
    assert fit(HANGUL, 8) == HANGUL
    assert fit(HANGUL, 20) == HANGUL
    assert fit(HANGUL, 5) == "석기"
    assert fit(HANGUL, 1) == ""
    assert fit("a" + HANGUL, 4) == "a석"
    assert fit("Stone Age", 5) == "Stone"
    for width in range(10):
        assert cells(fit(HANGUL, width)) == width - width % 2


@pytest.mark.parametrize("text", ["", "P1", "석", HANGUL, "a석b", "플레이어 1"])
def test_padding_reaches_exact_cell_widths(text: str) -> None:
    for width in range(cells(text), cells(text) + 6):
        assert cells(ljust(text, width)) == width and ljust(text, width).startswith(text)
        assert cells(rjust(text, width)) == width and rjust(text, width).endswith(text)
        assert cells(center(text, width)) == width and text in center(text, width)


def test_ljust_and_center_cut_rjust_never_does() -> None:
    assert ljust(HANGUL, 5) == "석기 "
    assert center(HANGUL, 5) == " 석기"  # as "abcd".center(5)
    assert rjust(HANGUL, 3) == HANGUL


def test_center_rounds_as_str_center() -> None:
    for width in range(4, 12):
        assert center("석기", width).replace("석기", "abcd") == "abcd".center(width)
        assert center("ab", width) == "ab".center(width)


def test_ascii_padding_is_str_padding() -> None:
    for width in range(12):
        assert ljust("farmers", max(width, 7)) == "farmers".ljust(width)
        assert rjust("-40", width) == "-40".rjust(width)


def _assert_columns_line_up(lines: list[str], columns: int, width: int) -> None:
    """Every row as wide as the header in cells; the label part ends at the same column in every
    row, and each number is right-aligned in its own ``width``-cell column."""
    header, *rows = lines
    assert {cells(line) for line in lines} == {cells(header)}, "\n".join(lines)
    label_width = cells(header) - columns * width
    assert label_width >= 14
    for line in rows:
        if set(line) == {"-"}:
            continue
        label = fit(line, label_width)
        assert cells(label) == label_width, line  # no label is cut, none runs into the numbers
        numbers = line[len(label):]
        assert len(numbers) == columns * width, line  # digits and signs: one cell each
        for column in range(columns):
            cell = numbers[column * width:(column + 1) * width]
            assert cell[0] == " " and cell.strip().lstrip("-").isdigit(), line


def test_every_translated_label_fits_the_label_column() -> None:
    parts = {key: index * 7 - 20 for index, key in enumerate(BREAKDOWN_LABELS)}
    for code in ("ko", "pt_BR", "de"):
        with use_language(code):
            lines = breakdown_lines([parts, parts, parts, parts], ["P1", "P2", "P3", "P4"], width=12)
        _assert_columns_line_up(lines, 4, 12)


def test_english_score_table_is_padded_as_before() -> None:
    parts = {"buildings": 55, "card_points": 6, "penalties": -40, "total": 21}
    lines = breakdown_lines([parts, parts], ["Ada", "Player 2"], width=12)
    assert lines == [" " * 14 + "         Ada    Player 2",
                     "buildings" + " " * 5 + "          55" * 2,
                     "card points" + " " * 3 + "           6" * 2,
                     "penalties" + " " * 5 + "         -40" * 2,
                     "-" * 38,
                     "total" + " " * 9 + "          21" * 2]


def test_the_korean_stone_age_score_table_lines_up() -> None:
    game = load_game("stone_age", players=3, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    table_rows = len(state.score_breakdown()[0]) + 2  # the header and the rule above the total
    with use_language("ko"):
        lines = result_lines(state, [seat_name(seat) for seat in range(3)])
    assert "오두막 건축가" in "\n".join(lines)
    _assert_columns_line_up(lines[:table_rows], 3, 12)
