"""Stone Age Junior at the table, for every face: its defaults, decision menus, words and results."""

from __future__ import annotations

from stoneage.core.contract import State
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import BUILDS, CARD_ITEM, GUFF_ITEM, NUM_GOODS
from stoneage.play.kit import PlayKit
from stoneage.play.stone_age_junior.lesson import lesson
from stoneage.play.stone_age_junior.menu import build_menu
from stoneage.play.stone_age_junior.narrate import effects, say
from stoneage.play.stone_age_junior.panels import panels
from stoneage.play.stone_age_junior.results import result_lines


def pays_with_a_card(state: State, action: int) -> bool:
    """Whether ``action`` builds a hut paying with a face-down card, a goods card or Guff (its seat's secret)."""
    if not A.BUILD <= action < A.BUILD + len(BUILDS):
        return False
    _number, items = BUILDS[action - A.BUILD]
    return any(CARD_ITEM <= item < CARD_ITEM + NUM_GOODS or item == GUFF_ITEM for item in items)


def paced(state: State, seat: int, action: int) -> bool:
    """A forest tile turned up is worth a look (a hut or a goods card turned up is not)."""
    return A.REVEAL <= action < A.HUT


KIT = PlayKit(default_bot="junior_child", hint_bot="junior_expert", delay=1.5, paced_chance=paced, menu=build_menu,
              results=result_lines, panels=panels, lesson=lesson, say=say, effects=effects,
              private_move=pays_with_a_card)
"""A child's memory as the opponent, the perfect memory as the hint; a forest tile stays up 1.5 s."""
