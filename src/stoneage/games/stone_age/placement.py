"""Where a player may place figures (rules §2 of stone-age.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.stone_age.actions import MAX_PLACE, PLACE
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
from stoneage.games.stone_age.layout import STRIDE, UNPLACED

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
