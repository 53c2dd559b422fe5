"""The server's cycle collector: frozen every period, swept now and then, restored afterwards."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from stoneage.web.collector import short_collections, sweep


class Node:
    """A weak-referenceable object that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """A two-node cycle nobody else refers to (garbage as soon as this returns); a weak reference to it."""
    first, second = Node(), Node()
    first.other, second.other = second, first
    return weakref.ref(first)


def test_what_is_tracked_is_frozen_at_the_start_and_again_every_period() -> None:
    async def run() -> tuple[int, int, int]:
        async with short_collections(period=0.01, every=60):
            at_start = gc.get_freeze_count()
            keep = [[index] for index in range(5_000)]  # tracked objects made after the first freeze
            await asyncio.sleep(0.1)
            later = gc.get_freeze_count()
            del keep
        return at_start, later, gc.get_freeze_count()

    at_start, later, after = asyncio.run(run())
    assert at_start > 0
    assert later >= at_start + 5_000
    assert after == 0


def test_a_cycle_that_dies_young_is_collected_between_two_freezes() -> None:
    async def run() -> bool:
        async with short_collections(period=60, every=120):
            dead = cycle()
            gc.collect(0)
            return dead() is None

    assert asyncio.run(run())


def test_a_cycle_that_died_frozen_waits_for_the_sweep() -> None:
    async def run() -> tuple[bool, bool]:
        async with short_collections(period=60, every=120):
            first = Node()
            first.other = Node()
            first.other.other = first
            dead = weakref.ref(first)
            gc.freeze()
            del first
            gc.collect()
            kept_while_frozen = dead() is not None
            sweep()
            return kept_while_frozen, dead() is None

    kept_while_frozen, freed_by_sweep = asyncio.run(run())
    assert kept_while_frozen
    assert freed_by_sweep


def test_the_periodic_task_sweeps_once_the_interval_has_passed() -> None:
    async def run() -> bool:
        async with short_collections(period=0.01, every=0.05):
            first = Node()
            first.other = first
            dead = weakref.ref(first)
            gc.freeze()
            del first
            for _ in range(100):
                await asyncio.sleep(0.02)
                if dead() is None:
                    return True
            return False

    assert asyncio.run(run())


def test_the_thresholds_are_left_as_they_were() -> None:
    before = gc.get_threshold()

    async def run() -> None:
        async with short_collections(period=0.01, every=0.02):
            await asyncio.sleep(0.05)

    asyncio.run(run())
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize(("period", "every"), [(0, 1), (1, 0), (-1, 1)])
def test_a_period_or_interval_that_is_not_positive_is_refused(period: float, every: float) -> None:
    async def run() -> None:
        async with short_collections(period=period, every=every):
            pass

    with pytest.raises(ValueError, match="must be positive"):
        asyncio.run(run())
