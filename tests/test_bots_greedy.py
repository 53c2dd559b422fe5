"""The greedy bot's look-ahead is bounded: a chain of chance nodes costs at most its budget."""

from __future__ import annotations

import pytest

from stoneage import load_game
from stoneage.bots import BotSpecError, make_bot
from stoneage.bots.greedy import GreedyBot
from stoneage.core.contract import State


def _chance_chain(state: State, wide: int) -> int:
    """How many chance nodes with more than ``wide`` outcomes surely follow one another from
    ``state`` (the shortest such run along the first, the last and the second outcomes)."""
    shortest = None
    for pick in (0, -1, 1):
        node = state.clone()
        length = 0
        while node.is_chance_node() and len(node.chance_outcomes()) > wide:
            length += 1
            node.apply_action(node.chance_outcomes()[pick][0])
        shortest = length if shortest is None else min(shortest, length)
    return shortest or 0


def _chained_chance_decision(players: int, seed: int, wide: int, chain: int) -> tuple[State, int]:
    """The first decision of a seeded random game where some action leads into ``chain`` or more
    chance nodes in a row, each with more than ``wide`` outcomes (a round's end dealing cards)."""
    game = load_game("stone_age", players=players, seed=seed)
    bots = [make_bot("random", seed=seed + seat) for seat in range(players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) > 1:
            for action in legal:
                child = state.clone()
                child.apply_action(action)
                if _chance_chain(child, wide) >= chain:
                    return state, seat
        state.apply_action(bots[seat].step(state, seat))
    raise AssertionError("no decision leads into a chain of chance nodes")  # pragma: no cover


@pytest.mark.parametrize("budget", [1, 5, 12])
def test_greedy_values_at_most_its_budget_of_positions_per_action_through_chained_chance(budget: int) -> None:
    state, seat = _chained_chance_decision(players=2, seed=0, wide=6, chain=3)
    bot = GreedyBot(seed=2, budget=budget)
    # Unbounded, 6 samples at each of 3 chained deals would value 6 ** 3 positions per action.
    assert budget * len(state.legal_actions()) < 6**3
    action = bot.step(state, seat)
    assert action in state.legal_actions()
    assert 0 < bot.evaluations <= budget * len(state.legal_actions())


def test_looking_through_own_decisions_stays_within_the_budget_too() -> None:
    state, seat = _chained_chance_decision(players=2, seed=0, wide=6, chain=3)
    bot = GreedyBot(seed=2, depth=2, budget=8)
    bot.step(state, seat)
    assert 0 < bot.evaluations <= 8 * len(state.legal_actions())


def test_a_greedy_budget_below_one_is_refused() -> None:
    with pytest.raises(BotSpecError, match="budget must be a whole number from 1 to"):
        make_bot("greedy:budget=0")
