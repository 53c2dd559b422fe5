"""The counter-based draw (``core/rng.draw``) gives exactly the plain splitmix64 formula's values.

The draw is written for speed in the compiled build (its 64-bit words typed ``Any``); these
tests hold it, in whichever build runs them, to the formula written the straightforward way with
Python's unbounded ints, over seeds, counters and bounds, edges included. A changed value would
change every seeded game.
"""

from __future__ import annotations

from hypothesis import example, given, settings, strategies as st

from stoneage.core.rng import draw

MASK = (1 << 64) - 1


def reference(seed: int, counter: int, bound: int) -> int:
    """splitmix64 of (seed, counter), scaled to ``range(bound)``, as 64-bit arithmetic reads."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return (z * bound) >> 64


EDGES = (0, 1, 2**31, 2**32 - 1, 2**32, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**100 + 7)


@settings(max_examples=3000, deadline=None)
@given(
    seed=st.one_of(st.sampled_from(EDGES), st.integers(0, 2**64 - 1), st.integers(-(2**70), 2**70)),
    counter=st.one_of(st.sampled_from(EDGES), st.integers(0, 10**6), st.integers(-(2**66), 2**66)),
    bound=st.one_of(st.sampled_from((1, 2, 3, 6, 2**30, 2**31, 2**64 - 1, 2**64, 2**80)), st.integers(1, 10**9),
                    st.integers(-(2**40), 2**70)),
)
@example(seed=0, counter=0, bound=1)
@example(seed=2**63, counter=2**64 - 2, bound=60466176)
@example(seed=2**64 - 1, counter=2**64 - 1, bound=2**64)
def test_draw_is_splitmix64(seed: int, counter: int, bound: int) -> None:
    assert draw(seed, counter, bound) == reference(seed, counter, bound)


def test_draw_stays_in_range_over_a_seed_stream() -> None:
    for bound in (1, 2, 6, 36, 60466176):
        picks = [draw(12345, counter, bound) for counter in range(2000)]
        assert picks == [reference(12345, counter, bound) for counter in range(2000)]
        assert all(0 <= pick < bound for pick in picks)
    assert {draw(7, counter, 6) for counter in range(200)} == set(range(6))


def test_known_values() -> None:
    """Values the draw gave before it was retyped for the compiled build (seeded games replay from them)."""
    assert [draw(0, counter, 1000) for counter in range(5)] == [949, 164, 422, 249, 897]
    assert [draw(42, counter, 6) for counter in range(8)] == [4, 3, 4, 3, 3, 5, 0, 1]
    assert draw(2**64 - 1, 0, 2**64) == 17024447026895138048
    assert draw(3, 10**6, 60466176) == 39947319
