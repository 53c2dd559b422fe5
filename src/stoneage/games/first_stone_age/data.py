"""Component data of My First Stone Age: The Card Game (``shared/rules/my-first-stone-age.md``).

Pure tables, no logic. Goods cards are identified by their kind (the four cards of a good are
interchangeable); hut cards by their number 1..15.
"""

from __future__ import annotations

# --- goods cards -------------------------------------------------------------------------------

GOODS = ("berry", "fish", "jug", "arrowhead", "tooth")
"""The five goods a hut can need, in the order used everywhere (bit g of a goods mask)."""
BERRY, FISH, JUG, ARROWHEAD, TOOTH = range(5)
GUFF = 5
"""Guff the dog: the one goods card that counts as any one good of its holder's choice."""
CARD_NAMES = (*GOODS, "guff")
"""Names of the six kinds of goods card; ``CARD_NAMES[GUFF] == "guff"``."""
NUM_KINDS = 6
CARD_COUNTS = (4, 4, 4, 4, 4, 1)
"""How many goods cards of each kind the box holds (21 in all)."""
NUM_GOODS_CARDS = sum(CARD_COUNTS)
REMOVED_FEW_PLAYERS = (BERRY, FISH, JUG, ARROWHEAD, TOOTH)
"""With 2 or 3 players one card of each good goes back to the box (5 cards)."""

CIRCLE_SIZE = 9
"""Goods cards laid face down (meadow side up) in the circle."""
MOVE_MAX = 4
"""Martin moves 1..4 cards onward, clockwise."""
HUTS_TO_WIN = 3

# --- hut cards ---------------------------------------------------------------------------------

HUTS: tuple[tuple[int, int, int], ...] = (
    (BERRY, FISH, JUG),  # hut 1
    (BERRY, FISH, ARROWHEAD),  # hut 2
    (BERRY, FISH, TOOTH),  # hut 3
    (BERRY, JUG, ARROWHEAD),  # hut 4
    (BERRY, JUG, TOOTH),  # hut 5
    (BERRY, ARROWHEAD, TOOTH),  # hut 6
    (FISH, JUG, ARROWHEAD),  # hut 7
    (FISH, JUG, TOOTH),  # hut 8
    (FISH, ARROWHEAD, TOOTH),  # hut 9
    (JUG, ARROWHEAD, TOOTH),  # hut 10
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
ALL_HUTS_MASK = (1 << NUM_HUTS) - 1
HUT_MASKS = tuple(sum(1 << g for g in goods) for goods in HUTS)
"""Per hut (index h - 1), the bitmask of the goods it needs."""
