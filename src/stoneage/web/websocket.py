"""The websocket protocol the server runs: uvicorn's sans-I/O websockets with cheaper compression,
and messages stamped as they arrive.

uvicorn compresses every message with permessage-deflate at zlib's default level, a tenth of the
server's CPU under load. Level 1 compresses a table update in about 55 % of the time, into a
quarter more bytes (1.4 KB instead of 1.1 KB for a Stone Age update; docs/performance.md).

uvicorn stops reading a connection after each message until the app has taken it, so messages sent
while the server answered a slow request wait in the socket and arrive at once. This protocol reads
ahead (up to ``READ_AHEAD_BYTES``) and stamps each message with the time it arrived (``"arrived"``,
``time.monotonic()``): the rate limit counts messages by when they were sent, not read.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

COMPRESSION = {"level": 1, "memLevel": 5}
"""zlib settings of the server's permessage-deflate (uvicorn's window sizes and memory level)."""
WINDOW_BITS = 12
READ_AHEAD_BYTES = 256 * 1024
"""Bytes of messages a connection reads ahead of the app before it waits for the app to take them."""


def deflate() -> ServerPerMessageDeflateFactory:
    """The permessage-deflate extension the server offers."""
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=WINDOW_BITS, client_max_window_bits=WINDOW_BITS, compress_settings=dict(COMPRESSION))


class ArrivalQueue(asyncio.Queue[Any]):
    """The messages a connection received for the app, each stamped when it arrived; ``bytes``: held."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = 0

    def put_nowait(self, item: Any) -> None:
        if item.get("type") == "websocket.receive":
            item["arrived"] = time.monotonic()
            self.bytes += _size(item)
        super().put_nowait(item)

    def get_nowait(self) -> Any:
        item = super().get_nowait()
        if item.get("type") == "websocket.receive":
            self.bytes -= _size(item)
        return item


def _size(message: Any) -> int:
    data = message.get("text") or message.get("bytes") or b""
    return len(data)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's protocol with ``deflate()`` in place of its default compression, reading ahead."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals = ArrivalQueue()
        self.queue = self.arrivals
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(extensions=[deflate()], max_size=self.config.ws_max_size,
                                       logger=logging.getLogger("uvicorn.error"))

    def send_receive_event_to_app(self) -> None:
        """Queue the message (uvicorn then stops reading); read on while little is waiting."""
        super().send_receive_event_to_app()
        if self.read_paused and self.arrivals.bytes < READ_AHEAD_BYTES:
            self.read_paused = False
            self.transport.resume_reading()
