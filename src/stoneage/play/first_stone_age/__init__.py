"""My First Stone Age at the table, for every face: its defaults, decision menus, words and results."""

from __future__ import annotations

from stoneage.core.contract import State
from stoneage.games.first_stone_age import actions as A
from stoneage.play.first_stone_age.lesson import lesson
from stoneage.play.first_stone_age.menu import build_menu
from stoneage.play.first_stone_age.narrate import effects, say
from stoneage.play.first_stone_age.panels import panels
from stoneage.play.first_stone_age.results import result_lines
from stoneage.play.kit import PlayKit


def paced(state: State, seat: int, action: int) -> bool:
    """A card turned up in the circle stays face up for a while (a refill or a draw does not)."""
    return A.REVEAL <= action < A.DRAW


KIT = PlayKit(default_bot="child", hint_bot="memory_expert", delay=3.0, paced_chance=paced, menu=build_menu,
              results=result_lines, panels=panels, lesson=lesson, say=say, effects=effects)
"""A child's memory as the opponent, the perfect memory as the hint; a turned-up card stays up 3 s."""
