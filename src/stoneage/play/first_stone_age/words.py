"""My First Stone Age in words, for every face: the cards, a player's hut and goods, the circle and
the draw pile, and log lines that do not give the memory game away (in the current language,
``stoneage.core.i18n``; observations name goods and cards by their identifiers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.i18n import _, ngettext
from stoneage.games.first_stone_age.data import CARD_NAMES, GOODS, HUTS_TO_WIN
from stoneage.play.family_words import a_card, good_name

Obs = dict[str, Any]


def card_words(card: str) -> str:
    """``"a fish"``, ``"an arrowhead"``, ``"Guff the dog"``."""
    return a_card(CARD_NAMES.index(card))


def good_words(good: str) -> str:
    """A good's name, from its identifier: ``"berry"``."""
    return good_name(GOODS.index(good))


def hut_goods(data: Obs) -> list[tuple[str, bool]]:
    """The goods of a player's hut with whether each is collected (Guff counting as his good);
    goods by their identifiers (``good_words`` names them)."""
    hut = data["hut"]
    if hut is None:
        return []
    needs = set(data["needs"])
    return [(good, good not in needs) for good in hut["goods"]]


def _goods(goods: Sequence[str]) -> str:
    return ", ".join(good_words(good) for good in goods)


def huts_built_words(built: Sequence[int]) -> str:
    """``"2 huts built (3, 7)"``, ``"0 huts built"``."""
    if built:
        return ngettext("{count} hut built ({numbers})", "{count} huts built ({numbers})", len(built)).format(
            count=len(built), numbers=", ".join(map(str, built)))
    return ngettext("{count} hut built", "{count} huts built", 0).format(count=0)


def player_sentence(data: Obs, name: str) -> str:
    """A player in one sentence (plain mode)."""
    huts = huts_built_words(data["built"])
    if data["hut"] is None:
        return _("{name}: no hut card; {huts}.").format(name=name, huts=huts)
    goods = hut_goods(data)
    has = [_("{good} (Guff)").format(good=good_words(good)) if data["guff_as"] == good else good_words(good)
           for good, got in goods if got]
    parts = [_("hut {number} ({goods})").format(number=data["hut"]["number"], goods=_goods([g for g, _got in goods]))]
    parts.append(_("has {goods}").format(goods=", ".join(has)) if has else _("has nothing yet"))
    if data["needs"]:
        parts.append(_("still needs {goods}").format(goods=_goods(data["needs"])))
    return _("{name}: {parts}; {huts}.").format(name=name, parts="; ".join(parts), huts=huts)


def table_sentences(obs: Obs) -> list[str]:
    """The circle and the draw pile in words (plain mode); no face-down card is told."""
    circle = obs["circle"]
    martin = obs["martin"]
    empty = [s + 1 for s, shown in enumerate(circle) if shown is None]
    lines = []
    if martin is not None:
        lines.append(_("Martin stands beside card {number}.").format(number=martin + 1))
    if empty:
        lines.append(ngettext("The cards lie face down in a circle, places 1 to 9; place {places} is empty.",
                              "The cards lie face down in a circle, places 1 to 9; place {places} is empty.",
                              len(empty)).format(places=", ".join(map(str, empty))))
    else:
        lines.append(_("The cards lie face down in a circle, places 1 to 9."))
    pile = obs["draw_pile"]
    size, huts = pile["size"], obs["hut_pile_size"]
    if pile["top"]:
        lines.append(ngettext("Draw pile: {count} card, {top} on top. Huts left in the hut pile: {huts}.",
                              "Draw pile: {count} cards, {top} on top. Huts left in the hut pile: {huts}.", size)
                     .format(count=size, top=card_words(pile["top"]), huts=huts))
    else:
        lines.append(ngettext("Draw pile: {count} card, empty. Huts left in the hut pile: {huts}.",
                              "Draw pile: {count} cards, empty. Huts left in the hut pile: {huts}.", size)
                     .format(count=size, huts=huts))
    return lines


def event_line(event: Obs, names: Sequence[str], tell_cards: bool = True) -> str | None:
    """A log event of the observation as a friendly sentence, or None for an event not worth a line.

    With ``tell_cards=False`` the kinds of cards that go back face down are not told (the
    full-screen mode shows them big until they flip back), so the log is no memory aid.
    """
    kind = event["event"]
    who = names[event["player"]] if "player" in event else ""
    if kind == "hut":
        return _("{player} takes hut {number}.").format(player=who, number=event["hut"])
    if kind == "draw":
        return _("The draw pile shows {card}.").format(card=card_words(event["card"])) if tell_cards else None
    if kind == "start":
        return _("{player} puts Martin beside card {number}.").format(player=who, number=event["slot"] + 1)
    if kind == "move":
        steps = event["steps"]
        return ngettext("{player} moves Martin {count} card, to card {number}.",
                        "{player} moves Martin {count} cards, to card {number}.", steps).format(
            player=who, count=steps, number=event["slot"] + 1)
    if kind == "reveal":
        if tell_cards:
            return _("{player} turns up card {number}: {card}.").format(player=who, number=event["slot"] + 1,
                                                                        card=card_words(event["card"]))
        return _("{player} turns up card {number}.").format(player=who, number=event["slot"] + 1)
    if kind == "keep":
        good = good_words(event["as"])
        if event["card"] == "guff":
            return _("{player} keeps Guff the dog as the {good}!").format(player=who, good=good)
        return _("{player} keeps the {good}!").format(player=who, good=good)
    if kind == "turn_back":
        return _("Not needed: card {number} is turned face down again.").format(number=event["slot"] + 1)
    if kind == "refill":
        if tell_cards:
            return _("The top card of the draw pile ({card}) fills place {number}, face down.").format(
                card=card_words(event["card"]), number=event["slot"] + 1)
        return _("The top card of the draw pile fills place {number}, face down.").format(number=event["slot"] + 1)
    if kind == "build":
        return _("{player} builds hut {number}!").format(player=who, number=event["hut"])
    if kind == "under":
        return None
    if kind == "win":
        return _("{player} has built {count} huts and wins!").format(player=who, count=HUTS_TO_WIN)
    return _("No card in the circle can ever be kept again: nobody can win.")
