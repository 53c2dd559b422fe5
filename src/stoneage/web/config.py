"""The server's settings: where it listens, where games are kept, and the limits it enforces."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
APP_NAME = "stoneage"


def default_database_url() -> str:
    """The embedded default: one SQLite file in the user's data folder (created on first start)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir(APP_NAME, appauthor=False))
    return f"sqlite+aiosqlite:///{folder / 'games.sqlite3'}"


def async_url(url: str) -> str:
    """``url`` with the async driver named: ``postgresql://`` → ``postgresql+asyncpg://``,
    ``sqlite://`` → ``sqlite+aiosqlite://``; a path to a file is a SQLite database.

    ``ValueError`` for any other kind of database.
    """
    for plain, driver in (("postgresql+asyncpg://", "postgresql+asyncpg://"), ("postgresql://", "postgresql+asyncpg://"),
                          ("postgres://", "postgresql+asyncpg://"), ("sqlite+aiosqlite://", "sqlite+aiosqlite://"),
                          ("sqlite://", "sqlite+aiosqlite://")):
        if url.startswith(plain):
            return driver + url[len(plain):]
    if "://" not in url:
        return f"sqlite+aiosqlite:///{Path(url).expanduser().resolve()}"
    raise ValueError(f"the database must be postgresql://user@host/db, sqlite:///path or a file path, "
                     f"not {url.split('://', 1)[0]}://...")


@dataclass(frozen=True)
class Limits:
    """What one client may send (documented in docs/server.md)."""

    max_message_bytes: int = 16 * 1024
    """A websocket message longer than this is refused with a ``too_large`` error."""
    max_frame_bytes: int = 1024 * 1024
    """A frame longer than this closes the connection (code 1009) before it is read."""
    max_body_bytes: int = 64 * 1024
    """An HTTP request body longer than this is refused with status 413."""
    max_head_bytes: int = 64 * 1024
    """An HTTP request line and headers longer than this are refused (status 400) before they are read."""
    messages_per_second: float = 100.0
    """The sustained rate of websocket messages per connection."""
    burst: int = 200
    """How many messages a connection may send at once before the rate applies."""
    strikes: int = 1000
    """Messages refused for the rate before the connection is closed (code 1008)."""
    max_watchers_per_game: int = 64
    """Spectator connections one game keeps; one more is refused with ``full`` and closed."""
    max_connections_per_seat: int = 8
    """Connections one seat may hold at once (a person's tabs and devices); one more is refused with ``full``."""
    new_games_per_minute: float = 60.0
    """New games one address may create a minute (``POST /api/games`` and ``/api/lessons``); 0: no limit."""
    new_games_burst: int = 60
    """New games one address may create at once before the rate applies."""
    max_games_listed: int = 200
    """The most games one lobby listing returns."""


@dataclass(frozen=True)
class ServerConfig:
    """Everything ``stoneage serve`` is started with."""

    database_url: str = ""
    """SQLAlchemy URL (async driver); empty: ``default_database_url()``."""
    redis_url: str | None = None
    """Redis for fanning events out to the other server processes; ``None``: this process alone."""
    pace: float | None = None
    """Default seconds between bot moves when people are at the table; ``None``: the game kit's."""
    limits: Limits = Limits()
    resume_on_start: bool = True
    """Load every unfinished game at start, so bots and clocks carry on without anyone connecting."""
    advice_workers: int = 2
    """Worker processes that work out hints and why? answers (``web/advice.py``), apart from the
    threads that store moves, so one table's questions never hold up another table's moves."""

    def database(self) -> str:
        """The database URL to use, with its async driver."""
        return async_url(self.database_url) if self.database_url else default_database_url()
