"""A counter-based random stream: the n-th draw of a seed is a pure function of (seed, n).

States keep only the seed, so cloning them copies no generator state, and seed + actions
replay a game exactly.
"""

from __future__ import annotations

from typing import Any, Final

# The draw's 64-bit words are typed ``Any`` on purpose: compiled with mypyc, an ``int`` is a
# machine word up to 62 bits and is converted to and from a Python int object at every operation
# that leaves that range (every product here), which made the draw twice as slow as interpreted
# Python; an ``Any`` is worked on with Python's own int arithmetic, as the interpreter does.
_MASK: Final[Any] = (1 << 64) - 1
_GAMMA: Final[Any] = 0x9E3779B97F4A7C15
_MIX1: Final[Any] = 0xBF58476D1CE4E5B9
_MIX2: Final[Any] = 0x94D049BB133111EB


def draw(seed: int, counter: int, bound: int) -> int:
    """A uniform integer in ``range(bound)`` for draw number ``counter`` of ``seed`` (splitmix64)."""
    z: Any = seed
    z = (z * _GAMMA + (counter + 1) * _MIX1) & _MASK
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    z ^= z >> 31
    pick: int = (z * bound) >> 64
    return pick
