"""Component data of Stone Age: resources, locations, the 36 cards and the 28 buildings.

Pure tables, no logic. Everything is referenced by small integer ids so that states stay
plain lists of ints (the ids: docs/notation.md, "Locations", "Building kinds" and "Card numbers",
and docs/state-format.md for the tile ids).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from stoneage.core.i18n import N_

# --- resources -------------------------------------------------------------------------------

RESOURCES: Final = (N_("wood"), N_("clay"), N_("stone"), N_("gold"))
"""The resources, by id (notation names; marked for the catalogs, shown as ``_(name)``)."""
WOOD: Final = 0
CLAY: Final = 1
STONE: Final = 2
GOLD: Final = 3
RESOURCE_VALUE: Final = (3, 4, 5, 6)

# --- locations ---------------------------------------------------------------------------------

LOCATIONS: Final = (
    "hunt", "forest", "claypit", "quarry", "river", "toolmaker", "hut", "field",
    "card1", "card2", "card3", "card4", "building1", "building2", "building3", "building4",
)
HUNT: Final = 0
FOREST: Final = 1
CLAYPIT: Final = 2
QUARRY: Final = 3
RIVER: Final = 4
TOOLMAKER: Final = 5
HUT: Final = 6
FIELD: Final = 7
CARD_SLOT0: Final = 8  # card slot s (cost s + 1) is location CARD_SLOT0 + s
STACK0: Final = 12  # building stack s is location STACK0 + s
NUM_LOCATIONS: Final = 16
GATHER_LOCATIONS: Final = (HUNT, FOREST, CLAYPIT, QUARRY, RIVER)
# Divisor of the dice sum at each gathering location (hunt gives food, the others a resource).
DIVISOR: Final = (2, 3, 4, 5, 6)
AREA_CAPACITY: Final = 7
MAX_FIGURES: Final = 10
START_FIGURES: Final = 5
START_FOOD: Final = 12
MAX_AGRICULTURE: Final = 10
MAX_TOOL_VALUE: Final = 4
MAX_TOOL_TILES: Final = 3
DISPLAY_SIZE: Final = 4
STACK_SIZE: Final = 7

# --- civilization cards -------------------------------------------------------------------------

GREEN_SYMBOLS: Final = (N_("pottery"), N_("writing"), N_("sundial"), N_("transport"), N_("medicine"), N_("weaving"),
                 N_("art"), N_("music"))
"""The culture symbols of the green cards (shown as ``_(name)``)."""
SAND_KINDS: Final = ("farmer", "toolmaker", "hutbuilder", "shaman")
FARMER: Final = 0
TOOLMAKER_FIGURE: Final = 1
HUT_BUILDER: Final = 2
SHAMAN: Final = 3

# Top effects.
DICE_FOR_ALL: Final = "dice_for_all"
FOOD: Final = "food"  # value: amount of food
RESOURCE: Final = "resource"  # value: resource id (one of it)
RESOURCE_ROLL: Final = "resource_roll"  # value: resource id, roll 2 dice
POINTS: Final = "points"  # value: points
TOOL: Final = "tool"
AGRICULTURE: Final = "agriculture"
EXTRA_CARD: Final = "extra_card"
ONE_USE_TOOL: Final = "one_use_tool"  # value: tool value
TWO_RESOURCES: Final = "two_resources"


class Card(NamedTuple):
    """One civilization card: its top (immediate) effect and its bottom (final scoring)."""

    id: int
    effect: str
    value: int  # amount, resource id or tool value, by effect; 0 where unused
    green: int  # green symbol index, or -1 for a sand card
    sand: int  # sand kind index, or -1 for a green card
    figures: int  # number of sand figures shown (0 for green)


def _green(card_id: int, effect: str, value: int, symbol: str) -> Card:
    return Card(card_id, effect, value, GREEN_SYMBOLS.index(symbol), -1, 0)


def _sand(card_id: int, effect: str, value: int, figures: int, kind: str) -> Card:
    return Card(card_id, effect, value, -1, SAND_KINDS.index(kind), figures)


CARDS: Final[tuple[Card, ...]] = (
    _green(1, DICE_FOR_ALL, 0, "pottery"),
    _green(2, DICE_FOR_ALL, 0, "writing"),
    _green(3, DICE_FOR_ALL, 0, "sundial"),
    _green(4, DICE_FOR_ALL, 0, "transport"),
    _sand(5, DICE_FOR_ALL, 0, 1, "hutbuilder"),
    _sand(6, DICE_FOR_ALL, 0, 2, "hutbuilder"),
    _sand(7, DICE_FOR_ALL, 0, 2, "toolmaker"),
    _sand(8, DICE_FOR_ALL, 0, 2, "toolmaker"),
    _sand(9, DICE_FOR_ALL, 0, 1, "farmer"),
    _sand(10, DICE_FOR_ALL, 0, 2, "farmer"),
    _green(11, FOOD, 7, "pottery"),
    _sand(12, FOOD, 2, 2, "hutbuilder"),
    _sand(13, FOOD, 4, 1, "hutbuilder"),
    _green(14, FOOD, 5, "medicine"),
    _green(15, FOOD, 3, "weaving"),
    _green(16, FOOD, 1, "weaving"),
    _sand(17, FOOD, 3, 2, "farmer"),
    _sand(18, RESOURCE, STONE, 1, "farmer"),
    _green(19, RESOURCE, STONE, "transport"),  # 2 stone: see RESOURCE_AMOUNT
    _sand(20, RESOURCE, STONE, 1, "shaman"),
    _sand(21, RESOURCE, GOLD, 1, "shaman"),
    _sand(22, RESOURCE, CLAY, 2, "shaman"),
    _green(23, RESOURCE_ROLL, GOLD, "art"),
    _sand(24, RESOURCE_ROLL, WOOD, 2, "shaman"),
    _sand(25, RESOURCE_ROLL, STONE, 1, "shaman"),
    _sand(26, POINTS, 3, 3, "hutbuilder"),
    _green(27, POINTS, 3, "music"),
    _green(28, POINTS, 3, "music"),
    _green(29, TOOL, 0, "art"),
    _sand(30, AGRICULTURE, 0, 1, "farmer"),
    _green(31, AGRICULTURE, 0, "sundial"),
    _green(32, EXTRA_CARD, 0, "writing"),
    _sand(33, ONE_USE_TOOL, 4, 1, "toolmaker"),
    _sand(34, ONE_USE_TOOL, 3, 1, "toolmaker"),
    _sand(35, ONE_USE_TOOL, 2, 2, "toolmaker"),
    _green(36, TWO_RESOURCES, 0, "medicine"),
)
NUM_CARDS: Final = len(CARDS)
# Resource cards give one of their resource, except card 19 which gives 2 stone.
RESOURCE_AMOUNT: Final = {19: 2}
ALL_CARDS_MASK: Final = (1 << NUM_CARDS) - 1


def card(card_id: int) -> Card:
    """The card with this id (1–36)."""
    return CARDS[card_id - 1]


# --- buildings ------------------------------------------------------------------------------------


class BuildingKind(NamedTuple):
    """A kind of building tile. Fixed kinds have ``cost``; variable kinds have a count rule."""

    name: str  # notation name: "wwc" for 2 wood + 1 clay, "4-of-2", "1-to-7"
    cost: tuple[int, int, int, int] | None  # fixed cost in (wood, clay, stone, gold)
    min_count: int  # variable: how many resources (min..max)
    max_count: int
    kinds: int  # variable: exactly this many different kinds (0 = any)
    copies: int

    @property
    def fixed(self) -> bool:
        """Whether this kind has a fixed cost (and so fixed points)."""
        return self.cost is not None


def _fixed(letters: str, copies: int = 1) -> BuildingKind:
    cost = tuple(letters.count(c) for c in "wcsg")
    assert len(cost) == 4
    return BuildingKind(letters, (cost[0], cost[1], cost[2], cost[3]), 0, 0, 0, copies)


def _variable(count: int, kinds: int) -> BuildingKind:
    return BuildingKind(f"{count}-of-{kinds}", None, count, count, kinds, 1)


BUILDING_KINDS: Final[tuple[BuildingKind, ...]] = (
    _fixed("wwc"),
    _fixed("wws"),
    _fixed("wcc"),
    _fixed("wwg"),
    _fixed("wss"),
    _fixed("ccs"),
    _fixed("ccg"),
    _fixed("css"),
    _fixed("ssg"),
    _fixed("wcs", 2),
    _fixed("wcg", 2),
    _fixed("wsg", 2),
    _fixed("csg", 2),
    *(_variable(count, kinds) for count in (4, 5) for kinds in (1, 2, 3, 4)),
    BuildingKind("1-to-7", None, 1, 7, 0, 3),
)
NUM_BUILDING_KINDS: Final = len(BUILDING_KINDS)
# The 28 tiles, by id; each names its kind.
TILE_KIND: Final[tuple[int, ...]] = tuple(
    k for k, kind in enumerate(BUILDING_KINDS) for _ in range(kind.copies)
)
NUM_TILES: Final = len(TILE_KIND)
ALL_TILES_MASK: Final = (1 << NUM_TILES) - 1
