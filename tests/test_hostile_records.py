"""Hostile record files and JSON: each gets a short RecordError naming the problem, never a hang."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stoneage import RecordError, load_game
from stoneage.core.files import MAX_DEPTH, MAX_FILE_BYTES, MAX_INT_DIGITS
from stoneage.core.record import load_record, make_record, replay


def a_record(**changes: Any) -> dict[str, Any]:
    game = load_game("stone_age", players=2, seed=5)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node() else state.legal_actions()[0])
    record = make_record(game, state)
    record.update(changes)
    return record


def written(tmp_path: Path, content: bytes) -> Path:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    return path


def test_a_file_that_is_not_utf8_is_named_as_such(tmp_path: Path) -> None:
    path = written(tmp_path, b'{"game": "stone_age\xff"}')
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(path)


def test_json_nested_past_the_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    path = written(tmp_path, b"[" * 5000 + b"]" * 5000)
    with pytest.raises(RecordError, match=f"deeper than {MAX_DEPTH}"):
        load_record(path)


def test_an_integer_with_thousands_of_digits_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path, b'{"seed": ' + b"9" * 5000 + b"}")
    with pytest.raises(RecordError, match=f"more than {MAX_INT_DIGITS} digits") as caught:
        load_record(path)
    assert len(str(caught.value)) < 200  # the message names the problem, not the data


def test_a_file_larger_than_the_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(RecordError, match="larger than"):
        load_record(path)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/stdin"])
def test_devices_are_not_regular_files(device: str) -> None:
    if not Path(device).exists():
        pytest.fail(f"{device} is expected on Linux")
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(device)


def test_a_folder_is_not_a_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(tmp_path)


@pytest.mark.parametrize("key", ["players", "seed", "name", "game"])
def test_options_may_not_repeat_header_fields(key: str) -> None:
    record = a_record()
    record["options"][key] = 3
    with pytest.raises(RecordError, match=f"may not hold {key!r}"):
        replay(record)


def test_a_record_names_no_tile_file_only_tile_data() -> None:
    record = a_record()
    record["options"].update(expansions=["mammoth"], mammoth_tiles="/dev/zero")
    with pytest.raises(RecordError, match="must hold its data, not a file name"):
        replay(record)


def test_a_record_for_another_game_says_so_in_words() -> None:
    record = a_record()
    record["game"] = "first_stone_age"
    record["options"]["mammoth_tiles"] = []
    with pytest.raises(RecordError, match="first_stone_age has no parameter 'mammoth_tiles'"):
        replay(record)


def test_more_actions_than_the_longest_game_are_refused_before_replaying() -> None:
    record = a_record()
    record["actions"] = ["roll 3"] * 100_000
    with pytest.raises(RecordError, match="at most"):
        replay(record)


def test_a_record_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path, json.dumps([1, 2, 3]).encode())
    with pytest.raises(RecordError, match="a record is a JSON object"):
        load_record(path)


def test_simulate_checks_the_record_folder_before_playing(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.json"
    result = subprocess.run([sys.executable, "-m", "stoneage", "simulate", "--record", str(target)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stdout == ""  # no game was played
    assert "does not exist" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("content", [b"\xff\xfe", b"[" * 3000, b'{"format": 1e999999}', b"NaN"])
def test_replay_command_gives_an_error_not_a_traceback(tmp_path: Path, content: bytes) -> None:
    path = written(tmp_path, content)
    result = subprocess.run([sys.executable, "-m", "stoneage", "replay", str(path)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.startswith("stoneage: error:") and "Traceback" not in result.stderr
