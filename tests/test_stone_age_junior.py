"""Stone Age Junior (the board game) and its card-game expansion — every rule with forced tiles,
huts and cards, properties of random games, notation, records and bad input.

Expected values come from the rules as docs/stone-age-junior.md states them (components, the hut
table, the expansion); the tables below are written out from that page, not read from the engine's
data. Every forest tile, hut and goods card turned up is forced through its chance outcome.

Default setup (``new_game``): 2 players; hut 1 (berry, fish, jug) on stack 1, hut 10 (jug,
arrowhead, tooth) on stack 2, hut 11 (berry, berry) on stack 3; seat 0 to turn a forest tile.
Forest places are 0-based in JSON and 1-based in notation (``turn 1`` turns place 0).
"""

from __future__ import annotations

import copy
import json
import random
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
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.memory import goods_from_log, remembered_forest, remembered_pile
from stoneage.games.stone_age_junior.serialize import check_consistency
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.play.events import apply_with_events, describe

# --- the rules page, written out independently --------------------------------------------------

GOODS = ("berry", "fish", "jug", "arrowhead", "tooth")
RING = ("building_site", "dog", "tooth", "berry", "jug", "arrowhead", "fish", "trading_post")
TILES = ("1", "2", "3", "4", "5", "6", *RING)
CARDS = {"berry": 4, "fish": 4, "jug": 4, "arrowhead": 4, "tooth": 4, "guff": 1}
HUT_TABLE = {
    1: ["berry", "fish", "jug"], 2: ["berry", "fish", "arrowhead"], 3: ["berry", "fish", "tooth"],
    4: ["berry", "jug", "arrowhead"], 5: ["berry", "jug", "tooth"], 6: ["berry", "arrowhead", "tooth"],
    7: ["fish", "jug", "arrowhead"], 8: ["fish", "jug", "tooth"], 9: ["fish", "arrowhead", "tooth"],
    10: ["jug", "arrowhead", "tooth"], 11: ["berry", "berry"], 12: ["fish", "fish"], 13: ["jug", "jug"],
    14: ["arrowhead", "arrowhead"], 15: ["tooth", "tooth"],
}
DEFAULT_HUTS = (1, 10, 11)

# --- helpers ------------------------------------------------------------------------------------


def fresh(players: int = 2, cards: bool = False, variants: tuple[str, ...] = (), seed: int = 0,
          first_player: int = 0) -> StoneAgeJuniorState:
    """The initial state (before the huts turn up)."""
    game = load_game("stone_age_junior", players=players, seed=seed, first_player=first_player,
                     expansions=["cards"] if cards else [], variants=list(variants))
    state = game.new_initial_state()
    assert isinstance(state, StoneAgeJuniorState)
    return state


def new_game(players: int = 2, cards: bool = False, variants: tuple[str, ...] = (),
             huts: tuple[int, ...] = DEFAULT_HUTS, seed: int = 0, first_player: int = 0) -> StoneAgeJuniorState:
    """A game at the first turn, with the three face-up huts forced."""
    state = fresh(players, cards, variants, seed, first_player)
    return play(state, *(f"hut {h}" for h in huts))


def play(state: StoneAgeJuniorState, *texts: str) -> StoneAgeJuniorState:
    """Apply actions given in notation, in order; returns the same state."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def legal(state: StoneAgeJuniorState) -> list[str]:
    """The legal actions in notation."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def edit(state: StoneAgeJuniorState, change: Callable[[dict[str, Any]], object]) -> StoneAgeJuniorState:
    """A copy of ``state`` changed through its validated JSON form."""
    data = copy.deepcopy(state.to_json())
    change(data)
    result = state.game.state_from_json(data)
    assert isinstance(result, StoneAgeJuniorState)
    return result


def give(data: dict[str, Any], seat: int, **goods: int) -> None:
    """Move goods tiles from their spaces to a seat."""
    for good, n in goods.items():
        data["supply"][good] -= n
        data["players"][seat]["goods"][good] += n


def give_dogs(data: dict[str, Any], seat: int, n: int) -> None:
    """Move dog tiles from the storage to a seat."""
    data["dog_storage"] -= n
    data["players"][seat]["dogs"] += n


def give_cards(data: dict[str, Any], seat: int, hidden: tuple[str, ...] = (), public: tuple[str, ...] = ()) -> None:
    """Give a seat goods cards, taking as many unseen cards off the pile to keep the count."""
    n = len(hidden) + len(public)
    data["pile"]["cards"] = data["pile"]["cards"][n:]
    data["pile"]["unseen"] -= n
    order = [*GOODS, "guff"]
    data["players"][seat]["cards_hidden"] = sorted(hidden, key=order.index)
    data["players"][seat]["cards_public"] = sorted(public, key=order.index)


def at(data: dict[str, Any], seat: int, space: str) -> None:
    """Put a seat's figure on a ring space."""
    data["figures"][seat] = space


def seat(state: StoneAgeJuniorState, p: int) -> dict[str, Any]:
    """A seat's holdings as in the JSON state."""
    player: dict[str, Any] = state.to_json()["players"][p]
    return player


def events(state: StoneAgeJuniorState, since: int = 0) -> list[dict[str, Any]]:
    """The public log from event ``since`` on, without the ``at``/``turn`` stamps."""
    return [{k: v for k, v in e.items() if k not in ("at", "turn")} for e in state.to_json()["log"][since:]]


def goods(**counts: int) -> dict[str, int]:
    """A full ``{good: count}`` object."""
    return {g: counts.get(g, 0) for g in GOODS}


def stage(state: StoneAgeJuniorState) -> str:
    stage_name: str = state.to_json()["pending"]["stage"]
    return stage_name


# --- setup --------------------------------------------------------------------------------------


def test_the_game_is_registered_and_validates_its_parameters() -> None:
    assert "stone_age_junior" in game_names()
    game = load_game("stone_age_junior", players=3, seed=7, expansions=["cards"], variants=["one_swap"])
    assert (game.name, game.num_players, game.seed) == ("stone_age_junior", 3, 7)
    assert game.params() == {"players": 3, "seed": 7, "first_player": 0, "expansions": ["cards"],
                             "variants": ["one_swap"]}
    assert game.num_distinct_actions() == A.NUM_ACTIONS == 653


def test_three_huts_turn_face_up_one_per_stack_from_the_shuffled_tiles() -> None:
    state = fresh()
    assert state.current_player() == CHANCE
    assert dict(state.chance_outcomes_exact()) == {A.hut(h): Fraction(1, 15) for h in range(1, 16)}
    play(state, "hut 4")
    assert A.hut(4) not in dict(state.chance_outcomes_exact()) and len(state.legal_actions()) == 14
    play(state, "hut 12", "hut 7")
    data = state.to_json()
    assert [s["face_up"] for s in data["huts"]] == [4, 12, 7]
    assert [len(s["below"]) for s in data["huts"]] == [4, 4, 4]
    assert state.observation(1)["huts"][1] == {"face_up": {"number": 12, "goods": ["fish", "fish"]}, "below": 4}
    assert state.current_player() == 0 and stage(state) == "turn"


@pytest.mark.parametrize(("players", "on_space", "in_box"), [(2, 2, 1), (3, 3, 0), (4, 3, 0)])
def test_goods_per_player_count_one_of_each_on_the_trading_post_the_rest_on_its_space(
    players: int, on_space: int, in_box: int
) -> None:
    data = new_game(players).to_json()
    assert data["supply"] == dict.fromkeys(GOODS, on_space)
    assert data["trading_post"] == dict.fromkeys(GOODS, 1)
    assert data["box"] == dict.fromkeys(GOODS, in_box)
    assert data["dog_storage"] == 2
    assert data["figures"] == ["building_site"] * players
    assert data["forest"] == [{"tile": "unknown", "seen": False, "up": False}] * 14
    assert data["martin"] is None and data["pile"] is None


def test_the_first_player_begins() -> None:
    state = new_game(players=3, first_player=2)
    assert state.current_player() == 2
    assert legal(state) == [f"turn {i}" for i in range(1, 15)]


# --- forest tiles and moving -------------------------------------------------------------------------


def test_turning_a_face_down_forest_tile_is_a_chance_node_over_the_unseen_tiles() -> None:
    state = play(new_game(), "turn 5")
    assert state.current_player() == CHANCE
    assert dict(state.chance_outcomes_exact()) == {A.reveal(t): Fraction(1, 14) for t in range(14)}
    play(state, "reveal 2", "turn 6")  # seat 0 moves 2 to the tooth space; seat 1 turns place 6
    assert A.reveal(1) not in dict(state.chance_outcomes_exact()) and len(state.legal_actions()) == 13
    assert legal(play(state, "reveal fish")) == [f"turn {i}" for i in range(1, 15) if i not in (5, 6)]


def test_a_die_face_moves_the_figure_that_many_spaces_forward_around_the_ring() -> None:
    state = play(new_game(), "turn 1", "reveal 3")  # building site + 3 = berry
    assert state.to_json()["figures"][0] == "berry"
    assert seat(state, 0)["goods"] == goods(berry=1)
    state = edit(new_game(), lambda d: at(d, 0, "fish"))
    play(state, "turn 1", "reveal 4")  # fish -> trading post -> building site -> dog -> tooth
    assert state.to_json()["figures"][0] == "tooth" and seat(state, 0)["goods"] == goods(tooth=1)


def test_a_space_symbol_takes_the_figure_straight_to_that_space() -> None:
    state = edit(new_game(), lambda d: at(d, 0, "arrowhead"))
    play(state, "turn 9", "reveal jug")  # backwards is fine: the symbol is a jump
    assert state.to_json()["figures"][0] == "jug" and seat(state, 0)["goods"] == goods(jug=1)
    assert events(state)[-3:] == [
        {"event": "reveal", "player": 0, "place": 8, "tile": "jug"},
        {"event": "move", "player": 0, "space": "jug", "tile": "jug"},
        {"event": "take", "player": 0, "good": "jug"},
    ]


def test_the_symbol_of_the_space_the_figure_stands_on_keeps_it_there_for_the_action_again() -> None:
    state = edit(new_game(), lambda d: at(d, 0, "fish"))
    play(state, "turn 1", "reveal fish")
    assert state.to_json()["figures"][0] == "fish" and seat(state, 0)["goods"] == goods(fish=1)


def test_a_turned_tile_stays_face_up_until_the_next_reset() -> None:
    state = play(new_game(), "turn 3", "reveal 2", "turn 4", "reveal tooth")
    assert state.observation(0)["forest"][2:4] == ["2", "tooth"]
    assert "turn 3" not in legal(state) and "turn 4" not in legal(state)


def test_the_last_face_down_tile_is_turned_without_a_decision() -> None:
    up = ["1", "2", "4", "5", "6", "dog", "tooth", "berry", "jug", "arrowhead", "fish", "trading_post"]

    def change(d: dict[str, Any]) -> None:
        d["forest"] = [{"tile": t, "seen": True, "up": True} for t in up] + [
            {"tile": "unknown", "seen": False, "up": False}] * 2

    state = edit(new_game(), change)
    assert legal(state) == ["turn 13", "turn 14"]
    play(state, "turn 14", "reveal 3")  # seat 0 takes a berry; seat 1 has a single tile left to turn
    assert state.current_player() == CHANCE and state.to_json()["pending"]["place"] == 12
    assert state.chance_outcomes() == [(A.reveal(TILES.index("building_site")), 1.0)]  # the only tile left
    assert events(state)[-1] == {"event": "turn", "player": 1, "place": 12}
    play(state, "reveal building_site")
    assert stage(state) == "swap" and state.current_player() == 1


# --- the spaces -----------------------------------------------------------------------------------------


def test_a_goods_space_gives_one_good_of_its_kind() -> None:
    state = play(new_game(), "turn 1", "reveal arrowhead")
    data = state.to_json()
    assert data["players"][0]["goods"] == goods(arrowhead=1) and data["supply"]["arrowhead"] == 1
    assert state.current_player() == 1 and stage(state) == "turn"


def test_an_empty_goods_space_gives_nothing() -> None:
    state = edit(new_game(), lambda d: give(d, 1, berry=2))  # the berry space is empty now
    play(state, "turn 1", "reveal berry")
    data = state.to_json()
    assert data["players"][0]["goods"] == goods() and data["supply"]["berry"] == 0
    assert data["trading_post"]["berry"] == 1  # the trading post's berry is not taken
    assert events(state)[-1] == {"event": "empty", "player": 0, "good": "berry"}
    assert state.current_player() == 1


def test_the_trading_post_allows_any_number_of_one_for_one_swaps_in_one_visit() -> None:
    state = edit(new_game(), lambda d: give(d, 0, berry=2, tooth=1))
    play(state, "turn 1", "reveal trading_post")
    assert stage(state) == "trade" and state.current_player() == 0
    assert legal(state) == [
        "trade berry for fish", "trade berry for jug", "trade berry for arrowhead", "trade berry for tooth",
        "trade tooth for berry", "trade tooth for fish", "trade tooth for jug", "trade tooth for arrowhead",
        "stop trading",
    ]
    play(state, "trade berry for fish")
    assert state.to_json()["trading_post"] == goods(berry=2, jug=1, arrowhead=1, tooth=1)
    # A good taken is not given back, a good given not taken back, in the same visit.
    assert legal(state) == [
        "trade berry for jug", "trade berry for arrowhead", "trade berry for tooth",
        "trade tooth for jug", "trade tooth for arrowhead", "stop trading",
    ]
    play(state, "trade tooth for jug", "stop trading")
    assert seat(state, 0)["goods"] == goods(berry=1, fish=1, jug=1)
    assert state.to_json()["trading_post"] == goods(berry=2, arrowhead=1, tooth=2)
    assert events(state)[-3:] == [
        {"event": "trade", "player": 0, "give": "berry", "take": "fish"},
        {"event": "trade", "player": 0, "give": "tooth", "take": "jug"},
        {"event": "stop_trading", "player": 0},
    ]
    assert state.current_player() == 1


def test_a_visit_to_the_trading_post_ends_by_itself_when_no_swap_is_left() -> None:
    state = edit(new_game(), lambda d: (give(d, 0, berry=1), at(d, 1, "fish")))
    play(state, "turn 1", "reveal trading_post", "trade berry for fish")
    assert state.current_player() == 1 and stage(state) == "turn"
    # Without goods there is nothing to decide at all.
    play(state, "turn 2", "reveal 1")
    assert state.current_player() == 0 and events(state)[-1]["event"] == "move"


def test_the_one_swap_variant_limits_a_visit_to_one_swap() -> None:
    state = edit(new_game(variants=("one_swap",)), lambda d: give(d, 0, berry=2, tooth=1))
    play(state, "turn 1", "reveal trading_post", "trade berry for fish")
    assert state.current_player() == 1 and seat(state, 0)["goods"] == goods(berry=1, fish=1, tooth=1)
    assert state.game.params()["variants"] == ["one_swap"]


def test_the_dog_space_gives_a_dog_from_the_storage() -> None:
    state = play(new_game(), "turn 1", "reveal dog")
    assert seat(state, 0)["dogs"] == 1 and state.to_json()["dog_storage"] == 1
    assert events(state)[-1] == {"event": "dog", "player": 0, "from": None}
    assert state.observation(1)["players"][0]["dogs"] == 1  # dogs are open


def test_with_both_dogs_out_the_dog_is_stolen_from_the_next_player_clockwise_who_holds_one() -> None:
    def change(d: dict[str, Any]) -> None:
        give_dogs(d, 2, 1)
        give_dogs(d, 3, 1)

    state = edit(new_game(players=4), change)  # seat 1 holds none: seat 2 is next clockwise with a dog
    play(state, "turn 1", "reveal dog")
    assert [p["dogs"] for p in state.to_json()["players"]] == [1, 0, 0, 1]
    assert events(state)[-1] == {"event": "dog", "player": 0, "from": 2}
    # Seat 1 now lands on the dog space: seat 2 holds none, seat 3 does.
    play(state, "turn 2", "reveal 1")
    assert [p["dogs"] for p in state.to_json()["players"]] == [1, 1, 0, 0]
    assert events(state)[-1] == {"event": "dog", "player": 1, "from": 3}


def test_stealing_wraps_around_the_table() -> None:
    state = edit(new_game(players=3, first_player=2), lambda d: (give_dogs(d, 0, 1), give_dogs(d, 1, 1)))
    play(state, "turn 1", "reveal dog")
    assert [p["dogs"] for p in state.to_json()["players"]] == [0, 1, 1]


def test_a_player_holding_both_dogs_gets_nothing_on_the_dog_space() -> None:
    state = edit(new_game(), lambda d: give_dogs(d, 0, 2))
    play(state, "turn 1", "reveal dog")
    assert seat(state, 0)["dogs"] == 2 and events(state)[-1] == {"event": "no_dog", "player": 0}


# --- building -------------------------------------------------------------------------------------------


def test_a_face_up_hut_is_built_with_exactly_its_goods_which_return_to_their_spaces() -> None:
    state = edit(new_game(), lambda d: give(d, 0, berry=1, fish=1, jug=2, tooth=1))
    play(state, "turn 1", "reveal building_site")
    assert stage(state) == "build" and state.current_player() == 0
    assert legal(state) == ["build 1 with berry fish jug", "pass"]  # hut 10 needs an arrowhead too
    play(state, "build 1 with berry fish jug")
    data = state.to_json()
    assert data["players"][0]["goods"] == goods(jug=1, tooth=1)
    assert data["players"][0]["built"] == [1]
    assert data["supply"] == goods(berry=2, fish=2, jug=1, arrowhead=2, tooth=1)  # back on their own spaces
    assert data["trading_post"] == dict.fromkeys(GOODS, 1)
    assert state.scores() == [1, 0] and state.score_breakdown()[0] == {"huts": 1, "total": 1}
    # The next hut of that stack turns face up: chance over the 12 huts not yet seen.
    assert state.current_player() == CHANCE and data["pending"]["stack"] == 0
    assert dict(state.chance_outcomes_exact()) == {
        A.hut(h): Fraction(1, 12) for h in range(1, 16) if h not in (1, 10, 11)
    }
    play(state, "hut 13")
    assert state.to_json()["huts"][0] == {"face_up": 13, "below": ["unknown"] * 3}
    assert stage(state) == "swap" and state.current_player() == 0


def test_a_dog_replaces_any_one_good_and_goes_back_to_the_storage() -> None:
    state = edit(new_game(), lambda d: (give(d, 0, berry=1, jug=1), give_dogs(d, 0, 1)))
    play(state, "turn 1", "reveal building_site")
    assert legal(state) == ["build 1 with berry jug dog", "build 11 with berry dog", "pass"]
    play(state, "build 1 with berry jug dog")
    assert seat(state, 0)["dogs"] == 0 and state.to_json()["dog_storage"] == 2
    assert events(state)[-1] == {"event": "build", "player": 0, "hut": 1, "stack": 0, "paid": ["berry", "jug", "dog"]}


def test_two_dogs_may_pay_for_one_hut() -> None:
    state = edit(new_game(), lambda d: (give(d, 0, tooth=1), give_dogs(d, 0, 2)))
    play(state, "turn 1", "reveal building_site")
    assert legal(state) == [
        "build 10 with tooth dog dog", "build 11 with dog dog", "pass",
    ]
    play(state, "build 11 with dog dog")  # the berry pair, paid by two dogs alone
    data = state.to_json()
    assert data["players"][0] == {"goods": goods(tooth=1), "dogs": 0, "cards_public": [], "cards_hidden": [],
                                  "built": [11]}
    assert data["dog_storage"] == 2


def test_a_player_may_choose_not_to_build() -> None:
    state = edit(new_game(), lambda d: give(d, 0, berry=2))
    play(state, "turn 1", "reveal building_site")
    assert legal(state) == ["build 11 with berry berry", "pass"]
    play(state, "pass")
    assert seat(state, 0)["built"] == [] and stage(state) == "swap"
    assert events(state)[-2:] == [{"event": "pass", "player": 0}, {"event": "reset", "player": 0}]


def test_without_the_goods_for_a_hut_the_building_site_only_resets_the_forest() -> None:
    state = edit(new_game(), lambda d: give(d, 0, berry=1, fish=1))
    play(state, "turn 1", "reveal building_site")
    assert stage(state) == "swap" and legal(state)[0] == "swap 1 2" and len(legal(state)) == 91


def test_the_building_site_resets_the_forest_and_the_player_swaps_two_tiles_for_all_to_see() -> None:
    state = play(new_game(), "turn 1", "reveal 3", "turn 2", "reveal dog", "turn 3", "reveal 5")
    # Seat 0: berry space + 5 = building site.
    assert state.to_json()["figures"][0] == "building_site" and stage(state) == "swap"
    assert state.observation(1)["forest"] == ["down"] * 14
    assert [f["seen"] for f in state.to_json()["forest"][:4]] == [True, True, True, False]
    play(state, "swap 1 14")
    assert events(state)[-1] == {"event": "swap", "player": 0, "places": [0, 13]}
    forest = state.to_json()["forest"]
    assert forest[13] == {"tile": "3", "seen": True, "up": False}
    assert forest[0] == {"tile": "unknown", "seen": False, "up": False}
    obs = state.observation(1)
    assert remembered_forest(obs)[:3] == ["unknown", "dog", "5"] and remembered_forest(obs)[13] == "3"
    # A tile everyone has seen turns up without a chance node, and moves the figure at once.
    before = state.move_number()
    play(state, "turn 14")
    assert state.move_number() == before + 1 and state.to_json()["figures"][1] == "jug"


def test_a_hut_from_an_empty_stack_leaves_no_face_up_hut_there() -> None:
    def change(d: dict[str, Any]) -> None:
        give(d, 0, berry=1, fish=1, jug=1)
        d["huts"][0]["below"] = []
        d["players"][1]["built"] = [2, 3]
        d["players"][2]["built"] = [4, 5]

    state = edit(new_game(players=3), change)
    play(state, "turn 1", "reveal building_site", "build 1 with berry fish jug")
    assert stage(state) == "swap" and state.to_json()["huts"][0] == {"face_up": None, "below": []}
    assert state.observation(1)["huts"][0] == {"face_up": None, "below": 0}


def test_the_third_hut_wins_at_once() -> None:
    def change(d: dict[str, Any]) -> None:
        give(d, 0, berry=1, fish=1, jug=1)
        d["players"][0]["built"] = [2, 3]
        d["huts"][2]["below"] = d["huts"][2]["below"][2:]

    state = edit(new_game(), change)
    play(state, "turn 1", "reveal building_site", "build 1 with berry fish jug")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0] and state.scores() == [3, 0]
    assert state.legal_actions() == [] and events(state)[-1] == {"event": "win", "player": 0}
    assert state.observation(1)["winner"] == 0
    assert state.to_json()["forest"][0]["up"]  # no reset: the game is over
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(state, "swap 1 2")


# --- the expansion: the card game's goods cards and Martin ---------------------------------------------


def test_the_expansion_puts_martin_on_the_trading_post_and_all_21_goods_cards_in_a_pile() -> None:
    for players in (2, 3, 4):
        data = new_game(players, cards=True).to_json()
        assert data["martin"] == "trading_post"
        assert data["pile"] == {"cards": ["unknown"] * 21, "unseen": 21}
    obs = new_game(cards=True).observation(0)
    assert obs["martin"] == "trading_post" and obs["pile"] == {"size": 21}


def test_on_martins_space_a_player_stays_or_travels_on_with_him_to_a_goods_space() -> None:
    state = edit(new_game(cards=True), lambda d: give(d, 0, berry=1))
    play(state, "turn 1", "reveal trading_post")
    assert stage(state) == "martin"
    assert legal(state) == ["stay", "travel berry", "travel fish", "travel jug", "travel arrowhead", "travel tooth"]
    play(state, "travel fish")
    data = state.to_json()
    assert data["martin"] == "fish" and data["figures"][0] == "fish"
    assert data["players"][0]["goods"] == goods(berry=1, fish=1)
    assert events(state)[-2:] == [
        {"event": "travel", "player": 0, "space": "fish"},
        {"event": "take", "player": 0, "good": "fish"},
    ]
    # Seat 1 reaches the fish space, where Martin stands now: not a travel to the same space.
    play(state, "turn 2", "reveal fish")
    assert legal(state) == ["stay", "travel berry", "travel jug", "travel arrowhead", "travel tooth"]
    play(state, "stay")
    assert seat(state, 1)["goods"] == goods(fish=1) and state.to_json()["martin"] == "fish"


def test_staying_on_the_trading_post_with_martin_trades_as_normal() -> None:
    state = edit(new_game(cards=True), lambda d: give(d, 0, berry=1))
    play(state, "turn 1", "reveal trading_post", "stay")
    assert stage(state) == "trade"
    play(state, "trade berry for tooth")
    assert seat(state, 0)["goods"] == goods(tooth=1) and state.current_player() == 1


def test_the_building_site_without_a_hut_gives_the_top_goods_card_face_down() -> None:
    state = play(new_game(cards=True), "turn 1", "reveal building_site")
    assert state.current_player() == CHANCE and stage(state) == "draw"
    assert dict(state.chance_outcomes_exact()) == {
        **{A.draw(k): Fraction(4, 21) for k in range(5)}, A.draw(5): Fraction(1, 21),
    }
    play(state, "draw jug")
    assert seat(state, 0)["cards_hidden"] == ["jug"] and stage(state) == "swap"
    assert state.observation(0)["players"][0]["cards_hidden"] == ["jug"]
    assert state.observation(1)["players"][0]["cards_hidden"] == ["hidden"]
    assert events(state)[-2:] == [{"event": "draw", "player": 0, "card": None}, {"event": "reset", "player": 0}]
    assert state.to_json()["pile"] == {"cards": ["unknown"] * 20, "unseen": 20}
    # The next draw: 20 cards nobody but their holder has seen, 3 of them jugs.
    play(state, "swap 1 2", "turn 2")  # seat 1 turns the building-site tile everyone has seen
    assert stage(state) == "draw" and dict(state.chance_outcomes_exact())[A.draw(2)] == Fraction(3, 20)


def test_goods_cards_count_as_goods_and_go_to_the_bottom_of_the_pile() -> None:
    state = edit(new_game(cards=True), lambda d: (give(d, 0, berry=1), give_cards(d, 0, hidden=("fish", "jug"))))
    play(state, "turn 1", "reveal building_site")
    assert "build 1 with berry fish_card jug_card" in legal(state)
    play(state, "build 1 with berry fish_card jug_card", "hut 2")
    data = state.to_json()
    assert data["players"][0]["cards_hidden"] == [] and data["players"][0]["built"] == [1]
    assert data["pile"] == {"cards": ["unknown"] * 19 + ["fish", "jug"], "unseen": 19}
    assert events(state)[-3]["paid"] == ["berry", "fish_card", "jug_card"]  # seen by all as they go under


def test_the_guff_card_works_like_a_dog_tile_for_one_hut() -> None:
    def change(d: dict[str, Any]) -> None:
        give(d, 0, jug=1)
        give_dogs(d, 0, 1)
        give_cards(d, 0, hidden=("guff",))

    state = edit(new_game(cards=True), change)
    play(state, "turn 1", "reveal building_site")
    assert "build 10 with jug dog guff" in legal(state)
    assert "build 1 with jug dog guff" in legal(state)
    play(state, "build 10 with jug dog guff", "hut 5")
    data = state.to_json()
    assert data["pile"]["cards"][-1] == "guff" and data["dog_storage"] == 2
    with pytest.raises(NotationError, match="do not pay hut 10"):
        state.string_to_action("build 10 with dog dog guff")  # at most two dogs per hut


def test_a_player_who_could_build_and_declines_takes_no_goods_card() -> None:
    # The seed: "If you move your piece to the building site and cannot build a hut, take the top
    # goods card" - a player who can build and passes does not cannot-build.
    state = edit(new_game(cards=True), lambda d: give(d, 0, berry=2))
    play(state, "turn 1", "reveal building_site")
    assert legal(state) == ["build 11 with berry berry", "pass"]
    play(state, "pass")
    assert stage(state) == "swap" and state.current_player() == 0
    assert seat(state, 0)["cards_hidden"] == [] and seat(state, 0)["cards_public"] == []
    assert state.to_json()["pile"]["unseen"] == 21
    assert events(state)[-2:] == [{"event": "pass", "player": 0}, {"event": "reset", "player": 0}]


def test_a_player_with_face_down_cards_that_cannot_pay_a_hut_passes_and_takes_a_goods_card() -> None:
    # Asked anyway (the hidden card must not leak), but unable to build: the seed's card is due.
    state = edit(new_game(cards=True), lambda d: give_cards(d, 0, hidden=("tooth",)))
    play(state, "turn 1", "reveal building_site")
    assert legal(state) == ["pass"]
    assert describe(state, A.PASS) == "Player 1 cannot build and takes a goods card"
    play(state, "pass")
    assert stage(state) == "draw"
    play(state, "draw guff")
    assert seat(state, 0)["cards_hidden"] == ["tooth", "guff"]


def test_a_player_who_cannot_build_takes_a_goods_card_without_being_asked() -> None:
    state = edit(new_game(cards=True), lambda d: give(d, 0, berry=1))
    play(state, "turn 1", "reveal building_site")
    assert stage(state) == "draw"
    play(state, "draw fish")
    assert seat(state, 0)["cards_hidden"] == ["fish"] and seat(state, 0)["goods"] == goods(berry=1)


def test_a_player_with_a_face_down_card_is_always_asked_whether_to_build() -> None:
    # Else the others would learn from the skipped decision that the card cannot pay a hut.
    state = edit(new_game(cards=True), lambda d: give_cards(d, 0, hidden=("tooth",)))
    play(state, "turn 1", "reveal building_site")
    assert stage(state) == "build" and legal(state) == ["pass"]
    assert state.observation(1)["pending"]["stage"] == "build"


def test_a_card_everyone_saw_going_under_is_drawn_face_down_but_known_to_all() -> None:
    def change(d: dict[str, Any]) -> None:
        give_cards(d, 1, hidden=tuple(["berry"] * 4 + ["fish"] * 4 + ["jug"] * 4 + ["arrowhead"] * 4 + ["tooth"] * 3))
        d["pile"] = {"cards": ["tooth", "guff"], "unseen": 0}

    state = edit(new_game(cards=True), change)
    play(state, "turn 1", "reveal building_site")  # no chance: the card is known
    assert seat(state, 0)["cards_public"] == ["tooth"] and stage(state) == "swap"
    assert state.observation(1)["players"][0]["cards_public"] == ["tooth"]
    assert events(state)[-2] == {"event": "draw", "player": 0, "card": "tooth"}


def test_with_the_pile_empty_no_card_is_taken() -> None:
    def change(d: dict[str, Any]) -> None:
        everything = ["berry"] * 4 + ["fish"] * 4 + ["jug"] * 4 + ["arrowhead"] * 4 + ["tooth"] * 4 + ["guff"]
        give_cards(d, 1, hidden=tuple(everything))

    state = edit(new_game(cards=True), change)
    play(state, "turn 1", "reveal building_site")
    assert events(state)[-2:] == [{"event": "no_card", "player": 0}, {"event": "reset", "player": 0}]


# --- hidden information --------------------------------------------------------------------------------


def _public_game() -> StoneAgeJuniorState:
    state = edit(new_game(players=3, cards=True), lambda d: give_cards(d, 2, hidden=("fish",)))
    return play(state, "turn 1", "reveal 4", "turn 2", "reveal building_site", "draw berry", "swap 1 7",
                "turn 3", "reveal dog")


def test_observations_show_face_up_tiles_and_the_public_log_never_a_face_down_tile() -> None:
    state = _public_game()
    obs = state.observation(0)
    assert obs["forest"] == ["down"] * 2 + ["dog"] + ["down"] * 11
    text = json.dumps(obs)
    assert "unknown" not in text and '"history"' not in text
    assert remembered_forest(obs) == ["unknown", "building_site", "dog", "unknown", "unknown", "unknown", "4"] + [
        "unknown"] * 7
    assert remembered_forest(obs, since_turn=3) == ["unknown"] * 2 + ["dog"] + ["unknown"] * 11


def test_observations_show_goods_as_everyone_can_deduce_them_and_hide_face_down_cards() -> None:
    state = _public_game()
    for observer in range(3):
        obs = state.observation(observer)
        assert obs["players"][0]["goods"] == goods(jug=1)
        assert obs["players"][2]["dogs"] == 1
        assert obs["players"][1]["cards_hidden"] == (["berry"] if observer == 1 else ["hidden"])
        assert obs["players"][2]["cards_hidden"] == (["fish"] if observer == 2 else ["hidden"])
        from_log = goods_from_log(obs)
        assert [s["goods"] for s in from_log] == [p["goods"] for p in obs["players"]]
        assert from_log[1]["cards_hidden"] == 1


def test_resampling_redraws_what_the_player_cannot_know_and_keeps_what_is_public() -> None:
    state = _public_game()
    worlds = [state.resample_from_infostate(1, random.Random(seed)) for seed in range(10)]
    for world in worlds:
        check_consistency(world)
        data = world.to_json()
        assert [data["forest"][i]["tile"] for i in (1, 2, 6)] == ["building_site", "dog", "4"]
        assert "unknown" not in json.dumps(data["forest"]) + json.dumps(data["huts"]) + json.dumps(data["pile"])
        assert data["players"][1]["cards_hidden"] == ["berry"]  # the observer's own card
        assert world.observation(1) == state.observation(1)
        assert world.game.state_from_json(data).to_json() == data
    assert len({json.dumps(w.to_json()["forest"]) for w in worlds}) > 1
    assert len({w.to_json()["players"][2]["cards_hidden"][0] for w in worlds}) > 1
    # In a resampled world the next tile turned up is certain.
    world = play(worlds[0], "turn 4")
    tile = worlds[0].to_json()["forest"][3]["tile"]
    assert world.chance_outcomes() == [(A.reveal(TILES.index(tile)), 1.0)]
    assert state.to_json()["forest"][3] == {"tile": "unknown", "seen": False, "up": False}  # original untouched


# --- notation, describe, records -------------------------------------------------------------------


def test_every_action_has_a_notation_that_parses_back() -> None:
    state = new_game()
    names = [state.action_to_string(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(names)) == A.NUM_ACTIONS
    for action, name in enumerate(names):
        assert state.string_to_action(name) == action
    assert names[:2] == ["turn 1", "turn 2"]
    assert {"trade berry for fish", "stop trading", "stay", "travel tooth", "pass", "swap 13 14", "reveal 6",
            "reveal trading_post", "hut 15", "draw guff", "build 11 with dog dog",
            "build 1 with berry fish_card guff"} <= set(names)
    assert all(a >= A.FIRST_CHANCE_ACTION for a in range(A.NUM_ACTIONS)
               if names[a].split()[0] in ("reveal", "hut", "draw"))


def test_notation_is_free_in_case_spacing_and_order() -> None:
    canonical = A.parse_action("build 1 with berry jug_card dog")
    assert A.parse_action("  BUILD hut 1 with Dog  jug-card berry ") == canonical
    assert A.parse_action("swap 9 2") == A.parse_action("swap 2 9")
    assert A.parse_action("reveal building site") == A.parse_action("reveal building_site")
    assert A.parse_action("travel to jug") == A.travel(2)
    assert A.parse_action("draw dog") == A.draw(5)
    assert A.parse_action("turn 07") == A.turn(6)


def test_the_events_tell_the_story_of_a_turn() -> None:
    state = edit(new_game(), lambda d: give(d, 1, berry=1, fish=1, jug=1))
    lines = []
    for text in ("turn 1", "reveal 4", "turn 2", "reveal building_site", "build 1 with berry fish jug", "hut 7",
                 "swap 1 2"):
        for event in apply_with_events(state, state.string_to_action(text)):
            lines += event.lines()
    assert lines == [
        "Player 1 turns up forest tile 1",
        "  Forest tile 1 shows a 4",
        "    Player 1 moves to the jug space",
        "  Player 1 takes the good of the jug space",
        "    Player 1 takes a jug",
        "  Player 2's turn",
        "Player 2 turns up forest tile 2",
        "  Forest tile 2 shows the building site",
        "    Player 2 moves to the building site",
        "Player 2 builds hut 1 (berry, fish, jug) with a berry, a fish and a jug",
        "  Hut 7 (fish, jug, arrowhead) turns face up on stack 1",
        "  All forest tiles are turned face down",
        "    All forest tiles are turned face down",
        "Player 2 swaps forest tiles 1 and 2",
        "  Player 1's turn",
    ]


def test_a_record_replays_to_the_same_final_state() -> None:
    state = random_game(3, seed=11, cards=True)
    record = json.loads(json.dumps(make_record(state.game, state)))
    assert record["game"] == "stone_age_junior"
    assert record["options"] == {"first_player": 0, "expansions": ["cards"], "variants": []}
    _, again = replay(record)
    assert again.to_json() == state.to_json()


# --- random games: invariants after every step ------------------------------------------------


def random_game(players: int, seed: int, cards: bool = False, variants: tuple[str, ...] = ()) -> StoneAgeJuniorState:
    """A complete game of uniformly random legal actions, chance from the game seed."""
    state = fresh(players, cards, variants, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance_outcome() if chance else rng.choice(state.legal_actions()))
    return state


def _truth_forest(data: dict[str, Any]) -> list[str]:
    return [f["tile"] if f["seen"] else "unknown" for f in data["forest"]]


def _check_step(state: StoneAgeJuniorState, rng: random.Random) -> None:
    check_consistency(state)
    data = state.to_json()
    players = data["players"]
    for good in GOODS:  # goods tiles, dogs, huts and cards are conserved
        total = data["supply"][good] + data["trading_post"][good] + data["box"][good]
        assert total + sum(p["goods"][good] for p in players) == 4
    assert sum(data["trading_post"].values()) == 5
    assert data["dog_storage"] + sum(p["dogs"] for p in players) == 2
    huts = [h for s in data["huts"] for h in [s["face_up"], *s["below"]] if h is not None]
    assert len(huts) + sum(len(p["built"]) for p in players) == 15
    if data["pile"] is not None:
        assert len(data["pile"]["cards"]) + sum(len(p["cards_public"]) + len(p["cards_hidden"]) for p in players) == 21
    legal_actions = state.legal_actions()
    assert legal_actions == sorted(set(legal_actions)) and legal_actions
    if state.current_player() == CHANCE:
        exact = state.chance_outcomes_exact()
        assert sum(p for _, p in exact) == Fraction(1) and all(p > 0 for _, p in exact)
        assert [a for a, _ in exact] == legal_actions and all(a >= A.FIRST_CHANCE_ACTION for a in legal_actions)
    else:
        assert all(a < A.FIRST_CHANCE_ACTION for a in legal_actions)
        # Steps without a choice happen on their own; the one exception is the build question
        # asked of a player holding a face-down card (docs: decision 9).
        hidden = players[state.current_player()]["cards_hidden"]
        assert len(legal_actions) >= 2 or (data["pending"]["stage"] == "build" and hidden)
    for action in legal_actions:
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    truth_forest = _truth_forest(data)
    truth_pile: list[str | None] = []
    if data["pile"] is not None:
        unseen = data["pile"]["unseen"]
        truth_pile = [None if i < unseen else c for i, c in enumerate(data["pile"]["cards"])]
    for observer in range(state.num_players):
        obs = state.observation(observer)
        assert all(f == "down" or (f == data["forest"][i]["tile"] and data["forest"][i]["up"])
                   for i, f in enumerate(obs["forest"]))
        assert remembered_forest(obs) == truth_forest, "a perfect memory of the log knows every seen tile"
        assert remembered_pile(obs) == truth_pile
        for p, (shown, logged) in enumerate(zip(obs["players"], goods_from_log(obs), strict=True)):
            assert shown["goods"] == logged["goods"] == players[p]["goods"]
            assert shown["dogs"] == logged["dogs"] == players[p]["dogs"]
            assert shown["cards_public"] == logged["cards_public"]
            assert len(shown["cards_hidden"]) == logged["cards_hidden"]
            if p != observer:
                assert set(shown["cards_hidden"]) <= {"hidden"}
        world = state.resample_from_infostate(observer, rng)
        assert world.observation(observer) == obs, "nothing hidden from the observer reaches its observation"
    check_consistency(world)
    twin = state.clone()
    twin.apply_action(rng.choice(legal_actions))
    assert state.to_json() == data, "applying to a clone leaves the original unchanged"


CONFIGS = [(p, cards) for cards in (False, True) for p in (2, 3, 4)]


@pytest.mark.parametrize(("players", "cards"), CONFIGS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), one_swap=st.booleans())
def test_random_games_keep_every_invariant_at_every_step(players: int, cards: bool, seed: int, one_swap: bool) -> None:
    state = fresh(players, cards, ("one_swap",) if one_swap else (), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        _check_step(state, rng)
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance_outcome() if chance else rng.choice(state.legal_actions()))
    check_consistency(state)
    assert state.legal_actions() == [] and state.current_player() == TERMINAL
    assert sum(state.returns()) == 1.0 and max(state.scores()) == 3
    assert state.returns()[state.scores().index(3)] == 1.0
    record = json.loads(json.dumps(make_record(state.game, state)))
    _, replayed = replay(record)
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize(("players", "cards"), CONFIGS)
def test_fifty_random_games_per_setting_end_with_a_winner(players: int, cards: bool) -> None:
    for seed in range(50):
        state = random_game(players, seed, cards)
        assert state.is_terminal() and sum(state.returns()) == 1.0
    assert random_game(players, 7, cards).history() == random_game(players, 7, cards).history()


# --- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [3.0, True, "turn 1", None, -1, 10**6])
def test_non_actions_are_rejected_and_the_state_is_unchanged(bad: Any) -> None:
    state = new_game()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.apply_action(bad)
    assert state.to_json() == before


def test_an_illegal_action_names_the_pending_decision_and_changes_nothing() -> None:
    state = edit(new_game(), lambda d: give(d, 0, berry=1))
    play(state, "turn 1", "reveal trading_post")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"'turn 2' is illegal: player 1 \(seat 0\) must decide 'trade'"):
        play(state, "turn 2")
    with pytest.raises(IllegalActionError, match="'trade fish for berry' is illegal"):
        play(state, "trade fish for berry")  # seat 0 holds no fish
    assert state.to_json() == before
    state = play(new_game(), "turn 1")
    with pytest.raises(IllegalActionError, match="chance must decide 'reveal'"):
        play(state, "hut 4")
    state = play(new_game(), "turn 1", "reveal 2")
    with pytest.raises(IllegalActionError, match="'turn 1' is illegal"):
        play(state, "turn 1")  # face up already
    with pytest.raises(IllegalActionError, match="'build 1 with berry fish jug' is illegal"):
        play(state, "build 1 with berry fish jug")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action text"),
        ("turn 15", "a forest place is 1..14"),
        ("turn one", "expected a number"),
        ("trade berry for berry", "two different goods"),
        ("trade berry for mammoth", "'mammoth' is not a good"),
        ("swap 3 3", "two different forest places"),
        ("build 1 with berry fish", "do not pay hut 1"),
        ("build 1 with berry fish wood", "'wood' is not a goods tile"),
        ("build 1", "say the hut and the payment"),
        ("build 16 with dog dog", "a hut number is 1..15"),
        ("reveal 7", "'7' is not a forest tile"),
        ("draw mammoth", "'mammoth' is not a goods card"),
        ("hut 0", "a hut number is 1..15"),
        ("fly away", "is not an action of stone_age_junior"),
    ],
)
def test_unknown_notation_raises_a_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        new_game().string_to_action(text)


def test_an_action_outside_the_space_has_no_notation() -> None:
    with pytest.raises(NotationError, match=r"outside the action space 0\.\.652"):
        new_game().action_to_string(653)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"seed": -1}, "seed must be a non-negative integer"),
        ({"first_player": 3, "players": 3}, "first_player must be a seat 0..2"),
        ({"expansions": ["mammoth_herd"]}, "unknown expansion 'mammoth_herd'"),
        ({"expansions": "cards"}, "expansions must be a list"),
        ({"variants": ["hunt_repeat"]}, "unknown variant 'hunt_repeat'"),
        ({"colour": "red"}, "has no parameter 'colour'"),
    ],
)
def test_bad_game_parameters_raise_game_option_error(params: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        load_game("stone_age_junior", **params)


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("game", "stone_age", "game: expected 'stone_age_junior'"),
        ("format", 2, "format: expected 1"),
        ("params", {"players": 4}, "params: .* do not match the game"),
        ("turn", "five", "turn: expected an integer"),
        ("pending.stage", "dance", "pending.stage: 'dance' is not one of"),
        ("pending.player", 3, r"pending.player: 3 is out of range 0..2"),
        ("figures.1", "cave", r"figures\[1\]: 'cave' is not one of"),
        ("supply.berry", 9, r"supply.berry: 9 is out of range 0..4"),
        ("supply.wood", 1, "supply: 'wood' is not a good"),
        ("supply.fish", 2, "goods: 3 fish tiles in the state, the game has 4"),
        ("dog_storage", 1, "dogs: 1 dog tiles in the state"),
        ("forest", [], "forest: expected 14 entries"),
        ("forest.0.tile", "7", r"forest\[0\].tile: '7' is not one of"),
        ("forest.0.up", True, r"forest\[0\].seen: a face-up tile has been seen"),
        ("forest.0.seen", True, r"forest\[0\].tile: a seen tile has a known identity"),
        ("huts.0.face_up", 10, "hut 10 is in two places at once"),
        ("huts.0.below", [], "huts: 11 huts in the state, the game has 15"),
        ("martin", "fish", "martin: null without the cards expansion"),
        ("players.0.cards_hidden", ["fish"], "goods cards only with the cards expansion"),
        ("players.2.built", [1, 2, 3, 4], r"players\[2\].built: at most 3 huts"),
        ("history", [1, "x"], r"history\[1\]: expected an integer"),
        ("log.0.event", "dance", r"log\[0\].event: 'dance' is not one of"),
        ("pending.stage", "trade", "'trade' needs the player on the trading post"),
    ],
)
def test_malformed_state_json_names_the_field(path: str, value: Any, message: str) -> None:
    data = new_game(players=3, seed=4).to_json()
    _set(data, path, value)
    with pytest.raises(StateFormatError, match=message):
        load_game("stone_age_junior", players=3, seed=4).state_from_json(data)


def test_a_goods_card_too_many_is_rejected() -> None:
    data = new_game(cards=True).to_json()
    data["players"][0]["cards_hidden"] = ["guff"]  # a card more than the 21
    with pytest.raises(StateFormatError, match="goods cards: "):
        load_game("stone_age_junior", players=2, expansions=["cards"]).state_from_json(data)


def test_a_state_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(StateFormatError, match="state: expected an object"):
        load_game("stone_age_junior").state_from_json([])  # type: ignore[arg-type]


def _trading(variants: tuple[str, ...] = ()) -> StoneAgeJuniorState:
    """Seat 0 on the trading post with a berry to swap (forest place 0 face up)."""
    state = edit(new_game(variants=variants), lambda d: give(d, 0, berry=1))
    return play(state, "turn 1", "reveal trading_post")


def _all_up(data: dict[str, Any], except_site: bool = False) -> None:
    """Every forest tile known, seen and face up (the building-site tile face down if ``except_site``)."""
    order = ["trading_post", *(t for t in TILES if t != "trading_post")]
    data["forest"] = [{"tile": t, "seen": True, "up": not (except_site and t == "building_site")} for t in order]


def _game_over_for_seat_1(data: dict[str, Any]) -> None:
    data["phase"], data["pending"]["stage"] = "over", "game_over"
    data["huts"][0]["below"] = data["huts"][0]["below"][3:]
    data["players"][0]["built"] = [2, 3, 4]
    data["pending"]["player"] = 1


@pytest.mark.parametrize(
    ("make", "change", "message"),
    [
        (_trading, _all_up, r"forest\[\d+\].up: the building-site tile lies face up only until"),
        (lambda: play(fresh(), "hut 1"), lambda d: d.update(phase="play", turn=1),
         r"huts\[2\]: a stack with face-down huts shows its top hut"),
        (lambda: play(fresh(), "hut 1"), lambda d: give(d, 1, fish=1), "supply: during the setup everything lies"),
        (lambda: play(fresh(), "hut 1"), lambda d: d["pending"].__setitem__("player", 1),
         "pending.player: the setup is done for the first player"),
        (_trading, lambda d: d["pending"]["trade"].update(given=["berry"], taken=["berry"]),
         "a good taken from the trading post in a visit is not given back"),
        (lambda: _trading(("one_swap",)), lambda d: d["pending"]["trade"].update(given=["jug"]),
         "with one_swap a visit ends after its one swap"),
        (new_game, lambda d: d.__setitem__("turn", 0), "turn: the first turn has begun"),
        (new_game, _game_over_for_seat_1, "pending.player: the game ended on the turn of the winner, player 0"),
    ],
)
def test_a_state_the_game_cannot_reach_is_rejected(make: Callable[[], StoneAgeJuniorState],
                                                    change: Callable[[dict[str, Any]], object], message: str) -> None:
    state = make()
    data = state.to_json()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        state.game.state_from_json(data)


def test_with_every_forest_tile_but_the_building_site_face_up_the_last_one_is_turned_at_once() -> None:
    state = edit(_trading(), lambda d: _all_up(d, except_site=True))
    play(state, "stop trading")
    assert stage(state) == "swap" and state.to_json()["figures"][1] == "building_site"
    assert [e["event"] for e in events(state)[-3:]] == ["reveal", "move", "reset"]


def test_a_record_with_a_bad_action_raises_record_error() -> None:
    state = random_game(2, seed=3)
    record = make_record(state.game, state)
    record["actions"][7] = "fly away"
    with pytest.raises(RecordError, match=r"actions\[7\] 'fly away'"):
        replay(record)


def test_observation_of_a_non_seat_is_rejected() -> None:
    with pytest.raises(PlayerError, match=r"player must be a seat 0\.\.1"):
        new_game().observation(2)
    with pytest.raises(PlayerError, match="player must be a seat"):
        new_game().resample_from_infostate(-1, random.Random(0))
