"""Stone Age's facts: every decision, chance outcome and automatic step as data (docs/facts.md).

The rules tell what they did here, never in words: ``action_fact`` reads an action against the
state it is applied to, ``step_fact`` reads an automatic step from its snapshot (``apply_traced``),
``holdings`` counts what every seat holds (a fact's ``deltas`` are their changes) and
``details_since`` marks the feeding that followed a step. The play layer puts facts into words
(``play/stone_age/narrate.py``); the web board reads their data. Places are names of
``LOCATIONS``, goods are names (a list repeats a good once per unit), cards are their numbers.

Nothing here runs while a game is played: facts are made only when someone asks for them
(``State.apply_facts``, ``State.fact``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.core.facts import Fact, FactKind, FactValue
from stoneage.core.seats import CHANCE
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import BUILDING_KINDS, LOCATIONS, MAX_FIGURES, NUM_LOCATIONS, RESOURCES, TILE_KIND
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    BUILDINGS,
    CARDS,
    FIGURES,
    FOOD,
    ONE_USE,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    USED,
    WOOD,
)
from stoneage.games.stone_age.stages import (
    ACTIONS,
    BUY_BUILDING,
    BUY_CARD,
    DEAL_BUILDING,
    DEAL_CARD,
    DICE_ROLL,
    EXPANSION_PHASES,
    EXPANSION_STAGES,
    EXTRA_DRAW,
    FEED,
    FEEDING,
    ROLL,
)
from stoneage.games.stone_age.view import sees_face_down

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

BASE_FACT_KINDS: Final[tuple[FactKind, ...]] = (
    # Chance outcomes.
    FactKind("roll", ("place", "dice", "total")),
    FactKind("card_dealt", ("cost", "card")),
    FactKind("card_drawn", ("card",), secret=("card",)),
    FactKind("building_dealt", ("stack", "building")),
    FactKind("dice_for_all", ("faces",)),
    # Decisions.
    FactKind("place", ("place", "count")),
    FactKind("resolve_location", ("place",)),
    FactKind("tools", ("tiles", "one_use")),
    FactKind("buy_card", ("card", "cost", "pay")),
    FactKind("build", ("building", "stack", "pay")),
    FactKind("pay", ("pay",)),
    FactKind("decline"),
    FactKind("feed", ("goods",)),
    FactKind("take_penalty"),
    FactKind("pick", ("face",)),
    FactKind("take", ("goods",)),
    FactKind("action", ("name",)),
    # Automatic steps (the kind is the step's, from ``auto_step``).
    FactKind("feeding", ("figures", "food", "short")),
    FactKind("starve", ("figures",)),
    FactKind("toolmaker"),
    FactKind("hut", ("full",)),
    FactKind("field"),
    FactKind("resolve", ("place",)),
    FactKind("no_purchase", ("what", "number")),
    FactKind("forced_pick", ("face",)),
    FactKind("round_end", ("round", "first")),
    FactKind("final_scoring"),
    # Details.
    FactKind("then_feeding"),
)
"""Every kind of fact the base game tells and its data fields (docs/facts.md); an expansion adds its
own (``Expansion.fact_kinds``). ``action`` is an action the rules would not take where it is asked
about (an illegal one): its notation."""

HOLDINGS: Final = ("food", "wood", "clay", "stone", "gold", "agriculture", "figures", "points", "tool_value",
                   "one_use_tools", "cards", "face_down_cards", "buildings")
"""The holdings ``holdings`` counts for every seat, in the order the log tells their changes."""


def goods(mix: tuple[int, ...], names: tuple[str, ...] = RESOURCES) -> tuple[str, ...]:
    """A mix of counts as goods, each named once per unit: ``(2, 1, 0, 0)`` -> ``("wood", "wood", "clay")``."""
    return tuple(good for good, n in zip(names, mix, strict=False) for _ in range(n))


# --- the action's fact ------------------------------------------------------------------------------


def action_fact(state: StoneAgeState, action: int) -> Fact:
    """What ``action`` does when applied to ``state`` (asked before it is applied)."""
    stage = state.stage
    seat = state.cur
    if stage == ROLL and A.ROLL <= action < A.DICE:
        return Fact("roll", seat, {"place": LOCATIONS[state.gather], "dice": state.dice_count,
                                   "total": action - A.ROLL + 1})
    if stage == DEAL_CARD and A.CARD <= action < A.BUILDING:
        return Fact("card_dealt", CHANCE, {"cost": state.slot + 1, "card": action - A.CARD + 1})
    if stage == EXTRA_DRAW and A.CARD <= action < A.BUILDING:
        seen = tuple(viewer for viewer in range(state.num_players) if sees_face_down(state, seat, viewer))
        return Fact("card_drawn", seat, {"card": action - A.CARD + 1}, secret={"card": seen})
    if stage == DEAL_BUILDING and A.BUILDING <= action < A.TAME_NONE:
        return Fact("building_dealt", CHANCE, {"stack": state.slot + 1,
                                                    "building": BUILDING_KINDS[action - A.BUILDING].name})
    if stage == DICE_ROLL and A.DICE <= action < A.CARD:
        return Fact("dice_for_all", state.slot, {"faces": A.DICE_ROLLS[action - A.DICE]})
    if action >= A.TAME_NONE or stage in EXPANSION_STAGES:
        for rules in state.expansion_rules:
            fact = rules.fact(state, action)
            if fact is not None:
                return fact
        return Fact("action", seat, {"name": A.action_name(action)})
    if action < A.RESOLVE:
        loc, count = divmod(action - A.PLACE, A.MAX_PLACE)
        return Fact("place", seat, {"place": LOCATIONS[loc], "count": count + 1})
    if action < A.TOOLS:
        return Fact("resolve_location", seat, {"place": LOCATIONS[action - A.RESOLVE]})
    if action < A.PAY:
        tool_set, mask = divmod(action - A.TOOLS, 8)
        counts = A.TOOL_SETS[tool_set]
        tiles = tuple(v for v in (4, 3, 2, 1) for _ in range(counts[v - 1]))
        one_use = tuple(v for i, v in reversed(list(enumerate(A.ONE_USE_VALUES))) if mask >> i & 1)
        return Fact("tools", seat, {"tiles": tiles, "one_use": one_use})
    if action < A.DECLINE:
        pay = goods(A.MIXES[action - A.PAY + 1])
        if stage == BUY_CARD:
            return Fact("buy_card", seat, {"card": state.display[state.slot], "cost": state.slot + 1, "pay": pay})
        if stage == BUY_BUILDING:
            building = BUILDING_KINDS[TILE_KIND[state.tops[state.slot]]].name
            return Fact("build", seat, {"building": building, "stack": state.slot + 1, "pay": pay})
        return Fact("pay", seat, {"pay": pay})
    if action == A.DECLINE:
        return Fact("decline", seat)
    if action < A.STARVE:
        return Fact("feed", seat, {"goods": goods(A.MIXES[action - A.FEED + 1])})
    if action == A.STARVE:
        return Fact("take_penalty", seat)
    if action < A.TAKE:
        return Fact("pick", seat, {"face": action - A.PICK + 1})
    if action < A.ROLL:
        return Fact("take", seat, {"goods": goods(A.PAIRS[action - A.TAKE])})
    return Fact("action", seat, {"name": A.action_name(action)})


# --- automatic steps --------------------------------------------------------------------------------


def step_fact(state: StoneAgeState, kind: str, seat: int) -> Fact:
    """The fact of an automatic step of ``apply_traced``, read from the step's snapshot (the state as
    the step began: who eats how much, which die is left)."""
    pl = state.players
    base = seat * STRIDE
    data: dict[str, FactValue] = {}
    if kind == "feeding":
        figures, food = pl[base + FIGURES], pl[base + FOOD] + pl[base + AGRICULTURE]
        data = {"figures": figures, "food": min(food, figures), "short": max(0, figures - food)}
    elif kind == "starve":
        data = {"figures": pl[base + FIGURES]}
    elif kind == "hut":
        data = {"full": pl[base + FIGURES] >= MAX_FIGURES}
    elif kind == "resolve":
        num_players = state.num_players
        locs = [loc for loc in range(NUM_LOCATIONS) if state.board[NUM_LOCATIONS + loc * num_players + seat]]
        data = {"place": LOCATIONS[locs[0]] if len(locs) == 1 else None}
    elif kind == "no_purchase":
        data = {"what": "card" if state.stage == BUY_CARD else "building", "number": state.slot + 1}
    elif kind == "forced_pick":
        data = {"face": state.dice_left[0] if state.dice_left else None}
    elif kind == "round_end":
        data = {"round": state.round, "first": (state.first + 1) % state.num_players}
    else:
        for rules in state.expansion_rules:
            data = rules.step_data(state, kind, seat) or data
    return Fact(kind, seat, data)


# --- holdings and details ----------------------------------------------------------------------------


def holdings(state: StoneAgeState) -> list[dict[str, int]]:
    """Per seat, what anyone may count of its holdings (``HOLDINGS``), read from its row."""
    out = []
    pl = state.players
    for seat in range(state.num_players):
        b = seat * STRIDE
        r, u = b + READY, b + USED
        out.append({
            "food": pl[b + FOOD], "wood": pl[b + WOOD], "clay": pl[b + WOOD + 1], "stone": pl[b + WOOD + 2],
            "gold": pl[b + WOOD + 3], "agriculture": pl[b + AGRICULTURE], "figures": pl[b + FIGURES],
            "points": pl[b + SCORE],
            "tool_value": pl[r] + pl[u] + 2 * (pl[r + 1] + pl[u + 1]) + 3 * (pl[r + 2] + pl[u + 2])
            + 4 * (pl[r + 3] + pl[u + 3]),
            "one_use_tools": pl[b + ONE_USE].bit_count(), "cards": pl[b + CARDS].bit_count(),
            "face_down_cards": pl[b + SECRET_CARDS].bit_count(), "buildings": pl[b + BUILDINGS].bit_count(),
        })
    return out


def details_since(state: StoneAgeState, earlier: StoneAgeState) -> list[Fact]:
    """``then_feeding`` when feeding began between ``earlier`` (a step's start in the actions or an
    expansion's phase before feeding) and ``state``: that step's deltas include the feeding that followed it."""
    if (earlier.phase == ACTIONS or earlier.phase in EXPANSION_PHASES) and fed(state):
        return [Fact("then_feeding")]
    return []


def fed(state: StoneAgeState) -> bool:
    """Whether feeding has begun (an ``apply_traced`` snapshot may enter it before anyone ate)."""
    phase = state.phase
    return phase != ACTIONS and phase not in EXPANSION_PHASES and not (phase == FEEDING and state.stage != FEED)
