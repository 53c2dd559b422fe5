"""The errors a person meets when a file or text they give is refused speak their language.

A malformed game record for ``stoneage replay``, a record whose action does not replay, a state
JSON: the same typed error and exit status as in English, the message translated, the field path
and the quoted input kept as they are.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stoneage import RecordError, StateFormatError, load_game
from stoneage.core.i18n import ENVIRONMENT, SOURCE, set_language, use_language
from stoneage.core.record import make_record, replay
from test_i18n_cli import call


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    yield
    set_language(SOURCE)


def a_record(**changes: Any) -> dict[str, Any]:
    game = load_game("stone_age", players=2, seed=5)
    state = game.new_initial_state()
    for _step in range(12):
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node() else state.legal_actions()[0])
    record = make_record(game, state)
    record.update(changes)
    return record


def written(tmp_path: Path, record: Any) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


MISSING = {"en": "record field 'seed' is missing", "ko": "기록 필드 'seed'이(가) 없습니다",
           "de": "das Feld 'seed' der Aufzeichnung fehlt"}


@pytest.mark.parametrize("code", ["en", "ko", "de"])
def test_replay_of_a_malformed_record_says_so_in_the_language(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, code: str) -> None:
    record = a_record()
    del record["seed"]
    english = call(capsys, "replay", str(written(tmp_path, record)), "--lang", "en")
    status, _out, err = call(capsys, "replay", str(written(tmp_path, record)), "--lang", code)
    assert status == english[0] != 0
    assert MISSING[code] in err and "Traceback" not in err


@pytest.mark.parametrize("code", ["ko", "de"])
def test_replay_of_an_action_that_does_not_replay_is_translated(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, code: str) -> None:
    record = a_record()
    record["actions"] = [*record["actions"][:3], "no such move"]
    english = call(capsys, "replay", str(written(tmp_path, record)), "--lang", "en")
    status, _out, err = call(capsys, "replay", str(written(tmp_path, record)), "--lang", code)
    assert status == english[0] != 0
    assert "actions[3] 'no such move'" in err and "Traceback" not in err
    assert err != english[2]


def test_a_file_that_is_not_json_is_refused_in_german(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("{nope", encoding="utf-8")
    status, _out, err = call(capsys, "replay", str(path), "--lang", "de")
    assert status == 2 and "ist kein JSON" in err and "Traceback" not in err


def test_a_malformed_state_raises_the_same_error_translated() -> None:
    game = load_game("stone_age", players=2, seed=3)
    data = game.new_initial_state().to_json()
    data["players"][1]["food"] = "lots"
    with pytest.raises(StateFormatError) as english:
        game.state_from_json(data)
    with use_language("pt_BR"), pytest.raises(StateFormatError) as translated:
        game.state_from_json(data)
    assert "players[1].food" in str(english.value) and "players[1].food" in str(translated.value)
    assert str(translated.value) != str(english.value)
    assert "esperado um número inteiro" in str(translated.value)


def test_replay_in_python_raises_record_error_translated() -> None:
    record = a_record(format=7)
    with use_language("ko"), pytest.raises(RecordError, match="기록 필드 'format'"):
        replay(record)
