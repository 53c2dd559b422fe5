"""The expansions a Stone Age game may be played with, and the full tables of stage and phase names."""

from __future__ import annotations

from functools import cache
from typing import Final

from stoneage.games.stone_age.expansion import Expansion
from stoneage.games.stone_age.mammoth_rules import MammothHerd
from stoneage.games.stone_age.stages import (
    EXPANSION_PHASES,
    EXPANSION_STAGES,
    PHASE_NAMES,
    STAGE_NAMES,
    name_table,
)

EXPANSIONS: Final[dict[str, type[Expansion]]] = {MammothHerd.name: MammothHerd}
"""Expansion name -> its rules."""

STAGES: Final = name_table(STAGE_NAMES, EXPANSION_STAGES, (rules.stage_names for rules in EXPANSIONS.values()))
"""Every stage's name, by number (the JSON state format's ``pending.stage``)."""
PHASES: Final = name_table(PHASE_NAMES, EXPANSION_PHASES, (rules.phase_names for rules in EXPANSIONS.values()))
"""Every phase's name, by number (the JSON state format's ``phase``)."""


@cache
def expansion_rules(names: tuple[str, ...]) -> tuple[Expansion, ...]:
    """The rules of these expansions (names without rules, if any, add none)."""
    return tuple(EXPANSIONS[name]() for name in names if name in EXPANSIONS)
