"""A test client of the game server: the lobby over httpx, a seat or a spectator over websockets."""

from __future__ import annotations

import asyncio
import json
import random
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


class Table:
    """One websocket connection: every message received is kept in ``received``."""

    def __init__(self, ws_base: str, game_id: str, **query: Any) -> None:
        params = "&".join(f"{key}={value}" for key, value in query.items() if value is not None)
        self.url = f"{ws_base}/api/games/{game_id}/ws" + (f"?{params}" if params else "")
        self.socket: Any = None
        self.received: list[JSON] = []
        self.seq = 0
        self.view: JSON | None = None

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

    async def play_out(self, rng: random.Random, max_moves: int = 5000) -> int:
        """Play random legal moves whenever it is this seat's turn until the game ends; moves made."""
        moves = 0
        await self.until("hello")
        while not self.over():
            if self.my_turn():
                action = rng.choice(list(leaf_actions(self.view["decision"]["choices"])))  # type: ignore[index]
                await self.send({"type": "move", "seq": self.seq, "action": action})
                moves += 1
                assert moves <= max_moves
            message = await self.receive()
            assert message["type"] != "error", message
        return moves
