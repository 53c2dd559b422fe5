"""Text panels for terminal play: board, display, stacks, players, help, odds, final result.

Every function takes public data (an observation from ``state.observation(seat)``, or plain
numbers) and returns lines of plain text, so the full-screen app and the plain mode share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from stoneage.core.dice import sum_counts
from stoneage.games.stone_age.data import (
    BUILDING_KINDS,
    CARDS,
    DIVISOR,
    GREEN_SYMBOLS,
    LOCATIONS,
    RESOURCE_AMOUNT,
    RESOURCES,
    SAND_KINDS,
    BuildingKind,
)
from stoneage.games.stone_age.narrate import place_name

Obs = dict[str, Any]

GATHER_GOODS = ("food", "wood", "clay", "stone", "gold")
LOCATION_TITLES = {
    "hunt": "Hunting grounds", "forest": "Forest", "claypit": "Clay pit", "quarry": "Quarry",
    "river": "River", "toolmaker": "Tool maker", "hut": "Hut", "field": "Field",
}
SAND_WORDS = {"farmer": "farmer", "toolmaker": "tool maker", "hutbuilder": "hut builder", "shaman": "shaman"}
SAND_RULE = {
    "farmer": "agriculture level",
    "toolmaker": "total tool value",
    "hutbuilder": "building",
    "shaman": "figure",
}
DIE_FACES = {1: "1 wood", 2: "1 clay", 3: "1 stone", 4: "1 gold", 5: "a tool step", 6: "agriculture +1"}


def plural(count: int, word: str) -> str:
    """``"1 figure"``, ``"3 figures"``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def mix_words(mix: Sequence[int]) -> str:
    """A resource mix in words: ``"2 wood + 1 clay"``."""
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(mix) if n]
    return " + ".join(parts) if parts else "nothing"


def location_title(loc: int) -> str:
    """A short title: ``"Forest"``, ``"Card 2"``, ``"Building 1"``."""
    name = LOCATIONS[loc]
    if name in LOCATION_TITLES:
        return LOCATION_TITLES[name]
    if name.startswith("card"):
        return f"Card {name[4:]}"
    return f"Building {name[8:]}"


# --- cards and buildings ------------------------------------------------------------------------


def card_top(card_id: int) -> str:
    """The top (immediate) effect of a card in words."""
    card = CARDS[card_id - 1]
    effect = card.effect
    if effect == "dice_for_all":
        return "dice for all"
    if effect == "food":
        return f"{card.value} food"
    if effect == "resource":
        return f"{RESOURCE_AMOUNT.get(card_id, 1)} {RESOURCES[card.value]}"
    if effect == "resource_roll":
        return f"roll 2 dice for {RESOURCES[card.value]}"
    if effect == "points":
        return f"{card.value} points"
    if effect == "tool":
        return "a tool step"
    if effect == "agriculture":
        return "agriculture +1"
    if effect == "extra_card":
        return "extra card face down"
    if effect == "one_use_tool":
        return f"one-use tool {card.value}"
    return "two resources of your choice"


def card_bottom(card_id: int) -> str:
    """The bottom (final scoring) of a card in words."""
    card = CARDS[card_id - 1]
    if card.green >= 0:
        return f"green {GREEN_SYMBOLS[card.green]}"
    return plural(card.figures, SAND_WORDS[SAND_KINDS[card.sand]])


def card_line(card_id: int) -> str:
    """``"#23 roll 2 dice for gold | green art"``."""
    return f"#{card_id} {card_top(card_id)} | {card_bottom(card_id)}"


def card_rules(card_id: int) -> list[str]:
    """What a card does, top and bottom, in sentences."""
    card = CARDS[card_id - 1]
    effect = card.effect
    if effect == "dice_for_all":
        top = ("Dice for all: one die per player is rolled; you take one die first, then the others "
               "clockwise. Faces: 1 wood, 2 clay, 3 stone, 4 gold, 5 a tool step, 6 agriculture +1.")
    elif effect == "food":
        top = f"Take {card.value} food at once."
    elif effect == "resource":
        top = f"Take {RESOURCE_AMOUNT.get(card_id, 1)} {RESOURCES[card.value]} at once."
    elif effect == "resource_roll":
        top = (f"Roll 2 dice: the sum ÷ {DIVISOR[card.value + 1]} (rounded down) gives "
               f"{RESOURCES[card.value]}; tools may be added.")
    elif effect == "points":
        top = f"Score {card.value} points at once."
    elif effect == "tool":
        top = "One tool step: a new tool of value 1, or your lowest tool +1."
    elif effect == "agriculture":
        top = "Agriculture +1 at once."
    elif effect == "extra_card":
        top = "Draw the deck's top card face down: only its bottom scores."
    elif effect == "one_use_tool":
        top = f"A one-use tool of value {card.value}: add it to one roll, then it is gone."
    else:
        top = "Once, at any of your decisions, take two resources of your choice."
    lines = [f"Card #{card_id}: {card_top(card_id)} / {card_bottom(card_id)}", "Top: " + top]
    if card.green >= 0:
        lines.append(f"Bottom: green symbol {GREEN_SYMBOLS[card.green]}. At the end each set of "
                     "different green symbols scores its size squared.")
    else:
        kind = SAND_KINDS[card.sand]
        lines.append(f"Bottom: {plural(card.figures, SAND_WORDS[kind])}. At the end each "
                     f"{SAND_WORDS[kind]} scores 1 point per {SAND_RULE[kind]}.")
    return lines


def building_kind(name: str) -> BuildingKind:
    """The building kind with this notation name."""
    return next(kind for kind in BUILDING_KINDS if kind.name == name)


def building_cost(name: str, short: bool = False) -> str:
    """``"2 wood + 1 clay → 10 points"`` or ``"4 resources of 2 kinds → their value"``.

    ``short``: ``"2 wood+1 clay = 10 pts"``, ``"4 of 2 kinds = value"``.
    """
    kind = building_kind(name)
    if kind.cost is not None:
        points = sum(n * v for n, v in zip(kind.cost, (3, 4, 5, 6), strict=True))
        if short:
            return f"{mix_words(kind.cost).replace(' + ', '+')} = {points} pts"
        return f"{mix_words(kind.cost)} → {points} points"
    if short:
        if kind.kinds == 0:
            return f"{kind.min_count}–{kind.max_count} of any kinds = value"
        return f"{kind.min_count} of {plural(kind.kinds, 'kind')} = value"
    if kind.kinds == 0:
        return f"{kind.min_count} to {kind.max_count} resources of any kinds → their value"
    kinds = "1 kind" if kind.kinds == 1 else f"{kind.kinds} different kinds"
    return f"{kind.min_count} resources of exactly {kinds} → their value"


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


def player_rows(data: Obs, verbose: bool = False) -> list[tuple[str, str]]:
    """(label, value) rows for one player's board; ``verbose`` spells out cards and buildings."""
    res = data["resources"]
    secret = data["secret_cards"]
    hidden = secret if isinstance(secret, int) else len(secret)
    green, sand = _cards_summary(data, verbose)
    cards = str(len(data["cards"])) + ((f" +{hidden} face down" if verbose else f" (+{hidden} down)") if hidden else "")
    kinds = ", ".join(b["kind"] for b in data["buildings"])
    buildings = (kinds or "none") if verbose else str(len(data["buildings"]))
    one_use = _tools(data["one_use_tools"])
    if data["two_resources"]:
        one_use += ", two-resources card" if verbose else " +2R"
    return [
        ("figures", f"{data['figures']}" + (f" ({data['unplaced']} home)" if data["unplaced"] else "")),
        ("food", str(data["food"])),
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


# --- help: location rules and odds --------------------------------------------------------------


def location_rules(loc: int, obs: Obs) -> list[str]:
    """The rules of a location, for the help panel."""
    name = LOCATIONS[loc]
    players = len(obs["players"])
    if loc < 5:
        good = GATHER_GOODS[loc]
        lines = [f"{location_title(loc)}: roll one die per figure; the sum ÷ {DIVISOR[loc]} "
                 f"(rounded down) gives {good}."]
        if loc == 0:
            lines.append("Any number of figures, one group per player.")
        else:
            lines.append("At most 7 figures in all, one group per player"
                         + (" and only one player here with 2 players." if players == 2 else
                            " and at most two players here with 3 players." if players == 3 else "."))
            lines.append(f"A {good} is worth {DIVISOR[loc]} points when paid for a building.")
        lines.append("After the roll you may add ready tool tiles (each once a round) and one-use tools.")
        herd = obs.get("mammoth") or {}
        if herd.get("herd") == name and herd.get("bonus"):
            lines.append(f"The mammoth herd is here this round: after your roll you may move figures from "
                         f"here onto bonus tile {herd['bonus_tile']} ({bonus_text(herd)}), paying 1 food "
                         "or 1 resource per figure.")
        return lines
    if name == "toolmaker":
        lines = ["Tool maker: 1 figure. One tool step: a new tool of value 1 (up to 3 tools), "
                 "else your lowest tool +1 (up to 4)."]
    elif name == "hut":
        lines = ["Hut: exactly 2 figures. You gain a figure (up to 10); it must be fed."]
    elif name == "field":
        lines = ["Field: 1 figure. Agriculture +1 (up to 10): each level feeds one figure every round."]
    elif name.startswith("card"):
        slot = int(name[4:]) - 1
        lines = [f"Card space {slot + 1}: 1 figure. Pay {plural(slot + 1, 'resource')} of any kinds "
                 "to take the card, or decline."]
        entry = obs["display"][slot]
        lines += card_rules(entry["card"]) if entry else ["The space is empty."]
        return lines
    else:
        stack = int(name[8:]) - 1
        entry = obs["stacks"][stack]
        lines = [f"Building stack {stack + 1}: 1 figure. Pay for the top tile to score it, or decline."]
        if entry["top"] is None:
            lines.append("The stack is empty.")
        else:
            lines.append(f"Top tile {entry['top']}: {building_cost(entry['top'])}. "
                         f"{plural(entry['left'], 'tile')} left on the stack.")
            lines.append("Resources are worth wood 3, clay 4, stone 5, gold 6.")
        return lines
    if players < 4:
        lines.append(f"With {players} players only two of tool maker, hut and field are used each round.")
    return lines


def tool_bonus_of(data: Obs) -> int:
    """The most a player can add to one roll: all ready tool tiles and one-use tools."""
    return sum(data["tools_ready"]) + sum(data["one_use_tools"])


def yield_odds(dice: int, divisor: int, bonus: int) -> list[tuple[int, Fraction, Fraction]]:
    """``(yield, P(at least that without tools), P(at least that with +bonus))`` per yield."""
    counts = sum_counts(dice)
    total = 6**dice
    tail = [0] * (len(counts) + 1)
    for s in range(len(counts) - 1, -1, -1):
        tail[s] = tail[s + 1] + counts[s]

    def at_least(need: int) -> Fraction:
        need = max(need, 0)
        return Fraction(tail[need], total) if need < len(tail) else Fraction(0)

    rows = []
    for y in range(dice // divisor, (6 * dice + bonus) // divisor + 1):
        rows.append((y, at_least(y * divisor), at_least(y * divisor - bonus)))
    return rows


def _percent(p: Fraction) -> str:
    if p == 1:
        return "100%"
    if p == 0:
        return "0%"
    value = float(p) * 100
    if value > 99.9:
        return ">99.9%"
    return f"{value:.1f}%" if value >= 0.1 else "<0.1%"


def odds_lines(loc: int, dice: int, bonus: int) -> list[str]:
    """The probability table of the yield of ``dice`` dice at a gathering location."""
    divisor = DIVISOR[loc]
    good = GATHER_GOODS[loc]
    rows = yield_odds(dice, divisor, bonus)
    expected = Fraction(sum(s * w for s, w in enumerate(sum_counts(dice))), 6**dice)
    lines = [f"Odds: {plural(dice, 'die') if dice == 1 else f'{dice} dice'} at "
             f"{place_name(loc)}, sum ÷ {divisor} → {good}",
             f"(average sum {float(expected):.1f}; your tools add up to {bonus})",
             f"{good + ' ≥':>10} {'no tools':>9} {'with tools':>11}" if bonus else f"{good + ' ≥':>10} {'chance':>9}"]
    for y, plain, tooled in rows:
        if y == 0 or (plain < Fraction(1, 1000) and tooled < Fraction(1, 1000)):
            continue
        if plain == 1 and tooled == 1 and y < rows[-1][0] and rows[y - rows[0][0] + 1][1] == 1:
            continue  # keep only the last certain yield
        if bonus:
            lines.append(f"{y:>10} {_percent(plain):>9} {_percent(tooled):>11}")
        else:
            lines.append(f"{y:>10} {_percent(plain):>9}")
    return lines


def expected_by_count(loc: int, most: int, bonus: int) -> list[str]:
    """For a location group: the average yield for each number of figures."""
    divisor = DIVISOR[loc]
    lines = [f"{'figures':>8} {'average ' + GATHER_GOODS[loc]:>14}" + (f" {'with tools':>11}" if bonus else "")]
    for k in range(1, most + 1):
        counts = sum_counts(k)
        total = 6**k
        plain = sum((s // divisor) * w for s, w in enumerate(counts)) / total
        tooled = sum(((s + bonus) // divisor) * w for s, w in enumerate(counts)) / total
        lines.append(f"{k:>8} {plain:>14.2f}" + (f" {tooled:>11.2f}" if bonus else ""))
    return lines


# --- the Mammoth Herd ----------------------------------------------------------------------------

RECONSTRUCTION_NOTE = "tile faces: a reconstruction, not the printed tiles (docs/mammoth-herd.md)"
OWN_TILES_NOTE = "tile faces: your own tile table"


def tile_note(herd: Obs) -> str:
    """Whose tile faces these are: the shipped reconstruction, or the player's own table."""
    return RECONSTRUCTION_NOTE if herd["reconstructed_tiles"] else OWN_TILES_NOTE


def bonus_text(herd: Obs) -> str:
    """This round's tile in words: ``"1" 3 wood / "all" 1 wood``."""
    bonus = herd["bonus"]
    return f'"1" {bonus["one"]} / "all" {bonus["all"]}' if bonus else "no tile"


def tiles_left(herd: Obs) -> int:
    """Tiles still face down in the pile (from an observation or a full state)."""
    if "pile_size" in herd:
        return int(herd["pile_size"])
    return len(herd.get("pile") or [])


def _contenders(obs: Obs) -> list[int]:
    return [p for p, data in enumerate(obs["players"]) if data.get("on_tile")]


def taming_rolls(obs: Obs, short: Sequence[str], verbose: bool = False) -> str:
    """The contenders' taming rolls so far ("" when nobody is on the tile or nobody rolls)."""
    herd = obs.get("mammoth") or {}
    contenders = _contenders(obs)
    rolls = herd.get("tame_rolls") or []
    if not contenders or obs["phase"] != "taming":
        return ""
    if len(contenders) == 1:
        return f"{short[contenders[0]]} is alone on the tile and wins without rolling"
    parts = []
    for p in contenders:
        faces = rolls[p] if p < len(rolls) else []
        shown = " ".join(map(str, faces)) if faces else ("has yet to roll" if verbose else "…")
        parts.append(f"{short[p]} {'rolled ' if verbose and faces else ''}{shown}")
    return ("; " if verbose else " · ").join(parts)


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


MAMMOTH_RULES = (
    "The Mammoth Herd: at the start of each round the herd goes to the area of the resource on "
    "the back of the pile's top tile (wood forest, clay clay pit, stone quarry, gold river), and "
    "that tile is turned up as the round's bonus tile. The next tile's back is seen a round ahead.",
    "After gathering in the herd's area you may move some of those figures onto the bonus tile, "
    "paying 1 food (or 1 resource) per figure; the others go home.",
    "After all actions, before feeding: everyone on the tile rolls one die per figure, no tools. "
    "The highest single die wins, then the next highest, and so on; more dice beat a player who "
    "has run out. A lone contender wins without rolling.",
    'The winner takes the "1" bonus or the "all" bonus and keeps the tile. A full tie: each tied '
    'player takes the "all" bonus and the tile goes back to the box. Nobody on the tile: no bonus.',
    "When the pile is empty the herd leaves and the normal rules apply. At the end the most tiles "
    "score 10 points (tied players 10 each), before the civilization cards.",
)


def mammoth_rules(obs: Obs) -> list[str]:
    """The herd's rules for the help panel and ``rules herd`` (with this round's tile)."""
    herd = obs.get("mammoth")
    if herd is None:
        return ["The Mammoth Herd expansion is not in this game (stoneage play --expansion mammoth)."]
    lines = list(MAMMOTH_RULES)
    if herd["bonus"]:
        lines.append(f"This round: bonus tile {herd['bonus_tile']} at {place_name(LOCATIONS.index(herd['herd']))}, "
                     f"{bonus_text(herd)}.")
    note = tile_note(herd)
    lines.append(note[0].upper() + note[1:] + ".")
    return lines


def six_odds(most: int) -> str:
    """The chance of at least one 6 with 1 .. ``most`` taming dice, as one line."""
    parts = [f"{plural(k, 'die') if k == 1 else f'{k} dice'} {_percent(1 - Fraction(5, 6) ** k)}"
             for k in range(1, most + 1)]
    return "Chance of at least one 6: " + ", ".join(parts) + "."


# --- result -------------------------------------------------------------------------------------

BREAKDOWN_LABELS = {
    "buildings": "buildings", "card_points": "card points", "penalties": "penalties", "green": "green cards",
    "farmers": "farmers", "tool_makers": "tool makers", "hut_builders": "hut builders", "shamans": "shamans",
    "resources": "resources", "mammoth": "mammoth", "total": "total",
}


def breakdown_lines(breakdowns: Sequence[dict[str, int]], names: Sequence[str], width: int = 14) -> list[str]:
    """The score table: one row per score part, one column per player."""
    header = f"{'':14}" + "".join(f"{name[: width - 1]:>{width}}" for name in names)
    lines = [header]
    for key in breakdowns[0]:
        if key == "total":
            lines.append("-" * len(header))
        label = BREAKDOWN_LABELS.get(key, key.replace("_", " "))
        lines.append(f"{label:14}" + "".join(f"{b[key]:>{width}}" for b in breakdowns))
    return lines


def winner_lines(totals: Sequence[int], tie_breaks: Sequence[int], winners: Sequence[int],
                 names: Sequence[str]) -> list[str]:
    """Who won, with the tie-break explained when points were tied."""
    best = totals[winners[0]]
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(winners) > 1:
        who = " and ".join(names[p] for p in winners)
        return [f"Shared win: {who} with {best} points.",
                f"They are tied on points and on the tie-break (agriculture + tool value + figures = "
                f"{tie_breaks[winners[0]]}), so they share the win."]
    winner = winners[0]
    lines = [f"Winner: {names[winner]} with {best} points."]
    if len(tied) > 1:
        sums = ", ".join(f"{names[p]} {tie_breaks[p]}" for p in tied)
        lines.append(f"Tie on {best} points, broken by agriculture + tool value + figures: {sums}.")
    return lines
