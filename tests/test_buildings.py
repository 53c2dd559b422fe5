"""The 28 building tiles of 22 kinds (stone-age.md §1 setup, §4 buildings, §5 "buying is optional").

The cost table below is copied from the spec, not from the engine, so the engine is checked
against it. Every test forces the display, the stack tops and the dice.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from stoneage import CHANCE, IllegalActionError, load_game
from stoneage.core.errors import NotationError
from stoneage.games.stone_age.state import StoneAgeState

from helpers import KIND, edit, legal, new_game, play, player

RESOURCES = ("wood", "clay", "stone", "gold")
VALUE = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}
LETTER = {"w": "wood", "c": "clay", "s": "stone", "g": "gold"}

# §4 fixed-cost buildings: kind -> (points, copies)
FIXED = {
    "wwc": (10, 1), "wws": (11, 1), "wcc": (11, 1), "wwg": (12, 1), "wss": (13, 1),
    "ccs": (13, 1), "ccg": (14, 1), "css": (14, 1), "ssg": (16, 1),
    "wcs": (12, 2), "wcg": (13, 2), "wsg": (14, 2), "csg": (15, 2),
}
# §4 variable buildings: kind -> (fewest resources, most resources, exact number of kinds or 0 = any)
VARIABLE = {
    "4-of-1": (4, 4, 1), "4-of-2": (4, 4, 2), "4-of-3": (4, 4, 3), "4-of-4": (4, 4, 4),
    "5-of-1": (5, 5, 1), "5-of-2": (5, 5, 2), "5-of-3": (5, 5, 3), "5-of-4": (5, 5, 4),
    "1-to-7": (1, 7, 0),
}
VARIABLE_COPIES = {name: 3 if name == "1-to-7" else 1 for name in VARIABLE}
ALL_KINDS = (*FIXED, *VARIABLE)


def fixed_payment(kind: str) -> str:
    """Notation of the one payment a fixed kind accepts (resources in wood-clay-stone-gold order)."""
    words = sorted((LETTER[c] for c in kind), key=RESOURCES.index)
    return "pay " + " ".join(words)


def variable_payments(kind: str) -> set[str]:
    """Every payment the spec allows for a variable kind (enumerated from the rule text)."""
    low, high, kinds = VARIABLE[kind]
    out = set()
    for size in range(low, high + 1):
        for combo in combinations_with_replacement(RESOURCES, size):
            if kinds == 0 or len(set(combo)) == kinds:
                out.add("pay " + " ".join(combo))
    return out


def value(payment: str) -> int:
    return sum(VALUE[word] for word in payment.split()[1:])


def top_kind(state: StoneAgeState, stack: int) -> str | None:
    top: str | None = state.observation(0)["stacks"][stack]["top"]
    return top


def at_purchase(kind: str, **holdings: int) -> StoneAgeState:
    """2 players; p0 resolves the figure on stack 1 whose top is ``kind`` (p0 holds ``holdings``)."""
    state = new_game(players=2, stacks=(kind, "wwc" if kind != "wwc" else "wws"))
    state = edit(state, 0, **holdings)
    play(state, "place building1 1", "place hunt 5", "place hunt 4", "resolve building1")
    return state


def payments(state: StoneAgeState) -> set[str]:
    return {a for a in legal(state) if a.startswith("pay ")}


# --- the tiles in the game ------------------------------------------------------------------------


def test_the_28_tiles_are_22_kinds_in_the_spec_numbers_of_copies() -> None:
    """§4: 17 fixed tiles (13 kinds) + 11 variable tiles (9 kinds) = 28 tiles of 22 kinds."""
    state = load_game("stone_age", players=4, seed=0).new_initial_state()
    for card_id in (11, 18, 30, 27):
        state.apply_action(state.string_to_action(f"card {card_id}"))
    assert state.current_player() == CHANCE  # the first stack top is turned up
    weights = {state.action_to_string(a): w for a, w in state.chance_weights()}
    expected = {f"building {k}": copies for k, (_, copies) in FIXED.items()}
    expected |= {f"building {k}": copies for k, copies in VARIABLE_COPIES.items()}
    assert weights == expected
    assert len(weights) == 22 and sum(weights.values()) == 28
    assert sum(FIXED[k][1] for k in FIXED) == 17
    outcomes = dict(state.chance_outcomes())
    assert outcomes[state.string_to_action("building 1-to-7")] == pytest.approx(3 / 28)
    assert outcomes[state.string_to_action("building wcs")] == pytest.approx(2 / 28)
    assert outcomes[state.string_to_action("building ssg")] == pytest.approx(1 / 28)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_as_many_stacks_of_seven_as_players_each_showing_its_top(players: int) -> None:
    """§1: 4 stacks of 7; as many as players are used, the top of each face up."""
    state = new_game(players=players)
    stacks = state.to_json()["stacks"]
    assert len(stacks) == players
    assert all(s["left"] == 7 and s["top"] >= 0 for s in stacks)
    offered = sorted(a for a in legal(state) if a.startswith("place building"))
    assert offered == [f"place building{n} 1" for n in range(1, players + 1)]
    with pytest.raises(NotationError if players == 4 else IllegalActionError):
        play(state, f"place building{players + 1} 1")


def test_a_kind_is_turned_up_only_while_an_unseen_copy_remains() -> None:
    """§4: copies are real tiles: once both wcs are showing, no third wcs can be turned up."""
    state = new_game(players=4, stacks=("wcs", "wcs", "1-to-7", "1-to-7"))
    state = edit(state, 0, wood=1)
    play(state, "place building3 1", "place hunt 5", "place hunt 5", "place hunt 5", "place hunt 4")
    play(state, "resolve building3", "pay wood")
    assert state.current_player() == CHANCE
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert "building wcs" not in outcomes
    assert outcomes["building 1-to-7"] == pytest.approx(1 / 24)  # 28 - 4 seen = 24 unseen
    play(state, "building 1-to-7")
    assert top_kind(state, 2) == "1-to-7"
    assert state.to_json()["stacks"][2]["left"] == 6


# --- payments: every kind ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(FIXED))
def test_a_fixed_cost_building_takes_exactly_its_cost_and_scores_its_points(kind: str) -> None:
    """§4: a fixed building accepts only its printed cost; the points equal the values paid."""
    state = at_purchase(kind, wood=3, clay=3, stone=3, gold=3)
    payment = fixed_payment(kind)
    points = FIXED[kind][0]
    assert value(payment) == points  # the spec table is self-consistent
    assert legal(state) == [payment, "decline"]
    play(state, payment)
    p0 = player(state, 0)
    assert p0["score"] == points
    assert state.score_breakdown()[0]["buildings"] == points
    assert [b["kind"] for b in p0["buildings"]] == [kind]
    left = {r: 3 - payment.split().count(r) for r in RESOURCES}
    assert {r: p0[r] for r in RESOURCES} == left


@pytest.mark.parametrize("kind", list(VARIABLE))
def test_a_variable_building_accepts_exactly_the_payments_its_rule_allows(kind: str) -> None:
    """§4: "k of j" = exactly k resources of exactly j kinds; "1 to 7" = 1..7 of any kinds."""
    state = at_purchase(kind, wood=7, clay=7, stone=7, gold=7)
    expected = variable_payments(kind)
    assert payments(state) == expected
    assert "decline" in legal(state)
    sizes = {"4-of-1": 4, "4-of-2": 18, "4-of-3": 12, "4-of-4": 1,
             "5-of-1": 4, "5-of-2": 24, "5-of-3": 24, "5-of-4": 4, "1-to-7": 329}
    assert len(expected) == sizes[kind]


@pytest.mark.parametrize(
    ("kind", "payment", "points"),
    [
        ("4-of-1", "pay gold gold gold gold", 24),
        ("4-of-1", "pay wood wood wood wood", 12),
        ("4-of-2", "pay wood wood wood gold", 15),
        ("4-of-2", "pay clay clay stone stone", 18),
        ("4-of-3", "pay wood clay stone stone", 17),
        ("4-of-4", "pay wood clay stone gold", 18),
        ("5-of-1", "pay clay clay clay clay clay", 20),
        ("5-of-2", "pay stone stone gold gold gold", 28),
        ("5-of-3", "pay wood wood clay gold gold", 22),
        ("5-of-4", "pay wood clay stone gold gold", 24),
        ("1-to-7", "pay wood", 3),
        ("1-to-7", "pay clay stone", 9),
        ("1-to-7", "pay gold gold gold gold gold gold gold", 42),
    ],
)
def test_a_variable_building_scores_the_sum_of_the_values_paid(kind: str, payment: str, points: int) -> None:
    """§4: points = wood 3, clay 4, stone 5, gold 6 for each resource paid."""
    state = at_purchase(kind, wood=7, clay=7, stone=7, gold=7)
    play(state, payment)
    p0 = player(state, 0)
    assert p0["score"] == points == value(payment)
    assert [b["kind"] for b in p0["buildings"]] == [kind]
    assert sum(p0[r] for r in RESOURCES) == 28 - len(payment.split()[1:])


@pytest.mark.parametrize(
    ("kind", "payment"),
    [
        ("wwc", "pay wood wood stone"),  # a dearer resource is no substitute
        ("wwc", "pay wood clay clay"),
        ("wcs", "pay wood wood clay stone"),  # nor is an extra one
        ("4-of-1", "pay wood wood wood clay"),
        ("4-of-2", "pay wood clay stone stone"),  # 3 kinds
        ("4-of-2", "pay wood wood wood clay clay"),  # 5 resources
        ("4-of-3", "pay wood wood clay clay"),
        ("4-of-4", "pay wood clay stone"),
        ("5-of-2", "pay wood wood wood wood wood"),
        ("5-of-3", "pay wood clay stone gold gold"),  # 4 kinds
        ("5-of-4", "pay wood wood clay clay stone"),  # 3 kinds
    ],
)
def test_a_payment_outside_the_rule_is_illegal_and_changes_nothing(kind: str, payment: str) -> None:
    """§4: payments that break the cost rule are refused; the state is unchanged."""
    state = at_purchase(kind, wood=7, clay=7, stone=7, gold=7)
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        play(state, payment)
    assert state.to_json() == before


def test_one_to_seven_takes_at_most_seven_resources() -> None:
    """§4: 1 to 7 resources; 8 is no payment at all."""
    state = at_purchase("1-to-7", wood=8)
    assert "pay wood wood wood wood wood wood wood" in legal(state)
    with pytest.raises(NotationError):
        state.string_to_action("pay wood wood wood wood wood wood wood wood")


# --- after buying, declining, not paying ---------------------------------------------------------------


def test_after_a_purchase_the_next_tile_of_the_stack_is_turned_up() -> None:
    """§4/§1: a bought tile leaves the stack; the next one is turned up (a chance node)."""
    state = at_purchase("ccg", clay=2, gold=1)
    play(state, "pay clay clay gold")
    assert state.current_player() == CHANCE
    assert state.to_json()["stacks"][0] == {"top": -1, "left": 6}
    outcomes = {state.action_to_string(a) for a in state.legal_actions()}
    assert "building ccg" not in outcomes and "building wwc" not in outcomes  # 1 copy each, both seen
    assert "building ssg" in outcomes and "building 1-to-7" in outcomes
    play(state, "building ssg")
    assert top_kind(state, 0) == "ssg" and state.to_json()["stacks"][0]["left"] == 6
    assert top_kind(state, 1) == "wwc"
    assert state.current_player() == CHANCE  # p0's hunt roll comes next
    play(state, "roll 4", "roll 5")
    assert state.to_json()["round"] == 2
    assert "place building1 1" in legal(state)  # the new top can be bought next round


def test_declining_leaves_the_tile_and_the_resources() -> None:
    """§5: buying is optional: decline, the figure comes home, the tile stays on the stack."""
    state = at_purchase("wss", wood=1, stone=2)
    top_before = state.to_json()["stacks"][0]
    assert legal(state) == ["pay wood stone stone", "decline"]
    play(state, "decline")
    p0 = player(state, 0)
    assert (p0["wood"], p0["stone"], p0["score"], p0["buildings"]) == (1, 2, 0, [])
    assert state.to_json()["stacks"][0] == top_before
    assert state.to_json()["board"]["building1"] == [0, 0]
    assert state.current_player() == CHANCE  # no tile is turned up: straight on to p0's hunt roll
    assert all(state.action_to_string(a).startswith("roll") for a in state.legal_actions())


@pytest.mark.parametrize(
    ("kind", "holdings"),
    [
        ("wwc", {"wood": 1, "clay": 5, "stone": 5, "gold": 5}),
        ("ssg", {"stone": 2}),
        ("4-of-2", {"wood": 9}),
        ("4-of-4", {"wood": 2, "clay": 2, "stone": 2}),
        ("5-of-1", {"wood": 4, "clay": 4, "stone": 4, "gold": 4}),
        ("5-of-3", {"gold": 9, "stone": 9}),
        ("1-to-7", {}),
    ],
)
def test_a_building_the_player_cannot_pay_is_declined_without_a_decision(
    kind: str, holdings: dict[str, int]
) -> None:
    """Engine decision: no payment possible -> the figure comes back, the tile stays."""
    state = at_purchase(kind, **holdings)
    assert state.current_player() == CHANCE  # no buy decision: p0's hunt rolls
    assert state.to_json()["stacks"][0]["left"] == 7 and top_kind(state, 0) == kind
    p0 = player(state, 0)
    assert p0["score"] == 0 and p0["buildings"] == []
    assert {r: p0[r] for r in holdings} == holdings


def test_food_cannot_pay_for_a_building() -> None:
    """§4: food is never a resource: 40 food and no resources buys nothing."""
    state = at_purchase("1-to-7", food=40)
    assert state.current_player() == CHANCE
    assert player(state, 0)["food"] == 40 and player(state, 0)["buildings"] == []
    with pytest.raises(NotationError):
        state.string_to_action("pay food")


def test_each_of_the_22_kinds_can_be_bought_from_any_stack() -> None:
    """§4: every kind, dealt on stack 2 of a 2-player game, is bought for its spec points."""
    for kind in ALL_KINDS:
        state = new_game(players=2, stacks=("wwc" if kind != "wwc" else "wws", kind))
        state = edit(state, 1, wood=7, clay=7, stone=7, gold=7)
        play(state, "place hunt 5", "place building2 1", "place hunt 4", "roll 5", "resolve building2")
        options = sorted(payments(state), key=value)
        assert options, kind
        best = options[-1]
        expected = FIXED[kind][0] if kind in FIXED else value(best)
        play(state, best)
        assert player(state, 1)["score"] == expected, kind
        assert [b["kind"] for b in player(state, 1)["buildings"]] == [kind]


def test_kind_names_match_the_spec() -> None:
    """Notation: the 22 kind names of the brief are the engine's kind names."""
    assert set(KIND) == set(ALL_KINDS)
