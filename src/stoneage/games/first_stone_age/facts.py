"""My First Stone Age's facts: every decision, chance outcome, automatic step and log entry as data
(docs/facts.md). Nothing in this game is secret to one seat: every card turned up is seen by all.

Cards are named as in the notation (``"fish"``, ``"guff"``), goods likewise, circle places (``slot``)
from 0, huts by their numbers 1..15.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.core.facts import Fact, FactKind
from stoneage.core.seats import CHANCE
from stoneage.games.family.facts import SHARED_KINDS, entry_fact, entry_kinds
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import CARD_NAMES, GOODS
from stoneage.games.first_stone_age.stages import (
    BUILD_STEP,
    DEAL_HUT,
    DRAW_TOP,
    EVENT_FIELDS,
    EVENTS,
    GUFF_CHOICE,
    KEEP_STEP,
    MOVE,
    REVEAL_CARD,
    START,
    TURN_BACK_STEP,
)
from stoneage.games.first_stone_age.view import step_target

if TYPE_CHECKING:
    from stoneage.games.family.state import Event
    from stoneage.games.first_stone_age.state import FirstStoneAgeState

FACT_KINDS: Final = (
    # Chance outcomes.
    FactKind("deal_hut", ("hut",)),  # seat: the seat that takes the hut card
    FactKind("draw", ("card",)),  # the draw pile's next card turns up (seat -1)
    FactKind("reveal", ("slot", "card")),  # seat: the seat whose Martin stands beside the card
    # Decisions.
    FactKind("start", ("slot",)),
    FactKind("move", ("steps", "slot")),  # slot: where Martin arrives
    FactKind("keep_guff", ("good",)),
    FactKind("turn_guff_back"),
    # Automatic steps (kinds of ``apply_traced``).
    FactKind(KEEP_STEP),
    FactKind(TURN_BACK_STEP),
    FactKind(BUILD_STEP, ("hut",)),
    *SHARED_KINDS,
    # Log entries (details).
    *entry_kinds(EVENTS, EVENT_FIELDS),
)
"""Every kind of fact My First Stone Age tells, with its data fields."""


def action_fact(state: FirstStoneAgeState, action: int) -> Fact:
    """What ``action`` does when applied to ``state`` (asked before applying it)."""
    stage = state.stage
    seat = state.cur
    if stage == DEAL_HUT:
        return Fact("deal_hut", seat, {"hut": action - A.HUT + 1})
    if stage == DRAW_TOP:
        return Fact("draw", CHANCE, {"card": CARD_NAMES[action - A.DRAW]})
    if stage == REVEAL_CARD:
        return Fact("reveal", seat, {"slot": state.martin, "card": CARD_NAMES[action - A.REVEAL]})
    if stage == START:
        return Fact("start", seat, {"slot": action - A.START})
    if stage == MOVE:
        steps = action - A.MOVE + 1
        return Fact("move", seat, {"steps": steps, "slot": step_target(state, steps)})
    if stage == GUFF_CHOICE:
        if action == A.TURN_BACK:
            return Fact("turn_guff_back", seat)
        return Fact("keep_guff", seat, {"good": GOODS[action - A.KEEP_GUFF]})
    return Fact("action", seat, {"name": A.action_name(action)})


def step_fact(state: FirstStoneAgeState, kind: str, seat: int) -> Fact:
    """An automatic step, asked of the state as the step began."""
    if kind == BUILD_STEP:
        return Fact(kind, seat, {"hut": state.huts[seat]})
    return Fact(kind, seat)


def log_fact(event: Event) -> Fact:
    """An entry of the public log as a fact (``log_hut``, ``log_reveal``, ...)."""
    from stoneage.games.first_stone_age.serialize import EVENT_TABLE

    return entry_fact(EVENT_TABLE, event)
