"""A test client of the game server: the lobby over httpx, a seat or a spectator over websockets."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import websockets

TERMINAL = -4
JSON = dict[str, Any]


def leaf_actions(choices: list[JSON]) -> Iterator[int]:
    """Every action id in a view's decision menu (groups opened)."""
    for choice in choices:
        if "choices" in choice:
            yield from leaf_actions(choice["choices"])
        else:
            yield choice["action"]


def create_game(base: str, game: str, seats: list[JSON], **body: Any) -> JSON:
    """``POST /api/games`` (pace 0 unless given); the answer, with the seats' tokens."""
    answer = httpx.post(f"{base}/api/games", json={"game": game, "seats": seats, "pace": 0, **body}, timeout=30)
    assert answer.status_code == 201, answer.text
    data: JSON = answer.json()
    return data


def person_seats(count: int) -> list[JSON]:
    """``count`` person seats."""
    return [{"kind": "person"}] * count


def bot_seat(bot: str) -> JSON:
    """A seat for a server-side bot of level ``bot``."""
    return {"kind": "bot", "bot": bot}


def tokens_of(created: JSON) -> list[str]:
    """The person seats' tokens in a ``POST /api/games`` answer, in seat order."""
    return [seat["token"] for seat in created["seats"] if "token" in seat]


def error_of(answer: httpx.Response, status: int) -> JSON:
    """The ``{"code", "message"}`` of a refusal with this HTTP ``status`` (asserting its JSON shape)."""
    assert answer.status_code == status, (answer.status_code, answer.text)
    body = answer.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    error: JSON = body["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str) and error["message"]
    return error


def join_game(base: str, game_id: str, seat: int | None = None, *, key: str | None = None,
              name: str | None = None) -> httpx.Response:
    """``POST /api/games/{id}/join`` (with a personal key when given)."""
    body = {field: value for field, value in (("seat", seat), ("name", name)) if value is not None}
    headers = {"X-Player-Key": key} if key else {}
    return httpx.post(f"{base}/api/games/{game_id}/join", json=body, headers=headers, timeout=30)


def new_player(base: str, name: str) -> JSON:
    """``POST /api/players``: ``{"id", "name", "key"}``."""
    answer = httpx.post(f"{base}/api/players", json={"name": name}, timeout=30)
    assert answer.status_code == 201, answer.text
    data: JSON = answer.json()
    return data


def first_event(update: JSON) -> JSON:
    """The event of the action an ``update`` reports (the steps the rules then took follow it)."""
    event: JSON = update["view"]["events"][0]
    return event


class Table:
    """One websocket connection: every message received is kept in ``received``."""

    def __init__(self, ws_base: str, game_id: str, **query: Any) -> None:
        params = "&".join(f"{key}={value}" for key, value in query.items() if value is not None)
        self.url = f"{ws_base}/api/games/{game_id}/ws" + (f"?{params}" if params else "")
        self.socket: Any = None
        self.received: list[JSON] = []
        self.seq = 0
        self.view: JSON | None = None
        self.times: list[float] = []
        """When each message of ``received`` arrived (``time.monotonic()``)."""

    async def __aenter__(self) -> Table:
        self.socket = await websockets.connect(self.url, max_size=2**22)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.socket.close()

    async def send(self, message: JSON | str) -> None:
        """Send a message (a dict is sent as JSON)."""
        await self.socket.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 30) -> JSON:
        """The next message (and remember the latest view and sequence number)."""
        message: JSON = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        self.received.append(message)
        self.times.append(time.monotonic())
        if "view" in message:
            self.view = message["view"]
            self.seq = message["seq"]
        return message

    async def until(self, *types: str, timeout: float = 30) -> JSON:
        """Receive until a message of one of ``types`` arrives."""
        while True:
            message = await self.receive(timeout)
            if message["type"] in types:
                return message

    def my_turn(self) -> bool:
        """Whether the latest view holds a decision for this seat."""
        return bool(self.view and self.view["decision"] and self.view["to_move"] == self.view["viewer"])

    def over(self) -> bool:
        """Whether the latest view shows the game over."""
        return bool(self.view and self.view["to_move"] == TERMINAL)

    def of_type(self, kind: str) -> list[JSON]:
        """The messages of one type received so far, in order."""
        return [message for message in self.received if message["type"] == kind]

    def random_action(self, rng: random.Random) -> int:
        """A random action of the latest view's decision (it must be this seat's turn)."""
        assert self.view is not None and self.view["decision"], self.view
        return rng.choice(list(leaf_actions(self.view["decision"]["choices"])))

    async def move(self, action: int, seq: int | None = None) -> None:
        """Send a ``move`` on ``seq`` (default: the latest view's)."""
        await self.send({"type": "move", "seq": self.seq if seq is None else seq, "action": action})

    async def until_my_turn(self, timeout: float = 30) -> None:
        """Receive until the latest view holds a decision for this seat."""
        while not self.my_turn():
            await self.receive(timeout)

    async def drain(self, quiet: float = 0.3) -> None:
        """Receive until nothing arrives for ``quiet`` seconds (the answers still on their way)."""
        try:
            while True:
                await self.receive(quiet)
        except TimeoutError:
            return

    async def closed(self, timeout: float = 10) -> int | None:
        """Wait for the server to close the connection (messages before are kept); the close code."""
        try:
            while True:
                await self.receive(timeout)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None

    async def play_until(self, rng: random.Random, stop: asyncio.Event, delay: float = 0.0) -> int:
        """Play random moves (each after ``delay`` s) until ``stop`` is set or the game ends; moves made."""
        moves, sent = 0, -1
        while not stop.is_set() and not self.over():
            if self.my_turn() and sent != self.seq:
                await asyncio.sleep(delay)
                if stop.is_set():
                    break
                sent = self.seq
                await self.move(self.random_action(rng))
                moves += 1
            try:
                message = await self.receive(timeout=0.2)
            except TimeoutError:
                continue
            assert message["type"] != "error", message
        return moves

    async def play_out(self, rng: random.Random, max_moves: int = 5000) -> int:
        """Play random legal moves whenever it is this seat's turn until the game ends; moves made."""
        await self.until("hello")
        return await self.play_on(rng, max_moves)

    async def play_on(self, rng: random.Random, max_moves: int = 5000) -> int:
        """``play_out`` on a connection whose ``hello`` was received already: one move per position (the
        ack of a move, which leaves this seat to decide again at the same position, is not a new one)."""
        moves, sent = 0, -1
        while not self.over():
            if self.my_turn() and sent != self.seq:
                action = rng.choice(list(leaf_actions(self.view["decision"]["choices"])))  # type: ignore[index]
                sent = self.seq
                await self.send({"type": "move", "seq": self.seq, "action": action})
                moves += 1
                assert moves <= max_moves
            message = await self.receive()
            assert message["type"] != "error", message
        return moves


async def play_out_all(tables: list[Table]) -> list[int]:
    """Connect every table, play random moves at each (table n seeded n) until the game ends, and
    close them; the moves each made."""
    for table in tables:
        await table.__aenter__()
    try:
        return list(await asyncio.gather(*(table.play_out(random.Random(n)) for n, table in enumerate(tables))))
    finally:
        for table in tables:
            await table.__aexit__()
