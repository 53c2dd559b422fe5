"""Component data of Stone Age Junior (docs/stone-age-junior.md, "Components").

Pure tables, no logic. Goods, the goods cards of the expansion and the hut race are the family's
(``games/family/data.py``), so index ``g`` means the same good in both children's games.
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
    NUM_GOODS as NUM_GOODS,
    NUM_GOODS_CARDS as NUM_GOODS_CARDS,
    NUM_KINDS as NUM_KINDS,
    THREE_GOODS_HUTS,
    TOOTH as TOOTH,
)

# --- the board ---------------------------------------------------------------------------------

RING = ("building_site", "dog", "tooth", "berry", "jug", "arrowhead", "fish", "trading_post")
"""The 8 spaces of the ring in the direction of the arrows; a figure moving on from the trading
post reaches the building site again."""
BUILDING_SITE, DOG_SPACE, TOOTH_SPACE, BERRY_SPACE, JUG_SPACE, ARROWHEAD_SPACE, FISH_SPACE, TRADING_POST = range(8)
RING_SIZE = len(RING)
START_SPACE = BUILDING_SITE
"""Every figure starts on the building site."""

SPACE_OF_GOOD = (BERRY_SPACE, FISH_SPACE, JUG_SPACE, ARROWHEAD_SPACE, TOOTH_SPACE)
"""Per good (``GOODS`` order), the ring space where it lies."""
GOOD_AT_SPACE = (-1, -1, TOOTH, BERRY, JUG, ARROWHEAD, FISH, -1)
"""Per ring space, the good taken there, or -1 (building site, dog, trading post)."""

# --- goods and dogs --------------------------------------------------------------------------------

GOODS_IN_BOX = 4
"""The box holds 4 of each good (20)."""


def goods_per_kind(num_players: int) -> int:
    """Goods of each kind in play: 3 with 2 players, 4 with 3 or 4 (the rest stay in the box)."""
    return 3 if num_players == 2 else 4


ON_TRADING_POST = 1
"""Of each kind in play, this many start on the trading post; the rest lie on the good's space."""
NUM_DOGS = 2
"""Dog tiles (Guff), open; each replaces any one good when building."""
MAX_DOGS_PER_HUT = 2
"""Decision of the rules page: two dogs may pay for one hut (dog tiles and, in the expansion, the
Guff card count together)."""

# --- huts ----------------------------------------------------------------------------------------

HUTS: tuple[tuple[int, ...], ...] = (
    *THREE_GOODS_HUTS,  # huts 1..10
    (BERRY, BERRY),  # hut 11
    (FISH, FISH),  # hut 12
    (JUG, JUG),  # hut 13
    (ARROWHEAD, ARROWHEAD),  # hut 14
    (TOOTH, TOOTH),  # hut 15
)
"""The goods each hut tile needs (hut number h is ``HUTS[h - 1]``).

RECONSTRUCTION: public sources say a hut shows three different goods or two identical goods but
none lists the 15 tiles. As the rules page decides: each of the 10 combinations of three
different goods once, and each of the 5 identical pairs once. Replaceable data: the engine reads
only this table (the build actions are generated from it).
"""
NUM_HUTS = len(HUTS)
NUM_STACKS = 3
STACK_SIZE = 5
"""The huts lie in 3 face-down stacks of 5; the top hut of each stack is face up."""

HUT_COSTS: tuple[tuple[int, ...], ...] = tuple(tuple(goods.count(g) for g in range(NUM_GOODS)) for goods in HUTS)
"""Per hut (index h - 1), how many of each good it needs."""

# --- forest tiles ----------------------------------------------------------------------------------

DIE_FACES = 6
"""Forest tiles 0..5 show a die face 1..6: the figure moves that many spaces onward."""
NUM_TILES = DIE_FACES + RING_SIZE
"""14 forest tiles: the die faces 1–6 once each and one symbol for each of the 8 ring spaces."""
TILE_NAMES = (*(str(face) for face in range(1, DIE_FACES + 1)), *RING)
"""Tile t < 6 is named by its die face ("1".."6"); tile 6 + s by the ring space it shows."""
NUM_POSITIONS = NUM_TILES
"""The forest tiles lie face down in 14 places around the board (positions 0..13)."""


def tile_target(tile: int, space: int) -> int:
    """The ring space a figure standing on ``space`` reaches with forest tile ``tile``."""
    if tile < DIE_FACES:
        return (space + tile + 1) % RING_SIZE
    return tile - DIE_FACES


# --- the expansion: the card game's goods cards and Martin ---------------------------------------

EXPANSION_CARDS = "cards"
"""The expansion name: My First Stone Age, the card game, played with the board game."""
MARTIN_START = TRADING_POST
CARDS_IN_PILE = NUM_GOODS_CARDS
"""All 21 goods cards of the card game form the pile (4 of each good and Guff)."""

# --- what can pay a hut ---------------------------------------------------------------------------

# A payment is a multiset of items: a goods tile of good g (item g), a goods card of good g (item
# NUM_GOODS + g), a dog tile (DOG_ITEM) or the Guff card (GUFF_ITEM).
CARD_ITEM = NUM_GOODS
DOG_ITEM = 2 * NUM_GOODS
GUFF_ITEM = DOG_ITEM + 1
ITEM_NAMES = (*GOODS, *(f"{g}_card" for g in GOODS), "dog", "guff")
"""``"berry"`` a goods tile, ``"berry_card"`` a goods card, ``"dog"`` a dog tile, ``"guff"`` the Guff card."""


def _payments(cost: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every multiset of items that pays exactly ``cost`` with at most MAX_DOGS_PER_HUT dogs."""
    need = [g for g in range(NUM_GOODS) for _ in range(cost[g])]
    found: set[tuple[int, ...]] = set()

    def fill(index: int, items: list[int], dogs: int, guff: int) -> None:
        if index == len(need):
            found.add(tuple(sorted(items)))
            return
        good = need[index]
        fill(index + 1, [*items, good], dogs, guff)
        fill(index + 1, [*items, CARD_ITEM + good], dogs, guff)
        if dogs + guff < MAX_DOGS_PER_HUT:
            if dogs < NUM_DOGS:
                fill(index + 1, [*items, DOG_ITEM], dogs + 1, guff)
            if not guff:
                fill(index + 1, [*items, GUFF_ITEM], dogs, guff + 1)

    fill(0, [], 0, 0)
    return sorted(found)


BUILDS: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (h + 1, items) for h in range(NUM_HUTS) for items in _payments(HUT_COSTS[h])
)
"""Every (hut number, payment) a player could ever build with, in a fixed order (the build actions)."""
