"""A round and the end of the game (stone-age.md §5 tools, actions, feeding, new round, end, scoring).

Every test forces its dice, cards and tiles. ``end_by_empty_stack`` finishes a game the quickest
rule-conform way: the last tile of stack 1 (a "1 to 7" building) is bought for 1 wood (3 points).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

import pytest

from stoneage import CHANCE, TERMINAL, IllegalActionError
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, legal, new_game, play, player

RESOURCES = ("wood", "clay", "stone", "gold")
# p0 sends 5 figures to the river and rolls 5 (5 // 6 = 0 gold); p1 hunts with 5 and rolls 5 (2 food).
QUIET_ROUND = ("place river 5", "place hunt 5", "roll 5", "roll 5")


def play_until(state: StoneAgeState, done: Callable[[StoneAgeState], bool]) -> StoneAgeState:
    """Apply the first legal action until ``done`` (lowest dice sums, 'tools none', lowest card)."""
    for _ in range(5000):
        if done(state):
            return state
        state.apply_action(state.legal_actions()[0])
    raise AssertionError("play_until did not reach its goal")


def reload(state: StoneAgeState, change: Callable[[dict[str, Any]], None]) -> StoneAgeState:
    """A copy of ``state`` with its JSON form changed by ``change`` (validated on loading)."""
    data = state.to_json()
    change(data)
    return state.game.state_from_json(data)  # type: ignore[return-value]


def pending(state: StoneAgeState) -> tuple[str, int]:
    info = state.to_json()["pending"]
    return info["stage"], info["player"]


def end_by_empty_stack(state: StoneAgeState) -> StoneAgeState:
    """From the first placement of round 1 (first player 0, stack 1 showing "1-to-7", p0 owning
    a wood): stack 1 gets its last tile, p0 buys it for 1 wood and everyone else hunts."""

    def last_tile(data: dict[str, Any]) -> None:
        data["stacks"][0]["left"] = 1

    state = reload(state, last_tile)
    assert state.observation(0)["stacks"][0]["top"] == "1-to-7"
    figures = [player(state, p)["unplaced"] for p in range(state.num_players)]
    play(state, "place building1 1")
    for p in range(1, state.num_players):
        play(state, f"place hunt {figures[p]}")
    if figures[0] > 1:
        play(state, f"place hunt {figures[0] - 1}", "resolve building1")
    play(state, "pay wood")
    return play_until(state, lambda s: s.is_terminal())


def finished(players: int = 2, **seats: dict[str, Any]) -> StoneAgeState:
    """A game ended by ``end_by_empty_stack`` with seat holdings edited (keys 'p0', 'p1', ...)."""
    state = new_game(players=players, stacks=("1-to-7", "wwc", "wws", "wcc"))
    for key, changes in seats.items():
        state = edit(state, int(key[1:]), **changes)
    return end_by_empty_stack(state)


# --- tools --------------------------------------------------------------------------------------


def test_each_tool_tile_is_used_once_per_round_and_is_ready_again_next_round() -> None:
    """§5: a tile goes whole on one roll, once per round; all tiles are ready again next round."""
    state = edit(new_game(players=2), 0, tools_ready=[3, 2])
    play(state, "place forest 2", "place hunt 5", "place hunt 3")
    play(state, "resolve forest", "roll 7")
    assert sorted(legal(state)) == sorted(["tools none", "tools 2", "tools 3", "tools 3+2"])
    play(state, "tools 2")  # 9 -> 3 wood
    assert player(state, 0)["wood"] == 3
    assert (player(state, 0)["tools_ready"], player(state, 0)["tools_used"]) == ([3], [2])
    play(state, "roll 9")  # the hunt: only the 3 is left this round
    assert legal(state) == ["tools none", "tools 3"]
    with pytest.raises(IllegalActionError):
        play(state, "tools 2")
    play(state, "tools 3")  # 12 -> 6 food
    assert player(state, 0)["food"] == 12 + 6
    play(state, "roll 5")  # p1's hunt; feeding; round 2
    assert state.to_json()["round"] == 2
    assert (player(state, 0)["tools_ready"], player(state, 0)["tools_used"]) == ([3, 2], [])


def test_a_one_use_tool_adds_its_value_once_alone_or_with_tiles_then_is_spent() -> None:
    """§3/§5: a one-use tool adds its value to one gathering roll, with other tools, then is gone."""
    state = edit(new_game(players=2), 0, cards=[33], one_use_tools=[4], tools_ready=[1])
    play(state, "place forest 5", "place hunt 5", "roll 8")
    assert sorted(legal(state)) == sorted(["tools none", "tools 1", "tools one-use 4", "tools 1 one-use 4"])
    play(state, "tools 1 one-use 4")  # 8 + 1 + 4 = 13 -> 4 wood
    p0 = player(state, 0)
    assert p0["wood"] == 4 and p0["one_use_tools"] == [] and p0["cards"] == [33]
    play(state, "roll 5")
    assert player(state, 0)["one_use_tools"] == [] and player(state, 0)["tools_ready"] == [1]


def test_with_every_tile_spent_there_is_no_tools_decision_on_a_later_roll() -> None:
    """§5 / engine decision: spent tiles are not offered again; with none ready the roll just counts."""
    state = edit(new_game(players=2), 0, tools_ready=[3, 2])
    play(state, "place forest 2", "place hunt 5", "place hunt 3", "resolve forest", "roll 7", "tools 3+2")
    assert player(state, 0)["wood"] == 4  # 12 // 3
    play(state, "roll 9")
    assert player(state, 0)["food"] == 12 + 4 and pending(state) == ("roll", 1)


def test_tools_used_in_the_last_round_still_count_for_the_tie_break_and_tool_makers() -> None:
    """§5: tool value = all tiles, ready or used this round (the game ends before tools reset)."""
    state = new_game(players=2, stacks=("1-to-7", "wwc"))
    state = edit(state, 0, wood=1)
    state = edit(state, 1, score=3, tools_ready=[4, 4, 4], cards=[7])
    state = reload(state, lambda data: data["stacks"][0].update(left=1))
    play(state, "place building1 1", "place hunt 5", "place hunt 4", "resolve building1", "pay wood")
    play(state, "roll 4", "roll 5", "tools 4+4+4")  # p1: 17 -> 8 food
    assert state.is_terminal()
    assert player(state, 1)["tools_used"] == [4, 4, 4]
    assert state.tie_breaks() == [5, 17]
    assert state.score_breakdown()[1]["tool_makers"] == 2 * 12
    assert state.winners() == [1]


# --- actions phase ------------------------------------------------------------------------------------


def test_players_resolve_from_the_first_player_clockwise_each_finishing_all_their_locations() -> None:
    """§5: starting with the first player, each player resolves all own locations, then the next."""
    state = new_game(players=3, first_player=1)
    play(state, "place forest 2", "place hunt 5", "place hunt 5", "place hunt 3")
    assert state.to_json()["phase"] == "actions"
    assert pending(state) == ("resolve", 1)
    play(state, "resolve forest")
    assert pending(state) == ("roll", 1)
    play(state, "roll 6")
    assert pending(state) == ("roll", 1)  # p1's hunt before anybody else
    play(state, "roll 3")
    assert pending(state) == ("roll", 2)
    play(state, "roll 5")
    assert pending(state) == ("roll", 0)
    play(state, "roll 5")
    assert state.to_json()["round"] == 2
    foods = [player(state, p)["food"] for p in range(3)]
    assert foods == [12 + 2 - 5, 12 + 1 - 5, 12 + 2 - 5]


# --- feeding ------------------------------------------------------------------------------------------


def test_agriculture_food_comes_first_then_one_food_per_figure() -> None:
    """§5 feeding: take food = agriculture, then pay 1 per figure (here 2 + 3 = 5 exactly)."""
    state = edit(new_game(players=2), 0, food=2, agriculture=3, wood=4)
    play(state, *QUIET_ROUND)
    p0 = player(state, 0)
    assert (p0["food"], p0["wood"], p0["score"], p0["penalties"]) == (0, 4, 0, 0)


def test_leftover_food_carries_over() -> None:
    """§5: food left after feeding stays for the next rounds."""
    state = edit(new_game(players=2), 0, food=12, agriculture=1)
    play(state, *QUIET_ROUND)
    assert player(state, 0)["food"] == 12 + 1 - 5
    assert player(state, 1)["food"] == 12 + 2 - 5


def test_a_shortfall_may_be_covered_with_any_resources_one_each() -> None:
    """§5: short 3 food: all food is paid, then 3 resources of the player's choice, no penalty."""
    state = edit(new_game(players=2), 0, food=2, wood=2, clay=1, stone=5)
    play(state, *QUIET_ROUND)
    assert pending(state) == ("feed", 0)
    holdings = {"wood": 2, "clay": 1, "stone": 5, "gold": 0}
    expected = {
        "feed with " + " ".join(combo)
        for combo in combinations_with_replacement(RESOURCES, 3)
        if all(combo.count(r) <= holdings[r] for r in RESOURCES)
    }
    assert set(legal(state)) == expected | {"starve"}
    for partial in ("feed with wood", "feed with wood clay", "feed with wood clay stone stone"):
        with pytest.raises(IllegalActionError):
            play(state, partial)
    play(state, "feed with wood clay stone")
    p0 = player(state, 0)
    assert (p0["food"], p0["wood"], p0["clay"], p0["stone"]) == (0, 1, 0, 4)
    assert (p0["score"], p0["penalties"]) == (0, 0)
    assert state.to_json()["round"] == 2


@pytest.mark.parametrize("food", [0, 4])
def test_refusing_to_pay_resources_costs_ten_points_flat_and_the_food_is_lost(food: int) -> None:
    """§5: the player may take -10 instead (whatever the shortfall, 5 or 1); food is lost anyway."""
    state = edit(new_game(players=2), 0, food=food, wood=9)
    play(state, *QUIET_ROUND)
    assert pending(state) == ("feed", 0)
    play(state, "starve")
    p0 = player(state, 0)
    assert (p0["food"], p0["wood"], p0["score"], p0["penalties"]) == (0, 9, -10, 1)
    assert state.score_breakdown()[0]["penalties"] == -10


def test_a_shortfall_the_resources_cannot_cover_is_minus_ten_without_a_decision() -> None:
    """§5/engine: short 4 with only 3 resources: automatic -10; resources kept, food lost."""
    state = edit(new_game(players=2), 0, food=1, wood=1, clay=1, gold=1, score=4)
    play(state, *QUIET_ROUND)
    assert state.to_json()["round"] == 2 and state.to_json()["phase"] == "placement"
    p0 = player(state, 0)
    assert (p0["food"], p0["wood"], p0["clay"], p0["gold"]) == (0, 1, 1, 1)
    assert (p0["score"], p0["penalties"]) == (-6, 1)  # the score may go negative


def test_feeding_goes_from_the_first_player_clockwise() -> None:
    """§5: feeding decisions come in turn order from the first player (3 players, first = 1)."""
    state = new_game(players=3, first_player=1)
    for seat in range(3):
        state = edit(state, seat, food=0, wood=5)
    play(state, "place river 5", "place quarry 5", "place claypit 5", "roll 5", "roll 5", "roll 5")
    order = []
    while state.to_json()["round"] != 2:
        assert state.to_json()["phase"] == "feeding"
        order.append(pending(state))
        play(state, "starve")
    assert order == [("feed", 1), ("feed", 2), ("feed", 0)]
    assert [player(state, p)["penalties"] for p in range(3)] == [1, 1, 1]


def test_the_figure_from_the_hut_is_fed_in_the_same_round() -> None:
    """§5: pay 1 food per figure, including one gained at the hut this round."""
    state = edit(new_game(players=2), 0, food=5)
    play(state, "place hut 2", "place hunt 5", "place river 3", "resolve hut", "roll 3", "roll 5")
    assert player(state, 0)["figures"] == 6
    p0 = player(state, 0)
    assert (p0["food"], p0["penalties"]) == (0, 1)  # 5 food for 6 figures, no resources: -10


# --- a new round ------------------------------------------------------------------------------------


def test_the_first_player_passes_clockwise_every_round() -> None:
    """§5: the first player token passes clockwise (3 players: 0, 1, 2, 0)."""
    state = new_game(players=3)
    firsts = []
    for round_number in range(1, 5):
        play_until(state, lambda s, r=round_number: s.to_json()["round"] == r
                   and s.to_json()["phase"] == "placement")
        firsts.append((state.to_json()["first_player"], state.current_player()))
    assert firsts == [(0, 0), (1, 1), (2, 2), (0, 0)]


def test_display_cards_slide_toward_cost_one_and_the_gaps_are_refilled() -> None:
    """§5: bought cards leave gaps; the rest slide right (toward cost 1), new cards fill the end."""
    state = edit(new_game(players=2, display=(11, 18, 30, 27)), 0, wood=1, clay=2)
    state = edit(state, 1, wood=3)
    play(state, "place card1 1", "place card3 1", "place hunt 4", "place hunt 4")
    play(state, "resolve card1", "pay wood", "roll 4")  # card 11: 7 food
    play(state, "resolve card3", "pay wood wood wood", "roll 4")  # card 30: +1 agriculture
    assert state.current_player() == CHANCE
    assert state.to_json()["display"] == [18, 27, 0, 0]
    assert pending(state)[0] == "deal_card" and state.to_json()["pending"]["slot"] == 2  # cost 3
    play(state, "card 5")
    assert state.to_json()["pending"]["slot"] == 3
    play(state, "card 36")
    assert state.to_json()["display"] == [18, 27, 5, 36]
    assert state.to_json()["round"] == 2 and state.current_player() == 1


# --- the end of the game ------------------------------------------------------------------------------


def deck_of(size: int) -> Callable[[dict[str, Any]], None]:
    """Leave ``size`` cards in the deck; the rest go face down to p1 (only to conserve cards)."""

    def change(data: dict[str, Any]) -> None:
        data["players"][1]["secret_cards"] = data["deck"][size:]
        data["deck"] = data["deck"][:size]

    return change


def buy_two_cards(state: StoneAgeState) -> StoneAgeState:
    """2 players: p0 buys card 11 (cost 1), p1 buys card 18 (cost 2); both hunt."""
    state = edit(state, 0, wood=1)
    state = edit(state, 1, wood=2)
    play(state, "place card1 1", "place card2 1", "place hunt 4", "place hunt 4")
    play(state, "resolve card1", "pay wood", "roll 4", "resolve card2", "pay wood wood", "roll 4")
    return state


def test_the_game_ends_at_once_when_the_deck_cannot_refill_the_display() -> None:
    """§5: 2 gaps, 1 card in the deck: the game ends at the start of the round, nothing refilled."""
    state = buy_two_cards(reload(new_game(players=2), deck_of(1)))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == []
    data = state.to_json()
    assert data["round"] == 1 and data["display"].count(0) == 2 and len(data["deck"]) == 1
    assert player(state, 0)["food"] == 12 + 7 + 2 - 5  # the round's feeding did happen
    with pytest.raises(IllegalActionError):
        play(state, "place hunt 1")


def test_the_game_goes_on_when_the_deck_can_refill_every_gap() -> None:
    """§5: 2 gaps and exactly 2 cards left: the display is refilled and round 2 starts."""
    state = buy_two_cards(reload(new_game(players=2), deck_of(2)))
    assert not state.is_terminal() and state.current_player() == CHANCE
    play_until(state, lambda s: s.to_json()["phase"] == "placement")
    assert state.to_json()["round"] == 2 and state.to_json()["deck"] == []
    assert all(state.to_json()["display"])


def test_when_a_stack_empties_the_round_is_played_out_with_feeding_and_then_the_game_ends() -> None:
    """§5: the last tile of a stack is bought; everyone still resolves and feeds; then the end."""
    state = new_game(players=2, stacks=("1-to-7", "wwc"))
    state = edit(state, 0, wood=2)
    state = edit(state, 1, food=0)
    state = reload(state, lambda data: data["stacks"][0].update(left=1))
    play(state, "place building1 1", "place hunt 5", "place hunt 4", "resolve building1", "pay wood wood")
    assert state.to_json()["stacks"][0] == {"top": -1, "left": 0}
    assert pending(state) == ("roll", 0)  # no tile turned up; the round goes on
    play(state, "roll 4")
    assert not state.is_terminal() and pending(state) == ("roll", 1)  # p1 still resolves
    play(state, "roll 5")  # p1: 2 food for 5 figures, nothing else: -10 at feeding
    assert state.is_terminal()
    assert player(state, 1)["penalties"] == 1 and player(state, 1)["food"] == 0
    assert player(state, 0)["food"] == 12 + 2 - 5
    assert state.scores() == [6 + 0, -10]
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]
    assert state.to_json()["round"] == 1


# --- final scoring ------------------------------------------------------------------------------------


def test_leftover_resources_score_one_point_each_and_food_scores_nothing() -> None:
    """§5/§6: 1 point per leftover resource; leftover food is worth nothing."""
    state = finished(p0={"wood": 3, "clay": 3, "stone": 1, "gold": 4, "food": 50}, p1={"food": 100})
    parts = state.score_breakdown()
    assert parts[0]["resources"] == 2 + 3 + 1 + 4
    assert parts[0]["buildings"] == 3
    assert parts[0]["total"] == 3 + 10
    assert player(state, 1)["food"] > 90 and parts[1]["total"] == 0
    assert state.scores() == [13, 0]


def test_green_cards_score_each_set_of_different_symbols_squared() -> None:
    """§5/§6: 5 different + a second pottery + a second weaving = 25 + 4 (not 25 + 2)."""
    cards = [1, 11, 2, 3, 4, 15, 16]  # pottery x2, writing, sundial, transport, weaving x2
    state = finished(p0={"wood": 1, "cards": cards})
    assert state.score_breakdown()[0]["green"] == 29
    assert state.scores()[0] == 3 + 29


def test_all_sixteen_green_cards_are_two_full_sets() -> None:
    """§5: two sets of the 8 symbols: 64 + 64."""
    greens = [1, 2, 3, 4, 11, 14, 15, 16, 19, 23, 27, 28, 29, 31, 32, 36]
    state = finished(p0={"wood": 1, "cards": greens, "score": 6})  # 6 = cards 27 and 28
    parts = state.score_breakdown()[0]
    assert parts["green"] == 128 and parts["card_points"] == 6
    assert parts["total"] == 6 + 3 + 128


def test_sand_cards_multiply_by_agriculture_tools_buildings_and_figures() -> None:
    """§5: farmers x agriculture, tool makers x tile value (one-use tools excluded, §6),
    hut builders x buildings, shamans x figures."""
    cards = [17, 9, 7, 35, 13, 6, 22, 21]  # farmers 3, tool makers 4, hut builders 3, shamans 3
    state = finished(p0={
        "wood": 1, "cards": cards, "agriculture": 3, "tools_ready": [3, 2], "one_use_tools": [2],
        "figures": 6, "unplaced": 6, "food": 10,
    })
    parts = state.score_breakdown()[0]
    assert parts["farmers"] == 3 * 3
    assert parts["tool_makers"] == 4 * 5  # the one-use value-2 tool is not a permanent tool
    assert parts["hut_builders"] == 3 * 1
    assert parts["shamans"] == 3 * 6
    assert parts["total"] == 3 + 9 + 20 + 3 + 18
    assert state.tie_breaks()[0] == 3 + 5 + 6


@pytest.mark.parametrize(
    ("p0", "p1", "sums"),
    [
        # agriculture-first comparison would pick p0 (6 > 0); the sum picks p1 (17 > 11)
        ({"agriculture": 6}, {"tools_ready": [4, 4, 4]}, [11, 17]),
        # figures-first comparison would pick p0 (8 > 5); the sum picks p1 (9 > 8)
        ({"figures": 8, "unplaced": 8, "food": 30}, {"agriculture": 2, "tools_ready": [1, 1]}, [8, 9]),
    ],
)
def test_a_tie_is_broken_by_the_sum_of_agriculture_tools_and_figures(
    p0: dict[str, Any], p1: dict[str, Any], sums: list[int]
) -> None:
    """§5/§6: tie on points -> highest agriculture + tool value + figures (a sum, not lexicographic)."""
    state = finished(p0={"wood": 1, **p0}, p1={"score": 3, **p1})
    assert state.scores() == [3, 3]
    assert state.tie_breaks() == sums
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0]


def test_a_full_tie_is_a_shared_win() -> None:
    """§5: same points and same tie-break sum: both win, the return is shared."""
    state = finished(
        p0={"wood": 1, "agriculture": 2, "tools_ready": [1]},
        p1={"score": 3, "figures": 6, "unplaced": 6, "tools_ready": [1, 1]},
    )
    assert state.scores() == [3, 3] and state.tie_breaks() == [8, 8]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_a_shared_win_among_three_players_leaves_the_third_with_nothing() -> None:
    """§5: a shared win splits 1 among the tied winners only."""
    state = finished(3, p0={"wood": 1}, p1={"score": 3}, p2={"score": 2, "agriculture": 10})
    assert state.scores() == [3, 3, 2]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_the_higher_score_wins_whatever_the_tie_break() -> None:
    """§5: the tie-break applies only to equal scores."""
    state = finished(p0={"wood": 1}, p1={"score": 2, "agriculture": 10, "tools_ready": [4, 4, 4]})
    assert state.scores() == [3, 2]
    assert state.tie_breaks()[1] > state.tie_breaks()[0]
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]


def test_final_totals_add_the_end_scoring_to_the_track() -> None:
    """§5: final score = track (buildings, card points, penalties) + cards + resources."""
    # track given as 10 = 20 building points - 10 for one feeding penalty
    state = finished(p0={"wood": 4, "cards": [30, 3], "agriculture": 2, "score": 10, "penalties": 1})
    parts = state.score_breakdown()[0]
    # track 10 + 3 (building bought now); card 30: 1 farmer x 2; card 3: one green symbol = 1; 3 wood left
    assert parts["farmers"] == 2 and parts["green"] == 1 and parts["resources"] == 3
    assert parts["penalties"] == -10 and parts["buildings"] == 23
    assert parts["total"] == 13 + 2 + 1 + 3 == state.scores()[0]
