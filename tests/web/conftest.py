"""Fixtures: a real server process on SQLite, and throwaway PostgreSQL and Redis servers.

PostgreSQL and Redis are started once per test run, on loopback and free ports, only when a test
asks for them, and stopped (their folders removed) at its end; each test on PostgreSQL gets a
database of its own. Where they are not installed they are installed (root on Debian), else the
tests that need them fail saying what to install: they are never skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from web.server import ServerProcess
from web.services import Missing, Postgres, Redis, postgres_binaries, redis_binary

DATABASES = ["sqlite", "postgresql"]
"""The stores a test parametrized with ``database`` runs on."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``stoneage serve`` on a fresh SQLite file and a free port, stopped after the module."""
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(str(folder / "games.sqlite3"), log=folder / "server.log").start()
    yield process
    process.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    """A throwaway PostgreSQL cluster for the whole test run."""
    try:
        binaries = postgres_binaries()
    except Missing as error:
        pytest.fail(str(error), pytrace=False)
    cluster = Postgres(binaries).start()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: Postgres) -> str:
    """``postgresql://postgres@127.0.0.1:PORT/postgres`` of the throwaway cluster."""
    return postgres_server.url


@pytest.fixture
def postgres_database(postgres_server: Postgres) -> str:
    """The URL of a new, empty database on the throwaway cluster (one per test)."""
    return postgres_server.create_database()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """``redis://127.0.0.1:PORT/0`` of a throwaway Redis for the whole test run."""
    try:
        binary = redis_binary()
    except Missing as error:
        pytest.fail(str(error), pytrace=False)
    redis = Redis(binary).start()
    yield redis.url
    redis.stop()


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``--db`` of a fresh store: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("postgres_database")
    return url
