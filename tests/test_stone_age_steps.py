"""Automatic steps: ``apply_traced`` names each step the rules take on their own, with a snapshot
taken as it began, so that every step's effects can be told apart from the action's."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from stoneage import CHANCE, load_game
from stoneage.core.contract import AutoStep
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, legal, new_game, play, player


def kinds(steps: list[AutoStep]) -> list[tuple[str, int]]:
    return [(kind, seat) for kind, seat, _ in steps]


def effects(before: StoneAgeState, steps: list[AutoStep], after: StoneAgeState) -> list[list[str]]:
    """The log lines of the action itself, then of each step, each against the previous snapshot."""
    marks = [before, *(snapshot for _, _, snapshot in steps), after]
    return [[line.strip() for line in b.changes_since(a)] for a, b in pairwise(marks)]


def traced(state: StoneAgeState, text: str) -> tuple[StoneAgeState, list[AutoStep]]:
    before = state.clone()
    return before, state.apply_traced(state.string_to_action(text))  # type: ignore[arg-type]


def two_player_round() -> StoneAgeState:
    """Seat 0: forest 2, hut 2, field 1; seat 1: hunting grounds 5. Seat 0 has resolved the forest."""
    state = new_game(players=2)
    play(state, "place forest 2", "place hunt 5", "place hut 2", "place field 1")
    play(state, "resolve forest", "roll 9")
    return state


def test_the_last_village_location_and_the_next_seats_only_location_resolve_as_their_own_steps() -> None:
    state = two_player_round()
    before, steps = traced(state, "resolve hut")
    assert kinds(steps) == [("field", 0), ("resolve", 1)]
    assert effects(before, steps, state) == [
        ["Player 1: +1 figures"],  # the hut, chosen
        ["Player 1: +1 agriculture"],  # the field, on its own
        [],  # seat 1's hunting grounds: the roll is next
    ]
    assert state.current_player() == CHANCE
    assert [snapshot.describe_step(kind, seat) for kind, seat, snapshot in steps] == [
        "Player 1 moves up the agriculture track at the field",
        "Player 2 resolves their last location, the hunting grounds",
    ]


def test_food_from_the_last_roll_is_the_rolls_and_each_seat_feeds_in_its_own_step() -> None:
    state = two_player_round()
    play(state, "resolve hut")
    before, steps = traced(state, "roll 10")
    assert kinds(steps) == [("feeding", 0), ("feeding", 1), ("round_end", CHANCE)]
    assert effects(before, steps, state) == [
        ["Player 2: +5 food"],  # the hunt, reported on the roll and not under feeding
        ["Player 1: -5 food"],  # 6 figures fed with 12 food and agriculture 1
        ["Player 2: -5 food"],
        [],  # tools ready again, the first player passes: no holdings change
    ]
    descriptions = [snapshot.describe_step(kind, seat) for kind, seat, snapshot in steps]
    assert descriptions == [
        "Player 1 feeds 6 figures (food and agriculture)",
        "Player 2 feeds 5 figures (food and agriculture)",
        "End of round 1: tools are ready again; player 2 becomes first player",
    ]
    assert state.to_json()["first_player"] == 1


def test_apply_traced_ends_in_the_same_state_as_apply_action() -> None:
    state = two_player_round()
    play(state, "resolve hut")
    plain = state.clone()
    plain.apply_action(plain.string_to_action("roll 10"))
    _, steps = traced(state, "roll 10")
    assert steps and state.to_json() == plain.to_json()
    assert state.legal_actions() == plain.legal_actions()


def test_a_snapshot_is_an_independent_state_that_traces_nothing_itself() -> None:
    state = two_player_round()
    play(state, "resolve hut")
    _, steps = traced(state, "roll 10")
    snapshot = steps[0][2]
    frozen = snapshot.to_json()
    state.apply_action(state.legal_actions()[0])  # playing on does not touch the snapshot
    assert snapshot.to_json() == frozen
    assert snapshot.clone().to_json() == frozen


def test_a_shortfall_nobody_can_pay_is_a_starve_step_and_a_payable_one_a_decision() -> None:
    state = new_game(players=2)
    state = edit(state, 0, food=0)  # seat 0: 5 figures, no food, 1 wood from the forest: starves
    state = edit(state, 1, food=1, wood=3)  # seat 1: 2 short with 3 wood: decides
    play(state, "place forest 5", "place hunt 5", "roll 5")
    before, steps = traced(state, "roll 5")  # seat 1 hunts 2 food: 3 food for 5 figures
    assert kinds(steps) == [("starve", 0), ("feeding", 1)]
    assert effects(before, steps, state) == [
        ["Player 2: +2 food"],
        ["Player 1: -10 points"],
        ["Player 2: -3 food"],
    ]
    assert steps[0][2].describe_step("starve", 0) == "Player 1 cannot feed 5 figures and loses 10 points"
    assert steps[1][2].describe_step("feeding", 1) == "Player 2 feeds 5 figures with all 3 food and is 2 short"
    assert state.current_player() == 1 and legal(state) == ["feed with wood wood", "starve"]


def test_a_purchase_nobody_can_pay_is_an_automatic_decline() -> None:
    state = new_game(players=2)  # nobody owns a resource
    play(state, "place card3 1", "place hunt 5", "place hunt 4", "resolve hunt")
    before, steps = traced(state, "roll 8")  # seat 0's hunt; its card then resolves itself
    assert kinds(steps) == [("no_purchase", 0), ("resolve", 1)]
    assert steps[0][2].describe_step("no_purchase", 0) == (
        "Player 1 cannot pay for the card costing 3 and takes the figure back")
    assert effects(before, steps, state)[0] == ["Player 1: +4 food"]
    assert state.to_json()["display"][2] == 30  # the card stays


def test_a_dice_for_all_pick_with_one_face_left_is_a_forced_pick() -> None:
    state = new_game(players=2, display=(1, 18, 30, 27))
    state = edit(state, 0, wood=1)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    before, steps = traced(state, "dice 3 5")
    assert steps == [] and legal(state) == ["pick 3", "pick 5"]
    before, steps = traced(state, "pick 3")
    assert kinds(steps) == [("forced_pick", 1), ("resolve", 0)]  # then seat 0's hunt, on its own
    assert steps[0][2].describe_step("forced_pick", 1) == "Player 2 takes the die left, a 5: a tool step"
    assert effects(before, steps, state) == [["Player 1: +1 stone"], ["Player 2: +1 tool value"], []]


def test_the_last_action_of_a_game_is_followed_by_final_scoring() -> None:
    state = load_game("stone_age", players=2, seed=5).new_initial_state()
    rng = random.Random(5)
    last: list[AutoStep] = []
    while not state.is_terminal():
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        last = state.apply_traced(action)
    assert last[-1][:2] == ("final_scoring", CHANCE)
    assert last[-1][2].describe_step("final_scoring", CHANCE) == "The game is over: final scoring"


@pytest.mark.parametrize("seed", range(3))
def test_traced_and_plain_games_are_identical(seed: int) -> None:
    params = {"players": 3, "seed": seed, "expansions": ["mammoth"]}
    plain = load_game("stone_age", **params).new_initial_state()
    traced_state = load_game("stone_age", **params).new_initial_state()
    rng = random.Random(seed)
    seen: set[str] = set()
    while not plain.is_terminal():
        action = plain.sample_chance_outcome() if plain.is_chance_node() else rng.choice(plain.legal_actions())
        plain.apply_action(action)
        for kind, seat, snapshot in traced_state.apply_traced(action):
            seen.add(kind)
            assert snapshot.describe_step(kind, seat)
    assert traced_state.to_json() == plain.to_json()
    assert {"feeding", "round_end", "final_scoring", "taming_end"} <= seen


def test_player_snapshot_of_a_step_is_the_state_before_it() -> None:
    state = two_player_round()
    play(state, "resolve hut")
    _, steps = traced(state, "roll 10")
    first_feeding = steps[0][2]
    assert player(first_feeding, 0)["food"] == 12 and player(first_feeding, 1)["food"] == 17


def _counted(seat: dict[str, Any]) -> dict[str, int]:
    """A seat's holdings as the log counts them, read from the state's JSON (an independent reading)."""
    return {"food": seat["food"], **seat["resources"], "agriculture": seat["agriculture"],
            "figures": seat["figures"], "points": seat["score"],
            "tool value": sum(seat["tools_ready"]) + sum(seat["tools_used"]),
            "one-use tools": len(seat["one_use_tools"]), "cards": len(seat["cards"]),
            "face-down cards": len(seat["secret_cards"]), "buildings": len(seat["buildings"])}


@pytest.mark.parametrize("seed", range(3))
def test_the_log_counts_every_holding_that_changed_as_the_state_json_shows_it(seed: int) -> None:
    game = load_game("stone_age", players=4, seed=seed, expansions=["mammoth"])
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        state.apply_action(state.sample_chance_outcome() if state.current_player() == CHANCE
                           else rng.choice(state.legal_actions()))
        expected = []
        for seat, (old, new) in enumerate(zip(before.to_json()["players"], state.to_json()["players"], strict=True)):
            was, now = _counted(old), _counted(new)
            parts = [f"{now[key] - was[key]:+d} {key}" for key in now if now[key] != was[key]]
            if parts:
                expected.append(f"Player {seat + 1}: " + ", ".join(parts))
        told = [line.strip() for line in state.changes_since(before) if not line.strip().startswith("(")]
        assert told == expected, f"move {state.move_number()}"
