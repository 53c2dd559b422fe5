"""Readable sentences for a game log: who does what, in the words of the rulebook (in the current
language, ``stoneage.core.i18n``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.i18n import _, pgettext, seat_name
from stoneage.games.family.narrate import (
    a_good,
    goods_list,
    hut_words as family_hut_words,
    join_and,
    shared_step_words,
    upper_first,
)
from stoneage.games.stone_age_junior import actions as A, state as S
from stoneage.games.stone_age_junior.data import (
    ARROWHEAD_SPACE,
    BERRY_SPACE,
    BUILDS,
    DIE_FACES,
    FISH_SPACE,
    HUTS,
    JUG_SPACE,
    SPACE_OF_GOOD,
    TILE_NAMES,
    TOOTH_SPACE,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.state import Event, StoneAgeJuniorState


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


def hut_words(number: int) -> str:
    """A hut in words: "hut 7 (fish, jug, arrowhead)"."""
    return family_hut_words(number, HUTS)


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


def describe(state: StoneAgeJuniorState, action: int) -> str:
    """What ``action`` means when applied to ``state``."""
    stage = state.stage
    who = seat_name(state.cur)
    if stage == S.HUT_REVEAL:
        return "  " + hut_up_words(action - A.HUT + 1, state.reveal_stack)
    if stage == S.TILE_REVEAL:
        return "  " + _("Forest tile {number} shows {tile}").format(number=state.tile_pos + 1,
                                                                   tile=tile_words(action - A.REVEAL))
    if stage == S.DRAW_CARD:
        return "  " + _("{player} takes the top goods card of the pile face down: {card}").format(
            player=who, card=card_words(action - A.DRAW))
    if stage == S.CHOOSE_TILE:
        place = action - A.TURN
        if state.seen >> place & 1:
            return _("{player} turns up forest tile {number} ({tile}, as everyone remembers)").format(
                player=who, number=place + 1, tile=tile_words(state.forest[place]))
        return _("{player} turns up forest tile {number}").format(player=who, number=place + 1)
    if stage == S.MARTIN:
        if action == A.STAY:
            return stays_words(who, state.pos[state.cur])
        return travels_words(who, SPACE_OF_GOOD[action - A.TRAVEL])
    if stage == S.TRADE:
        if action == A.STOP_TRADING:
            return _("{player} stops trading").format(player=who)
        give, take = A.TRADES[action - A.TRADE]
        return trades_words(who, give, take)
    if stage == S.BUILD:
        if action == A.PASS:
            if state.game.cards and not state.builds(state.cur):
                return _("{player} cannot build and takes a goods card").format(player=who)
            return _("{player} does not build").format(player=who)
        number, items = BUILDS[action - A.BUILD]
        return _("{player} builds {hut} with {payment}").format(player=who, hut=hut_words(number),
                                                               payment=payment_words(items))
    if stage == S.SWAP:
        a, b = A.SWAPS[action - A.SWAP]
        return _("{player} swaps forest tiles {first} and {second}").format(player=who, first=a + 1, second=b + 1)
    return f"{who}: {A.action_name(action)}"


def event_line(event: Event) -> str:
    """One public log event as a sentence."""
    _at, _turn, kind, player, x, y, z = event
    who = seat_name(player)
    if kind == S.EV_HUT:
        return hut_up_words(y, x)
    if kind == S.EV_TURN:
        return _("{player} turns up forest tile {number}").format(player=who, number=x + 1)
    if kind == S.EV_REVEAL:
        return _("Forest tile {number} shows {tile}").format(number=x + 1, tile=tile_words(y))
    if kind == S.EV_MOVE:
        return _("{player} moves {place}").format(player=who, place=to_space_words(x))
    if kind == S.EV_STAY:
        return stays_words(who, x)
    if kind == S.EV_TRAVEL:
        return travels_words(who, x)
    if kind == S.EV_TAKE:
        return _("{player} takes {good}").format(player=who, good=a_good(x))
    if kind == S.EV_EMPTY:
        # TRANSLATORS: {space} is a goods space ("the jug space"); the sentence starts with it.
        return upper_first(_("{space} is empty: {player} takes nothing").format(
            space=space_words(SPACE_OF_GOOD[x]), player=who))
    if kind == S.EV_TRADE:
        return trades_words(who, x, y)
    if kind == S.EV_STOP:
        return _("{player} stops trading").format(player=who)
    if kind == S.EV_DOG:
        if x < 0:
            return _("{player} takes a dog from the storage").format(player=who)
        return _("{player} takes a dog from {other}").format(player=who, other=seat_name(x))
    if kind == S.EV_NO_DOG:
        return _("{player} already has both dogs").format(player=who)
    if kind == S.EV_BUILD:
        return _("{player} builds {hut} from stack {stack} with {payment}").format(
            player=who, hut=hut_words(x), stack=y + 1, payment=payment_words(BUILDS[z][1]))
    if kind == S.EV_PASS:
        return _("{player} does not build").format(player=who)
    if kind == S.EV_DRAW:
        if x >= 0:
            return _("{player} takes a goods card face down (everyone knows it: {card})").format(
                player=who, card=card_words(x))
        return _("{player} takes a goods card face down").format(player=who)
    if kind == S.EV_NO_CARD:
        return _("The goods-card pile is empty: {player} takes no card").format(player=who)
    if kind == S.EV_RESET:
        return _("All forest tiles are turned face down")
    if kind == S.EV_SWAP:
        return _("{player} swaps forest tiles {first} and {second}").format(player=who, first=x + 1, second=y + 1)
    return _("{player} has built 3 huts and wins!").format(player=who)


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


def step_words(state: StoneAgeJuniorState, kind: str, seat: int) -> str:
    """A sentence naming an automatic step (``apply_traced``), told as it begins."""
    shared = shared_step_words(kind, seat)
    if shared is not None:
        return shared
    who = seat_name(seat)
    if kind == S.FORCED_TURN_STEP:
        return _("{player} turns up the last face-down forest tile").format(player=who)
    if kind == S.TAKE_STEP:
        return take_step_words(who, state.pos[seat])
    if kind == S.DOG_STEP:
        return _("{player} takes a dog").format(player=who)
    if kind == S.CARD_STEP:
        return _("{player} cannot build and takes the top goods card").format(player=who)
    if kind == S.RESET_STEP:
        return _("All forest tiles are turned face down")
    return f"{who}: {kind.replace('_', ' ')}"  # pragma: no cover - every kind is named above
