"""The features the ``expert`` bot learns its position values from: numbers per seat.

Each feature is one part of the hand-set worth (``evaluation.player_value``) kept apart, so the
learning can weigh the parts by what wins instead of by hand: the score, what the cards would
score now, resources, food, growth (figures, agriculture, tools times the rounds probably left),
figures out on the board (the tool maker, hut and field apart: what they bring is weighed as
well as what it is worth), the feeding shortfall and the Mammoth Herd. They are read through the
game's read-only view, as the observer may know them: another seat's face-down card counts as an
average card, never as the card it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from stoneage.bots.stone_age.evaluation import (
    FOOD_HORIZON,
    MAX_HORIZON,
    ONE_USE_FACTOR,
    SECRET_CARD,
    _mammoth_value,
    _multipliers,
    board_worth,
    card_bottoms,
    gather_worth,
    hand_worth,
    resource_values,
    rounds_left,
    village_rounds,
)
from stoneage.games.stone_age.data import FIELD, HUT, RESOURCE_VALUE, TOOLMAKER
from stoneage.games.stone_age.view import Holdings, Table, holdings, placed, table

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

FEATURES: Final[tuple[str, ...]] = (
    "score",
    "cards",
    "resources",
    "board",
    "tool_maker",
    "hut",
    "field",
    "unplaced",
    "food_needed",
    "food_spare",
    "shortfall",
    "agriculture_growth",
    "figure_growth",
    "hunger_growth",
    "tool_growth",
    "one_use",
    "mammoth",
)
"""Feature names, in vector order (docs/bots.md, "The expert", says what each one is)."""


def seat_features(situation: Table, seats: Sequence[Holdings], seat: int, on_board: tuple[int, ...],
                  left: float, values: tuple[float, ...]) -> list[float]:
    """The feature vector of one seat (``FEATURES`` order), mostly in points.

    Sums are loops, as in ``evaluation.player_value``: compiled, ``sum`` over a generator is a chain
    of Python calls, and this runs several times per search iteration."""
    mine = seats[seat]
    multipliers = _multipliers(mine)
    cards = mine.cards
    cards_now = card_bottoms(cards | mine.secret_cards, multipliers) + SECRET_CARD * (
        mine.face_down - mine.secret_cards.bit_count())
    held = mine.resources
    figures, agriculture, tools = mine.figures, mine.agriculture, mine.tools
    food = float(mine.food)
    board, food = board_worth(0.0, food, situation, mine, multipliers, on_board, left, values, False)
    board, food = gather_worth(board, food, situation, seat, values)
    shortfall = 0.0
    if situation.phase in ("placement", "actions"):  # this round's feeding is still to come
        short = figures - food - agriculture
        if short > 0:
            shortfall = short if sum(held) + 2 * mine.two_resources >= short else short + 4.0
            food = 0.0
        else:
            food -= figures - agriculture
    need = max(0.0, (figures - agriculture) * min(left, FOOD_HORIZON))
    one_use = 0
    for tool in mine.one_use_tools:
        one_use += tool
    return [
        float(mine.score),
        cards_now,
        hand_worth(held, values),
        board,
        village_rounds(mine, TOOLMAKER, left) if on_board[TOOLMAKER] else 0.0,
        village_rounds(mine, HUT, left) if on_board[HUT] else 0.0,
        village_rounds(mine, FIELD, left) if on_board[FIELD] else 0.0,
        float(mine.unplaced) if situation.phase == "placement" else 0.0,
        min(food, need),
        max(0.0, food - need),
        shortfall,
        min(agriculture, figures) * left,
        figures * left,
        max(0.0, (figures - agriculture) * left - food),
        tools * min(left, MAX_HORIZON),
        one_use * ONE_USE_FACTOR * min(1.0, left) + mine.two_resources * 2 * RESOURCE_VALUE[3],
        _mammoth_value(situation, seats, seat, on_board) if situation.mammoth else 0.0,
    ]


def features(state: StoneAgeState, observer: int) -> list[list[float]]:
    """Every seat's feature vector, as ``observer`` may know the position."""
    situation = table(state)
    seats = [holdings(state, seat, observer) for seat in range(situation.players)]
    left = rounds_left(situation)
    worth = resource_values(left)
    return [seat_features(situation, seats, seat, placed(state, seat), left, worth)
            for seat in range(situation.players)]
