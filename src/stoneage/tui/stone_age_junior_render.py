"""Text for playing Stone Age Junior in the terminal: the ring of spaces with the figures, the goods
on the spaces and on the trading post, the dogs, the forest tiles face down or up, the three
face-up huts, every player's settlement, log lines, the result.

Every function takes public data (an observation, or a finished state's scores) and returns plain
lines, or rows of ``(text, style)`` segments that the full-screen app colours (``plain()`` joins
them for the plain mode and the tests). Goods are hidden behind the settlement boards: a player's
goods are shown only for the seats in ``show_goods`` (the person looking at the screen), the
others as a count.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from stoneage.core.contract import State
from stoneage.games.stone_age_junior.data import GOODS, HUTS_TO_WIN, NUM_POSITIONS, RING

Obs = dict[str, Any]
Segment = tuple[str, str]
Row = list[Segment]

PLURALS = {"berry": "berries", "fish": "fish", "jug": "jugs", "arrowhead": "arrowheads", "tooth": "teeth"}
GOOD_STYLES = {
    "berry": "bold red",
    "fish": "bold dodger_blue1",
    "jug": "bold dark_orange",
    "arrowhead": "bold grey74",
    "tooth": "bold white",
}
PLAYER_STYLES = ("bold red", "bold dodger_blue1", "bold yellow", "bold green")
BORDER = "grey62"
HERE_BORDER = "bold yellow"
DOWN_STYLE = "green"
MARTIN_STYLE = "bold magenta"

SPACE_TITLES = ("BUILDING SITE", "DOG", "TOOTH", "BERRY", "JUG", "ARROWHEAD", "FISH", "TRADING POST")
TILE_LABELS = {"building_site": "build", "trading_post": "trade", "arrowhead": "arrow"}
"""Short names of the symbol tiles (5 columns at most)."""

BOX_WIDTH = 16
"""Columns of a ring space, border included (14 inside)."""
INSIDE = BOX_WIDTH - 2
TILE_WIDTH = 7
"""Columns of a forest tile, border included (5 inside)."""
TOP_ROW = (0, 1, 2, 3)
"""The ring's upper row, left to right: building site → dog → tooth → berry."""
BOTTOM_ROW = (7, 6, 5, 4)
"""The lower row, left to right: trading post ← fish ← arrowhead ← jug."""
FOREST_ROWS = (tuple(range(7)), tuple(range(7, NUM_POSITIONS)))


def plain(rows: Sequence[Row]) -> list[str]:
    """Rows of segments as plain lines (trailing spaces dropped)."""
    return ["".join(text for text, _ in row).rstrip() for row in rows]


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


# --- the board ------------------------------------------------------------------------------------


def _box(title: str, lines: list[Segment], bottom: Row, border: str) -> list[Row]:
    top = "╭─" + title + "─" * (INSIDE - 1 - len(title)) + "╮"
    rows: list[Row] = [[(top, border)]]
    for text, style in lines:
        rows.append([("│", border), (text[:INSIDE].ljust(INSIDE), style), ("│", border)])
    used = sum(len(text) for text, _ in bottom)
    rows.append([("╰", border), *bottom, ("─" * (INSIDE - used), border), ("╯", border)])
    return rows


def space_lines(obs: Obs, space: int) -> list[Segment]:
    """The three lines inside a ring space: what lies there."""
    name = RING[space]
    if name == "building_site":
        return [("start", "grey62"), ("build a hut", "bold"), ("here", "bold")]
    if name == "dog":
        dogs = obs["dog_storage"]
        waiting = f"{dogs} dog{'s' if dogs != 1 else ''} waiting" if dogs else "no dog here"
        return [(waiting, "bold"), ("Guff " * dogs, "bold magenta"), ("", "")]
    if name == "trading_post":
        post = obs["trading_post"]
        return [(f"berry {post['berry']} fish {post['fish']}", ""),
                (f"jug {post['jug']} arrow {post['arrowhead']}", ""),
                (f"tooth {post['tooth']}  (1:1)", "")]
    count = obs["supply"][name]
    return [(count_words(count, name) if count else "empty", GOOD_STYLES[name] if count else "grey42"),
            ("● " * count, GOOD_STYLES[name]), ("", "")]


def space_box(obs: Obs, space: int, short: Sequence[str], highlight: int | None = None) -> list[Row]:
    """One ring space as rows: its title, what lies there, and the figures (and Martin) standing on it."""
    name = RING[space]
    bottom: Row = []
    for seat, where in enumerate(obs["figures"]):
        if where == name:
            bottom.append((short[seat], PLAYER_STYLES[seat % len(PLAYER_STYLES)]))
            bottom.append(("─", BORDER))
    if obs["martin"] == name:
        bottom.append(("MARTIN", MARTIN_STYLE))
    width = sum(len(text) for text, _ in bottom)
    while width > INSIDE:  # never wider than the box
        text, _ = bottom.pop(-2 if len(bottom) > 1 else -1)
        width -= len(text)
    border = HERE_BORDER if highlight is not None and obs["figures"][highlight] == name else BORDER
    return _box(SPACE_TITLES[space], space_lines(obs, space), bottom, border)


def tile_box(obs: Obs, place: int) -> list[Row]:
    """One forest place: face down (the forest side) or the tile face up."""
    shown = obs["forest"][place]
    turning = obs["pending"]["place"] == place
    border = HERE_BORDER if turning else BORDER
    label = str(place + 1)
    top = "╭" + label + "─" * (TILE_WIDTH - 2 - len(label)) + "╮"
    if shown == "down":
        face, style = "≈≈≈≈≈", DOWN_STYLE
    elif shown.isdigit():
        face, style = f"go {shown}".center(5), "bold yellow"
    else:
        face, style = TILE_LABELS.get(shown, shown).center(5), "bold cyan"
    return [[(top, border)], [("│", border), (face, style), ("│", border)],
            [("╰" + "─" * (TILE_WIDTH - 2) + "╯", border)]]


def board_rows(obs: Obs, short: Sequence[str], highlight: int | None = None) -> list[Row]:
    """The whole board: the ring of 8 spaces around the forest of 14 tiles (77 columns, 18 rows).

    The figures follow the arrows: along the top from the building site to the berry space, down
    to the jug space, back along the bottom to the trading post and up to the building site.
    ``highlight`` frames the space of that seat's figure.
    """
    rows: list[Row] = []

    def ring_row(spaces: tuple[int, ...], arrow: str) -> None:
        boxes = [space_box(obs, s, short, highlight) for s in spaces]
        for line in range(len(boxes[0])):
            row: Row = [("  ", "")]
            for index, box in enumerate(boxes):
                if index:
                    row.append((f" {arrow} " if line == 2 else "   ", "bold"))
                row.extend(box[line])
            rows.append(row)

    ring_row(TOP_ROW, "→")
    width = 2 + 4 * BOX_WIDTH + 3 * 3
    for places in FOREST_ROWS:
        tiles = [tile_box(obs, p) for p in places]
        for line in range(3):
            row: Row = [(" ↑" if line == 1 else "  ", "bold"), ("      ", "")]
            for tile in tiles:
                row.extend(tile[line])
                row.append((" ", ""))
            used = sum(len(text) for text, _ in row)
            row.append((" " * (width - 8 - used), ""))
            row.append(("↓" if line == 1 else " ", "bold"))
            rows.append(row)
    ring_row(BOTTOM_ROW, "←")
    return rows


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


def hut_panel_lines(obs: Obs, viewer: Obs | None = None) -> list[str]:
    """``hut_lines`` for a narrow panel: two lines per stack (``✓ can build`` as in ``hut_lines``)."""
    lines = []
    for number, stack in enumerate(obs["huts"], 1):
        hut = stack["face_up"]
        if hut is None:
            lines += [f"Stack {number} · no hut left", ""]
            continue
        mark = "  ✓ can build" if viewer is not None and can_pay(hut, viewer) else ""
        lines += [f"Stack {number} · hut {hut['number']} · {stack['below']} below", f"  {hut_goods(hut)}{mark}"]
    return lines


def _cards(data: Obs, shown: bool) -> str:
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


def player_lines(obs: Obs, names: Sequence[str], show_goods: Collection[int], width: int = 34,
                 compact: bool = False) -> list[str]:
    """Every player's settlement: huts built (■ each), where the figure stands, the dogs, and the
    goods — told for the seats in ``show_goods`` only, the others as a count. ▶ marks the turn.
    ``compact`` (narrow screens): ``P1`` for the names."""
    to_move = obs["pending"]["player"] if obs["phase"] == "play" else -1
    lines: list[str] = []
    for seat, data in enumerate(obs["players"]):
        built = data["built"]
        mark = "▶" if seat == to_move else " "
        houses = "■" * len(built) + "□" * max(0, HUTS_TO_WIN - len(built))
        name = f"P{seat + 1}" if compact else names[seat]
        lines.append(f"{mark} {name}"[: width - 4].ljust(width - 4) + houses)
        dogs = data["dogs"]
        lines.append(f"   on {space_words(obs['figures'][seat])}" + (f" · {dogs} dog{'s' if dogs != 1 else ''}"
                                                                       if dogs else ""))
        shown = seat in show_goods
        total = sum(data["goods"].values())
        lines.append(f"   goods: {goods_words(data['goods'])}" if shown else f"   {goods_count(total)} (hidden)")
        if obs["pile"] is not None:
            cards = _cards(data, shown)
            if cards:
                lines.append(f"   cards: {cards}")
        if built:
            lines.append(f"   huts: {', '.join(map(str, built))}")
        lines.append("")
    return lines[:-1]


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
        cards = _cards(data, shown)
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


# --- the log --------------------------------------------------------------------------------------


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


# --- the end --------------------------------------------------------------------------------------


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """Huts built per player and the winner."""
    short = [name.replace("Player ", "P") for name in names]
    width = max(12, *(len(n) + 2 for n in short))
    breakdowns = state.score_breakdown()
    lines = [f"{'':12}" + "".join(f"{n:>{width}}" for n in short),
             f"{'huts built':12}" + "".join(f"{b['huts']:>{width}}" for b in breakdowns)]
    if not state.is_terminal():
        return [*lines, "The game is not over; these are the huts as they stand."]
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    return [*lines, f"Winner: {names[winners[0]]} with {HUTS_TO_WIN} huts!"]
