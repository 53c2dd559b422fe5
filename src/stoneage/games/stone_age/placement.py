"""The placement phase: where a player may place figures, and whose turn it is (stone-age.md §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age.actions import MAX_PLACE, PLACE, TAKES
from stoneage.games.stone_age.data import (
    AREA_CAPACITY,
    CARD_SLOT0,
    FIELD,
    HUT,
    NUM_LOCATIONS,
    RIVER,
    STACK0,
    TOOLMAKER,
)
from stoneage.games.stone_age.layout import FIGURES, STRIDE, TWO_RESOURCES, UNPLACED
from stoneage.games.stone_age.stages import ACTIONS, PLACE as PLACE_STAGE

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


_SPOTS: Final = tuple(
    tuple(tuple(range(PLACE + loc * MAX_PLACE, PLACE + loc * MAX_PLACE + n)) for n in range(MAX_PLACE + 1))
    for loc in range(RIVER + 1)
)
"""``_SPOTS[loc][n]``: the actions placing 1..n figures on gathering location ``loc``."""
_TOOLMAKER: Final = PLACE + TOOLMAKER * MAX_PLACE
_HUT: Final = PLACE + HUT * MAX_PLACE + 1  # always two figures
_FIELD: Final = PLACE + FIELD * MAX_PLACE
_CARD_SLOTS: Final = tuple(PLACE + (CARD_SLOT0 + slot) * MAX_PLACE for slot in range(4))
_STACKS: Final = tuple(PLACE + (STACK0 + stack) * MAX_PLACE for stack in range(4))


def placements(state: StoneAgeState, player: int) -> list[int]:
    """Every legal placement of ``player`` (empty when they cannot place), in action order."""
    unplaced = state.players[player * STRIDE + UNPLACED]
    if not unplaced:
        return []
    num_players = state.num_players
    board = state.board
    mine = NUM_LOCATIONS + player  # the player's figures on location loc: board[mine + loc * num_players]
    most = unplaced if unplaced < MAX_PLACE else MAX_PLACE
    out = list(_SPOTS[0][most]) if not board[mine] or state.game.hunt_repeat else []  # hunting: unlimited
    for loc in range(1, RIVER + 1):
        taken = board[loc]
        if taken >= AREA_CAPACITY or board[mine + loc * num_players]:
            continue
        if taken and num_players < 4:
            first = NUM_LOCATIONS + loc * num_players
            groups = num_players - board[first : first + num_players].count(0)
            if groups >= num_players - 1:  # 2 players: one group per area; 3 players: two groups
                continue
        free = AREA_CAPACITY - taken
        out.extend(_SPOTS[loc][most if most < free else free])
    if num_players == 4 or (board[TOOLMAKER] > 0) + (board[HUT] > 0) + (board[FIELD] > 0) < 2:
        if not board[TOOLMAKER]:
            out.append(_TOOLMAKER)
        if not board[HUT] and unplaced >= 2:
            out.append(_HUT)
        if not board[FIELD]:
            out.append(_FIELD)
    display = state.display
    for slot in range(4):
        if display[slot] and not board[CARD_SLOT0 + slot]:
            out.append(_CARD_SLOTS[slot])
    tops = state.tops
    for stack in range(num_players):
        if tops[stack] >= 0 and not board[STACK0 + stack]:
            out.append(_STACKS[stack])
    return out


def start_placement(state: StoneAgeState) -> None:
    """Every figure goes home and placement begins with the first player."""
    pl = state.players
    for p in range(state.num_players):
        pl[p * STRIDE + UNPLACED] = pl[p * STRIDE + FIGURES]
    next_placer(state, state.first)


def next_placer(state: StoneAgeState, start: int) -> None:
    """The next seat from ``start`` on that can place decides; when nobody can, actions begin."""
    num_players = state.num_players
    pl = state.players
    for i in range(num_players):
        p = (start + i) % num_players
        if not pl[p * STRIDE + UNPLACED]:  # all placed: nothing to compute
            continue
        options = placements(state, p)
        if options:
            state.stage = PLACE_STAGE
            state.cur = p
            if pl[p * STRIDE + TWO_RESOURCES]:
                options.extend(TAKES)
            state.offer(options)
            return
    state.begin(ACTIONS)


def place(state: StoneAgeState, action: int) -> None:
    """Put the figures a placement action names on their location; the next seat decides."""
    loc = (action - PLACE) // MAX_PLACE  # not divmod, which compiled code calls as a Python builtin
    count = (action - PLACE) % MAX_PLACE + 1
    p = state.cur
    state.board[loc] += count
    state.board[NUM_LOCATIONS + loc * state.num_players + p] += count
    state.players[p * STRIDE + UNPLACED] -= count
    next_placer(state, p + 1)
