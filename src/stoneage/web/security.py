"""Secrets and limits: unguessable tokens stored only as hashes, and a per-connection rate limit."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time


def new_token() -> str:
    """An unguessable token (192 random bits, URL-safe): a seat's invite or a personal key."""
    return secrets.token_urlsafe(24)


def new_id() -> str:
    """A short random id for a game or a player (not a secret: it appears in links)."""
    return secrets.token_urlsafe(9)


def new_seed() -> int:
    """A game's seed of chance, drawn on the server and never sent to anyone."""
    return secrets.randbits(62)


def digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a stolen database acts for nobody."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` hashes to ``stored`` (in constant time)."""
    return stored is not None and hmac.compare_digest(digest(token), stored)


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``rate`` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self, at: float | None = None) -> bool:
        """Take one message from the bucket; False when it is empty. ``at``: when the message arrived
        (``time.monotonic()``; default now), so that messages read late count as they were sent."""
        now = time.monotonic() if at is None else max(at, self.stamp)
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class PerAddress:
    """A ``RateLimit`` per client address (``rate`` per second, ``burst`` at once); ``rate`` 0: none.
    At most ``addresses`` are remembered: when full, every bucket starts again."""

    def __init__(self, rate: float, burst: int, addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.addresses = addresses
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, address: str) -> bool:
        """Take one from ``address``'s bucket; False when it is empty."""
        if self.rate <= 0:
            return True
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.addresses:
                self.buckets.clear()
            bucket = self.buckets[address] = RateLimit(self.rate, self.burst)
        return bucket.allow()
