"""Telling the other server processes that a game moved on (``--redis``), or nobody (one process).

A message names a game and what changed; the receiving process reads the moves themselves from
the shared database, so Redis carries no game data and losing a message only delays an update
until the game's next move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from stoneage.core.contract import JSON

Handler = Callable[[JSON], Awaitable[None]]
CHANNEL = "stoneage:games"


class Fanout:
    """This process alone: nothing to tell anyone."""

    shared = False
    """Whether other processes share the database (so a room must catch up before it acts)."""

    async def start(self, handler: Handler) -> None:
        """Begin delivering the other processes' messages to ``handler``."""

    async def publish(self, message: JSON) -> None:
        """Tell the other processes."""

    async def stop(self) -> None:
        """Stop listening."""


class RedisFanout(Fanout):
    """Redis pub/sub on one channel; each process ignores its own messages."""

    shared = True

    def __init__(self, url: str, origin: str) -> None:
        from redis.asyncio import Redis

        self.redis: Any = Redis.from_url(url)
        self.origin = origin
        self._task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        """Subscribe (checking the server answers) and deliver messages in a background task."""
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(pubsub, handler))

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        async for item in pubsub.listen():
            try:
                message = json.loads(item["data"])
            except (TypeError, ValueError):
                continue
            if isinstance(message, dict) and message.get("origin") != self.origin:
                await handler(message)

    async def publish(self, message: JSON) -> None:
        """Publish to every process (this one ignores its own)."""
        await self.redis.publish(CHANNEL, json.dumps({**message, "origin": self.origin}))

    async def stop(self) -> None:
        """Unsubscribe and close the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.redis.aclose()
