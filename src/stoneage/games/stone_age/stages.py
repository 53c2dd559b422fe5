"""The phases of a round and the stages (what the pending node is), shared by every rule module.

A stage names the pending node: chance stages first (below ``FIRST_DECISION``), then the
players' decisions, ``GAME_OVER`` last. Some numbers are kept for the expansions, which define
their own stages and phases there (``EXPANSION_STAGES``, ``EXPANSION_PHASES``); the full tables of
names, the expansions' included, are ``expansions.STAGES`` and ``expansions.PHASES``. Numbers
and names are part of the JSON state format (by name) and never change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

# Phases of a round.
SETUP: Final = 0
PLACEMENT: Final = 1
ACTIONS: Final = 2
FEEDING: Final = 3
OVER: Final = 4
FINAL: Final = 6
"""``final``: the game has ended; unused two-resources tokens are taken before final scoring."""
PHASE_NAMES: Final = {SETUP: "setup", PLACEMENT: "placement", ACTIONS: "actions", FEEDING: "feeding", OVER: "over",
                      FINAL: "final"}
EXPANSION_PHASES: Final = frozenset({5})
"""Phase numbers kept for the expansions."""

# Stages: what the pending node is.
DEAL_CARD: Final = 0  # chance
DEAL_BUILDING: Final = 1
ROLL: Final = 2
DICE_ROLL: Final = 3
EXTRA_DRAW: Final = 4
PLACE: Final = 8  # decisions
RESOLVE: Final = 9
TOOLS: Final = 10
BUY_CARD: Final = 11
BUY_BUILDING: Final = 12
PICK: Final = 13
FEED: Final = 14
TAKE_NOW: Final = 15
GAME_OVER: Final = 18
STAGE_NAMES: Final = {
    DEAL_CARD: "deal_card", DEAL_BUILDING: "deal_building", ROLL: "roll", DICE_ROLL: "dice_roll",
    EXTRA_DRAW: "extra_draw", PLACE: "place", RESOLVE: "resolve", TOOLS: "tools", BUY_CARD: "buy_card",
    BUY_BUILDING: "buy_building", PICK: "pick", FEED: "feed", TAKE_NOW: "take_now", GAME_OVER: "game_over",
}
EXPANSION_STAGES: Final = frozenset({5, 6, 7, 16, 17})
"""Stage numbers kept for the expansions: 5–7 are chance stages, 16–17 decisions."""
FIRST_DECISION: Final = PLACE


def name_table(base: Mapping[int, str], kept: frozenset[int], own: Iterable[Mapping[int, str]]) -> tuple[str, ...]:
    """Names by number: the base's, then the expansions' (``own``), each in a number ``kept`` for them."""
    names = dict(base)
    for table in own:
        for number, name in table.items():
            if number not in kept or number in names:
                raise AssertionError(f"an expansion's {name!r} takes number {number}, which is not free for it")
            names[number] = name
    if sorted(names) != list(range(len(names))):
        raise AssertionError(f"numbers without a name: {sorted(set(range(max(names) + 1)) - set(names))}")
    return tuple(names[n] for n in range(len(names)))
