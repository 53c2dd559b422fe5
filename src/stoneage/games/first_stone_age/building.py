"""Building a hut and dealing the hut cards (docs/first-stone-age.md, "A turn" 3–4 and "Setup" 2).

At the end of the turn a player holding the hut's three goods (or two and Guff) builds it at once:
the hut card is kept, its goods cards go good side up under the draw pile in the hut's order (Guff
in the place of the good he stands for), and the player takes a new hut from the hut pile
(chance), unless that was the third hut: then the game is won at once. During the setup the hut
cards go round from seat 0, then the draw pile's top card is turned up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import GUFF, HUT_MASKS, HUTS, NUM_HUTS
from stoneage.games.first_stone_age.draw_pile import next_top
from stoneage.games.first_stone_age.stages import (
    BUILD_STEP,
    DEAL_HUT,
    EMPTY,
    EV_BUILD,
    EV_HUT,
    EV_UNDER,
    PLAY,
    START,
)
from stoneage.games.first_stone_age.tallies import set_wants

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import FirstStoneAgeState

_HUTS_LOW: Final = 8
"""Huts 1..8 are the low bits of ``hut_pile``, huts 9..15 the high bits (see ``hut_actions``)."""
_HUT_ACTIONS_BY_HALF: Final = tuple(
    [[A.HUT + first + h for h in range(size) if bits >> h & 1] for bits in range(1 << size)]
    for first, size in ((0, _HUTS_LOW), (_HUTS_LOW, NUM_HUTS - _HUTS_LOW))
)
"""Per half of the hut pile's bits (low, high), per value of those bits: the actions dealing those huts."""


def hut_actions(hut_pile: int) -> list[int]:
    """The actions dealing each hut of ``hut_pile`` (bit h - 1: hut h), in order.

    Two table lookups, one per half of the bits, instead of a test of each of the 15 bits: the
    hut pile is dealt from a dozen times a game.
    """
    low, high = _HUT_ACTIONS_BY_HALF
    return low[hut_pile & ((1 << _HUTS_LOW) - 1)] + high[hut_pile >> _HUTS_LOW]


def deal_hut(state: FirstStoneAgeState, number: int) -> None:
    """Seat ``cur`` takes hut card ``number``; in play the turn ends, in the setup the next seat is dealt."""
    state.hut_pile &= ~(1 << (number - 1))
    if state.hut_order:
        state.hut_order = state.hut_order[1:]
    p = state.cur
    state.huts[p] = number
    set_wants(state, p)
    state.log_event(EV_HUT, p, z=number)
    if state.phase == PLAY:
        state.end_turn()
    elif p + 1 < state.num_players:
        state.cur = p + 1
    elif next_top(state):
        state.stage = START
        state.cur = state.game.first_player


def build_if_complete(state: FirstStoneAgeState) -> None:
    """End of the turn: build the hut if its goods are complete, then the next player."""
    p = state.cur
    h = state.huts[p]
    if not h or state.have[p] != HUT_MASKS[h - 1]:
        state.end_turn()
        return
    state.auto_step(BUILD_STEP, p)
    state.built[p] = (*state.built[p], h)
    state.log_event(EV_BUILD, p, z=h)
    guff = state.guff_as[p]
    for good in HUTS[h - 1]:
        card = GUFF if good == guff else good
        state.pile.append(card)
        state.log_event(EV_UNDER, p, y=card)
    state.have[p] = 0
    state.guff_as[p] = -1
    state.huts[p] = 0
    set_wants(state, p)
    if state.top == EMPTY:
        next_top(state)  # the pile held only seen cards: no chance here
    if state.winner() == p:
        state.win(p)
    elif state.hut_pile:
        state.stage = DEAL_HUT
    else:
        state.end_turn()
