"""The cycle collector kept out of a long-running process that answers in milliseconds.

Python's cycle collector walks every object it tracks that is younger than the generation it
collects. A server's live objects churn: each move replaces a room's views and state, so objects
that live a few seconds pile up in the young generation (freeing older objects lowers the
allocation count that triggers a collection, so a young collection can come late and walk tens of
thousands of objects: 100 ms pauses every ~10 s with 500 games). Here everything tracked is frozen
(``gc.freeze()``, which costs the same whatever the heap) every ``period`` seconds, so no collection
ever walks more than the last period's objects; cycles that die young are still collected between
two freezes. A cycle that dies after it was frozen waits for the sweep: every ``sweep`` seconds all
is unfrozen and collected once (one longer pause, minutes apart).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

FREEZE_SECONDS = 0.5
"""How often what is tracked is frozen: the age of the oldest object a collection may walk."""
SWEEP_SECONDS = 600.0
"""How often everything is unfrozen and collected, to free the cycles that died frozen."""


def sweep() -> int:
    """Unfreeze, collect every generation, freeze again; the number of objects collected."""
    gc.unfreeze()
    collected = gc.collect()
    gc.freeze()
    return collected


async def _keep_young(period: float, every: float) -> None:
    """Freeze every ``period`` seconds and sweep every ``every`` seconds, until cancelled."""
    loop = asyncio.get_running_loop()
    next_sweep = loop.time() + every
    while True:
        await asyncio.sleep(period)
        if loop.time() >= next_sweep:
            sweep()
            next_sweep = loop.time() + every
        else:
            gc.freeze()


@contextlib.asynccontextmanager
async def short_collections(period: float = FREEZE_SECONDS, every: float = SWEEP_SECONDS) -> AsyncIterator[None]:
    """While the block runs (on an event loop), keep every collection short; afterwards the
    collector is as before (nothing frozen, the thresholds untouched)."""
    if period <= 0 or every <= 0:
        raise ValueError("the freeze period and the sweep interval must be positive")
    gc.freeze()
    task = asyncio.create_task(_keep_young(period, every))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.unfreeze()
