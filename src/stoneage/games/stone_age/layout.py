"""Index layout of the flat per-player and board lists that make up a state.

A state keeps all per-player numbers of the base game in one list of ints (``STRIDE`` entries per seat) and all
board occupancy in another, so that ``clone()`` is a handful of list copies.
"""

from __future__ import annotations

from typing import Final

from stoneage.games.stone_age.data import NUM_LOCATIONS

# Per-player fields: the value of field F for seat p is ``players[p * STRIDE + F]``.
FIGURES: Final = 0  # figures the player owns (5..10)
UNPLACED: Final = 1  # figures still at home during placement
FOOD: Final = 2
WOOD: Final = 3  # resource r is at WOOD + r (wood, clay, stone, gold)
AGRICULTURE: Final = 7
SCORE: Final = 8  # the score track (buildings, 3-point cards, −10 penalties)
READY: Final = 9  # ready tool tiles of value v at READY + v - 1 (v = 1..4)
USED: Final = 13  # tool tiles of value v used this round at USED + v - 1
ONE_USE: Final = 17  # bitmask of unused one-use tools: bit i for value ONE_USE_VALUES[i]
TWO_RESOURCES: Final = 18  # unused two-resources cards (0 or 1)
CARDS: Final = 19  # bitmask of owned cards (bit id - 1), public
SECRET_CARDS: Final = 20  # bitmask of cards drawn face down by the extra-card effect
BUILDINGS: Final = 21  # bitmask of owned building tiles (bit tile id)
PENALTIES: Final = 22  # number of −10 feeding penalties taken
STRIDE: Final = 23


def occupancy(loc: int, player: int, num_players: int) -> int:
    """Index in the board list of the figures ``player`` has on ``loc``.

    The first ``NUM_LOCATIONS`` entries are per-location totals.
    """
    return NUM_LOCATIONS + loc * num_players + player
