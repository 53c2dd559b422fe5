"""Text for playing My First Stone Age in the terminal: big card faces, the circle with Martin,
the huts and goods of every player, log lines that do not give the memory game away, the result.

Every function takes public data (an observation, or a finished state's scores) and returns
plain lines, or rows of ``(text, style)`` segments that the full-screen app colours (``plain()``
joins them for the plain mode and the tests). Styles are Rich style strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stoneage.core.i18n import _, pgettext
from stoneage.core.text import cells, center, fit, ljust
from stoneage.games.first_stone_age.data import CIRCLE_SIZE, HUTS_TO_WIN
from stoneage.play.first_stone_age.words import good_words, hut_goods

Obs = dict[str, Any]
Segment = tuple[str, str]
Row = list[Segment]

CARD_WIDTH = 11
"""Columns of a card, border included (9 inside)."""
GAP = 1
FACE_WIDTH = CARD_WIDTH - 2

FACE_NAME_LINE = 2
"""The line of a face that names the card (translated when drawn)."""
FACES: dict[str, tuple[str, str, str, str, str]] = {
    "berry": ("   ,@,   ", "  @@@@@  ", "  BERRY  ", "  @@@@@  ", "   '@'   "),
    "fish": ("         ", " ><(((°> ", "  FISH   ", " <°)))>< ", "         "),
    "jug": ("   _|_   ", "  (   )  ", "   JUG   ", "  |   |  ", "  \\___/  "),
    "arrowhead": ("    ^    ", "   / \\   ", "ARROWHEAD", "   \\ /   ", "    V    "),
    "tooth": ("  _____  ", " /     \\ ", "  TOOTH  ", "  \\ | /  ", "   V V   "),
    "guff": (" /\\___/\\ ", " ( o o ) ", "  GUFF!  ", "  ( w )  ", "  U   U  "),
    "down": (" \\|/ \\|/ ", "  ~ ~ ~  ", " ~  ?  ~ ", "  ~ ~ ~  ", " \\|/ \\|/ "),
    "empty": ("         ", "         ", "  empty  ", "         ", "         "),
}
"""Each card kind's face, 5 lines of 9 columns; ``down`` is the meadow side, ``empty`` a gap.
The name line (``FACE_NAME_LINE``) is drawn in the current language by ``face_lines``."""


def face_name(face: str) -> str | None:
    """The name on a card's face in the current language (9 columns at most), ``None`` for the
    meadow side."""
    names = {
        # TRANSLATORS: the names printed on the cards, 9 terminal columns at most (a Korean letter takes 2)
        "berry": pgettext("card face", "BERRY"), "fish": pgettext("card face", "FISH"),
        "jug": pgettext("card face", "JUG"), "arrowhead": pgettext("card face", "ARROWHEAD"),
        "tooth": pgettext("card face", "TOOTH"), "guff": pgettext("card face", "GUFF!"),
        "empty": pgettext("card face", "empty"),
    }
    return names.get(face)


def face_lines(face: str) -> tuple[str, ...]:
    """A card kind's face, 5 lines of 9 columns, its name in the current language."""
    lines = list(FACES[face])
    name = face_name(face)
    if name is not None:
        lines[FACE_NAME_LINE] = center(name, FACE_WIDTH)
    return tuple(lines)
FACE_STYLES = {
    "berry": "bold red",
    "fish": "bold dodger_blue1",
    "jug": "bold dark_orange",
    "arrowhead": "bold grey74",
    "tooth": "bold white",
    "guff": "bold magenta",
    "down": "green",
    "empty": "grey42",
}
BORDER = "grey62"
MARTIN_BORDER = "bold yellow"
REACH_BORDER = "bold cyan"
PLAYER_STYLES = ("bold red", "bold dodger_blue1", "bold yellow", "bold green")
CARD_SIZES = {"big": 5, "normal": 3, "small": 1}
"""Rows inside a card's frame for each size of the circle."""

# Where each circle slot lies in a 3 × 5 grid (clockwise: along the top, down the right, back
# along the bottom, up the left); the draw pile lies in the middle.
GRID_ROWS, GRID_COLUMNS = 3, 5
SLOT_CELLS = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 4), (2, 3), (2, 2), (2, 1), (1, 0))
PILE_CELL = (1, 2)


def plain(rows: Sequence[Row]) -> list[str]:
    """Rows of segments as plain lines (trailing spaces dropped)."""
    return ["".join(text for text, _ in row).rstrip() for row in rows]


def card_box(face: str, *, top_label: str = "", marker: str = "", bottom_label: str = "",
             border: str = BORDER, lines: int = 5) -> list[Row]:
    """One card as rows of segments: the face (a card name, ``down`` or ``empty``) in a frame.

    ``lines`` is the height inside the frame: 5 (big), 3 or 1 (just the name) — see ``CARD_SIZES``.
    ``top_label`` (e.g. the place number) sits at the left of the top edge, ``marker`` (e.g. the
    move that reaches it) at its right; ``bottom_label`` (``MARTIN``) on the bottom edge.
    """
    cut = (5 - lines) // 2
    shown = face_lines(face)[cut: 5 - cut]
    dotted = face == "empty"
    edge = "┄" if dotted else "─"
    top_label = fit_label(top_label, FACE_WIDTH - 2 - cells(marker))
    bottom_label = fit(bottom_label, FACE_WIDTH - 1)
    top = f"{edge}{top_label}{edge}" if top_label else ""
    top += edge * (FACE_WIDTH - cells(top) - cells(marker)) + marker
    bottom = f"{edge}{bottom_label}" if bottom_label else ""
    bottom += edge * (FACE_WIDTH - cells(bottom))
    side = "┆" if dotted else "│"
    rows: list[Row] = [[("╭" + top + "╮", border)]]
    for line in shown:
        rows.append([(side, border), (line, FACE_STYLES[face]), (side, border)])
    rows.append([("╰" + bottom + "╯", border)])
    return rows


def fit_label(label: str, width: int) -> str:
    """A card's top label in ``width`` columns: as it is, else without its spaces, else its words cut
    short before its number (``STAPEL 12`` → ``STAPE12``)."""
    if cells(label) <= width:
        return label
    label = label.replace(" ", "")
    if cells(label) <= width:
        return label
    number = label[len(label.rstrip("0123456789")):]
    return fit(label[: len(label) - len(number)], width - len(number)) + number


def circle_faces(obs: Obs, face_up: Mapping[int, str] | None = None) -> list[str]:
    """Per circle slot, the face to show: a card face up now (the observation's, or one in
    ``face_up`` — a card just turned up, shown until it flips back), ``down`` or ``empty``."""
    face_up = face_up or {}
    out = []
    for slot, shown in enumerate(obs["circle"]):
        if slot in face_up:
            out.append(face_up[slot])
        elif shown is None:
            out.append("empty")
        else:
            out.append("down" if shown == "down" else shown)
    return out


def table_rows(obs: Obs, *, face_up: Mapping[int, str] | None = None, reach: Mapping[int, int] | None = None,
               size: str = "big") -> list[Row]:
    """The circle of nine places as big cards, Martin's card marked, the draw pile in the middle.

    ``reach`` maps a place to the move (1–4) that takes Martin there: shown as ``[n]`` on the card.
    ``size`` is ``big`` (cards of 7 rows, 21 in all), ``normal`` (5 rows) or ``small`` (3 rows).
    """
    reach = reach or {}
    faces = circle_faces(obs, face_up)

    martin = obs["martin"]
    lines = CARD_SIZES[size]
    height = lines + 2
    blank: list[Row] = [[(" " * CARD_WIDTH, "")] for _row in range(height)]
    grid: dict[tuple[int, int], list[Row]] = {}
    for slot in range(CIRCLE_SIZE):
        is_martin = slot == martin
        border = MARTIN_BORDER if is_martin else REACH_BORDER if slot in reach else BORDER
        grid[SLOT_CELLS[slot]] = card_box(
            faces[slot], top_label=str(slot + 1), marker=f"[{reach[slot]}]" if slot in reach else "",
            # TRANSLATORS: on the bottom edge of Martin's card, 8 terminal columns at most
            bottom_label=_("MARTIN") if is_martin else "", border=border, lines=lines)
    pile = obs["draw_pile"]
    # TRANSLATORS: on the top edge of the draw pile's card, with the cards in it: 7 terminal columns at most
    grid[PILE_CELL] = card_box(pile["top"] or "empty", top_label=_("PILE {count}").format(count=pile["size"]),
                                lines=lines)
    # TRANSLATORS: beside the draw pile, each line 11 terminal columns at most (a Korean letter takes 2)
    side_text = [pgettext("beside the pile", "draw pile"), pgettext("beside the pile", "(face up)"), "",
                 pgettext("beside the pile", "huts left"), str(obs["hut_pile_size"])]
    if height < len(side_text):
        side_text = [pgettext("beside the pile", "draw pile →"), pgettext("beside the pile", "huts left"),
                     str(obs["hut_pile_size"])]

    grid[(1, 1)] = [[(center(text, CARD_WIDTH), "grey62")] for text in side_text[:height]] + blank[len(side_text):]
    rows: list[Row] = []
    for grid_row in range(GRID_ROWS):
        for line in range(height):
            row: Row = []
            for column in range(GRID_COLUMNS):
                cell = grid.get((grid_row, column), blank)
                row.extend(cell[line])
                row.append((" " * GAP, ""))
            rows.append(row)
    return rows


def big_card(card: str, title: str = "") -> list[str]:
    """One big card face as plain lines (for a card just turned up)."""
    return plain(card_box(card, top_label=title))


# --- the players ------------------------------------------------------------------------------------


def player_lines(obs: Obs, names: Sequence[str], width: int = 30, compact: bool = False) -> list[str]:
    """Every player's hut, the goods collected toward it and the huts built (■ each, ▶ marks the
    turn). ``compact`` (narrow screens): ``P1`` for the names and no sentences."""
    to_move = obs["pending"]["player"] if obs["current_player"] >= 0 else -1
    lines: list[str] = []
    indent = " " if compact else "   "
    for seat, data in enumerate(obs["players"]):
        built = data["built"]
        mark = "▶" if seat == to_move else " "
        houses = "■" * len(built) + "□" * max(0, HUTS_TO_WIN - len(built))
        if compact:
            lines.append(f"{mark}P{seat + 1} {houses}")
        else:
            lines.append(ljust(f"{mark} {names[seat]}", width - 4) + houses)
        if data["hut"] is None:
            lines.append(indent + _("no hut card"))
        else:
            number = data["hut"]["number"]
            lines.append(indent + (_("hut {number}") if compact else _("hut {number} needs:")).format(number=number))
            for good, got in hut_goods(data):
                tick = "[x]" if got else "[ ]"
                dog = " " + _("(Guff)") if got and data["guff_as"] == good else ""
                lines.append(f"{indent}{'' if compact else '  '}{tick} {good_words(good)}{dog}")
        if not compact:
            numbers = f" ({', '.join(map(str, built))})" if built else ""
            lines.append("   " + _("huts built: {count} of {total}").format(count=len(built), total=HUTS_TO_WIN)
                         + numbers)

        lines.append("")
    return lines[:-1]
