"""The ``stoneage serve`` sub-command: the game server on uvicorn."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import threading
import warnings
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from stoneage.core.extras import install_hint
from stoneage.core.i18n import _, pgettext
from stoneage.core.limits import whole_number
from stoneage.web.config import DEFAULT_HOST, DEFAULT_PORT, Limits, ServerConfig

PING_SECONDS = 45
"""How often the server pings each idle websocket: under the 60 s after which proxies commonly drop one."""
GRACE_SECONDS = 5
"""How long a stopping server waits for the requests under way before it cancels them."""
REQUIRED = ("fastapi", "uvicorn", "sqlalchemy", "aiosqlite", "alembic", "platformdirs", "websockets", "openskill")


class _NoTraceback(logging.Filter):
    """uvicorn logs a text message that is not UTF-8 with a traceback, though it handles it (the
    connection is closed with 1007): keep its one line, so a traceback in the log means a bug."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Invalid UTF-8"):
            record.exc_info = None
        return True


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 5 or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(_("port must be 1 to 65535, not {value!r}").format(value=text))
    return int(text)


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("pace must be a number of seconds, not {value!r}").format(value=text)) \
            from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(_("pace must be 0 to 10 seconds, not {value!r}").format(value=text))
    return value


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of games a minute, not {value!r}").format(value=text)) \
            from None
    if not 0 <= value <= 100_000:
        raise argparse.ArgumentTypeError(_("expected 0 to 100000 games a minute, not {value!r}").format(value=text))
    return value


_workers = whole_number(1, 64, "advice workers")


def _named_bot(text: str) -> tuple[str, str]:
    """``NAME=SPEC`` of ``--bot``, split."""
    name, equals, spec = text.partition("=")
    if not equals or not name.strip() or not spec.strip():
        raise argparse.ArgumentTypeError(
            _("--bot takes NAME=SPEC, e.g. mybot=cmd:python3 bot.py, not {value!r}").format(value=text))
    return name.strip(), spec.strip()


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``serve`` to the ``stoneage`` command."""
    serve = commands.add_parser(
        "serve", help=_("run the game server (lobby, play over websockets, records, ratings)"),
        description=_("Run the game server. Games are kept in a SQLite file in your data folder, or in "
                      "PostgreSQL with --db; several processes share one PostgreSQL with --redis."),
        allow_abbrev=False)
    serve.add_argument("--host", default=DEFAULT_HOST, metavar=pgettext("metavar", "HOST"),
                       help=_("address to listen on (default {host})").format(host=DEFAULT_HOST))
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar=pgettext("metavar", "PORT"),
                       help=_("port (default {port})").format(port=DEFAULT_PORT))
    serve.add_argument("--db", default="", metavar="URL",
                       help=_("database: postgresql://user@host/db, sqlite:///path, or a file path "
                              "(default: games.sqlite3 in your data folder)"))
    serve.add_argument("--redis", default=None, metavar="URL",
                       help=_("Redis URL to share events with other server processes (redis://host:port)"))
    serve.add_argument("--pace", type=_pace, default=None, metavar=pgettext("metavar", "SECONDS"),
                       help=_("default pause between bot moves when people play (default: each game's own)"))
    serve.add_argument("--new-games-per-minute", type=_rate, default=Limits().new_games_per_minute, metavar="N",
                       help=_("new games one address may create a minute, in bursts of as many (0: no limit; "
                              "default %(default)g)"))
    serve.add_argument("--advice-workers", type=_workers, default=ServerConfig().advice_workers, metavar="N",
                       help=_("worker processes that work out hints and why? answers, so that no table waits "
                              "for another's (default %(default)s)"))
    serve.add_argument("--open", action="store_true",
                       help=_("open the lobby in your web browser once the server is up"))
    serve.add_argument("--bot", action="append", default=[], type=_named_bot, metavar=pgettext("metavar", "NAME=SPEC"),
                       help=_("offer a bot under NAME in the lobby, e.g. mybot=cmd:python3 bot.py (a program speaking "
                              "the bot protocol); repeatable. The lobby itself never accepts a cmd: spec"))
    serve.set_defaults(run=cmd_serve)
    from stoneage.web.bridge import register as register_bridge

    register_bridge(commands)


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the server and block until Ctrl-C."""
    missing = [name for name in REQUIRED if _missing(name)]
    if missing or (args.db.startswith("postgres") and _missing("asyncpg")) or (args.redis and _missing("redis")):
        print(_("stoneage: error: {message}").format(
            message=_("the server needs the web extra: {hint}").format(hint=install_hint("web"))), file=sys.stderr)
        return 2
    import uvicorn

    from stoneage.bots import BotSpecError, register_preset
    from stoneage.web.app import create_app
    from stoneage.web.websocket import WebSocketProtocol

    for name, spec in args.bot:
        try:
            register_preset(name, spec)
        except BotSpecError as error:
            print(_("stoneage: error: {message}").format(message=f"--bot {name}: {error}"), file=sys.stderr)
            return 2
    rate = args.new_games_per_minute
    config = ServerConfig(database_url=args.db, redis_url=args.redis, pace=args.pace,
                          limits=Limits(new_games_per_minute=rate, new_games_burst=max(1, round(rate))),
                          advice_workers=args.advice_workers)
    try:
        database = config.database()
    except ValueError as error:
        print(_("stoneage: error: {message}").format(message=f"--db: {error}"), file=sys.stderr)
        return 2
    problem = asyncio.run(_check_database(database)) or (args.redis and asyncio.run(_check_redis(args.redis)))
    if problem:
        print(_("stoneage: error: {message}").format(message=problem), file=sys.stderr)
        return 2
    host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{host}:{args.port}/"
    print(_("stoneage: play at {url} (a game against bots is one click away; API docs at {url}docs)").format(url=url)
          + "\n" + _("stoneage: games are kept in {database}; Ctrl-C stops the server").format(
              database=_shown(database)), file=sys.stderr)
    if args.open:
        threading.Timer(1.5, webbrowser.open, args=(url,)).start()
    logging.getLogger("uvicorn.error").addFilter(_NoTraceback())
    server = uvicorn.Server(uvicorn.Config(
        create_app(config), host=args.host, port=args.port, log_level="warning", ws=WebSocketProtocol,
        http="h11", h11_max_incomplete_event_size=config.limits.max_head_bytes,
        ws_max_size=config.limits.max_frame_bytes, ws_ping_interval=PING_SECONDS, ws_ping_timeout=20,
        timeout_graceful_shutdown=GRACE_SECONDS))
    with _ctrl_c_stops(server):
        server.run()
    return 0


@contextmanager
def _ctrl_c_stops(server: Any) -> Iterator[None]:
    """Ctrl-C stops the server, and the command then (``cli.main``: one line, status 130).

    While it serves, uvicorn handles Ctrl-C itself: a graceful shutdown, the app's own clean-up
    (games, store) last. A second Ctrl-C would make uvicorn skip that clean-up and log a
    traceback, so it is ignored: the shutdown is bounded anyway (``GRACE_SECONDS``). Afterwards
    uvicorn passes the Ctrl-C on to the handler it found, this one, which only notes it (raising
    inside uvicorn's event loop would cancel what is left there). Before uvicorn takes over,
    Ctrl-C raises at once. Being a handler of our own, it also keeps asyncio from putting in its
    own, which would raise inside the loop.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    interrupted = False
    graceful = server.handle_exit

    def once(signum: int, frame: FrameType | None) -> None:
        if not (signum == signal.SIGINT and server.should_exit):
            graceful(signum, frame)

    server.handle_exit = once  # uvicorn takes its handler from here when it starts serving

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal interrupted
        interrupted = True
        if not server.should_exit:  # uvicorn has not taken Ctrl-C over: stop here
            warnings.filterwarnings("ignore", "coroutine .* was never awaited", RuntimeWarning)  # uvicorn's serve()
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt


async def _check_database(url: str) -> str | None:
    """Open the database once (creating or upgrading its schema); the problem in words, if any."""
    from sqlalchemy.exc import ArgumentError

    from stoneage.web.store import Store, StoreError

    try:
        store = await Store.open(url)
    except StoreError as error:
        return str(error)
    except ArgumentError as error:
        return f"--db: {error}"
    await store.close()
    return None


async def _check_redis(url: str) -> str | None:
    """Reach Redis once; the problem in words, if any."""
    from redis.asyncio import Redis
    from redis.exceptions import RedisError

    try:
        client = Redis.from_url(url)
    except ValueError as error:
        return f"--redis: {error}"
    try:
        await client.ping()
    except (RedisError, OSError) as error:
        return _("cannot reach Redis at {url}: {error}").format(url=url, error=error)
    finally:
        await client.aclose()
    return None


def _missing(module: str) -> bool:
    from importlib.util import find_spec

    return find_spec(module) is None


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
