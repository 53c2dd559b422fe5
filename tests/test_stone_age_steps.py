"""Automatic steps: ``apply_traced`` names each step the rules take on their own, with a snapshot
taken as it began, so that every step's effects can be told apart from the action's; the event
stream (``apply_facts`` put into words) tells each step with its own effects."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stoneage import CHANCE, load_game
from stoneage.core.contract import AutoStep
from stoneage.games.stone_age.facts import HOLDINGS
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.play.events import Event, apply_with_events

from helpers import edit, legal, new_game, play, player


def traced(state: StoneAgeState, text: str) -> tuple[StoneAgeState, list[AutoStep]]:
    before = state.clone()
    return before, state.apply_traced(state.string_to_action(text))  # type: ignore[arg-type]


def told(state: StoneAgeState, text: str) -> list[Event]:
    """The events of the action ``text``: the action's own, then one per automatic step."""
    return apply_with_events(state, state.string_to_action(text))


def step_kinds(events: list[Event]) -> list[tuple[str, int]]:
    return [(event.kind, event.seat) for event in events[1:]]


def effects(events: list[Event]) -> list[list[str]]:
    """The effects of the action itself, then of each step."""
    return [list(event.effects) for event in events]


def sentences(events: list[Event]) -> list[str]:
    """The steps' sentences (the action's own left out)."""
    return [event.text for event in events[1:]]


def two_player_round() -> StoneAgeState:
    """Seat 0: forest 2, hut 2, field 1; seat 1: hunting grounds 5. Seat 0 has resolved the forest."""
    state = new_game(players=2)
    play(state, "place forest 2", "place hunt 5", "place hut 2", "place field 1")
    play(state, "resolve forest", "roll 9")
    return state


def test_the_last_village_location_and_the_next_seats_only_location_resolve_as_their_own_steps() -> None:
    state = two_player_round()
    events = told(state, "resolve hut")
    assert step_kinds(events) == [("field", 0), ("resolve", 1)]
    assert effects(events) == [
        ["Player 1: +1 figures"],  # the hut, chosen
        ["Player 1: +1 agriculture"],  # the field, on its own
        [],  # seat 1's hunting grounds: the roll is next
    ]
    assert state.current_player() == CHANCE
    assert sentences(events) == [
        "Player 1 moves up the agriculture track at the field",
        "Player 2 resolves their last location, the hunting grounds",
    ]


def test_food_from_the_last_roll_is_the_rolls_and_each_seat_feeds_in_its_own_step() -> None:
    state = two_player_round()
    play(state, "resolve hut")
    events = told(state, "roll 10")
    assert step_kinds(events) == [("feeding", 0), ("feeding", 1), ("round_end", CHANCE)]
    assert effects(events) == [
        ["Player 2: +5 food"],  # the hunt, reported on the roll and not under feeding
        ["Player 1: -5 food"],  # 6 figures fed with 12 food and agriculture 1
        ["Player 2: -5 food"],
        [],  # tools ready again, the first player passes: no holdings change
    ]
    assert sentences(events) == [
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
    events = told(state, "roll 5")  # seat 1 hunts 2 food: 3 food for 5 figures
    assert step_kinds(events) == [("starve", 0), ("feeding", 1)]
    assert effects(events) == [
        ["Player 2: +2 food"],
        ["Player 1: -10 points"],
        ["Player 2: -3 food"],
    ]
    assert sentences(events) == ["Player 1 cannot feed 5 figures and loses 10 points",
                                 "Player 2 feeds 5 figures with all 3 food and is 2 short"]
    assert state.current_player() == 1 and legal(state) == ["feed with wood wood", "starve"]


def test_a_purchase_nobody_can_pay_is_an_automatic_decline() -> None:
    state = new_game(players=2)  # nobody owns a resource
    play(state, "place card3 1", "place hunt 5", "place hunt 4", "resolve hunt")
    events = told(state, "roll 8")  # seat 0's hunt; its card then resolves itself
    assert step_kinds(events) == [("no_purchase", 0), ("resolve", 1)]
    assert sentences(events)[0] == "Player 1 cannot pay for the card costing 3 and takes the figure back"
    assert effects(events)[0] == ["Player 1: +4 food"]
    assert state.to_json()["display"][2] == 30  # the card stays


def test_a_dice_for_all_pick_with_one_face_left_is_a_forced_pick() -> None:
    state = new_game(players=2, display=(1, 18, 30, 27))
    state = edit(state, 0, wood=1)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    _, steps = traced(state, "dice 3 5")
    assert steps == [] and legal(state) == ["pick 3", "pick 5"]
    events = told(state, "pick 3")
    assert step_kinds(events) == [("forced_pick", 1), ("resolve", 0)]  # then seat 0's hunt, on its own
    assert sentences(events)[0] == "Player 2 takes the die left, a 5: a tool step"
    assert effects(events) == [["Player 1: +1 stone"], ["Player 2: +1 tool value"], []]


def test_the_last_action_of_a_game_is_followed_by_final_scoring() -> None:
    state = load_game("stone_age", players=2, seed=5).new_initial_state()
    rng = random.Random(5)
    last: list[Event] = []
    while not state.is_terminal():
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        last = apply_with_events(state, action)
    assert (last[-1].kind, last[-1].seat) == ("final_scoring", CHANCE)
    assert last[-1].text == "The game is over: final scoring"


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
            assert snapshot.step_fact(kind, seat).kind == kind
    assert traced_state.to_json() == plain.to_json()
    assert {"feeding", "round_end", "final_scoring", "taming_end"} <= seen


def test_player_snapshot_of_a_step_is_the_state_before_it() -> None:
    state = two_player_round()
    play(state, "resolve hut")
    _, steps = traced(state, "roll 10")
    first_feeding = steps[0][2]
    assert player(first_feeding, 0)["food"] == 12 and player(first_feeding, 1)["food"] == 17


def _counted(seat: dict[str, Any]) -> dict[str, int]:
    """A seat's holdings as the facts count them, read from the state's JSON (an independent reading)."""
    return {"food": seat["food"], **seat["resources"], "agriculture": seat["agriculture"],
            "figures": seat["figures"], "points": seat["score"],
            "tool_value": sum(seat["tools_ready"]) + sum(seat["tools_used"]),
            "one_use_tools": len(seat["one_use_tools"]), "cards": len(seat["cards"]),
            "face_down_cards": len(seat["secret_cards"]), "buildings": len(seat["buildings"])}


@pytest.mark.parametrize("seed", range(3))
def test_the_facts_count_every_holding_that_changed_as_the_state_json_shows_it(seed: int) -> None:
    game = load_game("stone_age", players=4, seed=seed, expansions=["mammoth"])
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        before = state.to_json()["players"]
        facts = state.apply_facts(state.sample_chance_outcome() if state.current_player() == CHANCE
                                  else rng.choice(state.legal_actions()))
        expected = {}
        for seat, (old, new) in enumerate(zip(before, state.to_json()["players"], strict=True)):
            was, now = _counted(old), _counted(new)
            changed = {key: now[key] - was[key] for key in HOLDINGS if now[key] != was[key]}
            if changed:
                expected[seat] = changed
        summed: dict[int, dict[str, int]] = {}
        for fact in facts:
            for seat, changes in fact.deltas.items():
                for key, delta in changes.items():
                    summed.setdefault(seat, {})[key] = summed.get(seat, {}).get(key, 0) + delta
        summed = {seat: {k: d for k, d in changes.items() if d} for seat, changes in summed.items()}
        assert {seat: changes for seat, changes in summed.items() if changes} == expected, \
            f"move {state.move_number()}"
