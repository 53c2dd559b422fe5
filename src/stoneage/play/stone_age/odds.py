"""The odds of every gathering roll a seat has ahead this round, with the tools at hand.

From an observation (public data): the seat's figures on the five gathering locations (and a
roll already pending for it) each roll their dice; the yield is the sum divided by the location's
divisor, rounded down, and the seat may add its unused tools (ready tool tiles and one-use
tools) to the sum. Each table gives the exact chance of each yield without tools and with all
of them on that roll; each column adds up to 100 %.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from stoneage.core.dice import sum_counts
from stoneage.core.i18n import _, ngettext
from stoneage.games.stone_age.data import DIVISOR, GATHER_LOCATIONS, LOCATIONS
from stoneage.play.stone_age.words import GATHER_GOODS, good_word, location_title, tool_bonus_of

Obs = dict[str, Any]


def yield_distribution(dice: int, divisor: int, bonus: int = 0) -> list[tuple[int, Fraction]]:
    """``(yield, exact chance)`` of every yield of ``dice`` dice with ``bonus`` added to the sum."""
    total = 6**dice
    chances: dict[int, int] = {}
    for face_sum, ways in enumerate(sum_counts(dice)):
        if ways:
            harvest = (face_sum + bonus) // divisor
            chances[harvest] = chances.get(harvest, 0) + ways
    return [(harvest, Fraction(ways, total)) for harvest, ways in sorted(chances.items())]


def gathering_rolls(obs: Obs, seat: int) -> list[tuple[int, int]]:
    """``(location, dice)`` of each gathering roll ``seat`` has ahead this round."""
    rolls = [(loc, obs["board"][LOCATIONS[loc]][seat]) for loc in GATHER_LOCATIONS
             if obs["board"][LOCATIONS[loc]][seat]]
    pending = obs.get("pending") or {}
    if pending.get("stage") == "roll" and pending.get("player") == seat and pending.get("dice"):
        rolls.insert(0, (LOCATIONS.index(pending["gather"]), pending["dice"]))
    return rolls


def percent(chance: Fraction) -> str:
    """``"12.5 %"``; ``"<0.1 %"`` for a chance that is not nil but rounds to it; ``"–"`` for none."""
    if not chance:
        return "–"
    if chance < Fraction(1, 1000):
        return "<0.1 %"
    return f"{float(chance) * 100:.1f} %"


def roll_odds_lines(loc: int, dice: int, bonus: int) -> list[str]:
    """The table of one gathering roll: each yield's chance without tools and with ``bonus``."""
    divisor = DIVISOR[loc]
    good = good_word(GATHER_GOODS[loc])
    plain = dict(yield_distribution(dice, divisor))
    tooled = dict(yield_distribution(dice, divisor, bonus))
    lines = [ngettext("{location}: {count} die, sum ÷ {divisor} → {good}",
                      "{location}: {count} dice, sum ÷ {divisor} → {good}", dice).format(
        location=location_title(loc), count=dice, divisor=divisor, good=good)]
    # TRANSLATORS: column headers of a roll's odds: without tools, with all unused tools (+N), the chance
    plain_head, tooled_head, chance_head = _("no tools"), _("tools +{bonus}").format(bonus=bonus), _("chance")
    if bonus:
        lines.append(f"{good:>10} {plain_head:>10} {tooled_head:>11}")
    else:
        lines.append(f"{good:>10} {chance_head:>10}")
    for harvest in sorted(set(plain) | set(tooled)):
        row = f"{harvest:>10} {percent(plain.get(harvest, Fraction(0))):>10}"
        lines.append(row + (f" {percent(tooled.get(harvest, Fraction(0))):>11}" if bonus else ""))
    return lines


def gathering_odds_lines(obs: Obs, seat: int) -> list[str]:
    """The odds of every gathering roll ``seat`` has ahead, with its unused tools (all on each roll:
    a tool serves one roll a round, so spread them as the rolls come)."""
    rolls = gathering_rolls(obs, seat)
    if not rolls:
        return [_("No gathering rolls ahead: no figures on the hunting grounds, forest, clay pit, quarry or river.")]
    bonus = tool_bonus_of(obs["players"][seat])
    lines = [_("Your gathering rolls this round; your unused tools add up to {bonus} "
               "(each tool serves one roll a round).").format(bonus=bonus)]
    for loc, dice in rolls:
        lines += roll_odds_lines(loc, dice, bonus)
    return lines
