"""Ctrl-C during a tournament: stop at a safe point, never in the middle of writing a game.

While an ``InterruptGuard`` is active (in the main thread), the first SIGINT raises
``KeyboardInterrupt`` — at once, or, inside a ``critical()`` section such as writing one game's
record and results line, at the end of that section. Later SIGINTs are only counted, so the
cleanup that follows (stopping workers, writing what finished) cannot be interrupted half way
and print tracebacks.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType
from typing import Any

Handler = Callable[[int, FrameType | None], Any] | int | None

_active: InterruptGuard | None = None


def interrupt_guard() -> InterruptGuard:
    """The guard in use (so a command and the runner inside it share one), or a new one."""
    return _active if _active is not None else InterruptGuard()


def in_main_thread() -> bool:
    """Signal handlers can only be changed from the main thread."""
    return threading.current_thread() is threading.main_thread()


class InterruptGuard:
    """Turns the first Ctrl-C into one ``KeyboardInterrupt`` at a safe point and ignores the rest."""

    def __init__(self) -> None:
        self.interrupted = False
        """True once SIGINT arrived."""
        self.ignored = 0
        """SIGINTs after the first (counted, not acted on)."""
        self._entered = 0
        self._depth = 0
        self._pending = False
        self._previous: Handler = None
        self._installed = False
        self.ignore_after = False
        """Leave SIGINT ignored when the guard ends (a command that stopped on Ctrl-C and is exiting)."""

    def __enter__(self) -> InterruptGuard:
        global _active
        self._entered += 1
        if self._entered == 1:
            _active = self
            previous = signal.getsignal(signal.SIGINT) if in_main_thread() else signal.SIG_IGN
            if previous is not signal.SIG_IGN:  # a process started with Ctrl-C ignored keeps ignoring it
                self._previous = previous
                signal.signal(signal.SIGINT, self._handle)
                self._installed = True
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        global _active
        self._entered -= 1
        if self._entered == 0:
            _active = None
            if self._installed:
                previous = self._previous if self._previous is not None else signal.default_int_handler
                if self.ignore_after:
                    previous = signal.SIG_IGN
                signal.signal(signal.SIGINT, previous)
                self._installed = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.interrupted:
            self.ignored += 1
            return
        self.interrupted = True
        if self._depth:
            self._pending = True
            return
        raise KeyboardInterrupt

    @contextmanager
    def critical(self) -> Iterator[None]:
        """A section Ctrl-C does not cut: an interrupt inside it is raised when it ends."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
        if self._pending and not self._depth:
            self._pending = False
            raise KeyboardInterrupt


@contextmanager
def sigint_held() -> Iterator[None]:
    """Hold Ctrl-C for a moment (while starting worker processes, which inherit the handler and then
    ignore SIGINT): one that arrives meanwhile is not lost but handed, when the moment ends, to the
    handler that was in place (``KeyboardInterrupt`` from an ``InterruptGuard`` or Python's own)."""
    if not in_main_thread():
        yield
        return
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
    if held and callable(previous):
        previous(signal.SIGINT, None)
    elif held and previous == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)
