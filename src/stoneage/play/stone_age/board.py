"""Stone Age's table in words: the board, the players side by side (or one sentence each) and the
Mammoth Herd.

Every function takes what a viewer may know (an observation) and returns lines of plain text, so
the view model's panels, the full-screen app and the plain mode share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.i18n import _, ngettext, per_language, pgettext
from stoneage.games.stone_age.data import CARDS, DIVISOR, GREEN_SYMBOLS, LOCATIONS, SAND_KINDS
from stoneage.play.stone_age.narrate import building_name, place_at
from stoneage.play.stone_age.words import (
    GATHER_GOODS,
    SAND_WORDS,
    bonus_phrase,
    building_cost,
    card_line,
    good_word,
    location_title,
    sand_figures,
    taming_rolls,
    tile_note,
    tiles_left,
)

Obs = dict[str, Any]


# --- board --------------------------------------------------------------------------------------


def _occupants(counts: Sequence[int], short: Sequence[str], verbose: bool) -> str:
    if verbose:
        parts = [_("{who} has {count}").format(who=short[p], count=n) for p, n in enumerate(counts) if n]
        return ", ".join(parts) if parts else pgettext("nobody there", "empty")
    parts = [f"{short[p]}×{n}" for p, n in enumerate(counts) if n]
    return " ".join(parts) if parts else "—"


def board_lines(obs: Obs, short: Sequence[str], verbose: bool = False) -> list[str]:
    """Every location with who stands where, then what it gives (cards and building tops too).

    ``verbose`` writes occupants in words (``P1 has 2``) for the plain mode.
    """
    board = obs["board"]
    herd = (obs.get("mammoth") or {}).get("herd")
    names = tuple(short)
    rows = [_place_row(loc, tuple(board[name]), names, verbose, herd == name)
            for loc, name in enumerate(LOCATIONS[:8])]
    rows += [_card_row(slot, entry["card"] if entry else None, tuple(board[f"card{slot + 1}"]), names, verbose)
             for slot, entry in enumerate(obs["display"])]
    rows += [_stack_row(stack, entry["top"], entry["left"], tuple(board[f"building{stack + 1}"]), names, verbose)
             for stack, entry in enumerate(obs["stacks"])]
    if verbose:
        lines = [f"{title}: {occ}; {what}" for title, occ, what in rows]
    else:
        width = max(len(occ) for _, occ, _ in rows)
        title_width = max(len(title) for title, _, _ in rows)
        lines = [f"{title:<{title_width}} {occ:<{width}} {what}" for title, occ, what in rows]
    deck = obs["deck_size"]
    lines.append(ngettext("Deck: {count} cards", "Deck: {count} cards", deck).format(count=deck))
    return lines


Row = tuple[str, str, str]
"""A row of the board: its title, who stands there, what it gives."""


@per_language
def _place_row(loc: int, counts: tuple[int, ...], short: tuple[str, ...], verbose: bool, herd_here: bool) -> Row:
    name = LOCATIONS[loc]
    title = location_title(loc)
    if 0 < loc < 5:
        title += f" {sum(counts)}/7"
    what = f"÷{DIVISOR[loc]} → {good_word(GATHER_GOODS[loc])}" if loc < 5 else {
        "toolmaker": _("a tool step"), "hut": _("+1 figure (takes 2)"), "field": _("agriculture +1")}[name]
    if herd_here:
        what += "; " + _("the mammoth herd is here") if verbose else " + " + _("mammoth herd")
    return title, _occupants(counts, short, verbose), what


@per_language
def _card_row(slot: int, card: int | None, counts: tuple[int, ...], short: tuple[str, ...], verbose: bool) -> Row:
    what = card_line(card) if card is not None else _("(empty)")
    title = _("Card {number} (cost {cost})") if verbose else _("Card {number}")
    return title.format(number=slot + 1, cost=slot + 1), _occupants(counts, short, verbose), what


@per_language
def _stack_row(stack: int, top: str | None, left: int, counts: tuple[int, ...], short: tuple[str, ...],
               verbose: bool) -> Row:
    what = _("(empty)") if top is None else f"{building_name(top)}: {building_cost(top, not verbose)}"
    title = _("Building {number} ({left} left)").format(number=stack + 1, left=left)
    return title, _occupants(counts, short, verbose), what


# --- players ------------------------------------------------------------------------------------


def _tools(values: Sequence[int]) -> str:
    return "+".join(str(v) for v in values) if values else "—"


SAND_LETTERS = {"farmer": "F", "tool maker": "T", "hut builder": "H", "shaman": "S"}


def _cards_summary(data: Obs, verbose: bool) -> tuple[str, str]:
    green: list[str] = []
    sand: dict[str, int] = {}
    secret = data["secret_cards"]
    for card_id in data["cards"] + (secret if isinstance(secret, list) else []):
        card = CARDS[card_id - 1]
        if card.green >= 0:
            green.append(GREEN_SYMBOLS[card.green])
        else:
            kind = SAND_WORDS[SAND_KINDS[card.sand]]
            sand[kind] = sand.get(kind, 0) + card.figures
    if verbose:
        return (" ".join(_(symbol) for symbol in sorted(green)) or pgettext("holding nothing", "none"),
                ", ".join(sand_figures(k, n) for k, n in sand.items()) or pgettext("holding nothing", "none"))
    kinds = len(set(green))
    green_text = ngettext("{count} ({kinds} kind)", "{count} ({kinds} kinds)", kinds).format(
        count=len(green), kinds=kinds) if green else "—"
    return green_text, " ".join(f"{SAND_LETTERS[k]}{n}" for k, n in sand.items()) or "—"


def food_needed(data: Obs) -> int:
    """The food a player must pay at the next feeding: a food per figure, less what agriculture gives."""
    return max(0, int(data["figures"]) - int(data["agriculture"]))


def food_needed_cell(data: Obs) -> str:
    """``"3 ok"`` when the food held covers the next feeding, else ``"5 (2 short)"``."""
    need, held = food_needed(data), int(data["food"])
    return _("{need} ok").format(need=need) if held >= need else _("{need} ({short} short)").format(
        need=need, short=need - held)


def feeding_lines(data: Obs, shortfall: int | None = None) -> list[str]:
    """The feeding in words: figures, agriculture, the food needed and the food held. ``shortfall``:
    at the feeding decision, when the food held has already been eaten and this much is missing."""
    need = food_needed(data)
    known = {"figures": data["figures"], "agriculture": data["agriculture"], "need": need}
    if shortfall is not None:
        return [_("Food needed: {figures} figures − agriculture {agriculture} = {need}; your food covered "
                  "{covered}, so {short} food short.").format(**known, covered=need - shortfall, short=shortfall)]
    held = int(data["food"])
    if held >= need:
        return [_("Food needed: {figures} figures − agriculture {agriculture} = {need}; you hold {held} food "
                  "(enough).").format(**known, held=held)]
    return [_("Food needed: {figures} figures − agriculture {agriculture} = {need}; you hold {held} food "
              "({short} short).").format(**known, held=held, short=need - held)]


def player_rows(data: Obs, verbose: bool = False) -> list[tuple[str, str]]:
    """(label, value) rows for one player's board; ``verbose`` spells out cards and buildings."""
    res = data["resources"]
    secret = data["secret_cards"]
    hidden = secret if isinstance(secret, int) else len(secret)
    bought = data["card_count"] - hidden
    face_down = bought > len(data["cards"])  # another player's bought cards, kept face down
    green, sand = (_("face down"), _("face down")) if face_down else _cards_summary(data, verbose)
    cards = str(bought) + (" " + _("(face down)") if face_down else "")
    if hidden:
        cards += " " + (_("+{count} face down") if verbose else _("(+{count} down)")).format(count=hidden)
    kinds = ", ".join(building_name(b["kind"]) for b in data["buildings"])
    buildings = (kinds or pgettext("holding nothing", "none")) if verbose else str(len(data["buildings"]))
    one_use = _tools(data["one_use_tools"])
    if data["two_resources"]:
        one_use += ", " + _("two-resources card") if verbose else " +2R"
    figures = f"{data['figures']}"
    if data["unplaced"]:
        figures += " " + _("({count} home)").format(count=data["unplaced"])
    # TRANSLATORS: the labels of a player's row (a table's first column, or "label value" in a sentence).
    return [
        (_("figures"), figures),
        (_("food"), str(data["food"])),
        *([] if verbose else [(_("food needed"), food_needed_cell(data))]),
        (_("wood"), str(res["wood"])),
        (_("clay"), str(res["clay"])),
        (_("stone"), str(res["stone"])),
        (_("gold"), str(res["gold"])),
        (_("agriculture"), str(data["agriculture"])),
        (_("tools ready"), _tools(data["tools_ready"])),
        (_("tools used"), _tools(data["tools_used"])),
        (_("one-use"), one_use),
        (_("score"), str(data["score"])),
        (_("cards"), cards),
        (pgettext("cards", "green"), green),
        (pgettext("cards", "sand"), sand),
        (_("buildings"), buildings),
        *([(_("mammoth tiles"), _mammoth_holding(data))] if verbose and "mammoth_tiles" in data else []),
    ]


def _mammoth_holding(data: Obs) -> str:
    """A player's Mammoth Herd holdings in words (plain mode)."""
    text = str(data["mammoth_tiles"])
    if data["mammoth_points"]:
        text += " " + ngettext("({count} point from bonuses)", "({count} points from bonuses)",
                               data["mammoth_points"]).format(count=data["mammoth_points"])
    if data["on_tile"]:
        text += ", " + ngettext("{count} figure on the bonus tile", "{count} figures on the bonus tile",
                                data["on_tile"]).format(count=data["on_tile"])
    return text


def players_table(obs: Obs, names: Sequence[str], width: int = 16) -> list[str]:
    """All players side by side, one column each (long values are cut to the column).

    Sand figures are abbreviated: F farmers, T tool makers, H hut builders, S shamans.
    """
    rows = [player_rows(p) for p in obs["players"]]
    current = obs["current_player"]
    firsts, seconds = [], []
    for seat, name in enumerate(names):
        first, _, second = name.partition(" ")
        firsts.append(("▶" if seat == current else "") + first)
        seconds.append(second.strip("()")[: width - 1])
    lines = [f"{'':12}" + "".join(f"{h:<{width}}" for h in firsts),
             f"{'':12}" + "".join(f"{h:<{width}}" for h in seconds)]
    for r, (label, _) in enumerate(rows[0]):
        cells = [row[r][1] for row in rows]
        lines.append(f"{label:12}" + "".join(f"{c[: width - 1]:<{width}}" for c in cells))
    return lines


def player_sentence(data: Obs, name: str) -> str:
    """One player's holdings as one sentence (plain mode)."""
    return f"{name}: " + "; ".join(f"{label} {value}" for label, value in player_rows(data, verbose=True))


def mammoth_lines(obs: Obs, short: Sequence[str], verbose: bool = False, note_line: bool = True) -> list[str]:
    """The herd panel: where the herd is, this round's tile and its bonuses, the next back, the
    tiles left, each player's tiles and figures on the tile, and the taming rolls ([] without
    the expansion). ``verbose`` writes sentences for the plain mode; ``note_line=False`` leaves
    out the line saying whose tile table this is (see ``tile_note``)."""
    herd = obs.get("mammoth")
    if herd is None:
        return []
    left = tiles_left(herd)
    note = tile_note(herd)
    players = obs["players"]
    won = [data["mammoth_tiles"] for data in players]
    on_tile = [data["on_tile"] for data in players]
    if verbose:
        if herd["herd"] is not None:
            loc = LOCATIONS.index(herd["herd"])
            lines = [_('Mammoth herd: {place} ({good}); bonus tile {number}: "1" bonus {one}, "all" bonus '
                       '{all}.').format(
                place=place_at(loc), good=good_word(GATHER_GOODS[loc]), number=herd["bonus_tile"],
                one=bonus_phrase(herd["bonus"]["one"]), all=bonus_phrase(herd["bonus"]["all"]))]
        elif left:
            lines = [_("Mammoth herd: no bonus tile at the moment (the next one is turned up when the round starts).")]
        else:
            lines = [_("Mammoth herd: fully tamed, it has left the game (no more bonus tiles).")]
        if herd["herd"] is not None or left:
            if herd["next_back"]:
                lines.append(ngettext("Next tile's back: {back}; {count} tile left in the pile; {note}.",
                                      "Next tile's back: {back}; {count} tiles left in the pile; {note}.", left).format(
                    back=good_word(herd["next_back"]), count=left, note=note))
            else:
                lines.append(ngettext("{count} tile left in the pile; {note}.",
                                      "{count} tiles left in the pile; {note}.", left).format(count=left, note=note))
        if any(won):
            lines.append(_("Mammoth tiles won: {players}.").format(players=_occupants(won, short, True)))
        else:
            lines.append(_("Mammoth tiles won: none yet."))
        if any(on_tile):
            lines.append(_("On the bonus tile: {players}.").format(players=_occupants(on_tile, short, True)))
        rolls = taming_rolls(obs, short, verbose=True)
        if rolls:
            lines.append(_("Taming: {rolls}.").format(rolls=rolls))
        return lines
    if herd["herd"] is not None:
        at = _("{place} · bonus tile {number}").format(place=place_at(LOCATIONS.index(herd["herd"])),
                                                       number=herd["bonus_tile"])
        lines = [at[0].upper() + at[1:],
                 _('"1": {one} · "all": {all}').format(one=bonus_phrase(herd["bonus"]["one"]),
                                                      all=bonus_phrase(herd["bonus"]["all"]))]
    elif left:
        lines = [_("No bonus tile now: the next one is turned up when the round starts")]
    else:
        lines = [_("Fully tamed: the herd has left the game")]
    if herd["herd"] is not None or left:
        back = good_word(herd["next_back"]) if herd["next_back"] else "—"
        lines.append(ngettext("Next back: {back} · {count} tile left", "Next back: {back} · {count} tiles left",
                              left).format(back=back, count=left))
    lines.append(_("Tiles won: {players}").format(players=" · ".join(f"{short[p]} {n}" for p, n in enumerate(won))))
    if any(on_tile):
        lines.append(_("On the tile: {players}").format(players=_occupants(on_tile, short, False)))
    rolls = taming_rolls(obs, short)
    if rolls:
        lines.append(_("Rolls: {rolls}").format(rolls=rolls))
    if note_line:
        lines.append(note[0].upper() + note[1:])
    return lines
