"""Stone Age Junior in words, for every face: goods and their counts, the spaces of the ring, the
forest tiles, the huts, a player's settlement (goods told only when shown), the board, and log
lines that do not give the memory game away."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.games.stone_age_junior.data import GOODS, HUTS_TO_WIN, RING

Obs = dict[str, Any]


PLURALS = {"berry": "berries", "fish": "fish", "jug": "jugs", "arrowhead": "arrowheads", "tooth": "teeth"}


def a(word: str) -> str:
    """``"a berry"``, ``"an arrowhead"``."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def count_words(count: int, good: str) -> str:
    """``"1 berry"``, ``"3 teeth"``."""
    return f"{count} {good if count == 1 else PLURALS[good]}"


def goods_words(counts: dict[str, int]) -> str:
    """``"2 berries, 1 fish"`` (``"nothing"`` if none)."""
    parts = [count_words(counts[g], g) for g in GOODS if counts.get(g)]
    return ", ".join(parts) if parts else "nothing"


def paid_words(items: Sequence[str]) -> str:
    """A payment in words: ``"a fish, a jug card and a dog"``."""
    words = ["the Guff card" if item == "guff" else a(item.replace("_card", " card")) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def goods_count(total: int) -> str:
    """``"1 good"``, ``"3 goods"``."""
    return f"{total} good{'s' if total != 1 else ''}"


def space_words(space: str) -> str:
    """``"the building site"``, ``"the jug space"``."""
    name = space.replace("_", " ")
    return f"the {name}" if space in ("building_site", "trading_post") else f"the {name} space"


def tile_words(tile: str) -> str:
    """A forest tile: ``"a 3"`` (move on 3 spaces) or ``"the dog space"``."""
    return f"a {tile}" if tile.isdigit() else space_words(tile)


def hut_goods(hut: Obs) -> str:
    """``"fish, jug, arrowhead"``."""
    return ", ".join(hut["goods"])


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
        below = f"({stack['below']} below)"
        if hut is None:
            lines.append(f"Stack {number}: no hut left {below}")
            continue
        mark = " ✓ you can build it" if viewer is not None and can_pay(hut, viewer) else ""
        lines.append(f"Stack {number}: hut {hut['number']} — {hut_goods(hut)} {below}{mark}")
    return lines


def cards_words(data: Obs, shown: bool) -> str:
    if shown:
        cards = [*data["cards_public"], *data["cards_hidden"]]
        return ", ".join(cards) if cards else ""
    hidden = len(data["cards_hidden"])
    parts = []
    if hidden:
        parts.append(f"{hidden} face down")
    if data["cards_public"]:
        parts.append("known: " + ", ".join(data["cards_public"]))
    return "; ".join(parts)


def player_sentence(obs: Obs, seat: int, name: str, shown: bool) -> str:
    """A player in one sentence (plain mode); goods told only when ``shown``."""
    data = obs["players"][seat]
    built = data["built"]
    huts = (f"{len(built)} hut{'s' if len(built) != 1 else ''} built ({', '.join(map(str, built))})" if built
            else "no hut yet")
    parts = [f"on {space_words(obs['figures'][seat])}", huts]
    total = sum(data["goods"].values())
    parts.append(f"goods: {goods_words(data['goods'])}" if shown else f"{goods_count(total)} (hidden)")
    if data["dogs"]:
        parts.append(f"{data['dogs']} dog{'s' if data['dogs'] != 1 else ''}")
    if obs["pile"] is not None:
        cards = cards_words(data, shown)
        if cards:
            parts.append(f"goods cards: {cards}")
    return f"{name}: {'; '.join(parts)}."


def board_sentences(obs: Obs, short: Sequence[str]) -> list[str]:
    """The board in words (plain mode): the ring, the forest (face-up tiles only), the huts."""
    ring = []
    for space, name in enumerate(RING):
        who = [short[s] for s, where in enumerate(obs["figures"]) if where == name]
        if obs["martin"] == name:
            who.append("Martin")
        if name == "dog":
            what = f"{obs['dog_storage']} dog{'s' if obs['dog_storage'] != 1 else ''} in the storage"
        elif name == "trading_post":
            what = f"on the post {goods_words(obs['trading_post'])}"
        elif name == "building_site":
            what = "build huts here"
        else:
            what = count_words(obs["supply"][name], name) if obs["supply"][name] else "empty"
        here = f" ({', '.join(who)} here)" if who else ""
        ring.append(f"{space + 1}. {space_words(name)}: {what}{here}")
    lines = ["The ring: " + "; ".join(ring) + "."]
    up = [f"tile {p + 1} shows {tile_words(t)}" for p, t in enumerate(obs["forest"]) if t != "down"]
    down = [str(p + 1) for p, t in enumerate(obs["forest"]) if t == "down"]
    forest = f"Forest: tiles {', '.join(down)} face down" if down else "Forest: no tile face down"
    lines.append(forest + (f"; {'; '.join(up)}." if up else "."))
    lines.append("Huts: " + "; ".join(hut_lines(obs)) + ".")
    if obs["pile"] is not None:
        lines.append(f"Goods-card pile: {obs['pile']['size']} cards. Martin is on {space_words(obs['martin'])}.")
    return lines


def event_line(event: Obs, names: Sequence[str], tell_tiles: bool = True) -> str | None:
    """A log event as a friendly sentence, or None for an event not worth a line.

    With ``tell_tiles=False`` the forest place of a tile turned up is not told (the full-screen board
    shows the tile while it lies face up), so the log is no memory aid.
    """
    kind = event["event"]
    who = names[event["player"]] if "player" in event else ""
    if kind == "hut":
        hut = event["hut"]
        return f"Hut {hut} turns face up on stack {event['stack'] + 1}."
    if kind == "turn":
        return None
    if kind == "reveal":
        if not tell_tiles:
            return f"{who} turns up a forest tile."
        return f"{who} turns up forest tile {event['place'] + 1}: {tile_words(event['tile'])}."
    if kind == "move":
        return f"{who} goes to {space_words(event['space'])}."
    if kind == "stay":
        return f"{who} stays with Martin."
    if kind == "travel":
        return f"{who} travels with Martin to {space_words(event['space'])}."
    if kind == "take":
        return f"{who} takes {a(event['good'])}."
    if kind == "empty":
        return f"{space_words(event['good']).capitalize()} is empty: {who} gets nothing."
    if kind == "trade":
        return f"{who} trades {a(event['give'])} for {a(event['take'])}."
    if kind == "stop_trading":
        return f"{who} stops trading."
    if kind == "dog":
        source = "" if event["from"] is None else f" from {names[event['from']]}"
        return f"{who} takes a dog{source}!"
    if kind == "no_dog":
        return f"{who} already has both dogs."
    if kind == "build":
        return f"{who} builds hut {event['hut']} with {paid_words(event['paid'])}!"
    if kind == "pass":
        return f"{who} does not build."
    if kind == "draw":
        known = f" (everybody knows it: {a(event['card'])})" if event["card"] is not None else ""
        return f"{who} takes a goods card{known}."
    if kind == "no_card":
        return f"The goods-card pile is empty: {who} gets no card."
    if kind == "reset":
        return "All forest tiles are turned face down."
    if kind == "swap":
        first, second = event["places"]
        return f"{who} swaps forest tiles {first + 1} and {second + 1}."
    if kind == "win":
        return f"{who} has built {HUTS_TO_WIN} huts and wins!"
    return None  # pragma: no cover - every event kind is told above

