"""Stopping a tournament: Ctrl-C keeps every finished game and leaves no process; --jobs fits the machine."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from stoneage.core.record import load_record, replay
from stoneage.sim import GameResult, TournamentConfig, TournamentError, TournamentInterrupted, run_tournament
from stoneage.sim.config import available_cpus, validate
from stoneage.sim.errors import JobsError
from stoneage.sim.interrupts import sigint_held
from stoneage.sim.stats import format_rate
from stoneage.sim.workers import process_pool

HANG_GUARD = 120
"""Seconds after which a test gives up on a process (a guard against hangs, not a speed limit)."""


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting to be reaped does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for_lines(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    """Wait until ``path`` holds ``count`` complete lines (or fail if the process ends first)."""
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().count("\n") >= count:
            return
        if process.poll() is not None:
            pytest.fail(f"the tournament ended before writing {count} games: {process.communicate()}")
        time.sleep(0.02)
    process.kill()
    pytest.fail(f"no {count} games written within {HANG_GUARD} s")


def as_from_a_terminal() -> None:
    """In the child: Ctrl-C acts as in a terminal, even when this test run was started with it ignored
    (a background job of a non-interactive shell), which the child would otherwise inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")


@needs_proc
@pytest.mark.parametrize(("jobs", "whole_group"), [(1, False), (2, False), (2, True)])
def test_ctrl_c_stops_the_tournament_and_keeps_every_finished_game(tmp_path: Path, jobs: int,
                                                                    whole_group: bool) -> None:
    """``whole_group``: SIGINT to the driver and its workers at once, as a terminal's Ctrl-C does."""
    if jobs > available_cpus():
        pytest.skip(f"needs {jobs} CPUs")
    out, records = tmp_path / "results.jsonl", tmp_path / "records"
    games = 200_000
    process = subprocess.Popen(
        [sys.executable, "-m", "stoneage", "tournament", "--bots", "random,random,random", "--games", str(games),
         "--jobs", str(jobs), "--out", str(out), "--records", str(records)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=whole_group,
        preexec_fn=as_from_a_terminal,
    )

    def interrupt() -> None:
        with contextlib.suppress(ProcessLookupError):  # it may have stopped already
            if whole_group:
                os.killpg(process.pid, signal.SIGINT)
            else:
                process.send_signal(signal.SIGINT)

    try:
        wait_for_lines(out, 3, process)
        workers = children_of(process.pid)
        assert len(workers) == (jobs if jobs > 1 else 0)
        interrupt()
        time.sleep(0.05)
        interrupt()  # an impatient second Ctrl-C changes nothing
        stdout, stderr = process.communicate(timeout=HANG_GUARD)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    lines = out.read_text().splitlines()
    assert f"interrupted after {len(lines)} of {games} games" in stderr
    assert 3 <= len(lines) < games
    results = [GameResult.from_json(json.loads(line)) for line in lines]
    indices = [result.index for result in results]
    assert indices == sorted(set(indices))
    assert sorted(path.name for path in records.iterdir()) == [f"game-{i:05d}.json" for i in indices]
    for result in (results[0], results[-1]):
        _, state = replay(load_record(records / f"game-{result.index:05d}.json"))
        assert state.scores() == result.scores
    assert "Played" not in stdout
    assert [pid for pid in workers if alive(pid)] == []


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the failing game is patched in by fork")
def test_a_game_that_fails_in_a_worker_is_reported_and_the_workers_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    if available_cpus() < 2:
        pytest.skip("needs 2 CPUs")
    from stoneage.sim import runner

    real = runner.play_game

    def failing(config: TournamentConfig, index: int, keep: bool = False) -> GameResult:
        if index == 3:
            raise ValueError("a broken bot")
        return real(config, index, keep)

    monkeypatch.setattr(runner, "play_game", failing)
    before = set(children_of(os.getpid()))
    with pytest.raises(TournamentError, match="game 3 failed in a worker process: ValueError: a broken bot"):
        run_tournament(TournamentConfig(bots=("random", "random"), games=8, jobs=2))
    assert set(children_of(os.getpid())) <= before


def test_games_arrive_one_by_one_in_finishing_order_and_return_sorted() -> None:
    if available_cpus() < 2:
        pytest.skip("needs 2 CPUs")
    seen: list[int] = []
    outcome = run_tournament(TournamentConfig(bots=("random", "random"), games=7, jobs=2, seed=3),
                             on_game=lambda result: seen.append(result.index))
    assert sorted(seen) == list(range(7))
    assert [result.index for result in outcome.results] == list(range(7))
    alone = run_tournament(TournamentConfig(bots=("random", "random"), games=7, seed=3))
    assert [r.outcome() for r in outcome.results] == [r.outcome() for r in alone.results]


# --- --jobs fits the machine ----------------------------------------------------------------------------


def test_more_jobs_than_cpus_is_a_typed_error_on_the_command_line() -> None:
    too_many = available_cpus() + 1
    result = subprocess.run(
        [sys.executable, "-m", "stoneage", "tournament", "--bots", "random,random", "--games", "2",
         "--jobs", str(too_many)],
        capture_output=True, text=True, timeout=HANG_GUARD, check=False,
    )
    assert result.returncode == 2
    assert f"--jobs {too_many} asks for {too_many} worker processes" in result.stderr
    assert f"use --jobs {available_cpus()} or less" in result.stderr
    assert "Traceback" not in result.stderr and "Tournament:" not in result.stdout


def test_the_jobs_cap_is_the_cpu_count_unless_a_ray_cluster_is_named() -> None:
    cpus = available_cpus()
    validate(TournamentConfig(bots=("random", "random"), jobs=cpus))
    with pytest.raises(JobsError, match=f"this machine has {cpus} CPU"):
        validate(TournamentConfig(bots=("random", "random"), jobs=cpus + 1))
    with pytest.raises(JobsError, match="local Ray instance"):
        validate(TournamentConfig(bots=("random", "random"), jobs=5000, backend="ray"))
    validate(TournamentConfig(bots=("random", "random"), jobs=5000, backend="ray", ray_address="head:6379"))


# --- the rate line and the parsers ----------------------------------------------------------------------


def test_slow_tournaments_still_show_their_rate() -> None:
    assert format_rate(30, 968.0) == "0.031 games/s, 32.3 s/game"
    assert format_rate(2, 1500.0) == "0.00133 games/s, 12.5 min/game"
    assert format_rate(6, 2.4) == "2.50 games/s"
    assert format_rate(1000, 4.0) == "250 games/s"
    assert format_rate(0, 3.0) == "no games"


@pytest.mark.parametrize(
    "args",
    [
        ("tournament", "--bots", "random,random", "--gam", "2"),
        ("tournament-game", "--bots", "random,random", "--ind", "0"),
    ],
)
def test_option_abbreviations_are_refused(args: tuple[str, ...]) -> None:
    result = subprocess.run([sys.executable, "-m", "stoneage", *args], capture_output=True, text=True,
                            timeout=HANG_GUARD, check=False)
    assert result.returncode == 2
    assert "unrecognized arguments" in result.stderr or "required" in result.stderr
    assert "Tournament:" not in result.stdout and "Game 0" not in result.stdout


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_raises_with_the_finished_games_in_index_order(jobs: int) -> None:
    if jobs > available_cpus():
        pytest.skip(f"needs {jobs} CPUs")
    seen: list[int] = []

    def stop_after_four(result: GameResult) -> None:
        seen.append(result.index)
        if len(seen) == 4:
            raise KeyboardInterrupt

    before = set(children_of(os.getpid())) if Path("/proc/self/stat").exists() else set()
    with pytest.raises(TournamentInterrupted) as stopped:
        run_tournament(TournamentConfig(bots=("random", "random"), games=500, jobs=jobs), on_game=stop_after_four)
    partial = stopped.value.partial
    kept = [result.index for result in partial.results]
    assert kept == sorted(kept) and set(seen) == set(kept) and 4 <= len(kept) < 500
    assert str(stopped.value) == f"interrupted after {len(kept)} of 500 games"
    if Path("/proc/self/stat").exists():
        assert set(children_of(os.getpid())) <= before


def test_a_ctrl_c_while_workers_start_is_held_not_lost() -> None:
    reached = False
    with pytest.raises(KeyboardInterrupt), sigint_held():
        os.kill(os.getpid(), signal.SIGINT)
        reached = True  # held: nothing is raised while the workers start
    assert reached


def test_a_ctrl_c_while_a_pool_starts_stops_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    context = multiprocessing.get_context()
    real_pool = context.Pool
    made: list[Any] = []

    def pool_then_ctrl_c(*args: Any, **kwargs: Any) -> Any:
        made.append(real_pool(*args, **kwargs))
        os.kill(os.getpid(), signal.SIGINT)  # a person pressing Ctrl-C just as the workers came up
        return made[-1]

    monkeypatch.setattr(context, "Pool", pool_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt), process_pool(2):
        pytest.fail("the pool was handed out although Ctrl-C came while it started")
    workers = made[0]._pool
    deadline = time.monotonic() + HANG_GUARD
    while any(worker.is_alive() for worker in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(worker.is_alive() for worker in workers)
