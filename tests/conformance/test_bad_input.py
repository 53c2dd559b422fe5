"""Bad parameters, records and state JSON are typed errors in every registered game: what the game's
description forbids is a ``GameOptionError``, a record that does not replay a ``RecordError``, and
JSON that is not the game's state a ``StateFormatError``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stoneage import GameOptionError, RecordError, StateFormatError, load_game
from stoneage.core.record import make_record, replay
from stoneage.core.registry import game_info

from conformance.cases import CASES, GAMES, SEEDS, playthrough


def _bad_params(name: str) -> list[dict[str, Any]]:
    info = game_info(name)
    return [
        {"players": info.max_players + 1}, {"players": info.min_players - 1}, {"players": True},
        {"players": "2"}, {"seed": -1}, {"seed": 1.5}, {"first_player": info.max_players, "players": info.max_players},
        {"first_player": -1}, {"expansions": ["no_such_expansion"]}, {"variants": ["no_such_variant"]},
        {"expansions": "mammoth"}, {"variants": None}, {"no_such_parameter": 1},
    ]


@pytest.mark.parametrize("name", GAMES)
def test_parameters_the_description_forbids_raise_game_option_error(name: str) -> None:
    for params in _bad_params(name):
        with pytest.raises(GameOptionError):
            load_game(name, **params)


@pytest.mark.parametrize("name", GAMES)
def test_a_record_whose_actions_do_not_replay_raises_record_error(name: str) -> None:
    case = next(c for c in CASES if c.name == name)
    run = playthrough(case, SEEDS[0])
    record = json.loads(json.dumps(make_record(run.game, run.final)))
    for change in (
        lambda r: r["actions"].__setitem__(len(r["actions"]) // 2, "fly away"),
        lambda r: r["actions"].__setitem__(0, 7),
        lambda r: r["actions"].pop(),  # the stored result no longer follows
        lambda r: r.__setitem__("players", 99),
        lambda r: r.pop("actions"),
    ):
        bad = json.loads(json.dumps(record))
        change(bad)
        with pytest.raises(RecordError):
            replay(bad)


@pytest.mark.parametrize("name", GAMES)
def test_json_that_is_not_the_games_state_raises_state_format_error(name: str) -> None:
    case = next(c for c in CASES if c.name == name)
    run = playthrough(case, SEEDS[0])
    data = run.states()[2].to_json()
    for change in (
        lambda d: d.__setitem__("game", "chess"),
        lambda d: d.__setitem__("format", 99),
        lambda d: d.__setitem__("params", {"players": 99}),
        lambda d: d.__setitem__("history", [run.game.num_distinct_actions()]),
        lambda d: d.clear(),
    ):
        bad = json.loads(json.dumps(data))
        change(bad)
        with pytest.raises(StateFormatError):
            run.game.state_from_json(bad)
    for not_an_object in ([], None, "state", 3):
        with pytest.raises(StateFormatError):
            run.game.state_from_json(not_an_object)  # type: ignore[arg-type]
