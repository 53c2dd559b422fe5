"""Stone Age Junior's facts in readable sentences for a game log: who does what, in the words of the
rulebook (in the current language, ``stoneage.core.i18n``). Everything is read from the fact
(``games/stone_age_junior/facts.py``), never from a state; a goods card taken face down is named
only when the fact, as redacted for the viewer, still holds it."""

from __future__ import annotations

from stoneage.core.facts import Fact
from stoneage.core.i18n import _, pgettext
from stoneage.games.stone_age_junior.data import (
    ARROWHEAD_SPACE,
    BERRY_SPACE,
    DIE_FACES,
    FISH_SPACE,
    HUTS,
    ITEM_NAMES,
    JUG_SPACE,
    RING,
    SPACE_OF_GOOD,
    TILE_NAMES,
    TOOTH_SPACE,
)
from stoneage.games.stone_age_junior.stages import CARD_STEP, DOG_STEP, FORCED_TURN_STEP, RESET_STEP, TAKE_STEP
from stoneage.play.family_words import (
    a_good,
    card_index,
    good_index,
    goods_list,
    hut_words as family_hut_words,
    join_and,
    number,
    shared_step_words,
    upper_first,
    word,
)
from stoneage.play.kit import Who, generic_say


def space_words(space: int) -> str:
    """A ring space in words: "the building site", "the jug space"."""
    # TRANSLATORS: a space of the ring as the subject of a sentence or after a colon.
    return (pgettext("space", "the building site"), pgettext("space", "the dog space"),
            pgettext("space", "the tooth space"), pgettext("space", "the berry space"),
            pgettext("space", "the jug space"), pgettext("space", "the arrowhead space"),
            pgettext("space", "the fish space"), pgettext("space", "the trading post"))[space]


def to_space_words(space: int) -> str:
    """Where a figure goes: "to the building site", "to the jug space"."""
    # TRANSLATORS: where a figure goes ("moves to the jug space"); the whole phrase with its preposition.
    return (pgettext("space", "to the building site"), pgettext("space", "to the dog space"),
            pgettext("space", "to the tooth space"), pgettext("space", "to the berry space"),
            pgettext("space", "to the jug space"), pgettext("space", "to the arrowhead space"),
            pgettext("space", "to the fish space"), pgettext("space", "to the trading post"))[space]


def on_space_words(space: int) -> str:
    """Where a figure stands: "on the building site", "on the jug space"."""
    # TRANSLATORS: where a figure stands ("stays on the jug space"); the whole phrase with its preposition.
    return (pgettext("space", "on the building site"), pgettext("space", "on the dog space"),
            pgettext("space", "on the tooth space"), pgettext("space", "on the berry space"),
            pgettext("space", "on the jug space"), pgettext("space", "on the arrowhead space"),
            pgettext("space", "on the fish space"), pgettext("space", "on the trading post"))[space]


def tile_words(tile: int) -> str:
    """A forest tile in words: "a 3" or "the dog space"."""
    if tile < DIE_FACES:
        # TRANSLATORS: a forest tile showing a die face ("Forest tile 4 shows a 3").
        return pgettext("forest tile", "a {face}").format(face=TILE_NAMES[tile])
    return space_words(tile - DIE_FACES)


def card_words(kind: int) -> str:
    """A goods card in words: "a fish card", "the Guff card"."""
    # TRANSLATORS: a goods card as the object of a sentence ("takes a fish card"); German: accusative.
    return (pgettext("object", "a berry card"), pgettext("object", "a fish card"), pgettext("object", "a jug card"),
            pgettext("object", "an arrowhead card"), pgettext("object", "a tooth card"),
            pgettext("object", "the Guff card"))[kind]


def paid_item_words(item: int) -> str:
    """One item of a payment, as said after "with": "a fish", "a jug card", "a dog", "the Guff card"."""
    # TRANSLATORS: one item of a payment, after "with" ("builds hut 3 with a fish, a jug card and a dog");
    # German: dative.
    words = (pgettext("paid with", "a berry"), pgettext("paid with", "a fish"), pgettext("paid with", "a jug"),
             pgettext("paid with", "an arrowhead"), pgettext("paid with", "a tooth"),
             pgettext("paid with", "a berry card"), pgettext("paid with", "a fish card"),
             pgettext("paid with", "a jug card"), pgettext("paid with", "an arrowhead card"),
             pgettext("paid with", "a tooth card"), pgettext("paid with", "a dog"),
             pgettext("paid with", "the Guff card"))
    return words[item]


def hut_words(hut: int) -> str:
    """A hut in words: "hut 7 (fish, jug, arrowhead)"."""
    return family_hut_words(hut, HUTS)


def payment_words(items: tuple[int, ...]) -> str:
    """A payment in words: "a fish, a jug card and a dog"."""
    return join_and([paid_item_words(item) for item in items])


def hut_up_words(number: int, stack: int) -> str:
    """A hut turned face up: "Hut 7 (fish, jug, arrowhead) turns face up on stack 2"."""
    return _("Hut {number} ({goods}) turns face up on stack {stack}").format(
        number=number, goods=goods_list(HUTS[number - 1]), stack=stack + 1)


def stays_words(who: str, space: int) -> str:
    return _("{player} stays {place} with Martin").format(player=who, place=on_space_words(space))


def travels_words(who: str, space: int) -> str:
    return _("{player} travels with Martin {place}").format(player=who, place=to_space_words(space))


def trades_words(who: str, give: int, take: int) -> str:
    return _("{player} trades {give} for {take} at the trading post").format(player=who, give=a_good(give),
                                                                            take=a_good(take))


def say(fact: Fact, who: Who) -> str:
    """A fact of the game in a sentence (a decision, a chance outcome, an automatic step, a log entry)."""
    kind = fact.kind
    if kind == "hut":
        return hut_up_words(number(fact, "hut"), number(fact, "stack"))
    if kind == "reveal":
        return _("Forest tile {number} shows {tile}").format(number=number(fact, "place") + 1, tile=_tile(fact))
    if kind == "draw":
        if "card" in fact.data:
            return _("{player} takes the top goods card of the pile face down: {card}").format(
                player=who(fact.seat), card=card_words(card_index(word(fact, "card"))))
        return _("{player} takes the top goods card of the pile face down").format(player=who(fact.seat))
    if kind == "turn":
        place = number(fact, "place")
        if fact.data.get("tile") is not None:
            return _("{player} turns up forest tile {number} ({tile}, as everyone remembers)").format(
                player=who(fact.seat), number=place + 1, tile=_tile(fact))
        return _("{player} turns up forest tile {number}").format(player=who(fact.seat), number=place + 1)
    if kind == "stay":
        return stays_words(who(fact.seat), _space(fact))
    if kind == "travel":
        return travels_words(who(fact.seat), _space(fact))
    if kind == "stop_trading":
        return _("{player} stops trading").format(player=who(fact.seat))
    if kind == "trade":
        return trades_words(who(fact.seat), good_index(word(fact, "give")), good_index(word(fact, "take")))
    if kind == "pass":
        if fact.data.get("takes_card"):
            return _("{player} cannot build and takes a goods card").format(player=who(fact.seat))
        return _("{player} does not build").format(player=who(fact.seat))
    if kind == "build":
        return _("{player} builds {hut} with {payment}").format(
            player=who(fact.seat), hut=hut_words(number(fact, "hut")), payment=_payment(fact))
    if kind == "swap":
        first, second = _places(fact)
        return _("{player} swaps forest tiles {first} and {second}").format(player=who(fact.seat), first=first + 1,
                                                                            second=second + 1)
    if kind.startswith("log_"):
        return entry_line(fact, who)
    return step_words(fact, who)


def effects(fact: Fact, who: Who) -> list[str]:
    """A fact's effects, line by line: the entries it wrote in the public log."""
    return [entry_line(detail, who) for detail in fact.details]


def _tile(fact: Fact) -> str:
    return tile_words(TILE_NAMES.index(word(fact, "tile")))


def _space(fact: Fact) -> int:
    return RING.index(word(fact, "space"))


def _payment(fact: Fact) -> str:
    paid = fact.data["paid"]
    if not isinstance(paid, tuple):
        raise TypeError(f"{fact.kind}.paid is not a list: {paid!r}")
    return payment_words(tuple(ITEM_NAMES.index(str(item)) for item in paid))


def _places(fact: Fact) -> tuple[int, int]:
    places = fact.data["places"]
    if not isinstance(places, tuple) or len(places) != 2:
        raise TypeError(f"{fact.kind}.places is not two places: {places!r}")
    return int(places[0]), int(places[1])


def entry_line(fact: Fact, who: Who) -> str:
    """One entry of the public log (a ``log_*`` fact) as a sentence."""
    kind = fact.kind
    player = who(fact.seat) if fact.seat >= 0 else ""
    if kind == "log_hut":
        return hut_up_words(number(fact, "hut"), number(fact, "stack"))
    if kind == "log_turn":
        return _("{player} turns up forest tile {number}").format(player=player, number=number(fact, "place") + 1)
    if kind == "log_reveal":
        return _("Forest tile {number} shows {tile}").format(number=number(fact, "place") + 1, tile=_tile(fact))
    if kind == "log_move":
        return _("{player} moves {place}").format(player=player, place=to_space_words(_space(fact)))
    if kind == "log_stay":
        return stays_words(player, _space(fact))
    if kind == "log_travel":
        return travels_words(player, _space(fact))
    if kind == "log_take":
        return _("{player} takes {good}").format(player=player, good=a_good(good_index(word(fact, "good"))))
    if kind == "log_empty":
        # TRANSLATORS: {space} is a goods space ("the jug space"); the sentence starts with it.
        return upper_first(_("{space} is empty: {player} takes nothing").format(
            space=space_words(SPACE_OF_GOOD[good_index(word(fact, "good"))]), player=player))
    if kind == "log_trade":
        return trades_words(player, good_index(word(fact, "give")), good_index(word(fact, "take")))
    if kind == "log_stop_trading":
        return _("{player} stops trading").format(player=player)
    if kind == "log_dog":
        other = fact.data.get("from")
        if not isinstance(other, int):
            return _("{player} takes a dog from the storage").format(player=player)
        return _("{player} takes a dog from {other}").format(player=player, other=who(other))
    if kind == "log_no_dog":
        return _("{player} already has both dogs").format(player=player)
    if kind == "log_build":
        return _("{player} builds {hut} from stack {stack} with {payment}").format(
            player=player, hut=hut_words(number(fact, "hut")), stack=number(fact, "stack") + 1, payment=_payment(fact))
    if kind == "log_pass":
        return _("{player} does not build").format(player=player)
    if kind == "log_draw":
        card = fact.data.get("card")
        if isinstance(card, str):
            return _("{player} takes a goods card face down (everyone knows it: {card})").format(
                player=player, card=card_words(card_index(card)))
        return _("{player} takes a goods card face down").format(player=player)
    if kind == "log_no_card":
        return _("The goods-card pile is empty: {player} takes no card").format(player=player)
    if kind == "log_reset":
        return _("All forest tiles are turned face down")
    if kind == "log_swap":
        first, second = _places(fact)
        return _("{player} swaps forest tiles {first} and {second}").format(player=player, first=first + 1,
                                                                            second=second + 1)
    return _("{player} has built 3 huts and wins!").format(player=player)


def take_step_words(who: str, space: int) -> str:
    """The automatic take on a goods space: "Player 1 takes the good of the jug space"."""
    sentences = {
        BERRY_SPACE: _("{player} takes the good of the berry space"),
        FISH_SPACE: _("{player} takes the good of the fish space"),
        JUG_SPACE: _("{player} takes the good of the jug space"),
        ARROWHEAD_SPACE: _("{player} takes the good of the arrowhead space"),
        TOOTH_SPACE: _("{player} takes the good of the tooth space"),
    }
    return sentences[space].format(player=who)


def step_words(fact: Fact, who: Who) -> str:
    """A sentence naming an automatic step, told as it begins."""
    shared = shared_step_words(fact, who)
    if shared is not None:
        return shared
    kind = fact.kind
    if kind == FORCED_TURN_STEP:
        return _("{player} turns up the last face-down forest tile").format(player=who(fact.seat))
    if kind == TAKE_STEP:
        return take_step_words(who(fact.seat), _space(fact))
    if kind == DOG_STEP:
        return _("{player} takes a dog").format(player=who(fact.seat))
    if kind == CARD_STEP:
        return _("{player} cannot build and takes the top goods card").format(player=who(fact.seat))
    if kind == RESET_STEP:
        return _("All forest tiles are turned face down")
    return generic_say(fact, who)
