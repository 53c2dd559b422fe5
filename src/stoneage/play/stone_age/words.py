"""Stone Age in words, for every face: cards, buildings, locations and their rules, the odds of a
roll, the Mammoth Herd's rules and tiles.

Every function takes public data (an observation from ``state.observation(seat)``, or plain
numbers) and returns plain text; the terminal's panels and a web page both show it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from stoneage.core.dice import sum_counts
from stoneage.core.i18n import N_, _, ngettext, per_language, pgettext
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
from stoneage.games.stone_age.mammoth import Bonus
from stoneage.play.stone_age.narrate import amount, bonus_words, building_name, place_at

Obs = dict[str, Any]

GATHER_GOODS = (N_("food"), N_("wood"), N_("clay"), N_("stone"), N_("gold"))
"""What each gathering location gives (shown as ``_(good)``)."""
LOCATION_TITLES = {
    "hunt": N_("Hunting grounds"), "forest": N_("Forest"), "claypit": N_("Clay pit"), "quarry": N_("Quarry"),
    "river": N_("River"), "toolmaker": N_("Tool maker"), "hut": N_("Hut"), "field": N_("Field"),
}
"""The short titles of the village and gathering locations (shown as ``_(title)``)."""
SAND_WORDS = {"farmer": "farmer", "toolmaker": "tool maker", "hutbuilder": "hut builder", "shaman": "shaman"}
"""The sand cards' figures by ``SAND_KINDS`` name, as keys of the players' summaries (not shown as such:
``sand_figures`` words them)."""
DIE_FACES = {1: N_("1 wood"), 2: N_("1 clay"), 3: N_("1 stone"), 4: N_("1 gold"), 5: N_("a tool step"),
             6: N_("agriculture +1")}
"""What each face of dice for all gives (shown as ``_(DIE_FACES[face])``)."""


def die_face(face: int) -> str:
    """What a die of dice for all gives, in words: ``"1 wood"``, ``"a tool step"``."""
    return _(DIE_FACES[face])


def good_word(good: str) -> str:
    """A good's name (``"food"``, ``"wood"``...) in the reader's language."""
    return _(good)


def sand_figures(kind: str, count: int) -> str:
    """A number of sand figures: ``"1 farmer"``, ``"2 tool makers"`` (``kind`` a ``SAND_KINDS`` name or
    its ``SAND_WORDS`` word)."""
    if kind == "farmer":
        return ngettext("{count} farmer", "{count} farmers", count).format(count=count)
    if kind in ("toolmaker", "tool maker"):
        return ngettext("{count} tool maker", "{count} tool makers", count).format(count=count)
    if kind in ("hutbuilder", "hut builder"):
        return ngettext("{count} hut builder", "{count} hut builders", count).format(count=count)
    return ngettext("{count} shaman", "{count} shamans", count).format(count=count)


def figures(count: int) -> str:
    """``"1 figure"``, ``"3 figures"``."""
    return ngettext("{count} figure", "{count} figures", count).format(count=count)


def short_names(names: Sequence[str]) -> list[str]:
    """Seat names for narrow places: ``"Player 1 (you)"`` becomes ``"P1 (you)"`` (the default name of a
    seat, English or translated, shortened to ``P`` and its number)."""
    template = _("Player {number}")
    head, _sep, tail = template.partition("{number}")
    pattern = re.compile(re.escape(head) + r"(\d+)" + re.escape(tail)) if template != "Player {number}" else None
    out = []
    for name in names:
        text = name.replace("Player ", "P")
        out.append(pattern.sub(lambda match: f"P{match.group(1)}", text) if pattern else text)
    return out


def mix_words(mix: Sequence[int]) -> str:
    """A resource mix in words: ``"2 wood + 1 clay"``."""
    parts = [amount(n, RESOURCES[r]) for r, n in enumerate(mix) if n]
    return " + ".join(parts) if parts else _("nothing")


@per_language
def location_title(loc: int) -> str:
    """A short title: ``"Forest"``, ``"Card 2"``, ``"Building 1"``."""
    name = LOCATIONS[loc]
    if name in LOCATION_TITLES:
        return _(LOCATION_TITLES[name])
    if name.startswith("card"):
        return _("Card {number}").format(number=name[4:])
    return _("Building {number}").format(number=name[8:])


# --- cards and buildings ------------------------------------------------------------------------


def card_top(card_id: int) -> str:
    """The top (immediate) effect of a card in words."""
    card = CARDS[card_id - 1]
    effect = card.effect
    if effect == "dice_for_all":
        return _("dice for all")
    if effect == "food":
        return amount(card.value, "food")
    if effect == "resource":
        return amount(RESOURCE_AMOUNT.get(card_id, 1), RESOURCES[card.value])
    if effect == "resource_roll":
        return _("roll 2 dice for {good}").format(good=good_word(RESOURCES[card.value]))
    if effect == "points":
        return ngettext("{count} points", "{count} points", card.value).format(count=card.value)
    if effect == "tool":
        return _("a tool step")
    if effect == "agriculture":
        return _("agriculture +1")
    if effect == "extra_card":
        return _("extra card face down")
    if effect == "one_use_tool":
        return _("one-use tool {value}").format(value=card.value)
    return _("two resources of your choice")


def card_bottom(card_id: int) -> str:
    """The bottom (final scoring) of a card in words."""
    card = CARDS[card_id - 1]
    if card.green >= 0:
        return _("green {symbol}").format(symbol=_(GREEN_SYMBOLS[card.green]))
    return sand_figures(SAND_KINDS[card.sand], card.figures)


@per_language
def card_line(card_id: int) -> str:
    """``"#23 roll 2 dice for gold | green art"``."""
    return f"#{card_id} {card_top(card_id)} | {card_bottom(card_id)}"


def _sand_rule(kind: str, figures_text: str) -> str:
    if kind == "farmer":
        return _("Bottom: {figures}. At the end each farmer scores 1 point per agriculture level.").format(
            figures=figures_text)
    if kind == "toolmaker":
        return _("Bottom: {figures}. At the end each tool maker scores 1 point per total tool value.").format(
            figures=figures_text)
    if kind == "hutbuilder":
        return _("Bottom: {figures}. At the end each hut builder scores 1 point per building.").format(
            figures=figures_text)
    return _("Bottom: {figures}. At the end each shaman scores 1 point per figure.").format(figures=figures_text)


def card_rules(card_id: int) -> list[str]:
    """What a card does, top and bottom, in sentences."""
    card = CARDS[card_id - 1]
    effect = card.effect
    if effect == "dice_for_all":
        top = _("Dice for all: one die per player is rolled; you take one die first, then the others "
                "clockwise. Faces: 1 wood, 2 clay, 3 stone, 4 gold, 5 a tool step, 6 agriculture +1.")
    elif effect == "food":
        top = _("Take {amount} at once.").format(amount=amount(card.value, "food"))
    elif effect == "resource":
        top = _("Take {amount} at once.").format(amount=amount(RESOURCE_AMOUNT.get(card_id, 1), RESOURCES[card.value]))
    elif effect == "resource_roll":
        top = _("Roll 2 dice: the sum ÷ {divisor} (rounded down) gives {good}; tools may be added.").format(
            divisor=DIVISOR[card.value + 1], good=good_word(RESOURCES[card.value]))
    elif effect == "points":
        top = ngettext("Score {count} points at once.", "Score {count} points at once.", card.value).format(
            count=card.value)
    elif effect == "tool":
        top = _("One tool step: a new tool of value 1, or your lowest tool +1.")
    elif effect == "agriculture":
        top = _("Agriculture +1 at once.")
    elif effect == "extra_card":
        top = _("Draw the deck's top card face down: only its bottom scores.")
    elif effect == "one_use_tool":
        top = _("A one-use tool of value {value}: add it to one roll, then it is gone.").format(value=card.value)
    else:
        top = _("Once, at any of your decisions, take two resources of your choice.")
    lines = [_("Card #{number}: {top} / {bottom}").format(number=card_id, top=card_top(card_id),
                                                           bottom=card_bottom(card_id)),
             _("Top: {text}").format(text=top)]
    if card.green >= 0:
        lines.append(_("Bottom: green symbol {symbol}. At the end each set of different green symbols scores its "
                       "size squared.").format(symbol=_(GREEN_SYMBOLS[card.green])))
    else:
        kind = SAND_KINDS[card.sand]
        lines.append(_sand_rule(kind, sand_figures(kind, card.figures)))
    return lines


def building_kind(name: str) -> BuildingKind:
    """The building kind with this notation name."""
    return next(kind for kind in BUILDING_KINDS if kind.name == name)


@per_language
def building_cost(name: str, short: bool = False) -> str:
    """``"2 wood + 1 clay → 10 points"`` or ``"4 resources of 2 kinds → their value"``.

    ``short``: ``"2 wood+1 clay = 10 pts"``, ``"4 of 2 kinds = value"``.
    """
    kind = building_kind(name)
    if kind.cost is not None:
        points = sum(n * v for n, v in zip(kind.cost, (3, 4, 5, 6), strict=True))
        if short:
            return _("{cost} = {points} pts").format(cost=mix_words(kind.cost).replace(" + ", "+"), points=points)
        return _("{cost} → {points} points").format(cost=mix_words(kind.cost), points=points)
    if short:
        if kind.kinds == 0:
            return _("{least}–{most} of any kinds = value").format(least=kind.min_count, most=kind.max_count)
        return ngettext("{count} of {kinds} kind = value", "{count} of {kinds} kinds = value", kind.kinds).format(
            count=kind.min_count, kinds=kind.kinds)
    if kind.kinds == 0:
        return _("{least} to {most} resources of any kinds → their value").format(
            least=kind.min_count, most=kind.max_count)
    return ngettext("{count} resources of exactly {kinds} kind → their value",
                    "{count} resources of exactly {kinds} different kinds → their value", kind.kinds).format(
        count=kind.min_count, kinds=kind.kinds)


# --- help: location rules and odds --------------------------------------------------------------


def location_rules(loc: int, obs: Obs) -> list[str]:
    """The rules of a location, for the help panel."""
    name = LOCATIONS[loc]
    players = len(obs["players"])
    if loc < 5:
        good = good_word(GATHER_GOODS[loc])
        lines = [_("{title}: roll one die per figure; the sum ÷ {divisor} (rounded down) gives {good}.").format(
            title=location_title(loc), divisor=DIVISOR[loc], good=good)]
        if loc == 0:
            lines.append(_("Any number of figures, one group per player."))
        else:
            if players == 2:
                lines.append(_("At most 7 figures in all, one group per player and only one player here with "
                               "2 players."))
            elif players == 3:
                lines.append(_("At most 7 figures in all, one group per player and at most two players here "
                               "with 3 players."))
            else:
                lines.append(_("At most 7 figures in all, one group per player."))
            lines.append(_("A {good} is worth {divisor} points when paid for a building.").format(
                good=good, divisor=DIVISOR[loc]))
        lines.append(_("After the roll you may add ready tool tiles (each once a round) and one-use tools."))
        herd = obs.get("mammoth") or {}
        if herd.get("herd") == name and herd.get("bonus"):
            lines.append(_("The mammoth herd is here this round: after your roll you may move figures from here "
                           "onto bonus tile {number} ({bonus}), paying 1 food or 1 resource per figure.").format(
                number=herd["bonus_tile"], bonus=bonus_text(herd)))
        return lines
    if name == "toolmaker":
        lines = [_("Tool maker: 1 figure. One tool step: a new tool of value 1 (up to 3 tools), "
                   "else your lowest tool +1 (up to 4).")]
    elif name == "hut":
        lines = [_("Hut: exactly 2 figures. You gain a figure (up to 10); it must be fed.")]
    elif name == "field":
        lines = [_("Field: 1 figure. Agriculture +1 (up to 10): each level feeds one figure every round.")]
    elif name.startswith("card"):
        slot = int(name[4:]) - 1
        lines = [ngettext("Card space {number}: 1 figure. Pay {count} resource of any kinds to take the card, "
                          "or decline.",
                          "Card space {number}: 1 figure. Pay {count} resources of any kinds to take the card, "
                          "or decline.", slot + 1).format(number=slot + 1, count=slot + 1)]
        entry = obs["display"][slot]
        lines += card_rules(entry["card"]) if entry else [_("The space is empty.")]
        return lines
    else:
        stack = int(name[8:]) - 1
        entry = obs["stacks"][stack]
        lines = [_("Building stack {number}: 1 figure. Pay for the top tile to score it, or decline.").format(
            number=stack + 1)]
        if entry["top"] is None:
            lines.append(_("The stack is empty."))
        else:
            lines.append(ngettext("Top tile {building}: {cost}. {count} tile left on the stack.",
                                  "Top tile {building}: {cost}. {count} tiles left on the stack.",
                                  entry["left"]).format(building=building_name(entry["top"]),
                                                        cost=building_cost(entry["top"]), count=entry["left"]))
            lines.append(_("Resources are worth wood 3, clay 4, stone 5, gold 6."))
        return lines
    if players < 4:
        lines.append(_("With {players} players only two of tool maker, hut and field are used each round.").format(
            players=players))
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
    good = good_word(GATHER_GOODS[loc])
    rows = yield_odds(dice, divisor, bonus)
    expected = Fraction(sum(s * w for s, w in enumerate(sum_counts(dice))), 6**dice)
    plain_head, tooled_head, chance_head = _("no tools"), _("with tools"), pgettext("odds table header", "chance")
    head = f"{good + ' ≥':>10} {plain_head:>9} {tooled_head:>11}" if bonus else f"{good + ' ≥':>10} {chance_head:>9}"
    lines = [ngettext("Odds: {count} die {place}, sum ÷ {divisor} → {good}",
                      "Odds: {count} dice {place}, sum ÷ {divisor} → {good}", dice).format(
                 count=dice, place=place_at(loc), divisor=divisor, good=good),
             _("(average sum {average}; your tools add up to {bonus})").format(
                 average=f"{float(expected):.1f}", bonus=bonus),
             head]
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
    average = _("average {good}").format(good=good_word(GATHER_GOODS[loc]))
    # TRANSLATORS: a column header of the average yield table (the number of figures).
    figures_head, tooled_head = _("figures"), _("with tools")
    lines = [f"{figures_head:>8} {average:>14}" + (f" {tooled_head:>11}" if bonus else "")]
    for k in range(1, most + 1):
        counts = sum_counts(k)
        total = 6**k
        plain = sum((s // divisor) * w for s, w in enumerate(counts)) / total
        tooled = sum(((s + bonus) // divisor) * w for s, w in enumerate(counts)) / total
        lines.append(f"{k:>8} {plain:>14.2f}" + (f" {tooled:>11.2f}" if bonus else ""))
    return lines


# --- the Mammoth Herd ----------------------------------------------------------------------------

RECONSTRUCTION_NOTE = N_("tile faces: a reconstruction, not the printed tiles (docs/mammoth-herd.md)")
OWN_TILES_NOTE = N_("tile faces: your own tile table")


def tile_note(herd: Obs) -> str:
    """Whose tile faces these are: the shipped reconstruction, or the player's own table."""
    return _(RECONSTRUCTION_NOTE if herd["reconstructed_tiles"] else OWN_TILES_NOTE)


@per_language
def bonus_phrase(words: str) -> str:
    """An observation's bonus (``Bonus.words``, English in the JSON) in the reader's language."""
    try:
        return bonus_words(Bonus.from_words(words).amounts())
    except (TypeError, ValueError):
        return words


def bonus_text(herd: Obs) -> str:
    """This round's tile in words: ``"1" 3 wood / "all" 1 wood``."""
    bonus = herd["bonus"]
    if not bonus:
        return _("no tile")
    return _('"1" {one} / "all" {all}').format(one=bonus_phrase(bonus["one"]), all=bonus_phrase(bonus["all"]))


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
        return _("{who} is alone on the tile and wins without rolling").format(who=short[contenders[0]])
    parts = []
    for p in contenders:
        faces = rolls[p] if p < len(rolls) else []
        shown = " ".join(map(str, faces))
        if not verbose:
            parts.append(f"{short[p]} {shown if faces else '…'}")
        elif faces:
            parts.append(_("{who} rolled {faces}").format(who=short[p], faces=shown))
        else:
            parts.append(_("{who} has yet to roll").format(who=short[p]))
    return ("; " if verbose else " · ").join(parts)


MAMMOTH_RULES = (
    N_("The Mammoth Herd: at the start of each round the herd goes to the area of the resource on "
       "the back of the pile's top tile (wood forest, clay clay pit, stone quarry, gold river), and "
       "that tile is turned up as the round's bonus tile. The next tile's back is seen a round ahead."),
    N_("After gathering in the herd's area you may move some of those figures onto the bonus tile, "
       "paying 1 food (or 1 resource) per figure; the others go home."),
    N_("After all actions, before feeding: everyone on the tile rolls one die per figure, no tools. "
       "The highest single die wins, then the next highest, and so on; more dice beat a player who "
       "has run out. A lone contender wins without rolling."),
    N_('The winner takes the "1" bonus or the "all" bonus and keeps the tile. A full tie: each tied '
       'player takes the "all" bonus and the tile goes back to the box. Nobody on the tile: no bonus.'),
    N_("When the pile is empty the herd leaves and the normal rules apply. At the end the most tiles "
       "score 10 points (tied players 10 each), before the civilization cards."),
)
"""The Mammoth Herd's rules, a paragraph each (shown as ``_(paragraph)``)."""


def mammoth_rules(obs: Obs) -> list[str]:
    """The herd's rules for the help panel and ``rules herd`` (with this round's tile)."""
    herd = obs.get("mammoth")
    if herd is None:
        return [_("The Mammoth Herd expansion is not in this game (stoneage play --expansion mammoth).")]
    lines = [_(paragraph) for paragraph in MAMMOTH_RULES]
    if herd["bonus"]:
        lines.append(_("This round: bonus tile {number} {place}, {bonus}.").format(
            number=herd["bonus_tile"], place=place_at(LOCATIONS.index(herd["herd"])), bonus=bonus_text(herd)))
    note = tile_note(herd)
    lines.append(note[0].upper() + note[1:] + ".")
    return lines


def six_odds(most: int) -> str:
    """The chance of at least one 6 with 1 .. ``most`` taming dice, as one line."""
    parts = [ngettext("{count} die {chance}", "{count} dice {chance}", k).format(
        count=k, chance=_percent(1 - Fraction(5, 6) ** k)) for k in range(1, most + 1)]
    return _("Chance of at least one 6: {odds}.").format(odds=", ".join(parts))
