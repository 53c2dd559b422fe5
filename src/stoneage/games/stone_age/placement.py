"""The placement phase: where a player may place figures, and whose turn it is (stone-age.md §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def placements(state: StoneAgeState, player: int) -> list[int]:
    """Every legal placement of ``player`` (empty when they cannot place), in action order."""
    np = state.num_players
    board = state.board
    unplaced = state.players[player * STRIDE + UNPLACED]
    if not unplaced:
        return []
    mine = NUM_LOCATIONS + player
    out: list[int] = []
    if not board[mine] or state.game.hunt_repeat:  # hunting grounds: unlimited
        out.extend(range(PLACE, PLACE + min(unplaced, MAX_PLACE)))
    for loc in range(1, RIVER + 1):
        if board[mine + loc * np]:
            continue
        free = AREA_CAPACITY - board[loc]
        if free <= 0:
            continue
        if np < 4 and board[loc]:
            first = NUM_LOCATIONS + loc * np
            groups = sum(1 for i in range(first, first + np) if board[i])
            if groups >= np - 1:  # 2 players: one group per area; 3 players: two groups
                continue
        start = PLACE + loc * MAX_PLACE
        out.extend(range(start, start + min(unplaced, free)))
    if np == 4 or (board[TOOLMAKER] > 0) + (board[HUT] > 0) + (board[FIELD] > 0) < 2:
        if not board[TOOLMAKER]:
            out.append(PLACE + TOOLMAKER * MAX_PLACE)
        if not board[HUT] and unplaced >= 2:
            out.append(PLACE + HUT * MAX_PLACE + 1)
        if not board[FIELD]:
            out.append(PLACE + FIELD * MAX_PLACE)
    display = state.display
    for slot in range(4):
        if display[slot] and not board[CARD_SLOT0 + slot]:
            out.append(PLACE + (CARD_SLOT0 + slot) * MAX_PLACE)
    tops = state.tops
    for stack in range(np):
        if tops[stack] >= 0 and not board[STACK0 + stack]:
            out.append(PLACE + (STACK0 + stack) * MAX_PLACE)
    return out


def start_placement(state: StoneAgeState) -> None:
    """Every figure goes home and placement begins with the first player."""
    pl = state.players
    for p in range(state.num_players):
        pl[p * STRIDE + UNPLACED] = pl[p * STRIDE + FIGURES]
    next_placer(state, state.first)


def next_placer(state: StoneAgeState, start: int) -> None:
    """The next seat from ``start`` on that can place decides; when nobody can, actions begin."""
    np = state.num_players
    for i in range(np):
        p = (start + i) % np
        options = placements(state, p)
        if options:
            state.stage = PLACE_STAGE
            state.cur = p
            if state.players[p * STRIDE + TWO_RESOURCES]:
                options.extend(TAKES)
            state.offer(options)
            return
    state.begin(ACTIONS)


def place(state: StoneAgeState, action: int) -> None:
    """Put the figures a placement action names on their location; the next seat decides."""
    loc, count = divmod(action - PLACE, MAX_PLACE)
    count += 1
    p = state.cur
    state.board[loc] += count
    state.board[NUM_LOCATIONS + loc * state.num_players + p] += count
    state.players[p * STRIDE + UNPLACED] -= count
    next_placer(state, p + 1)
