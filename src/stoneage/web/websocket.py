"""The websocket protocol the server runs: uvicorn's sans-I/O websockets with cheaper compression.

uvicorn compresses every message with permessage-deflate at zlib's default level, a tenth of the
server's CPU under load. Level 1 compresses a table update in about 55 % of the time, into a
quarter more bytes (1.4 KB instead of 1.1 KB for a Stone Age update; docs/performance.md).
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

COMPRESSION = {"level": 1, "memLevel": 5}
"""zlib settings of the server's permessage-deflate (uvicorn's window sizes and memory level)."""
WINDOW_BITS = 12


def deflate() -> ServerPerMessageDeflateFactory:
    """The permessage-deflate extension the server offers."""
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=WINDOW_BITS, client_max_window_bits=WINDOW_BITS, compress_settings=dict(COMPRESSION))


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's protocol with ``deflate()`` in place of its default compression."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(extensions=[deflate()], max_size=self.config.ws_max_size,
                                       logger=logging.getLogger("uvicorn.error"))
