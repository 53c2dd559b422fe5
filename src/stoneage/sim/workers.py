"""Worker processes that leave Ctrl-C to their driver and never outlive it.

A worker starts with SIGINT ignored (a terminal's Ctrl-C reaches the whole process group; the
driver alone decides what it means) and asks to die with the driver however the driver dies,
``kill -9`` included: on Linux by ``prctl(PR_SET_PDEATHSIG)``, elsewhere by a thread that ends
the worker when its parent changes. ``process_pool`` is a pool of such workers that, left by an
exception (Ctrl-C), stops them at once instead of waiting for their tasks.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.pool import Pool

from stoneage.sim.interrupts import sigint_held

PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process gets when its parent dies."""
WATCH_SECONDS = 0.5
"""How often a worker without ``prctl`` looks whether its driver is still there."""


def _ask_linux() -> bool:
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)``: whether the kernel took the request."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return int(ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def die_with_parent(parent: int) -> None:
    """End this worker when ``parent`` (its driver) dies, however it dies (no orphans)."""
    if not _ask_linux():
        threading.Thread(target=_watch, args=(parent,), name="stoneage-watch-driver", daemon=True).start()
    if os.getppid() != parent:  # the driver died before the request was made
        os._exit(1)


def worker_start(parent: int) -> None:
    """A worker's first step (a pool's initializer): Ctrl-C is the driver's; the driver's death is ours."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


@contextmanager
def process_pool(jobs: int) -> Iterator[Pool]:
    """A ``multiprocessing`` pool of ``jobs`` workers (``worker_start``), born ignoring Ctrl-C. Left
    normally, it lets its workers finish; left by an exception (Ctrl-C), it terminates them at once
    (the tasks not finished are dropped)."""
    pool: Pool | None = None
    try:
        with sigint_held():  # no window in which a worker would take Ctrl-C as its own, none lost
            pool = multiprocessing.get_context().Pool(jobs, initializer=worker_start, initargs=(os.getpid(),))
        yield pool
    except BaseException:
        if pool is not None:
            pool.terminate()
        raise
    pool.close()
    pool.join()
