"""My First Stone Age's facts in readable sentences for a game log: who does what, in the words of
the rulebook (in the current language, ``stoneage.core.i18n``). Everything is read from the fact
(``games/first_stone_age/facts.py``), never from a state."""

from __future__ import annotations

from stoneage.core.facts import Fact
from stoneage.core.i18n import _, ngettext
from stoneage.games.first_stone_age.data import HUTS
from stoneage.games.first_stone_age.stages import BUILD_STEP, KEEP_STEP, TURN_BACK_STEP
from stoneage.play.family_words import (
    a_card,
    card_index,
    card_name,
    good_index,
    good_name,
    hut_words as family_hut_words,
    number,
    shared_step_words,
    word,
)
from stoneage.play.kit import Who, generic_say


def card_words(kind: int) -> str:
    """A goods card in words: "a fish", "an arrowhead", "Guff the dog"."""
    return a_card(kind)


def hut_words(hut: int) -> str:
    """A hut card in words: "hut 7 (fish, jug, arrowhead)"."""
    return family_hut_words(hut, HUTS)


def say(fact: Fact, who: Who) -> str:
    """A fact of the game in a sentence (a decision, a chance outcome, an automatic step, a log entry)."""
    kind = fact.kind
    if kind == "deal_hut":
        return _("{player} takes {hut} from the hut pile").format(player=who(fact.seat),
                                                                  hut=hut_words(number(fact, "hut")))
    if kind == "draw":
        return _("The draw pile shows its next card: {card}").format(card=_card(fact))
    if kind == "reveal":
        return _("{player} turns up card {number}: {card}").format(
            player=who(fact.seat), number=number(fact, "slot") + 1, card=_card(fact))
    if kind == "start":
        return _("{player} places Martin beside card {number}").format(player=who(fact.seat),
                                                                       number=number(fact, "slot") + 1)
    if kind == "move":
        steps = number(fact, "steps")
        return ngettext("{player} moves Martin {count} card onward, to card {number}",
                        "{player} moves Martin {count} cards onward, to card {number}", steps).format(
            player=who(fact.seat), count=steps, number=number(fact, "slot") + 1)
    if kind == "turn_guff_back":
        return _("{player} turns Guff back").format(player=who(fact.seat))
    if kind == "keep_guff":
        return _("{player} keeps Guff as a {good}").format(player=who(fact.seat),
                                                          good=good_name(good_index(word(fact, "good"))))
    if kind.startswith("log_"):
        return entry_line(fact, who)
    return step_words(fact, who)


def effects(fact: Fact, who: Who) -> list[str]:
    """A fact's effects, line by line: the entries it wrote in the public log."""
    return [entry_line(detail, who) for detail in fact.details]


def _card(fact: Fact) -> str:
    return card_words(card_index(word(fact, "card")))


def entry_line(fact: Fact, who: Who) -> str:
    """One entry of the public log (a ``log_*`` fact) as a sentence."""
    kind = fact.kind
    if kind == "log_hut":
        return _("{player} takes {hut}").format(player=who(fact.seat), hut=hut_words(number(fact, "hut")))
    if kind == "log_draw":
        return _("The draw pile shows {card}").format(card=_card(fact))
    if kind == "log_start":
        return _("{player} places Martin beside card {number}").format(player=who(fact.seat),
                                                                       number=number(fact, "slot") + 1)
    if kind == "log_move":
        steps = number(fact, "steps")
        # TRANSLATORS: {count} is how many cards onward Martin moves (English leaves out "cards" here).
        return ngettext("{player} moves Martin {count} onward, to card {number}",
                        "{player} moves Martin {count} onward, to card {number}", steps).format(
            player=who(fact.seat), count=steps, number=number(fact, "slot") + 1)
    if kind == "log_reveal":
        return _("{player} turns up card {number}: {card}").format(player=who(fact.seat),
                                                                    number=number(fact, "slot") + 1, card=_card(fact))
    if kind == "log_keep":
        card, good = word(fact, "card"), word(fact, "as")
        if card != good:
            # TRANSLATORS: {card} is always Guff the dog here (only Guff is kept as another good).
            return _("{player} keeps {card} as a {good}").format(player=who(fact.seat), card=_card(fact),
                                                                 good=good_name(good_index(good)))
        return _("{player} keeps {card}").format(player=who(fact.seat), card=_card(fact))
    if kind == "log_turn_back":
        return _("{player} turns card {number} back ({card})").format(
            player=who(fact.seat), number=number(fact, "slot") + 1, card=card_name(card_index(word(fact, "card"))))
    if kind == "log_refill":
        return _("The top card of the draw pile ({card}) fills place {number} face down").format(
            card=card_name(card_index(word(fact, "card"))), number=number(fact, "slot") + 1)
    if kind == "log_build":
        return _("{player} builds {hut}").format(player=who(fact.seat), hut=hut_words(number(fact, "hut")))
    if kind == "log_under":
        return _("{player} puts {card} under the draw pile").format(player=who(fact.seat), card=_card(fact))
    if kind == "log_win":
        return _("{player} has built 3 huts and wins!").format(player=who(fact.seat))
    return _("Stalemate: no card of the circle can ever be kept again; nobody wins")


def step_words(fact: Fact, who: Who) -> str:
    """A sentence naming an automatic step, told as it begins."""
    shared = shared_step_words(fact, who)
    if shared is not None:
        return shared
    kind = fact.kind
    if kind == KEEP_STEP:
        return _("{player} needs the card and keeps it").format(player=who(fact.seat))
    if kind == TURN_BACK_STEP:
        return _("{player} cannot keep the card and turns it back").format(player=who(fact.seat))
    if kind == BUILD_STEP:
        return _("{player} has the goods for {hut} and builds it").format(player=who(fact.seat),
                                                                          hut=hut_words(number(fact, "hut")))
    return generic_say(fact, who)
