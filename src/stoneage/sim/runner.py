"""Run a tournament: play its games here, in worker processes, or on Ray, and collect them one by one.

Local workers get one game index at a time and send each finished game back on its own, so a
Ctrl-C loses only the games still being played: the runner stops the workers (terminate, then
kill), keeps every finished game and raises ``TournamentInterrupted`` carrying them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
import traceback
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Protocol

from stoneage.core.i18n import _
from stoneage.core.record import save_record
from stoneage.sim.config import TournamentConfig, validate
from stoneage.sim.errors import TournamentError
from stoneage.sim.interrupts import interrupt_guard, sigint_held
from stoneage.sim.play import play_game
from stoneage.sim.results import GameResult
from stoneage.sim.workers import worker_start

OnGame = Callable[[GameResult], None]

IN_FLIGHT = 2
"""Games handed to each worker ahead (so it never waits for the driver between games)."""
STOP_SECONDS = 1.0
"""How long a worker may take to exit after SIGTERM before it is killed."""


@dataclass
class TournamentResult:
    """The games of a tournament, in index order, and the wall time they took."""

    config: TournamentConfig
    results: list[GameResult]
    seconds: float


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped the tournament; ``partial`` holds every game that finished, in index order."""

    def __init__(self, partial: TournamentResult) -> None:
        super().__init__(f"interrupted after {len(partial.results)} of {partial.config.games} games")
        self.partial = partial


def record_path(directory: str | Path, index: int) -> Path:
    """Where ``--records`` puts the record of game ``index``."""
    return Path(directory) / f"game-{index:05d}.json"


def make_batches(config: TournamentConfig, indices: Sequence[int] | None = None) -> list[list[int]]:
    """Game indices per Ray task: ``config.batch`` each (of ``indices``, by default every game)."""
    todo = list(range(config.games)) if indices is None else list(indices)
    size = config.batch
    return [todo[start:start + size] for start in range(0, len(todo), size)]


class GameStream(Protocol):
    """Where finished games come from."""

    def __iter__(self) -> Iterator[GameResult]: ...

    def stop(self) -> list[GameResult]:
        """Stop now; return the games that finished but were not yielded yet."""

    def close(self) -> None:
        """Release everything after a normal end."""


class _Serial:
    """``--jobs 1``: play in this process."""

    def __init__(self, config: TournamentConfig, indices: Sequence[int]) -> None:
        self.config = config
        self.indices = indices

    def __iter__(self) -> Iterator[GameResult]:
        keep = self.config.records is not None
        for index in self.indices:
            yield play_game(self.config, index, keep)

    def stop(self) -> list[GameResult]:
        return []

    def close(self) -> None:
        pass


def _worker(config: TournamentConfig, conn: Connection, inherited: list[Connection], parent: int) -> None:
    """A worker process: play each game index it is sent and send the result back."""
    worker_start(parent)  # Ctrl-C is the driver's to handle; the driver's death ends this worker
    for other in inherited:  # the driver's ends of the pipes, copied by fork: without them, EOF works
        other.close()
    keep = config.records is not None
    try:
        while True:
            index = conn.recv()
            if index is None:
                return
            try:
                result = play_game(config, index, keep)
            except Exception as error:  # sent to the driver, which raises it there
                conn.send(("error", index, f"{type(error).__name__}: {error}\n{traceback.format_exc()}"))
                return
            conn.send(("ok", index, result))
    except (EOFError, OSError):  # the driver is gone
        return


class _Workers:
    """``--jobs N``: N worker processes, each fed game indices over its own pipe."""

    def __init__(self, config: TournamentConfig, indices: Sequence[int]) -> None:
        self.config = config
        self.todo = list(indices)
        context = multiprocessing.get_context()
        forking = context.get_start_method() == "fork"
        self.processes: list[BaseProcess] = []
        self.conns: list[Connection] = []
        self.busy: dict[Connection, int] = {}
        self.next_index = 0
        try:
            with sigint_held():  # the workers start with Ctrl-C ignored, and one meanwhile is raised after
                for _number in range(min(config.jobs, len(self.todo))):
                    ours, theirs = context.Pipe()
                    self.conns.append(ours)
                    self.busy[ours] = 0
                    inherited = list(self.conns) if forking else []
                    process = context.Process(target=_worker, args=(config, theirs, inherited, os.getpid()),
                                              daemon=True)
                    process.start()
                    theirs.close()
                    self.processes.append(process)
        except OSError as error:  # out of processes or memory: stop the workers already started
            self._end(terminate=True)
            raise TournamentError(_("cannot start {jobs} worker processes: {error}").format(
                jobs=config.jobs, error=error)) from None
        except BaseException:
            self._end(terminate=True)
            raise

    def _feed(self, conn: Connection) -> None:
        while self.busy[conn] < IN_FLIGHT and self.next_index < len(self.todo):
            conn.send(self.todo[self.next_index])
            self.next_index += 1
            self.busy[conn] += 1

    def _receive(self, conn: Connection) -> GameResult:
        try:
            kind, index, payload = conn.recv()
        except (EOFError, OSError):
            process = self.processes[self.conns.index(conn)]
            process.join(STOP_SECONDS)
            raise TournamentError(_("a worker process died (exit code {code})").format(code=process.exitcode)) \
                from None
        self.busy[conn] -= 1
        if kind == "error":
            raise TournamentError(_("game {index} failed in a worker process: {error}").format(
                index=index, error=payload))
        result: GameResult = payload
        return result

    def __iter__(self) -> Iterator[GameResult]:
        for conn in self.conns:
            self._feed(conn)
        while any(self.busy.values()):
            for ready in wait([conn for conn in self.conns if self.busy[conn]]):
                assert isinstance(ready, Connection)
                conn = ready
                result = self._receive(conn)
                self._feed(conn)
                yield result

    def stop(self) -> list[GameResult]:
        finished: list[GameResult] = []
        for conn in self.conns:
            try:
                while self.busy[conn] and conn.poll(0):
                    kind, _index, payload = conn.recv()
                    self.busy[conn] -= 1
                    if kind == "ok":
                        finished.append(payload)
            except (EOFError, OSError, ValueError):
                pass
        self._end(terminate=True)
        return finished

    def close(self) -> None:
        for conn in self.conns:
            with contextlib.suppress(OSError):
                conn.send(None)
        self._end(terminate=False)

    def _end(self, terminate: bool) -> None:
        if terminate:
            for process in self.processes:
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process in self.processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in self.processes:
            if process.is_alive():
                process.kill()
                process.join()
        for conn in self.conns:
            conn.close()


class _Ray:
    """``--backend ray``: batches of ``config.batch`` games as Ray tasks (a batch arrives whole)."""

    def __init__(self, config: TournamentConfig, indices: Sequence[int]) -> None:
        from stoneage.sim.ray_backend import RayBatches

        self.batches = RayBatches(config, make_batches(config, indices))

    def __iter__(self) -> Iterator[GameResult]:
        for batch in self.batches:
            yield from batch

    def stop(self) -> list[GameResult]:
        return [result for batch in self.batches.stop() for result in batch]

    def close(self) -> None:
        self.batches.close()


def open_stream(config: TournamentConfig, skip: Collection[int] = ()) -> GameStream:
    """The games of ``config`` as they finish (all but those in ``skip``), from the backend it names."""
    indices = [index for index in range(config.games) if index not in skip]
    if config.backend == "ray":
        return _Ray(config, indices)
    if config.jobs == 1:
        return _Serial(config, indices)
    return _Workers(config, indices)


def run_tournament(config: TournamentConfig, on_game: OnGame | None = None,
                   skip: Collection[int] = ()) -> TournamentResult:
    """Validate ``config``, play its games and return them in index order.

    ``on_game`` is called in this process for each finished game, in finishing order (for a
    progress bar or a results file written as the games come). With ``config.records`` set,
    each game's record is written there first. Writing a record and calling ``on_game`` is not
    cut by Ctrl-C; a Ctrl-C stops the workers and raises ``TournamentInterrupted`` with every
    game that finished (each already recorded and passed to ``on_game``). Games whose index is in
    ``skip`` (played before, e.g. by a run being resumed) are not played, and not in the result.
    """
    validate(config)
    start = time.perf_counter()
    results: list[GameResult] = []
    guard = interrupt_guard()

    def keep(result: GameResult) -> None:
        with guard.critical():
            if config.records is not None and result.record is not None:
                save_record(result.record, record_path(config.records, result.index))
                result.record = None
            results.append(result)
            if on_game is not None:
                on_game(result)

    with guard:
        stream: GameStream | None = None
        try:
            stream = open_stream(config, frozenset(skip))
            for result in stream:
                keep(result)
        except KeyboardInterrupt:
            guard.interrupted = True  # from here on Ctrl-C is ignored until the guard ends
            late = stream.stop() if stream is not None else []
            for result in late:
                keep(result)
            results.sort(key=lambda r: r.index)
            raise TournamentInterrupted(TournamentResult(config, results, time.perf_counter() - start)) from None
        except BaseException:
            if stream is not None:
                stream.stop()
            raise
        stream.close()
    results.sort(key=lambda r: r.index)
    return TournamentResult(config, results, time.perf_counter() - start)

