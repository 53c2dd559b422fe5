"""The names My First Stone Age's modules share: the stages of a pending node, the public log's event
kinds and their fields, the automatic steps, and the markers of cards without a kind or a place.

Plain constants, no rules: the state, the rule modules, ``view``, ``serialize``, ``tensor`` and
``facts`` read them here, so that the state can reach those modules (lazily, in its methods) without
an import cycle.
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
from stoneage.games.first_stone_age.data import CARD_COUNTS, REMOVED_FEW_PLAYERS

UNKNOWN = -1
"""A hidden card whose kind chance has not fixed yet."""
EMPTY = -2
"""No card: an empty circle place, or no top card on the draw pile."""

# Stages: what the pending node is.
DEAL_HUT, DRAW_TOP, REVEAL_CARD, START, MOVE, GUFF_CHOICE, GAME_OVER = range(7)
STAGES = ("deal_hut", "draw", "reveal", "start", "move", "guff", "game_over")
FIRST_DECISION = START

# Public log events: (at, turn, kind, player, slot, card, value); -1 where a field does not apply.
(
    EV_HUT, EV_DRAW, EV_START, EV_MOVE, EV_REVEAL, EV_KEEP, EV_TURN_BACK, EV_REFILL,
    EV_BUILD, EV_UNDER, EV_WIN, EV_STALEMATE,
) = range(12)
EVENTS = (
    "hut", "draw", "start", "move", "reveal", "keep", "turn_back", "refill",
    "build", "under", "win", "stalemate",
)

# Per event kind: its JSON fields besides "at", "turn" and "event", and where each lives in the
# event tuple (at, turn, kind, player, slot, card, value).
EVENT_FIELDS: dict[str, tuple[tuple[str, int], ...]] = {
    "hut": (("player", 3), ("hut", 6)),
    "draw": (("card", 5),),
    "start": (("player", 3), ("slot", 4)),
    "move": (("player", 3), ("slot", 4), ("steps", 6)),
    "reveal": (("player", 3), ("slot", 4), ("card", 5)),
    "keep": (("player", 3), ("slot", 4), ("card", 5), ("as", 6)),
    "turn_back": (("player", 3), ("slot", 4), ("card", 5)),
    "refill": (("slot", 4), ("card", 5)),
    "build": (("player", 3), ("hut", 6)),
    "under": (("player", 3), ("card", 5)),
    "win": (("player", 3),),
    "stalemate": (),
}

# Automatic steps (``apply_traced`` kinds), besides the family's NEXT_TURN and GAME_END.
KEEP_STEP = "keep"
"""The revealed card is a good the hut still needs: it is kept at once."""
TURN_BACK_STEP = "turn_back"
"""The revealed card cannot be kept: it is turned back at once."""
BUILD_STEP = "build"
"""The hut's goods are complete: it is built at once."""
STEPS = (KEEP_STEP, TURN_BACK_STEP, BUILD_STEP, NEXT_TURN, GAME_END)


def removed_cards(num_players: int) -> tuple[int, ...]:
    """The goods cards that go back to the box: one of each good with 2 or 3 players."""
    return REMOVED_FEW_PLAYERS if num_players < 4 else ()


DEALT_COUNTS = tuple(
    tuple(n - removed.count(kind) for kind, n in enumerate(CARD_COUNTS)) for removed in ((), REMOVED_FEW_PLAYERS)
)
"""Per kind, the cards in play: ``[0]`` with 4 players, ``[1]`` with fewer (``removed_cards``)."""
