"""Ctrl-C stops every command at once: exit 130 within about a second, no traceback, no process of its
group left, finished work kept; a second (or fifth) Ctrl-C changes nothing; worker processes die with
their driver, even after ``kill -9``; a Ctrl-C while the modules are still being imported is a clean
130 too. Each command runs in its own session, so the signals sent to its process group (as a
terminal's Ctrl-C is) never reach pytest."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from stoneage.core.record import make_record, save_record
from stoneage.core.registry import load_game
from stoneage.sim.config import available_cpus
from test_sim_interrupt import alive, as_from_a_terminal, children_of

HANG_GUARD = 60.0
"""Seconds after which a wait gives up (a guard against hangs, not a speed limit)."""
EXIT_SECONDS = 3.0
"""How long a command may take from the first Ctrl-C to its exit. Measured on a loaded 2-CPU machine,
the slowest command (--jobs 2, workers terminated) takes about 0.3 s; 3 s leaves room for a busy CI."""
GAP = 0.1
"""Seconds between two Ctrl-C of an impatient person (the later ones arrive while the command stops)."""

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
pytestmark = needs_proc


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or ``None`` if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def group_of(pgid: int) -> list[int]:
    """The live processes (zombies apart) of process group ``pgid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used (user and system), 0 if it is gone."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until(condition: Callable[[], bool], what: str, process: subprocess.Popen[bytes] | None = None,
               bound: float = HANG_GUARD) -> None:
    """Wait until ``condition()`` holds; fail after ``bound`` seconds or if ``process`` ends first."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if condition():
            return
        if process is not None and process.poll() is not None:
            pytest.fail(f"the command ended (status {process.returncode}) before {what}")
        time.sleep(0.01)
    pytest.fail(f"not {what} within {bound} s")


@dataclass
class Run:
    """A ``stoneage`` command started in its own session, its output in files."""

    process: subprocess.Popen[bytes]
    directory: Path
    started: float = field(default_factory=time.monotonic)

    def out(self) -> str:
        return (self.directory / "stdout.txt").read_text(errors="replace")

    def err(self) -> str:
        return (self.directory / "stderr.txt").read_text(errors="replace")

    def workers(self) -> list[int]:
        return children_of(self.process.pid)


def start(directory: Path, *args: str, python: tuple[str, ...] = ()) -> Run:
    """Start ``python -m stoneage ARGS`` in ``directory``, in a session of its own."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LANGUAGE": "en", "COLUMNS": "100"}
    with open(directory / "stdout.txt", "wb") as out, open(directory / "stderr.txt", "wb") as err:
        process = subprocess.Popen([sys.executable, *python, "-m", "stoneage", *args], cwd=directory,
                                   stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env,
                                   start_new_session=True, preexec_fn=as_from_a_terminal)
    return Run(process, directory)


def interrupt(process: subprocess.Popen[bytes], signals: int) -> float:
    """Send ``signals`` SIGINTs to the group of ``process`` (``GAP`` apart), wait for it to end; the
    seconds from the first signal to its end."""
    first = time.monotonic()
    for number in range(signals):
        if number:
            time.sleep(GAP)  # a person pressing Ctrl-C again, not a wait for anything
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running {HANG_GUARD} s after {signals} Ctrl-C")
    return time.monotonic() - first


def bury(pgid: int) -> None:
    """Kill whatever is left of a group (after a failed test: no stray process keeps a CPU busy)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def check_stopped(run: Run, seconds: float, stderr: str | None = None) -> None:
    """Exit 130 within ``EXIT_SECONDS`` of the first Ctrl-C, no traceback, nothing of its group left."""
    stderr = run.err() if stderr is None else stderr
    assert run.process.returncode == 130, stderr
    assert "Traceback" not in stderr, stderr
    assert "Error" not in stderr, stderr
    assert seconds <= EXIT_SECONDS, f"took {seconds:.2f} s to stop"
    wait_until(lambda: not group_of(run.process.pid), "every process of its group ended", bound=5)


def whole_lines(path: Path) -> list[dict[str, object]]:
    """The lines of a JSONL results file, each a whole JSON object."""
    text = path.read_text()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


# --- the long commands ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished random game's record, for ``analyze``: four players, 820 decisions (seconds of work
    even compiled and on two workers)."""
    game = load_game("stone_age", players=4, seed=5)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    path = tmp_path_factory.mktemp("record") / "game.json"
    save_record(make_record(game, state), path)
    return path


@dataclass(frozen=True)
class Case:
    """A long command: its arguments, how to tell it is at work, and what it must leave behind."""

    args: tuple[str, ...]
    working: Callable[[Run], bool]
    kept: Callable[[Run], None]
    jobs: bool = True
    """Whether it takes ``--jobs``."""


def _lines_at_least(name: str, count: int) -> Callable[[Run], bool]:
    def check(run: Run) -> bool:
        path = run.directory / name
        return path.exists() and path.read_text().count("\n") >= count
    return check


def _printed(text: str) -> Callable[[Run], bool]:
    return lambda run: text in run.out()


def _busy(run: Run) -> bool:
    """Past its imports and at work: a second of CPU time, its workers' included (the imports take a
    few tenths)."""
    return sum(cpu_seconds(pid) for pid in group_of(run.process.pid)) >= 1.0


def _tournament_kept(run: Run) -> None:
    lines = whole_lines(run.directory / "results.jsonl")
    assert f"interrupted after {len(lines)} of 1000000 games" in run.err()
    indices = [line["game"] for line in lines]
    assert len(lines) >= 2 and indices == sorted(set(indices))


def _ladder_kept(run: Run) -> None:
    lines = whole_lines(run.directory / "ladder.jsonl")
    assert len(lines) >= 2 and f"interrupted after {len(lines)} of 1000000 games" in run.err()


def _nothing_new(*names: str) -> Callable[[Run], None]:
    """Nothing half-made: none of ``names`` exists (the command writes them only when it is done)."""
    def check(run: Run) -> None:
        assert [name for name in names if (run.directory / name).exists()] == []
    return check


CASES: dict[str, Case] = {
    "tournament": Case(("tournament", "--bots", "random,random", "--games", "1000000", "--out", "results.jsonl"),
                       _lines_at_least("results.jsonl", 2), _tournament_kept),
    "ladder": Case(("ladder", "--levels", "random,easy", "--players", "2", "--games", "1000000", "--out",
                    "ladder.jsonl"), _lines_at_least("ladder.jsonl", 2), _ladder_kept),
    "selfplay": Case(("selfplay", "--bots", "random", "--games", "1000000", "--out", "data.npz"),
                     _printed("Self-play:"), _nothing_new("data.npz", "data.json")),
    "train": Case(("train", "expert", "--games", "2000", "--generations", "1", "--out", "weights.json"),
                  _printed("Training the expert"), _nothing_new("weights.json")),
    "analyze": Case(("analyze", "{record}", "--json", "analysis.json"), _busy,
                    _nothing_new("analysis.json", "game.analysis.json")),
    "tournament-game": Case(("tournament-game", "--bots", "mcts:iterations=100000,mcts:iterations=100000",
                             "--index", "0", "--record", "game-0.json"), _busy, _nothing_new("game-0.json"),
                            jobs=False),
    "bench": Case(("bench", "--games", "1000000", "--json", "bench.json"), _busy, _nothing_new("bench.json"),
                  jobs=False),
}

# Every command once with --jobs 2 (where it has --jobs) and once alone; 1, 2 and 5 Ctrl-C spread over them.
PLAN = [
    ("tournament", 1, 2), ("tournament", 2, 1), ("tournament", 2, 5),
    ("ladder", 1, 1), ("ladder", 2, 2),
    ("selfplay", 1, 5), ("selfplay", 2, 2),
    ("train", 1, 1), ("train", 2, 2), ("train", 2, 5),
    ("analyze", 1, 2), ("analyze", 2, 1), ("analyze", 2, 5),
    ("tournament-game", 1, 1), ("tournament-game", 1, 5),
    ("bench", 1, 2),
]


def _arguments(case: Case, jobs: int, record: Path) -> list[str]:
    args = [arg.format(record=record) for arg in case.args]
    return [*args, "--jobs", str(jobs)] if case.jobs else args


@pytest.mark.parametrize(("name", "jobs", "signals"), PLAN,
                         ids=[f"{name}-jobs{jobs}-{signals}x" for name, jobs, signals in PLAN])
def test_ctrl_c_stops_a_long_command_at_once(tmp_path: Path, record_file: Path, name: str, jobs: int,
                                             signals: int) -> None:
    if jobs > available_cpus():
        pytest.skip(f"needs {jobs} CPUs")
    case = CASES[name]
    (tmp_path / record_file.name).write_bytes(record_file.read_bytes())
    run = start(tmp_path, *_arguments(case, jobs, tmp_path / record_file.name))
    try:
        wait_until(lambda: case.working(run), f"{name} was at work", run.process)
        if jobs > 1:
            wait_until(lambda: len(run.workers()) >= jobs, f"{jobs} workers ran", run.process)
        workers = run.workers()
        seconds = interrupt(run.process, signals)
        check_stopped(run, seconds)
        assert [pid for pid in workers if alive(pid)] == []
        case.kept(run)
    finally:
        bury(run.process.pid)


def test_ctrl_c_stops_simulate_while_it_prints(tmp_path: Path) -> None:
    """``stoneage simulate | less``: Ctrl-C while the pipe is full (a one-page pipe: it fills at once)."""
    import fcntl

    process = subprocess.Popen([sys.executable, "-m", "stoneage", "simulate", "--seed", "1"], cwd=tmp_path,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=as_from_a_terminal)
    run = Run(process, tmp_path)
    try:
        assert process.stdout is not None
        fcntl.fcntl(process.stdout.fileno(), getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
        assert process.stdout.readline().startswith(b"Simulated")
        first = time.monotonic()
        for number in range(2):
            if number:
                time.sleep(GAP)
            os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=HANG_GUARD)
        check_stopped(run, time.monotonic() - first, err.decode())
        assert b"Final scores" not in out
        assert "stoneage: interrupted" in err.decode()
    finally:
        bury(process.pid)


@pytest.mark.parametrize("marker", ["stoneage.core.contract", "stoneage.cli", "stoneage.sim"])
def test_ctrl_c_while_the_modules_are_imported(tmp_path: Path, marker: str) -> None:
    """``-X importtime`` reports each module as it is imported: Ctrl-C right after ``marker``."""
    run = start(tmp_path, "tournament", "--bots", "random,random", "--games", "1000000",
                python=("-X", "importtime"))
    try:
        wait_until(lambda: any(line.endswith(" " + marker) for line in run.err().splitlines()),
                   f"{marker} was imported", run.process)
        seconds = interrupt(run.process, 1)
        check_stopped(run, seconds)
    finally:
        bury(run.process.pid)


def test_the_console_script_stops_cleanly_during_its_imports(tmp_path: Path) -> None:
    """The installed ``stoneage`` script (not ``python -m``): Ctrl-C while it imports the command line."""
    script = Path(sys.executable).with_name("stoneage")
    if not script.exists():
        pytest.skip("no stoneage script beside this Python")
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "LANGUAGE": "en"}
    with open(tmp_path / "stdout.txt", "wb") as out, open(tmp_path / "stderr.txt", "wb") as err:
        process = subprocess.Popen([str(script), "bench", "--games", "1000000"], cwd=tmp_path, env=env,
                                   stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True,
                                   preexec_fn=as_from_a_terminal)
    run = Run(process, tmp_path)
    try:
        wait_until(lambda: any(line.endswith(" stoneage.core.contract") for line in run.err().splitlines()),
                   "the engine was imported", process)
        check_stopped(run, interrupt(process, 2))
    finally:
        bury(process.pid)


def test_ctrl_c_leaves_the_plain_game_with_130(tmp_path: Path) -> None:
    stdin_read, stdin_write = os.pipe()  # kept open: the game waits for a person's answer
    try:
        with open(tmp_path / "stdout.txt", "wb") as out, open(tmp_path / "stderr.txt", "wb") as err:
            process = subprocess.Popen([sys.executable, "-m", "stoneage", "play", "--plain", "--seed", "1",
                                        "--seats", "human,random", "--save", "saved.json"], cwd=tmp_path,
                                       stdin=stdin_read, stdout=out, stderr=err, start_new_session=True,
                                       preexec_fn=as_from_a_terminal, env={**os.environ, "LANGUAGE": "en",
                                                                           "PYTHONUNBUFFERED": "1"})
        run = Run(process, tmp_path)
        try:
            wait_until(lambda: "Type help" in run.out(), "the game asked", process)
            check_stopped(run, interrupt(process, 2))
            assert "Interrupted." in run.out()
        finally:
            bury(process.pid)
    finally:
        os.close(stdin_read)
        os.close(stdin_write)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _listening(port: int) -> bool:
    with socket.socket() as client:
        client.settimeout(0.5)
        return client.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.parametrize("signals", [1, 2])
def test_ctrl_c_stops_the_server_gracefully(tmp_path: Path, signals: int) -> None:
    pytest.importorskip("uvicorn")
    port = _free_port()
    run = start(tmp_path, "serve", "--port", str(port), "--db", str(tmp_path / "games.sqlite3"))
    try:
        wait_until(lambda: _listening(port), "the server listened", run.process)
        check_stopped(run, interrupt(run.process, signals))
    finally:
        bury(run.process.pid)


# --- workers die with their driver ------------------------------------------------------------------


KILLED = {
    "tournament": CASES["tournament"], "train": CASES["train"], "analyze": CASES["analyze"],
    "selfplay": CASES["selfplay"],
}


@pytest.mark.parametrize("name", list(KILLED))
def test_workers_die_with_a_killed_driver(tmp_path: Path, record_file: Path, name: str) -> None:
    if available_cpus() < 2:
        pytest.skip("needs 2 CPUs")
    case = KILLED[name]
    (tmp_path / record_file.name).write_bytes(record_file.read_bytes())
    run = start(tmp_path, *_arguments(case, 2, tmp_path / record_file.name))
    try:
        wait_until(lambda: len(run.workers()) >= 2, "2 workers ran", run.process)
        workers = run.workers()
        run.process.kill()  # kill -9: the driver cleans up nothing
        run.process.wait(timeout=HANG_GUARD)
        wait_until(lambda: not any(alive(pid) for pid in workers), "the workers ended", bound=10)
    finally:
        bury(run.process.pid)
