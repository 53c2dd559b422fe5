"""A turn, steps 1 and 2 (docs/stone-age-junior.md, "A turn"): the player turns up a face-down forest
tile (a chance node unless everyone has seen it before; the last face-down tile is turned at once),
and the tile moves the figure; then Martin's choice or the space's action (``gathering.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import NUM_POSITIONS, NUM_TILES, RING_SIZE, tile_target
from stoneage.games.stone_age_junior.gathering import space_action
from stoneage.games.stone_age_junior.stages import (
    ALL_PLACES,
    CHOOSE_TILE,
    EV_MOVE,
    EV_REVEAL,
    EV_TURN,
    FORCED_TURN_STEP,
    MARTIN,
    TILE_REVEAL,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

_HALF = NUM_POSITIONS // 2
_LOW_HALF = (1 << _HALF) - 1
_TURNS_BY_HALF: Final = tuple(
    tuple([A.TURN + i for i in places if not half >> (i - places[0]) & 1] for half in range(1 << len(places)))
    for places in (range(_HALF), range(_HALF, NUM_POSITIONS))
)
"""``_TURNS_BY_HALF[0][up & _LOW_HALF]`` and ``_TURNS_BY_HALF[1][up >> _HALF]``: the turn actions of the
face-down places among the first ``_HALF`` places and among the others, by the face-up bits of that
half (lists never mutated). Two tables of 128 lists instead of one of 16,384."""


def turn_options(up: int) -> list[int]:
    """The turn actions while the tiles of mask ``up`` lie face up, ascending (a fresh list)."""
    return _TURNS_BY_HALF[0][up & _LOW_HALF] + _TURNS_BY_HALF[1][up >> _HALF]


_TARGETS: Final = tuple(tuple(tile_target(tile, space) for space in range(RING_SIZE)) for tile in range(NUM_TILES))
"""``_TARGETS[tile][space]``: ``tile_target(tile, space)``, looked up instead of called on every turn."""


def begin_turn(state: StoneAgeJuniorState) -> None:
    """The turn of ``cur`` begins: it chooses a face-down tile, or turns the only one left at once."""
    state.turn += 1
    state.trade_given = state.trade_taken = 0
    state.stage = CHOOSE_TILE
    up = state.up
    down = ALL_PLACES & ~up
    if not down & (down - 1):  # a single face-down tile: no choice, it is turned at once
        state.auto_step(FORCED_TURN_STEP, state.cur)
        turn_tile(state, down.bit_length() - 1)
    else:  # the node's legal actions, computed once
        state.offer(turn_options(up))


def turn_tile(state: StoneAgeJuniorState, place: int) -> None:
    """Turn up the tile in ``place``: a chance node unless everyone has seen it before."""
    state.tile_pos = place
    state.log_event(EV_TURN, state.cur, place)
    if state.seen >> place & 1:
        revealed(state, state.forest[place])
    else:
        state.stage = TILE_REVEAL


def tile_drawn(state: StoneAgeJuniorState, tile: int) -> None:
    """Chance has decided the tile in ``tile_pos``: it is ``tile`` from now on, and it turns up."""
    state.forest[state.tile_pos] = tile
    revealed(state, tile)


def revealed(state: StoneAgeJuniorState, tile: int) -> None:
    """The tile in ``tile_pos`` is face up: the figure moves, then Martin's choice or the space's action."""
    p = state.cur
    place = state.tile_pos
    state.up |= 1 << place
    state.seen |= 1 << place
    state.tile_pos = -1
    state.log_event(EV_REVEAL, p, place, tile)
    space = _TARGETS[tile][state.pos[p]]
    state.pos[p] = space
    state.log_event(EV_MOVE, p, space, tile)
    if state.martin == space:
        state.stage = MARTIN
    else:
        space_action(state, space)
