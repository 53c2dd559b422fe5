"""Run a tournament: split the games into batches and play them here, in processes, or on Ray."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from math import ceil
from pathlib import Path

from stoneage.core.record import save_record
from stoneage.sim.config import TournamentConfig, validate
from stoneage.sim.play import play_batch, play_game
from stoneage.sim.results import GameResult

OnGame = Callable[[GameResult], None]


@dataclass
class TournamentResult:
    """The games of a tournament, in index order, and the wall time they took."""

    config: TournamentConfig
    results: list[GameResult]
    seconds: float


def record_path(directory: str | Path, index: int) -> Path:
    """Where ``--records`` puts the record of game ``index``."""
    return Path(directory) / f"game-{index:05d}.json"


def make_batches(config: TournamentConfig) -> list[list[int]]:
    """Game indices per task: ``config.batch`` each (locally smaller, so each job gets several)."""
    size = config.batch
    if config.backend == "local":
        size = max(1, min(size, ceil(config.games / (4 * config.jobs))))
    return [list(range(start, min(start + size, config.games))) for start in range(0, config.games, size)]


def _ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C is the driver's to handle (it stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local(config: TournamentConfig, batches: list[list[int]]) -> Iterator[list[GameResult]]:
    if config.jobs == 1:
        keep = config.records is not None
        for batch in batches:
            yield [play_game(config, index, keep) for index in batch]
        return
    pool = ProcessPoolExecutor(max_workers=config.jobs, initializer=_ignore_interrupts)
    try:
        futures = [pool.submit(play_batch, config, batch) for batch in batches]
        for future in as_completed(futures):
            yield future.result()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def run_tournament(config: TournamentConfig, on_game: OnGame | None = None) -> TournamentResult:
    """Validate ``config``, play its games and return them in index order.

    ``on_game`` is called in this process for each finished game, in finishing order (for a
    progress bar). With ``config.records`` set, each game's record is written there first.
    """
    validate(config)
    start = time.perf_counter()
    batches = make_batches(config)
    if config.backend == "ray":
        from stoneage.sim.ray_backend import run_on_ray

        stream = run_on_ray(config, batches)
    else:
        stream = _local(config, batches)
    results: list[GameResult] = []
    for batch in stream:
        for result in batch:
            if config.records is not None and result.record is not None:
                save_record(result.record, record_path(config.records, result.index))
                result.record = None
            results.append(result)
            if on_game is not None:
                on_game(result)
    results.sort(key=lambda r: r.index)
    return TournamentResult(config, results, time.perf_counter() - start)
