"""A counter-based random stream: the n-th draw of a seed is a pure function of (seed, n).

States keep only the seed, so cloning them copies no generator state, and seed + actions
replay a game exactly.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1


def draw(seed: int, counter: int, bound: int) -> int:
    """A uniform integer in ``range(bound)`` for draw number ``counter`` of ``seed`` (splitmix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return (z * bound) >> 64
