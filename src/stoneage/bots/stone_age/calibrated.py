"""Stone Age win chances for people: the learned worths, calibrated per table size.

The expert's learned worths (``learned.py``) are tuned for play: only their order matters to a
search. A person reading "62 %" needs a probability, so the advisor divides the worths by a
temperature fitted per number of players on held-out games (``tools/calibration.py``, results in
docs/analysis.md) before the softmax over the seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.bots.stone_age.learned import LearnedValue, load_weights, softmax

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

TEMPERATURE: Final[dict[int, float]] = {2: 1.79, 3: 1.23, 4: 1.04}
"""Worths are divided by this before the softmax, by number of players (1.0 = as learned).

Fitted by ``tools/calibration.py`` (least log loss at every decision of self-play games of
``expert:iterations=30,max_seconds=60``, seat to move's view): 2 and 4 players on the games of seeds
1-100, 3 players on seeds 1-60. On 200 held-out games (seeds 100001-100200) the analysis's curve
scores a Brier of 0.183 at 2 players and 0.143 at 4 (the position's worths as learned, T = 1:
0.195 and 0.145; 1/players: 0.250 and 0.187)."""

_LEARNED: list[LearnedValue] = []


def win_chances(state: StoneAgeState, observer: int) -> list[float]:
    """Every seat's chance of winning as ``observer`` may know the position (exact at the end)."""
    if state.is_terminal():
        return state.returns()
    if not _LEARNED:
        _LEARNED.append(LearnedValue(load_weights()))
    temperature = TEMPERATURE.get(state.num_players, 1.0)
    return softmax([worth / temperature for worth in _LEARNED[0].worths(state, observer)])
