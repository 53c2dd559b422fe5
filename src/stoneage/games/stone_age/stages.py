"""The phases of a round and the stages (what the pending node is), shared by every rule module.

A stage names the pending node: chance stages first (below ``FIRST_DECISION``), then the
players' decisions, ``GAME_OVER`` last. Expansion stages sit among them; their numbers and names
are part of the JSON state format (by name) and never change.
"""

from __future__ import annotations

# Phases of a round.
SETUP, PLACEMENT, ACTIONS, FEEDING, OVER, TAMING, FINAL = range(7)
PHASES = ("setup", "placement", "actions", "feeding", "over", "taming", "final")
"""``final``: the game has ended; unused two-resources tokens are taken before final scoring."""

# Stages: what the pending node is.
(
    DEAL_CARD, DEAL_BUILDING, ROLL, DICE_ROLL, EXTRA_DRAW, MAMMOTH_BACK, MAMMOTH_TILE, TAME_ROLL,  # chance
    PLACE, RESOLVE, TOOLS, BUY_CARD, BUY_BUILDING, PICK, FEED, TAKE_NOW, TAME_MOVE, BONUS,  # decisions
    GAME_OVER,
) = range(19)
STAGES = (
    "deal_card", "deal_building", "roll", "dice_roll", "extra_draw", "mammoth_back", "mammoth_tile",
    "tame_roll", "place", "resolve", "tools", "buy_card", "buy_building", "pick", "feed", "take_now",
    "tame_move", "bonus", "game_over",
)
FIRST_DECISION = PLACE
