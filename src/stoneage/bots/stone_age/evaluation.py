"""A heuristic value of a Stone Age position as one player may know it.

Values are in points: the score as it stands, what the cards would score now, and what
resources, food, agriculture, tools, figures, figures already placed and figures still to place
this round are worth over the rounds that are probably left. It reads the position through the game's read-only view
(``stoneage.games.stone_age.view``), never the engine's list layout, and never looks at another
player's face-down card (the view does not show it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age.data import (
    AGRICULTURE,
    BUILDING_KINDS,
    CARDS,
    DICE_FOR_ALL,
    DIVISOR,
    EXTRA_CARD,
    FOOD,
    GREEN_SYMBOLS,
    HUT,
    MAX_AGRICULTURE,
    MAX_FIGURES,
    MAX_TOOL_TILES,
    MAX_TOOL_VALUE,
    NUM_LOCATIONS,
    ONE_USE_TOOL,
    POINTS,
    RESOURCE,
    RESOURCE_AMOUNT,
    RESOURCE_ROLL,
    RESOURCE_VALUE,
    TILE_KIND,
    TOOL,
    TOOLMAKER,
    TWO_RESOURCES,
)
from stoneage.games.stone_age.scoring import green_score
from stoneage.games.stone_age.view import Holdings, Table, holdings, placed, table

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

FIGURE_PER_ROUND: Final = 2.0  # what one more figure produces in a round, in points
FIGURE_YIELD: Final = 1.2  # what a figure not yet placed this round will still bring (it must go somewhere)
AGRICULTURE_PER_ROUND: Final = 1.1
TOOL_PER_ROUND: Final = 0.45
FOOD_NEEDED: Final = 1.0  # a food the tribe will need in the next rounds
FOOD_SPARE: Final = 0.15
FOOD_SHORT: Final = 0.3  # a food the tribe lacks for all the rounds left (beyond the stock counted above)
ONE_USE_FACTOR: Final = 0.7
SECRET_CARD: Final = 4.0  # an unknown face-down card's bottom
RESOURCE_IN_HAND: Final = 0.45  # share of its building value that a resource in hand is worth
MAX_HORIZON: Final = 10.0  # rounds ahead that growth (figures, agriculture, tools) is counted for
FOOD_HORIZON: Final = 2.0  # rounds of food worth stocking
MAMMOTH_BONUS: Final = 4.0  # a contender's share of a bonus tile's worth
VILLAGE_PER_ROUND: Final = (TOOL_PER_ROUND, FIGURE_PER_ROUND, AGRICULTURE_PER_ROUND)
"""What a figure on the tool maker, hut and field brings per round left (the gain's worth a round)."""
MAX_TOOLS: Final = MAX_TOOL_TILES * MAX_TOOL_VALUE

_GREEN_MASKS: Final = tuple(
    sum(1 << (c.id - 1) for c in CARDS if c.green == g) for g in range(len(GREEN_SYMBOLS))
)
# _SAND_MASKS[kind][figures - 1]: the sand cards of that kind showing that many figures
_SAND_MASKS: Final = tuple(
    tuple(sum(1 << (c.id - 1) for c in CARDS if c.sand == k and c.figures == f) for f in (1, 2, 3))
    for k in range(4)
)


def rounds_left(situation: Table) -> float:
    """Rounds likely still to be played after this one (deck and building stacks run out)."""
    fewest = situation.stacks[0]  # min() and max() as comparisons: compiled, those are Python calls
    for tiles in situation.stacks:
        if tiles < fewest:
            fewest = tiles
    left = situation.deck / (0.6 * situation.players + 0.8)
    by_buildings = fewest * 1.6
    if by_buildings < left:
        left = by_buildings
    if left > MAX_HORIZON:
        left = MAX_HORIZON
    return left if left > 0.0 else 0.0


def resource_values(left: float) -> tuple[float, ...]:
    """A resource in hand: building material while rounds remain, 1 point at the end."""
    share = min(1.0, left / 2.0)
    return tuple(1.0 + (v * RESOURCE_IN_HAND - 1.0) * share for v in RESOURCE_VALUE)


def _multipliers(held: Holdings) -> tuple[float, float, float, float]:
    """What one figure of a sand card is worth per kind: farmer, toolmaker, hut builder, shaman."""
    return (held.agriculture, held.tools, held.buildings + 0.5, held.figures)


def _green_counts(cards: int) -> list[int]:
    return [(cards & mask).bit_count() for mask in _GREEN_MASKS]


_PARTS: Final[dict[int, tuple[int, tuple[int, ...]]]] = {}
"""``_card_parts`` remembered by card mask: a search values the same few hands again and again."""
_MAX_PARTS: Final = 100_000


def _card_parts(cards: int) -> tuple[int, tuple[int, ...]]:
    """The green sets' score of these cards and their sand figures per kind (remembered)."""
    parts = _PARTS.get(cards)
    if parts is None:
        figures = tuple((cards & masks[0]).bit_count() + 2 * (cards & masks[1]).bit_count()
                        + 3 * (cards & masks[2]).bit_count() for masks in _SAND_MASKS)
        parts = (green_score(_green_counts(cards)), figures)
        if len(_PARTS) >= _MAX_PARTS:
            _PARTS.clear()
        _PARTS[cards] = parts
    return parts


def card_bottoms(cards: int, multipliers: tuple[float, ...]) -> float:
    """What these cards would score now: green sets and sand figures times their multipliers."""
    green, figures = _card_parts(cards)
    total = float(green)
    for kind in range(len(figures)):
        total += figures[kind] * multipliers[kind]
    return total


def card_worth(card_id: int, cards: int, multipliers: tuple[float, ...], left: float,
               values: tuple[float, ...]) -> float:
    """What buying a card adds: its top now and its bottom at the end."""
    card = CARDS[card_id - 1]
    if card.green >= 0:
        counts = _green_counts(cards)
        before = green_score(counts)
        counts[card.green] += 1
        bottom = float(green_score(counts) - before)
    else:
        bottom = card.figures * (multipliers[card.sand] + min(left, 4.0) * 0.5)
    effect = card.effect
    if effect == FOOD:
        top = card.value * FOOD_NEEDED * 0.7
    elif effect == RESOURCE:
        top = RESOURCE_AMOUNT.get(card_id, 1) * values[card.value]
    elif effect == RESOURCE_ROLL:
        top = 7.0 / DIVISOR[card.value + 1] * values[card.value]
    elif effect == POINTS:
        top = float(card.value)
    elif effect == TOOL:
        top = TOOL_PER_ROUND * left
    elif effect == AGRICULTURE:
        top = AGRICULTURE_PER_ROUND * left
    elif effect == EXTRA_CARD:
        top = SECRET_CARD
    elif effect == ONE_USE_TOOL:
        top = card.value * ONE_USE_FACTOR
    elif effect == TWO_RESOURCES:
        top = 2 * values[3]
    elif effect == DICE_FOR_ALL:
        top = 2.5
    else:  # pragma: no cover - every effect is listed above
        top = 0.0
    return top + bottom


def _cheapest(held: tuple[int, int, int, int], count: int) -> list[int] | None:
    """The ``count`` least valuable resources in ``held`` (counts by kind), or None if too few."""
    out: list[int] = []
    for r in range(4):
        take = min(held[r], count - len(out))
        out.extend([r] * take)
        if len(out) == count:
            return out
    return None


def _building_worth(tile: int, held: tuple[int, int, int, int], values: tuple[float, ...]) -> float:
    """Points a building brings, less what its resources are worth in hand (0 if unaffordable)."""
    kind = BUILDING_KINDS[TILE_KIND[tile]]
    if kind.cost is not None:
        if any(h < c for h, c in zip(held, kind.cost, strict=True)):
            return 0.0
        paid = [r for r in range(4) for _ in range(kind.cost[r])]
    else:
        richest = [r for r in (3, 2, 1, 0) for _ in range(held[r])]
        if len(richest) < kind.min_count:
            return 0.0
        paid = richest[: kind.max_count if kind.kinds == 0 else kind.min_count]
    worth = 0.0
    for r in paid:
        worth += RESOURCE_VALUE[r] - values[r]
    return worth + 1.0


def village_rounds(mine: Holdings, loc: int, left: float) -> float:
    """The rounds a figure on the tool maker, hut or field (``loc``) will bring its tool, figure or
    agriculture for: ``left``, or 0 when the seat has as many as there can be."""
    if loc == TOOLMAKER:
        full = mine.tools >= MAX_TOOLS
    elif loc == HUT:
        full = mine.figures >= MAX_FIGURES
    else:
        full = mine.agriculture >= MAX_AGRICULTURE
    return 0.0 if full else left


def board_worth(value: float, food: float, situation: Table, mine: Holdings,
                multipliers: tuple[float, ...], on_board: tuple[int, ...], left: float,
                values: tuple[float, ...], village: bool = True) -> tuple[float, float]:
    """``value`` and ``food`` plus what the seat's figures out on the board (``on_board``, by
    location) will bring: food from the hunt, points from everything else (without the tool maker,
    hut and field unless ``village``). The sequences are tuples, which compiled code reads without
    the generic sequence protocol."""
    held = mine.resources
    cards = mine.cards
    ready = mine.ready_tools
    display = situation.display
    tops = situation.tops
    for loc in range(NUM_LOCATIONS):
        n = on_board[loc]
        if not n:
            continue
        if loc == 0:
            food += (3.5 * n + ready * 0.6) / 2
        elif loc <= 4:
            value += (3.5 * n + ready * 0.4) / DIVISOR[loc] * values[loc - 1]
        elif loc <= 7:
            if village:
                value += village_rounds(mine, loc, left) * VILLAGE_PER_ROUND[loc - TOOLMAKER]
        elif loc < 12:
            card_id = display[loc - 8]
            paid = _cheapest(held, loc - 7)
            if card_id and paid is not None:
                cost = 0.0
                for r in paid:
                    cost += values[r]
                value += max(0.0, card_worth(card_id, cards, multipliers, left, values) - cost)
        elif loc - 12 < len(tops) and tops[loc - 12] >= 0:
            value += _building_worth(tops[loc - 12], held, values)
    return value, food


def hand_worth(held: tuple[int, int, int, int], values: tuple[float, ...]) -> float:
    """The resources in hand at their values (a loop, not ``sum`` over ``zip``: compiled, those are
    Python calls)."""
    worth = 0.0
    for kind in range(4):
        worth += held[kind] * values[kind]
    return worth


def gather_worth(value: float, food: float, situation: Table, seat: int,
                 values: tuple[float, ...]) -> tuple[float, float]:
    """``value`` and ``food`` plus what the seat's roll being resolved now will gather."""
    if situation.seat == seat and situation.phase == "actions" and situation.stage in ("roll", "tools"):
        total = situation.rolled if situation.stage == "tools" else 3.5 * situation.dice
        gather = situation.gather
        amount = total / DIVISOR[gather]
        if gather:
            value += amount * values[gather - 1]
        else:
            food += amount
    return value, food


def player_value(situation: Table, seats: Sequence[Holdings], seat: int, on_board: tuple[int, ...],
                 left: float, values: tuple[float, ...]) -> float:
    """Heuristic worth of one seat in points, from its holdings as the observer may know them
    (``seats``) and its figures on the board (``on_board``, by location)."""
    mine = seats[seat]
    multipliers = _multipliers(mine)
    cards = mine.cards
    secret = mine.secret_cards
    value = float(mine.score)
    # A face-down card the observer cannot see counts as an average card.
    value += card_bottoms(cards | secret, multipliers) + SECRET_CARD * (mine.face_down - secret.bit_count())
    held = mine.resources
    figures = mine.figures
    agriculture = mine.agriculture
    tools = mine.tools
    food = float(mine.food)
    value, food = board_worth(value, food, situation, mine, multipliers, on_board, left, values)
    phase = situation.phase
    if phase == "placement":
        value += mine.unplaced * FIGURE_YIELD
    value, food = gather_worth(value, food, situation, seat, values)
    value += hand_worth(held, values)
    value += sum(mine.one_use_tools) * ONE_USE_FACTOR * min(1.0, left)
    value += mine.two_resources * 2 * values[3]
    if phase in ("placement", "actions"):  # this round's feeding is still to come
        short = figures - food - agriculture
        if short > 0:
            value -= short * 2.2 if sum(held) + 2 * mine.two_resources >= short else 10.0
            food = 0.0
        else:
            food -= figures - agriculture
    need = max(0.0, (figures - agriculture) * min(left, FOOD_HORIZON))
    value += min(food, need) * FOOD_NEEDED + max(0.0, food - need) * FOOD_SPARE
    value += min(agriculture, figures) * AGRICULTURE_PER_ROUND * left
    value += figures * FIGURE_PER_ROUND * left - max(0.0, (figures - agriculture) * left - food) * FOOD_SHORT
    value += tools * TOOL_PER_ROUND * min(left, MAX_HORIZON)
    if situation.mammoth:
        value += _mammoth_value(situation, seats, seat, on_board)
    return value


def _mammoth_value(situation: Table, seats: Sequence[Holdings], seat: int, on_board: Sequence[int]) -> float:
    """The herd: figures that may still move onto the tile, figures on it, and the tile majority."""
    on_tile = seats[seat].on_tile
    value = (MAMMOTH_BONUS + on_tile) if on_tile else 0.0
    if situation.herd >= 0 and situation.phase == "placement":
        value += 1.0 if on_board[situation.herd] else 0.0
    won = [held.mammoth_tiles for held in seats]
    best = max(won)
    if best and won[seat] == best:
        value += 10.0 / won.count(best)
    return value


def values(state: StoneAgeState, observer: int) -> list[float]:
    """Heuristic worth of every seat in points, as ``observer`` may know it."""
    situation = table(state)
    seats = [holdings(state, seat, observer) for seat in range(situation.players)]
    left = rounds_left(situation)
    worth = resource_values(left)
    return [player_value(situation, seats, seat, placed(state, seat), left, worth) for seat in range(situation.players)]
