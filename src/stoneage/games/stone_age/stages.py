"""The phases of a round and the stages (what the pending node is), shared by every rule module.

A stage names the pending node: chance stages first (below ``FIRST_DECISION``), then the
players' decisions, ``GAME_OVER`` last. Expansion stages sit among them; their numbers and names
are part of the JSON state format (by name) and never change.
"""

from __future__ import annotations

from typing import Final

# Phases of a round.
SETUP: Final = 0
PLACEMENT: Final = 1
ACTIONS: Final = 2
FEEDING: Final = 3
OVER: Final = 4
TAMING: Final = 5
FINAL: Final = 6
PHASES = ("setup", "placement", "actions", "feeding", "over", "taming", "final")
"""``final``: the game has ended; unused two-resources tokens are taken before final scoring."""

# Stages: what the pending node is.
DEAL_CARD: Final = 0  # chance
DEAL_BUILDING: Final = 1
ROLL: Final = 2
DICE_ROLL: Final = 3
EXTRA_DRAW: Final = 4
MAMMOTH_BACK: Final = 5
MAMMOTH_TILE: Final = 6
TAME_ROLL: Final = 7
PLACE: Final = 8  # decisions
RESOLVE: Final = 9
TOOLS: Final = 10
BUY_CARD: Final = 11
BUY_BUILDING: Final = 12
PICK: Final = 13
FEED: Final = 14
TAKE_NOW: Final = 15
TAME_MOVE: Final = 16
BONUS: Final = 17
GAME_OVER: Final = 18
STAGES = (
    "deal_card", "deal_building", "roll", "dice_roll", "extra_draw", "mammoth_back", "mammoth_tile",
    "tame_roll", "place", "resolve", "tools", "buy_card", "buy_building", "pick", "feed", "take_now",
    "tame_move", "bonus", "game_over",
)
FIRST_DECISION: Final = PLACE
