"""Stone Age Junior at the table, for every face: its defaults, decision menus, words and results."""

from __future__ import annotations

from stoneage.core.contract import State
from stoneage.games.stone_age_junior import actions as A
from stoneage.play.kit import PlayKit
from stoneage.play.stone_age_junior.lesson import lesson
from stoneage.play.stone_age_junior.menu import build_menu
from stoneage.play.stone_age_junior.narrate import effects, say
from stoneage.play.stone_age_junior.panels import panels
from stoneage.play.stone_age_junior.results import result_lines


def paced(state: State, seat: int, action: int) -> bool:
    """A forest tile turned up is worth a look (a hut or a goods card turned up is not)."""
    return A.REVEAL <= action < A.HUT


KIT = PlayKit(default_bot="junior_child", hint_bot="junior", delay=1.5, paced_chance=paced, menu=build_menu,
              results=result_lines, panels=panels, lesson=lesson, say=say, effects=effects)
"""A child's memory as the opponent, the perfect memory as the hint; a forest tile stays up 1.5 s."""
