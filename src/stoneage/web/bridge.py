"""``stoneage bot connect``: a local ``stoneage-bot/1`` program plays a remote bot seat of an online game.

The bridge opens the seat's websocket (``/api/games/{id}/bot?token=...``), starts the program with
the local process machinery of ``bots.external`` and relays the messages both ways unchanged: each
websocket text message becomes one line on the program's stdin, each line of its stdout one
websocket message. The server checks every answer, so the bridge needs to understand none of them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import queue
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from stoneage.bots.external.process import Program
from stoneage.bots.external.protocol import MAX_LINE, BotFailure
from stoneage.core.errors import StoneAgeError
from stoneage.core.extras import install_hint
from stoneage.core.i18n import _, pgettext

MAX_PORT = 65535
POLL = 0.2
"""Seconds between looks at the program's output queue (from a worker thread)."""
OPEN_TIMEOUT = 20.0


class BridgeError(StoneAgeError):
    """The bridge cannot run: a bad URL, the server refusing, the program not starting."""


def bot_url(url: str, token: str | None) -> str:
    """The websocket URL of a remote bot seat: ``http(s)`` becomes ``ws(s)``, ``token`` is added.
    ``BridgeError`` names what is wrong with a URL: its scheme, its host or its port (1 to 65535)."""
    shape = _("the URL must be ws://HOST:PORT/api/games/ID/bot (or http://...), not {url!r}").format(url=url)
    try:
        parts = urlsplit(url)
    except ValueError:  # an IPv6 address without its ]
        raise BridgeError(shape) from None
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    if scheme not in ("ws", "wss") or not parts.netloc:
        raise BridgeError(shape)
    if not parts.hostname:
        raise BridgeError(_("the URL {url!r} names no host: write ws://HOST:PORT/api/games/ID/bot").format(url=url))
    try:
        port = parts.port
    except ValueError:  # no number, or out of range
        port = -1
    if port is not None and not 1 <= port <= MAX_PORT:
        raise BridgeError(_("the URL {url!r} has a bad port: a port is a number from 1 to {high}").format(
            url=url, high=MAX_PORT))
    query = [(key, value) for key, value in parse_qsl(parts.query) if key != "token" or token is None]
    if token is not None:
        query.append(("token", token))
    if not any(key == "token" for key, _value in query):
        raise BridgeError(_("the seat's token is missing: give --token or ?token= in the URL"))
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(query), ""))


async def relay(url: str, argv: Sequence[str]) -> int:
    """Play the seat at ``url`` with the program ``argv`` until the game or the connection ends; the
    exit status (0 once the game is over)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    try:
        socket = await connect(url, max_size=MAX_LINE, open_timeout=OPEN_TIMEOUT)
    except (OSError, InvalidURI, InvalidHandshake, TimeoutError) as error:
        raise BridgeError(_("cannot connect to {url}: {error}").format(url=url.split("?")[0], error=error)) from None
    async with socket:
        try:
            first = await socket.recv()
        except ConnectionClosed:
            raise BridgeError(_("the server closed the connection ({code}: {reason})").format(
                code=socket.close_code, reason=socket.close_reason or "-")) from None
        _refused(first)
        try:
            program = Program(list(argv))
        except BotFailure as failure:
            raise BridgeError(failure.detail) from None
        over = False
        try:
            program.send(json.loads(first))
            outward = asyncio.create_task(_outward(program, socket))
            try:
                async for text in socket:
                    _refused(text)
                    message = json.loads(text)
                    over = over or message.get("type") in ("game_over", "quit")
                    program.send(message)
            except ConnectionClosed:
                pass
            outward.cancel()
            code = socket.close_code
            if not over and code not in (None, 1000):
                raise BridgeError(_("the server closed the connection ({code}: {reason})").format(
                    code=code, reason=socket.close_reason or "-"))
        finally:
            program.stop(polite=True)
    return 0 if over else 1


async def _outward(program: Program, socket: Any) -> None:
    """Send each line the program writes to the server, as it comes; stop when its output ends."""
    while True:
        try:
            line = await asyncio.to_thread(program.lines.get, True, POLL)
        except queue.Empty:
            continue
        if line is None:  # the program ended: the server sees the bot go
            print(_("stoneage: the bot program ended: {why}").format(why=program.exit_text()), file=sys.stderr)
            await socket.close()
            return
        await socket.send(line.decode("utf-8", "replace"))  # an oversized line arrives empty: garbage


def _refused(text: str | bytes) -> None:
    """``BridgeError`` if the server's message is a refusal (a bad token, no hello)."""
    try:
        message = json.loads(text)
    except ValueError:
        return
    if isinstance(message, dict) and message.get("type") == "error":
        raise BridgeError(f"{message.get('code')}: {message.get('message')}")


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``bot connect`` to the ``stoneage`` command."""
    bot = commands.add_parser("bot", help=_("bots that are other programs: play an online game's remote seat"),
                              allow_abbrev=False)
    actions = bot.add_subparsers(dest="bot_command", required=True, metavar=pgettext("metavar", "COMMAND"))
    connect = actions.add_parser(
        "connect", help=_("play a remote bot seat of an online game with a local stoneage-bot/1 program"),
        description=_("Connect a local program that speaks stoneage-bot/1 (docs/bot-protocol.md) to a remote "
                      "bot seat of a game on a stoneage server, and relay its messages until the game ends."),
        allow_abbrev=False)
    connect.add_argument("url", metavar="URL", help=_("the seat's websocket: ws://HOST:PORT/api/games/ID/bot"))
    connect.add_argument("--token", default=None, metavar=pgettext("metavar", "TOKEN"),
                         help=_("the seat's token (from creating the game)"))
    connect.add_argument("program", nargs=argparse.REMAINDER, metavar=pgettext("metavar", "COMMAND"),
                         help=_("after --: the program and its arguments"))
    connect.set_defaults(run=cmd_connect)


def cmd_connect(args: argparse.Namespace) -> int:
    """Run the bridge until the game ends."""
    argv, token = list(args.program), args.token
    while argv and argv[0].startswith("-"):  # options after URL land here (argparse's REMAINDER)
        option = argv.pop(0)
        if option == "--":
            break
        if option == "--token" and argv:
            token = argv.pop(0)
        elif option.startswith("--token="):
            token = option.partition("=")[2]
        else:
            return _fail(_("unrecognized arguments: {args}").format(args=option))
    try:
        url = bot_url(args.url, token)  # a bad URL is named before anything starts
    except BridgeError as error:
        return _fail(str(error))
    if not argv:
        return _fail(_("give the program after --, e.g. -- python3 examples/bots/stdlib_bot.py"))
    from importlib.util import find_spec

    if find_spec("websockets") is None:
        return _fail(_("connecting to a server needs the web extra: {hint}").format(hint=install_hint("web")))
    try:
        return asyncio.run(relay(url, argv))
    except BridgeError as error:
        return _fail(str(error))
    except KeyboardInterrupt:
        return 130


def _fail(message: str) -> int:
    print(_("stoneage: error: {message}").format(message=message), file=sys.stderr)
    return 2
