"""The children's games tell what happens as facts, and the play layer says them (docs/facts.md).

Read like the rulebooks: a goods card taken face down (Stone Age Junior with the card game) is
named only to the player who takes it; everything else is seen by all, so a card turned up in My
First Stone Age is named to everyone. The sentences come from the facts alone, with the table's
names put in as they are said. Chance outcomes are forced through their notation; random games
are seeded.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from stoneage import State, load_game
from stoneage.core.contract import OMNISCIENT, PUBLIC
from stoneage.core.facts import Fact, redact
from stoneage.core.i18n import seat_name, use_language
from stoneage.games.first_stone_age.facts import log_fact
from stoneage.games.first_stone_age.state import FirstStoneAgeState
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.play.events import apply_with_events, describe
from stoneage.play.kit import play_kit

from common import edit_json, play, random_step

CHILDREN = (("first_stone_age", ()), ("stone_age_junior", ()), ("stone_age_junior", ("cards",)))


def _card_game() -> FirstStoneAgeState:
    """2 players: seat 0 collects for hut 1 (berry, fish, jug), seat 1 for hut 7 (fish, jug,
    arrowhead); the draw pile shows a tooth; Martin starts beside card 1."""
    state = load_game("first_stone_age", players=2, seed=0).new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    return play(state, "hut 1", "hut 7", "draw tooth", "start 1")


def _junior(cards: bool = False) -> StoneAgeJuniorState:
    """2 players, huts 1, 10 and 11 face up; seat 0 turns a forest tile first."""
    state = load_game("stone_age_junior", players=2, seed=0, expansions=["cards"] if cards else []).new_initial_state()
    assert isinstance(state, StoneAgeJuniorState)
    return play(state, "hut 1", "hut 10", "hut 11")


def _say(state: State, fact: Fact, names: dict[int, str] | None = None) -> str:
    called = names or {}
    return play_kit(state.get_game()).say(fact, lambda seat: called.get(seat) or seat_name(seat))


# --- what a player may know -------------------------------------------------------------------------


def test_a_goods_card_taken_face_down_is_named_only_to_the_player_who_takes_it() -> None:
    state = play(_junior(cards=True), "turn 1", "reveal building_site")  # seat 0 cannot build: it draws
    fact = state.fact(state.string_to_action("draw fish"))
    assert (fact.kind, fact.seat, dict(fact.data), dict(fact.secret)) == ("draw", 0, {"card": "fish"}, {"card": (0,)})
    for viewer in (0, OMNISCIENT):
        assert redact(fact, viewer).data == {"card": "fish"}
    for viewer in (1, PUBLIC):
        hidden = redact(fact, viewer)
        assert "card" not in hidden.data and hidden.hidden == ("card",) and not hidden.secret  # said to be hidden
        assert "fish" not in json.dumps(hidden.to_json())
    assert describe(state, state.string_to_action("draw fish"), 0) == (
        "Player 1 takes the top goods card of the pile face down: a fish card")
    assert describe(state, state.string_to_action("draw fish"), 1) == (
        "Player 1 takes the top goods card of the pile face down")


def test_the_log_tells_everyone_that_a_card_was_taken_but_not_which() -> None:
    state = play(_junior(cards=True), "turn 1", "reveal building_site")
    for viewer in (0, 1, PUBLIC):
        events = apply_with_events(state.clone(), state.string_to_action("draw guff"), viewer)
        assert [event.kind for event in events] == ["chance", "reset"]
        facts = [event.fact for event in events if event.fact is not None]
        assert "guff" not in json.dumps([detail.to_json() for fact in facts for detail in fact.details])
        assert ("guff" in json.dumps(facts[0].to_json())) == (viewer == 0)  # only the drawer's own fact names it
        assert events[1].effects == ("All forest tiles are turned face down",)


def test_a_goods_card_everyone_has_seen_is_taken_in_the_open() -> None:
    def change(data: dict[str, Any]) -> None:
        everything = ["berry"] * 4 + ["fish"] * 4 + ["jug"] * 4 + ["arrowhead"] * 4 + ["tooth"] * 3
        data["players"][1]["cards_hidden"] = everything
        data["pile"] = {"cards": ["tooth", "guff"], "unseen": 0}

    state = play(edit_json(_junior(cards=True), change), "turn 1")
    facts = state.apply_facts(state.string_to_action("reveal building_site"))
    took = next(fact for fact in facts if fact.kind == "goods_card")
    assert [(d.kind, dict(d.data)) for d in took.details] == [("log_draw", {"card": "tooth"})]
    assert not took.details[0].secret
    assert play_kit("stone_age_junior").effects(redact(took, 1), seat_name) == [
        "Player 1 takes a goods card face down (everyone knows it: a tooth card)"]


def test_a_card_turned_up_in_the_card_game_is_named_to_everyone() -> None:
    state = play(_card_game(), "move 1")
    fact = state.fact(state.string_to_action("reveal berry"))
    assert (fact.kind, fact.seat, dict(fact.data), dict(fact.secret)) == ("reveal", 0, {"slot": 1, "card": "berry"}, {})
    for viewer in (0, 1, PUBLIC):
        assert redact(fact, viewer) == fact
        assert describe(state, state.string_to_action("reveal berry"), viewer) == "Player 1 turns up card 2: a berry"


# --- the facts of a turn ----------------------------------------------------------------------------


def test_a_needed_card_is_kept_and_the_gap_filled_as_the_keep_steps_details() -> None:
    state = play(_card_game(), "move 1")
    facts = state.apply_facts(state.string_to_action("reveal berry"))
    assert [(fact.kind, fact.seat) for fact in facts] == [("reveal", 0), ("keep", 0)]
    assert facts[0].details == ()  # the reveal entry is the action's own: told by the action's fact
    assert [(d.kind, d.seat, dict(d.data)) for d in facts[1].details] == [
        ("log_keep", 0, {"slot": 1, "card": "berry", "as": "berry"}),
        ("log_refill", -1, {"slot": 1, "card": "tooth"}),
    ]
    assert play_kit("first_stone_age").effects(facts[1], seat_name) == [
        "Player 1 keeps a berry", "The top card of the draw pile (tooth) fills place 2 face down"]


def test_guff_kept_as_a_good_is_told_with_the_good_it_stands_for() -> None:
    state = play(_card_game(), "move 1")
    play(state, "reveal guff")  # seat 0 may keep Guff for its hut
    fact = state.fact(state.string_to_action("keep guff as fish"))
    assert (fact.kind, dict(fact.data)) == ("keep_guff", {"good": "fish"})
    events = apply_with_events(state, state.string_to_action("keep guff as fish"))
    assert events[0].text == "Player 1 keeps Guff as a fish"
    # The keep is the action's own log entry: its effects are the rest.
    assert events[0].effects == ("The top card of the draw pile (tooth) fills place 2 face down",)
    kept = log_fact(state.events()[-2])  # the entry in the public log
    assert (kept.kind, dict(kept.data)) == ("log_keep", {"slot": 1, "card": "guff", "as": "fish"})
    assert _say(state, kept) == "Player 1 keeps Guff the dog as a fish"


def test_completing_a_hut_builds_it_as_a_step_that_names_the_hut() -> None:
    def change(data: dict[str, Any]) -> None:
        data["players"][0]["cards"] = ["berry", "fish"]
        data["draw_pile"]["below"] = data["draw_pile"]["below"][2:]
        data["draw_pile"]["unseen"] -= 2

    state = play(edit_json(_card_game(), change), "move 1", "reveal jug")
    facts = state.apply_facts(state.string_to_action("draw arrowhead"))
    build = next(fact for fact in facts if fact.kind == "build")
    assert dict(build.data) == {"hut": 1}
    assert _say(state, build) == "Player 1 has the goods for hut 1 (berry, fish, jug) and builds it"
    assert [d.kind for d in build.details] == ["log_build", "log_under", "log_under", "log_under"]


def test_a_figure_moves_by_the_tile_and_takes_the_good_of_its_space() -> None:
    state = play(_junior(), "turn 1")
    facts = state.apply_facts(state.string_to_action("reveal berry"))
    assert [(fact.kind, fact.seat, dict(fact.data)) for fact in facts] == [
        ("reveal", 0, {"place": 0, "tile": "berry"}), ("take", 0, {"space": "berry"}), ("next_turn", 1, {})]
    assert [(d.kind, dict(d.data)) for d in facts[0].details] == [("log_move", {"space": "berry", "tile": "berry"})]
    assert [(d.kind, dict(d.data)) for d in facts[1].details] == [("log_take", {"good": "berry"})]


def test_a_tile_everyone_remembers_is_named_when_it_is_chosen() -> None:
    state = play(_junior(), "turn 1", "reveal building_site")  # the building site: every tile face down
    play(state, "swap 1 2")  # the building-site tile now lies in place 2, and everyone remembers it
    fact = state.fact(state.string_to_action("turn 2"))
    assert dict(fact.data) == {"place": 1, "tile": "building_site"}
    assert _say(state, fact) == "Player 2 turns up forest tile 2 (the building site, as everyone remembers)"
    fresh = state.fact(state.string_to_action("turn 3"))
    assert dict(fresh.data) == {"place": 2, "tile": None}
    assert _say(state, fresh) == "Player 2 turns up forest tile 3"


def test_a_dog_taken_from_another_player_names_both_by_the_tables_names() -> None:
    def change(data: dict[str, Any]) -> None:
        data["dog_storage"] = 0
        data["players"][1]["dogs"] = 2

    state = play(edit_json(_junior(), change), "turn 1")
    events = apply_with_events(state, state.string_to_action("reveal dog"), names={0: "Ada", 1: "Bob"})
    dog = next(event for event in events if event.kind == "dog")
    assert dog.text == "Ada takes a dog"
    assert dog.effects == ("Ada takes a dog from Bob",)
    assert dog.fact is not None and dict(dog.fact.details[0].data) == {"from": 1}


def test_the_end_of_the_game_names_the_winner_or_nobody() -> None:
    for name in ("first_stone_age", "stone_age_junior"):
        kit = play_kit(name)
        assert kit.say(Fact("game_end", 1), seat_name) == "The game ends: Player 2 wins"
        assert kit.say(Fact("game_end", -1), seat_name) == "The game ends: nobody wins"
        assert kit.say(Fact("next_turn", 0), {0: "Ada"}.__getitem__) == "Ada's turn"


def test_the_same_fact_is_said_in_the_players_language() -> None:
    state = play(_junior(), "turn 1")
    fact = state.fact(state.string_to_action("reveal berry"))
    english = _say(state, fact)
    with use_language("de"):
        german = _say(state, fact)
    with use_language("ko"):
        korean = _say(state, fact)
    assert len({english, german, korean}) == 3 and "1" in german and "1" in korean


# --- every fact, declared ---------------------------------------------------------------------------


def _every(facts: list[Fact] | tuple[Fact, ...]) -> list[Fact]:
    out: list[Fact] = []
    for fact in facts:
        out += [fact, *_every(fact.details)]
    return out


@pytest.mark.parametrize(("name", "expansions"), CHILDREN)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_fact_of_a_random_game_has_a_declared_kind_and_only_declared_fields(
        name: str, expansions: tuple[str, ...], players: int) -> None:
    state = load_game(name, players=players, seed=players, expansions=list(expansions)).new_initial_state()
    kinds = {kind.name: kind for kind in type(state).FACT_KINDS}
    assert len(kinds) == len(type(state).FACT_KINDS)  # one declaration per kind
    kit = play_kit(name)
    rng = random.Random(players)
    told: set[str] = set()
    while not state.is_terminal():
        action = random_step(state, rng)
        steps = [(kind, seat) for kind, seat, _ in state.clone().apply_traced(action)]
        facts = state.apply_facts(action)
        assert [(fact.kind, fact.seat) for fact in facts[1:]] == steps  # a step's fact is of the step's kind
        for fact in _every(facts):
            declared = kinds[fact.kind]
            assert set(fact.data) <= set(declared.fields), fact
            assert set(fact.secret) <= set(declared.secret), fact
            assert Fact.from_json(json.loads(json.dumps(fact.to_json()))) == fact
            told.add(fact.kind)
        for viewer in (PUBLIC, *range(players)):
            for fact in facts:
                assert kit.say(redact(fact, viewer), seat_name)
    assert "next_turn" in told and any(kind.startswith("log_") for kind in told)
