"""Exact dice distributions, precomputed once: sums of k dice, and multisets of k dice."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Final

MAX_DICE: Final = 10


@cache
def sum_counts(dice: int) -> tuple[int, ...]:
    """``counts[s]`` = number of the 6**dice outcomes whose faces sum to ``s`` (index 0..6*dice)."""
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, 7):
                    nxt[total + face] += ways
        counts = nxt
    return tuple(counts[: 6 * dice + 1])


def face_multisets(dice: int) -> tuple[tuple[int, ...], ...]:
    """All multisets of ``dice`` faces, each as a sorted tuple of faces."""
    return tuple(combinations_with_replacement(range(1, 7), dice))


def multiset_ways(faces: tuple[int, ...]) -> int:
    """Number of ordered rolls that give this multiset of faces."""
    return factorial(len(faces)) // prod(factorial(faces.count(f)) for f in set(faces))
