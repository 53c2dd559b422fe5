"""A worth for My First Stone Age: huts built and goods collected toward the next hut.

Only a built hut scores, so valued by the score alone every move that keeps a good looks like
one that keeps nothing; greedy then wandered round the circle instead of taking a good it needs.
"""

from __future__ import annotations

from typing import Any

GOOD = 4.0
"""Worth of one good kept toward the current hut (points as ``evaluation.win_chances`` reads them)."""
HUT = 3 * GOOD + 2.0
"""Worth of a built hut: its three goods and a little more, so building is never a loss."""


def values(state: Any, observer: int) -> list[float]:
    """Per seat, huts and goods as points; everything it reads is public (``score_breakdown``)."""
    return [HUT * part["huts"] + GOOD * part.get("goods", 0) for part in state.score_breakdown()]
