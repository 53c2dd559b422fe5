"""Stone Age in words, for every face: cards, buildings, locations and their rules, the odds of a
roll, the Mammoth Herd's rules and tiles.

Every function takes public data (an observation from ``state.observation(seat)``, or plain
numbers) and returns plain text; the terminal's panels and a web page both show it.
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
