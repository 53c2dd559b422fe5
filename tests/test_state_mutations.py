"""Every hand-made state either is refused with ``StateFormatError`` or plays to the end.

For every registered game, states from seeded random playthroughs (several stages and phases, with
and without the expansions and variants) are mutated one field at a time — wrong types, numbers
off by one at both ends, names swapped for the other names the field takes (stages and phases
included), booleans flipped, lists one longer or shorter or with a duplicated entry, keys missing or
extra — and each mutated state must either be refused with ``StateFormatError`` or load, re-load
from its own JSON, show every seat an observation and then play to the end under seeded random
play within the game's ``max_game_length`` steps, never raising anything else and never getting
stuck without a legal action.

Plain seeded loops, no hypothesis: each (field pattern, mutation) pair is tried on a few states
chosen by a seeded generator, so the run is deterministic and fast, and wide rather than deep.
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

import pytest

from stoneage import Game, State, StateFormatError
from stoneage.core.contract import CHANCE
from stoneage.core.errors import GameOptionError
from stoneage.core.registry import game_info, game_names

from common import random_step, seeded_game

Path = tuple[Any, ...]
JSON_T = dict[str, Any]

KINDS = ("type", "number", "name", "flag", "shape", "every")
"""Mutation kinds: wrong JSON types; integers off by one, negative, huge, out of the seats or of the
range the field takes; strings swapped for the other values the field takes; booleans flipped;
lists and objects of the wrong length or with wrong keys."""

TRIES = 2
"""On how many states each (field pattern, mutation) pair is tried."""
STATES_PER_CONFIG = 14
"""At most this many states per configuration: the first of each (phase, stage), then the rest."""
MISSING = object()
"""A mutation that deletes the field."""


# --- the states ------------------------------------------------------------------------------------


def configs(name: str) -> list[dict[str, Any]]:
    """Parameters to play ``name`` with: fewest players bare, most players with every option, and a
    middle count with the expansions alone (duplicates and option sets the game refuses dropped)."""
    info = game_info(name)
    expansions = list(info.option_names("expansions"))
    variants = list(info.option_names("variants"))
    wanted = [
        {"players": info.min_players},
        {"players": info.max_players, "expansions": expansions, "variants": variants},
        {"players": min(info.min_players + 1, info.max_players), "expansions": expansions},
    ]
    out: list[dict[str, Any]] = []
    for params in wanted:
        if params in out:
            continue
        try:
            seeded_game(name, params["players"], 0, params.get("expansions", ()), params.get("variants", ()))
        except GameOptionError:
            continue
        out.append(params)
    return out


def _key(state: State) -> tuple[Any, Any]:
    return getattr(state, "phase", None), getattr(state, "stage", None)


@cache
def sample_states(name: str) -> tuple[tuple[Game, JSON_T], ...]:
    """Per configuration, one seeded random game: the first state of each (phase, stage) it passes,
    then states picked at random, up to ``STATES_PER_CONFIG``, and the final state."""
    out: list[tuple[Game, JSON_T]] = []
    for index, params in enumerate(configs(name)):
        seed = 11 + index
        game = seeded_game(name, params["players"], seed, params.get("expansions", ()), params.get("variants", ()))
        rng = random.Random(seed)
        state = game.new_initial_state()
        firsts: list[State] = []
        others: list[State] = []
        keys: set[tuple[Any, Any]] = set()
        steps = 0
        while not state.is_terminal() and steps < game_info(name).max_game_length:
            if _key(state) not in keys:
                keys.add(_key(state))
                firsts.append(state.clone())
            elif rng.random() < 0.02:
                others.append(state.clone())
            state.apply_action(random_step(state, rng))
            steps += 1
        room = max(STATES_PER_CONFIG - len(firsts), 0)
        picked = firsts + random.Random(seed).sample(others, min(room, len(others))) + [state]
        out += [(game, s.to_json()) for s in picked]
    return tuple(out)



# --- walking and editing JSON --------------------------------------------------------------------


def walk(data: Any, prefix: Path = (), longest: int = 6) -> Iterator[tuple[Path, Any]]:
    """Every (path, value) below ``data``; lists longer than ``longest`` (the log, the history) only
    at their ends."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*prefix, key), value
            yield from walk(value, (*prefix, key), longest)
    elif isinstance(data, list):
        indices = range(len(data)) if len(data) <= longest else (0, 1, len(data) - 1)
        for i in indices:
            yield (*prefix, i), data[i]
            yield from walk(data[i], (*prefix, i), longest)


def pattern(path: Path) -> tuple[Any, ...]:
    """A path with list indices blanked out, so a field is the same field in every state and seat."""
    return tuple("#" if isinstance(key, int) else key for key in path)


def edited(text: str, changes: list[tuple[Path, Any]]) -> JSON_T:
    """A fresh copy of the JSON ``text`` with the value at each path replaced (or deleted: ``MISSING``)."""
    data = json.loads(text)
    for path, value in changes:
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if value is MISSING:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
    assert isinstance(data, dict)
    return data


@dataclass
class Seen:
    """What each field pattern of a game holds across the sampled states."""

    strings: dict[tuple[Any, ...], set[str]] = field(default_factory=dict)
    low: dict[tuple[Any, ...], int] = field(default_factory=dict)
    high: dict[tuple[Any, ...], int] = field(default_factory=dict)


@cache
def seen_values(name: str) -> Seen:
    """Strings and integer ranges seen per field pattern, plus every stage and phase name the game has."""
    seen = Seen()
    for _, data in sample_states(name):
        for path, value in walk(data):
            key = pattern(path)
            if isinstance(value, str):
                seen.strings.setdefault(key, set()).add(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                seen.low[key] = min(seen.low.get(key, value), value)
                seen.high[key] = max(seen.high.get(key, value), value)
    game = sample_states(name)[0][0]
    state_type = type(game.new_initial_state())
    module = import_module(state_type.__module__)
    extra = {"stage": getattr(state_type, "STAGE_NAMES", ()), "phase": getattr(module, "PHASES", ())}
    for key, strings in seen.strings.items():
        if key[-1] in extra:
            strings.update(extra[key[-1]])
    return seen


Mutation = tuple[str, Any]
"""A label (what the mutation does, the same for the same field in every state) and the new value."""


def mutations(kind: str, key: tuple[Any, ...], value: Any, parent: Any, players: int, seen: Seen) -> list[Mutation]:
    """The mutations of ``kind`` for a field holding ``value`` (``parent``: the object or list it is in)."""
    out: list[Mutation] = []
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if kind == "type":
        candidates: list[Mutation] = [
            ("null", None), ("true", True), ("string", "x"), ("list", []), ("object", {}),
            ("float", float(value) if is_int else 1.5), ("huge", 10**30),
        ]
        if isinstance(value, list):
            candidates.append(("list->object", {str(i): v for i, v in enumerate(value)}))
        if isinstance(value, dict):
            candidates.append(("object->list", list(value.values())))
        out = [(label, new) for label, new in candidates if type(new) is not type(value) or label == "float"]
    elif kind == "number" and is_int:
        values = {
            "+1": value + 1, "-1": value - 1, "negative": -1, "zero": 0, "huge": 10**30,
            "below seen": seen.low[key] - 1, "above seen": seen.high[key] + 1,
            "seat count": players, "-seat count": -players,
        }
        done = {value}
        for label, new in values.items():
            if new not in done:
                done.add(new)
                out.append((label, new))
    elif kind == "name" and isinstance(value, str):
        out = [(f"-> {other}", other) for other in sorted(seen.strings.get(key, ())) if other != value]
        out.append(("unknown name", value + "_x"))
    elif kind == "flag" and isinstance(value, bool):
        out = [("flip", not value)]
    elif kind == "every":  # the same change in every entry of a list at once (see ``every_entry``)
        if isinstance(value, bool):
            out = [("all true", True), ("all false", False)]
        elif is_int:
            out = [("all +1", value + 1), ("all -1", value - 1), ("all zero", 0)]
        elif isinstance(value, str):
            out = [(f"all -> {other}", other) for other in sorted(seen.strings.get(key, ()))]
    elif kind == "shape":
        if isinstance(parent, dict):
            out.append(("missing", MISSING))
        if isinstance(value, list):
            out.append(("empty", []))
            if value:
                out += [("drop last", value[:-1]), ("duplicate last", [*value, value[-1]]),
                        ("duplicate first", [value[0], *value]), ("reversed", value[::-1])]
            else:
                out.append(("one null", [None]))
        if isinstance(value, dict) and value:
            out.append(("extra key", {**value, "extra": 0}))
            first = next(iter(value))
            out.append(("first key dropped", {k: v for k, v in value.items() if k != first}))
    return out


def every_entry(data: JSON_T, players: int, seen: Seen) -> list[tuple[tuple[Any, ...], list[tuple[Path, Any]]]]:
    """Per (field pattern inside a list, label): the same mutation in every entry of the list at once
    (every forest tile face up, every player one good richer), outside the log and the history."""
    groups: dict[tuple[Any, ...], list[tuple[Path, Any]]] = {}
    for path, value in walk(data, longest=30):
        if path[0] in ("log", "history") or not any(isinstance(k, int) for k in path):
            continue
        if isinstance(value, bool | int | str):
            groups.setdefault(pattern(path), []).append((path, value))
    out: list[tuple[tuple[Any, ...], list[tuple[Path, Any]]]] = []
    flags: dict[tuple[Any, ...], list[Path]] = {}  # per list of objects: every flag of every entry
    for key, entries in groups.items():
        if isinstance(entries[0][1], bool) and key[-2] == "#":
            flags.setdefault(key[:-1], []).extend(path for path, _ in entries)
    for key, paths in flags.items():
        out += [((key, f"every flag {value}"), [(path, value) for path in paths]) for value in (True, False)]
    for key, entries in groups.items():
        if len(entries) < 2:
            continue
        path, value = entries[0]
        for label, _ in mutations("every", key, value, None, players, seen):
            changes = [(p, dict(mutations("every", key, v, None, players, seen))[label]) for p, v in entries]
            out.append(((key, label), changes))
    return out


# --- playing a loaded state to the end ----------------------------------------------------------------


class Stuck(Exception):
    """A loaded state that cannot go on: no legal action, a bad current player, or no end in time."""


def check_playable(game: Game, state: State, name: str, rng: random.Random) -> None:
    """A loaded state re-loads from its JSON, has observations, tells its first step as facts (the
    log is read then) and plays to the end in time."""
    game.state_from_json(state.to_json())
    players = game.num_players
    for p in range(players):
        state.observation(p)
    budget = game_info(name).max_game_length
    steps = 0
    while not state.is_terminal():
        if steps >= budget:
            raise Stuck(f"not over after {budget} steps")
        player = state.current_player()
        if player != CHANCE and not 0 <= player < players:
            raise Stuck(f"current_player() is {player}")
        legal = state.legal_actions()
        if not legal:
            raise Stuck(f"no legal action at a live node (player {player})")
        action = state.sample_chance_outcome() if player == CHANCE else rng.choice(legal)
        if steps == 0:
            state.fact(action)
            state.apply_facts(action)
        else:
            state.apply_action(action)
        steps += 1
    state.returns()
    state.scores()


def where(error: BaseException) -> str:
    """The innermost frame of the package (or of the game's own code) that raised ``error``."""
    frames = traceback.extract_tb(error.__traceback__)
    inner = [f for f in frames if "stoneage" in f.filename or "toy_game" in f.filename] or frames
    frame = inner[-1]
    short = frame.filename.split("/src/")[-1].split("/tests/")[-1]
    return f"{short}:{frame.lineno} {frame.name}: {frame.line}"


@dataclass
class Failure:
    """A mutated state that neither was refused nor played to the end."""

    label: str
    error: BaseException
    where: str

    def __str__(self) -> str:
        return f"{self.label}: {type(self.error).__name__}: {str(self.error)[:200]} at {self.where}"


def run_kind(name: str, kind: str) -> list[Failure]:
    """Try every mutation of ``kind`` of every field pattern of ``name``'s states on ``TRIES`` states."""
    states = sample_states(name)
    seen = seen_values(name)
    texts = [json.dumps(data) for _, data in states]
    # (pattern, label) -> the states and paths where it applies, with the new value
    plan: dict[tuple[Any, ...], list[tuple[int, list[tuple[Path, Any]]]]] = {}
    for index, (game, data) in enumerate(states):
        parents: dict[Path, Any] = {(): data}
        for path, value in walk(data):
            parents[path] = value
            key = pattern(path)
            if key[0] in ("game", "format", "params") and kind != "type":
                continue  # the header: checked before anything else, one kind suffices
            if kind == "every":
                continue
            for label, new in mutations(kind, key, value, parents[path[:-1]], game.num_players, seen):
                plan.setdefault((key, label), []).append((index, [(path, new)]))
        if kind == "every":
            for key, changes in every_entry(data, game.num_players, seen):
                plan.setdefault(key, []).append((index, changes))
    failures: list[Failure] = []
    for (key, label), options in plan.items():
        chooser = random.Random(f"{name}/{'.'.join(map(str, key))}/{label}")  # other fields do not shift it
        if key[-1] in ("stage", "phase"):  # what is pending: tried once from every (phase, stage)
            by_stage: dict[str, list[tuple[int, list[tuple[Path, Any]]]]] = {}
            for option in options:
                by_stage.setdefault(json.dumps(_stage_of(states[option[0]][1])), []).append(option)
            tried = [chooser.choice(group) for group in by_stage.values()]
        else:
            tried = chooser.sample(options, min(TRIES, len(options)))
        for index, changes in tried:
            game = states[index][0]
            data = edited(texts[index], changes)
            what = f"state {index} {'.'.join(map(str, changes[0][0]))} {label}"
            try:
                state = game.state_from_json(data)
            except StateFormatError:
                continue
            except Exception as error:  # any other error is the finding
                failures.append(Failure(f"{what} (load)", error, where(error)))
                continue
            try:
                check_playable(game, state, name, random.Random(index))
            except Exception as error:  # any error after loading is the finding
                failures.append(Failure(f"{what} (play)", error, where(error)))
    return failures


def report(failures: list[Failure]) -> str:
    """The failures grouped by the place that raised, with an example of each."""
    groups: dict[str, list[Failure]] = {}
    for failure in failures:
        groups.setdefault(f"{type(failure.error).__name__} at {failure.where}", []).append(failure)
    lines = [f"{len(failures)} mutated states neither refused nor playable:"]
    for place, items in groups.items():
        lines.append(f"  {len(items)}x {place}")
        lines += [f"      {item}" for item in items[:4]]
    return "\n".join(lines)


# --- the tests -----------------------------------------------------------------------------------------


STONE_AGE_XFAIL: dict[str, str] = {}
"""Mutation kinds that Stone Age's loader does not survive yet (see the reasons): strict xfails, so
the fixer of ``games/stone_age`` flips each one when it passes. None left: the loader checks what
the rules can reach (``games/stone_age/validate.py``)."""


def _cases() -> list[Any]:
    out = []
    for name in game_names():
        for kind in KINDS:
            if name == "stone_age" and kind in STONE_AGE_XFAIL:
                reason = f"stone_age loader: {STONE_AGE_XFAIL[kind]}"
                out.append(pytest.param(name, kind, marks=pytest.mark.xfail(strict=True, reason=reason),
                                        id=f"{name}-{kind}"))
            else:
                out.append(pytest.param(name, kind, id=f"{name}-{kind}"))
    return out


@pytest.mark.parametrize(("name", "kind"), _cases())
def test_a_mutated_state_is_refused_or_plays_to_the_end(name: str, kind: str) -> None:
    failures = run_kind(name, kind)
    assert not failures, report(failures)


def test_the_sampled_states_cover_several_stages_and_every_configuration() -> None:
    for name in game_names():
        states = sample_states(name)
        assert len({json.dumps(data.get("params")) for _, data in states}) == len(configs(name))
        stages = {json.dumps(_stage_of(data)) for _, data in states}
        assert len(stages) >= 3, f"{name}: only {sorted(stages)}"


def _stage_of(data: JSON_T) -> Any:
    pending = data.get("pending")
    return [data.get("phase"), pending.get("stage") if isinstance(pending, dict) else data.get("stage")]

