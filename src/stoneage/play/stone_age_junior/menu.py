"""The decisions of Stone Age Junior as menus for people: which forest tile to turn up, Martin's
trip (expansion), trading, building and the swap after the reset. Labels never tell a face-down
forest tile (it is a memory game); a swap is a place first, then the place to swap it with."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import Any

from stoneage.core.contract import JSON, State
from stoneage.core.i18n import _, ngettext
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import BUILDS, NUM_POSITIONS, RING, SPACE_OF_GOOD
from stoneage.play.family_words import a_good
from stoneage.play.menus import Choice, Menu, complete_menu
from stoneage.play.stone_age_junior.narrate import payment_words
from stoneage.play.stone_age_junior.words import (
    a,
    can_pay,
    card_list,
    goods_words,
    hut_goods,
    on_space_words,
    to_space_words,
)


def _what_happens(obs: dict[str, Any], space: str) -> str:
    """What landing on ``space`` does, in a few words."""
    if space == "building_site":
        return _("build a hut")
    if space == "dog":
        return _("take a dog")
    if space == "trading_post":
        return _("trade 1 for 1")
    count = obs["supply"][space]
    if count:
        return _("take {good} ({count} there)").format(good=a(space), count=count)
    return _("empty: nothing to take")


def build_menu(state: State, names: Sequence[str], observation: JSON | None = None) -> Menu:
    """The menu of the decision pending in ``state`` (a player's decision); ``observation`` is the
    deciding seat's, if the caller has it."""
    seat = state.current_player()
    obs = observation if observation is not None else state.observation(seat)
    stage = obs["pending"]["stage"]
    legal = state.legal_actions()
    me = obs["players"][seat]
    who = names[seat]
    here = obs["figures"][seat]
    dogs = me["dogs"]
    holds = goods_words(me["goods"])
    if dogs:
        holds = ngettext("{goods}; {count} dog", "{goods}; {count} dogs", dogs).format(goods=holds, count=dogs)
    cards = [*me["cards_public"], *me["cards_hidden"]]
    if cards:
        holds = _("{holdings}; goods cards: {cards}").format(holdings=holds, cards=card_list(cards))
    info = [_("You are {place}. You have: {holdings}.").format(place=on_space_words(here), holdings=holds)]
    choices: list[Choice] = []
    if stage == "turn":
        prompt = _("{player}: turn up a forest tile.").format(player=who)
        buildable = [stack["face_up"]["number"] for stack in obs["huts"]
                     if stack["face_up"] is not None and can_pay(stack["face_up"], me)]
        if buildable:
            huts = reduce(lambda first, second: _("{first} or {second}").format(first=first, second=second),
                          [_("hut {number}").format(number=n) for n in buildable])
            info.append(_("You can build {huts}: find the building site!").format(huts=huts))
        choices = [Choice(_("forest tile {number}").format(number=action - A.TURN + 1), action) for action in legal]
    elif stage == "martin":
        prompt = _("{player}: Martin the mammoth is here! Stay, or travel on with him?").format(player=who)
        for action in legal:
            if action == A.STAY:
                choices.append(Choice(_("stay {place}: {what}").format(place=on_space_words(here),
                                                                       what=_what_happens(obs, here)), action))
            else:
                space = RING[SPACE_OF_GOOD[action - A.TRAVEL]]
                choices.append(Choice(_("travel {place}: {what}").format(place=to_space_words(space),
                                                                         what=_what_happens(obs, space)), action))
    elif stage == "trade":
        prompt = _("{player}: trade goods at the trading post, 1 for 1.").format(player=who)
        info.append(_("On the trading post: {goods}.").format(goods=goods_words(obs["trading_post"])))
        for action in legal:
            if action == A.STOP_TRADING:
                choices.append(Choice(_("stop trading"), action))
            else:
                give, take = A.TRADES[action - A.TRADE]
                choices.append(Choice(_("give {give}, take {take}").format(give=a_good(give), take=a_good(take)),
                                      action))
    elif stage == "build":
        prompt = _("{player}: you are on the building site. Build a hut?").format(player=who)
        for stack in obs["huts"]:
            hut = stack["face_up"]
            if hut is not None:
                info.append(_("Hut {number} needs {goods}.").format(number=hut["number"], goods=hut_goods(hut)))
        for action in legal:
            if action == A.PASS:
                if obs["pile"] is not None:
                    choices.append(Choice(_("do not build (and take a goods card)"), action))
                else:
                    choices.append(Choice(_("do not build"), action))
            else:
                number, items = BUILDS[action - A.BUILD]
                choices.append(Choice(_("build hut {number} with {payment}").format(
                    number=number, payment=payment_words(items)), action))
    elif stage == "swap":
        prompt = _("{player}: all forest tiles are face down again. Swap two of them (everybody sees which).").format(
            player=who)
        info.append(_("Choose the first tile, then the tile to swap it with."))
        for first in range(NUM_POSITIONS):
            children = tuple(Choice(_("swap tiles {first} and {second}").format(first=first + 1, second=second + 1),
                                    A.swap(first, second))
                             for second in range(NUM_POSITIONS) if second != first)
            choices.append(Choice(_("swap tile {number} with").format(number=first + 1), children=children))
    else:
        prompt = _("{player}: choose").format(player=who)
        choices = [Choice(state.action_to_string(action), action) for action in legal]
    return complete_menu(Menu(prompt, tuple(choices), stage, seat, info), state, legal)
