"""Every level answers within its time budget: ``max_seconds`` on greedy (easy, medium) and MCTS
(hard, expert), checked on the heaviest Stone Age decision of a random game (a payment with hundreds of
mixes), with a margin generous enough for a loaded machine."""

from __future__ import annotations

import time
from functools import cache

import pytest

from stoneage.bench import random_game_states
from stoneage.bots import BotSpecError, make_bot
from stoneage.bots.greedy import GreedyBot
from stoneage.core.contract import State

BUDGET = 0.05
MARGIN = 0.5
"""A decision with a 0.05 s budget must answer within 0.5 s, however loaded the machine."""


@cache
def heaviest() -> State:
    """The decision with the most legal actions in a seeded random two-player game (254 actions)."""
    states = [s for s in random_game_states("stone_age", 2, 1) if not s.is_terminal() and not s.is_chance_node()]
    return max(states, key=lambda s: len(s.legal_actions()))


def timed_step(spec: str, state: State) -> tuple[float, int]:
    bot = make_bot(spec, seed=3)
    position = state.clone()
    start = time.perf_counter()
    action = bot.step(position, position.current_player())
    return time.perf_counter() - start, action


def test_the_heaviest_decision_has_hundreds_of_actions() -> None:
    assert len(heaviest().legal_actions()) >= 200


@pytest.mark.parametrize("spec", ["greedy", "easy", "medium", "hard", "expert"])
def test_a_tiny_budget_is_kept_on_the_heaviest_decision(spec: str) -> None:
    state = heaviest()
    searching = spec in ("hard", "expert")
    elapsed, action = timed_step(f"{spec}:max_seconds={BUDGET}" if searching
                                 else f"{spec}:max_seconds={BUDGET},epsilon=0", state)
    assert elapsed <= MARGIN
    assert action in state.legal_actions()


def test_greedy_cut_short_takes_the_best_action_it_valued() -> None:
    state = heaviest()
    # a microsecond: no build values 254 actions in that (the compiled one does it within 0.05 s)
    bot = GreedyBot(seed=3, max_seconds=1e-6)
    action = bot.step(state.clone(), state.current_player())
    assert bot.cut_short
    valued = GreedyBot(seed=3, max_seconds=1e-6).ranked(state.clone(), state.current_player())
    assert 0 < len(valued) < len(state.legal_actions())
    assert action in state.legal_actions()


def test_greedy_with_time_to_spare_values_every_action() -> None:
    state = heaviest()
    bot = GreedyBot(seed=3, max_seconds=60.0, budget=1)
    assert len(bot.ranked(state.clone(), state.current_player())) == len(state.legal_actions())
    assert not bot.cut_short


@pytest.mark.parametrize(("spec", "words"), [
    ("greedy:max_seconds=0", "max_seconds must be a number of seconds above 0"),
    ("greedy:max_seconds=-1", "max_seconds must be a number of seconds above 0"),
    ("medium:temperature=-0.1", "temperature must be a number from 0 to 1"),
])
def test_a_budget_must_be_positive(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec)
