"""``python -m stoneage`` and the ``stoneage`` console script: run the ``stoneage`` command.

``main`` is the first code of the command to run: it imports the command line (which takes a
good part of a second) inside its own ``try``, so a Ctrl-C at any moment, imports included, ends
the process with status 130 and no traceback. One that arrives before the command has started
says nothing more (the terminal shows ``^C``); once a command runs, it says what it stopped
(``cli.main``). After that, further Ctrl-C are ignored while the process exits.
"""

from __future__ import annotations

import signal
import sys

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as a shell reports a process that SIGINT ended)."""


def main() -> int:
    """Run the command; its exit status."""
    try:
        from stoneage.cli import main as run

        status = run()
    except KeyboardInterrupt:
        status = INTERRUPTED
    if status == INTERRUPTED:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the exit (worker clean-up, flushing) is not cut short
        _forget_the_interrupt()
    return status


def _forget_the_interrupt() -> None:
    """Keep CPython from ending the process by SIGINT (status -2, not 130) once it has exited.

    A KeyboardInterrupt that leaves code run from a string (``exec(text)``: dataclasses make their
    methods so while a module is imported) sets CPython's "unhandled KeyboardInterrupt" flag, even
    when it is caught further up; after its exit the interpreter then kills itself with SIGINT.
    The flag is cleared each time code is run from a string, so running one clears it.
    """
    exec("None")


if __name__ == "__main__":
    sys.exit(main())
