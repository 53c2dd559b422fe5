"""Readable sentences for a game log: who does what, in the words of the rulebook (in the current
language, ``stoneage.core.i18n``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.i18n import _, ngettext, seat_name
from stoneage.games.family.narrate import a_card, card_name, good_name, hut_words as family_hut_words, shared_step_words
from stoneage.games.first_stone_age import actions as A, state as S
from stoneage.games.first_stone_age.data import HUTS

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import Event, FirstStoneAgeState


def card_words(kind: int) -> str:
    """A goods card in words: "a fish", "an arrowhead", "Guff the dog"."""
    return a_card(kind)


def hut_words(number: int) -> str:
    """A hut card in words: "hut 7 (fish, jug, arrowhead)"."""
    return family_hut_words(number, HUTS)


def describe(state: FirstStoneAgeState, action: int) -> str:
    """What ``action`` means when applied to ``state``."""
    stage = state.stage
    who = seat_name(state.cur)
    if stage == S.DEAL_HUT:
        return "  " + _("{player} takes {hut} from the hut pile").format(player=who, hut=hut_words(action - A.HUT + 1))
    if stage == S.DRAW_TOP:
        return "  " + _("The draw pile shows its next card: {card}").format(card=card_words(action - A.DRAW))
    if stage == S.REVEAL_CARD:
        return "  " + _("{player} turns up card {number}: {card}").format(
            player=who, number=state.martin + 1, card=card_words(action - A.REVEAL))
    if stage == S.START:
        return _("{player} places Martin beside card {number}").format(player=who, number=action - A.START + 1)
    if stage == S.MOVE:
        steps = action - A.MOVE + 1
        target = state.step_target(steps)
        return ngettext("{player} moves Martin {count} card onward, to card {number}",
                        "{player} moves Martin {count} cards onward, to card {number}", steps).format(
            player=who, count=steps, number=target + 1)
    if stage == S.GUFF_CHOICE:
        if action == A.TURN_BACK:
            return _("{player} turns Guff back").format(player=who)
        return _("{player} keeps Guff as a {good}").format(player=who, good=good_name(action - A.KEEP_GUFF))
    return f"{who}: {A.action_name(action)}"


def event_line(event: Event) -> str:
    """One public log event as a sentence."""
    _at, _turn, kind, player, slot, card, value = event
    who = seat_name(player)
    if kind == S.EV_HUT:
        return _("{player} takes {hut}").format(player=who, hut=hut_words(value))
    if kind == S.EV_DRAW:
        return _("The draw pile shows {card}").format(card=card_words(card))
    if kind == S.EV_START:
        return _("{player} places Martin beside card {number}").format(player=who, number=slot + 1)
    if kind == S.EV_MOVE:
        # TRANSLATORS: {count} is how many cards onward Martin moves (English leaves out "cards" here).
        return ngettext("{player} moves Martin {count} onward, to card {number}",
                        "{player} moves Martin {count} onward, to card {number}", value).format(
            player=who, count=value, number=slot + 1)
    if kind == S.EV_REVEAL:
        return _("{player} turns up card {number}: {card}").format(player=who, number=slot + 1, card=card_words(card))
    if kind == S.EV_KEEP:
        if card != value:
            # TRANSLATORS: {card} is always Guff the dog here (only Guff is kept as another good).
            return _("{player} keeps {card} as a {good}").format(player=who, card=card_words(card),
                                                                 good=good_name(value))
        return _("{player} keeps {card}").format(player=who, card=card_words(card))
    if kind == S.EV_TURN_BACK:
        return _("{player} turns card {number} back ({card})").format(player=who, number=slot + 1,
                                                                      card=card_name(card))
    if kind == S.EV_REFILL:
        return _("The top card of the draw pile ({card}) fills place {number} face down").format(
            card=card_name(card), number=slot + 1)
    if kind == S.EV_BUILD:
        return _("{player} builds {hut}").format(player=who, hut=hut_words(value))
    if kind == S.EV_UNDER:
        return _("{player} puts {card} under the draw pile").format(player=who, card=card_words(card))
    if kind == S.EV_WIN:
        return _("{player} has built 3 huts and wins!").format(player=who)
    return _("Stalemate: no card of the circle can ever be kept again; nobody wins")


def step_words(state: FirstStoneAgeState, kind: str, seat: int) -> str:
    """A sentence naming an automatic step (``apply_traced``), told as it begins."""
    shared = shared_step_words(kind, seat)
    if shared is not None:
        return shared
    who = seat_name(seat)
    if kind == S.KEEP_STEP:
        return _("{player} needs the card and keeps it").format(player=who)
    if kind == S.TURN_BACK_STEP:
        return _("{player} cannot keep the card and turns it back").format(player=who)
    if kind == S.BUILD_STEP:
        return _("{player} has the goods for {hut} and builds it").format(player=who, hut=hut_words(state.huts[seat]))
    return f"{who}: {kind.replace('_', ' ')}"  # pragma: no cover - every kind is named above
