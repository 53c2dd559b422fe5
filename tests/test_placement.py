"""Board locations and placement rules (stone-age.md §2, §5 "Actions phase", §6 regressions).

Every test forces the chance outcomes it depends on (dice sums, display cards, building tiles).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stoneage import CHANCE, IllegalActionError
from stoneage.core.errors import NotationError
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, legal, new_game, play, player

RESOURCE_AREAS = ("forest", "claypit", "quarry", "river")
VILLAGE = ("toolmaker", "hut", "field")
VILLAGE_PLACE = {"toolmaker": "place toolmaker 1", "hut": "place hut 2", "field": "place field 1"}


def play_until(state: StoneAgeState, done: Callable[[StoneAgeState], bool]) -> StoneAgeState:
    """Apply the first legal action until ``done`` (lowest dice sums, 'tools none', lowest location)."""
    for _ in range(2000):
        if done(state):
            return state
        state.apply_action(state.legal_actions()[0])
    raise AssertionError("play_until did not reach its goal")


def placements_on(state: StoneAgeState, location: str) -> list[str]:
    """The legal placements on one location (counts included)."""
    return [a for a in legal(state) if a.split()[:2] == ["place", location]]


def counts_on(state: StoneAgeState, location: str) -> list[int]:
    return [int(a.split()[2]) for a in placements_on(state, location)]


def board(state: StoneAgeState, location: str) -> list[int]:
    figures: list[int] = state.to_json()["board"][location]
    return figures


# --- gathering: the divisors ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("location", "goods", "divisor"),
    [("hunt", "food", 2), ("forest", "wood", 3), ("claypit", "clay", 4), ("quarry", "stone", 5),
     ("river", "gold", 6)],
)
def test_gathering_divides_the_dice_sum_by_the_location_number_rounding_down(
    location: str, goods: str, divisor: int
) -> None:
    """§2: hunt ÷2 food, forest ÷3 wood, clay pit ÷4 clay, quarry ÷5 stone, river ÷6 gold."""
    state = new_game(players=2)
    play(state, f"place {location} 5", "place hunt 5")
    assert state.current_player() == CHANCE  # p0's only location resolves itself: one roll
    before = player(state, 0)[goods]
    play(state, "roll 23")  # 23 is divisible by none of 2..6: the remainder is discarded
    assert player(state, 0)[goods] == before + 23 // divisor


@pytest.mark.parametrize(("roll", "clay", "stone"), [(20, 5, 4), (19, 4, 3), (15, 3, 3), (24, 6, 4)])
def test_clay_pit_divides_by_four_and_quarry_by_five_not_swapped(roll: int, clay: int, stone: int) -> None:
    """§6 regression: the clay (4) and stone (5) divisors must not be swapped."""
    state = new_game(players=2)
    play(state, "place claypit 5", "place quarry 5", f"roll {roll}", f"roll {roll}")
    assert player(state, 0)["clay"] == clay
    assert player(state, 1)["stone"] == stone


def test_all_figures_in_one_area_make_one_roll_over_the_dice_sum() -> None:
    """§5: all of a player's figures in one gathering area make one roll (3 dice: sums 3..18)."""
    state = new_game(players=2)
    play(state, "place forest 3", "place hunt 5", "place hunt 2", "resolve forest")
    outcomes = dict(state.chance_outcomes())
    sums = sorted(int(state.action_to_string(a).split()[1]) for a in outcomes)
    assert sums == list(range(3, 19))
    assert outcomes[state.string_to_action("roll 3")] == pytest.approx(1 / 216)
    assert outcomes[state.string_to_action("roll 10")] == pytest.approx(27 / 216)
    with pytest.raises(IllegalActionError):
        play(state, "roll 2")  # impossible with 3 dice
    play(state, "roll 18")
    assert player(state, 0)["wood"] == 6
    assert state.current_player() == CHANCE  # the hunt (p0's last location) now rolls 2 dice
    assert len(state.chance_outcomes()) == 11


def test_tools_are_added_after_the_roll_is_seen_whole_and_any_number_on_one_roll() -> None:
    """§5: tiles are added after the dice are seen, each whole; any number may go on one roll."""
    state = edit(new_game(players=2), 0, tools_ready=[3, 2, 1])
    play(state, "place forest 5", "place hunt 5", "roll 7")
    assert state.current_player() == 0  # the roll is known; now p0 decides on tools
    assert sorted(legal(state)) == sorted(
        ["tools none", "tools 1", "tools 2", "tools 3", "tools 2+1", "tools 3+1", "tools 3+2", "tools 3+2+1"]
    )
    play(state, "tools 3+2+1")  # 7 + 6 = 13 -> 4 wood
    assert player(state, 0)["wood"] == 4
    assert player(state, 0)["tools_used"] == [3, 2, 1]
    assert player(state, 0)["tools_ready"] == []


def test_without_tools_there_is_no_tools_decision() -> None:
    """Engine decision: the tools step exists only when a ready tile or one-use tool exists."""
    state = new_game(players=2)
    play(state, "place forest 5", "place hunt 5", "roll 8")
    assert player(state, 0)["wood"] == 2
    assert state.current_player() == CHANCE  # p1's hunt roll follows at once


# --- capacities -------------------------------------------------------------------------------


def test_hunting_grounds_hold_any_number_of_figures_of_any_number_of_players() -> None:
    """§2: the hunting grounds are unlimited (here 40 figures of 4 players)."""
    state = new_game(players=4)
    for seat in range(4):
        state = edit(state, seat, figures=10, unplaced=10)
    for _ in range(3):
        assert "place hunt 10" in legal(state)
        play(state, "place hunt 10")
    assert board(state, "hunt") == [10, 10, 10, 0]
    assert "place hunt 10" in legal(state)
    play(state, "place hunt 10")  # 40 figures: placement is over and p0 rolls 10 dice
    assert len(state.chance_outcomes()) == 51
    assert board(state, "hunt") == [0, 10, 10, 10]  # p0's figures came back with the roll


@pytest.mark.parametrize("area", RESOURCE_AREAS)
def test_each_resource_area_holds_seven_figures_in_total(area: str) -> None:
    """§2: forest, clay pit, quarry and river hold 7 figures in total (4 players: any mix)."""
    state = new_game(players=4)
    for seat in range(4):
        state = edit(state, seat, figures=10, unplaced=10)
    assert counts_on(state, area) == [1, 2, 3, 4, 5, 6, 7]  # never 8 even with 10 at home
    play(state, f"place {area} 5")
    assert counts_on(state, area) == [1, 2]
    with pytest.raises(IllegalActionError):
        play(state, f"place {area} 3")
    play(state, f"place {area} 2")
    assert placements_on(state, area) == []  # full for p2
    play(state, "place hunt 1")
    assert placements_on(state, area) == []  # and for p3


@pytest.mark.parametrize("space", ["toolmaker", "field"])
def test_tool_maker_and_field_hold_one_figure(space: str) -> None:
    """§2: the tool maker and the field take exactly 1 figure."""
    state = new_game(players=4)
    assert placements_on(state, space) == [f"place {space} 1"]
    with pytest.raises(IllegalActionError):
        play(state, f"place {space} 2")
    play(state, f"place {space} 1")
    assert placements_on(state, space) == []


def test_hut_takes_exactly_two_figures_of_one_player_placed_together() -> None:
    """§2: the hut takes exactly 2 figures of one player, placed together."""
    state = new_game(players=4)
    assert placements_on(state, "hut") == ["place hut 2"]
    for count in (1, 3):
        with pytest.raises(IllegalActionError):
            play(state, f"place hut {count}")
    play(state, "place hut 2")
    assert board(state, "hut") == [2, 0, 0, 0]
    assert placements_on(state, "hut") == []  # p1 cannot add figures to it


def test_hut_needs_two_figures_at_home() -> None:
    """§2: a player with only 1 figure left cannot use the hut."""
    state = new_game(players=4)
    play(state, "place forest 4", "place hunt 5", "place hunt 5", "place hunt 5")
    assert player(state, 0)["unplaced"] == 1
    assert placements_on(state, "hut") == []
    assert "place toolmaker 1" in legal(state)


@pytest.mark.parametrize("slot", ["card1", "card2", "card3", "card4", "building1", "building4"])
def test_each_card_and_building_space_holds_one_figure(slot: str) -> None:
    """§2: each display card and each stack top takes 1 figure."""
    state = new_game(players=4)
    assert placements_on(state, slot) == [f"place {slot} 1"]
    play(state, f"place {slot} 1")
    assert placements_on(state, slot) == []


def test_a_player_never_places_twice_on_a_location_in_a_round_hunting_grounds_included() -> None:
    """§2: no second placement on a location the player already uses, not even the hunt."""
    state = new_game(players=2)
    play(state, "place hunt 2", "place claypit 1")
    assert placements_on(state, "hunt") == []
    play(state, "place forest 1")
    assert placements_on(state, "hunt") != []  # p1 may still hunt
    play(state, "place hunt 1")
    assert placements_on(state, "hunt") == [] and placements_on(state, "forest") == []
    with pytest.raises(IllegalActionError):
        play(state, "place hunt 1")


def test_an_illegal_placement_changes_nothing() -> None:
    """Contract: an illegal action raises IllegalActionError and leaves the state as it was."""
    state = new_game(players=2)
    play(state, "place toolmaker 1")
    before = state.to_json()
    for text in ("place toolmaker 1", "place hut 1", "place forest 6", "resolve forest", "roll 6"):
        with pytest.raises(IllegalActionError):
            play(state, text)
    assert state.to_json() == before


def test_a_player_with_a_legal_placement_may_not_pass() -> None:
    """§6 regression: there is no pass while a figure can still be placed."""
    state = new_game(players=2)
    with pytest.raises(NotationError):
        state.string_to_action("pass")
    play(state, "place hunt 4", "place hunt 5")
    # p0 has 1 figure left: every legal action is a placement of it
    assert player(state, 0)["unplaced"] == 1
    assert legal(state) and all(a.startswith("place ") and a.endswith(" 1") for a in legal(state))
    play(state, "place card4 1")
    assert player(state, 0)["unplaced"] == 0 and state.to_json()["phase"] == "actions"


def test_a_player_who_cannot_place_is_skipped_and_the_figures_at_home_still_eat() -> None:
    """§2: remaining figures that fit nowhere stay home (others go on placing); they still eat."""
    state = new_game(players=4)
    state = edit(state, 0, figures=10, unplaced=10, food=10)
    state = edit(state, 3, figures=6, unplaced=6)
    play(
        state,
        "place hunt 1", "place toolmaker 1", "place hut 2", "place field 1",
        "place forest 1", "place card1 1", "place card2 1", "place card3 1",
        "place claypit 1", "place card4 1", "place building1 1", "place building2 1",
        "place quarry 1", "place building3 1", "place building4 1", "place hunt 1",
        "place river 1", "place hunt 1", "place forest 1",
    )  # p2 has no figure left and was skipped
    assert player(state, 0)["unplaced"] == 5
    assert state.current_player() == 3  # p0 has nowhere to go: skipped, p3 places again
    play(state, "place claypit 1")
    assert state.to_json()["phase"] == "actions"  # nobody can place any more
    assert player(state, 0)["unplaced"] == 5
    play_until(state, lambda s: s.to_json()["round"] == 2)
    p0 = player(state, 0)
    assert p0["figures"] == 10 and p0["penalties"] == 0
    assert p0["food"] == 0  # 10 food paid for 10 figures, 5 of which never left home


# --- player counts ------------------------------------------------------------------------------


@pytest.mark.parametrize("area", RESOURCE_AREAS)
def test_two_players_each_resource_area_holds_figures_of_one_player_only(area: str) -> None:
    """§2, 2 players: each of forest, clay pit, quarry, river may hold only 1 player's figures."""
    state = new_game(players=2)
    play(state, f"place {area} 1")
    assert placements_on(state, area) == []  # 6 spaces are free but p1 may not join
    play(state, "place hunt 1")
    assert placements_on(state, area) == []  # p0 already has figures there


@pytest.mark.parametrize("area", RESOURCE_AREAS)
def test_three_players_each_resource_area_holds_figures_of_at_most_two_players(area: str) -> None:
    """§2, 3 players: each resource area may hold figures of at most 2 players (still 7 in all)."""
    state = new_game(players=3)
    play(state, f"place {area} 2")
    assert counts_on(state, area) == [1, 2, 3, 4, 5]
    play(state, f"place {area} 4")
    assert placements_on(state, area) == []  # 1 space free, but a third player may not join
    assert board(state, area) == [2, 4, 0]


def test_three_players_capacity_seven_still_applies_to_two_players() -> None:
    """§2: with 3 players the 7-figure capacity still binds the two players in an area."""
    state = new_game(players=3)
    state = edit(state, 1, figures=10, unplaced=10)
    play(state, "place forest 2")
    assert counts_on(state, "forest") == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize(("first", "second"), [("toolmaker", "hut"), ("toolmaker", "field"), ("hut", "field")])
def test_with_two_or_three_players_only_two_village_spaces_and_play_decides_which(
    players: int, first: str, second: str
) -> None:
    """§2/§6: only 2 of tool maker / hut / field per round; the empty one is decided by play."""
    state = new_game(players=players)
    for space in VILLAGE:  # before anything is placed, all three are open
        assert placements_on(state, space) != []
    play(state, VILLAGE_PLACE[first])
    closed = next(v for v in VILLAGE if v not in (first, second))
    assert placements_on(state, second) != [] and placements_on(state, closed) != []
    play(state, VILLAGE_PLACE[second])
    assert placements_on(state, closed) == []
    while state.to_json()["phase"] == "placement":  # and it stays closed all round
        assert placements_on(state, closed) == []
        play(state, legal(state)[0])
    assert board(state, closed) == [0] * players


def test_one_player_may_take_both_open_village_spaces_closing_the_third() -> None:
    """§2: the 2-of-3 village limit counts occupied spaces, whoever occupies them."""
    state = new_game(players=2)
    play(state, "place toolmaker 1", "place hunt 5")
    assert placements_on(state, "field") != [] and placements_on(state, "hut") == ["place hut 2"]
    play(state, "place field 1")
    assert placements_on(state, "hut") == []


def test_four_players_have_neither_the_village_nor_the_area_limit() -> None:
    """§2: with 4 players all three village spaces and all areas are open to everyone."""
    state = new_game(players=4)
    play(state, "place toolmaker 1", "place hut 2", "place field 1")
    assert board(state, "toolmaker") == [1, 0, 0, 0]
    assert board(state, "hut") == [0, 2, 0, 0]
    assert board(state, "field") == [0, 0, 1, 0]
    play(state, "place forest 1", "place forest 1", "place forest 1", "place forest 1")
    assert board(state, "forest") == [1, 1, 1, 1]


# --- village actions ------------------------------------------------------------------------------


def test_hut_gives_one_figure_which_eats_this_round_and_places_next_round() -> None:
    """§2/§5: the hut adds a figure from the supply; it is fed this round and placed next round."""
    state = new_game(players=2)
    play(state, "place hut 2", "place hunt 5", "place hunt 3")
    play(state, "resolve hut")
    assert player(state, 0)["figures"] == 6
    play(state, "roll 3", "roll 5")  # p0 hunt 3 dice -> 1 food; p1 hunt 5 dice -> 2 food
    p0 = player(state, 0)
    assert p0["food"] == 12 + 1 - 6
    assert p0["unplaced"] == 6 and state.to_json()["round"] == 2


def test_hut_at_ten_figures_may_be_occupied_and_gives_nothing() -> None:
    """§2 decision: the hut with 10 figures can still be taken (blocking); it adds nothing."""
    state = edit(new_game(players=2), 0, figures=10, unplaced=10, food=20)
    assert "place hut 2" in legal(state)
    play(state, "place hut 2", "place hunt 5", "place hunt 8", "resolve hut")
    assert player(state, 0)["figures"] == 10


def test_field_raises_agriculture_by_one() -> None:
    """§2: the field moves the agriculture marker up 1."""
    state = edit(new_game(players=2), 0, agriculture=3)
    play(state, "place field 1", "place hunt 5", "place hunt 4", "resolve field")
    assert player(state, 0)["agriculture"] == 4


def test_field_at_agriculture_ten_may_be_occupied_and_gives_nothing() -> None:
    """§2 decision: the field at agriculture 10 can still be taken; the track stays at 10."""
    state = edit(new_game(players=2), 0, agriculture=10)
    assert "place field 1" in legal(state)
    play(state, "place field 1", "place hunt 5", "place hunt 4", "resolve field")
    assert player(state, 0)["agriculture"] == 10


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ([], [1]),
        ([1], [1, 1]),
        ([1, 1], [1, 1, 1]),
        ([1, 1, 1], [2, 1, 1]),
        ([2, 1, 1], [2, 2, 1]),
        ([2, 2, 1], [2, 2, 2]),
        ([2, 2, 2], [3, 2, 2]),
        ([3, 2, 2], [3, 3, 2]),
        ([3, 3, 2], [3, 3, 3]),
        ([3, 3, 3], [4, 3, 3]),
        ([4, 3, 3], [4, 4, 3]),
        ([4, 4, 3], [4, 4, 4]),
        ([4, 4, 4], [4, 4, 4]),
        ([4, 1], [4, 1, 1]),
        ([4, 4, 1], [4, 4, 2]),
    ],
)
def test_tool_maker_gives_a_new_tile_below_three_else_raises_the_lowest(
    before: list[int], after: list[int]
) -> None:
    """§5: fewer than 3 tiles -> a new tile of 1; else the lowest tile goes up 1; 4,4,4 gets nothing."""
    state = edit(new_game(players=2), 0, tools_ready=before)
    assert "place toolmaker 1" in legal(state)  # even at 4,4,4 (blocking is legal)
    play(state, "place toolmaker 1", "place hunt 5", "place hunt 4", "resolve toolmaker")
    assert player(state, 0)["tools_ready"] == after


def test_tool_maker_over_four_rounds_builds_1_then_1_1_then_1_1_1_then_2_1_1() -> None:
    """§5: the tool maker progression carried over successive rounds."""
    state = new_game(players=2)
    seen = []
    for round_number in range(1, 5):
        if state.current_player() == 0:  # the first player alternates
            play(state, "place toolmaker 1", "place hunt 5", "place hunt 4")
        else:
            play(state, "place hunt 5", "place toolmaker 1", "place hunt 4")
        play_until(state, lambda s, r=round_number: s.to_json()["round"] > r)
        assert state.to_json()["phase"] == "placement"
        seen.append(player(state, 0)["tools_ready"])
    assert seen == [[1], [1, 1], [1, 1, 1], [2, 1, 1]]


def test_tool_maker_raises_a_lowest_tile_even_when_it_was_used_this_round() -> None:
    """§5: the step raises the lowest tile; a tile already used this round counts too."""
    state = edit(new_game(players=2), 0, tools_ready=[2, 2, 1])
    play(state, "place forest 4", "place hunt 5", "place toolmaker 1")
    play(state, "resolve forest", "roll 8", "tools 1")  # 9 -> 3 wood; tile 1 is spent
    # the tool maker then resolved itself (p0's last location): the spent 1 was the lowest tile
    p0 = player(state, 0)
    assert p0["wood"] == 3
    assert p0["tools_ready"] == [2, 2] and p0["tools_used"] == [2]


# --- resolution order, unlimited supply ---------------------------------------------------------


def test_the_player_chooses_the_resolution_order() -> None:
    """§5/§6: a player resolves their own locations in any order (not a fixed order)."""
    base = new_game(players=2)
    play(base, "place hunt 4", "place hunt 5", "place toolmaker 1")
    assert legal(base) == ["resolve hunt", "resolve toolmaker"]

    first_tools = base.clone()
    play(first_tools, "resolve toolmaker")  # the new tile is ready for the hunt roll
    assert player(first_tools, 0)["tools_ready"] == [1]
    play(first_tools, "roll 5")
    assert legal(first_tools) == ["tools none", "tools 1"]
    play(first_tools, "tools 1")
    assert player(first_tools, 0)["food"] == 12 + 3

    first_hunt = base.clone()
    play(first_hunt, "resolve hunt", "roll 5")  # no tile yet: no tools decision
    assert player(first_hunt, 0)["food"] == 12 + 2
    assert player(first_hunt, 0)["tools_ready"] == [1]  # the tool maker resolved itself last


def test_the_last_unresolved_location_resolves_itself() -> None:
    """Engine decision: a RESOLVE decision exists only with 2 or more unresolved locations."""
    state = new_game(players=2)
    play(state, "place forest 2", "place hunt 5", "place claypit 2", "place quarry 1")
    assert legal(state) == ["resolve forest", "resolve claypit", "resolve quarry"]
    play(state, "resolve claypit", "roll 8")
    assert legal(state) == ["resolve forest", "resolve quarry"]
    play(state, "resolve quarry", "roll 5")
    assert state.current_player() == CHANCE  # forest rolls without a decision
    play(state, "roll 12")
    p0 = player(state, 0)
    assert (p0["wood"], p0["clay"], p0["stone"]) == (4, 2, 1)


def test_resources_are_unlimited() -> None:
    """§6 regression: resources are not limited to the pieces in the box (30 wood + more)."""
    state = edit(new_game(players=2), 0, wood=30, gold=25, figures=10, unplaced=10, food=20)
    play(state, "place forest 7", "place hunt 5", "place hunt 3", "resolve forest", "roll 42")
    assert player(state, 0)["wood"] == 44
    assert player(state, 0)["gold"] == 25


def test_of_two_equal_lowest_tiles_the_tool_maker_raises_the_ready_one() -> None:
    """Engine decision (docs/rules.md): with a used and a ready lowest tile, the ready one is raised."""
    state = edit(new_game(players=2), 0, tools_ready=[3, 1, 1])
    play(state, "place forest 4", "place hunt 5", "place toolmaker 1")
    play(state, "resolve forest", "roll 8", "tools 1")  # one of the two 1s is spent
    p0 = player(state, 0)
    assert p0["tools_ready"] == [3, 2] and p0["tools_used"] == [1]
