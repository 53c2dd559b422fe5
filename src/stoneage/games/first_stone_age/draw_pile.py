"""The draw pile: its next card is turned up on top, face up for all to see.

The rulebook lays the cards not in the circle as a face-down pile and turns its top card up; that
card fills the next gap in the circle, and the built huts' cards go under the pile. Both a kept
card's refill (``turn.py``) and a built hut (``building.py``) turn up the next card here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.first_stone_age.stages import DRAW_TOP, EV_DRAW

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import FirstStoneAgeState


def next_top(state: FirstStoneAgeState) -> bool:
    """Turn up the next card of the draw pile; False when chance must pick it (``DRAW_TOP`` pending)."""
    if not state.pile:
        return True
    if state.pile_hidden:
        state.stage = DRAW_TOP
        return False
    state.top = state.pile.pop(0)
    state.log_event(EV_DRAW, y=state.top)
    return True
