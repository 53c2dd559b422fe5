"""The error a tournament raises on bad input (the CLI prints it and exits 2)."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from stoneage.core.errors import StoneAgeError
from stoneage.core.extras import install_hint
from stoneage.core.i18n import _


class TournamentError(StoneAgeError):
    """A bad tournament setting: bot count, table size, game count, jobs, paths or backend."""


class JobsError(TournamentError):
    """More worker processes asked for than this machine has CPUs (or fewer than one)."""


def require(module: str, extra: str) -> ModuleType:
    """Import an optional dependency, or say which extra installs it."""
    try:
        return import_module(module)
    except ImportError:
        raise TournamentError(
            _("this needs the optional package {module!r}: {hint}").format(module=module, hint=install_hint(extra))
        ) from None
