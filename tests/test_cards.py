"""The 36 civilization cards: every top (immediate) effect and every bottom (final scoring).

Expected values are written out from the rules (the card table of docs/notation.md, "Card numbers";
tool steps and final scoring as docs/rules.md reads them), not read from the engine's data tables.
Dice, dealt cards and drawn cards are always forced through chance outcomes.

Common pattern: a 2-player game; seat 0 places 1 figure on a display card and 4 on the hunting
grounds, seat 1 places 5 on the hunting grounds; seat 0 resolves the card first.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import pytest

from stoneage import CHANCE, TERMINAL
from stoneage.core.errors import IllegalActionError
from stoneage.games.stone_age.data import BUILDING_KINDS, TILE_KIND
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, legal, new_game, play, player

# --- the spec's card table (stone-age.md §3), written out independently of data.py -------------

GREEN = {
    1: "pottery", 2: "writing", 3: "sundial", 4: "transport", 11: "pottery", 14: "medicine",
    15: "weaving", 16: "weaving", 19: "transport", 23: "art", 27: "music", 28: "music", 29: "art",
    31: "sundial", 32: "writing", 36: "medicine",
}
# Sand cards: card -> (kind, number of figures shown). Kinds are score_breakdown keys.
SAND = {
    5: ("hut_builders", 1), 6: ("hut_builders", 2), 7: ("tool_makers", 2), 8: ("tool_makers", 2),
    9: ("farmers", 1), 10: ("farmers", 2), 12: ("hut_builders", 2), 13: ("hut_builders", 1),
    17: ("farmers", 2), 18: ("farmers", 1), 20: ("shamans", 1), 21: ("shamans", 1),
    22: ("shamans", 2), 24: ("shamans", 2), 25: ("shamans", 1), 26: ("hut_builders", 3),
    30: ("farmers", 1), 33: ("tool_makers", 1), 34: ("tool_makers", 1), 35: ("tool_makers", 2),
}
DICE_FOR_ALL = tuple(range(1, 11))
FOOD_CARDS = {11: 7, 12: 2, 13: 4, 14: 5, 15: 3, 16: 1, 17: 3}
RESOURCE_CARDS = {18: ("stone", 1), 19: ("stone", 2), 20: ("stone", 1), 21: ("gold", 1), 22: ("clay", 1)}
ROLL_CARDS = {23: ("gold", 6), 24: ("wood", 3), 25: ("stone", 5)}
POINT_CARDS = (26, 27, 28)
TOOL_CARD = 29
AGRICULTURE_CARDS = (30, 31)
EXTRA_CARD = 32
ONE_USE_CARDS = {33: 4, 34: 3, 35: 2}
TWO_RESOURCES_CARD = 36
RESOURCES = ("wood", "clay", "stone", "gold")
SAND_KEYS = ("farmers", "tool_makers", "hut_builders", "shamans")

COUNTED = ("food", "wood", "clay", "stone", "gold", "agriculture", "score", "figures", "two_resources")
LISTED = ("tools_ready", "tools_used", "one_use_tools", "secret_cards")
FILLERS = (16, 13, 12, 15, 14, 17, 11, 22)


def test_spec_table_is_complete() -> None:
    """§3 check sums: 36 cards, 16 green (8 symbols x 2), 20 sand; figures 7/8/9/7 on 5 cards each."""
    assert sorted([*GREEN, *SAND]) == list(range(1, 37))
    assert len(GREEN) == 16 and len(SAND) == 20
    assert all(list(GREEN.values()).count(symbol) == 2 for symbol in set(GREEN.values()))
    assert len(set(GREEN.values())) == 8
    for kind, figures in (("farmers", 7), ("tool_makers", 8), ("hut_builders", 9), ("shamans", 7)):
        assert len([c for c, (k, _) in SAND.items() if k == kind]) == 5
        assert sum(n for k, n in SAND.values() if k == kind) == figures


# --- helpers ------------------------------------------------------------------------------------


def display_with(card_id: int, slot: int, avoid: tuple[int, ...] = ()) -> tuple[int, int, int, int]:
    """A display with ``card_id`` in slot ``slot`` (cost = slot) and filler cards elsewhere."""
    fillers = [c for c in FILLERS if c != card_id and c not in avoid]
    out = [fillers[i] for i in range(4)]
    out[slot - 1] = card_id
    return (out[0], out[1], out[2], out[3])


def at_purchase(card_id: int, slot: int = 1, **holdings: Any) -> StoneAgeState:
    """2 players; seat 0 at the buy decision of ``card_id`` in ``slot`` (4 figures still on the hunt).

    ``holdings`` are seat 0's (see helpers.edit); seat 0 gets ``slot`` wood unless given otherwise.
    """
    avoid = tuple(holdings.get("cards", ())) + tuple(holdings.get("secret_cards", ()))
    state = new_game(players=2, display=display_with(card_id, slot, avoid), stacks=("wwc", "wcs"))
    holdings.setdefault("wood", slot)
    state = edit(state, 0, **holdings)
    play(state, f"place card{slot} 1", "place hunt 5", "place hunt 4")
    assert legal(state) == ["resolve hunt", f"resolve card{slot}"]
    play(state, f"resolve card{slot}")
    return state


def counts(state: StoneAgeState, seat: int = 0) -> dict[str, Any]:
    p = player(state, seat)
    return {k: p[k] for k in (*COUNTED, *LISTED)}


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed between two ``counts``: differences for numbers, new values for lists."""
    out: dict[str, Any] = {}
    for key in COUNTED:
        if after[key] != before[key]:
            out[key] = after[key] - before[key]
    for key in LISTED:
        if after[key] != before[key]:
            out[key] = after[key]
    return out


def outcome_names(state: StoneAgeState) -> list[str]:
    return [state.action_to_string(a) for a, _ in state.chance_outcomes()]


def with_buildings(state: StoneAgeState, seat: int, n: int) -> StoneAgeState:
    """A copy where ``seat`` owns ``n`` building tiles taken from the unseen ones."""
    data = state.to_json()
    tiles = data["unseen_tiles"][:n]
    data["unseen_tiles"] = data["unseen_tiles"][n:]
    data["players"][seat]["buildings"] = [{"tile": t, "kind": BUILDING_KINDS[TILE_KIND[t]].name} for t in tiles]
    return state.game.state_from_json(data)  # type: ignore[return-value]


def bottom_only(card_ids: list[int], **holdings: Any) -> dict[str, int]:
    """Seat 0's score breakdown mid-game when holding exactly these cards (and ``holdings``)."""
    a, b, c, d = [card for card in range(1, 37) if card not in card_ids][:4]
    state = new_game(players=2, display=(a, b, c, d), stacks=("wwc", "wcs"))
    buildings = holdings.pop("buildings", 0)
    state = edit(state, 0, cards=card_ids, **holdings)
    state = with_buildings(state, 0, buildings)
    return state.score_breakdown()[0]


# --- paying for a card (rulebook "Acquiring Civilization cards"; §4 food is never a resource) ----


@pytest.mark.parametrize("slot", [1, 2, 3, 4])
def test_card_costs_its_slot_position_in_any_resources(slot: int) -> None:
    """A card in display slot N costs exactly N resources of any kinds (never food)."""
    state = at_purchase(27, slot, wood=4, clay=4, stone=4, gold=4, food=20)
    options = legal(state)
    assert options[-1] == "decline"
    pays = options[:-1]
    expected = sorted(" ".join(["pay", *mix]) for mix in combinations_with_replacement(RESOURCES, slot))
    assert sorted(pays) == expected
    assert all(len(p.split()) == slot + 1 for p in pays)
    assert not any("food" in p for p in options)


@pytest.mark.parametrize("slot", [2, 3, 4])
def test_too_few_resources_cannot_buy_and_card_stays(slot: int) -> None:
    """Paying fewer resources than the slot cost is impossible; the card is declined automatically."""
    state = at_purchase(27, slot, wood=slot - 1)
    assert state.current_player() == CHANCE  # straight on to the hunt roll: nothing to decide
    assert player(state, 0)["cards"] == []
    assert player(state, 0)["wood"] == slot - 1
    assert state.to_json()["display"][slot - 1] == 27


def test_food_cannot_pay_for_a_card() -> None:
    """§4: food is never a resource; a player with food but no resources cannot buy."""
    state = new_game(players=2, display=(27, 16, 13, 12), stacks=("wwc", "wcs"))
    state = edit(state, 0, food=30)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1")
    assert state.current_player() == CHANCE  # bought nothing, no decision
    assert player(state, 0)["cards"] == [] and player(state, 0)["food"] == 30
    assert state.to_json()["display"][0] == 27
    with pytest.raises(IllegalActionError):
        state.apply_action(state.string_to_action("pay wood"))


def test_decline_leaves_the_card_in_place() -> None:
    """A player who will not pay takes the figure back; the card and the resources stay."""
    state = at_purchase(11, 1, wood=1)
    assert state.to_json()["display"] == list(display_with(11, 1))
    assert legal(state) == ["pay wood", "decline"]
    play(state, "decline")
    assert player(state, 0)["cards"] == [] and player(state, 0)["wood"] == 1
    assert player(state, 0)["food"] == 12  # no top effect
    assert state.to_json()["display"] == list(display_with(11, 1))
    assert state.to_json()["board"]["card1"] == [0, 0]


# --- immediate tops: food, resources, points, tool, agriculture, one-use tools, two resources ----

SIMPLE_TOPS: dict[int, dict[str, Any]] = {
    **{c: {"food": n} for c, n in FOOD_CARDS.items()},
    **{c: {r: n} for c, (r, n) in RESOURCE_CARDS.items()},
    **{c: {"score": 3} for c in POINT_CARDS},
    TOOL_CARD: {"tools_ready": [1]},
    **{c: {"agriculture": 1} for c in AGRICULTURE_CARDS},
    **{c: {"one_use_tools": [v]} for c, v in ONE_USE_CARDS.items()},
    TWO_RESOURCES_CARD: {"two_resources": 1},
}


@pytest.mark.parametrize("card_id", sorted(SIMPLE_TOPS))
def test_immediate_top_effect_exactly(card_id: int) -> None:
    """§3 table: the top's immediate effect, and nothing else besides the 1-wood payment."""
    state = at_purchase(card_id, 1, wood=1)
    before = counts(state)
    play(state, "pay wood")
    expected = dict(SIMPLE_TOPS[card_id])
    expected["wood"] = expected.get("wood", 0) - 1
    assert changes(before, counts(state)) == expected
    assert player(state, 0)["cards"] == [card_id]
    assert state.to_json()["display"][0] == 0
    # No chance node or decision besides seat 0's own hunt roll follows.
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 21  # sums 4..24 of the 4 hunting dice


@pytest.mark.parametrize("card_id", AGRICULTURE_CARDS)
def test_agriculture_card_is_capped_at_ten(card_id: int) -> None:
    """§1: agriculture track 0-10; +1 agriculture at 10 gives nothing."""
    state = at_purchase(card_id, 1, wood=1, agriculture=10)
    play(state, "pay wood")
    assert player(state, 0)["agriculture"] == 10
    assert player(state, 0)["cards"] == [card_id]


@pytest.mark.parametrize(
    ("ready", "after"),
    [
        ([], [1]),
        ([1], [1, 1]),
        ([1, 1], [1, 1, 1]),
        ([1, 1, 1], [2, 1, 1]),
        ([2, 1, 1], [2, 2, 1]),
        ([2, 2, 1], [2, 2, 2]),
        ([2, 2, 2], [3, 2, 2]),
        ([4, 4, 3], [4, 4, 4]),
        ([4, 4, 4], [4, 4, 4]),
    ],
)
def test_tool_card_is_one_tool_step(ready: list[int], after: list[int]) -> None:
    """Card 29: +1 tool, the same step as the tool maker (§5: new tile of 1, else raise the lowest)."""
    state = at_purchase(TOOL_CARD, 1, wood=1, tools_ready=ready)
    play(state, "pay wood")
    assert player(state, 0)["tools_ready"] == after
    # The same step at the tool maker, from the same tiles.
    other = new_game(players=2, display=(16, 13, 12, 15), stacks=("wwc", "wcs"))
    other = edit(other, 0, tools_ready=ready)
    play(other, "place toolmaker 1", "place hunt 5", "place hunt 4", "resolve toolmaker")
    assert player(other, 0)["tools_ready"] == after


# --- roll 2 dice for a resource (cards 23-25) --------------------------------------------------


@pytest.mark.parametrize("card_id", sorted(ROLL_CARDS))
@pytest.mark.parametrize("total", [2, 5, 6, 8, 10, 11, 12])
def test_two_dice_card_divides_the_roll(card_id: int, total: int) -> None:
    """Cards 23/24/25: roll 2 dice, divide by the resource's divisor (gold 6, wood 3, stone 5)."""
    resource, divisor = ROLL_CARDS[card_id]
    state = at_purchase(card_id, 1, wood=1)
    play(state, "pay wood")
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes_exact()
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"roll {s}" for s in range(2, 13)]
    assert [p for _, p in outcomes] == [Fraction(6 - abs(s - 7), 36) for s in range(2, 13)]
    before = counts(state)
    play(state, f"roll {total}")  # no tools: no decision
    assert changes(before, counts(state)) == ({resource: total // divisor} if total // divisor else {})
    assert state.current_player() == CHANCE  # the hunt roll (4 dice) follows
    assert len(state.chance_outcomes()) == 21


@pytest.mark.parametrize("card_id", sorted(ROLL_CARDS))
def test_two_dice_card_accepts_tools_and_one_use_tools(card_id: int) -> None:
    """§3/§6: tools and one-use tools may be added to the 2-dice roll; used tiles are not ready again."""
    resource, divisor = ROLL_CARDS[card_id]
    state = at_purchase(card_id, 1, wood=1, tools_ready=[2, 1], cards=[34], one_use_tools=[3])
    play(state, "pay wood", "roll 7")
    assert state.current_player() == 0
    options = legal(state)
    for choice in ("tools none", "tools 2", "tools 1", "tools 2+1", "tools one-use 3", "tools 2+1 one-use 3"):
        assert choice in options
    play(state, "tools 2 one-use 3")
    p = player(state, 0)
    assert p[resource] == (7 + 2 + 3) // divisor
    assert p["tools_ready"] == [1] and p["tools_used"] == [2]
    assert p["one_use_tools"] == []
    assert sorted(p["cards"]) == sorted([34, card_id])  # the spent one-use tool card is kept
    # The hunt roll: only the unused tile remains.
    play(state, "roll 9")
    assert legal(state) == ["tools none", "tools 1"]


# --- dice for all (cards 1-10) -------------------------------------------------------------------

REWARD = {1: {"wood": 1}, 2: {"clay": 1}, 3: {"stone": 1}, 4: {"gold": 1},
          5: {"tools_ready": [1]}, 6: {"agriculture": 1}}
# card -> (the two dice, the buyer's pick or None when both dice are equal)
DICE_CASES = {
    1: ((1, 2), 1), 2: ((2, 3), 3), 3: ((3, 4), 4), 4: ((4, 5), 5), 5: ((5, 6), 6),
    6: ((6, 1), 1), 7: ((1, 5), 5), 8: ((2, 6), 2), 9: ((3, 3), None), 10: ((6, 6), None),
}


@pytest.mark.parametrize("card_id", DICE_FOR_ALL)
def test_dice_for_all_buyer_picks_first_other_takes_the_rest(card_id: int) -> None:
    """Cards 1-10: one die per player; the buyer picks first; rewards 1 wood .. 4 gold, 5 tool, 6 agri."""
    (a, b), pick = DICE_CASES[card_id]
    state = at_purchase(card_id, 1, wood=1)
    play(state, "pay wood")
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes_exact()
    assert len(outcomes) == 21  # 2 players: 2 dice, 21 multisets
    assert sum(p for _, p in outcomes) == 1
    assert player(state, 0)["wood"] == 0  # paid
    before0, before1 = counts(state, 0), counts(state, 1)
    play(state, f"dice {a} {b}")
    if pick is None:  # equal faces: both picks are automatic
        mine, theirs = a, b
    else:
        assert state.current_player() == 0
        assert legal(state) == [f"pick {min(a, b)}", f"pick {max(a, b)}"]
        play(state, f"pick {pick}")
        mine, theirs = pick, (b if pick == a else a)
    assert changes(before0, counts(state, 0)) == REWARD[mine]
    assert changes(before1, counts(state, 1)) == REWARD[theirs]
    assert player(state, 0)["cards"] == [card_id]
    assert state.current_player() == CHANCE  # on to seat 0's hunt roll


def test_dice_for_all_goes_clockwise_and_includes_players_without_figures() -> None:
    """3 players, buyer seat 1: picks go 1, 2, 0; seat 0 has already resolved all its figures."""
    state = new_game(players=3, display=(5, 16, 13, 12), stacks=("wwc", "wcs", "ccg"))
    state = edit(state, 1, wood=1)
    play(state, "place hunt 5", "place card1 1", "place forest 5", "place hunt 4")
    play(state, "roll 10")  # seat 0's hunt resolves itself
    assert state.to_json()["board"]["hunt"] == [0, 4, 0]
    assert legal(state) == ["resolve hunt", "resolve card1"]
    play(state, "resolve card1", "pay wood")
    assert len(state.chance_outcomes()) == 56  # 3 dice: 56 multisets
    before = [counts(state, s) for s in range(3)]
    play(state, "dice 2 4 6")
    assert state.current_player() == 1
    play(state, "pick 4")
    assert state.current_player() == 2
    assert legal(state) == ["pick 2", "pick 6"]
    play(state, "pick 6")  # seat 0 takes the last die automatically
    assert changes(before[1], counts(state, 1)) == {"gold": 1}
    assert changes(before[2], counts(state, 2)) == {"agriculture": 1}
    assert changes(before[0], counts(state, 0)) == {"clay": 1}


def test_dice_for_all_four_players_tools_cannot_change_dice() -> None:
    """4 players, buyer seat 2 (with tools): only picks are legal; order 2, 3, 0, 1."""
    state = new_game(players=4, display=(8, 16, 13, 12))
    state = edit(state, 2, wood=1, tools_ready=[3, 3], cards=[33], one_use_tools=[4])
    play(state, "place hunt 5", "place forest 5", "place card1 1", "place claypit 5", "place quarry 4")
    play(state, "roll 10", "roll 10")  # seats 0 and 1 resolve on their own
    play(state, "resolve card1", "pay wood")
    assert len(state.chance_outcomes()) == 126  # 4 dice: 126 multisets
    before = [counts(state, s) for s in range(4)]
    play(state, "dice 1 3 5 6")
    assert state.current_player() == 2
    assert legal(state) == ["pick 1", "pick 3", "pick 5", "pick 6"]
    play(state, "pick 5")
    assert state.current_player() == 3 and legal(state) == ["pick 1", "pick 3", "pick 6"]
    play(state, "pick 6")
    assert state.current_player() == 0 and legal(state) == ["pick 1", "pick 3"]
    play(state, "pick 1")
    assert changes(before[2], counts(state, 2)) == {"tools_ready": [3, 3, 1]}
    assert changes(before[3], counts(state, 3)) == {"agriculture": 1}
    assert changes(before[0], counts(state, 0)) == {"wood": 1}
    assert changes(before[1], counts(state, 1)) == {"stone": 1}
    assert player(state, 2)["one_use_tools"] == [4]


def test_dice_for_all_tool_and_agriculture_respect_their_limits() -> None:
    """A 5 at 4,4,4 tools and a 6 at agriculture 10 give nothing."""
    state = at_purchase(3, 1, wood=1, tools_ready=[4, 4, 4], agriculture=10)
    state = edit(state, 1, tools_ready=[4, 4, 4], agriculture=10)
    play(state, "pay wood", "dice 5 6", "pick 5")
    for seat in (0, 1):
        assert player(state, seat)["tools_ready"] == [4, 4, 4]
        assert player(state, seat)["agriculture"] == 10


# --- one-use tools (cards 33-35) ----------------------------------------------------------------


@pytest.mark.parametrize("card_id", sorted(ONE_USE_CARDS))
def test_one_use_tool_is_kept_until_used_then_spent(card_id: int) -> None:
    """Kept face up across rounds until used; adds its value once to one gathering roll; then spent."""
    value = ONE_USE_CARDS[card_id]
    state = at_purchase(card_id, 1, wood=1)
    play(state, "pay wood", "roll 9")
    assert state.current_player() == 0
    assert legal(state) == ["tools none", f"tools one-use {value}"]
    play(state, "tools none", "roll 10")  # seat 1's hunt; feeding is automatic
    assert state.to_json()["round"] == 2
    assert player(state, 0)["one_use_tools"] == [value]  # not lost at the end of the round
    assert player(state, 0)["tools_ready"] == [] and player(state, 0)["tools_used"] == []
    # Round 2 (seat 1 first): seat 0 gathers wood and adds the one-use tool.
    play(state, "card 27", "place hunt 5", "place forest 5", "roll 10", "roll 10")
    assert state.current_player() == 0
    wood = player(state, 0)["wood"]
    play(state, f"tools one-use {value}")
    assert player(state, 0)["wood"] == wood + (10 + value) // 3
    assert player(state, 0)["one_use_tools"] == []
    assert player(state, 0)["cards"] == [card_id]  # the card stays for its bottom
    assert state.to_json()["round"] == 3  # feeding was automatic; the tool is not refreshed
    assert player(state, 0)["one_use_tools"] == []


def test_one_use_tools_combine_with_tiles_on_one_roll() -> None:
    """Any number of tiles and one-use tools may go on one roll (§5)."""
    state = at_purchase(16, 1, wood=1, tools_ready=[2], cards=[33, 35], one_use_tools=[2, 4])
    play(state, "pay wood", "roll 8")
    assert "tools 2 one-use 4+2" in legal(state)
    play(state, "tools 2 one-use 4+2")
    assert player(state, 0)["food"] == 12 + 1 + (8 + 2 + 4 + 2) // 2
    assert player(state, 0)["one_use_tools"] == []
    assert player(state, 0)["tools_used"] == [2]


def test_value_two_one_use_tool_is_not_a_permanent_tool() -> None:
    """§6 regression: card 35 (one-use 2) is not a permanent tool tile."""
    state = at_purchase(35, 1, wood=1)
    play(state, "pay wood")
    p = player(state, 0)
    assert p["tools_ready"] == [] and p["tools_used"] == [] and p["one_use_tools"] == [2]
    assert state.score_breakdown()[0]["tool_makers"] == 0  # 2 tool makers x 0 permanent tools
    play(state, "roll 4", "tools none", "roll 10")  # round ends, tools are refreshed
    assert player(state, 0)["tools_ready"] == []
    assert player(state, 0)["one_use_tools"] == [2]
    # A tool step still starts a new tile of 1 (it does not raise a "2" from the card).
    play(state, "card 27", "place hunt 5", "place toolmaker 1", "place hunt 4", "roll 10")
    play(state, "resolve toolmaker")
    assert player(state, 0)["tools_ready"] == [1]
    assert state.score_breakdown()[0]["tool_makers"] == 2 * 1


# --- two resources of your choice (card 36) -----------------------------------------------------

ALL_TAKES = sorted(" ".join(["take", *pair]) for pair in combinations_with_replacement(RESOURCES, 2))


def test_two_resources_taken_later_at_own_placement() -> None:
    """Card 36: kept; its owner may take any two resources at a later decision of their own."""
    state = at_purchase(TWO_RESOURCES_CARD, 1, wood=1)
    play(state, "pay wood")
    assert player(state, 0)["two_resources"] == 1
    assert sum(player(state, 0)[r] for r in RESOURCES) == 0  # nothing taken yet
    play(state, "roll 4", "roll 10")  # hunt rolls; feeding is automatic
    assert state.to_json()["round"] == 2
    play(state, "card 27")  # refill the display; seat 1 places first now
    assert state.current_player() == 1
    assert not any(a.startswith("take") for a in legal(state))  # only the owner may take
    play(state, "place hunt 5")
    takes = sorted(a for a in legal(state) if a.startswith("take"))
    assert takes == ALL_TAKES  # 10 choices: same or different kinds
    play(state, "take gold gold")
    assert player(state, 0)["gold"] == 2 and player(state, 0)["two_resources"] == 0
    assert state.current_player() == 0  # still seat 0's placement
    assert not any(a.startswith("take") for a in legal(state))
    assert player(state, 0)["cards"] == [TWO_RESOURCES_CARD]


def test_two_resources_can_pay_for_a_card() -> None:
    """Card 36 used while paying: the purchase is offered even with no resources at all."""
    state = new_game(players=2, display=(16, 27, 13, 12), stacks=("wwc", "wcs"))
    state = edit(state, 0, cards=[36], two_resources=1)
    play(state, "place card2 1", "place hunt 5", "place hunt 4", "resolve card2")
    assert state.current_player() == 0
    assert sorted(legal(state)) == sorted(["decline", *ALL_TAKES])
    play(state, "take clay stone")
    assert legal(state) == ["pay clay stone", "decline"]
    play(state, "pay clay stone")
    assert player(state, 0)["score"] == 3 and player(state, 0)["cards"] == [27, 36]
    assert sum(player(state, 0)[r] for r in RESOURCES) == 0


def test_two_resources_can_cover_a_feeding_shortfall() -> None:
    """Card 36 used at feeding: the two taken resources pay 2 missing food instead of -10 points."""
    state = new_game(players=2, display=(16, 27, 13, 12), stacks=("wwc", "wcs"))
    state = edit(state, 0, cards=[36], two_resources=1, food=1)
    play(state, "place hunt 5", "place forest 5", "roll 5")  # seat 0: 1 + 2 food, needs 5
    play(state, "roll 5")  # seat 1: 1 wood; feeding starts with seat 0
    assert state.current_player() == 0
    assert sorted(legal(state)) == sorted(["starve", *ALL_TAKES])
    play(state, "take wood clay")
    assert legal(state) == ["feed with wood clay", "starve"]
    play(state, "feed with wood clay")
    p = player(state, 0)
    assert p["score"] == 0 and p["penalties"] == 0 and p["food"] == 0
    assert sum(p[r] for r in RESOURCES) == 0


def test_two_resources_bought_in_the_last_round_are_taken_before_final_scoring() -> None:
    """Card 36 bought in the last round, its owner without a later decision: the engine asks for
    the two resources once the game has ended, before final scoring (docs/rules.md)."""
    state = new_game(players=2, display=(36, 27, 13, 12), stacks=("1-to-7", "wwc"))
    state = edit(state, 0, wood=2)
    data = state.to_json()
    data["stacks"][0]["left"] = 1  # the last tile of stack 1: the game ends after this round
    state = state.game.state_from_json(data)  # type: ignore[assignment]
    play(state, "place building1 1", "place hunt 5", "place card1 1", "place hunt 3")
    play(state, "resolve card1", "pay wood", "resolve building1", "pay wood")
    assert player(state, 0)["two_resources"] == 1  # not taken while paying
    play(state, "roll 3", "roll 10")  # both hunts; feeding needs no decision; stack 1 is empty
    assert state.to_json()["phase"] == "final" and state.current_player() == 0
    assert sorted(legal(state)) == ALL_TAKES  # a last decision: which two resources
    play(state, "take gold gold")
    assert state.current_player() == TERMINAL
    assert player(state, 0)["gold"] == 2 and player(state, 0)["two_resources"] == 0
    assert state.score_breakdown()[0]["resources"] == 2


def test_every_unused_two_resources_token_is_taken_in_turn_order_at_the_end() -> None:
    """Seat 1 holds the card and a mammoth choice token (2 tokens), seat 0 one: 0, then 1 twice."""
    state = new_game(players=2, stacks=("1-to-7", "wwc"))
    state = edit(state, 0, wood=1, cards=[36], two_resources=1)
    state = edit(state, 1, two_resources=2)
    data = state.to_json()
    data["stacks"][0]["left"] = 1
    state = state.game.state_from_json(data)  # type: ignore[assignment]
    play(state, "place building1 1", "place hunt 5", "place hunt 4", "resolve building1", "pay wood")
    play(state, "roll 4", "roll 10")
    seats = []
    while not state.is_terminal():
        assert state.to_json()["pending"]["stage"] == "take_now" and sorted(legal(state)) == ALL_TAKES
        seats.append(state.current_player())
        play(state, "take wood stone")
    assert seats == [0, 1, 1]
    assert [player(state, p)["wood"] for p in (0, 1)] == [1, 2]


# --- extra card (card 32) -----------------------------------------------------------------------


def test_extra_card_draws_from_the_deck_not_the_display() -> None:
    """Card 32: a chance draw over the deck only (§6: not a display card)."""
    state = at_purchase(EXTRA_CARD, 1, wood=1)
    display_before = state.to_json()["display"]
    play(state, "pay wood")
    assert state.current_player() == CHANCE
    deck = state.to_json()["deck"]
    outcomes = state.chance_outcomes_exact()
    assert sorted(outcomes) == sorted((state.string_to_action(f"card {c}"), Fraction(1, len(deck)))
                                      for c in deck)
    assert not set(display_before) & {int(n.split()[1]) for n in outcome_names(state)}
    play(state, "card 26")
    assert player(state, 0)["secret_cards"] == [26]
    assert player(state, 0)["cards"] == [EXTRA_CARD]
    assert 26 not in state.to_json()["deck"]
    assert state.to_json()["display"] == [0, *display_before[1:]]


@pytest.mark.parametrize("drawn", [1, 11, 19, 23, 27, 29, 30, 33, 36])
def test_extra_card_top_is_ignored(drawn: int) -> None:
    """§6: the drawn card's top is not applied (no dice, food, stone, roll, points, tool, agri...)."""
    state = at_purchase(EXTRA_CARD, 1, wood=1)
    before = counts(state)
    play(state, "pay wood", f"card {drawn}")
    assert changes(before, counts(state)) == {"wood": -1, "secret_cards": [drawn]}
    # Straight on to seat 0's own hunt roll (4 dice), no dice-for-all or 2-dice roll.
    assert state.current_player() == CHANCE
    assert outcome_names(state) == [f"roll {s}" for s in range(4, 25)]
    assert state.score_breakdown()[0]["card_points"] == 0


def test_extra_card_is_secret_to_other_players_only() -> None:
    """The drawn card is face down: others see a count, the owner sees the card."""
    state = at_purchase(EXTRA_CARD, 1, wood=1)
    play(state, "pay wood", "card 26")
    assert state.observation(0)["players"][0]["secret_cards"] == [26]
    seen = state.observation(1)["players"][0]
    assert seen["secret_cards"] == 1 and seen["card_count"] == 2  # card 32 bought, card 26 drawn
    assert seen["cards"] == []  # bought cards lie face down too (test_stone_age_hidden.py)
    assert state.observation(0)["players"][0]["cards"] == [EXTRA_CARD]
    assert state.to_json()["players"][0]["secret_cards"] == [26]  # the full state keeps it
    assert state.observation(1)["deck_size"] == state.observation(0)["deck_size"]


def test_extra_card_bottom_scores_and_can_empty_the_deck_ending_the_game() -> None:
    """Drawing the last deck card leaves the display unfillable: the game ends after the round.

    The drawn card's bottom scores in the final scoring (26: 3 hut builders x buildings).
    """
    display = (32, 16, 13, 12)
    mine = [11, 9, 35]
    state = new_game(players=2, display=display, stacks=("wwc", "wcs"))
    theirs = [c for c in range(1, 37) if c not in (*display, *mine, 26)]
    state = edit(state, 1, cards=theirs)
    state = edit(state, 0, cards=mine, one_use_tools=[2], agriculture=3, tools_ready=[3, 1], wood=1,
                 score=25)
    state = with_buildings(state, 0, 2)
    assert state.to_json()["deck"] == [26]
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    assert outcome_names(state) == ["card 26"]
    play(state, "card 26")
    assert state.to_json()["deck"] == []
    play(state, "roll 10", "tools none", "roll 10")  # hunts; feeding is automatic
    assert state.is_terminal() and state.current_player() == TERMINAL
    final = state.score_breakdown()[0]
    assert final["green"] == 2 * 2  # pottery (11) + writing (32)
    assert final["farmers"] == 1 * 3  # card 9 x agriculture 3
    assert final["tool_makers"] == 2 * 4  # card 35 x tiles 3+1 (the one-use 2 does not count)
    assert final["hut_builders"] == 3 * 2  # secret card 26 x 2 buildings
    assert final["shamans"] == 0 and final["resources"] == 0
    assert final["card_points"] == 0  # 26 has no points top anyway; nothing from a secret card
    assert final["total"] == 25 + 4 + 3 + 8 + 6
    assert state.scores()[0] == final["total"]


def test_extra_card_with_an_empty_deck_draws_nothing() -> None:
    """With no deck left the extra card has nothing to take."""
    display = (32, 16, 13, 12)
    state = new_game(players=2, display=display, stacks=("wwc", "wcs"))
    state = edit(state, 1, cards=[c for c in range(1, 37) if c not in display])
    state = edit(state, 0, wood=1)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    assert player(state, 0)["secret_cards"] == [] and player(state, 0)["cards"] == [32]
    assert outcome_names(state) == [f"roll {s}" for s in range(4, 25)]


# --- bottoms: final scoring (§5) -----------------------------------------------------------------


@pytest.mark.parametrize("card_id", range(1, 37))
def test_bottom_of_each_card_scores(card_id: int) -> None:
    """§3 bottom: a green symbol alone scores 1; sand = figures x (agri, tool value, buildings, figures)."""
    base = {"agriculture": 3, "tools_ready": [3, 2, 1], "figures": 7, "buildings": 2}
    multiplier = {"farmers": 3, "tool_makers": 6, "hut_builders": 2, "shamans": 7}
    extra = {"score": 3} if card_id in POINT_CARDS else {}
    parts = bottom_only([card_id], **base, **extra)
    expected = {"green": 0, **{k: 0 for k in SAND_KEYS}}
    if card_id in GREEN:
        expected["green"] = 1
    else:
        kind, n = SAND[card_id]
        expected[kind] = n * multiplier[kind]
    assert {k: parts[k] for k in expected} == expected
    assert parts["total"] == (3 if card_id in POINT_CARDS else 0) + sum(expected.values())


@pytest.mark.parametrize(
    ("cards", "green"),
    [
        ([1], 1),
        ([1, 2, 3, 4, 27, 11, 28], 25 + 4),  # §5 example: 5 different + second pottery + second music
        ([1, 11], 1 + 1),  # a duplicate forms a further set (not +1 on the first)
        ([1, 11, 2], 4 + 1),
        ([1, 11, 2, 32, 3], 9 + 4),
        ([15, 16, 14, 36], 4 + 4),
        (sorted(GREEN), 64 + 64),  # all 16 green cards: two full sets of 8
        ([1, 2, 3, 4, 14, 15, 23, 27], 64),
    ],
)
def test_green_cards_score_squared_sets_including_duplicates(cards: list[int], green: int) -> None:
    """§5/§6: green sets of different symbols each score size squared; duplicates form more sets."""
    parts = bottom_only(cards)
    assert parts["green"] == green
    assert parts["total"] == green


def test_sand_cards_add_their_figures() -> None:
    """All 20 sand cards: 7 farmers, 8 tool makers, 9 hut builders, 7 shamans, each x its multiplier."""
    parts = bottom_only(sorted(SAND), agriculture=2, tools_ready=[4, 4, 4], figures=6, buildings=3,
                        one_use_tools=[2, 3, 4], score=9)
    assert parts["farmers"] == 7 * 2
    assert parts["tool_makers"] == 8 * 12  # one-use tools (2+3+4) never count
    assert parts["hut_builders"] == 9 * 3
    assert parts["shamans"] == 7 * 6
    assert parts["green"] == 0
    assert parts["total"] == 9 + 14 + 96 + 27 + 42


def test_tool_makers_count_used_tiles_but_not_one_use_tools() -> None:
    """Tool makers x total value of tool tiles (ready or used this round); one-use tools excluded."""
    parts = bottom_only([33, 34, 35], tools_ready=[2], tools_used=[3], one_use_tools=[2, 3, 4])
    assert parts["tool_makers"] == (1 + 1 + 2) * (2 + 3)


def test_secret_card_bottom_counts_for_green_sets() -> None:
    """A card drawn face down by the extra card counts in the green sets like an open card."""
    state = new_game(players=2, display=(16, 13, 12, 15), stacks=("wwc", "wcs"))
    state = edit(state, 0, cards=[32, 1], secret_cards=[27, 23])
    assert state.score_breakdown()[0]["green"] == 16  # writing, pottery, music, art
    assert state.score_breakdown()[0]["card_points"] == 0  # the secret 27's top never scored


def test_points_card_scores_on_the_track_and_in_the_breakdown() -> None:
    """Cards 26-28: 3 points at once on the score track, shown as card_points."""
    state = at_purchase(28, 1, wood=1)
    play(state, "pay wood")
    parts = state.score_breakdown()[0]
    assert parts["card_points"] == 3
    assert parts["green"] == 1
    assert parts["total"] == 3 + 1
