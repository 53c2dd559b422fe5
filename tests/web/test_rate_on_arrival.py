"""The message rate is counted when messages arrive, not when the server gets round to reading them.

The complaint: a client sending under 90 messages a second, queued behind slow answers, was
"limited" 999 times and disconnected, because its queued messages were counted as one burst when
read. The server's websocket protocol stamps each message as it arrives (``web/websocket.py``) and
the connection's token bucket counts by those stamps (``web/connection.py``).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from stoneage.web.config import Limits
from stoneage.web.connection import Connection
from stoneage.web.protocol import ProtocolError
from stoneage.web.websocket import ArrivalQueue


class Backlog:
    """A socket whose client sent ``count`` messages at ``per_second``, all waiting to be read at once."""

    def __init__(self, count: int, per_second: float, start: float) -> None:
        self.messages = [{"type": "websocket.receive", "text": '{"type":"ping"}', "arrived": start + n / per_second}
                         for n in range(count)]

    async def receive(self) -> dict[str, Any]:
        return self.messages.pop(0) if self.messages else {"type": "websocket.disconnect"}

    async def send_text(self, text: str) -> None:
        pass

    async def close(self, code: int, reason: str) -> None:
        pass


async def _read_all(count: int, per_second: float) -> tuple[int, int]:
    limits = Limits()
    connection = Connection(Backlog(count, per_second, time.monotonic()), 0, limits)  # type: ignore[arg-type]
    allowed = refused = 0
    while True:
        try:
            if await connection.receive() is None:
                break
            allowed += 1
        except ProtocolError:
            refused += 1
    await connection.finish()
    return allowed, refused


def test_a_client_under_the_rate_is_never_limited_however_late_its_messages_are_read() -> None:
    limits = Limits()
    count = 10 * limits.burst  # far more than a burst, all read at once
    assert asyncio.run(_read_all(count, 0.9 * limits.messages_per_second)) == (count, 0)


def test_a_client_over_the_rate_is_limited_by_when_it_sent() -> None:
    limits = Limits()
    count = 10 * limits.burst
    allowed, refused = asyncio.run(_read_all(count, 2 * limits.messages_per_second))
    assert refused > count // 3 and allowed + refused == count


def test_the_protocols_queue_stamps_each_message_on_arrival_and_counts_its_bytes() -> None:
    async def scenario() -> tuple[list[float], int, int]:
        queue = ArrivalQueue()
        queue.put_nowait({"type": "websocket.receive", "text": "abc"})
        await asyncio.sleep(0.01)
        queue.put_nowait({"type": "websocket.receive", "bytes": b"defgh"})
        queue.put_nowait({"type": "websocket.disconnect", "code": 1000})
        held = queue.bytes
        stamps = [(await queue.get()).get("arrived", -1.0) for _ in range(2)]
        return stamps, held, queue.bytes

    stamps, held, left = asyncio.run(scenario())
    assert 0 < stamps[0] < stamps[1] and held == 8 and left == 0
