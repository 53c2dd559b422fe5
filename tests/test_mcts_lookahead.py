"""MCTS with ``lookahead``: a new decision node is worth its mover's best action one step on, and the
values found there order the node's children; without it nothing changes."""

from __future__ import annotations

import random

from stoneage.bots.evaluation import evaluate
from stoneage.bots.mcts import MCTSBot, Node
from stoneage.bots.registry import make_bot
from stoneage.core.contract import State
from stoneage.core.registry import load_game


def placement_position() -> State:
    """The first decision of a seeded two-player game: the first figures go out."""
    state = load_game("stone_age", players=2, seed=7).new_initial_state()
    rng = random.Random(7)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state


def one_step_values(state: State, player: int) -> dict[int, list[float]]:
    """Every legal action's values one step on, as ``player`` sees them."""
    values = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values[action] = evaluate(child, player)
    return values


def test_a_new_node_is_worth_its_movers_best_action_one_step_on() -> None:
    state = placement_position()
    player = state.current_player()
    bot = MCTSBot(seed=1, lookahead=True)
    root = Node(2)
    bot._iterate(root, state.clone(), player, 2)
    [(action, child)] = root.children.items()
    after = state.clone()
    after.apply_action(action)
    assert not after.is_chance_node() and not after.is_terminal()
    mover = after.current_player()
    values = one_step_values(after, player)
    best = max(values.values(), key=lambda v: v[mover])
    assert child.visits == 1 and child.value == best
    # The root's first child is the mover's best action, and the new node's children come best last.
    assert action == max(one_step_values(state, player).items(), key=lambda item: item[1][player])[0]
    assert child.untried is not None
    assert [values[a][mover] for a in child.untried] == sorted(values[a][mover] for a in child.untried)
    assert values[child.untried[-1]] == best


def test_without_lookahead_a_new_node_is_valued_where_it_stands() -> None:
    state = placement_position()
    player = state.current_player()
    bot = MCTSBot(seed=1)
    root = Node(2)
    root.untried = [state.legal_actions()[0]]
    bot._iterate(root, state.clone(), player, 2)
    [(action, child)] = root.children.items()
    after = state.clone()
    after.apply_action(action)
    assert child.value == evaluate(after, player)
    assert child.untried is None


def test_lookahead_is_a_switch_of_the_spec() -> None:
    assert make_bot("mcts:lookahead=true").lookahead
    assert not make_bot("hard").lookahead
