"""The children's games on the family base: the same typed error for the same mistake in every game,
automatic steps marked for the event stream, and what a spectator may know.

Every card and tile turned up is forced through its chance outcome; random states come from
seeded random games.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from stoneage import IllegalActionError, NotationError, PlayerError, State, load_game
from stoneage.core.contract import OMNISCIENT, PUBLIC
from stoneage.games.first_stone_age.state import FirstStoneAgeState
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.play.events import apply_with_events, describe

from common import edit_json, play, random_step

GAMES = ("stone_age", "first_stone_age", "stone_age_junior")
CHILDREN = (("first_stone_age", ()), ("stone_age_junior", ()), ("stone_age_junior", ("cards",)))


def _start(name: str, players: int = 2, expansions: tuple[str, ...] = (), seed: int = 0) -> State:
    """A game some steps in, at a player's decision."""
    state = load_game(name, players=players, seed=seed, expansions=list(expansions)).new_initial_state()
    rng = random.Random(seed)
    for _ in range(12):
        state.apply_action(random_step(state, rng))
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    return state


# --- the same error for the same mistake ---------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, 2, 99, True, False, 1.0, "0", None])
def test_a_seat_the_game_does_not_have_is_a_player_error_in_every_game(name: str, seat: Any) -> None:
    state = _start(name)
    with pytest.raises(PlayerError, match=r"player must be a seat 0\.\.1"):
        state.observation(seat)


@pytest.mark.parametrize("name", ["first_stone_age", "stone_age_junior"])
@pytest.mark.parametrize("seat", [-1, 2, True, 1.0, "0", None])
def test_resampling_for_a_seat_the_game_does_not_have_is_a_player_error(name: str, seat: Any) -> None:
    with pytest.raises(PlayerError, match=r"player must be a seat 0\.\.1"):
        _start(name).resample_from_infostate(seat, random.Random(0))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [True, False, 1.0, "1", None, [1], -1, 10**6])
def test_a_non_action_is_an_illegal_action_error_in_every_game_and_changes_nothing(name: str, bad: Any) -> None:
    state = _start(name)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.apply_action(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("name", ["first_stone_age", "stone_age_junior"])
@pytest.mark.parametrize("bad", [True, -1, 10**6, 2.0, "3", None])
def test_an_action_outside_the_space_has_no_notation_in_the_childrens_games(name: str, bad: Any) -> None:
    with pytest.raises(NotationError):
        _start(name).action_to_string(bad)


@pytest.mark.parametrize("name", ["first_stone_age", "stone_age_junior"])
@pytest.mark.parametrize("bad", ["", "   ", "fly away", 7, None, b"pass"])
def test_a_text_that_names_no_action_is_a_notation_error_in_the_childrens_games(name: str, bad: Any) -> None:
    with pytest.raises(NotationError):
        _start(name).string_to_action(bad)


# --- automatic steps ------------------------------------------------------------------------------


def _kinds(state: State, text: str) -> list[tuple[str, int]]:
    return [(kind, seat) for kind, seat, _ in state.apply_traced(state.string_to_action(text))]


def _card_game() -> FirstStoneAgeState:
    """2 players: seat 0 collects for hut 1 (berry, fish, jug), seat 1 for hut 7 (fish, jug,
    arrowhead); the draw pile shows a tooth; Martin starts beside card 1."""
    state = load_game("first_stone_age", players=2, seed=0).new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    return play(state, "hut 1", "hut 7", "draw tooth", "start 1")


def test_a_card_that_cannot_be_kept_is_turned_back_and_the_turn_passes_as_marked_steps() -> None:
    state = play(_card_game(), "move 1")
    assert _kinds(state, "reveal tooth") == [("turn_back", 0), ("next_turn", 1)]


def test_a_needed_card_is_kept_as_a_marked_step_and_the_new_top_card_is_chance() -> None:
    state = play(_card_game(), "move 1", "reveal tooth", "move 1")
    assert _kinds(state, "reveal fish") == [("keep", 1)]
    assert state.is_chance_node()  # the next card of the draw pile comes up
    assert _kinds(state, "draw berry") == [("next_turn", 0)]


def _with_cards(state: FirstStoneAgeState, seat: int, cards: list[str], built: list[int]) -> FirstStoneAgeState:
    def change(data: dict[str, Any]) -> None:
        data["players"][seat]["cards"] = cards
        data["players"][seat]["built"] = built
        data["draw_pile"]["below"] = data["draw_pile"]["below"][len(cards):]
        data["draw_pile"]["unseen"] -= len(cards)
        data["hut_pile"]["huts"] = [h for h in data["hut_pile"]["huts"] if h not in built]

    return edit_json(state, change)


def test_completing_a_hut_keeps_the_card_and_builds_as_marked_steps_then_the_turn_passes() -> None:
    state = _with_cards(_card_game(), 0, ["berry", "fish"], [])
    play(state, "move 1")
    steps = state.clone().apply_traced(state.string_to_action("reveal jug"))
    assert [(kind, seat) for kind, seat, _ in steps] == [("keep", 0)]
    assert steps[0][2].to_json()["players"][0]["cards"] == ["berry", "fish"]  # as the step began
    events = apply_with_events(state, state.string_to_action("reveal jug"))
    assert state.is_chance_node()  # the draw pile's next card comes up before the hut is built
    steps = state.clone().apply_traced(state.string_to_action("draw arrowhead"))
    assert [(kind, seat) for kind, seat, _ in steps] == [("build", 0)]
    assert steps[0][2].to_json()["players"][0]["cards"] == ["berry", "fish", "jug"]
    events += apply_with_events(state, state.string_to_action("draw arrowhead"))
    assert state.to_json()["players"][0]["built"] == [1]
    assert [event.text for event in events if event.automatic] == [
        "Player 1 needs the card and keeps it",
        "Player 1 has the goods for hut 1 (berry, fish, jug) and builds it",
    ]
    assert _kinds(state, "hut 5") == [("next_turn", 1)]


def test_the_third_hut_ends_the_game_as_a_marked_step() -> None:
    state = _with_cards(_card_game(), 0, ["berry", "fish"], [2, 3])
    play(state, "move 1")
    assert _kinds(state, "reveal jug") == [("keep", 0)]
    events = apply_with_events(state, state.string_to_action("draw arrowhead"))
    assert [(event.kind, event.seat) for event in events if event.automatic] == [("build", 0), ("game_end", 0)]
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert events[-1].text == "The game ends: Player 1 wins"


def _junior(cards: bool = False) -> StoneAgeJuniorState:
    state = load_game("stone_age_junior", players=2, seed=0, expansions=["cards"] if cards else []).new_initial_state()
    assert isinstance(state, StoneAgeJuniorState)
    return play(state, "hut 1", "hut 10", "hut 11")


def test_junior_a_goods_space_gives_its_good_and_the_turn_passes_as_marked_steps() -> None:
    state = play(_junior(), "turn 1")
    assert _kinds(state.clone(), "reveal berry") == [("take", 0), ("next_turn", 1)]
    events = apply_with_events(state, state.string_to_action("reveal berry"))
    assert [event.text for event in events] == [
        "Forest tile 1 shows the berry space", "Player 1 takes the good of the berry space", "Player 2's turn"]
    assert events[0].effects == ("Player 1 moves to the berry space",)
    assert events[1].effects == ("Player 1 takes a berry",)


def test_junior_the_dog_space_gives_a_dog_as_a_marked_step() -> None:
    state = play(_junior(), "turn 1")
    assert _kinds(state, "reveal dog") == [("dog", 0), ("next_turn", 1)]


def test_junior_the_building_site_without_a_hut_resets_the_forest_as_a_marked_step() -> None:
    state = play(_junior(), "turn 1")
    assert _kinds(state, "reveal building_site") == [("reset", 0)]


def test_junior_a_card_drawn_from_the_unseen_pile_is_chance_then_the_reset_is_marked() -> None:
    state = play(_junior(cards=True), "turn 1")
    assert _kinds(state, "reveal building_site") == []  # the goods card is a chance node
    assert _kinds(state, "draw jug") == [("reset", 0)]


def test_junior_a_known_goods_card_is_taken_as_a_marked_step() -> None:
    def change(data: dict[str, Any]) -> None:
        everything = ["berry"] * 4 + ["fish"] * 4 + ["jug"] * 4 + ["arrowhead"] * 4 + ["tooth"] * 3
        data["players"][1]["cards_hidden"] = everything
        data["pile"] = {"cards": ["tooth", "guff"], "unseen": 0}

    state = play(edit_json(_junior(cards=True), change), "turn 1")
    assert _kinds(state, "reveal building_site") == [("goods_card", 0), ("reset", 0)]


def test_junior_the_last_face_down_tile_is_turned_as_a_marked_step() -> None:
    # Places 1..12 face up (seen); place 13 shows the berry space, place 14 the building site.
    names = ["1", "2", "3", "4", "5", "6", "dog", "tooth", "jug", "arrowhead", "fish", "trading_post"]

    def change(data: dict[str, Any]) -> None:
        data["forest"] = [{"tile": t, "seen": True, "up": True} for t in names] + [
            {"tile": "berry", "seen": True, "up": False}, {"tile": "building_site", "seen": True, "up": False}]

    state = edit_json(_junior(), change)
    assert _kinds(state.clone(), "turn 13") == [("take", 0), ("next_turn", 1), ("forced_turn", 1), ("reset", 1)]
    events = apply_with_events(state, state.string_to_action("turn 13"))
    assert events[3].text == "Player 2 turns up the last face-down forest tile"


def test_apply_traced_reaches_the_same_state_as_apply_action() -> None:
    for name, expansions in CHILDREN:
        traced = load_game(name, players=3, seed=5, expansions=list(expansions)).new_initial_state()
        plain = traced.clone()
        rng = random.Random(5)
        while not traced.is_terminal():
            action = random_step(traced, rng)
            traced.apply_traced(action)
            plain.apply_action(action)
        assert traced.to_json() == plain.to_json()


# --- what a spectator may know ---------------------------------------------------------------------


def _mid_game_states(name: str, expansions: tuple[str, ...], players: int, seed: int) -> list[State]:
    state = load_game(name, players=players, seed=seed, expansions=list(expansions)).new_initial_state()
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        if rng.random() < 0.1:
            out.append(state.clone())
        state.apply_action(random_step(state, rng))
    return out


@pytest.mark.parametrize(("name", "expansions"), CHILDREN)
@pytest.mark.parametrize("players", [2, 4])
def test_a_redraw_for_any_seat_keeps_its_observation_and_the_public_observation(
        name: str, expansions: tuple[str, ...], players: int) -> None:
    rng = random.Random(players)
    states = _mid_game_states(name, expansions, players, seed=players + 10)
    assert states
    changed = 0
    for state in states:
        public = state.public_observation()
        assert json.loads(json.dumps(public)) == public and public["observer"] is None
        for seat in range(players):
            seen = state.observation(seat)
            for _ in range(2):
                other = state.resample_from_infostate(seat, rng)
                assert other.observation(seat) == seen
                assert other.public_observation() == public
                changed += other.to_json() != state.to_json()
    assert changed  # the redraws did draw something anew


@pytest.mark.parametrize("players", [2, 3])
def test_the_public_observation_of_junior_shows_no_face_down_card_forest_tile_or_hut(players: int) -> None:
    for state in _mid_game_states("stone_age_junior", ("cards",), players, seed=players):
        assert isinstance(state, StoneAgeJuniorState)
        public = state.public_observation()
        for p, seat in enumerate(public["players"]):
            assert seat["cards_hidden"] == ["hidden"] * len(state.cards_priv[p])
        assert public["forest"] == [
            tile if state.up >> i & 1 else "down" for i, tile in enumerate(state.observation(0)["forest"])]
        assert all(isinstance(stack["below"], int) for stack in public["huts"])
        assert set(public["pile"]) == {"size"}


def test_the_public_observation_of_the_card_game_shows_every_face_down_card_as_down() -> None:
    for state in _mid_game_states("first_stone_age", (), 3, seed=1):
        assert isinstance(state, FirstStoneAgeState)
        public = state.public_observation()
        guff_up = state.to_json()["pending"]["stage"] == "guff"
        for slot, shown in enumerate(public["circle"]):
            face_up = guff_up and slot == state.martin
            assert shown == (None if state.circle[slot] == -2 else "guff" if face_up else "down")
        assert public == {**state.observation(0), "observer": None}  # the card game hides nothing per seat


def test_a_card_drawn_face_down_is_named_only_to_its_holder_and_an_omniscient_viewer() -> None:
    state = play(_junior(cards=True), "turn 1", "reveal building_site")
    action = state.string_to_action("draw guff")
    assert "Guff" in describe(state, action, 0) and "Guff" in describe(state, action, OMNISCIENT)
    for viewer in (1, PUBLIC):
        assert describe(state, action, viewer) == "Player 1 takes the top goods card of the pile face down"
