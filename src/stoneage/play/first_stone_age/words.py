"""My First Stone Age in words, for every face: the cards, a player's hut and goods, the circle and
the draw pile, and log lines that do not give the memory game away."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.games.first_stone_age.data import HUTS_TO_WIN

Obs = dict[str, Any]


def card_words(card: str) -> str:
    """``"a fish"``, ``"an arrowhead"``, ``"Guff the dog"``."""
    if card == "guff":
        return "Guff the dog"
    return f"{'an' if card[0] in 'aeiou' else 'a'} {card}"


def hut_goods(data: Obs) -> list[tuple[str, bool]]:
    """The goods of a player's hut with whether each is collected (Guff counting as his good)."""
    hut = data["hut"]
    if hut is None:
        return []
    needs = set(data["needs"])
    return [(good, good not in needs) for good in hut["goods"]]


def player_sentence(data: Obs, name: str) -> str:
    """A player in one sentence (plain mode)."""
    built = data["built"]
    huts = f"{len(built)} hut{'s' if len(built) != 1 else ''} built" + (f" ({', '.join(map(str, built))})"
                                                                         if built else "")
    if data["hut"] is None:
        return f"{name}: no hut card; {huts}."
    goods = hut_goods(data)
    has = [good + (" (Guff)" if data["guff_as"] == good else "") for good, got in goods if got]
    parts = [f"hut {data['hut']['number']} ({', '.join(g for g, _ in goods)})"]
    parts.append(f"has {', '.join(has)}" if has else "has nothing yet")
    if data["needs"]:
        parts.append(f"still needs {', '.join(data['needs'])}")
    return f"{name}: {'; '.join(parts)}; {huts}."


def table_sentences(obs: Obs) -> list[str]:
    """The circle and the draw pile in words (plain mode); no face-down card is told."""
    circle = obs["circle"]
    martin = obs["martin"]
    empty = [str(s + 1) for s, shown in enumerate(circle) if shown is None]
    lines = []
    if martin is not None:
        lines.append(f"Martin stands beside card {martin + 1}.")
    down = "The cards lie face down in a circle, places 1 to 9"
    lines.append(down + (f"; place {', '.join(empty)} is empty." if empty else "."))
    pile = obs["draw_pile"]
    top = f"{card_words(pile['top'])} on top" if pile["top"] else "empty"
    lines.append(f"Draw pile: {pile['size']} card{'s' if pile['size'] != 1 else ''}, {top}. "
                 f"Huts left in the hut pile: {obs['hut_pile_size']}.")
    return lines


def event_line(event: Obs, names: Sequence[str], tell_cards: bool = True) -> str | None:
    """A log event of the observation as a friendly sentence, or None for an event not worth a line.

    With ``tell_cards=False`` the kinds of cards that go back face down are not told (the
    full-screen mode shows them big until they flip back), so the log is no memory aid.
    """
    kind = event["event"]
    who = names[event["player"]] if "player" in event else ""
    if kind == "hut":
        number = event["hut"]
        return f"{who} takes hut {number}."
    if kind == "draw":
        return f"The draw pile shows {card_words(event['card'])}." if tell_cards else None
    if kind == "start":
        return f"{who} puts Martin beside card {event['slot'] + 1}."
    if kind == "move":
        steps = event["steps"]
        return f"{who} moves Martin {steps} card{'s' if steps != 1 else ''}, to card {event['slot'] + 1}."
    if kind == "reveal":
        card = f": {card_words(event['card'])}" if tell_cards else ""
        return f"{who} turns up card {event['slot'] + 1}{card}."
    if kind == "keep":
        good = event["as"]
        if event["card"] == "guff":
            return f"{who} keeps Guff the dog as the {good}!"
        return f"{who} keeps the {good}!"
    if kind == "turn_back":
        return f"Not needed: card {event['slot'] + 1} is turned face down again."
    if kind == "refill":
        card = f"({card_words(event['card'])}) " if tell_cards else ""
        return f"The top card of the draw pile {card}fills place {event['slot'] + 1}, face down."
    if kind == "build":
        return f"{who} builds hut {event['hut']}!"
    if kind == "under":
        return None
    if kind == "win":
        return f"{who} has built {HUTS_TO_WIN} huts and wins!"
    return "No card in the circle can ever be kept again: nobody can win."

