"""Bots named by a file or the network are bot levels only: never a program, a log file or a weights
file (issue 39, D1). Only the person's own command line or the server's configuration may name those."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage.bots.registry import BotSpecError, UntrustedBotError, check_untrusted, make_bot
from stoneage.cli import main
from stoneage.core.errors import StoneAgeError
from stoneage.play.session import Session

MEMORY = 2 * 1024**3
"""The address space a resumed game may take here: a save that makes a bot read /dev/zero fails, not the machine."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def play(*args: str, script: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stoneage", "play", "--plain", *args], input=script,
                          capture_output=True, text=True, timeout=90, check=False, preexec_fn=_limited)


def save_with_seats(path: Path, seats: list[str]) -> Path:
    """A save of a two-player Stone Age game a few steps in, whose ``seats`` are ``seats``."""
    session = Session.new(["random", "random"], seed=3)
    for _ in range(4):
        session.apply(session.auto_action())
    record = session.record()
    record["seats"] = seats
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_save_that_names_a_program_is_refused_and_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    evil = save_with_seats(tmp_path / "evil.json", [f"cmd:sh -c 'touch {marker}'", "random"])
    result = play("--resume", str(evil), "--delay", "0")
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("stoneage: error: "), result.stderr
    assert "program bot for seat 1" in result.stderr and "--seats" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert not marker.exists()


@pytest.mark.parametrize(("spec", "words"), [
    ("cmd[log={log}]:{python} -c pass", "program bot for seat 1"),
    ("learned:weights=/dev/zero", "weights"),
    ("expert:weights=/dev/zero", "weights"),
    ("mcts:seconds=1e6,max_seconds=1e6", "seconds"),
    ("greedy:temperature=nan", "temperature"),
])
def test_a_save_with_a_file_or_an_endless_budget_is_refused(tmp_path: Path, spec: str, words: str) -> None:
    log = tmp_path / "appended.log"
    evil = save_with_seats(tmp_path / "evil.json", [spec.format(log=log, python=sys.executable), "random"])
    result = play("--resume", str(evil), "--delay", "0")
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("stoneage: error: ") and words in result.stderr, result.stderr
    assert "--seats" in result.stderr and "Traceback" not in result.stderr
    assert not log.exists()


def test_the_same_save_resumes_with_seats_from_the_command_line(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    evil = save_with_seats(tmp_path / "evil.json", [f"cmd:sh -c 'touch {marker}'", "random"])
    result = play("--resume", str(evil), "--seats", "human,random", "--delay", "0",
                  "--save", str(tmp_path / "again.json"), script="quit\n")
    assert result.returncode == 0, result.stderr
    assert "-- resumed after 4 actions --" in result.stdout
    assert not marker.exists()


def test_session_from_record_refuses_programs_and_files_but_takes_levels(tmp_path: Path) -> None:
    for seats in (["cmd:true", "random"], ["random", "learned:weights=w.json"], ["random", "hard:weights=0"]):
        record = json.loads(save_with_seats(tmp_path / "s.json", seats).read_text(encoding="utf-8"))
        with pytest.raises(UntrustedBotError, match="seat"):
            Session.from_record(record)
    record = json.loads(save_with_seats(tmp_path / "s.json", ["human", "mcts:iterations=20,c=0.5"])
                        .read_text(encoding="utf-8"))
    assert Session.from_record(record).seats == ["human", "mcts:iterations=20,c=0.5"]
    assert Session.from_record(record, ["human", "cmd:true"], trusted=True).seats[1] == "cmd:true"


def test_a_bad_level_in_a_save_names_the_seat_and_the_way_out(tmp_path: Path) -> None:
    record = json.loads(save_with_seats(tmp_path / "s.json", ["random", "mcts:iterations=-1"])
                        .read_text(encoding="utf-8"))
    with pytest.raises(BotSpecError, match="seat 2"):
        Session.from_record(record)


@pytest.mark.parametrize("spec", [
    "cmd:true", " cmd[budget=1]:true", "learned:weights=x.json", "expert:weights=5", "expert:weights=true",
    "hard:weights=x",
    "mcts:seconds=nan", "greedy:max_seconds=-inf",
])
def test_untrusted_specs_are_refused_before_any_bot_is_made(spec: str) -> None:
    with pytest.raises(BotSpecError):
        check_untrusted(spec)
    with pytest.raises(BotSpecError):
        make_bot(spec)


@pytest.mark.parametrize(("spec", "words"), [
    ("hard:seed_of_doom=1", "unknown parameter 'seed_of_doom'"), ("greedy:epsilon=abc", "epsilon must be a number"),
])
def test_other_bad_settings_are_refused_in_their_own_words(spec: str, words: str) -> None:
    check_untrusted(spec)  # nothing that runs a program or reads a file: make_bot says what is wrong
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec)


@pytest.mark.parametrize("spec", ["random", "easy", "medium", "hard", "expert", "greedy:epsilon=0.2,depth=1",
                                  "mcts:iterations=50,lookahead=true", "junior", "memory:recall=0.5"])
def test_levels_and_number_settings_are_fine_from_anywhere(spec: str) -> None:
    check_untrusted(spec)
    make_bot(spec).close()


def test_the_person_may_name_programs_and_files(tmp_path: Path) -> None:
    with pytest.raises(UntrustedBotError, match="program"):
        make_bot("cmd:true")
    make_bot("cmd:true", trusted=True).close()
    with pytest.raises(StoneAgeError, match="cannot read the weights"):
        make_bot(f"learned:weights={tmp_path / 'none.json'}", trusted=True)


def test_the_untrusted_error_is_a_bot_spec_error() -> None:
    assert issubclass(UntrustedBotError, BotSpecError)


def test_a_bad_seats_list_from_the_command_line_is_still_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                                  ) -> None:
    evil = save_with_seats(tmp_path / "evil.json", ["random", "random"])
    assert main(["play", "--plain", "--resume", str(evil), "--seats", "human,mcts:seconds=inf"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stoneage: error: ") and "seconds" in err


def test_a_huge_seat_in_a_save_is_refused_without_echoing_it(tmp_path: Path) -> None:
    huge = save_with_seats(tmp_path / "huge.json", ["cmd:" + "x" * 1_000_000, "random"])
    with pytest.raises(UntrustedBotError) as refused:
        Session.from_record(json.loads(huge.read_text(encoding="utf-8")))
    assert "at most 200 characters" in str(refused.value)
    assert len(str(refused.value)) < 400


def test_a_program_bots_log_that_is_a_pipe_is_refused_before_any_game(tmp_path: Path) -> None:
    pipe = tmp_path / "log"
    os.mkfifo(pipe)
    with pytest.raises(BotSpecError, match="pipe"):
        make_bot(f"cmd[log={pipe}]:{sys.executable} -c pass", trusted=True)
