"""Hostile input: any mangled state JSON or record is refused with a typed error, never a crash."""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from stoneage import NotationError, PlayerError, RecordError, StateFormatError, load_game
from stoneage.core.record import make_record, replay

from common import json_paths, random_game, state_game

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False), st.text(max_size=8),
    st.lists(st.integers(-3, 40), max_size=5), st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)


def _finished(name: str, seed: int, **params: Any) -> tuple[Any, Any]:
    state = random_game(name, 3, seed, max_steps=120, **params)
    return state_game(state), state


GAMES = [("stone_age", {"expansions": ["mammoth"]}), ("first_stone_age", {}),
         ("stone_age_junior", {"expansions": ["cards"]})]
STATES = [_finished(name, 7, **params) for name, params in GAMES]


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 2), pick=st.integers(0, 10**6), junk=JUNK)
def test_a_mangled_state_loads_or_is_refused_with_state_format_error(which: int, pick: int, junk: Any) -> None:
    game, state = STATES[which]
    data = state.to_json()
    paths = [p for p in json_paths(data, 6) if p[0] != "history"]
    mangled = copy.deepcopy(data)
    _replace(mangled, paths[pick % len(paths)], junk)
    try:
        loaded = game.state_from_json(mangled)
    except StateFormatError:
        return
    loaded.legal_actions()  # a state that loads must be usable
    loaded.to_json()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 2), pick=st.integers(0, 10**6), junk=JUNK)
def test_a_mangled_record_replays_or_is_refused_with_record_error(which: int, pick: int, junk: Any) -> None:
    game, state = STATES[which]
    record = make_record(game, state)
    paths = [p for p in json_paths(record, 6) if p[0] != "result"]
    mangled = copy.deepcopy(record)
    _replace(mangled, paths[pick % len(paths)], junk)
    with contextlib.suppress(RecordError):
        replay(mangled)


# --- Stone Age's notation and seats: the same typed error as every other game ----------------------


def _stone_age() -> Any:
    return load_game("stone_age", players=2, seed=0).new_initial_state()


@pytest.mark.parametrize("text", [None, 3, 1.5, b"roll 3", ["roll", "3"]])
def test_a_stone_age_action_text_that_is_not_a_string_is_a_notation_error(text: Any) -> None:
    with pytest.raises(NotationError, match="an action text is a string"):
        _stone_age().string_to_action(text)


@pytest.mark.parametrize("text", ["roll " + "9" * 5000, "card " + "1" * 4301, "place hunt " + "3" * 300])
def test_a_stone_age_action_text_with_a_huge_number_is_a_notation_error(text: Any) -> None:
    with pytest.raises(NotationError):
        _stone_age().string_to_action(text)


def test_a_stone_age_number_of_too_many_digits_is_a_notation_error_but_leading_zeros_are_free() -> None:
    state = _stone_age()
    with pytest.raises(NotationError, match="a number of more than 6 digits"):
        state.string_to_action("roll 1234567")
    assert state.string_to_action("roll " + "0" * 100 + "12") == state.string_to_action("roll 12")


def test_a_stone_age_action_text_longer_than_the_notation_needs_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="an action text of more than 200 characters"):
        _stone_age().string_to_action("x" * 201)


@pytest.mark.parametrize("action", [True, False, 1.0, "3", None, [1], -1, 4669, 2**70])
def test_a_stone_age_non_action_has_no_notation(action: Any) -> None:
    with pytest.raises(NotationError, match="is outside the action space"):
        _stone_age().action_to_string(action)


@pytest.mark.parametrize("seat", [9, 2, -1, True, 1.0, "0", None])
def test_resampling_stone_age_for_a_seat_it_does_not_have_is_a_player_error(seat: Any) -> None:
    with pytest.raises(PlayerError, match=r"player must be a seat 0\.\.1"):
        _stone_age().resample_from_infostate(seat, random.Random(0))
