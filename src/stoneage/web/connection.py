"""One websocket client: a bounded outbox drained by its own writer, limits on what it sends.

Sending never blocks the game: messages queue in the outbox, and a client too slow to drain it is
disconnected (it reconnects and gets the whole view again) rather than holding up the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json

from starlette.websockets import WebSocket, WebSocketDisconnect

from stoneage.core.i18n import SOURCE
from stoneage.web.config import Limits
from stoneage.web.protocol import ProtocolError
from stoneage.web.security import RateLimit

OUTBOX = 512
"""Messages queued for one client before it counts as gone."""
CLOSE_POLICY, CLOSE_TOO_SLOW = 1008, 1013


class Connection:
    """A client watching a room as ``viewer`` in language ``lang``, with its outbox and rate limit."""

    def __init__(self, socket: WebSocket, viewer: int, limits: Limits, lang: str = SOURCE) -> None:
        self.socket = socket
        self.viewer = viewer
        self.lang = lang
        """The language every message to this client is built in (a code ``core.i18n.check`` accepted)."""
        self.limits = limits
        self.rate = RateLimit(limits.messages_per_second, limits.burst)
        self.strikes = 0
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.closing: tuple[int, str] | None = None
        self.writer = asyncio.create_task(self._write())

    def send_text(self, text: str) -> None:
        """Queue a message; a full outbox closes the connection (the client is not keeping up)."""
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_TOO_SLOW, "too slow: reconnect for the whole view")

    def send_error(self, error: ProtocolError) -> None:
        """Tell this client alone what was wrong with its message."""
        self.send_text(json.dumps(error.to_json()))

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued."""
        if self.closing is None:
            self.closing = (code, reason)
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)
            if self.outbox.full():
                self.writer.cancel()

    async def _write(self) -> None:
        try:
            while (text := await self.outbox.get()) is not None:
                await self.socket.send_text(text)
            code, reason = self.closing or (1000, "")
            await self.socket.close(code, reason)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass

    async def receive(self) -> str | bytes | None:
        """The next message, or ``None`` when the client has gone; ``ProtocolError`` if over a limit."""
        # Let the writer send what the last message queued: a flood read from the buffer without a
        # pause would otherwise fill the outbox and drop the client with no answer and no close frame.
        await asyncio.sleep(0)
        message = await self.socket.receive()
        if message["type"] == "websocket.disconnect":
            return None
        text, raw = message.get("text"), message.get("bytes")
        data: str | bytes = text if isinstance(text, str) else raw if isinstance(raw, bytes) else b""
        arrived = message.get("arrived")
        if not self.rate.allow(arrived if isinstance(arrived, float) else None):
            self.strikes += 1
            if self.strikes >= self.limits.strikes:
                self.close(CLOSE_POLICY, "too many messages")
            raise ProtocolError("rate_limited", f"more than {self.limits.messages_per_second:g} messages a "
                                f"second (burst {self.limits.burst}); this one was dropped")
        if len(data) > self.limits.max_message_bytes:
            raise ProtocolError("too_large", f"a message may hold at most {self.limits.max_message_bytes} bytes, "
                                f"not {len(data)}")
        return data

    async def finish(self) -> None:
        """Stop the writer (the socket is gone or closing)."""
        self.close(1000, "")
        with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError, Exception):
            await asyncio.wait_for(self.writer, 2)
