"""The ``stoneage`` command, run as a user runs it: exit codes, output, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stoneage", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_simulate_prints_a_log_and_the_final_breakdown(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = run("simulate", "--players", "3", "--seed", "7", "--record", str(record))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "== Round 1 ==" in out and "places" in out and "rolls" in out
    for label in ("buildings", "green", "farmers", "tool makers", "hut builders", "shamans", "resources"):
        assert label in out
    assert "Winner" in out or "Shared win" in out
    replayed = run("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    final = out[out.index("Final scores"):].splitlines()[1:]
    table = [line for line in final if line.startswith(("total", "Winner", "Shared"))]
    assert table and all(line in replayed.stdout for line in table)


def test_the_same_seed_gives_the_same_game() -> None:
    first = run("simulate", "--players", "2", "--seed", "11")
    second = run("simulate", "--players", "2", "--seed", "11")
    assert first.stdout == second.stdout


def test_bad_arguments_exit_non_zero_without_a_traceback() -> None:
    for args in (("simulate", "--players", "5"), ("simulate", "--seed", "-2"), ("bench", "--games", "0"),
                 ("fly",)):
        result = run(*args)
        assert result.returncode == 2
        assert "Traceback" not in result.stderr and "error" in result.stderr


def test_replay_of_a_missing_or_corrupt_record_says_why(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read record" in missing.stderr
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text("{not json")
    result = run("replay", str(corrupt))
    assert result.returncode == 2 and "is not JSON" in result.stderr
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": 1, "game": "stone_age", "players": 2, "seed": 1,
                                 "actions": ["place forest 3"]}))
    result = run("replay", str(wrong))
    assert result.returncode == 2 and "actions[0] 'place forest 3'" in result.stderr
    assert "Traceback" not in result.stderr


def test_bench_reports_every_measure() -> None:
    result = run("bench", "--games", "3", "--players", "2")
    assert result.returncode == 0, result.stderr
    header, row = result.stdout.splitlines()[:2]
    assert header.split() == ["players", "games", "games/s", "steps/s", "steps/game", "clone", "µs", "state", "B"]
    assert row.split()[:2] == ["2", "3"]
