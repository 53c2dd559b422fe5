"""Stone Age at the table, for every face: its defaults, decision menus, words and results."""

from __future__ import annotations

from stoneage.core.contract import State
from stoneage.games.stone_age import actions as A
from stoneage.play.kit import PlayKit
from stoneage.play.stone_age.lesson import lesson
from stoneage.play.stone_age.menu import build_menu
from stoneage.play.stone_age.narrate import effects, say
from stoneage.play.stone_age.odds import gathering_odds_lines
from stoneage.play.stone_age.panels import observations, panels
from stoneage.play.stone_age.results import result_lines
from stoneage.play.stone_age.warnings import warn


def paced(state: State, seat: int, action: int) -> bool:
    """A roll (gathering, a card's roll, dice for all) or a taming roll is worth a pause."""
    return A.ROLL <= action < A.CARD or action >= A.TAME_DICE


KIT = PlayKit(default_bot="medium", fallback_bot="random", hint_bot="expert", delay=0.6, paced_chance=paced, worlds=1,
              menu=build_menu, results=result_lines, panels=panels,
              observations=observations, lesson=lesson, warn=warn,
              odds=gathering_odds_lines, say=say, effects=effects)
