"""Bad input gets a typed error that names the problem, and nothing changes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from stoneage import (
    GameOptionError,
    IllegalActionError,
    NotationError,
    PlayerError,
    RecordError,
    StateFormatError,
    load_game,
)
from stoneage.core.record import make_record, replay

from common import set_path
from helpers import new_game, play, random_game


@pytest.mark.parametrize("bad", [3.0, True, "place hunt 1", None, -1, 10**6])
def test_non_actions_are_rejected_and_the_state_is_unchanged(bad: Any) -> None:
    state = new_game(players=3)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.apply_action(bad)
    assert state.to_json() == before


def test_an_illegal_action_names_the_pending_decision_and_changes_nothing() -> None:
    state = play(new_game(players=2), "place hut 2")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"'place hut 2' is illegal: player 2 \(seat 1\) must decide 'place'"):
        state.apply_action(state.string_to_action("place hut 2"))
    assert state.to_json() == before
    play(state, "place forest 2")  # the state still plays on


def test_a_roll_cannot_be_forced_to_an_impossible_sum() -> None:
    state = play(new_game(players=2), "place forest 1", "place hunt 5", "place hunt 4", "resolve forest")
    with pytest.raises(IllegalActionError, match="'roll 7' is illegal: chance must decide 'roll'"):
        play(state, "roll 7")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action text"),
        ("place moon 2", "unknown location 'moon'"),
        ("place forest eleven", "expected a number"),
        ("pay wood iron", "'iron' is not a resource"),
        ("tools 5", "tool tile has value 1..4"),
        ("tools 1+1+1+1", "at most 3 tool tiles"),
        ("take wood", "exactly 2 resources"),
        ("roll 61", "dice sum is 1..60"),
        ("card 37", "cards are numbered 1..36"),
        ("building castle", "unknown building kind"),
        ("dance", "is not an action"),
    ],
)
def test_unknown_notation_raises_a_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        new_game().string_to_action(text)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"seed": -1}, "seed must be a non-negative integer"),
        ({"first_player": 4}, "first_player must be a seat 0..3"),
        ({"expansions": ["dragons"]}, "unknown expansion 'dragons'"),
        ({"colour": "red"}, "stone_age has no parameter 'colour'"),
    ],
)
def test_bad_game_parameters_raise_game_option_error(params: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        load_game("stone_age", **params)


def _state_json() -> dict[str, Any]:
    return random_game(3, seed=4).to_json()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("game", "chess", "game: expected 'stone_age'"),
        ("format", 99, "format: expected 1"),
        ("round", "three", "round: expected an integer"),
        ("players.1.food", -3, r"players\[1\].food: -3 is out of range"),
        ("players.0.resources", [1, 2], r"players\[0\].resources: expected an object"),
        ("players.2.tools_ready", [5], r"players\[2\].tools_ready\[0\]: 5 is out of range 1..4"),
        ("players.0.tools_ready", [1, 1, 1, 1], "4 tool tiles, at most 3"),
        ("pending.stage", "dance", "pending.stage: 'dance' is not one of"),
        ("display", [1, 2, 3], "display: expected 4 entries"),
        ("params", {"players": 4}, "params: .* do not match the game"),
        ("history", [1, "x"], r"history\[1\]: expected an integer"),
    ],
)
def test_malformed_state_json_names_the_field(path: str, value: Any, message: str) -> None:
    data = _state_json()
    set_path(data, path, value)
    with pytest.raises(StateFormatError, match=message):
        load_game("stone_age", players=3, seed=4).state_from_json(data)


def test_a_card_in_two_places_is_rejected() -> None:
    data = _state_json()
    data["deck"].append(data["players"][0]["cards"][0])
    with pytest.raises(StateFormatError, match="is in two places at once"):
        load_game("stone_age", players=3, seed=4).state_from_json(data)


def test_a_missing_card_is_rejected() -> None:
    data = _state_json()
    data["players"][1]["cards"] = []
    with pytest.raises(StateFormatError, match="is missing from the state"):
        load_game("stone_age", players=3, seed=4).state_from_json(data)


def test_a_state_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(StateFormatError, match="state: expected an object"):
        load_game("stone_age").state_from_json([])  # type: ignore[arg-type]


def _record() -> dict[str, Any]:
    game = load_game("stone_age", players=2, seed=9)
    return make_record(game, random_game(2, seed=9))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("actions"), "record field 'actions' is missing"),
        (lambda r: r.update(format=7), "record field 'format': expected 1"),
        (lambda r: r.update(players=9), "record header: players must be 2, 3 or 4"),
        (lambda r: r.update(game="go"), "record field 'game': unknown game 'go'"),
        (lambda r: r.update(options={"speed": 1}), "stone_age has no parameter 'speed'"),
        (lambda r: r["actions"].__setitem__(12, "fly away"), r"actions\[12\] 'fly away'"),
        (lambda r: r["actions"].__setitem__(3, 7), r"actions\[3\]: expected an action string"),
        (lambda r: r["actions"].pop(), "its actions do not finish the game"),
        (lambda r: r["result"].update(scores=[1, 2]), "differs from the replayed"),
    ],
)
def test_malformed_records_raise_record_error(change: Any, message: str) -> None:
    record = copy.deepcopy(_record())
    change(record)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_a_record_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(RecordError, match="a record is a JSON object"):
        replay(["place hunt 1"])


def test_duplicate_ids_and_wrong_building_kinds_are_rejected() -> None:
    data = _state_json()
    owner = next(p for p in data["players"] if p["buildings"])
    owner["buildings"][0]["kind"] = "castle"
    with pytest.raises(StateFormatError, match=r"buildings\[0\].kind: tile \d+ is a '.*', not 'castle'"):
        load_game("stone_age", players=3, seed=4).state_from_json(data)
    data = new_game(players=3).to_json()
    data["deck"] = data["deck"] + data["deck"][:1]
    with pytest.raises(StateFormatError, match="deck: an id appears twice"):
        load_game("stone_age", players=3).state_from_json(data)


def test_a_pending_decision_without_any_legal_action_is_rejected() -> None:
    data = new_game(players=2).to_json()
    data["pending"]["stage"] = "pick"
    data["pending"]["dice_left"] = []
    with pytest.raises(StateFormatError, match="'pick' has no legal action"):
        load_game("stone_age", players=2).state_from_json(data)


def test_sampling_chance_off_a_chance_node_and_observing_a_missing_seat_are_typed_errors() -> None:
    state = new_game(players=2)
    with pytest.raises(IllegalActionError, match="not at a chance node"):
        state.sample_chance_outcome()
    with pytest.raises(PlayerError, match=r"seat 0\.\.1, not 9"):
        state.observation(9)
    with pytest.raises(NotationError, match="expected a number"):
        state.string_to_action("roll ²")
