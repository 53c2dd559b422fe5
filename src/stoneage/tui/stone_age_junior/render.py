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

from stoneage.core.i18n import _, ngettext, pgettext
from stoneage.core.text import cells, center, fit, ljust
from stoneage.games.stone_age_junior.data import HUTS_TO_WIN, NUM_POSITIONS, RING
from stoneage.play.stone_age_junior.words import (
    can_pay,
    cards_words,
    count_words,
    goods_count,
    goods_words,
    hut_goods,
    space_words,
)

Obs = dict[str, Any]
Segment = tuple[str, str]
Row = list[Segment]

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


def space_title(space: int) -> str:
    """The title of a ring space (by its index in ``RING``) in the current language."""
    # TRANSLATORS: the titles of the ring's spaces, on a box's top edge: 13 terminal columns at most
    # (a Korean letter takes 2)
    titles = (pgettext("ring space", "BUILDING SITE"), pgettext("ring space", "DOG"),
              pgettext("ring space", "TOOTH"), pgettext("ring space", "BERRY"), pgettext("ring space", "JUG"),
              pgettext("ring space", "ARROWHEAD"), pgettext("ring space", "FISH"),
              pgettext("ring space", "TRADING POST"))
    return titles[space]
TILE_LABELS = {"building_site": "build", "trading_post": "trade", "arrowhead": "arrow"}
"""Short English names of the symbol tiles (5 columns at most); ``tile_label`` says them in the current
language."""


def tile_label(tile: str) -> str:
    """The short name of a forest tile's symbol (5 columns at most), in the current language."""
    # TRANSLATORS: a forest tile face up, 5 terminal columns at most (a Korean letter takes 2)
    labels = {"building_site": pgettext("tile", "build"), "trading_post": pgettext("tile", "trade"),
              "arrowhead": pgettext("tile", "arrow"), "berry": pgettext("tile", "berry"),
              "fish": pgettext("tile", "fish"), "jug": pgettext("tile", "jug"), "tooth": pgettext("tile", "tooth"),
              "dog": pgettext("tile", "dog")}
    return labels.get(tile, tile)

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


# --- the board ------------------------------------------------------------------------------------


def _box(title: str, lines: list[Segment], bottom: Row, border: str) -> list[Row]:
    title = fit(title, INSIDE - 1)
    top = "╭─" + title + "─" * (INSIDE - 1 - cells(title)) + "╮"
    rows: list[Row] = [[(top, border)]]
    for text, style in lines:
        rows.append([("│", border), (ljust(text, INSIDE), style), ("│", border)])
    used = sum(cells(text) for text, _style in bottom)
    rows.append([("╰", border), *bottom, ("─" * (INSIDE - used), border), ("╯", border)])
    return rows


def space_lines(obs: Obs, space: int) -> list[Segment]:
    """The three lines inside a ring space: what lies there."""
    name = RING[space]
    # TRANSLATORS: the lines inside a space of the ring: 14 terminal columns at most (a Korean letter takes 2)
    if name == "building_site":
        return [(pgettext("ring space", "start"), "grey62"), (pgettext("ring space", "build a hut"), "bold"),
                (pgettext("ring space", "here"), "bold")]
    if name == "dog":
        dogs = obs["dog_storage"]
        waiting = ngettext("{count} dog waiting", "{count} dogs waiting", dogs).format(count=dogs) if dogs \
            else _("no dog here")
        return [(waiting, "bold"), ((_("Guff") + " ") * dogs, "bold magenta"), ("", "")]

    if name == "trading_post":
        post = obs["trading_post"]
        # TRANSLATORS: the goods on the trading post, 14 terminal columns a line at most
        return [(_("berry {berry} fish {fish}").format(berry=post["berry"], fish=post["fish"]), ""),
                (_("jug {jug} arrow {arrowhead}").format(jug=post["jug"], arrowhead=post["arrowhead"]), ""),
                (_("tooth {tooth}  (1:1)").format(tooth=post["tooth"]), "")]
    count = obs["supply"][name]
    return [(count_words(count, name) if count else pgettext("ring space", "empty"),
             GOOD_STYLES[name] if count else "grey42"),

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
        bottom.append((fit(_("MARTIN"), INSIDE), MARTIN_STYLE))
    width = sum(cells(text) for text, _style in bottom)
    while width > INSIDE:  # never wider than the box
        text, _style = bottom.pop(-2 if len(bottom) > 1 else -1)
        width -= cells(text)
    border = HERE_BORDER if highlight is not None and obs["figures"][highlight] == name else BORDER
    return _box(space_title(space), space_lines(obs, space), bottom, border)


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
        # TRANSLATORS: a number tile face up (move that many spaces), 5 terminal columns at most
        face, style = center(_("go {count}").format(count=shown), 5), "bold yellow"
    else:
        face, style = center(tile_label(shown), 5), "bold cyan"
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
            used = sum(cells(text) for text, _style in row)
            row.append((" " * (width - 8 - used), ""))
            row.append(("↓" if line == 1 else " ", "bold"))
            rows.append(row)
    ring_row(BOTTOM_ROW, "←")
    return rows


def hut_panel_lines(obs: Obs, viewer: Obs | None = None) -> list[str]:
    """``hut_lines`` for a narrow panel: two lines per stack (``✓ can build`` as in ``hut_lines``)."""
    lines = []
    for number, stack in enumerate(obs["huts"], 1):
        hut = stack["face_up"]
        if hut is None:
            lines += [_("Stack {number} · no hut left").format(number=number), ""]
            continue
        mark = "  " + can_build_mark() if viewer is not None and can_pay(hut, viewer) else ""
        lines += [_("Stack {number} · hut {hut} · {below} below").format(number=number, hut=hut["number"],
                                                                         below=stack["below"]),
                  f"  {hut_goods(hut)}{mark}"]
    return lines


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
        lines.append(ljust(f"{mark} {name}", width - 4) + houses)
        dogs = data["dogs"]
        where = _("on {space}").format(space=space_words(obs["figures"][seat]))
        if dogs:
            where += " · " + ngettext("{count} dog", "{count} dogs", dogs).format(count=dogs)
        lines.append("   " + where)
        shown = seat in show_goods
        total = sum(data["goods"].values())
        lines.append("   " + (_("goods: {goods}").format(goods=goods_words(data["goods"])) if shown
                              else _("{count} (hidden)").format(count=goods_count(total))))
        if obs["pile"] is not None:
            cards = cards_words(data, shown)
            if cards:
                lines.append("   " + _("cards: {cards}").format(cards=cards))
        if built:
            lines.append("   " + _("huts: {numbers}").format(numbers=", ".join(map(str, built))))

        lines.append("")
    return lines[:-1]


def can_build_mark() -> str:
    """The mark behind a hut the person looking can pay for (the app shows it in green)."""
    return "✓ " + _("can build")
