"""Greedy never refuses the last good it can keep because keeping it ends the game.

In My First Stone Age a game with no keepable card left ends in a stalemate (no winner, every
return 0). Greedy valued that end 0 against a live tie's 0.5, so it refused the jug it needed
and both seats walked round the circle for ever (``stoneage tournament --game first_stone_age
--bots greedy,greedy --seed 0``, game 434).
"""

from __future__ import annotations

from stoneage.bots import make_bot
from stoneage.bots.greedy import GreedyBot, final_value
from stoneage.bots.match import play_match
from stoneage.core.registry import load_game
from stoneage.games.first_stone_age.data import JUG
from stoneage.games.first_stone_age.state import FirstStoneAgeState
from stoneage.games.first_stone_age.view import needs
from stoneage.sim.config import TournamentConfig
from stoneage.sim.schedule import setup

GAME_434_OPENING = (39, 41, 28, 8, 12, 23, 29, 12, 22, 10, 19, 12, 23, 11, 27, 11, 24, 13, 25, 12, 19, 12,
                    10, 22, 11, 11, 21, 12, 11, 21, 9, 11, 12, 9, 9, 10, 11, 10, 10, 9)
"""Game 434's actions until the old greedy started refusing the jug (seat 1 to move)."""


def game_434() -> tuple[FirstStoneAgeState, tuple[int, ...]]:
    game_setup = setup(TournamentConfig(bots=("greedy", "greedy"), seed=0, game="first_stone_age"), 434)
    state = load_game("first_stone_age", players=2, seed=game_setup.seed).new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    return state, game_setup.bot_seeds


def test_tournament_game_434_of_greedy_against_greedy_ends_quickly() -> None:
    state, seeds = game_434()
    final = play_match(state.game, [make_bot("greedy", seed) for seed in seeds])
    assert final.is_terminal()
    assert len(final.history()) < 200  # a two-player game takes about 45 steps


def test_greedy_takes_the_last_good_it_can_keep_though_the_game_then_stalls() -> None:
    state, seeds = game_434()
    for action in GAME_434_OPENING:
        state.apply_action(action)
    assert state.current_player() == 1 and needs(state, 1) == (1 << JUG) | needs(state, 0)
    jug_slots = [s for s, kind in enumerate(state.circle) if kind == JUG]
    move = GreedyBot(seed=seeds[1]).step(state, 1)
    state.apply_action(move)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.martin in jug_slots
    assert state.is_terminal() and state.returns() == [0.0, 0.0]  # no fish is left to find: stalemate
    assert final_value(state, 1) == final_value(state, 0) == 0.5  # a stalemate is valued as the standing
