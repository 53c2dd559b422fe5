"""Remote bots: a seat played by a program elsewhere, over a websocket in the ``stoneage-bot/1`` protocol.

A game's creator may make a seat ``{"kind": "remote"}``; its token (shown once, stored hashed) opens
``/api/games/{id}/bot``, where a bot speaks the same messages a local program reads on its stdin
(docs/bot-protocol.md), one JSON object per websocket text message. When the seat is to decide and
its bot is connected, the server sends it a ``request`` built from the seat's own observation only;
the answer goes through the path a person's move takes (``GameService._move``: the game's lock, the
sequence number, stored before it is acknowledged). An answer that is garbage, illegal or later than
the budget is an *incident*: the game kit's default bot (the stand-in of an absent person) decides
that once, every client gets a ``notice``, and the game goes on. A remote seat whose bot is not
connected is an absent person: with a clock the stand-in plays it once its time is up, else the
game waits for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

from stoneage import __version__
from stoneage.bots.external import protocol
from stoneage.bots.external.protocol import BotFailure, BotHello
from stoneage.core.contract import JSON
from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import SOURCE
from stoneage.web.config import Limits
from stoneage.web.connection import CLOSE_POLICY, Connection
from stoneage.web.protocol import Move, ProtocolError
from stoneage.web.room import Room
from stoneage.web.security import matches, new_seed
from stoneage.web.store import REMOTE, SeatRow

if TYPE_CHECKING:
    from stoneage.web.service import GameService

BUDGET = 5.0
"""Seconds a remote bot has per decision unless the game sets ``bot_budget``."""
BUDGET_RANGE = (0.1, 600.0)
HELLO_RANGE = (1.0, 10.0)
"""The hello must come within the game's budget, kept within these seconds."""
GRACE = 0.25
"""Seconds allowed beyond the budget for the network."""
RETRY = 1.0
"""Seconds before a decision is asked again when the database could not store it."""
log = logging.getLogger("stoneage.web")


def budget_of(room: Room) -> float:
    """The seconds a remote bot of ``room`` has per decision."""
    return float(room.row.settings.get("bot_budget") or BUDGET)


def check_budget(budget: float | None) -> float | None:
    """``budget`` if it is in ``BUDGET_RANGE`` (``None``: the default); ``ValueError`` saying the range."""
    if budget is not None and not BUDGET_RANGE[0] <= budget <= BUDGET_RANGE[1]:
        raise ValueError(f"bot_budget must be {BUDGET_RANGE[0]:g} to {BUDGET_RANGE[1]:g} seconds per decision, "
                         f"not {budget:g}")
    return budget


def opened(room: Room, token: str) -> SeatRow | None:
    """The remote seat ``token`` opens, if any (compared in constant time with each stored hash)."""
    return next((s for s in room.row.seats if s.kind == REMOTE and matches(token, s.token_hash)), None)


@dataclass
class _Request:
    """A decision asked of a remote bot and not yet answered."""

    id: int
    seq: int
    legal: list[int]
    notation: list[str]
    timer: asyncio.Task[None] | None = None


class _Answer:
    """The remote bot as the client of its answer, for ``GameService._move``: it notes the ``ack``."""

    def __init__(self, seat: int) -> None:
        self.viewer = seat
        self.lang = SOURCE
        self.stored = False

    def send_text(self, text: str) -> None:
        if text.startswith('{"type":"ack"'):
            self.stored = True


class RemoteBot:
    """One connected remote bot: its seat, its connection and the decision it was asked."""

    def __init__(self, room: Room, seat: int, connection: Connection, hello: BotHello) -> None:
        self.room = room
        self.seat = seat
        self.connection = connection
        self.hello = hello
        self.pending: _Request | None = None
        self.over = False
        """Set once the bot has been told the game is over."""

    def send(self, message: JSON) -> None:
        """Queue a protocol message (one websocket text message)."""
        self.connection.send_text(json.dumps(message, ensure_ascii=False, separators=(",", ":")))


class RemoteBots:
    """The remote bots connected to this process, by game and seat."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.bots: dict[tuple[str, int], RemoteBot] = {}
        self._ids = 0

    # --- the game asks --------------------------------------------------------------------------

    def turn(self, room: Room) -> bool:
        """Called whenever the game waits for a seat (after every move): tell the room's bots a game
        that ended, or ask the remote bot whose turn it is. True if a connected bot was asked (its
        budget then stands for the clock)."""
        if room.state.is_terminal():
            for done in [b for (game, _seat), b in self.bots.items() if game == room.id]:
                self._finish(done)
            return False
        seat = room.person_to_move()
        bot = self.bots.get((room.id, seat)) if seat is not None else None
        if bot is None:
            return False
        if bot.pending is None or bot.pending.seq != room.seq:
            self._ask(bot)
        return True

    def _ask(self, bot: RemoteBot) -> None:
        room = bot.room
        self._ids += 1
        budget = budget_of(room)
        game, _params = protocol.game_of(room.state)
        message, legal = protocol.request(self._ids, game, room.state, bot.seat, round(budget * 1000))
        if bot.pending is not None and bot.pending.timer is not None:
            bot.pending.timer.cancel()
        request = _Request(self._ids, room.seq, legal, message["legal_notation"])
        bot.pending = request
        request.timer = self.service._spawn(self._expire(bot, request, budget + GRACE))
        bot.send(message)

    async def _expire(self, bot: RemoteBot, request: _Request, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if bot.pending is request:
            bot.pending = None
            await self._incident(bot, request, BotFailure("timeout", f"no answer within {seconds - GRACE:g} s"))

    def _finish(self, bot: RemoteBot) -> None:
        if not bot.over:
            bot.over = True
            bot.send(protocol.game_over(bot.room.state))
            bot.send(protocol.QUIT)
            bot.connection.close(1000, "the game is over")

    # --- the bot answers ------------------------------------------------------------------------

    async def answer(self, bot: RemoteBot, data: str | bytes) -> None:
        """A message from the bot: an answer to the pending request is played (or is an incident);
        anything else, and answers to requests already settled, are ignored."""
        request = bot.pending
        try:
            message = protocol.decode(data.encode() if isinstance(data, str) else data)
        except BotFailure as failure:
            if request is not None:
                self._settle(bot, request)
                await self._incident(bot, request, failure)
            return
        if request is None or message.get("type") != "action" or message.get("id") != request.id:
            return
        self._settle(bot, request)
        room = bot.room
        try:
            action = protocol.read_action(message, room.state, request.legal, request.notation)
        except BotFailure as failure:
            await self._incident(bot, request, failure)
            return
        client = _Answer(bot.seat)
        try:
            await self.service._move(room, client, Move(type="move", seq=request.seq, action=action))
        except ProtocolError as error:
            if error.code == "illegal_move":
                await self._incident(bot, request, BotFailure("illegal", str(error)))
            elif error.code == "storage_unavailable":  # nothing was stored: ask again shortly
                bot.send(error.to_json())
                await asyncio.sleep(RETRY)
                self._wake(room, bot.seat)
            # otherwise the game has moved on (the answer came too late): nothing to do

    def _settle(self, bot: RemoteBot, request: _Request) -> None:
        bot.pending = None
        if request.timer is not None:
            request.timer.cancel()

    async def _incident(self, bot: RemoteBot, request: _Request, failure: BotFailure) -> None:
        """The bot failed the decision at ``request.seq``: the stand-in decides it and the table is told."""
        room, seat = bot.room, bot.seat
        fallback = room.kit.default_bot
        incident = room.tell_incident(seat, bot.hello.name, failure.kind, failure.detail, request.seq, fallback)
        bot.send({"type": "incident", "id": request.id, **incident})
        try:
            await self.stand_in(room, seat, request.seq)
        except ProtocolError as error:  # the database is down: the decision is asked again shortly
            log.error("game %s: %s", room.id, error)
            await asyncio.sleep(RETRY)
            self._wake(room, seat)

    async def stand_in(self, room: Room, seat: int, seq: int) -> bool:
        """Let the seat's stand-in bot make the decision at move ``seq``; False if the game has moved on."""
        service = self.service
        async with room.lock:
            if service.fanout.shared:
                await service._catch_up(room)
            if room.seq != seq or room.mover() != seat:
                return False
            action = await asyncio.to_thread(room.bot(seat).step, room.state.clone(), seat)
            chance, wait = service._chance_after(room, action)
            stored = await service._commit(room, [action, *chance])
        service._kick(room, wait)
        return stored

    # --- the connection -------------------------------------------------------------------------

    async def serve(self, socket: WebSocket, game_id: str, token: str | None, limits: Limits) -> None:
        """Run one bot connection: check its token, the handshake, then its answers until it goes."""
        await socket.accept()
        try:
            room = await self.service.room(game_id)
            seat = opened(room, token) if token else None
            if seat is None:
                raise ProtocolError("bad_token", "this token opens no remote bot seat of this game")
        except (ProtocolError, StoneAgeError) as error:  # no such game, a bad token, the database down
            await socket.send_json({"type": "error", "code": getattr(error, "code", "forbidden"),
                                    "message": str(error)})
            await socket.close(CLOSE_POLICY, str(error)[:120])
            return
        connection = Connection(socket, seat.seat, limits)
        try:
            hello = await self._handshake(room, connection)
            if hello is None:
                return
            await self._serve(room, seat.seat, connection, hello)
        finally:
            await connection.finish()

    async def _handshake(self, room: Room, connection: Connection) -> BotHello | None:
        """Send ``hello`` and read the bot's; ``None`` (the connection closing, told why) if it fails."""
        connection.send_text(json.dumps(protocol.hello(__version__)))
        timeout = min(max(budget_of(room), HELLO_RANGE[0]), HELLO_RANGE[1])
        game, _params = protocol.game_of(room.state)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    data = await _receive(connection)
                    if data is None:
                        return None
                    with contextlib.suppress(BotFailure):
                        message = protocol.decode(data.encode() if isinstance(data, str) else data)
                        if message.get("type") == "hello":
                            break
            hello = protocol.read_hello(message)
            if not hello.plays(game):
                raise BotFailure("handshake", f"{hello.name} does not play {game} (it plays "
                                              f"{', '.join(hello.games)})")
        except TimeoutError:
            _refuse(connection, "no_hello", f"no hello within {timeout:g} s")
            return None
        except BotFailure as failure:
            _refuse(connection, "bad_hello", failure.detail)
            return None
        return hello

    async def _serve(self, room: Room, seat: int, connection: Connection, hello: BotHello) -> None:
        key = (room.id, seat)
        old = self.bots.get(key)
        if old is not None:
            self._drop(old)
            old.connection.close(CLOSE_POLICY, "another connection took this seat")
        bot = self.bots[key] = RemoteBot(room, seat, connection, hello)
        _game, params = protocol.game_of(room.state)
        bot.send(protocol.new_game(room.game.name, params, seat, new_seed() & 0x7FFFFFFF))
        await self.service._returned(room, seat)
        self._wake(room, seat)
        try:
            while connection.closing is None:
                try:
                    data = await connection.receive()
                except ProtocolError as error:
                    bot.send(error.to_json())
                    continue
                if data is None:
                    return
                await self.service._returned(room, seat)
                await self.answer(bot, data)
        finally:
            if self.bots.get(key) is bot:
                self._drop(bot)
                self._wake(room, seat)

    def _wake(self, room: Room, seat: int) -> None:
        """If ``seat`` is to decide and nothing else is running the game, start its turn again (ask its
        bot, or start its clock)."""
        if (room.runner is None or room.runner.done()) and (room.person_to_move() == seat or room.state.is_terminal()):
            self.service._start_clock(room)

    def _drop(self, bot: RemoteBot) -> None:
        del self.bots[(bot.room.id, bot.seat)]
        if bot.pending is not None:
            self._settle(bot, bot.pending)


async def _receive(connection: Connection) -> str | bytes | None:
    """The next message (``None`` when the bot has gone); one over a limit counts as garbage."""
    try:
        return await connection.receive()
    except ProtocolError:
        return b""


def _refuse(connection: Connection, code: str, message: str) -> None:
    """Tell the bot why, and close (after the messages already queued)."""
    connection.send_text(json.dumps({"type": "error", "code": code, "message": message}))
    connection.close(CLOSE_POLICY, message[:120])
