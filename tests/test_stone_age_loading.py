"""Stone Age's loader refuses hand-made states its rules cannot reach, naming the field, so that a
state that loads plays on: each known way a state used to load and then crash, loop or corrupt
itself is a ``StateFormatError`` now.

States come from seeded random games (the first state at a given stage), edited through JSON.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest

from stoneage import StateFormatError, load_game
from stoneage.games.stone_age.data import BUILDING_KINDS, TILE_KIND
from stoneage.games.stone_age.state import StoneAgeState

from common import random_step

Data = dict[str, Any]


@cache
def _first_at(stage: str, players: int, mammoth: bool, phase: str | None = None) -> Data:
    """The JSON of the first state of a seeded random game whose pending stage is ``stage``."""
    for seed in range(40):
        game = load_game("stone_age", players=players, seed=seed, expansions=["mammoth"] if mammoth else [])
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            data = state.to_json()
            if data["pending"]["stage"] == stage and phase in (None, data["phase"]):
                return data
            state.apply_action(random_step(state, rng))
    raise AssertionError(f"no random game reached {stage!r}")  # pragma: no cover


def _at(stage: str, players: int = 2, mammoth: bool = False, phase: str | None = None) -> Data:
    return copy.deepcopy(_first_at(stage, players, mammoth, phase))


def _load(data: Data) -> StoneAgeState:
    params = data["params"]
    game = load_game("stone_age", **params)
    state = game.state_from_json(data)
    assert isinstance(state, StoneAgeState)
    return state


def _refused(data: Data, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        _load(data)


# --- the known cases -------------------------------------------------------------------------------


@pytest.mark.parametrize("figures", [8, 9, 10])
def test_a_taming_roll_for_more_figures_than_a_gathering_area_holds_is_refused(figures: int) -> None:
    data = _at("tame_roll", players=4, mammoth=True)
    data["players"][data["pending"]["player"]]["on_tile"] = figures
    _refused(data, r"players\[\d\]\.on_tile: \d+ is out of range 0\.\.7")


def test_a_taming_roll_without_the_contest_s_roll_lists_is_refused() -> None:
    data = _at("tame_roll", players=4, mammoth=True)
    data["mammoth"]["tame_rolls"] = []
    _refused(data, r"mammoth\.tame_rolls: .*one list .*per seat")


def test_a_dice_for_all_roll_whose_buyer_seat_does_not_exist_is_refused() -> None:
    data = _at("dice_roll")
    data["pending"]["slot"] = 3  # a 2-player game
    _refused(data, r"pending\.slot: the dice-for-all buyer is seat 3")


def test_a_roll_of_no_dice_is_refused_rather_than_offering_two_resources_for_ever() -> None:
    data = _at("roll")
    data["pending"]["dice"] = 0
    _refused(data, r"pending\.dice: a roll of 0 dice")


def test_buying_a_building_from_a_stack_that_shows_no_tile_is_refused() -> None:
    data = _at("buy_building")
    slot = data["pending"]["slot"]
    tile = data["stacks"][slot]["top"]
    data["stacks"][slot]["top"] = -1
    data["unseen_tiles"] = sorted([*data["unseen_tiles"], tile])
    _refused(data, r"pending\.slot: 'buy_building' has no legal action: stack \d shows no tile")


def test_buying_a_card_from_an_empty_display_space_is_refused() -> None:
    data = _at("buy_card")
    slot = data["pending"]["slot"]
    card = data["display"][slot]
    data["display"][slot] = 0
    data["deck"] = sorted([*data["deck"], card])
    _refused(data, r"pending\.slot: 'buy_card' has no legal action: display space \d is empty")


@pytest.mark.parametrize("seat", [1.0, True, "1", None, -1, 2])
def test_a_mammoth_bonus_step_for_a_seat_that_is_not_an_int_of_the_game_is_refused(seat: Any) -> None:
    data = _at("place", mammoth=True)
    data["mammoth"]["bonus_queue"] = [[seat, 0]]
    _refused(data, r"mammoth\.bonus_queue\[0\]\[0\]: ")


@pytest.mark.parametrize("stage", ["place", "roll", "feed", "deal_card", "take_now"])
def test_phase_over_with_a_live_stage_is_refused(stage: str) -> None:
    data = _at("place")
    data["phase"] = "over"
    data["pending"]["stage"] = stage
    _refused(data, rf"pending\.stage: '{stage}' has no legal action in phase 'over'")


def test_a_finished_game_whose_end_has_not_come_is_refused() -> None:
    data = _at("place")
    data["phase"] = "over"
    data["pending"]["stage"] = "game_over"
    _refused(data, r"phase: 'over', but no stack is empty")


def test_dealing_a_card_into_an_occupied_display_space_is_refused() -> None:
    data = _at("deal_card")
    data["pending"]["slot"] = 0
    data["display"][0] = data["deck"].pop()
    _refused(data, r"pending\.slot: display space 1 already holds card")


@pytest.mark.parametrize("stage", ["mammoth_back", "mammoth_tile", "tame_roll", "tame_move", "bonus"])
def test_a_mammoth_stage_in_a_game_without_the_mammoth_herd_is_refused(stage: str) -> None:
    data = _at("place")
    data["pending"]["stage"] = stage
    _refused(data, rf"pending\.stage: '{stage}' belongs to the Mammoth Herd")


def test_the_taming_phase_in_a_game_without_the_mammoth_herd_is_refused() -> None:
    data = _at("feed")
    data["phase"] = "taming"
    _refused(data, r"phase: 'taming' belongs to the Mammoth Herd")


# --- the stage, its seat and its data -------------------------------------------------------------


@pytest.mark.parametrize(("stage", "phase"), [("place", "actions"), ("feed", "placement"), ("roll", "setup"),
                                              ("deal_card", "placement"), ("bonus", "actions")])
def test_a_stage_in_a_phase_it_never_belongs_to_is_refused(stage: str, phase: str) -> None:
    data = _at("place", mammoth=True)
    data["phase"] = phase
    data["pending"]["stage"] = stage
    _refused(data, rf"'{stage}' has no legal action in phase '{phase}'")


def test_a_resolving_stage_for_a_seat_that_is_not_resolving_is_refused() -> None:
    data = _at("resolve")
    data["pending"]["player"] = 1 - data["pending"]["player"]
    _refused(data, r"pending\.player: seat \d at 'resolve', but seat \d is resolving")


def test_a_placement_for_a_seat_with_nowhere_to_place_is_refused() -> None:
    data = _at("place")
    data["players"][data["pending"]["player"]]["unplaced"] = 0
    _refused(data, r"'place' has no legal action")


def test_a_dice_for_all_pick_by_a_seat_out_of_turn_is_refused() -> None:
    data = _at("pick", players=3)
    data["pending"]["player"] = (data["pending"]["player"] + 1) % 3
    _refused(data, r"pending\.player: seat \d picks")


def test_dice_for_all_left_over_outside_a_pick_is_refused() -> None:
    data = _at("place")
    data["pending"]["dice_left"] = [3, 5]
    _refused(data, r"pending\.dice_left: dice for all left over at 'place'")


# --- the board and the components -------------------------------------------------------------------


def _put(data: Data, space: str, counts: list[int]) -> None:
    """Figures on ``space`` (replacing those there), taken from the seats' unplaced ones."""
    for seat, n in enumerate(counts):
        data["players"][seat]["unplaced"] += data["board"][space][seat] - n
        assert data["players"][seat]["unplaced"] >= 0
    data["board"][space] = counts


def test_a_figure_on_a_card_space_without_a_card_is_refused() -> None:
    data = _at("place")
    card = data["display"][0]
    data["display"][0] = 0
    data["deck"] = sorted([*data["deck"], card])
    _put(data, "card1", [1, 0])
    _refused(data, r"board\.card1: a figure on a card space with no card")


@pytest.mark.parametrize(("space", "counts"), [("card1", [1, 1]), ("toolmaker", [1, 1]), ("hut", [1, 0]),
                                               ("forest", [4, 4])])
def test_more_figures_than_a_space_takes_are_refused(space: str, counts: list[int]) -> None:
    data = _at("place")
    _put(data, space, counts)
    _refused(data, rf"board\.{space}: ")


def test_a_figure_on_a_building_stack_the_game_does_not_have_is_refused() -> None:
    data = _at("place")
    _put(data, "building4", [1, 0])
    _refused(data, r"board\.building4: a figure on stack 4; a 2-player game has 2 stacks")


def test_figures_on_the_board_while_feeding_are_refused() -> None:
    data = _at("feed")
    data["board"]["hunt"] = [1, 0]
    _refused(data, r"board\.hunt: figures on the board in phase 'feeding'")


def test_stacks_that_need_more_tiles_than_are_unseen_are_refused() -> None:
    data = _at("place")
    data["unseen_tiles"], moved = data["unseen_tiles"][:3], data["unseen_tiles"][3:]
    data["players"][0]["buildings"] = [{"tile": t, "kind": BUILDING_KINDS[TILE_KIND[t]].name} for t in moved]
    _refused(data, r"unseen_tiles: 3 tiles, but the stacks still need 12")


def test_a_setup_whose_deck_cannot_fill_the_display_is_refused() -> None:
    data = _at("deal_card")
    data["players"][0]["cards"] = sorted(data["players"][0]["cards"] + data["deck"][1:])
    data["deck"] = data["deck"][:1]
    _refused(data, r"deck: 1 cards cannot fill the \d empty display spaces")


# --- the Mammoth Herd --------------------------------------------------------------------------------


def test_a_herd_that_stands_elsewhere_than_its_tile_says_is_refused() -> None:
    data = _at("place", mammoth=True)
    herd = data["mammoth"]["herd"]
    data["mammoth"]["herd"] = "river" if herd != "river" else "forest"
    _refused(data, r"mammoth\.herd: the herd stands where the face-up tile says")


def test_figures_on_the_bonus_tile_outside_a_round_with_a_tile_are_refused() -> None:
    data = _at("feed", mammoth=True)
    data["players"][0]["on_tile"] = 2
    _refused(data, r"players\[0\]\.on_tile: figures on the bonus tile")


def test_bonus_steps_waiting_outside_the_taming_contest_are_refused() -> None:
    data = _at("place", mammoth=True)
    data["mammoth"]["bonus_queue"] = [[1, 0]]
    _refused(data, r"mammoth\.bonus_queue: bonus steps are only waiting")


# --- what the rules reach still loads ------------------------------------------------------------------


@pytest.mark.parametrize(("players", "expansions", "variants"), [
    (2, [], []), (3, ["mammoth"], ["two_resources_at_once"]), (4, ["mammoth"], ["hunt_repeat", "open_cards"]),
])
def test_every_state_of_a_random_game_loads_and_round_trips(players: int, expansions: list[str],
                                                           variants: list[str]) -> None:
    game = load_game("stone_age", players=players, seed=5, expansions=expansions, variants=variants)
    state = game.new_initial_state()
    rng = random.Random(5)
    while True:
        data = state.to_json()
        assert game.state_from_json(data).to_json() == data
        if state.is_terminal():
            break
        state.apply_action(random_step(state, rng))


def test_resolving_for_a_seat_with_no_figures_out_is_refused() -> None:
    data = _at("resolve")
    seat = data["pending"]["player"]
    for space, counts in data["board"].items():
        if counts[seat]:
            _put(data, space, [0 if p == seat else n for p, n in enumerate(counts)])
    data["players"][seat]["two_resources"] = 1  # its takes alone would leave it stuck at 'resolve'
    _refused(data, r"'resolve' has no legal action: seat \d has no figures out")


def test_buying_a_card_while_a_figure_still_stands_on_its_space_is_refused() -> None:
    data = _at("buy_card")
    slot = data["pending"]["slot"]
    other = 1 - data["pending"]["player"]
    data["board"][f"card{slot + 1}"][other] = 1
    data["players"][other]["figures"] += 1
    _refused(data, rf"pending\.slot: a figure is still on card space {slot + 1}")


def test_figures_on_the_tile_of_a_seat_that_has_yet_to_gather_in_the_herds_area_are_refused() -> None:
    data = _at("resolve", players=4, mammoth=True)
    herd = data["mammoth"]["herd"]
    seat = next(p for p, n in enumerate(data["board"][herd]) if n)
    data["players"][seat]["on_tile"] = 1
    _refused(data, rf"players\[{seat}\]\.on_tile: figures on the tile while the seat still has figures")


def test_turning_up_a_mammoth_tile_over_the_face_up_one_is_refused() -> None:
    data = _at("mammoth_tile", mammoth=True, phase="setup")
    data["mammoth"]["bonus_tile"] = data["mammoth"]["pile"].pop()
    data["mammoth"]["herd"] = "forest"
    _refused(data, r"mammoth\.(herd|bonus_tile): ")
    tile = data["mammoth"]["bonus_tile"]
    herd = ("forest", "claypit", "quarry", "river")[_game_tiles(data)[tile - 1].back]
    data["mammoth"]["herd"] = herd
    _refused(data, r"mammoth\.bonus_tile: a tile is turned up only when none is face up")


def _game_tiles(data: Data) -> Any:
    return load_game("stone_age", **data["params"]).mammoth_tiles  # type: ignore[attr-defined]
