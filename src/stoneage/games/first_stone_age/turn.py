"""A turn (docs/first-stone-age.md, "Setup" 4 and "A turn" 1–2): Martin placed, moved, the card
beside him turned up and kept or turned back, the gap refilled from the draw pile.

The first player places Martin beside a card; from then on each player in turn moves him 1–4
cards onward (empty places skipped) and turns up the card beside him, seen by all. A good the
player's hut still needs is kept at once and the draw pile's face-up top card fills the gap face
down (the pile's next card comes up); Guff the dog the player may keep as any good the hut still
needs, or turn back; any other card is turned back. The turn then ends with a build check
(``building.py``). A turn begins only while some circle card can still be kept: otherwise the game
ends in a stalemate, without a winner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.contract import CHANCE
from stoneage.games.family.state import GAME_END
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.building import build_if_complete
from stoneage.games.first_stone_age.data import GUFF
from stoneage.games.first_stone_age.draw_pile import next_top
from stoneage.games.first_stone_age.stages import (
    EMPTY,
    EV_DRAW,
    EV_KEEP,
    EV_MOVE,
    EV_REFILL,
    EV_REVEAL,
    EV_STALEMATE,
    EV_START,
    EV_TURN_BACK,
    GUFF_CHOICE,
    KEEP_STEP,
    MOVE,
    PLAY,
    REVEAL_CARD,
    SETUP,
    START,
    TURN_BACK_STEP,
    UNKNOWN,
)
from stoneage.games.first_stone_age.tallies import set_wants
from stoneage.games.first_stone_age.view import SHOWN_BITS, circle_step_target, is_stalemate

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import FirstStoneAgeState


def start(state: FirstStoneAgeState, slot: int) -> None:
    """The first player places Martin beside circle ``slot``: play begins with their turn."""
    state.martin = slot
    state.log_event(EV_START, state.cur, slot)
    state.phase = PLAY
    begin_turn(state)


def begin_turn(state: FirstStoneAgeState) -> None:
    """Start the turn of ``cur``: Martin is to move, unless no circle card can ever be kept (a stalemate)."""
    state.turn += 1
    state.stage = MOVE
    if is_stalemate(state):
        state.auto_step(GAME_END, CHANCE)
        state.log_event(EV_STALEMATE)
        state.end_game()


def move(state: FirstStoneAgeState, steps: int) -> None:
    """Martin moves ``steps`` cards onward; the card beside him is turned up (a chance node unless seen)."""
    martin = state.martin = circle_step_target(state.circle, state.martin, steps)
    state.log_event(EV_MOVE, state.cur, martin, z=steps)
    if state.seen >> martin & 1:
        face_up(state, state.circle[martin])
    else:
        state.stage = REVEAL_CARD


def turn_up(state: FirstStoneAgeState, kind: int) -> None:
    """The card beside Martin, never seen, shows ``kind``: seen by all from now on."""
    slot = state.martin
    if state.circle[slot] == UNKNOWN:
        state.unknown[kind] -= 1
    state.circle[slot] = kind
    state.seen |= 1 << slot
    state.shown += 1 << (SHOWN_BITS * kind)  # one seen card of its kind more in the circle
    face_up(state, kind)


def face_up(state: FirstStoneAgeState, kind: int) -> None:
    """The card beside Martin is face up (and seen): keep it, offer Guff, or turn it back."""
    p = state.cur
    state.log_event(EV_REVEAL, p, state.martin, kind)
    if not state.wants[p] >> kind & 1:  # can_keep(state, p, kind)
        if state.trace is not None:  # what auto_step tests, without the call on most turns
            state.auto_step(TURN_BACK_STEP, p)
        turn_back(state, kind)
    elif kind == GUFF:
        state.stage = GUFF_CHOICE
    else:
        state.auto_step(KEEP_STEP, p)
        keep(state, kind, kind)


def guff_choice(state: FirstStoneAgeState, action: int) -> None:
    """The player keeps Guff as the good ``action`` names (``keep guff as …``), or turns him back."""
    if action == A.TURN_BACK:
        turn_back(state, GUFF)
    else:
        keep(state, GUFF, action - A.KEEP_GUFF)


def turn_back(state: FirstStoneAgeState, kind: int) -> None:
    """The card of ``kind`` beside Martin is turned back face down; the turn ends."""
    state.log_event(EV_TURN_BACK, state.cur, state.martin, kind)
    state.end_turn()


def keep(state: FirstStoneAgeState, kind: int, good: int) -> None:
    """Keep the revealed card as ``good``; the top of the draw pile fills the gap face down."""
    p = state.cur
    slot = state.martin
    state.have[p] |= 1 << good
    if kind == GUFF:
        state.guff_as[p] = good
    set_wants(state, p)
    state.log_event(EV_KEEP, p, slot, kind, good)
    state.shown -= 1 << (SHOWN_BITS * kind)  # it leaves the circle
    top = state.top
    if top == EMPTY:
        state.circle[slot] = EMPTY
        state.seen &= ~(1 << slot)
        build_if_complete(state)
        return
    state.circle[slot] = top
    state.shown += 1 << (SHOWN_BITS * top)  # the top card, seen by all, fills the gap
    state.log_event(EV_REFILL, x=slot, y=top)
    state.top = EMPTY
    if next_top(state):
        build_if_complete(state)


def draw_top(state: FirstStoneAgeState, kind: int) -> None:
    """The draw pile's next card, never seen, comes up showing ``kind``; then Martin is placed, or the turn ends."""
    if state.pile[0] == UNKNOWN:
        state.unknown[kind] -= 1
    del state.pile[0]
    state.pile_hidden -= 1
    state.top = kind
    state.log_event(EV_DRAW, y=kind)
    if state.phase == SETUP:
        state.stage = START
        state.cur = state.game.first_player
    else:
        build_if_complete(state)
