"""MCTS keeps its deadline while it orders the actions of a wide node: at a Stone Age payment with
hundreds of mixes, valuing every action one step ahead would take far longer than a small budget.

The valuations are counted (each made to take at least 2 ms), so the checks hold on any machine."""

from __future__ import annotations

import time
from functools import cache

from stoneage.bench import random_game_states
from stoneage.bots.evaluation import evaluate
from stoneage.bots.mcts import MCTSBot
from stoneage.core.contract import State

SLOW = 0.002
"""Each counted valuation takes at least this long."""


@cache
def widest() -> State:
    """The decision with the most legal actions in a seeded random two-player game (a payment)."""
    states = [s for s in random_game_states("stone_age", 2, 1) if not s.is_terminal() and not s.is_chance_node()]
    return max(states, key=lambda s: len(s.legal_actions()))


class CountingBot(MCTSBot):
    """MCTS whose every valuation is counted and takes at least ``SLOW`` seconds."""

    def __init__(self, **options: float) -> None:
        super().__init__(seed=5, **options)  # type: ignore[arg-type]
        self.valuations = 0
        self.value_of = self.slow_value

    def slow_value(self, state: State, player: int) -> list[float]:
        self.valuations += 1
        time.sleep(SLOW)
        return evaluate(state, player)


def test_the_widest_decision_has_hundreds_of_actions() -> None:
    assert len(widest().legal_actions()) >= 200


def test_a_tiny_budget_stops_valuing_the_actions_of_a_wide_node() -> None:
    state = widest()
    bot = CountingBot(iterations=1000, max_seconds=0.02)
    start = time.perf_counter()
    action = bot.step(state.clone(), state.current_player())
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions()
    # 0.02 s lets at most about ten 2-ms valuations start; all 254 would take over 0.5 s.
    assert bot.valuations <= 20
    assert elapsed < 0.3


def test_with_time_to_spare_every_action_of_a_wide_node_is_valued() -> None:
    state = widest()
    bot = CountingBot(iterations=1, max_seconds=60.0)
    bot.step(state.clone(), state.current_player())
    # One valuation per legal action to order them, one for the leaf the iteration adds.
    assert bot.valuations == len(state.legal_actions()) + 1


def test_the_deadline_is_lifted_after_a_decision() -> None:
    state = widest()
    bot = CountingBot(iterations=1, max_seconds=0.02)
    bot.step(state.clone(), state.current_player())
    assert bot.deadline == float("inf")  # a later search outside step (the analysis) has no clock
    assert bot._candidates(state.clone(), state.current_player())
