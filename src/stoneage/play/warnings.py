"""Warnings before a person's move: what the move costs that they may not have seen.

Game-neutral: each game's play kit may bring a ``warn(state, action) -> lines`` (Stone Age's:
starving, a wasted purchase, tools spent for nothing); a game without one warns of nothing.
Faces ask ``Session.warnings(action)`` and confirm a warned move before playing it.
"""

from __future__ import annotations

from collections.abc import Callable

from stoneage.core.contract import State
from stoneage.core.i18n import _

Warn = Callable[[State, int], list[str]]
"""(the state at a person's decision, the action they mean to play) -> warnings in words."""


def warnings_for(kit: object, state: State, action: int) -> list[str]:
    """The kit's warnings for playing ``action`` in ``state`` (none if the kit has no ``warn``)."""
    warn: Warn | None = getattr(kit, "warn", None)
    return warn(state, action) if warn is not None else []


def confirm_question(warnings: list[str]) -> str:
    """The warnings and the question that asks to go on: ``"… Do it anyway?"``."""
    return " ".join([*warnings, _("Do it anyway?")])
