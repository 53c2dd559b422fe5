"""Fixtures: a real server process on SQLite for the module's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from web.server import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``stoneage serve`` on a fresh SQLite file and a free port, stopped after the module."""
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(str(folder / "games.sqlite3"), log=folder / "server.log").start()
    yield process
    process.stop()
