"""Stone Age's table in words: the board, the players side by side (or one sentence each) and the
Mammoth Herd.

Every function takes what a viewer may know (an observation) and returns lines of plain text, so
the view model's panels, the full-screen app and the plain mode share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.games.stone_age.data import CARDS, DIVISOR, GREEN_SYMBOLS, LOCATIONS, SAND_KINDS
from stoneage.games.stone_age.narrate import place_name
from stoneage.play.stone_age.words import (
    GATHER_GOODS,
    SAND_WORDS,
    building_cost,
    card_line,
    location_title,
    plural,
    taming_rolls,
    tile_note,
    tiles_left,
)

Obs = dict[str, Any]


# --- board --------------------------------------------------------------------------------------


def _occupants(counts: Sequence[int], short: Sequence[str], verbose: bool) -> str:
    if verbose:
        parts = [f"{short[p]} has {n}" for p, n in enumerate(counts) if n]
        return ", ".join(parts) if parts else "empty"
    parts = [f"{short[p]}×{n}" for p, n in enumerate(counts) if n]
    return " ".join(parts) if parts else "—"


def board_lines(obs: Obs, short: Sequence[str], verbose: bool = False) -> list[str]:
    """Every location with who stands where, then what it gives (cards and building tops too).

    ``verbose`` writes occupants in words (``P1 has 2``) for the plain mode.
    """
    board = obs["board"]
    herd = (obs.get("mammoth") or {}).get("herd")
    rows: list[tuple[str, str, str]] = []
    for loc, name in enumerate(LOCATIONS[:8]):
        title = location_title(loc)
        if 0 < loc < 5:
            title += f" {sum(board[name])}/7"
        what = f"÷{DIVISOR[loc]} → {GATHER_GOODS[loc]}" if loc < 5 else {
            "toolmaker": "a tool step", "hut": "+1 figure (takes 2)", "field": "agriculture +1"}[name]
        if herd == name:
            what += "; the mammoth herd is here" if verbose else " + mammoth herd"
        rows.append((title, _occupants(board[name], short, verbose), what))
    for slot, entry in enumerate(obs["display"]):
        what = card_line(entry["card"]) if entry else "(empty)"
        title = f"Card {slot + 1}" + (f" (cost {slot + 1})" if verbose else "")
        rows.append((title, _occupants(board[f"card{slot + 1}"], short, verbose), what))
    for stack, entry in enumerate(obs["stacks"]):
        top = entry["top"]
        what = "(empty)" if top is None else f"{top}: {building_cost(top, not verbose)}"
        title = f"Building {stack + 1} ({entry['left']} left)"
        rows.append((title, _occupants(board[f"building{stack + 1}"], short, verbose), what))
    if verbose:
        lines = [f"{title}: {occ}; {what}" for title, occ, what in rows]
    else:
        width = max(len(occ) for _, occ, _ in rows)
        title_width = max(len(title) for title, _, _ in rows)
        lines = [f"{title:<{title_width}} {occ:<{width}} {what}" for title, occ, what in rows]
    lines.append(f"Deck: {obs['deck_size']} cards")
    return lines


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
        return " ".join(sorted(green)) or "none", ", ".join(f"{plural(n, k)}" for k, n in sand.items()) or "none"
    green_text = f"{len(green)} ({plural(len(set(green)), 'kind')})" if green else "—"
    return green_text, " ".join(f"{SAND_LETTERS[k]}{n}" for k, n in sand.items()) or "—"


def food_needed(data: Obs) -> int:
    """The food a player must pay at the next feeding: a food per figure, less what agriculture gives."""
    return max(0, int(data["figures"]) - int(data["agriculture"]))


def food_needed_cell(data: Obs) -> str:
    """``"3 ok"`` when the food held covers the next feeding, else ``"5 (2 short)"``."""
    need, held = food_needed(data), int(data["food"])
    return f"{need} ok" if held >= need else f"{need} ({need - held} short)"


def feeding_lines(data: Obs, shortfall: int | None = None) -> list[str]:
    """The feeding in words: figures, agriculture, the food needed and the food held. ``shortfall``:
    at the feeding decision, when the food held has already been eaten and this much is missing."""
    need = food_needed(data)
    intro = f"Food needed: {data['figures']} figures − agriculture {data['agriculture']} = {need}"
    if shortfall is not None:
        return [f"{intro}; your food covered {need - shortfall}, so {shortfall} food short."]
    held = int(data["food"])
    enough = "enough" if held >= need else f"{need - held} short"
    return [f"{intro}; you hold {held} food ({enough})."]


def player_rows(data: Obs, verbose: bool = False) -> list[tuple[str, str]]:
    """(label, value) rows for one player's board; ``verbose`` spells out cards and buildings."""
    res = data["resources"]
    secret = data["secret_cards"]
    hidden = secret if isinstance(secret, int) else len(secret)
    bought = data["card_count"] - hidden
    face_down = bought > len(data["cards"])  # another player's bought cards, kept face down
    green, sand = ("face down", "face down") if face_down else _cards_summary(data, verbose)
    cards = str(bought) + (" (face down)" if face_down else "")
    cards += (f" +{hidden} face down" if verbose else f" (+{hidden} down)") if hidden else ""
    kinds = ", ".join(b["kind"] for b in data["buildings"])
    buildings = (kinds or "none") if verbose else str(len(data["buildings"]))
    one_use = _tools(data["one_use_tools"])
    if data["two_resources"]:
        one_use += ", two-resources card" if verbose else " +2R"
    return [
        ("figures", f"{data['figures']}" + (f" ({data['unplaced']} home)" if data["unplaced"] else "")),
        ("food", str(data["food"])),
        *([] if verbose else [("food needed", food_needed_cell(data))]),
        ("wood", str(res["wood"])),
        ("clay", str(res["clay"])),
        ("stone", str(res["stone"])),
        ("gold", str(res["gold"])),
        ("agriculture", str(data["agriculture"])),
        ("tools ready", _tools(data["tools_ready"])),
        ("tools used", _tools(data["tools_used"])),
        ("one-use", one_use),
        ("score", str(data["score"])),
        ("cards", cards),
        ("green", green),
        ("sand", sand),
        ("buildings", buildings),
        *([("mammoth tiles", _mammoth_holding(data))] if verbose and "mammoth_tiles" in data else []),
    ]


def _mammoth_holding(data: Obs) -> str:
    """A player's Mammoth Herd holdings in words (plain mode)."""
    text = str(data["mammoth_tiles"])
    if data["mammoth_points"]:
        text += f" ({plural(data['mammoth_points'], 'point')} from bonuses)"
    if data["on_tile"]:
        text += f", {plural(data['on_tile'], 'figure')} on the bonus tile"
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
    pile = f"{plural(left, 'tile')} left in the pile"
    if verbose:
        if herd["herd"] is not None:
            loc = LOCATIONS.index(herd["herd"])
            where = f"{place_name(loc)} ({GATHER_GOODS[loc]})"
            lines = [f"Mammoth herd: at {where}; bonus tile {herd['bonus_tile']}: "
                     f"\"1\" bonus {herd['bonus']['one']}, \"all\" bonus {herd['bonus']['all']}."]
        elif left:
            lines = ["Mammoth herd: no bonus tile at the moment (the next one is turned up when the round starts)."]
        else:
            lines = ["Mammoth herd: fully tamed, it has left the game (no more bonus tiles)."]
        back = f"Next tile's back: {herd['next_back']}; " if herd["next_back"] else ""
        if herd["herd"] is not None or left:
            lines.append(f"{back}{pile}; {note}.")
        lines.append(f"Mammoth tiles won: {_occupants(won, short, True).replace('empty', 'none yet')}.")
        if any(on_tile):
            lines.append(f"On the bonus tile: {_occupants(on_tile, short, True)}.")
        rolls = taming_rolls(obs, short, verbose=True)
        if rolls:
            lines.append(f"Taming: {rolls}.")
        return lines
    if herd["herd"] is not None:
        lines = [f"At {place_name(LOCATIONS.index(herd['herd']))} · bonus tile {herd['bonus_tile']}",
                 f'"1": {herd["bonus"]["one"]} · "all": {herd["bonus"]["all"]}']
    elif left:
        lines = ["No bonus tile now: the next one is turned up when the round starts"]
    else:
        lines = ["Fully tamed: the herd has left the game"]
    if herd["herd"] is not None or left:
        lines.append(f"Next back: {herd['next_back'] or '—'} · {plural(left, 'tile')} left")
    lines.append("Tiles won: " + " · ".join(f"{short[p]} {n}" for p, n in enumerate(won)))
    if any(on_tile):
        lines.append(f"On the tile: {_occupants(on_tile, short, False)}")
    rolls = taming_rolls(obs, short)
    if rolls:
        lines.append(f"Rolls: {rolls}")
    if note_line:
        lines.append(note[0].upper() + note[1:])
    return lines
