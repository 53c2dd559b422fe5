"""Outside input meets the same typed errors in the pure and the compiled build (issue 16).

A compiled function checks its arguments' declared types at the call (a ``TypeError``) and turns
``True`` into 1, so the contract's entry points take ``object`` and check it themselves; bot specs
are checked against the bot's parameters before the bot is made. .ci/run runs these in both builds.
"""

from __future__ import annotations

from typing import Any

import numpy
import pytest

from stoneage import IllegalActionError, NotationError, PlayerError, load_game
from stoneage.bots import BotSpecError, make_bot
from stoneage.core.contract import Game, State, check_seat, check_text

from conformance.cases import GAMES

PACKAGE_GAMES = [name for name in GAMES if name != "toy_race"]
"""The package's own games (the tests' toy game takes plain ints only)."""


@pytest.mark.parametrize("name", PACKAGE_GAMES)
def test_a_numpy_int_is_an_action_and_a_numpy_bool_is_not(name: str) -> None:
    state = load_game(name, players=2, seed=3).new_initial_state()
    action = state.legal_actions()[0]
    with pytest.raises(IllegalActionError):
        state.apply_action(numpy.bool_(True))
    state.apply_action(numpy.int64(action))
    assert state.history() == [action] and type(state.history()[0]) is int


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [True, 0.0, "0", None])
def test_a_traced_non_action_is_refused_and_changes_nothing(name: str, bad: Any) -> None:
    state = load_game(name, players=2, seed=3).new_initial_state()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_traced(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_true_is_not_seat_one_anywhere_a_seat_is_asked_for(name: str) -> None:
    state = load_game(name, players=2, seed=3).new_initial_state()
    for ask in (state.observation, state.observation_tensor, state.information_state_tensor):
        assert ask(1) == ask(1)  # seat 1 is a seat ...
        with pytest.raises(PlayerError, match=r"player must be a seat 0\.\.1, not True"):
            ask(True)  # ... and True is not


def test_the_shared_checkers_return_what_they_accept_and_name_what_they_refuse() -> None:
    assert check_seat(2, 3) == 2 and check_text("roll 3") == "roll 3"
    with pytest.raises(PlayerError, match=r"0\.\.2, not False"):
        check_seat(False, 3)
    with pytest.raises(PlayerError, match=r"0\.\.2, not a huge integer"):
        check_seat(10**100, 3)
    with pytest.raises(NotationError, match="an action text is a string, not bytes"):
        check_text(b"roll 3")


def test_isinstance_does_not_depend_on_what_was_asked_before() -> None:
    # Compiled subclasses of an ABC share its isinstance cache: the first answer stuck for every class.
    states = [load_game(name, players=2).new_initial_state() for name in PACKAGE_GAMES]
    for state in states:
        for other in states:
            assert isinstance(state, type(other)) is (type(state) is type(other))
        assert isinstance(state, State) and isinstance(state.game, Game)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:colour=red", r"unknown parameter 'colour'; known: iterations, seconds, max_seconds, c"),
        ("mcts:seed=3", "unknown parameter 'seed'"),
        ("random:depth=2", "unknown parameter 'depth'; known: -"),
        ("mcts:iterations=1.5", "iterations must be a whole number, not 1.5"),
        ("mcts:iterations=true", "iterations must be a whole number, not True"),
        ("greedy:epsilon=true", "epsilon must be a number, not True"),
        ("greedy:epsilon=lots", "epsilon must be a number, not 'lots'"),
    ],
)
def test_a_bad_bot_parameter_reads_the_same_in_both_builds(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_a_bot_parameter_of_the_right_kind_is_taken() -> None:
    bot: Any = make_bot("mcts:iterations=7,c=1,max_seconds=2")  # an int is a fine float
    assert (bot.iterations, bot.c, bot.max_seconds) == (7, 1, 2)
