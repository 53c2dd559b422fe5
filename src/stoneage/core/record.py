"""Game records: a JSON header, the action list in notation (chance included), and the result.

A record replays exactly: load the game from the header, apply each action in turn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import stoneage
from stoneage.core import output
from stoneage.core.contract import JSON, Game, State
from stoneage.core.errors import RecordError, StoneAgeError, shorten
from stoneage.core.files import check_depth, read_json_file
from stoneage.core.gametype import Kind
from stoneage.core.i18n import _
from stoneage.core.registry import game_info, load_game

RECORD_FORMAT = 1
HEADER_FIELDS = ("format", "game", "version", "players", "seed", "name", "options", "actions", "result")
"""Fields of the record itself, which its ``options`` may not repeat."""


def make_record(game: Game, state: State) -> JSON:
    """The record of the game that led from ``game.new_initial_state()`` to ``state``."""
    params = game.params()
    record: JSON = {
        "format": RECORD_FORMAT,
        "game": game.name,
        "version": stoneage.__version__,
        "players": params.pop("players"),
        "seed": params.pop("seed"),
        "options": params,
        "actions": [state.action_to_string(a) for a in state.history()],
    }
    if state.is_terminal():
        record["result"] = result_of(state)
    return record


def result_of(state: State) -> JSON:
    """The final result of a terminal state: scores, winners and each player's breakdown."""
    returns = state.returns()
    best = max(returns)
    return {
        "scores": state.scores(),
        "winners": [p for p, r in enumerate(returns) if r == best and r > 0],
        "breakdown": state.score_breakdown(),
    }


def game_from_record(record: Any) -> Game:
    """The game a record's header describes; raises ``RecordError`` naming the bad field."""
    if not isinstance(record, dict):
        raise RecordError(_("a record is a JSON object, not {kind}").format(kind=type(record).__name__))
    check_depth(record, _("the record"), RecordError)
    for key in ("format", "game", "players", "seed", "actions"):
        if key not in record:
            raise RecordError(_("record field {key} is missing").format(key=repr(key)))
    if type(record["format"]) is not int or record["format"] != RECORD_FORMAT:  # not true, not 1.0
        raise RecordError(_("record field 'format': expected {expected}, got {got}").format(
            expected=RECORD_FORMAT, got=shorten(record["format"])))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(_("record field 'options' must be an object"))
    if not isinstance(record["actions"], list):
        raise RecordError(_("record field 'actions' must be a list of action strings"))
    try:
        info = game_info(record["game"])
    except StoneAgeError as error:
        raise RecordError(_("record field 'game': {error}").format(error=error)) from None
    for key, value in options.items():
        if key in HEADER_FIELDS:
            raise RecordError(_("record field 'options' may not hold {key}: it belongs in the header").format(
                key=repr(key)))
        param = next((p for p in info.params if p.name == key), None)
        if param is not None and param.kind is Kind.DATA and isinstance(value, str):
            raise RecordError(_("record option {key} must hold its data, not a file name").format(key=repr(key)))
    if len(record["actions"]) > info.max_game_length:
        raise RecordError(_("record field 'actions' holds {count} actions; a {game} game has at most {most}").format(
            count=len(record["actions"]), game=info.name, most=info.max_game_length))
    try:
        return load_game(record["game"], players=record["players"], seed=record["seed"], **options)
    except StoneAgeError as error:
        raise RecordError(_("record header: {error}").format(error=error)) from None


def replay(record: Any) -> tuple[Game, State]:
    """Replay a record to its last state; checks the stored result if there is one."""
    game = game_from_record(record)
    state = game.new_initial_state()
    for index, text in enumerate(record["actions"]):
        if not isinstance(text, str):
            raise RecordError(_("{field}: expected an action string, got {value}").format(
                field=f"actions[{index}]", value=shorten(text)))
        try:
            state.apply_action(state.string_to_action(text))
        except StoneAgeError as error:
            raise RecordError(_("{field} {action}: {error}").format(
                field=f"actions[{index}]", action=shorten(text), error=error)) from None
    stored = record.get("result")
    if stored is not None:
        if not state.is_terminal():
            raise RecordError(_("the record has a result but its actions do not finish the game"))
        actual = result_of(state)
        if stored != actual:
            raise RecordError(_("the stored result {stored} differs from the replayed {actual}").format(
                stored=shorten(stored, 200), actual=shorten(actual, 200)))
    return game, state


def load_record(path: str | Path) -> JSON:
    """Read a record file (bounded, see ``core/files.py``); ``RecordError`` if it cannot be read."""
    data = read_json_file(path, _("record"), RecordError)
    if not isinstance(data, dict):
        raise RecordError(_("record {path}: a record is a JSON object, not {kind}").format(
            path=repr(str(path)), kind=type(data).__name__))
    return data


def check_writable(path: str | Path) -> None:
    """Raise ``RecordError`` now, before any work, if a record cannot be written at ``path``."""
    output.check_writable(path, RecordError)


def save_record(record: JSON, path: str | Path) -> None:
    """Write a record file (pretty JSON) whole, or leave the file as it was and raise ``RecordError``
    (a full disk, a device, another command writing it: see ``core/output.py``)."""
    text = json.dumps(record, indent=1) + "\n"
    with output.writer_lock(path, RecordError):
        output.write_text_atomic(path, text, RecordError)
