"""Telling the other server processes that a game moved on (``--redis``), or nobody (one process).

A message names a game and what changed; the receiving process reads the moves themselves from
the shared database, so Redis carries no game data. Redis may go away: publishing never waits for
it nor fails (the latest message of each game is kept and sent once Redis answers again), and the
subscriber reconnects with backoff; once subscribed again it has the service catch every game up
from the database (``Resync``), since whatever was said meanwhile was lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from stoneage.core.contract import JSON

Handler = Callable[[JSON], Awaitable[None]]
Resync = Callable[[], Awaitable[None]]
CHANNEL = "stoneage:games"
BACKOFF = (0.1, 1.0)
"""The first and the longest pause between attempts to reach Redis again (doubling), in seconds."""
TIMEOUT = 2.0
"""How long connecting to Redis, or a publish, may take before it counts as failed (seconds)."""
log = logging.getLogger("stoneage.web")


class Fanout:
    """This process alone: nothing to tell anyone."""

    shared = False
    """Whether other processes share the database (so a room must catch up before it acts)."""

    async def start(self, handler: Handler, resync: Resync | None = None) -> None:
        """Begin delivering the other processes' messages to ``handler``; ``resync`` is called after each
        reconnection (messages may have been lost meanwhile)."""

    async def publish(self, message: JSON) -> None:
        """Tell the other processes (never raises, never waits for them)."""

    async def stop(self) -> None:
        """Stop listening."""


class RedisFanout(Fanout):
    """Redis pub/sub on one channel; each process ignores its own messages."""

    shared = True

    def __init__(self, url: str, origin: str) -> None:
        from redis.asyncio import Redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff, NoBackoff

        # Publishing retries a broken connection at once (Redis restarted: the pooled one is dead);
        # the subscription does not, so that this module sees every reconnection and can resync.
        self.redis: Any = Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT,
                                         retry=Retry(ExponentialBackoff(cap=0.2, base=0.05), 2))
        self.listener: Any = Redis.from_url(url, socket_connect_timeout=TIMEOUT, retry=Retry(NoBackoff(), 0))
        self.origin = origin
        self._pending: dict[tuple[str, str], str] = {}
        """The messages not sent yet: the latest per game and kind (a newer one replaces an older)."""
        self._ready = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, handler: Handler, resync: Resync | None = None) -> None:
        """Subscribe (checking the server answers), then listen and publish in background tasks."""
        pubsub = self.listener.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._tasks = [asyncio.create_task(self._listen(pubsub, handler, resync)),
                       asyncio.create_task(self._send())]

    async def _listen(self, pubsub: Any, handler: Handler, resync: Resync | None) -> None:
        from redis.exceptions import RedisError

        while True:
            try:
                async for item in pubsub.listen():
                    await self._deliver(item, handler)
            except (RedisError, OSError) as error:
                log.warning("Redis: the subscription broke (%s); subscribing again", error or type(error).__name__)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            pubsub = await self._subscribe()
            log.warning("Redis: subscribed again; catching every game up from the database")
            if resync is not None:
                try:
                    await resync()
                except Exception as error:  # the database may be down too: the service sweeps again later
                    log.error("Redis: catching up after the reconnection failed: %s", error)

    async def _subscribe(self) -> Any:
        """A new subscription, tried with backoff until Redis answers."""
        from redis.exceptions import RedisError

        delay = BACKOFF[0]
        while True:
            await asyncio.sleep(delay)
            pubsub = self.listener.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                return pubsub
            except (RedisError, OSError):
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                delay = min(delay * 2, BACKOFF[1])

    async def _deliver(self, item: Any, handler: Handler) -> None:
        try:
            message = json.loads(item["data"])
        except (TypeError, ValueError, KeyError):
            return
        if not isinstance(message, dict) or message.get("origin") == self.origin:
            return
        try:
            await handler(message)
        except Exception as error:  # one message's trouble must not end the subscription
            log.error("Redis: a message of game %s could not be followed: %s", message.get("game"), error)

    async def publish(self, message: JSON) -> None:
        """Queue the message for every process (this one ignores its own); a background task sends it."""
        key = (str(message.get("game")), str(message.get("kind")))
        self._pending.pop(key, None)  # the newer goes last, as it was said last
        self._pending[key] = json.dumps({**message, "origin": self.origin})
        self._ready.set()

    async def _send(self) -> None:
        """Publish what is queued, oldest first; while Redis is away, try again with backoff."""
        from redis.exceptions import RedisError

        delay, failing = BACKOFF[0], False
        while True:
            await self._ready.wait()
            while self._pending:
                key, text = next(iter(self._pending.items()))
                try:
                    await self.redis.publish(CHANNEL, text)
                except (RedisError, OSError) as error:
                    if not failing:
                        log.warning("Redis: cannot publish (%s); moves are kept, the other processes are told "
                                    "once Redis answers", error or type(error).__name__)
                        failing = True
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, BACKOFF[1])
                    continue
                if self._pending.get(key) == text:
                    del self._pending[key]
                if failing:
                    log.warning("Redis: publishing again")
                    failing, delay = False, BACKOFF[0]
            self._ready.clear()

    async def stop(self) -> None:
        """Stop listening and publishing, and close the connections."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for client in (self.redis, self.listener):
            with contextlib.suppress(Exception):
                await client.aclose()
