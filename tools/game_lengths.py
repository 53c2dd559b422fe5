"""Measure how long uniform-random games run, for docs/limits.md (issue 39, D18).

    python tools/game_lengths.py [--games N] [--jobs J] [--seed S]

Plays N seeded games of every registered game at every player count with every combination of
its expansions and variants, each decision uniformly random and chance sampled from the game's
seed (the same games as ``stoneage simulate --seed``), and prints a markdown table of the
actions per game (chance included): mean, 99th percentile and longest, beside each game's
enforced ``max_game_length``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from stoneage.core.registry import game_info, game_names, load_game


def configurations() -> Iterator[tuple[str, int, tuple[str, ...], tuple[str, ...]]]:
    """Every game, player count and combination of expansions and variants."""
    for name in game_names():
        info = game_info(name)
        for players in range(info.min_players, info.max_players + 1):
            for expansions in _subsets(info.option_names("expansions")):
                for variants in _subsets(info.option_names("variants")):
                    yield name, players, expansions, variants


def _subsets(names: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    for size in range(len(names) + 1):
        yield from itertools.combinations(names, size)


def game_length(job: tuple[str, int, tuple[str, ...], tuple[str, ...], int]) -> int:
    """The number of actions of one uniform-random game."""
    name, players, expansions, variants, seed = job
    options: dict[str, Any] = {"variants": list(variants)}
    if expansions:
        options["expansions"] = list(expansions)
    state = load_game(name, players=players, seed=seed, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return len(state.history())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args(argv)
    lengths: dict[str, list[int]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for config in configurations():
            jobs = [(*config, args.seed + index) for index in range(args.games)]
            found = list(pool.map(game_length, jobs, chunksize=16))
            lengths.setdefault(config[0], []).extend(found)
            print(f"{config[0]} {config[1]}p {'+'.join(config[2] + config[3]) or '-'}: longest {max(found)}",
                  file=sys.stderr)
    print("| game | games | mean | 99th percentile | longest | enforced limit |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, found in lengths.items():
        found.sort()
        p99 = found[min(len(found) - 1, int(0.99 * len(found)))]
        print(f"| {name} | {len(found):,} | {statistics.fmean(found):,.0f} | {p99:,} | {max(found):,} "
              f"| {game_info(name).max_game_length:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
