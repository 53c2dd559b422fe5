"""The cycle collector tuned for a long-running process that answers in milliseconds."""

from __future__ import annotations

import gc

COLLECTOR_THRESHOLDS = (20_000, 50, 100)
"""The cycle collector's thresholds while serving (Python's defaults: 700, 10, 10)."""


def tune_collector() -> None:
    """Keep the cycle collector's pauses out of the moves' round trips.

    What is loaded by now (the libraries, the app) lives as long as the server: frozen, it is not
    walked again. Young objects are collected less often (most die by reference counting first), so
    full collections, which walk every room and connection (a quarter of a second with 2,000
    connections), come minutes rather than seconds apart.
    """
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
