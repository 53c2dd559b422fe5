"""My First Stone Age: The Card Game — every rule with forced draws, properties of random games,
notation, records and bad input.

Expected values come from the rules as docs/first-stone-age.md states them (the hut table below is
written out from that page's table, not read from the engine's data). Every card
turned up and every hut taken is forced through its chance outcome.

Default setup (``new_game``): seat 0 collects for hut 1 (berry, fish, jug), seat 1 for hut 10 (jug,
arrowhead, tooth), seat 2 for hut 6, seat 3 for hut 9; the draw pile shows a fish; Martin starts
beside card 1 (slot 0). Circle slots are 0-based in JSON and 1-based in notation (``start 1``).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from stoneage import (
    CHANCE,
    TERMINAL,
    GameOptionError,
    IllegalActionError,
    NotationError,
    PlayerError,
    RecordError,
    StateFormatError,
    game_names,
    load_game,
)
from stoneage.core.record import make_record, replay
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.memory import remembered_circle, remembered_draw_pile
from stoneage.games.first_stone_age.serialize import check_consistency
from stoneage.games.first_stone_age.state import EMPTY, FirstStoneAgeState
from stoneage.games.first_stone_age.tallies import recount
from stoneage.games.first_stone_age.view import hidden_kinds, step_target
from stoneage.play.events import apply_with_events, describe

# --- the rules page, written out independently --------------------------------------------------

GOODS = ("berry", "fish", "jug", "arrowhead", "tooth")
KINDS = (*GOODS, "guff")
TOTAL = {"berry": 4, "fish": 4, "jug": 4, "arrowhead": 4, "tooth": 4, "guff": 1}
HUT_TABLE = {
    1: {"berry", "fish", "jug"}, 2: {"berry", "fish", "arrowhead"}, 3: {"berry", "fish", "tooth"},
    4: {"berry", "jug", "arrowhead"}, 5: {"berry", "jug", "tooth"}, 6: {"berry", "arrowhead", "tooth"},
    7: {"fish", "jug", "arrowhead"}, 8: {"fish", "jug", "tooth"}, 9: {"fish", "arrowhead", "tooth"},
    10: {"jug", "arrowhead", "tooth"}, 11: {"berry", "fish", "jug"}, 12: {"fish", "jug", "arrowhead"},
    13: {"jug", "arrowhead", "tooth"}, 14: {"berry", "arrowhead", "tooth"}, 15: {"berry", "fish", "tooth"},
}
DEFAULT_HUTS = (1, 10, 6, 9)

# --- helpers ------------------------------------------------------------------------------------


def new_game(
    players: int = 2,
    huts: tuple[int, ...] = DEFAULT_HUTS,
    top: str = "fish",
    start: int = 1,
    seed: int = 0,
    first_player: int = 0,
) -> FirstStoneAgeState:
    """A game at the first player's first move, with huts, the draw pile's top and Martin forced."""
    state = fresh(players, seed, first_player)
    for number in huts[:players]:
        play(state, f"hut {number}")
    return play(state, f"draw {top}", f"start {start}")


def fresh(players: int = 4, seed: int = 0, first_player: int = 0) -> FirstStoneAgeState:
    """The initial state (before the huts are dealt)."""
    state = load_game("first_stone_age", players=players, seed=seed, first_player=first_player).new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    return state


def play(state: FirstStoneAgeState, *texts: str) -> FirstStoneAgeState:
    """Apply actions given in notation, in order; returns the same state."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def legal(state: FirstStoneAgeState) -> list[str]:
    """The legal actions in notation."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def edit(state: FirstStoneAgeState, change: Callable[[dict[str, Any]], None]) -> FirstStoneAgeState:
    """A copy of ``state`` changed through its validated JSON form."""
    data = copy.deepcopy(state.to_json())
    change(data)
    result = state.game.state_from_json(data)
    assert isinstance(result, FirstStoneAgeState)
    return result


def give(data: dict[str, Any], seat: int, cards: list[str], guff_as: str | None = None) -> None:
    """Give a seat goods cards, taking as many unseen cards out of the draw pile to keep the count."""
    pile = data["draw_pile"]
    taken = len(cards) - len(data["players"][seat]["cards"])
    pile["below"] = pile["below"][taken:]
    pile["unseen"] -= taken
    data["players"][seat].update(cards=cards, guff_as=guff_as)


def set_circle(data: dict[str, Any], cards: list[str], seen: list[bool] | None = None) -> None:
    """Put known cards in the 9 circle places (face down; unseen unless ``seen`` says so)."""
    data["circle"] = [{"card": c, "seen": bool(seen and seen[i])} for i, c in enumerate(cards)]


def events(state: FirstStoneAgeState, since: int = 0) -> list[dict[str, Any]]:
    """The public log from event ``since`` on, without the ``at``/``turn`` stamps."""
    return [{k: v for k, v in e.items() if k not in ("at", "turn")} for e in state.to_json()["log"][since:]]


def count_cards(data: dict[str, Any]) -> tuple[Counter[str], int]:
    """Known cards by kind and the number of cards of unknown kind, over every place of a state."""
    known: Counter[str] = Counter()
    unknown = 0
    names = [p["card"] for p in data["circle"] if p is not None]
    names += [data["draw_pile"]["top"]] if data["draw_pile"]["top"] else []
    names += data["draw_pile"]["below"] + data["box"]
    for seat in data["players"]:
        names += seat["cards"]
    for name in names:
        if name == "unknown":
            unknown += 1
        else:
            known[name] += 1
    return known, unknown


# --- setup --------------------------------------------------------------------------------------


def test_the_game_is_registered_and_validates_its_parameters() -> None:
    assert "first_stone_age" in game_names()
    game = load_game("first_stone_age", players=3, seed=7)
    assert (game.name, game.num_players, game.seed) == ("first_stone_age", 3, 7)
    assert game.params() == {"players": 3, "seed": 7, "first_player": 0, "expansions": [], "variants": []}
    assert game.num_distinct_actions() == A.NUM_ACTIONS == 46


def test_every_player_takes_a_hut_from_the_shuffled_hut_pile() -> None:
    state = fresh(4)
    assert state.current_player() == CHANCE
    assert dict(state.chance_outcomes_exact()) == {A.hut(h): Fraction(1, 15) for h in range(1, 16)}
    play(state, "hut 3", "hut 11")
    outcomes = dict(state.chance_outcomes_exact())
    assert A.hut(3) not in outcomes and A.hut(11) not in outcomes and len(outcomes) == 13
    play(state, "hut 1", "hut 9")
    assert [p["hut"] for p in state.to_json()["players"]] == [3, 11, 1, 9]
    assert state.observation(2)["players"][1]["hut"] == {"number": 11, "goods": ["berry", "fish", "jug"]}


def test_four_players_use_all_21_goods_cards_nine_face_down_in_a_circle() -> None:
    state = play(fresh(4), "hut 1", "hut 2", "hut 3", "hut 4")
    # The draw pile lies good side up: its top card is turned up, a chance node over the cards
    # nobody has seen — all 21, as the circle's cards lie face down.
    assert dict(state.chance_outcomes_exact()) == {
        A.draw(k): Fraction(TOTAL[name], 21) for k, name in enumerate(KINDS)
    }
    play(state, "draw jug")
    data = state.to_json()
    assert data["box"] == []
    assert data["circle"] == [{"card": "unknown", "seen": False}] * 9
    assert data["draw_pile"] == {"top": "jug", "below": ["unknown"] * 11, "unseen": 11}
    assert state.observation(0)["draw_pile"] == {"top": "jug", "size": 12}


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_put_one_card_of_each_good_back_in_the_box(players: int) -> None:
    state = fresh(players)
    for number in range(1, players + 1):
        play(state, f"hut {number}")
    assert dict(state.chance_outcomes_exact()) == {
        **{A.draw(k): Fraction(3, 16) for k in range(5)}, A.draw(5): Fraction(1, 16),
    }
    play(state, "draw guff")
    data = state.to_json()
    assert data["box"] == list(GOODS)
    assert data["draw_pile"] == {"top": "guff", "below": ["unknown"] * 6, "unseen": 6}
    known, unknown = count_cards(data)
    assert sum(known.values()) + unknown == 21 and known == Counter({**dict.fromkeys(GOODS, 1), "guff": 1})
    assert state.observation(1)["box"] == list(GOODS)


def test_the_first_player_places_martin_beside_a_card_of_their_choice() -> None:
    state = fresh(3, first_player=2)
    play(state, "hut 1", "hut 2", "hut 3", "draw fish")
    assert state.current_player() == 2
    assert legal(state) == [f"start {n}" for n in range(1, 10)]
    play(state, "start 5")
    assert state.to_json()["martin"] == 4
    assert state.current_player() == 2 and legal(state) == ["move 1", "move 2", "move 3", "move 4"]


# --- a turn -------------------------------------------------------------------------------------


def test_martin_moves_one_to_four_cards_clockwise_around_the_circle() -> None:
    state = new_game(start=8)  # slot 7
    assert describe(state, state.string_to_action("move 3")) == "Player 1 moves Martin 3 cards onward, to card 2"
    play(state, "move 3")
    assert state.to_json()["martin"] == 1  # 7 -> 8 -> 0 -> 1
    assert state.current_player() == CHANCE  # the card beside Martin is turned up


def test_turning_up_an_unseen_card_is_a_chance_node_over_every_unseen_card() -> None:
    state = play(new_game(players=4), "move 2")
    # 21 cards, the fish on the draw pile is seen: 20 unseen, 3 of them fish.
    assert dict(state.chance_outcomes_exact()) == {
        A.reveal(0): Fraction(4, 20), A.reveal(1): Fraction(3, 20), A.reveal(2): Fraction(4, 20),
        A.reveal(3): Fraction(4, 20), A.reveal(4): Fraction(4, 20), A.reveal(5): Fraction(1, 20),
    }


def test_a_needed_good_is_kept_and_the_top_of_the_draw_pile_fills_the_gap_face_down() -> None:
    state = play(new_game(), "move 1", "reveal berry")  # seat 0: hut 1 needs berry
    data = state.to_json()
    assert data["players"][0]["cards"] == ["berry"]
    assert data["circle"][1] == {"card": "fish", "seen": True}  # the fish from the draw pile
    assert data["draw_pile"]["top"] is None and state.current_player() == CHANCE
    # The draw pile shows its next card: chance over the 14 cards nobody has seen (2 fish among them).
    assert dict(state.chance_outcomes_exact())[A.draw(1)] == Fraction(2, 14)
    play(state, "draw tooth")
    assert state.to_json()["draw_pile"]["top"] == "tooth"
    assert state.current_player() == 1 and state.to_json()["pending"]["stage"] == "move"
    assert events(state, 4) == [  # after 2 huts, the first draw and the start
        {"event": "move", "player": 0, "slot": 1, "steps": 1},
        {"event": "reveal", "player": 0, "slot": 1, "card": "berry"},
        {"event": "keep", "player": 0, "slot": 1, "card": "berry", "as": "berry"},
        {"event": "refill", "slot": 1, "card": "fish"},
        {"event": "draw", "card": "tooth"},
    ]
    assert state.observation(1)["circle"][1] == "down"


def test_a_good_not_on_the_hut_is_turned_back_and_the_turn_passes() -> None:
    state = play(new_game(), "move 1", "reveal tooth")  # hut 1 has no tooth
    data = state.to_json()
    assert data["circle"][1] == {"card": "tooth", "seen": True}
    assert data["players"][0]["cards"] == [] and data["draw_pile"]["top"] == "fish"
    assert state.current_player() == 1
    assert events(state)[-1] == {"event": "turn_back", "player": 0, "slot": 1, "card": "tooth"}


def test_a_good_already_collected_is_turned_back() -> None:
    state = edit(new_game(), lambda d: give(d, 0, ["berry"]))
    play(state, "move 1", "reveal berry")
    assert state.to_json()["players"][0]["cards"] == ["berry"]
    assert state.to_json()["circle"][1] == {"card": "berry", "seen": True}
    assert state.current_player() == 1


def test_a_card_everyone_has_seen_is_turned_up_without_a_chance_node() -> None:
    state = play(new_game(), "move 1", "reveal tooth")  # seat 0 turns the tooth back at slot 1
    state = edit(state, lambda d: d.update(martin=0))
    before = state.move_number()
    play(state, "move 1")  # seat 1 (hut 10 needs tooth) stops at the known tooth
    assert state.move_number() == before + 1
    assert state.to_json()["players"][1]["cards"] == ["tooth"]
    assert state.to_json()["circle"][1] == {"card": "fish", "seen": True}
    assert state.current_player() == CHANCE and state.to_json()["pending"]["stage"] == "draw"


def test_guff_may_be_kept_as_any_good_the_hut_still_needs() -> None:
    state = edit(new_game(), lambda d: give(d, 0, ["berry"]))
    play(state, "move 1", "reveal guff")
    assert state.current_player() == 0
    assert legal(state) == ["keep guff as fish", "keep guff as jug", "turn back"]
    assert state.observation(1)["circle"][1] == "guff"  # face up while seat 0 decides
    play(state, "keep guff as jug", "draw berry")
    seat = state.to_json()["players"][0]
    assert (seat["cards"], seat["guff_as"]) == (["berry", "guff"], "jug")
    assert state.observation(0)["players"][0]["needs"] == ["fish"]
    # Guff is a jug now: a jug turned up later is already collected.
    state = edit(state, lambda d: d.update(martin=8, pending={"stage": "move", "player": 0}))
    play(state, "move 3", "reveal jug")
    assert state.to_json()["circle"][2] == {"card": "jug", "seen": True}
    assert state.to_json()["players"][0]["cards"] == ["berry", "guff"]


def test_guff_may_be_turned_back() -> None:
    state = play(new_game(), "move 1", "reveal guff", "turn back")
    assert state.to_json()["circle"][1] == {"card": "guff", "seen": True}
    assert state.to_json()["players"][0]["cards"] == [] and state.current_player() == 1
    assert state.observation(0)["circle"][1] == "down"


def test_a_hut_is_built_with_its_three_goods_which_go_under_the_draw_pile() -> None:
    state = edit(new_game(), lambda d: give(d, 0, ["fish", "berry"]))
    play(state, "move 1", "reveal jug", "draw tooth")
    data = state.to_json()
    assert data["players"][0] == {"hut": None, "cards": [], "guff_as": None, "built": [1]}
    assert data["draw_pile"]["top"] == "tooth"
    assert data["draw_pile"]["below"][-3:] == ["berry", "fish", "jug"]  # in the hut's order, seen
    assert state.scores() == [1, 0]
    assert state.score_breakdown()[0] == {"huts": 1, "goods": 0, "total": 1}
    # A new hut from the hut pile: chance over the 13 huts left.
    assert state.current_player() == CHANCE and len(state.legal_actions()) == 13
    play(state, "hut 5")
    assert state.to_json()["players"][0]["hut"] == 5 and state.current_player() == 1


def test_a_hut_is_built_with_two_goods_and_guff() -> None:
    state = edit(new_game(), lambda d: give(d, 0, ["berry", "guff"], "fish"))
    play(state, "move 1", "reveal jug", "draw tooth")
    data = state.to_json()
    assert data["players"][0]["built"] == [1]
    assert data["draw_pile"]["below"][-3:] == ["berry", "guff", "jug"]  # Guff in the fish's place
    assert [e["card"] for e in events(state) if e["event"] == "under"] == ["berry", "guff", "jug"]


def test_the_third_hut_wins_at_once() -> None:
    def change(d: dict[str, Any]) -> None:
        give(d, 0, ["berry", "fish"])
        d["players"][0]["built"] = [2, 3]
        d["hut_pile"]["huts"] = [h for h in d["hut_pile"]["huts"] if h not in (2, 3)]

    state = edit(new_game(), change)
    play(state, "move 1", "reveal jug", "draw tooth")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0] and state.scores() == [3, 0]
    assert state.legal_actions() == [] and state.to_json()["players"][0]["hut"] is None
    assert events(state)[-1] == {"event": "win", "player": 0}
    assert state.observation(1)["winner"] == 0
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(state, "move 1")


def _three_full_hands() -> FirstStoneAgeState:
    """3 players each holding 2 goods; the draw pile is down to its top card (a fish)."""

    def change(d: dict[str, Any]) -> None:
        for seat, cards in enumerate((["berry", "fish"], ["arrowhead", "tooth"], ["berry", "tooth"])):
            d["players"][seat]["cards"] = cards
        # 16 cards: 6 held + the fish on top + these 9 (unseen, their kinds fixed).
        set_circle(d, ["berry", "jug", "fish", "jug", "jug", "arrowhead", "arrowhead", "tooth", "guff"])
        d["draw_pile"] = {"top": "fish", "below": [], "unseen": 0}

    return edit(new_game(players=3), change)


def test_an_empty_draw_pile_is_refilled_by_the_goods_of_a_built_hut() -> None:
    state = _three_full_hands()
    play(state, "move 1")
    assert state.chance_outcomes() == [(A.reveal(2), 1.0)]  # its kind is fixed (JSON), still unseen
    play(state, "reveal jug")
    data = state.to_json()
    assert data["circle"][1] == {"card": "fish", "seen": True}  # the last card of the draw pile
    assert data["players"][0]["built"] == [1]
    # The pile was empty; the hut's goods went under it and the first of them is now on top.
    assert data["draw_pile"] == {"top": "berry", "below": ["fish", "jug"], "unseen": 0}
    assert [e["event"] for e in events(state)[-7:]] == [
        "keep", "refill", "build", "under", "under", "under", "draw",
    ]
    assert state.to_json()["pending"] == {"stage": "deal_hut", "player": 0}


def test_with_no_card_on_the_draw_pile_the_gap_stays_empty_and_martin_skips_it() -> None:
    # Unreachable with all cards in play (the pile always holds a card between turns), so the
    # state is made by hand: the draw pile's last card is taken away.
    state = _three_full_hands()
    state.top, state.pile, state.pile_hidden = EMPTY, [], 0
    state.have[0] = 0b00001  # seat 0 holds only the berry now
    recount(state)  # the running tallies follow the hand-made changes
    play(state, "move 2", "reveal fish")  # slot 2
    assert state.to_json()["circle"][2] is None and state.observation(1)["circle"][2] is None
    assert state.current_player() == 1
    play(state, "move 1")  # from slot 2: the next card is in slot 3
    assert state.to_json()["martin"] == 3
    state.martin = 1
    assert step_target(state, 1) == 3 and step_target(state, 4) == 6


def test_with_the_hut_pile_empty_a_builder_collects_for_no_new_hut() -> None:
    # Unreachable (at most 12 of the 15 huts are ever taken), so made by hand.
    state = edit(new_game(), lambda d: give(d, 0, ["fish", "berry"]))
    state.hut_pile = 0
    play(state, "move 1", "reveal jug", "draw berry")
    assert state.current_player() == 1 and state.to_json()["players"][0]["hut"] is None
    state.martin = 0
    play(state, "move 4", "reveal arrowhead")  # seat 1 keeps it
    play(state, "draw tooth", "move 1", "reveal berry")  # seat 0 cannot keep anything
    assert state.to_json()["players"][0]["cards"] == [] and state.current_player() == 1


def _stuck_for_arrowheads() -> FirstStoneAgeState:
    """2 players who both need only an arrowhead; the circle shows none, one card is unseen."""

    def change(d: dict[str, Any]) -> None:
        d["players"][0].update(hut=7, cards=["jug", "guff"], guff_as="fish")  # needs arrowhead
        d["players"][1].update(hut=9, cards=["fish", "tooth"])  # needs arrowhead
        d["hut_pile"]["huts"] = [h for h in range(1, 16) if h not in (7, 9)]
        cards = ["berry", "unknown", "berry", "fish", "fish", "jug", "jug", "tooth", "berry"]
        set_circle(d, cards, seen=[c != "unknown" for c in cards])
        d["draw_pile"] = {"top": "arrowhead", "below": ["unknown", "unknown"], "unseen": 2}

    return edit(new_game(), change)


def test_the_game_ends_without_a_winner_when_no_circle_card_can_ever_be_kept() -> None:
    state = _stuck_for_arrowheads()
    assert not state.is_terminal()  # the unseen card may be an arrowhead (2 in 3)
    play(state, "move 1")
    assert dict(state.chance_outcomes_exact()) == {A.reveal(3): Fraction(2, 3), A.reveal(4): Fraction(1, 3)}
    play(state, "reveal tooth")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert events(state)[-1] == {"event": "stalemate"}
    assert state.observation(0)["stalemate"] is True and state.observation(0)["winner"] is None
    record = json.loads(json.dumps(make_record(state.game, state)))
    assert record["result"]["winners"] == []


# --- hidden information ---------------------------------------------------------------------------


def test_observations_show_no_face_down_card_but_the_public_log_of_what_was_seen() -> None:
    state = play(new_game(), "move 1", "reveal tooth", "move 2", "reveal berry")
    obs = state.observation(0)
    assert obs["circle"] == ["down"] * 9
    assert "unknown" not in json.dumps(obs) and "below" not in json.dumps(obs)
    seen = [(e["slot"], e["card"], e["turn"]) for e in obs["log"] if e["event"] == "reveal"]
    assert seen == [(1, "tooth", 1), (3, "berry", 2)]
    assert obs == state.resample_from_infostate(0, random.Random(1)).observation(0)


def test_a_perfect_memory_knows_every_seen_card_and_a_forgetful_one_the_recent_ones() -> None:
    state = play(new_game(), "move 1", "reveal tooth", "move 2", "reveal berry", "move 3", "reveal arrowhead")
    obs = state.observation(1)
    assert remembered_circle(obs) == ["unknown", "tooth", "unknown", "berry", "unknown", "unknown", "arrowhead",
                                      "unknown", "unknown"]
    assert remembered_circle(obs, since_turn=3) == ["unknown"] * 6 + ["arrowhead", "unknown", "unknown"]
    assert remembered_draw_pile(obs) == ["fish", *[None] * 6]


def test_resampling_redraws_exactly_the_cards_nobody_has_seen() -> None:
    state = play(new_game(players=3), "move 1", "reveal tooth", "move 2", "reveal berry")
    kinds = hidden_kinds(state)
    worlds = [state.resample_from_infostate(1, random.Random(seed)) for seed in range(8)]
    for world in worlds:
        check_consistency(world)
        data = world.to_json()
        assert data["circle"][1] == {"card": "tooth", "seen": True}
        assert data["circle"][3] == {"card": "berry", "seen": True}
        hidden = [p["card"] for i, p in enumerate(data["circle"]) if i not in (1, 3)] + data["draw_pile"]["below"]
        assert "unknown" not in hidden
        assert sorted(KINDS.index(k) for k in hidden) == kinds
        assert sorted(data["hut_pile"]["order"]) == data["hut_pile"]["huts"]
        assert world.observation(2) == state.observation(2)
        assert world.game.state_from_json(data).to_json() == data
    assert len({json.dumps(w.to_json()["circle"]) for w in worlds}) > 1
    # In a resampled world the next card turned up is certain.
    world = play(worlds[0], "move 1")
    kind = worlds[0].to_json()["circle"][4]["card"]
    assert world.chance_outcomes() == [(A.reveal(KINDS.index(kind)), 1.0)]
    assert state.to_json()["circle"][4] == {"card": "unknown", "seen": False}  # the original is untouched


# --- notation, describe, records ----------------------------------------------------------------


def test_every_action_has_a_notation_that_parses_back() -> None:
    state = new_game()
    names = [state.action_to_string(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(names)) == A.NUM_ACTIONS
    for action, name in enumerate(names):
        assert state.string_to_action(name) == action
    assert names[:2] == ["start 1", "start 2"] and "keep guff as arrowhead" in names
    assert {"turn back", "reveal guff", "draw berry", "hut 15", "move 4"} <= set(names)


def test_notation_accepts_free_case_spacing_and_dog_for_guff() -> None:
    assert A.parse_action("  KEEP  Dog as Fish ") == A.parse_action("keep guff as fish")
    assert A.parse_action("reveal DOG") == A.reveal(5)
    assert A.parse_action("hut 07") == A.hut(7)
    assert A.parse_action("Turn   Back") == A.TURN_BACK


def test_the_events_tell_the_story_of_a_turn() -> None:
    state = new_game()
    lines = []
    for text in ("move 1", "reveal berry", "draw jug", "move 4", "reveal tooth"):
        for event in apply_with_events(state, state.string_to_action(text)):
            lines += event.lines()
    assert lines == [
        "Player 1 moves Martin 1 card onward, to card 2",
        "  Player 1 turns up card 2: a berry",
        "  Player 1 needs the card and keeps it",
        "    Player 1 keeps a berry",
        "    The top card of the draw pile (fish) fills place 2 face down",
        "  The draw pile shows its next card: a jug",
        "  Player 2's turn",
        "Player 2 moves Martin 4 cards onward, to card 6",
        "  Player 2 turns up card 6: a tooth",
        "  Player 2 needs the card and keeps it",
        "    Player 2 keeps a tooth",
        "    The top card of the draw pile (jug) fills place 6 face down",
    ]


def test_a_record_replays_to_the_same_final_state() -> None:
    state = random_game(3, seed=11)
    record = json.loads(json.dumps(make_record(state.game, state)))
    assert record["game"] == "first_stone_age" and record["options"] == {
        "first_player": 0, "expansions": [], "variants": []}
    _, again = replay(record)
    assert again.to_json() == state.to_json()


# --- random games: invariants after every step ------------------------------------------------


def random_game(players: int, seed: int) -> FirstStoneAgeState:
    """A complete game of uniformly random legal actions, chance from the game seed."""
    state = load_game("first_stone_age", players=players, seed=seed).new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    rng = random.Random(seed)
    while not state.is_terminal():
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance_outcome() if chance else rng.choice(state.legal_actions()))
    return state


def _check_step(state: FirstStoneAgeState, rng: random.Random) -> None:
    check_consistency(state)
    data = state.to_json()
    known, unknown = count_cards(data)
    assert sum(known.values()) + unknown == 21, "all 21 goods cards are accounted for"
    assert all(known[k] <= TOTAL[k] for k in KINDS)
    for seat in data["players"]:
        if seat["hut"]:
            goods = set(seat["cards"]) - {"guff"} | ({seat["guff_as"]} if seat["guff_as"] else set())
            assert goods <= HUT_TABLE[seat["hut"]] and len(goods) < 3 + (data["pending"]["stage"] == "draw")
    if data["pending"]["stage"] == "move":  # docs: the draw pile never runs dry between turns
        assert data["draw_pile"]["top"] is not None and None not in data["circle"]
    legal_actions = state.legal_actions()
    assert legal_actions == sorted(set(legal_actions)) and legal_actions
    if state.current_player() == CHANCE:
        exact = state.chance_outcomes_exact()
        assert sum(p for _, p in exact) == Fraction(1) and all(p > 0 for _, p in exact)
        assert [a for a, _ in exact] == legal_actions and all(a >= A.FIRST_CHANCE_ACTION for a in legal_actions)
    else:
        assert all(a < A.FIRST_CHANCE_ACTION for a in legal_actions)
    for action in legal_actions:
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    world = state.resample_from_infostate(rng.randrange(state.num_players), rng)
    check_consistency(world)
    face_up = state.martin if data["pending"]["stage"] == "guff" else -1
    truth = [None if p is None else p["card"] if p["seen"] else "unknown" for p in data["circle"]]
    pile = data["draw_pile"]
    pile_truth = [pile["top"]] if pile["top"] else []
    pile_truth += [None if i < pile["unseen"] else k for i, k in enumerate(pile["below"])]
    for seat in range(state.num_players):
        obs = state.observation(seat)
        assert remembered_circle(obs) == truth, "a perfect memory of the log knows every seen card"
        assert remembered_draw_pile(obs) == pile_truth
        assert all(c in (None, "down") for i, c in enumerate(obs["circle"]) if i != face_up)
        assert obs == world.observation(seat), "no face-down identity reaches an observation"
    json.dumps(obs)
    twin = state.clone()
    twin.apply_action(rng.choice(legal_actions))
    assert state.to_json() == data, "applying to a clone leaves the original unchanged"


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant_at_every_step(players: int, seed: int) -> None:
    game = load_game("first_stone_age", players=players, seed=seed)
    state = game.new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    rng = random.Random(seed)
    while not state.is_terminal():
        _check_step(state, rng)
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance_outcome() if chance else rng.choice(state.legal_actions()))
    check_consistency(state)
    assert state.legal_actions() == [] and state.current_player() == TERMINAL
    assert sum(state.returns()) in (0.0, 1.0)
    if sum(state.returns()):
        assert max(state.scores()) == 3 and state.returns()[state.scores().index(3)] == 1.0
    record = json.loads(json.dumps(make_record(game, state)))
    _, replayed = replay(record)
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hundred_random_games_per_player_count_end(players: int) -> None:
    winners = 0
    for seed in range(100):
        state = random_game(players, seed)
        assert state.is_terminal()
        winners += sum(state.returns()) == 1.0
        assert random_game(players, seed).history() == state.history()  # seed + actions replay
    assert winners >= 95  # a stalemate is rare


# --- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [3.0, True, "move 1", None, -1, 10**6])
def test_non_actions_are_rejected_and_the_state_is_unchanged(bad: Any) -> None:
    state = new_game()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.apply_action(bad)
    assert state.to_json() == before


def test_an_illegal_action_names_the_pending_decision_and_changes_nothing() -> None:
    state = play(new_game(), "move 1", "reveal guff")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"'move 2' is illegal: player 1 \(seat 0\) must decide 'guff'"):
        play(state, "move 2")
    with pytest.raises(IllegalActionError, match="'keep guff as tooth' is illegal"):
        play(state, "keep guff as tooth")  # hut 1 has no tooth
    assert state.to_json() == before
    state = play(new_game(), "move 1")
    with pytest.raises(IllegalActionError, match="chance must decide 'reveal'"):
        play(state, "draw fish")
    state = play(new_game(players=2), "move 1", "reveal berry")
    with pytest.raises(IllegalActionError, match=r"'hut 2' is illegal: player 2 \(seat 1\) must decide 'move'"):
        play(state, "draw fish", "hut 2")  # the fish is drawn; a hut is not taken now


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action text"),
        ("move 5", r"Martin's move is 1..4"),
        ("move two", "expected a number"),
        ("start 10", "a circle card is 1..9"),
        ("keep guff as guff", "Guff stands for a good"),
        ("keep guff", "say which good"),
        ("reveal mammoth", "'mammoth' is not a goods card"),
        ("hut 16", "a hut number is 1..15"),
        ("build hut", "is not an action of first_stone_age"),
    ],
)
def test_unknown_notation_raises_a_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        new_game().string_to_action(text)


def test_an_action_outside_the_space_has_no_notation() -> None:
    with pytest.raises(NotationError, match=r"outside the action space 0\.\.45"):
        new_game().action_to_string(46)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"seed": -1}, "seed must be a non-negative integer"),
        ({"first_player": 3, "players": 3}, "first_player must be a seat 0..2"),
        ({"variants": ["hunt_repeat"]}, "unknown variant 'hunt_repeat'"),
        ({"colour": "red"}, "has no parameter 'colour'"),
    ],
)
def test_bad_game_parameters_raise_game_option_error(params: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        load_game("first_stone_age", **params)


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("game", "stone_age", "game: expected 'first_stone_age'"),
        ("format", 2, "format: expected 1"),
        ("params", {"players": 4}, "params: .* do not match the game"),
        ("turn", "five", "turn: expected an integer"),
        ("pending.stage", "dance", "pending.stage: 'dance' is not one of"),
        ("pending.player", 3, r"pending.player: 3 is out of range 0..2"),
        ("martin", 9, "martin: 9 is out of range 0..8"),
        ("circle", [None] * 8, "circle: expected 9 entries"),
        ("circle.0.card", "mammoth", r"circle\[0\].card: 'mammoth' is not one of"),
        ("circle.0.seen", "yes", r"circle\[0\].seen: expected true or false"),
        ("draw_pile.unseen", 99, r"draw_pile.unseen: 99 is out of range"),
        ("box", [], "box: with 3 players the box holds"),
        ("players.1.cards", ["berry", "berry"], r"players\[1\].cards: a player collects each good once"),
        ("players.0.guff_as", "fish", r"players\[0\].guff_as: names the good Guff stands for"),
        ("players.2.built", [1, 2, 3, 4], r"players\[2\].built: at most 3 huts"),
        ("hut_pile.huts", [], "hut .* is missing from the state"),
        ("history", [1, "x"], r"history\[1\]: expected an integer"),
        ("log.0.event", "dance", r"log\[0\].event: 'dance' is not one of"),
    ],
)
def test_malformed_state_json_names_the_field(path: str, value: Any, message: str) -> None:
    data = new_game(players=3, seed=4).to_json()
    _set(data, path, value)
    with pytest.raises(StateFormatError, match=message):
        load_game("first_stone_age", players=3, seed=4).state_from_json(data)


def test_a_goods_card_too_many_is_rejected() -> None:
    data = new_game(players=3).to_json()
    data["players"][0]["cards"] = ["berry"]  # a card more than the 16 in play
    with pytest.raises(StateFormatError, match="goods cards: "):
        load_game("first_stone_age", players=3).state_from_json(data)


def test_a_hut_in_two_places_is_rejected() -> None:
    data = new_game(players=2).to_json()
    data["players"][1]["built"] = [1]
    with pytest.raises(StateFormatError, match=r"players\[1\].built: hut 1 is in two places at once"):
        load_game("first_stone_age", players=2).state_from_json(data)


def _circle_into_pile(data: dict[str, Any]) -> None:
    """All 9 circle cards gathered into the draw pile (unseen), the circle left empty."""
    data["circle"] = [None] * 9
    data["draw_pile"]["below"] = ["unknown"] * 9 + data["draw_pile"]["below"]
    data["draw_pile"]["unseen"] += 9


def _deal_to_seat_1_early(data: dict[str, Any]) -> None:
    data["hut_pile"]["huts"].remove(3)
    data["players"][1]["hut"] = 3


def _hut_back_to_pile(data: dict[str, Any]) -> None:
    data["hut_pile"]["huts"] = sorted([*data["hut_pile"]["huts"], data["players"][1]["hut"]])
    data["players"][1]["hut"] = None


@pytest.mark.parametrize(
    ("make", "change", "message"),
    [
        # Martin would walk round an empty circle for ever looking for a card.
        (new_game, _circle_into_pile, "circle: a card is kept only from a circle that keeps others"),
        (new_game, _hut_back_to_pile, r"players\[1\].hut: every player holds a hut card while the hut pile lasts"),
        (lambda: play(fresh(2), "hut 1"), lambda d: d.__setitem__("turn", 1),
         "turn: no turn has begun during the setup"),
        (lambda: play(fresh(2), "hut 1"), _deal_to_seat_1_early,
         "the hut cards are dealt seat by seat; player 1 is next"),
        (new_game, lambda d: d["log"].reverse(), r"log\[1\]: events come in the order of the actions"),
        (new_game, lambda d: d.__setitem__("turn", 0), "turn: the first turn has begun once the setup is over"),
    ],
)
def test_a_state_the_game_cannot_reach_is_rejected(make: Callable[[], FirstStoneAgeState],
                                                    change: Callable[[dict[str, Any]], object], message: str) -> None:
    state = make()
    data = state.to_json()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        state.game.state_from_json(data)


def test_a_state_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(StateFormatError, match="state: expected an object"):
        load_game("first_stone_age").state_from_json([])  # type: ignore[arg-type]


def test_a_record_with_a_bad_action_raises_record_error() -> None:
    state = random_game(2, seed=3)
    record = make_record(state.game, state)
    record["actions"][7] = "fly away"
    with pytest.raises(RecordError, match=r"actions\[7\] 'fly away'"):
        replay(record)


def test_observation_of_a_non_seat_is_a_player_error() -> None:
    with pytest.raises(PlayerError, match=r"player must be a seat 0\.\.1"):
        new_game().observation(2)
    with pytest.raises(PlayerError, match="player must be a seat"):
        new_game().resample_from_infostate(-1, random.Random(0))
