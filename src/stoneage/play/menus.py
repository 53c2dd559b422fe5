"""Decision menus: the legal actions of a decision, grouped and labelled for people.

A :class:`Menu` is a prompt and a list of :class:`Choice`; a choice either plays one action or
opens a sub-list (e.g. a location, then how many figures). Every face shows these menus; a game's
play kit builds them (``PlayKit.menu``), and ``notation_menu`` serves a game without one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from stoneage.core.contract import JSON, State
from stoneage.core.i18n import _


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


def label_of(menu: Menu, action: int) -> str:
    """The menu's words for ``action``, its groups first (``"Forest › 3 figures"``); notation-free."""

    def path(choices: tuple[Choice, ...]) -> list[str] | None:
        for choice in choices:
            if choice.action == action:
                return [choice.label]
            inner = path(choice.children) if choice.is_group else None
            if inner is not None:
                return [choice.label, *inner]
        return None

    found = path(menu.choices)
    return " › ".join(found) if found else _("action {number}").format(number=action)


def complete_menu(menu: Menu, state: State, legal: list[int]) -> Menu:
    """``menu`` with every action of ``legal`` it lacks added at the end (never hide a legal action)."""
    missing = set(legal) - set(all_actions(menu))
    if not missing:
        return menu
    extra = tuple(Choice(state.action_to_string(a), a) for a in sorted(missing))
    return Menu(menu.prompt, menu.choices + extra, menu.stage, menu.seat, menu.info)


def notation_menu(state: State, names: Sequence[str], observation: JSON | None = None) -> Menu:
    """The generic menu: one entry per legal action, in notation (``observation`` is not needed)."""
    seat = state.current_player()
    legal = state.legal_actions()
    who = names[seat] if 0 <= seat < len(names) else _("chance")
    choices = tuple(Choice(state.action_to_string(a), a) for a in legal)
    return Menu(_("{name}: choose").format(name=who), choices, "", seat)

