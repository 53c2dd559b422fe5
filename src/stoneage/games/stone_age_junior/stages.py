"""The names Stone Age Junior's modules share: the stages of a pending node, the public log's event
kinds and their fields, the automatic steps, and the marker of things without an identity yet.

Plain constants, no rules: ``state``, ``serialize``, ``tensor`` and ``facts`` read them here, so that
the state can reach those modules (lazily, in its methods) without an import cycle.
"""

from __future__ import annotations

from stoneage.games.family.state import (
    GAME_END,
    NEXT_TURN,
    OVER as OVER,
    PHASES as PHASES,
    PLAY as PLAY,
    SETUP as SETUP,
)
from stoneage.games.stone_age_junior.data import NUM_POSITIONS

UNKNOWN = -1
"""A hidden forest tile, hut or goods card whose identity chance has not fixed yet."""

# Stages: what the pending node is (chance stages first).
HUT_REVEAL, TILE_REVEAL, DRAW_CARD, CHOOSE_TILE, MARTIN, TRADE, BUILD, SWAP, GAME_OVER = range(9)
STAGES = ("hut", "reveal", "draw", "turn", "martin", "trade", "build", "swap", "game_over")
FIRST_DECISION = CHOOSE_TILE

# Public log events: (at, turn, kind, player, x, y, z); -1 where a field does not apply.
(
    EV_HUT, EV_TURN, EV_REVEAL, EV_MOVE, EV_STAY, EV_TRAVEL, EV_TAKE, EV_EMPTY, EV_TRADE, EV_STOP,
    EV_DOG, EV_NO_DOG, EV_BUILD, EV_PASS, EV_DRAW, EV_NO_CARD, EV_RESET, EV_SWAP, EV_WIN,
) = range(19)
EVENTS = (
    "hut", "turn", "reveal", "move", "stay", "travel", "take", "empty", "trade", "stop_trading",
    "dog", "no_dog", "build", "pass", "draw", "no_card", "reset", "swap", "win",
)

# Per event kind: its JSON fields besides "at", "turn" and "event", and where each lives in the
# event tuple (at, turn, kind, player, x, y, z): "player" is always the 4th entry.
EVENT_FIELDS: dict[str, tuple[tuple[str, int], ...]] = {
    "hut": (("player", 3), ("stack", 4), ("hut", 5)),
    "turn": (("player", 3), ("place", 4)),
    "reveal": (("player", 3), ("place", 4), ("tile", 5)),
    "move": (("player", 3), ("space", 4), ("tile", 5)),
    "stay": (("player", 3), ("space", 4)),
    "travel": (("player", 3), ("space", 4)),
    "take": (("player", 3), ("good", 4)),
    "empty": (("player", 3), ("good", 4)),
    "trade": (("player", 3), ("give", 4), ("take", 5)),
    "stop_trading": (("player", 3),),
    "dog": (("player", 3), ("from", 4)),
    "no_dog": (("player", 3),),
    "build": (("player", 3), ("hut", 4), ("stack", 5), ("paid", 6)),
    "pass": (("player", 3),),
    "draw": (("player", 3), ("card", 4)),
    "no_card": (("player", 3),),
    "reset": (("player", 3),),
    "swap": (("player", 3), ("places", 4)),
    "win": (("player", 3),),
}

# Automatic steps (``apply_traced`` kinds), besides the family's NEXT_TURN and GAME_END.
FORCED_TURN_STEP = "forced_turn"
"""Only one forest tile lies face down: it is turned up without a decision."""
TAKE_STEP = "take"
"""The figure's space gives its good (or nothing, when the space is empty)."""
DOG_STEP = "dog"
"""The dog space gives a dog: from the storage, stolen, or none when the player holds both."""
CARD_STEP = "goods_card"
"""(expansion) A player who cannot build takes the top goods card (a known one, or none)."""
RESET_STEP = "reset"
"""After the building site, every forest tile is turned face down."""
STEPS = (FORCED_TURN_STEP, TAKE_STEP, DOG_STEP, CARD_STEP, RESET_STEP, NEXT_TURN, GAME_END)

ALL_PLACES = (1 << NUM_POSITIONS) - 1
"""Bit i for every forest place i."""
