"""Stone Age Junior in words, for every face: goods and their counts, the spaces of the ring, the
forest tiles, the huts, a player's settlement (goods told only when shown), the board, and log
lines that do not give the memory game away."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.i18n import _, ngettext, pgettext
from stoneage.games.stone_age_junior.data import CARD_NAMES, GOODS, HUTS_TO_WIN, ITEM_NAMES, RING, SPACE_OF_GOOD
from stoneage.play.family_words import a_good, card_name, good_name, join_and, upper_first
from stoneage.play.stone_age_junior import narrate as N

Obs = dict[str, Any]


def a(word: str) -> str:
    """``"a berry"``, ``"an arrowhead"`` (a good's identifier; ``"guff"`` for the Guff card: ``"a guff"``)."""
    if word == "guff":
        # TRANSLATORS: the Guff card as the object of a sentence ("everybody knows it: a guff").
        return pgettext("object", "a guff")
    return a_good(GOODS.index(word))


def count_words(count: int, good: str) -> str:
    """``"1 berry"``, ``"3 teeth"``."""
    if good == "berry":
        text = ngettext("{count} berry", "{count} berries", count)
    elif good == "fish":
        text = ngettext("{count} fish", "{count} fish", count)
    elif good == "jug":
        text = ngettext("{count} jug", "{count} jugs", count)
    elif good == "arrowhead":
        text = ngettext("{count} arrowhead", "{count} arrowheads", count)
    else:
        text = ngettext("{count} tooth", "{count} teeth", count)
    return text.format(count=count)


def goods_words(counts: dict[str, int]) -> str:
    """``"2 berries, 1 fish"`` (``"nothing"`` if none)."""
    parts = [count_words(counts[g], g) for g in GOODS if counts.get(g)]
    return ", ".join(parts) if parts else _("nothing")


def paid_words(items: Sequence[str]) -> str:
    """A payment in words: ``"a fish, a jug card and a dog"`` (item identifiers: ``"jug_card"``)."""
    return join_and([N.paid_item_words(ITEM_NAMES.index(item)) for item in items])


def goods_count(total: int) -> str:
    """``"1 good"``, ``"3 goods"``."""
    return ngettext("{count} good", "{count} goods", total).format(count=total)


def space_words(space: str) -> str:
    """``"the building site"``, ``"the jug space"``."""
    return N.space_words(RING.index(space))


def on_space_words(space: str) -> str:
    """``"on the building site"``, ``"on the jug space"``."""
    return N.on_space_words(RING.index(space))


def to_space_words(space: str) -> str:
    """``"to the building site"``, ``"to the jug space"``."""
    return N.to_space_words(RING.index(space))


def tile_words(tile: str) -> str:
    """A forest tile: ``"a 3"`` (move on 3 spaces) or ``"the dog space"``."""
    if tile.isdigit():
        return pgettext("forest tile", "a {face}").format(face=tile)
    return space_words(tile)


def hut_goods(hut: Obs) -> str:
    """``"fish, jug, arrowhead"``."""
    return ", ".join(good_name(GOODS.index(good)) for good in hut["goods"])


def can_pay(hut: Obs, data: Obs) -> bool:
    """Whether a player (``players[p]`` of an observation in which its cards are told) can pay ``hut``."""
    need: dict[str, int] = {}
    for good in hut["goods"]:
        need[good] = need.get(good, 0) + 1
    cards = [*data["cards_public"], *data["cards_hidden"]]
    short: int = sum(max(0, n - int(data["goods"][g]) - cards.count(g)) for g, n in need.items())
    jokers = int(data["dogs"]) + cards.count("guff")
    return short <= min(jokers, 2)


def hut_lines(obs: Obs, viewer: Obs | None = None) -> list[str]:
    """The three stacks of huts: the face-up hut of each, what it needs, how many lie below.
    With ``viewer`` (a player's data, cards told): ``✓`` marks the huts that player can pay now."""
    lines = []
    for number, stack in enumerate(obs["huts"], 1):
        hut = stack["face_up"]
        if hut is None:
            lines.append(_("Stack {number}: no hut left ({below} below)").format(number=number, below=stack["below"]))
        elif viewer is not None and can_pay(hut, viewer):
            lines.append(_("Stack {number}: hut {hut} — {goods} ({below} below) ✓ you can build it").format(
                number=number, hut=hut["number"], goods=hut_goods(hut), below=stack["below"]))
        else:
            lines.append(_("Stack {number}: hut {hut} — {goods} ({below} below)").format(
                number=number, hut=hut["number"], goods=hut_goods(hut), below=stack["below"]))
    return lines


def card_list(cards: Sequence[str]) -> str:
    """Goods cards by kind (identifiers), with commas: ``"fish, guff"``."""
    return ", ".join(card_name(CARD_NAMES.index(card)) for card in cards)


def cards_words(data: Obs, shown: bool) -> str:
    if shown:
        return card_list([*data["cards_public"], *data["cards_hidden"]])
    hidden = len(data["cards_hidden"])
    parts = []
    if hidden:
        parts.append(ngettext("{count} face down", "{count} face down", hidden).format(count=hidden))
    if data["cards_public"]:
        parts.append(_("known: {cards}").format(cards=card_list(data["cards_public"])))
    return "; ".join(parts)


def player_sentence(obs: Obs, seat: int, name: str, shown: bool) -> str:
    """A player in one sentence (plain mode); goods told only when ``shown``."""
    data = obs["players"][seat]
    built = data["built"]
    if built:
        huts = ngettext("{count} hut built ({numbers})", "{count} huts built ({numbers})", len(built)).format(
            count=len(built), numbers=", ".join(map(str, built)))
    else:
        huts = _("no hut yet")
    # TRANSLATORS: where a player's figure stands, as one part of the player's line ({space}: "the jug space").
    parts = [pgettext("player line", "on {space}").format(space=space_words(obs["figures"][seat])), huts]
    total = sum(data["goods"].values())
    if shown:
        parts.append(_("goods: {goods}").format(goods=goods_words(data["goods"])))
    else:
        parts.append(ngettext("{count} good (hidden)", "{count} goods (hidden)", total).format(count=total))
    if data["dogs"]:
        parts.append(ngettext("{count} dog", "{count} dogs", data["dogs"]).format(count=data["dogs"]))
    if obs["pile"] is not None:
        cards = cards_words(data, shown)
        if cards:
            parts.append(_("goods cards: {cards}").format(cards=cards))
    # TRANSLATORS: a player in one line: the name, then the parts separated by "; ".
    return _("{name}: {parts}.").format(name=name, parts="; ".join(parts))


def _ring_what(obs: Obs, name: str) -> str:
    if name == "dog":
        count = obs["dog_storage"]
        return ngettext("{count} dog in the storage", "{count} dogs in the storage", count).format(count=count)
    if name == "trading_post":
        return _("on the post {goods}").format(goods=goods_words(obs["trading_post"]))
    if name == "building_site":
        return _("build huts here")
    return count_words(obs["supply"][name], name) if obs["supply"][name] else _("empty")


def board_sentences(obs: Obs, short: Sequence[str]) -> list[str]:
    """The board in words (plain mode): the ring, the forest (face-up tiles only), the huts."""
    ring = []
    for space, name in enumerate(RING):
        who = [short[s] for s, where in enumerate(obs["figures"]) if where == name]
        if obs["martin"] == name:
            who.append(_("Martin"))
        what = _ring_what(obs, name)
        if who:
            ring.append(_("{number}. {space}: {what} ({names} here)").format(
                number=space + 1, space=space_words(name), what=what, names=", ".join(who)))
        else:
            ring.append(_("{number}. {space}: {what}").format(number=space + 1, space=space_words(name), what=what))
    lines = [_("The ring: {spaces}.").format(spaces="; ".join(ring))]
    up = "; ".join(_("tile {number} shows {tile}").format(number=p + 1, tile=tile_words(t))
                   for p, t in enumerate(obs["forest"]) if t != "down")
    down = ", ".join(str(p + 1) for p, t in enumerate(obs["forest"]) if t == "down")
    if down and up:
        lines.append(_("Forest: tiles {places} face down; {shown}.").format(places=down, shown=up))
    elif down:
        lines.append(_("Forest: tiles {places} face down.").format(places=down))
    elif up:
        lines.append(_("Forest: no tile face down; {shown}.").format(shown=up))
    else:
        lines.append(_("Forest: no tile face down."))
    lines.append(_("Huts: {stacks}.").format(stacks="; ".join(hut_lines(obs))))
    if obs["pile"] is not None:
        size = obs["pile"]["size"]
        lines.append(ngettext("Goods-card pile: {count} cards. Martin is {place}.",
                              "Goods-card pile: {count} cards. Martin is {place}.", size).format(
            count=size, place=on_space_words(obs["martin"])))
    return lines


def event_line(event: Obs, names: Sequence[str], tell_tiles: bool = True) -> str | None:
    """A log event as a friendly sentence, or None for an event not worth a line.

    With ``tell_tiles=False`` the forest place of a tile turned up is not told (the full-screen board
    shows the tile while it lies face up), so the log is no memory aid.
    """
    kind = event["event"]
    who = names[event["player"]] if "player" in event else ""
    if kind == "hut":
        return _("Hut {number} turns face up on stack {stack}.").format(number=event["hut"], stack=event["stack"] + 1)
    if kind == "turn":
        return None
    if kind == "reveal":
        if not tell_tiles:
            return _("{player} turns up a forest tile.").format(player=who)
        return _("{player} turns up forest tile {number}: {tile}.").format(player=who, number=event["place"] + 1,
                                                                          tile=tile_words(event["tile"]))
    if kind == "move":
        return _("{player} goes {place}.").format(player=who, place=to_space_words(event["space"]))
    if kind == "stay":
        return _("{player} stays with Martin.").format(player=who)
    if kind == "travel":
        return _("{player} travels with Martin {place}.").format(player=who, place=to_space_words(event["space"]))
    if kind == "take":
        return _("{player} takes {good}.").format(player=who, good=a(event["good"]))
    if kind == "empty":
        # TRANSLATORS: {space} is a goods space ("the jug space"); the sentence starts with it.
        return upper_first(_("{space} is empty: {player} gets nothing.").format(
            space=N.space_words(SPACE_OF_GOOD[GOODS.index(event["good"])]), player=who))
    if kind == "trade":
        return _("{player} trades {give} for {take}.").format(player=who, give=a(event["give"]), take=a(event["take"]))
    if kind == "stop_trading":
        return _("{player} stops trading.").format(player=who)
    if kind == "dog":
        if event["from"] is None:
            return _("{player} takes a dog!").format(player=who)
        return _("{player} takes a dog from {other}!").format(player=who, other=names[event["from"]])
    if kind == "no_dog":
        return _("{player} already has both dogs.").format(player=who)
    if kind == "build":
        return _("{player} builds hut {number} with {payment}!").format(player=who, number=event["hut"],
                                                                       payment=paid_words(event["paid"]))
    if kind == "pass":
        return _("{player} does not build.").format(player=who)
    if kind == "draw":
        if event["card"] is not None:
            return _("{player} takes a goods card (everybody knows it: {card}).").format(player=who,
                                                                                        card=a(event["card"]))
        return _("{player} takes a goods card.").format(player=who)
    if kind == "no_card":
        return _("The goods-card pile is empty: {player} gets no card.").format(player=who)
    if kind == "reset":
        return _("All forest tiles are turned face down.")
    if kind == "swap":
        first, second = event["places"]
        return _("{player} swaps forest tiles {first} and {second}.").format(player=who, first=first + 1,
                                                                             second=second + 1)
    if kind == "win":
        return _("{player} has built {count} huts and wins!").format(player=who, count=HUTS_TO_WIN)
    return None  # pragma: no cover - every event kind is told above
