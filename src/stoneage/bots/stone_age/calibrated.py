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

TEMPERATURE: Final[dict[int, float]] = {2: 1.0, 3: 1.0, 4: 1.0}
"""Worths are divided by this before the softmax, by number of players (fitted; 1.0 = as learned)."""

_LEARNED: list[LearnedValue] = []


def win_chances(state: StoneAgeState, observer: int) -> list[float]:
    """Every seat's chance of winning as ``observer`` may know the position (exact at the end)."""
    if state.is_terminal():
        return state.returns()
    if not _LEARNED:
        _LEARNED.append(LearnedValue(load_weights()))
    temperature = TEMPERATURE.get(state.num_players, 1.0)
    return softmax([worth / temperature for worth in _LEARNED[0].worths(state, observer)])
