"""Stone Age Junior's facts: every decision, chance outcome, automatic step and log entry as data
(docs/facts.md). The one secret: the kind of a goods card taken face down from the pile (the card
game as the ``cards`` expansion), which only the taking seat may see.

Goods, cards, payment items, ring spaces and forest tiles are named as in the observation
(``"fish"``, ``"guff"``, ``"jug_card"``, ``"trading_post"``, ``"3"`` or ``"dog"``); forest places
and hut stacks are numbered from 0, huts 1..15.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.core.facts import Fact, FactKind
from stoneage.core.seats import CHANCE
from stoneage.games.family.facts import SHARED_KINDS, entry_fact, entry_kinds
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import BUILDS, CARD_NAMES, GOODS, ITEM_NAMES, RING, SPACE_OF_GOOD, TILE_NAMES
from stoneage.games.stone_age_junior.stages import (
    BUILD,
    CARD_STEP,
    CHOOSE_TILE,
    DOG_STEP,
    DRAW_CARD,
    EVENT_FIELDS,
    EVENTS,
    FORCED_TURN_STEP,
    HUT_REVEAL,
    MARTIN,
    RESET_STEP,
    SWAP,
    TAKE_STEP,
    TILE_REVEAL,
    TRADE,
)
from stoneage.games.stone_age_junior.view import builds

if TYPE_CHECKING:
    from stoneage.games.family.state import Event
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

FACT_KINDS: Final = (
    # Chance outcomes.
    FactKind("hut", ("hut", "stack")),  # a hut turns face up on a stack (seat -1)
    FactKind("reveal", ("place", "tile")),  # seat: the seat that turned the forest tile up
    FactKind("draw", ("card",), secret=("card",)),  # seat: the seat that takes the card face down
    # Decisions.
    FactKind("turn", ("place", "tile")),  # tile: the tile everyone remembers there, or None
    FactKind("stay", ("space",)),
    FactKind("travel", ("space",)),
    FactKind("trade", ("give", "take")),
    FactKind("stop_trading"),
    FactKind("build", ("hut", "paid")),
    FactKind("pass", ("takes_card",)),  # takes_card: the player cannot build and takes a goods card
    FactKind("swap", ("places",)),
    # Automatic steps (kinds of ``apply_traced``).
    FactKind(FORCED_TURN_STEP),
    FactKind(TAKE_STEP, ("space",)),
    FactKind(DOG_STEP),
    FactKind(CARD_STEP),
    FactKind(RESET_STEP),
    *SHARED_KINDS,
    # Log entries (details).
    *entry_kinds(EVENTS, EVENT_FIELDS),
)
"""Every kind of fact Stone Age Junior tells, with its data fields."""


def action_fact(state: StoneAgeJuniorState, action: int) -> Fact:
    """What ``action`` does when applied to ``state`` (asked before applying it)."""
    stage = state.stage
    seat = state.cur
    if stage == HUT_REVEAL:
        return Fact("hut", CHANCE, {"hut": action - A.HUT + 1, "stack": state.reveal_stack})
    if stage == TILE_REVEAL:
        return Fact("reveal", seat, {"place": state.tile_pos, "tile": TILE_NAMES[action - A.REVEAL]})
    if stage == DRAW_CARD:
        return Fact("draw", seat, {"card": CARD_NAMES[action - A.DRAW]}, secret={"card": (seat,)})
    if stage == CHOOSE_TILE:
        place = action - A.TURN
        remembered = TILE_NAMES[state.forest[place]] if state.seen >> place & 1 else None
        return Fact("turn", seat, {"place": place, "tile": remembered})
    if stage == MARTIN:
        if action == A.STAY:
            return Fact("stay", seat, {"space": RING[state.pos[seat]]})
        return Fact("travel", seat, {"space": RING[SPACE_OF_GOOD[action - A.TRAVEL]]})
    if stage == TRADE:
        if action == A.STOP_TRADING:
            return Fact("stop_trading", seat)
        give, take = A.TRADES[action - A.TRADE]
        return Fact("trade", seat, {"give": GOODS[give], "take": GOODS[take]})
    if stage == BUILD:
        if action == A.PASS:
            return Fact("pass", seat, {"takes_card": state.game.cards and not builds(state, seat)})
        number, items = BUILDS[action - A.BUILD]
        return Fact("build", seat, {"hut": number, "paid": tuple(ITEM_NAMES[item] for item in items)})
    if stage == SWAP:
        first, second = A.SWAPS[action - A.SWAP]
        return Fact("swap", seat, {"places": (first, second)})
    return Fact("action", seat, {"name": A.action_name(action)})


def step_fact(state: StoneAgeJuniorState, kind: str, seat: int) -> Fact:
    """An automatic step, asked of the state as the step began."""
    if kind == TAKE_STEP:
        return Fact(kind, seat, {"space": RING[state.pos[seat]]})
    return Fact(kind, seat)


def log_fact(event: Event) -> Fact:
    """An entry of the public log as a fact (``log_hut``, ``log_reveal``, ...)."""
    from stoneage.games.stone_age_junior.serialize import EVENT_TABLE

    return entry_fact(EVENT_TABLE, event)
