"""A heuristic value of a Stone Age position as one player may know it.

Values are in points: the score as it stands, what the cards would score now, and what
resources, food, agriculture, tools, figures and figures already placed are worth over the
rounds that are probably left. It reads the state's public fields directly for speed (search
calls it hundreds of thousands of times) and never looks at another player's face-down card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from stoneage.games.stone_age import state as S
from stoneage.games.stone_age.data import (
    AGRICULTURE,
    BUILDING_KINDS,
    CARDS,
    DICE_FOR_ALL,
    DIVISOR,
    EXTRA_CARD,
    FOOD,
    GREEN_SYMBOLS,
    NUM_LOCATIONS,
    ONE_USE_TOOL,
    POINTS,
    RESOURCE,
    RESOURCE_AMOUNT,
    RESOURCE_ROLL,
    RESOURCE_VALUE,
    TILE_KIND,
    TOOL,
    TWO_RESOURCES,
)
from stoneage.games.stone_age.layout import (
    AGRICULTURE as P_AGRICULTURE,
    BUILDINGS,
    CARDS as P_CARDS,
    FIGURES,
    FOOD as P_FOOD,
    MAMMOTH_TILES,
    ON_TILE,
    ONE_USE,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    TWO_RESOURCES as P_TWO_RESOURCES,
    USED,
    WOOD,
)
from stoneage.games.stone_age.scoring import green_score
from stoneage.games.stone_age.state import StoneAgeState

FIGURE_PER_ROUND = 2.0  # what one more figure produces in a round, in points
AGRICULTURE_PER_ROUND = 1.1
TOOL_PER_ROUND = 0.45
FOOD_NEEDED = 1.0  # a food the tribe will need in the next rounds
FOOD_SPARE = 0.15
ONE_USE_FACTOR = 0.7
SECRET_CARD = 4.0  # an unknown face-down card's bottom
SCALE = 12.0  # points of lead that make a win about 73 % likely
RESOURCE_IN_HAND = 0.45  # share of its building value that a resource in hand is worth
MAX_HORIZON = 10.0  # rounds ahead that growth (figures, agriculture, tools) is counted for
FOOD_HORIZON = 3.0  # rounds of food worth stocking
MAMMOTH_BONUS = 4.0  # a contender's share of a bonus tile's worth

_GREEN_MASKS = tuple(
    sum(1 << (c.id - 1) for c in CARDS if c.green == g) for g in range(len(GREEN_SYMBOLS))
)
# _SAND_MASKS[kind][figures - 1]: the sand cards of that kind showing that many figures
_SAND_MASKS = tuple(
    tuple(sum(1 << (c.id - 1) for c in CARDS if c.sand == k and c.figures == f) for f in (1, 2, 3))
    for k in range(4)
)


def rounds_left(state: StoneAgeState) -> float:
    """Rounds likely still to be played after this one (deck and building stacks run out)."""
    np = state.num_players
    by_cards = state.deck.bit_count() / (0.6 * np + 0.8)
    by_buildings = min(state.stack_left[:np]) * 1.6
    return max(0.0, min(by_cards, by_buildings, MAX_HORIZON))


def resource_values(left: float) -> tuple[float, ...]:
    """A resource in hand: building material while rounds remain, 1 point at the end."""
    share = min(1.0, left / 2.0)
    return tuple(1.0 + (v * RESOURCE_IN_HAND - 1.0) * share for v in RESOURCE_VALUE)


def _tool_value(pl: list[int], base: int) -> int:
    return (pl[base + READY] + pl[base + USED] + 2 * (pl[base + READY + 1] + pl[base + USED + 1])
            + 3 * (pl[base + READY + 2] + pl[base + USED + 2]) + 4 * (pl[base + READY + 3] + pl[base + USED + 3]))


def _multipliers(pl: list[int], base: int) -> tuple[float, float, float, float]:
    return (pl[base + P_AGRICULTURE], _tool_value(pl, base), pl[base + BUILDINGS].bit_count() + 0.5,
            pl[base + FIGURES])


def _green_counts(cards: int) -> list[int]:
    return [(cards & mask).bit_count() for mask in _GREEN_MASKS]


def card_bottoms(cards: int, multipliers: Sequence[float]) -> float:
    """What these cards would score now: green sets and sand figures times their multipliers."""
    total = float(green_score(_green_counts(cards)))
    for kind, masks in enumerate(_SAND_MASKS):
        figures = (cards & masks[0]).bit_count() + 2 * (cards & masks[1]).bit_count() + 3 * (
            cards & masks[2]).bit_count()
        total += figures * multipliers[kind]
    return total


def card_worth(card_id: int, cards: int, multipliers: Sequence[float], left: float,
               values: Sequence[float]) -> float:
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


def _cheapest(held: Sequence[int], count: int) -> list[int] | None:
    """The ``count`` least valuable resources in ``held`` (counts by kind), or None if too few."""
    out: list[int] = []
    for r in range(4):
        take = min(held[r], count - len(out))
        out.extend([r] * take)
        if len(out) == count:
            return out
    return None


def _building_worth(tile: int, held: Sequence[int], values: Sequence[float]) -> float:
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
    return sum(RESOURCE_VALUE[r] - values[r] for r in paid) + 1.0


def player_value(state: StoneAgeState, seat: int, observer: int, left: float,
                 values: Sequence[float]) -> float:
    """Heuristic worth of one seat in points, as ``observer`` may know it."""
    pl = state.players
    np = state.num_players
    base = seat * STRIDE
    multipliers = _multipliers(pl, base)
    cards = pl[base + P_CARDS]
    secret = pl[base + SECRET_CARDS]
    value = float(pl[base + SCORE])
    if seat == observer:
        value += card_bottoms(cards | secret, multipliers)
    else:
        value += card_bottoms(cards, multipliers) + SECRET_CARD * secret.bit_count()
    held = pl[base + WOOD: base + WOOD + 4]
    figures = pl[base + FIGURES]
    agriculture = pl[base + P_AGRICULTURE]
    tools = _tool_value(pl, base)
    food = float(pl[base + P_FOOD])
    board = state.board
    ready = pl[base + READY] + 2 * pl[base + READY + 1] + 3 * pl[base + READY + 2] + 4 * pl[base + READY + 3]
    for loc in range(NUM_LOCATIONS):  # figures still out on the board
        n = board[NUM_LOCATIONS + loc * np + seat]
        if not n:
            continue
        if loc == 0:
            food += (3.5 * n + ready * 0.6) / 2
        elif loc <= 4:
            value += (3.5 * n + ready * 0.4) / DIVISOR[loc] * values[loc - 1]
        elif loc == 5:
            value += TOOL_PER_ROUND * left if tools < 12 else 0.0
        elif loc == 6:
            value += FIGURE_PER_ROUND * left if figures < 10 else 0.0
        elif loc == 7:
            value += AGRICULTURE_PER_ROUND * left if agriculture < 10 else 0.0
        elif loc < 12:
            card_id = state.display[loc - 8]
            paid = _cheapest(held, loc - 7)
            if card_id and paid is not None:
                cost = sum(values[r] for r in paid)
                value += max(0.0, card_worth(card_id, cards, multipliers, left, values) - cost)
        elif state.tops[loc - 12] >= 0:
            value += _building_worth(state.tops[loc - 12], held, values)
    if state.cur == seat and state.phase == S.ACTIONS and state.stage in (S.ROLL, S.TOOLS):
        total = state.rolled if state.stage == S.TOOLS else 3.5 * state.dice_count
        amount = total / DIVISOR[state.gather]
        if state.gather:
            value += amount * values[state.gather - 1]
        else:
            food += amount
    value += sum(n * v for n, v in zip(held, values, strict=True))
    one_use = pl[base + ONE_USE]
    value += (2 * (one_use & 1) + 3 * (one_use >> 1 & 1) + 4 * (one_use >> 2 & 1)) * ONE_USE_FACTOR * min(1.0, left)
    value += pl[base + P_TWO_RESOURCES] * 2 * values[3]
    if state.phase in (S.PLACEMENT, S.ACTIONS):  # this round's feeding is still to come
        short = figures - food - agriculture
        if short > 0:
            value -= short * 2.2 if sum(held) + 2 * pl[base + P_TWO_RESOURCES] >= short else 10.0
            food = 0.0
        else:
            food -= figures - agriculture
    need = max(0.0, (figures - agriculture) * min(left, FOOD_HORIZON))
    value += min(food, need) * FOOD_NEEDED + max(0.0, food - need) * FOOD_SPARE
    value += min(agriculture, figures) * AGRICULTURE_PER_ROUND * left
    value += figures * FIGURE_PER_ROUND * left - max(0.0, (figures - agriculture) * left - food) * 0.8
    value += tools * TOOL_PER_ROUND * min(left, MAX_HORIZON)
    if state.game.mammoth:
        value += _mammoth_value(state, seat)
    return value


def _mammoth_value(state: StoneAgeState, seat: int) -> float:
    """The herd: figures that may still move onto the tile, figures on it, and the tile majority."""
    pl = state.players
    np = state.num_players
    on_tile = pl[seat * STRIDE + ON_TILE]
    value = (MAMMOTH_BONUS + on_tile) if on_tile else 0.0
    if state.herd >= 0 and state.phase == S.PLACEMENT:
        value += 1.0 if state.board[NUM_LOCATIONS + state.herd * np + seat] else 0.0
    won = [pl[p * STRIDE + MAMMOTH_TILES] for p in range(np)]
    best = max(won)
    if best and won[seat] == best:
        value += 10.0 / won.count(best)
    return value


def values(state: StoneAgeState, observer: int) -> list[float]:
    """Heuristic worth of every seat in points, as ``observer`` may know it."""
    left = rounds_left(state)
    worth = resource_values(left)
    return [player_value(state, seat, observer, left, worth) for seat in range(state.num_players)]


def win_chances(points: Sequence[float]) -> list[float]:
    """Turn worths into values in [0, 1]: each seat's lead over its best rival, squashed."""
    out = []
    for seat, mine in enumerate(points):
        rival = max(v for other, v in enumerate(points) if other != seat)
        out.append(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -(mine - rival) / SCALE)))))
    return out
