"""The end of a round (tools ready again, the display slides, the first player passes) and of the
game (the last takes of unused two-resources tokens, then final scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.contract import CHANCE
from stoneage.games.stone_age.data import DISPLAY_SIZE
from stoneage.games.stone_age.layout import READY, STRIDE, TWO_RESOURCES, USED
from stoneage.games.stone_age.scoring import final_breakdowns
from stoneage.games.stone_age.stages import FINAL, GAME_OVER, OVER, SETUP, TAKE_NOW

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


def end_round(state: StoneAgeState) -> None:
    """After feeding: end the game (an empty stack, a deck too short to refill) or start a round."""
    num_players = state.num_players
    if not all(state.stack_left[:num_players]):
        state.begin(FINAL)
        return
    state.auto_step("round_end", CHANCE)
    pl = state.players
    for p in range(num_players):
        base = p * STRIDE
        for v in range(4):
            pl[base + READY + v] += pl[base + USED + v]
            pl[base + USED + v] = 0
    cards = [c for c in state.display if c]
    if state.deck.bit_count() < DISPLAY_SIZE - len(cards):
        state.begin(FINAL)
        return
    state.display = cards + [0] * (DISPLAY_SIZE - len(cards))
    state.first = (state.first + 1) % num_players
    state.round += 1
    state.begin(SETUP)


def next_final_take(state: StoneAgeState) -> None:
    """The game has ended: from the first player on, each holder of an unused two-resources token
    takes its two resources (a last decision), then final scoring."""
    num_players = state.num_players
    for i in range(num_players):
        p = (state.first + i) % num_players
        if state.players[p * STRIDE + TWO_RESOURCES]:
            state.stage = TAKE_NOW
            state.cur = p
            return
    game_over(state)


def game_over(state: StoneAgeState) -> None:
    """Final scoring: the game is over."""
    state.auto_step("final_scoring", CHANCE)
    state.phase = OVER
    state.stage = GAME_OVER
    state.final = final_breakdowns(state)
