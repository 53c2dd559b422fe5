"""Shared test setup: the toy fourth game joins the registry, so every suite over
``game_names()`` covers it too. Under pytest-xdist (``-n``), the workers' browser tests save their
screenshots in one folder, which the run names at its end."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from stoneage.core.registry import register_game

from toy_game.info import GAME_TYPE

register_game(GAME_TYPE)

SHOTS = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    """The controller of a parallel run picks the screenshots folder its workers inherit."""
    parallel = bool(getattr(config.option, "numprocesses", None)) and not hasattr(config, "workerinput")
    if parallel and "STONEAGE_SHOTS" not in os.environ:
        os.environ["STONEAGE_SHOTS"] = config.stash[SHOTS] = tempfile.mkdtemp(prefix="stoneage-browser-")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """Names the folder when a browser test saved something there; removes it when none did."""
    if SHOTS in config.stash and not any(Path(config.stash[SHOTS]).iterdir()):
        Path(config.stash[SHOTS]).rmdir()
    elif SHOTS in config.stash:
        terminalreporter.write_sep("-", "browser tests")
        terminalreporter.write_line(f"screenshots and failure logs of the browser tests: {config.stash[SHOTS]}")
