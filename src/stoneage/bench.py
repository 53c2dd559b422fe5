"""The engine benchmark behind ``stoneage bench``: random games, steps, clone cost, memory."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass

from stoneage.core.contract import State
from stoneage.core.registry import load_game


@dataclass
class BenchResult:
    """Throughput of uniform-random complete games for one player count."""

    players: int
    games: int
    games_per_second: float
    steps_per_second: float
    steps_per_game: float
    clone_microseconds: float
    state_bytes: float


def play_random(state: State, rng: random.Random) -> int:
    """Play uniformly random legal actions (chance from the seed) to the end; return the steps."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def mid_game_state(players: int, seed: int, steps: int = 300, expansions: Sequence[str] = ()) -> State:
    """A state ``steps`` random steps into a game."""
    state = load_game("stone_age", players=players, seed=seed, expansions=expansions).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def clone_cost(state: State, repeat: int = 20000) -> float:
    """Median microseconds per ``clone()`` over five timed batches."""
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            state.clone()
        runs.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(runs)


def state_memory(state: State, copies: int = 10000) -> float:
    """Bytes each clone of ``state`` adds (what a search tree pays per stored state)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [state.clone() for _ in range(copies)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / copies


def bench(players: int, games: int, seed: int = 0, expansions: Sequence[str] = ()) -> BenchResult:
    """Time ``games`` uniform-random complete games of ``players`` (with these expansions)."""
    game_list = [load_game("stone_age", players=players, seed=seed + i, expansions=expansions)
                 for i in range(games)]
    steps = 0
    start = time.perf_counter()
    for i, game in enumerate(game_list):
        steps += play_random(game.new_initial_state(), random.Random(seed + i))
    elapsed = time.perf_counter() - start
    mid = mid_game_state(players, seed, expansions=expansions)
    return BenchResult(
        players=players,
        games=games,
        games_per_second=games / elapsed,
        steps_per_second=steps / elapsed,
        steps_per_game=steps / games,
        clone_microseconds=clone_cost(mid),
        state_bytes=state_memory(mid),
    )
