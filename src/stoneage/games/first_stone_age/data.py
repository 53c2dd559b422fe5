"""Component data of My First Stone Age: The Card Game (docs/first-stone-age.md, "Rules as implemented").

Pure tables, no logic. Goods cards are identified by their kind (the four cards of a good are
interchangeable); hut cards by their number 1..15.
"""

from __future__ import annotations

from stoneage.games.family.data import (
    ARROWHEAD as ARROWHEAD,
    BERRY as BERRY,
    CARD_COUNTS as CARD_COUNTS,
    CARD_NAMES as CARD_NAMES,
    FISH as FISH,
    GOODS as GOODS,
    GUFF as GUFF,
    HUTS_TO_WIN as HUTS_TO_WIN,
    JUG as JUG,
    NUM_GOODS_CARDS as NUM_GOODS_CARDS,
    NUM_KINDS as NUM_KINDS,
    THREE_GOODS_HUTS,
    TOOTH as TOOTH,
)

# --- goods cards (the family's: 4 of each good and Guff the dog) ------------------------------------

REMOVED_FEW_PLAYERS = (BERRY, FISH, JUG, ARROWHEAD, TOOTH)
"""With 2 or 3 players one card of each good goes back to the box (5 cards)."""

CIRCLE_SIZE = 9
"""Goods cards laid face down (meadow side up) in the circle."""
MOVE_MAX = 4
"""Martin moves 1..4 cards onward, clockwise."""

# --- hut cards ---------------------------------------------------------------------------------

HUTS: tuple[tuple[int, ...], ...] = (
    *THREE_GOODS_HUTS,  # huts 1..10
    (BERRY, FISH, JUG),  # hut 11
    (FISH, JUG, ARROWHEAD),  # hut 12
    (JUG, ARROWHEAD, TOOTH),  # hut 13
    (BERRY, ARROWHEAD, TOOTH),  # hut 14
    (BERRY, FISH, TOOTH),  # hut 15
)
"""The goods each hut card needs; hut number h is ``HUTS[h - 1]``.

RECONSTRUCTION: no public source lists the 15 hut cards. As the rules page decides, these are the
10 triples of different goods once each, plus the 5 "neighbouring" triples a second time, so that
every good is on exactly 9 huts.
"""
NUM_HUTS = len(HUTS)
HUT_MASKS = tuple(sum(1 << g for g in goods) for goods in HUTS)
"""Per hut (index h - 1), the bitmask of the goods it needs."""
