"""The Stone Age board's table of the civilization cards (``static/boards/stone_age_model.js`` ``CARDS``)
says what the rules' table says (``games/stone_age/data.py``): the board draws cards by number from
it, so a card changed in one place only would be drawn wrongly."""

from __future__ import annotations

import json
import re
from pathlib import Path

from stoneage.games.stone_age.data import CARDS, GREEN_SYMBOLS, RESOURCES, SAND_KINDS

BOARD = Path(__file__).resolve().parents[2] / "src" / "stoneage" / "web" / "static" / "boards" / "stone_age_model.js"
ICONS = {"dice_for_all": "dice", "food": "food", "points": "star", "tool": "tool", "agriculture": "wheat",
         "extra_card": "cardback", "one_use_tool": "tool", "two_resources": "two"}
"""The icon of each top effect but the resources (whose icon is the resource's)."""


def board_cards() -> list[list[object]]:
    text = BOARD.read_text(encoding="utf-8")
    found = re.search(r"export const CARDS = \[null,(.*?)\];", text, re.S)
    assert found, "no CARDS table in stone_age_model.js"
    return list(json.loads("[" + found.group(1).strip().rstrip(",") + "]"))


def test_the_board_draws_every_card_as_the_rules_define_it() -> None:
    drawn = board_cards()
    assert len(drawn) == len(CARDS) == 36
    for card, (icon, green, *sand) in zip(CARDS, drawn, strict=True):
        if card.effect == "resource":
            assert icon == RESOURCES[card.value], card
        elif card.effect == "resource_roll":
            assert icon == f"roll-{RESOURCES[card.value]}", card
        else:
            assert icon == ICONS[card.effect], card
        assert green == (GREEN_SYMBOLS[card.green] if card.green >= 0 else None), card
        assert sand == ([SAND_KINDS[card.sand], card.figures] if card.sand >= 0 else []), card
