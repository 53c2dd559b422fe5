"""Writing files: a full disk, a too-long name, a device, a pipe or a second writer gives one typed
line and never a traceback, an empty or a half-written file; the previous file stays whole."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from stoneage import RecordError, load_game
from stoneage.cli import main
from stoneage.core.record import load_record, make_record, save_record
from test_hostile_files import assert_typed_failure, cli

LONG_NAME = "x" * 300 + ".json"


def a_record(seed: int = 1) -> dict[str, Any]:
    game = load_game("first_stone_age", players=2, seed=seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node() else state.legal_actions()[0])
    return make_record(game, state)


@pytest.fixture
def full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], None]]:
    """``fill(after)``: every write into ``tmp_path`` fails with ENOSPC once ``after`` bytes went in."""
    real_write = os.write
    budget = {"left": -1}

    def write(fd: int, data: Any) -> int:
        try:
            where = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            where = ""
        if budget["left"] >= 0 and where.startswith(str(tmp_path)):
            if budget["left"] == 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            data = bytes(data)[: budget["left"]]
            budget["left"] -= len(data)
        return real_write(fd, data)

    def fill(after: int) -> None:
        budget["left"] = after

    monkeypatch.setattr(os, "write", write)
    yield fill


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- atomic writes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("share", [0.0, 0.01, 0.9])
def test_a_full_disk_leaves_the_previous_record_whole(tmp_path: Path, full_disk: Callable[[int], None],
                                                      share: float) -> None:
    path = tmp_path / "game.json"
    save_record(a_record(1), path)
    before = path.read_bytes()
    full_disk(int(share * len(json.dumps(a_record(2), indent=1))))
    with pytest.raises(RecordError, match=r"[Nn]o space left on device") as caught:
        save_record(a_record(2), path)
    assert "game.json" in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == ["game.json"]


def test_a_full_disk_leaves_no_new_file(tmp_path: Path, full_disk: Callable[[int], None]) -> None:
    full_disk(100)
    with pytest.raises(RecordError, match=r"[Nn]o space left"):
        save_record(a_record(), tmp_path / "new.json")
    assert leftovers(tmp_path) == []


def test_dev_full_is_refused_and_stays_a_device() -> None:
    with pytest.raises(RecordError, match="not a regular file"):
        save_record(a_record(), "/dev/full")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_name_longer_than_the_folder_allows_is_refused_up_front(tmp_path: Path) -> None:
    from stoneage.core.output import check_writable

    with pytest.raises(RecordError, match="too long"):
        check_writable(tmp_path / LONG_NAME, RecordError)
    with pytest.raises(RecordError, match="too long"):
        save_record(a_record(), tmp_path / LONG_NAME)
    assert leftovers(tmp_path) == []


def test_a_read_only_folder_is_a_typed_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stoneage.core import output

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(output.tempfile, "mkstemp", refuse)
    with pytest.raises(RecordError, match=r"[Rr]ead-only file system"):
        save_record(a_record(), tmp_path / "game.json")


def test_a_symlinked_record_is_written_through_its_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    save_record(a_record(1), real)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_record(a_record(2), link)
    assert link.is_symlink() and load_record(real) == a_record(2)


# --- what the commands refuse before they start ----------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "dev_full", "folder", "long", "no_folder"])
def test_every_output_option_refuses_a_bad_target_before_any_work(kind: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    def target(suffix: str) -> str:
        if kind == "fifo":
            path = tmp_path / f"pipe{suffix}"
            if not path.exists():
                os.mkfifo(path)
            return str(path)
        if kind == "dev_full":
            return "/dev/full"
        if kind == "folder":
            return str(tmp_path)
        if kind == "long":
            return str(tmp_path / ("y" * 300 + suffix))
        return str(tmp_path / "missing" / f"f{suffix}")

    record = tmp_path / "game.json"
    save_record(a_record(), record)
    if kind == "dev_full":  # a device name ends in no suffix, so the commands that want one say so first
        commands: list[list[str]] = [["simulate", "--quiet", "--record", target(".json")],
                                     ["bench", "--games", "1", "--bots", "", "--json", target(".json")],
                                     ["play", "--plain", "--seats", "random,random", "--save", target(".json")]]
    else:
        commands = [
            ["simulate", "--quiet", "--record", target(".json")],
            ["tournament-game", "--bots", "random,random", "--index", "0", "--record", target(".json")],
            ["tournament", "--bots", "random,random", "--games", "1", "--out", target(".jsonl")],
            ["tournament", "--bots", "random,random", "--games", "1", "--plot", target(".png")],
            ["ladder", "--levels", "random,child", "--players", "2", "--game", "first_stone_age", "--games", "1",
             "--out", target(".jsonl")],
            ["selfplay", "--bots", "random", "--games", "1", "--out", target(".npz")],
            ["bench", "--games", "1", "--bots", "", "--json", target(".json")],
            ["train", "expert", "--games", "1", "--generations", "1", "--out", target(".json")],
            ["analyze", "--json", target(".json"), str(record)],
            ["analyze", "--plot", target(".png"), str(record)],
            ["play", "--plain", "--seats", "random,random", "--save", target(".json")],
        ]
    for argv in commands:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("stoneage: error:") and err.count("\n") == 1, (argv, err)
        assert "Traceback" not in err
    if kind == "dev_full":
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_pipe_with_a_reader_is_refused_without_being_opened(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert_typed_failure(cli("simulate", "--quiet", "--record", str(pipe)))
        assert_typed_failure(cli("bench", "--games", "1", "--bots", "", "--json", str(pipe)))
        assert os.read(reader, 10) == b""  # nothing was written into the pipe
    finally:
        os.close(reader)


def test_simulate_to_dev_full_or_a_long_name_is_one_line(tmp_path: Path) -> None:
    assert_typed_failure(cli("simulate", "--quiet", "--record", "/dev/full"))
    assert_typed_failure(cli("simulate", "--quiet", "--record", str(tmp_path / LONG_NAME)))
    assert leftovers(tmp_path) == []


def test_the_analysis_cache_fails_silently(tmp_path: Path) -> None:
    from stoneage.play.analysis_cache import save_cached
    from test_hostile_files import an_analysis

    os.mkfifo(tmp_path / "game.analysis.json")
    assert save_cached(tmp_path / "game.json", an_analysis()) is False
    assert save_cached(tmp_path / "missing" / "game.json", an_analysis()) is False
    assert save_cached(tmp_path / "ok.json", an_analysis()) is True
    assert json.loads((tmp_path / "ok.analysis.json").read_text())["key"] == "key"


# --- streamed outputs -----------------------------------------------------------------------------------


def _results(count: int) -> list[Any]:
    from stoneage.sim.results import GameResult

    return [GameResult(index=i, seed=i, players=2, bots=["random", "random"], bot_seeds=[1, 2], scores=[i, 3],
                       winners=[1], steps=10, decisions=[4, 5], seconds_per_decision=[0.1, 0.1],
                       max_seconds=[0.2, 0.2]) for i in range(count)]


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_a_results_stream_on_a_full_disk_keeps_whole_lines(tmp_path: Path, full_disk: Callable[[int], None],
                                                           suffix: str) -> None:
    from stoneage.sim.errors import TournamentError
    from stoneage.sim.results import ResultsStream, load_results

    path = tmp_path / f"r{suffix}"
    stream = ResultsStream(path, 2)
    results = _results(5)
    for result in results[:3]:
        stream.add(result)
    full_disk(100)  # part of the next lines fits
    with pytest.raises(TournamentError, match=r"[Nn]o space left") as caught:
        for result in results[3:]:
            stream.add(result)
    assert "\n" not in str(caught.value)
    stream.close()
    full_disk(-1)
    assert path.read_bytes().endswith(b"\n")
    kept = load_results(path)
    assert [r.index for r in kept] == list(range(len(kept))) and len(kept) >= 3
    assert {p.name for p in tmp_path.iterdir()} <= {path.name, f"{path.name}.lock"}


def test_a_ladder_appender_on_a_full_disk_keeps_whole_lines(tmp_path: Path,
                                                             full_disk: Callable[[int], None]) -> None:
    from stoneage.sim.ladder import LadderError
    from stoneage.sim.ladder_file import Appender

    path = tmp_path / "l.jsonl"
    results = _results(5)
    appender = Appender(path, results[:2])
    full_disk(100)
    with pytest.raises(LadderError, match=r"[Nn]o space left"):
        for result in results[2:]:
            appender.add(result)
    full_disk(-1)
    text = path.read_text()
    assert text.endswith("\n") and all(json.loads(line) for line in text.splitlines())
    full_disk(0)
    with pytest.raises(LadderError, match=r"[Nn]o space left"):
        appender.finish(results)
    full_disk(-1)
    assert path.read_text() == text  # the failed rewrite left the file as it was


def test_a_failed_plot_leaves_the_previous_picture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from matplotlib.figure import Figure

    from stoneage.sim.errors import TournamentError
    from stoneage.sim.plots import plot

    path = tmp_path / "p.png"
    plot(_results(4), path)
    before = path.read_bytes()

    def fail(self: Any, *args: Any, **kwargs: Any) -> None:
        stream = args[0]
        stream.write(b"half a picture")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Figure, "savefig", fail)
    with pytest.raises(TournamentError, match=r"[Nn]o space left"):
        plot(_results(4), path)
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == ["p.png"]


# --- one writer at a time --------------------------------------------------------------------------------


def test_a_second_writer_of_the_same_output_is_refused(tmp_path: Path) -> None:
    from stoneage.core.output import writer_lock

    record = tmp_path / "game.json"
    out = tmp_path / "r.jsonl"
    with writer_lock(record, RecordError), writer_lock(out, RecordError):
        for done in (cli("simulate", "--quiet", "--record", str(record)),
                     cli("tournament", "--bots", "random,random", "--games", "1", "--out", str(out))):
            assert_typed_failure(done)
            assert "another stoneage command is writing" in done.err
        with writer_lock(record, RecordError):  # the same process may write it again
            save_record(a_record(), record)
    assert not record.with_name("game.json.lock").exists()
    done = cli("simulate", "--quiet", "--record", str(record))
    assert done.code == 0, done.err
    load_record(record)


def test_two_commands_writing_one_record_leave_a_whole_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    argv = [sys.executable, "-m", "stoneage", "simulate", "--quiet", "--record", str(record)]
    processes = [subprocess.Popen([*argv, "--seed", str(seed)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE) for seed in (1, 2)]
    outcomes = [(p.wait(timeout=120), p.stderr.read().decode() if p.stderr else "") for p in processes]
    for process in processes:
        if process.stderr:
            process.stderr.close()
    for code, err in outcomes:
        assert code == 0 or (code == 2 and "another stoneage command is writing" in err), err
    load_record(record)
    assert leftovers(tmp_path) == ["game.json"]


def test_a_failed_save_in_the_plain_game_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    script = f"save /dev/full\nsave {tmp_path / LONG_NAME}\nsave {tmp_path / 'no' / 'g.json'}\n" \
             f"save {tmp_path / 'g.json'}\nquit\n"
    done = subprocess.run([sys.executable, "-m", "stoneage", "play", "--plain", "--players", "2", "--seats",
                           "human,random", "--seed", "3", "--delay", "0"], input=script, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.count("Could not save: cannot write") == 3, done.stdout
    assert f"Saved to {tmp_path / 'g.json'}" in done.stdout
    load_record(tmp_path / "g.json")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_written_file_gets_the_mode_open_would_give_or_keeps_its_own(tmp_path: Path) -> None:
    from stoneage.core.output import write_text_atomic

    mask = os.umask(0o027)
    try:
        write_text_atomic(tmp_path / "new.txt", "a\n", RecordError)
        assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o640
        os.chmod(tmp_path / "new.txt", 0o600)
        write_text_atomic(tmp_path / "new.txt", "b\n", RecordError)
        assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o600
    finally:
        os.umask(mask)
    assert (tmp_path / "new.txt").read_text() == "b\n"
