"""Who sits where in game ``i`` and with which seeds: a pure function of the config and ``i``.

Table sizes take turns: game ``i`` has size ``sizes[i mod len(sizes)]`` and is game
``j = i div len(sizes)`` of that size. Each size has a cycle of tables: for each rotation ``r``,
for each set of bot entries of that size (in list order), that set with its ``k``-th bot at seat
``(k + r) mod size``; game ``j`` of the size plays table ``j mod len(cycle)``. With one table of
all the bots the cycle is just the rotations: game ``i`` seats bot ``k`` of the list at seat
``(k + i) mod n``. Seats are exactly balanced when the number of games is a multiple of
``cycle_length``.

Seeds use the package's counter-based generator (splitmix64, no ``hash()``):
game seed ``draw(seed, 5 i, 2**31)``, seed of the bot at seat ``s``: ``draw(seed, 5 i + 1 + s, 2**31)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import lcm

from stoneage.core import rng
from stoneage.sim.config import MAX_PLAYERS, TournamentConfig

SEED_BOUND = 2**31
_STRIDE = MAX_PLAYERS + 1


@dataclass(frozen=True)
class GameSetup:
    """Game ``index`` of a tournament: its seed and, per seat, the bot entry and its seed."""

    index: int
    seed: int
    entries: tuple[int, ...]
    """Index into ``config.bots`` of the bot at each seat."""
    bot_seeds: tuple[int, ...]


@cache
def tables(bot_count: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The seating cycle of one table size: per game, the bot entry at each seat."""
    groups = list(combinations(range(bot_count), size))
    return tuple(
        tuple(group[(seat - rotation) % size] for seat in range(size))
        for rotation in range(size)
        for group in groups
    )


def cycle_length(config: TournamentConfig) -> int:
    """How many games make every bot play every seat of every table size equally often."""
    sizes = config.table_sizes()
    return len(sizes) * lcm(*(len(tables(len(config.bots), size)) for size in sizes))


def setup(config: TournamentConfig, index: int) -> GameSetup:
    """Seats and seeds of game ``index`` (0-based); independent of ``config.games``."""
    if index < 0:
        raise ValueError(f"game index must be non-negative, not {index}")
    sizes = config.table_sizes()
    cycle = tables(len(config.bots), sizes[index % len(sizes)])
    entries = cycle[index // len(sizes) % len(cycle)]
    base = index * _STRIDE
    return GameSetup(
        index=index,
        seed=rng.draw(config.seed, base, SEED_BOUND),
        entries=entries,
        bot_seeds=tuple(rng.draw(config.seed, base + 1 + seat, SEED_BOUND) for seat in range(len(entries))),
    )
