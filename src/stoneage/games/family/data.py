"""Tables the children's games share: the five goods, the 21 goods cards and the hut race.

Pure tables, no logic. Index ``g`` (and bit ``g`` of a goods mask) means the same good in both
games, so the card game's goods cards join the board game unchanged.
"""

from __future__ import annotations

from itertools import combinations

from stoneage.core.i18n import N_

GOODS = ("berry", "fish", "jug", "arrowhead", "tooth")
"""The five goods a hut can need, in the order used everywhere (identifiers: notation and JSON)."""
GOOD_TITLES = (N_("berry"), N_("fish"), N_("jug"), N_("arrowhead"), N_("tooth"))
"""The goods' names as a person reads them (``_(GOOD_TITLES[g])`` where shown)."""
BERRY, FISH, JUG, ARROWHEAD, TOOTH = range(5)
NUM_GOODS = len(GOODS)

GUFF = 5
"""Guff the dog: the one goods card that stands for any one good."""
CARD_NAMES = (*GOODS, "guff")
"""Names of the six kinds of goods card; ``CARD_NAMES[GUFF] == "guff"``."""
# TRANSLATORS: the name of the Guff card, the dog that stands for any good (lower case as a card's name).
CARD_TITLES = (*GOOD_TITLES, N_("guff"))
"""The goods cards' kinds as a person reads them (``_(CARD_TITLES[k])`` where shown)."""
NUM_KINDS = len(CARD_NAMES)
CARD_COUNTS = (4, 4, 4, 4, 4, 1)
"""How many goods cards of each kind the card game's box holds (21 in all)."""
NUM_GOODS_CARDS = sum(CARD_COUNTS)

HUTS_TO_WIN = 3
"""The first player to build this many huts wins at once."""

THREE_GOODS_HUTS: tuple[tuple[int, ...], ...] = tuple(combinations(range(NUM_GOODS), 3))
"""The 10 huts of three different goods, in the order both games number them (huts 1..10).

RECONSTRUCTION (both rules pages): no public source lists the huts; each game's first ten huts are
these ten triples once each, and its last five are the game's own (see its ``data.HUTS``).
"""
