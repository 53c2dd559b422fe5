"""Readable sentences for a game log: who does what, in the words of the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.family.narrate import article, hut_words as family_hut_words, shared_step_words
from stoneage.games.first_stone_age import actions as A, state as S
from stoneage.games.first_stone_age.data import CARD_NAMES, GOODS, GUFF, HUTS

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import Event, FirstStoneAgeState


def card_words(kind: int) -> str:
    """A goods card in words: "a fish", "an arrowhead", "Guff the dog"."""
    if kind == GUFF:
        return "Guff the dog"
    return article(CARD_NAMES[kind])


def hut_words(number: int) -> str:
    """A hut card in words: "hut 7 (fish, jug, arrowhead)"."""
    return family_hut_words(number, HUTS)


def describe(state: FirstStoneAgeState, action: int) -> str:
    """What ``action`` means when applied to ``state``."""
    stage = state.stage
    who = f"Player {state.cur + 1}"
    if stage == S.DEAL_HUT:
        return f"  {who} takes {hut_words(action - A.HUT + 1)} from the hut pile"
    if stage == S.DRAW_TOP:
        return f"  The draw pile shows its next card: {card_words(action - A.DRAW)}"
    if stage == S.REVEAL_CARD:
        return f"  {who} turns up card {state.martin + 1}: {card_words(action - A.REVEAL)}"
    if stage == S.START:
        return f"{who} places Martin beside card {action - A.START + 1}"
    if stage == S.MOVE:
        steps = action - A.MOVE + 1
        target = state.step_target(steps)
        cards = "card" if steps == 1 else "cards"
        return f"{who} moves Martin {steps} {cards} onward, to card {target + 1}"
    if stage == S.GUFF_CHOICE:
        if action == A.TURN_BACK:
            return f"{who} turns Guff back"
        return f"{who} keeps Guff as a {GOODS[action - A.KEEP_GUFF]}"
    return f"{who}: {A.action_name(action)}"


def event_line(event: Event) -> str:
    """One public log event as a sentence."""
    _, _, kind, player, slot, card, value = event
    who = f"Player {player + 1}"
    if kind == S.EV_HUT:
        return f"{who} takes {hut_words(value)}"
    if kind == S.EV_DRAW:
        return f"The draw pile shows {card_words(card)}"
    if kind == S.EV_START:
        return f"{who} places Martin beside card {slot + 1}"
    if kind == S.EV_MOVE:
        return f"{who} moves Martin {value} onward, to card {slot + 1}"
    if kind == S.EV_REVEAL:
        return f"{who} turns up card {slot + 1}: {card_words(card)}"
    if kind == S.EV_KEEP:
        kept = card_words(card) + (f" as a {GOODS[value]}" if card != value else "")
        return f"{who} keeps {kept}"
    if kind == S.EV_TURN_BACK:
        return f"{who} turns card {slot + 1} back ({CARD_NAMES[card]})"
    if kind == S.EV_REFILL:
        return f"The top card of the draw pile ({CARD_NAMES[card]}) fills place {slot + 1} face down"
    if kind == S.EV_BUILD:
        return f"{who} builds {hut_words(value)}"
    if kind == S.EV_UNDER:
        return f"{who} puts {card_words(card)} under the draw pile"
    if kind == S.EV_WIN:
        return f"{who} has built 3 huts and wins!"
    return "Stalemate: no card of the circle can ever be kept again; nobody wins"


def step_words(state: FirstStoneAgeState, kind: str, seat: int) -> str:
    """A sentence naming an automatic step (``apply_traced``), told as it begins."""
    shared = shared_step_words(kind, seat)
    if shared is not None:
        return shared
    who = f"Player {seat + 1}"
    if kind == S.KEEP_STEP:
        return f"{who} needs the card and keeps it"
    if kind == S.TURN_BACK_STEP:
        return f"{who} cannot keep the card and turns it back"
    if kind == S.BUILD_STEP:
        return f"{who} has the goods for {hut_words(state.huts[seat])} and builds it"
    return f"{who}: {kind.replace('_', ' ')}"  # pragma: no cover - every kind is named above
