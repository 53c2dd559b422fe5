"""What a game brings to the play layer: its defaults at the table, menus, results and views.

Each game's kit is found through its description (``GameType.kits["play"]``, a lazy import path),
so no face ever asks which game it is playing. A game without a kit gets ``GENERIC_KIT``: menus of
notation strings and views made of its observations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stoneage.core.contract import CHANCE, JSON, Game, State
from stoneage.core.registry import game_info, import_path

if TYPE_CHECKING:
    from stoneage.play.menus import Menu
    from stoneage.play.view import Panel

MenuBuilder = Callable[[State, Sequence[str]], "Menu"]
"""(state at a person's decision, seat names) -> the decision as a menu."""
ResultLines = Callable[[State, Sequence[str]], list[str]]
"""(state, seat names) -> the score breakdown and the winner in words."""
PanelBuilder = Callable[[JSON, Sequence[str]], "list[Panel]"]
"""(an observation, seat names) -> the view model's panels (board, players, ...)."""


def _default_paced(state: State, seat: int, action: int) -> bool:
    """Pause after every chance event (``state`` is the state the action was applied to)."""
    return seat == CHANCE


@dataclass(frozen=True)
class PlayKit:
    """A game's defaults and helpers for every face."""

    default_bot: str = "random"
    """The bot that fills the seats nobody asked for."""
    hint_bot: str = "greedy"
    """The bot asked for a hint."""
    delay: float = 0.6
    """Seconds to pause after a paced step with a person at the table."""
    paced_chance: Callable[[State, int, int], bool] = _default_paced
    """Whether a chance step deserves a pause (a roll, a card turned up)."""
    menu: MenuBuilder | None = None
    """The decision menu; ``None``: one entry per legal action, in notation."""
    results: ResultLines | None = None
    """The end-of-game breakdown in words; ``None``: the generic table of ``score_breakdown``."""
    panels: PanelBuilder | None = None
    """The view model's panels from an observation; ``None``: one panel listing the observation."""


GENERIC_KIT = PlayKit()


def play_kit(game: Game | str) -> PlayKit:
    """The play kit of a game (or game name): its own, or ``GENERIC_KIT``."""
    info = game_info(game if isinstance(game, str) else game.name)
    path = info.kits.get("play")
    if path is None:
        return GENERIC_KIT
    kit: PlayKit = import_path(path)
    return kit
