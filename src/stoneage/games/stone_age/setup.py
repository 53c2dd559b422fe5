"""The start of a round: the display and the building stacks are filled, then the expansions deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.stone_age.data import DISPLAY_SIZE
from stoneage.games.stone_age.stages import DEAL_BUILDING, DEAL_CARD, PLACEMENT

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


def next_deal(state: StoneAgeState) -> None:
    """Turn up a card for the first empty display slot, then a tile for each bare stack; then place."""
    for slot in range(DISPLAY_SIZE):
        if not state.display[slot]:
            state.stage = DEAL_CARD
            state.slot = slot
            return
    for stack in range(state.num_players):
        if state.tops[stack] < 0 and state.stack_left[stack]:
            state.stage = DEAL_BUILDING
            state.slot = stack
            return
    for rules in state.expansion_rules:
        if rules.deal(state):
            return
    state.begin(PLACEMENT)
