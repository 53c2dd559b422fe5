"""The legal actions of a decision, grouped and labelled for people.

A :class:`Menu` is a prompt and a list of :class:`Choice`; a choice either plays one action or
opens a sub-list (e.g. a location, then how many figures). Both the full-screen app and the
plain mode show these menus.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stoneage.core.contract import State
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import DIVISOR, LOCATIONS, RESOURCE_VALUE
from stoneage.games.stone_age.narrate import place_name
from stoneage.games.stone_age.payment import tool_bonus
from stoneage.tui.render import (
    DIE_FACES,
    GATHER_GOODS,
    building_cost,
    card_line,
    location_title,
    mix_words,
    plural,
)


@dataclass(frozen=True)
class Choice:
    """One entry of a menu: an action, or a group of entries."""

    label: str
    action: int | None = None
    children: tuple[Choice, ...] = ()
    loc: int | None = None
    """The location this entry is about (help panel), if any."""
    count: int | None = None
    """Figures placed or resolved (odds table), if any."""

    @property
    def is_group(self) -> bool:
        """Whether choosing this entry opens a sub-list."""
        return self.action is None


@dataclass(frozen=True)
class Menu:
    """A decision: who decides what, and the grouped legal actions."""

    prompt: str
    choices: tuple[Choice, ...]
    stage: str = ""
    seat: int = -1
    info: list[str] = field(default_factory=list)
    """Extra lines about the decision (the roll, the card on offer, ...)."""


def _flatten(choices: tuple[Choice, ...]) -> list[Choice]:
    out: list[Choice] = []
    for choice in choices:
        out.extend(_flatten(choice.children) if choice.is_group else [choice])
    return out


def all_actions(menu: Menu) -> list[int]:
    """Every action a menu offers (in menu order)."""
    return [c.action for c in _flatten(menu.choices) if c.action is not None]


def _place_choices(legal: list[int], obs: dict[str, Any]) -> list[Choice]:
    by_loc: dict[int, list[int]] = {}
    for action in legal:
        if A.PLACE <= action < A.RESOLVE:
            loc, count = divmod(action - A.PLACE, A.MAX_PLACE)
            by_loc.setdefault(loc, []).append(count + 1)
    out = []
    for loc, counts in by_loc.items():
        where = place_name(loc)
        if len(counts) == 1:
            what = _what(loc, obs)
            label = f"{location_title(loc)}{what}" if what else f"{location_title(loc)} ({plural(counts[0], 'figure')})"
            out.append(Choice(label, A.place(loc, counts[0]), loc=loc, count=counts[0]))
            continue
        span = f"{counts[0]}–{counts[-1]}" if counts == list(range(counts[0], counts[-1] + 1)) else "/".join(
            map(str, counts))
        kids = tuple(Choice(f"{plural(n, 'figure')} on {where}", A.place(loc, n), loc=loc, count=n)
                     for n in counts)
        out.append(Choice(f"{location_title(loc)} ({span} figures)", None, kids, loc=loc))
    return out


def _what(loc: int, obs: dict[str, Any]) -> str:
    """What a card or building space offers, for a menu label."""
    name = LOCATIONS[loc]
    if name.startswith("card"):
        entry = obs["display"][int(name[4:]) - 1]
        return f": {card_line(entry['card'])}" if entry else ""
    if name.startswith("building"):
        top = obs["stacks"][int(name[8:]) - 1]["top"]
        return f": {top}, {building_cost(top, short=True)}" if top else ""
    return ""


def _resolve_choices(legal: list[int], obs: dict[str, Any], seat: int) -> list[Choice]:
    out = []
    for action in legal:
        if A.RESOLVE <= action < A.TOOLS:
            loc = action - A.RESOLVE
            count = obs["board"][LOCATIONS[loc]][seat]
            label = f"{location_title(loc)} ({plural(count, 'figure')})"
            if loc < 5:
                dice = "1 die" if count == 1 else f"{count} dice"
                label += f": roll {dice}, ÷{DIVISOR[loc]} → {GATHER_GOODS[loc]}"
            out.append(Choice(label, action, loc=loc, count=count))
    return out


def _tool_label(action: int, rolled: int, divisor: int, good: str) -> tuple[int, str]:
    index, mask = divmod(action - A.TOOLS, 8)
    bonus = tool_bonus(A.TOOL_SETS[index], mask)
    tile_set = A.TOOL_SETS[index]
    tiles = [str(v) for v in (4, 3, 2, 1) for _ in range(tile_set[v - 1])]
    one_use = [str(v) for i, v in reversed(list(enumerate(A.ONE_USE_VALUES))) if mask >> i & 1]
    parts = []
    if tiles:
        parts.append(("tool " if len(tiles) == 1 else "tools ") + "+".join(tiles))
    if one_use:
        parts.append("one-use " + "+".join(one_use))
    name = ", ".join(parts) or "no tools"
    total = rolled + bonus
    return bonus, f"{name}: {rolled}+{bonus} = {total} → {total // divisor} {good}" if bonus else \
        f"{name}: {rolled} → {rolled // divisor} {good}"


def _take_group(legal: list[int], now: bool) -> list[Choice]:
    takes = [a for a in legal if A.TAKE <= a < A.ROLL]
    kids = tuple(Choice(f"take {mix_words(A.PAIRS[a - A.TAKE])}", a) for a in takes)
    if not kids:
        return []
    if now:
        return list(kids)
    return [Choice("use your two-resources card (take 2 resources, then decide again)", None, kids)]


def build_menu(state: State, names: list[str]) -> Menu:
    """The menu of the decision pending in ``state`` (which must be a player's decision)."""
    seat = state.current_player()
    obs = state.observation(seat)
    pending = obs["pending"]
    stage = pending["stage"]
    legal = state.legal_actions()
    me = obs["players"][seat]
    who = names[seat]
    info: list[str] = []
    choices: list[Choice] = []
    if stage == "place":
        prompt = f"{who}: place figures ({me['unplaced']} at home)"
        choices = _place_choices(legal, obs)
    elif stage == "resolve":
        prompt = f"{who}: which of your locations do you resolve next?"
        choices = _resolve_choices(legal, obs, seat)
    elif stage == "tools":
        loc = LOCATIONS.index(pending["gather"])
        divisor, good = DIVISOR[loc], GATHER_GOODS[loc]
        rolled = pending["rolled"]
        prompt = f"{who}: you rolled {rolled} at {place_name(loc)} (÷{divisor}); add tools?"
        dice = "1 die" if pending["dice"] == 1 else f"{pending['dice']} dice"
        info.append(f"Rolled {rolled} on {dice}: {rolled // divisor} {good} without tools.")
        labelled = sorted(((*_tool_label(a, rolled, divisor, good), a) for a in legal if A.TOOLS <= a < A.PAY),
                          key=lambda t: (t[0], t[2]))
        choices = [Choice(label, a, loc=loc) for _, label, a in labelled]
    elif stage in ("buy_card", "buy_building"):
        slot = pending["slot"]
        pays = [a for a in legal if A.PAY <= a < A.DECLINE]
        if stage == "buy_card":
            card_id = obs["display"][slot]["card"]
            prompt = f"{who}: buy {card_line(card_id)} for {plural(slot + 1, 'resource')}?"
            mixes = sorted(pays, key=lambda a: (_value(A.MIXES[a - A.PAY + 1]), a))
            choices = [Choice(f"pay {mix_words(A.MIXES[a - A.PAY + 1])}", a, loc=8 + slot) for a in mixes]
        else:
            kind = obs["stacks"][slot]["top"]
            prompt = f"{who}: build {kind} ({building_cost(kind)})?"
            mixes = sorted(pays, key=lambda a: (-_value(A.MIXES[a - A.PAY + 1]), a))
            choices = [Choice(f"pay {mix_words(A.MIXES[a - A.PAY + 1])} → {_value(A.MIXES[a - A.PAY + 1])} points",
                              a, loc=12 + slot) for a in mixes]
        choices.append(Choice("decline (the figure comes back)", A.DECLINE))
    elif stage == "pick":
        dice = " ".join(str(f) for f in pending["dice_left"])
        prompt = f"{who}: dice for all — take one die (left: {dice})"
        choices = [Choice(f"the {a - A.PICK + 1}: {DIE_FACES[a - A.PICK + 1]}", a)
                   for a in legal if A.PICK <= a < A.TAKE]
    elif stage == "feed":
        short = pending["shortfall"]
        prompt = f"{who}: {short} food short — pay with resources or starve (−10 points)?"
        choices = [Choice(f"feed with {mix_words(A.MIXES[a - A.FEED + 1])}", a)
                   for a in legal if A.FEED <= a < A.STARVE]
        choices.append(Choice("starve: lose all food, −10 points", A.STARVE))
    elif stage == "take_now":
        prompt = f"{who}: take two resources of your choice"
    else:
        prompt = f"{who}: choose"
        choices = [Choice(state.action_to_string(a), a) for a in legal if not A.TAKE <= a < A.ROLL]
    choices.extend(_take_group(legal, stage == "take_now"))
    menu = Menu(prompt, tuple(choices), stage, seat, info)
    missing = set(legal) - set(all_actions(menu))
    if missing:  # never hide a legal action, whatever the stage
        extra = tuple(Choice(state.action_to_string(a), a) for a in sorted(missing))
        menu = Menu(prompt, menu.choices + extra, stage, seat, info)
    return menu


def _value(mix: tuple[int, int, int, int]) -> int:
    return sum(n * v for n, v in zip(mix, RESOURCE_VALUE, strict=True))
