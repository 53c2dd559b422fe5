"""Hostile input: any mangled state JSON or record is refused with a typed error, never a crash."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from stoneage import RecordError, StateFormatError
from stoneage.core.record import make_record, replay

from common import random_game, state_game

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


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:6]):
            out += _paths(value, (*prefix, i))
    return out


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 2), pick=st.integers(0, 10**6), junk=JUNK)
def test_a_mangled_state_loads_or_is_refused_with_state_format_error(which: int, pick: int, junk: Any) -> None:
    game, state = STATES[which]
    data = state.to_json()
    paths = [p for p in _paths(data) if p[0] != "history"]
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
    paths = [p for p in _paths(record) if p[0] != "result"]
    mangled = copy.deepcopy(record)
    _replace(mangled, paths[pick % len(paths)], junk)
    with contextlib.suppress(RecordError):
        replay(mangled)
