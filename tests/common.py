"""Test helpers that work for every game on the contract: a seeded game factory, notation play,
JSON edits, and seeded random playthroughs.

Game-specific helpers (forced setups, holdings edits) stay beside the tests of that game; what is
here knows only the contract, so the conformance suite and every game's tests can share it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from stoneage import Game, State, load_game

S = TypeVar("S", bound=State)


def seeded_game(name: str, players: int, seed: int, expansions: Sequence[str] = (),
                variants: Sequence[str] = (), **params: Any) -> Game:
    """``load_game`` with the common parameters spelled out (expansions and variants as lists)."""
    return load_game(name, players=players, seed=seed, expansions=list(expansions), variants=list(variants),
                     **params)


def play(state: S, *texts: str) -> S:
    """Apply actions given in notation, in order; returns the same state."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def legal(state: State) -> list[str]:
    """The legal actions in notation."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def edit_json(state: S, change: Callable[[dict[str, Any]], object]) -> S:
    """A copy of ``state`` changed through its validated JSON form (``change`` edits the data in place)."""
    data = copy.deepcopy(state.to_json())
    change(data)
    result = state_game(state).state_from_json(data)
    assert isinstance(result, type(state))
    return result


def set_path(data: Any, path: str, value: Any) -> None:
    """Set a value deep in JSON data by a dotted path (``"players.1.food"``; digits index lists)."""
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


def json_paths(data: Any, per_list: int, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths (keys and indexes) to every value inside JSON ``data``, visiting the first
    ``per_list`` entries of each list: where a mutation test may change something."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += json_paths(value, per_list, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:per_list]):
            out += json_paths(value, per_list, (*prefix, index))
    return out


def state_game(state: State) -> Game:
    """The game a state belongs to (every game in the package keeps it as ``state.game``)."""
    game: Game = state.game  # type: ignore[attr-defined]
    return game


def random_step(state: State, rng: random.Random) -> int:
    """The next action of a random playthrough: chance from the game seed, a player uniformly at random."""
    if state.is_chance_node():
        return state.sample_chance_outcome()
    return rng.choice(state.legal_actions())


def random_playthrough(state: S, rng: random.Random, max_steps: int | None = None) -> S:
    """Play ``state`` on with :func:`random_step` until the end (or ``max_steps``); returns the same state."""
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        state.apply_action(random_step(state, rng))
        steps += 1
    return state


def random_game(name: str, players: int, seed: int, max_steps: int | None = None, **params: Any) -> State:
    """A seeded game of uniformly random legal decisions (chance from the game seed), to the end."""
    state = load_game(name, players=players, seed=seed, **params).new_initial_state()
    return random_playthrough(state, random.Random(seed), max_steps)


def replay_actions(game: Game, actions: Iterable[int]) -> State:
    """A fresh initial state of ``game`` with ``actions`` applied in order."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state
