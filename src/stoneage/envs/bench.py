"""Steps per second of each research adapter beside the raw engine: ``python -m stoneage.envs.bench``.

Every row plays uniform-random legal actions, game after game, for ``--steps`` decisions of one
game at one player count, chance drawn from a seeded generator, on one core; the fastest of
``--repeat`` runs counts (other processes only ever slow a run down):

- ``engine``: ``legal_actions()`` + ``apply_action()`` on the state (chance outcomes included);
- ``engine + tensor``: the same plus the mover's ``observation_tensor`` (what every adapter pays);
- ``openspiel``: the same as ``engine`` through ``pyspiel`` (``stoneage.envs.openspiel``), when
  the ``spiel`` extra is installed;
- ``pettingzoo``: the AEC environment's ``last()`` (observation and mask) + ``step()``;
- ``pettingzoo cycle``: the cycle view (every agent steps once per decision);
- ``gymnasium``: ``step()`` of seat 0 against ``random`` bots (the bots' decisions happen inside).

A step is one ``step()`` call (one decision for the engine rows); decisions are those of every
seat, bots included, and ``vs engine`` compares decisions per second.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from stoneage.core.contract import CHANCE
from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import _
from stoneage.core.limits import SEED, whole_number
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names, load_game
from stoneage.envs.gymnasium import StoneAgeGymEnv
from stoneage.envs.pettingzoo import raw_env

Runner = Callable[[str, dict[str, Any], int, int], tuple[int, int]]
"""Plays ``steps`` steps of a game with its params and seed; returns the steps and the decisions
(of every seat: the bots' included) they took."""


@dataclass(frozen=True)
class Row:
    """One adapter's speed on one game at one player count."""

    game: str
    players: int
    adapter: str
    steps: int
    decisions: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Steps per second."""
        return self.steps / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        """Decisions of any seat per second."""
        return self.decisions / self.seconds if self.seconds else 0.0


def engine(game: str, params: dict[str, Any], steps: int, seed: int, tensor: bool = False) -> tuple[int, int]:
    """The raw engine; with ``tensor`` also the mover's observation tensor each decision."""
    loaded, generator = load_game(game, **params), random.Random(seed)
    state, done = loaded.new_initial_state(), 0
    while done < steps:
        if state.is_terminal():
            state = loaded.new_initial_state()
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome(generator))
            continue
        if tensor:
            state.observation_tensor(player)
        state.apply_action(generator.choice(state.legal_actions()))
        done += 1
    return done, done


def openspiel(game: str, params: dict[str, Any], steps: int, seed: int) -> tuple[int, int]:
    """The engine through pyspiel (``ImportError`` without the ``spiel`` extra)."""
    from stoneage.envs.openspiel import load  # the spiel extra is optional

    loaded, generator = load(game, **params), random.Random(seed)
    state, done = loaded.new_initial_state(), 0
    while done < steps:
        if state.is_terminal():
            state = loaded.new_initial_state()
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(generator.choices(outcomes, weights)[0])
            continue
        state.apply_action(generator.choice(state.legal_actions()))
        done += 1
    return done, done


def pettingzoo(game: str, params: dict[str, Any], steps: int, seed: int, turns: str = "game") -> tuple[int, int]:
    """The AEC environment (or its cycle view), ``last()`` and ``step()`` per agent step."""
    env, generator = raw_env(game, turns=turns, **params), random.Random(seed)
    env.reset(seed=seed)
    done = decisions = 0
    while done < steps:
        if not env.agents:
            decisions += env.decisions
            env.reset()
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(generator.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        done += 1
    return done, decisions + env.decisions


def gymnasium(game: str, params: dict[str, Any], steps: int, seed: int) -> tuple[int, int]:
    """The Gymnasium environment of seat 0 against random bots."""
    env, generator = StoneAgeGymEnv(game, opponents="random", **params), random.Random(seed)
    observation, _info = env.reset(seed=seed)
    done = decisions = 0
    while done < steps:
        action = generator.choice(np.flatnonzero(observation["action_mask"]).tolist())
        observation, _reward, terminated, _truncated, _info = env.step(action)
        done += 1
        if terminated:
            decisions += env.decisions
            observation, _info = env.reset()
    return done, decisions + env.decisions


ADAPTERS: dict[str, Runner] = {
    "engine": engine,
    "engine + tensor": lambda game, params, steps, seed: engine(game, params, steps, seed, tensor=True),
    "openspiel": openspiel,
    "pettingzoo": pettingzoo,
    "pettingzoo cycle": lambda game, params, steps, seed: pettingzoo(game, params, steps, seed, turns="cycle"),
    "gymnasium": gymnasium,
}


def measure(game: str, params: dict[str, Any], adapter: str, steps: int, seed: int, repeat: int = 1) -> Row:
    """One adapter's row, the fastest of ``repeat`` runs (``ImportError`` if its extra is missing)."""
    best = float("inf")
    for _run in range(repeat):
        start = time.perf_counter()
        done, decisions = ADAPTERS[adapter](game, params, steps, seed)
        best = min(best, time.perf_counter() - start)
    return Row(game, params["players"], adapter, done, decisions, best)


def run(games: Sequence[str], players: Sequence[int] | None, steps: int, seed: int,
        options: dict[str, list[str]], repeat: int = 1, out: Callable[[str], None] = print) -> list[Row]:
    """Measure every adapter on each game and player count, printing a table as it goes."""
    rows: list[Row] = []
    out(f"| {_('game')} | {_('players')} | {_('adapter')} | {_('steps/s')} | {_('decisions/s')} "
        f"| {_('vs engine')} |")
    out("|---|---:|---|---:|---:|---:|")
    for game in games:
        info = game_info(game)
        for count in players or range(info.min_players, info.max_players + 1):
            params: dict[str, Any] = {"players": count, **options}
            load_game(game, **params)  # GameOptionError for a count or option the game lacks
            base = 0.0
            for adapter in ADAPTERS:
                try:
                    row = measure(game, params, adapter, steps, seed, repeat)
                except ImportError as error:
                    out(f"| {game} | {count} | {adapter} | {_('skipped: {reason}').format(reason=error)} | | |")
                    continue
                base = base or row.decisions_per_second
                rows.append(row)
                out(f"| {game} | {count} | {adapter} | {row.per_second:,.0f} | {row.decisions_per_second:,.0f} "
                    f"| {row.decisions_per_second / base:.2f} |")
    out(_("Python {version}, one core; {steps} steps per row, the fastest of {repeat} runs, "
          "uniform-random legal actions").format(version=platform.python_version(), steps=steps, repeat=repeat))
    return rows


_PLAYERS = whole_number(1, 100, "players")
_STEPS = whole_number(1, 100_000_000, "steps")
_REPEAT = whole_number(1, 1000, "repeat")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m stoneage.envs.bench",
                                     description=_("steps per second of the research adapters beside the engine"))
    parser.add_argument("--game", action="append", metavar="NAME",
                        help=_("game to measure, repeatable, or all (default stone_age)"))
    parser.add_argument("--players", type=_PLAYERS, action="append", metavar="N",
                        help=_("a player count, repeatable (default: every count the game allows)"))
    parser.add_argument("--steps", type=_STEPS, default=5000, metavar="N",
                        help=_("decisions per adapter and player count (default 5000)"))
    parser.add_argument("--repeat", type=_REPEAT, default=3, metavar="N",
                        help=_("runs of each row; the fastest counts (default 3)"))
    parser.add_argument("--seed", type=SEED, default=0, metavar="S", help=_("seed of chance and of the actions"))
    parser.add_argument("--expansion", action="append", default=[], metavar="NAME",
                        help=_("an expansion of the game, e.g. mammoth (repeatable)"))
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help=_("a house rule of the game (repeatable)"))
    args = parser.parse_args(argv)
    games = args.game or [DEFAULT_GAME]
    if "all" in games:
        games = game_names()
    options = {key: value for key, value in (("expansions", args.expansion), ("variants", args.variant)) if value}
    try:
        run(games, args.players, args.steps, args.seed, options, args.repeat)
    except StoneAgeError as error:
        print(_("error: {message}").format(message=error), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
