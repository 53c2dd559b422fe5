"""Stone Age's decisions as menus for people: placements grouped by location, tools with the sum
they make, payments sorted by value, feeding, dice for all and the Mammoth Herd."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.contract import JSON, State
from stoneage.core.i18n import _, ngettext
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import DIVISOR, LOCATIONS, RESOURCE_VALUE, RESOURCES
from stoneage.games.stone_age.payment import tool_bonus
from stoneage.play.menus import Choice, Menu, complete_menu
from stoneage.play.stone_age.narrate import amount, building_name, place_at, place_from, place_on
from stoneage.play.stone_age.words import (
    GATHER_GOODS,
    bonus_phrase,
    bonus_text,
    building_cost,
    card_line,
    die_face,
    figures,
    good_word,
    location_title,
    mix_words,
    short_names,
    taming_rolls,
)


def _place_choices(legal: list[int], obs: dict[str, Any]) -> list[Choice]:
    by_loc: dict[int, list[int]] = {}
    for action in legal:
        if A.PLACE <= action < A.RESOLVE:
            loc, count = divmod(action - A.PLACE, A.MAX_PLACE)
            by_loc.setdefault(loc, []).append(count + 1)
    out = []
    for loc, counts in by_loc.items():
        if len(counts) == 1:
            what = _what(loc, obs)
            label = f"{location_title(loc)}{what}" if what else f"{location_title(loc)} ({figures(counts[0])})"
            out.append(Choice(label, A.place(loc, counts[0]), loc=loc, count=counts[0]))
            continue
        span = f"{counts[0]}–{counts[-1]}" if counts == list(range(counts[0], counts[-1] + 1)) else "/".join(
            map(str, counts))
        kids = tuple(Choice(ngettext("{count} figure {place}", "{count} figures {place}", n).format(
            count=n, place=place_on(loc)), A.place(loc, n), loc=loc, count=n) for n in counts)
        out.append(Choice(_("{location} ({span} figures)").format(location=location_title(loc), span=span), None,
                          kids, loc=loc))
    return out


def _what(loc: int, obs: dict[str, Any]) -> str:
    """What a card or building space offers, for a menu label."""
    name = LOCATIONS[loc]
    if name.startswith("card"):
        entry = obs["display"][int(name[4:]) - 1]
        return f": {card_line(entry['card'])}" if entry else ""
    if name.startswith("building"):
        top = obs["stacks"][int(name[8:]) - 1]["top"]
        return f": {building_name(top)}, {building_cost(top, short=True)}" if top else ""
    return ""


def _resolve_choices(legal: list[int], obs: dict[str, Any], seat: int) -> list[Choice]:
    out = []
    for action in legal:
        if A.RESOLVE <= action < A.TOOLS:
            loc = action - A.RESOLVE
            count = obs["board"][LOCATIONS[loc]][seat]
            label = f"{location_title(loc)} ({figures(count)})"
            if loc < 5:
                label += ngettext(": roll {count} die, ÷{divisor} → {good}", ": roll {count} dice, ÷{divisor} → {good}",
                                  count).format(count=count, divisor=DIVISOR[loc], good=good_word(GATHER_GOODS[loc]))
            out.append(Choice(label, action, loc=loc, count=count))
    return out


def tools_name(action: int) -> str:
    """The tools a tools action adds, in words (``"tools 3+2, one-use 4"``, ``"no tools"``)."""
    index, mask = divmod(action - A.TOOLS, 8)
    tile_set = A.TOOL_SETS[index]
    tiles = [str(v) for v in (4, 3, 2, 1) for _ in range(tile_set[v - 1])]
    one_use = [str(v) for i, v in reversed(list(enumerate(A.ONE_USE_VALUES))) if mask >> i & 1]
    parts = []
    if tiles:
        parts.append(ngettext("tool {values}", "tools {values}", len(tiles)).format(values="+".join(tiles)))
    if one_use:
        parts.append(_("one-use {values}").format(values="+".join(one_use)))
    return ", ".join(parts) or _("no tools")


def _tool_label(action: int, rolled: int, divisor: int, good: str) -> tuple[int, str]:
    index, mask = divmod(action - A.TOOLS, 8)
    bonus = tool_bonus(A.TOOL_SETS[index], mask)
    name = tools_name(action)
    total = rolled + bonus
    if bonus:
        return bonus, f"{name}: {rolled}+{bonus} = {total} → {amount(total // divisor, good)}"
    return bonus, f"{name}: {rolled} → {amount(rolled // divisor, good)}"


def _take_group(legal: list[int], now: bool) -> list[Choice]:
    takes = [a for a in legal if A.TAKE <= a < A.ROLL]
    kids = tuple(Choice(_("take {goods}").format(goods=mix_words(A.PAIRS[a - A.TAKE])), a) for a in takes)
    if not kids:
        return []
    if now:
        return list(kids)
    return [Choice(_("use your two-resources card (take 2 resources, then decide again)"), None, kids)]


def build_menu(state: State, names: Sequence[str], observation: JSON | None = None) -> Menu:
    """The menu of the decision pending in ``state`` (which must be a player's decision); ``observation``
    is the deciding seat's, if the caller has it."""
    seat = state.current_player()
    obs = observation if observation is not None else state.observation(seat)
    pending = obs["pending"]
    stage = pending["stage"]
    legal = state.legal_actions()
    me = obs["players"][seat]
    who = names[seat]
    info: list[str] = []
    choices: list[Choice] = []
    if stage == "place":
        prompt = _("{who}: place figures ({count} at home)").format(who=who, count=me["unplaced"])
        choices = _place_choices(legal, obs)
    elif stage == "resolve":
        prompt = _("{who}: which of your locations do you resolve next?").format(who=who)
        choices = _resolve_choices(legal, obs, seat)
    elif stage == "tools":
        loc = LOCATIONS.index(pending["gather"])
        divisor, good = DIVISOR[loc], GATHER_GOODS[loc]
        rolled = pending["rolled"]
        prompt = _("{who}: you rolled {rolled} {place} (÷{divisor}); add tools?").format(
            who=who, rolled=rolled, place=place_at(loc), divisor=divisor)
        info.append(ngettext("Rolled {rolled} on {count} die: {amount} without tools.",
                             "Rolled {rolled} on {count} dice: {amount} without tools.", pending["dice"]).format(
            rolled=rolled, count=pending["dice"], amount=amount(rolled // divisor, good)))
        labelled = sorted(((*_tool_label(a, rolled, divisor, good), a) for a in legal if A.TOOLS <= a < A.PAY),
                          key=lambda t: (t[0], t[2]))
        choices = [Choice(label, a, loc=loc) for _, label, a in labelled]
    elif stage in ("buy_card", "buy_building"):
        slot = pending["slot"]
        pays = [a for a in legal if A.PAY <= a < A.DECLINE]
        if stage == "buy_card":
            card_id = obs["display"][slot]["card"]
            prompt = ngettext("{who}: buy {card} for {count} resource?", "{who}: buy {card} for {count} resources?",
                              slot + 1).format(who=who, card=card_line(card_id), count=slot + 1)
            mixes = sorted(pays, key=lambda a: (_value(A.MIXES[a - A.PAY + 1]), a))
            choices = [Choice(_("pay {goods}").format(goods=mix_words(A.MIXES[a - A.PAY + 1])), a, loc=8 + slot)
                       for a in mixes]
        else:
            kind = obs["stacks"][slot]["top"]
            prompt = _("{who}: build {building} ({cost})?").format(who=who, building=building_name(kind),
                                                                   cost=building_cost(kind))
            mixes = sorted(pays, key=lambda a: (-_value(A.MIXES[a - A.PAY + 1]), a))
            choices = [Choice(_("pay {goods} → {points} points").format(
                goods=mix_words(A.MIXES[a - A.PAY + 1]), points=_value(A.MIXES[a - A.PAY + 1])), a, loc=12 + slot)
                for a in mixes]
        choices.append(Choice(_("decline (the figure comes back)"), A.DECLINE))
    elif stage == "pick":
        dice = " ".join(str(f) for f in pending["dice_left"])
        prompt = _("{who}: dice for all — take one die (left: {dice})").format(who=who, dice=dice)
        choices = [Choice(_("the {face}: {reward}").format(face=a - A.PICK + 1, reward=die_face(a - A.PICK + 1)), a)
                   for a in legal if A.PICK <= a < A.TAKE]
    elif stage == "feed":
        short = pending["shortfall"]
        prompt = _("{who}: {short} food short — pay with resources or starve (−10 points)?").format(
            who=who, short=short)
        choices = [Choice(_("feed with {goods}").format(goods=mix_words(A.MIXES[a - A.FEED + 1])), a)
                   for a in legal if A.FEED <= a < A.STARVE]
        choices.append(Choice(_("starve: lose all food, −10 points"), A.STARVE))
    elif stage == "take_now":
        if obs["phase"] == "taming":
            prompt = _("{who}: take two resources of your choice (the mammoth bonus)").format(who=who)
        else:
            prompt = _("{who}: take two resources of your choice").format(who=who)
    elif stage == "tame_move":
        prompt, choices = _tame_move(legal, obs, seat, who, names, info)
    elif stage == "bonus":
        prompt, choices = _bonus_choices(obs, seat, who, names, info)
    else:
        prompt = _("{who}: choose").format(who=who)
        choices = [Choice(state.action_to_string(a), a) for a in legal if not A.TAKE <= a < A.ROLL]
    choices.extend(_take_group(legal, stage == "take_now"))
    return complete_menu(Menu(prompt, tuple(choices), stage, seat, info), state, legal)


GOODS = ("food", *RESOURCES)
GOOD_COST = (2, *RESOURCE_VALUE)
"""What a good is worth when sorting payments: food first, then wood, clay, stone, gold."""


def tame_payment(mix: tuple[int, ...]) -> str:
    """A payment for the mammoth tile in words: ``"1 food + 1 wood"``."""
    return " + ".join(amount(n, GOODS[g]) for g, n in enumerate(mix) if n)


def _herd_info(obs: dict[str, Any], names: Sequence[str], info: list[str]) -> dict[str, Any]:
    herd: dict[str, Any] = obs["mammoth"]
    short = short_names([name.split(" (")[0] for name in names])
    info.append(_("Bonus tile {number}: {bonus}.").format(number=herd["bonus_tile"], bonus=bonus_text(herd)))
    rolls = taming_rolls(obs, short, verbose=True)
    if rolls:
        info.append(_("Taming: {rolls}.").format(rolls=rolls))
    return herd


def _tame_move(legal: list[int], obs: dict[str, Any], seat: int, who: str, names: Sequence[str],
               info: list[str]) -> tuple[str, list[Choice]]:
    """Moving none or some of the figures that just gathered in the herd's area onto the tile."""
    herd = _herd_info(obs, names, info)
    loc = LOCATIONS.index(herd["herd"])
    tamers = herd["tamers"]
    prompt = _("{who}: move figures {place} onto the mammoth tile (1 food or resource each)?").format(
        who=who, place=place_from(loc))
    others = [_("{who} has {count}").format(who=names[p], count=data["on_tile"])
              for p, data in enumerate(obs["players"]) if data["on_tile"] and p != seat]
    if others:
        info.append(_("Already on the tile: {players}.").format(players=", ".join(others)))
    choices = [Choice(_("tame none: leave the herd alone (the {count} figures go home)").format(count=tamers)
                      if tamers > 1 else _("tame none: leave the herd alone (the figure goes home)"), A.TAME_NONE)]
    by_count: dict[int, list[int]] = {}
    for action in legal:
        if A.TAME_PAY <= action < A.BONUS_ONE:
            by_count.setdefault(sum(A.TAME_MIXES[action - A.TAME_PAY]), []).append(action)
    for count, actions in sorted(by_count.items()):
        actions.sort(key=lambda a: (_tame_cost(A.TAME_MIXES[a - A.TAME_PAY]), a))
        if len(actions) == 1:
            mix = A.TAME_MIXES[actions[0] - A.TAME_PAY]
            choices.append(Choice(_moving(count, tame_payment(mix)), actions[0], count=count))
            continue
        kids = tuple(Choice(_moving(count, tame_payment(A.TAME_MIXES[a - A.TAME_PAY])), a, count=count)
                     for a in actions)
        cheapest = tame_payment(A.TAME_MIXES[actions[0] - A.TAME_PAY])
        label = ngettext("move {count} figure onto the tile ({ways} ways to pay, e.g. {cheapest})",
                         "move {count} figures onto the tile ({ways} ways to pay, e.g. {cheapest})", count).format(
            count=count, ways=len(actions), cheapest=cheapest)
        choices.append(Choice(label, None, kids, count=count))
    return prompt, choices


def _moving(count: int, payment: str) -> str:
    return ngettext("move {count} figure onto the tile, paying {payment}",
                    "move {count} figures onto the tile, paying {payment}", count).format(count=count, payment=payment)


def _tame_cost(mix: tuple[int, ...]) -> int:
    return sum(n * v for n, v in zip(mix, GOOD_COST, strict=True))


def _bonus_choices(obs: dict[str, Any], seat: int, who: str, names: Sequence[str],
                   info: list[str]) -> tuple[str, list[Choice]]:
    """The winner of the taming contest takes the "1" or the "all" bonus."""
    herd = _herd_info(obs, names, info)
    tile = herd["bonus_tile"]
    prompt = _('{who}: you tamed the mammoth and keep tile {tile}: take the "1" bonus or the "all" bonus?').format(
        who=who, tile=tile)
    choices = [Choice(_("bonus one: {bonus}").format(bonus=bonus_phrase(herd["bonus"]["one"])), A.BONUS_ONE),
               Choice(_("bonus all: {bonus}").format(bonus=bonus_phrase(herd["bonus"]["all"])), A.BONUS_ALL)]
    return prompt, choices


def _value(mix: tuple[int, int, int, int]) -> int:
    return sum(n * v for n, v in zip(mix, RESOURCE_VALUE, strict=True))
