"""Stone Age's facts, rule by rule: what each step tells as data (docs/facts.md), with dice, cards
and tiles forced, and what a viewer may see of it once redacted."""

from __future__ import annotations

import json
import random

import pytest

from stoneage import CHANCE, load_game
from stoneage.core.contract import OMNISCIENT, PUBLIC
from stoneage.core.facts import Fact, redact
from stoneage.core.i18n import seat_name
from stoneage.games.stone_age.facts import HOLDINGS
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.play.events import apply_with_events, describe
from stoneage.play.stone_age.narrate import effects, say

from helpers import edit, new_game, play

EXTRA_CARD = 32
KINDS = {kind.name: kind for kind in StoneAgeState.FACT_KINDS}


def fact_of(state: StoneAgeState, text: str) -> Fact:
    """The fact of the action ``text`` as it would be applied here (the state is left as it is)."""
    return state.fact(state.string_to_action(text))


def facts_of(state: StoneAgeState, text: str) -> list[Fact]:
    """Apply the action ``text``: its fact, then one per automatic step."""
    return state.apply_facts(state.string_to_action(text))


def two_player_round() -> StoneAgeState:
    """Seat 0: forest 2, hut 2, field 1; seat 1: hunting grounds 5."""
    state = new_game(players=2)
    play(state, "place forest 2", "place hunt 5", "place hut 2", "place field 1")
    return state


def mammoth_game(tile: int, players: int) -> StoneAgeState:
    """A game with the herd's tile forced, at its first placement (tiles 1-4 have a wood back)."""
    state = load_game("stone_age", players=players, expansions=["mammoth"]).new_initial_state()
    stacks = ("building wwc", "building wcs", "building ccg", "building ssg")[:players]
    play(state, "card 11", "card 18", "card 30", "card 27", *stacks, "mammoth back wood", f"mammoth tile {tile}",
         "mammoth back clay")
    assert isinstance(state, StoneAgeState)
    return state


# --- placing and gathering ---------------------------------------------------------------------------


def test_placing_figures_tells_the_place_and_how_many() -> None:
    state = new_game(players=2)
    assert fact_of(state, "place forest 2") == Fact("place", 0, {"place": "forest", "count": 2})
    [placed] = facts_of(state, "place forest 2")
    assert placed.deltas == {}  # figures on the board are not holdings


def test_a_roll_at_the_forest_tells_the_place_the_dice_and_the_total_and_gives_its_wood() -> None:
    state = two_player_round()
    assert fact_of(state, "resolve forest") == Fact("resolve_location", 0, {"place": "forest"})
    play(state, "resolve forest")
    assert state.current_player() == CHANCE
    roll, *_ = facts_of(state, "roll 9")
    assert (roll.kind, roll.seat) == ("roll", 0)  # the rolling seat, though chance decides
    assert roll.data == {"place": "forest", "dice": 2, "total": 9}
    assert roll.deltas == {0: {"wood": 3}}  # 9 // 3
    assert say(roll, seat_name) == "Player 1 rolls 2 dice at the forest: 9"
    assert effects(roll, seat_name) == ["Player 1: +3 wood"]


def test_the_village_steps_and_the_last_location_are_facts_of_their_own() -> None:
    state = two_player_round()
    play(state, "resolve forest", "roll 9")
    hut, field, resolve = facts_of(state, "resolve hut")
    assert (hut.kind, hut.deltas) == ("resolve_location", {0: {"figures": 1}})
    assert (field.kind, field.seat, field.data, field.deltas) == ("field", 0, {}, {0: {"agriculture": 1}})
    assert (resolve.kind, resolve.seat, resolve.data) == ("resolve", 1, {"place": "hunt"})


def test_feeding_tells_the_figures_the_food_used_and_the_shortfall() -> None:
    state = two_player_round()
    play(state, "resolve forest", "roll 9", "resolve hut")
    roll, first, second, round_end = facts_of(state, "roll 10")
    assert roll.deltas == {1: {"food": 5}}  # the hunt: reported on the roll, not under feeding
    assert (first.kind, first.seat, first.data) == ("feeding", 0, {"figures": 6, "food": 6, "short": 0})
    assert first.deltas == {0: {"food": -5}}  # agriculture 1 pays for one figure
    assert (second.kind, second.seat, second.data) == ("feeding", 1, {"figures": 5, "food": 5, "short": 0})
    assert (round_end.kind, round_end.seat, round_end.data) == ("round_end", CHANCE, {"round": 1, "first": 1})


def test_a_seat_short_of_food_is_told_how_short_and_a_starving_one_loses_its_points() -> None:
    state = new_game(players=2)
    state = edit(state, 0, food=0)
    state = edit(state, 1, food=1, wood=3)
    play(state, "place forest 5", "place hunt 5", "roll 5")
    _, starve, feeding = facts_of(state, "roll 5")
    assert (starve.kind, starve.data, starve.deltas) == ("starve", {"figures": 5}, {0: {"points": -10}})
    assert (feeding.kind, feeding.data) == ("feeding", {"figures": 5, "food": 3, "short": 2})
    assert fact_of(state, "feed with wood wood") == Fact("feed", 1, {"goods": ("wood", "wood")})
    assert fact_of(state, "starve") == Fact("take_penalty", 1)


# --- cards and buildings -----------------------------------------------------------------------------


def test_the_setup_deals_cards_and_buildings_face_up() -> None:
    state = load_game("stone_age", players=2).new_initial_state()
    assert fact_of(state, "card 11") == Fact("card_dealt", CHANCE, {"cost": 1, "card": 11})
    play(state, "card 11", "card 18", "card 30", "card 27")
    assert fact_of(state, "building wwc") == Fact("building_dealt", CHANCE, {"stack": 1, "building": "wwc"})


def test_buying_a_card_tells_the_card_its_cost_and_the_payment() -> None:
    state = new_game(players=2, display=(11, 18, 30, 27))
    state = edit(state, 0, wood=1, clay=1)
    play(state, "place card2 1", "place hunt 5", "place hunt 4", "resolve card2")
    bought = facts_of(state, "pay wood clay")[0]
    assert bought.data == {"card": 18, "cost": 2, "pay": ("wood", "clay")}
    assert bought.deltas == {0: {"wood": -1, "clay": -1, "stone": 1, "cards": 1}}  # card 18 gives a stone


def test_a_card_drawn_face_down_is_seen_by_its_drawer_only() -> None:
    state = new_game(players=2, display=(EXTRA_CARD, 18, 30, 27))
    state = edit(state, 0, wood=1)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    drawn = fact_of(state, "card 26")
    assert drawn == Fact("card_drawn", 0, {"card": 26}, secret={"card": (0,)})
    for viewer in (0, OMNISCIENT):
        assert redact(drawn, viewer).data == {"card": 26}
    for viewer in (1, PUBLIC):
        hidden = redact(drawn, viewer)
        assert hidden.data == {} and hidden.hidden == ("card",) and not hidden.secret
        assert "26" not in json.dumps(hidden.to_json())
        assert say(hidden, seat_name) == "Player 1 draws the top card of the deck face down"
        assert describe(state, state.string_to_action("card 26"), viewer) == say(hidden, seat_name)
    [event] = apply_with_events(state, state.string_to_action("card 26"), 1)[:1]
    assert event.fact is not None and "card" not in event.fact.data
    assert event.effects == ("Player 1: +1 face-down cards",)  # anyone may count them


def test_building_tells_the_building_its_stack_and_the_payment() -> None:
    state = new_game(players=2, stacks=("wwc", "wcs"))
    state = edit(state, 0, wood=2, clay=1)
    play(state, "place building1 1", "place hunt 5", "place hunt 4", "resolve building1")
    built = facts_of(state, "pay wood wood clay")[0]
    assert (built.kind, built.data) == ("build", {"building": "wwc", "stack": 1, "pay": ("wood", "wood", "clay")})
    assert built.deltas[0]["buildings"] == 1 and built.deltas[0]["points"] == 10


def test_a_purchase_nobody_can_pay_is_told_as_no_purchase() -> None:
    state = new_game(players=2)
    play(state, "place card3 1", "place hunt 5", "place hunt 4", "resolve hunt")
    _, no_purchase, _ = facts_of(state, "roll 8")
    assert (no_purchase.kind, no_purchase.seat, no_purchase.data) == (
        "no_purchase", 0, {"what": "card", "number": 3})


def test_dice_for_all_tells_the_faces_and_each_pick() -> None:
    state = new_game(players=2, display=(1, 18, 30, 27))
    state = edit(state, 0, wood=1)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    assert fact_of(state, "dice 3 5") == Fact("dice_for_all", 0, {"faces": (3, 5)})  # the buyer rolls
    play(state, "dice 3 5")
    pick, forced, _ = facts_of(state, "pick 3")
    assert (pick.kind, pick.data, pick.deltas) == ("pick", {"face": 3}, {0: {"stone": 1}})
    assert (forced.kind, forced.seat, forced.data, forced.deltas) == (
        "forced_pick", 1, {"face": 5}, {1: {"tool_value": 1}})


def test_tools_tell_the_tiles_and_the_one_use_tools_used() -> None:
    state = new_game(players=2)
    state = edit(state, 0, tools_ready=[3, 1], one_use_tools=[2, 4])
    play(state, "place forest 5", "place hunt 5", "roll 7")  # the forest, its only location, resolves itself
    assert fact_of(state, "tools 3+1 one-use 4+2") == Fact("tools", 0, {"tiles": (3, 1), "one_use": (4, 2)})
    assert fact_of(state, "tools none") == Fact("tools", 0, {"tiles": (), "one_use": ()})


# --- the Mammoth Herd ----------------------------------------------------------------------------------


def test_the_herds_tile_tells_its_place_and_both_bonuses() -> None:
    state = load_game("stone_age", players=2, expansions=["mammoth"]).new_initial_state()
    play(state, "card 11", "card 18", "card 30", "card 27", "building wwc", "building wcs")
    assert fact_of(state, "mammoth back wood") == Fact("mammoth_back", CHANCE, {"back": "wood"})
    play(state, "mammoth back wood")
    assert fact_of(state, "mammoth tile 1") == Fact(
        "mammoth_tile", CHANCE, {"tile": 1, "place": "forest", "one": {"wood": 3}, "all": {"wood": 1}})


def test_taming_tells_the_figures_moved_the_rolls_the_winner_and_the_bonus() -> None:
    state = mammoth_game(tile=4, players=3)  # "1": 6 points, "all": 2 points
    play(state, "place forest 2", "place forest 2", "place hunt 5", "place hunt 3", "place hunt 3",
         "resolve forest", "roll 6")
    moved = facts_of(state, "tame with food wood")[0]
    assert (moved.kind, moved.data) == ("tame_move", {"count": 2, "pay": ("food", "wood")})
    assert moved.deltas == {0: {"food": -1, "wood": -1}}
    play(state, "roll 6", "resolve forest", "roll 6")
    assert fact_of(state, "tame none") == Fact("leave_mammoth", 1)
    play(state, "tame with food food", "roll 6", "roll 17")
    assert fact_of(state, "tame dice 6 1") == Fact("tame_roll", 0, {"faces": (1, 6)})
    play(state, "tame dice 6 1")
    roll, winner = facts_of(state, "tame dice 5 5")
    assert (roll.seat, roll.data) == (1, {"faces": (5, 5)})
    assert (winner.kind, winner.seat, winner.data) == ("tame_winner", 0, {"alone": False})
    bonus, *steps = facts_of(state, "bonus one")
    assert (bonus.kind, bonus.data) == ("tame_bonus", {"bonus": "one", "reward": {"points": 6}})
    assert bonus.deltas == {0: {"points": 6}}
    assert [step.kind for step in steps][:1] == ["taming_end"]


# --- every fact of whole games -----------------------------------------------------------------------


def _fields(fact: Fact) -> None:
    """``fact`` is of a declared kind, with exactly its fields, secrets among its secret fields, and
    deltas of the counted holdings only; it survives JSON."""
    kind = KINDS[fact.kind]
    assert set(fact.data) == set(kind.fields), fact
    assert set(fact.secret) <= set(kind.secret), fact
    assert all(set(changes) <= set(HOLDINGS) and all(changes.values()) for changes in fact.deltas.values()), fact
    assert Fact.from_json(json.loads(json.dumps(fact.to_json()))) == fact
    for detail in fact.details:
        _fields(detail)


@pytest.mark.parametrize(("players", "mammoth", "seed"), [(2, False, 1), (3, True, 2), (4, True, 3), (4, False, 4)])
def test_every_fact_of_a_random_game_is_declared_with_its_fields(players: int, mammoth: bool, seed: int) -> None:
    game = load_game("stone_age", players=players, seed=seed, expansions=["mammoth"] if mammoth else [])
    state, rng = game.new_initial_state(), random.Random(seed)
    seen: set[str] = set()
    while not state.is_terminal():
        action = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        for fact in state.apply_facts(action):
            _fields(fact)
            seen.add(fact.kind)
            for viewer in (PUBLIC, OMNISCIENT, *range(players)):
                assert say(redact(fact, viewer), seat_name)  # words for every viewer's version of it
    assert {"place", "roll", "feeding", "round_end", "final_scoring"} <= seen
    assert "action" not in seen  # legal actions are always told as what they do


def test_an_action_the_rules_would_not_take_here_is_told_by_its_notation() -> None:
    state = new_game(players=2)
    fact = fact_of(state, "roll 5")
    assert fact == Fact("action", 0, {"name": "roll 5"})
    assert say(fact, seat_name) == "Player 1: roll 5"
