"""New games are bounded per address: the complaint created 300 games in 4.3 s, all kept in memory.

A burst of ``new_games_burst`` games is answered; the next is refused with 429 ``too_many_games``
and creates nothing; the rate then refills (``new_games_per_minute``). A server may be started
with another rate (``--new-games-per-minute``, 0 for none: the load tool's own server).
"""

from __future__ import annotations

import time

import httpx

from stoneage.web.config import Limits

from web.client import error_of, person_seats
from web.server import ServerProcess


def test_a_burst_of_new_games_from_one_address_is_refused_beyond_the_limit(server: ServerProcess) -> None:
    limits = Limits()
    listed = f"{server.http}/api/games?limit={limits.max_games_listed}"
    before = len(httpx.get(listed).json())
    body = {"game": "first_stone_age", "seats": person_seats(2), "pace": 0}
    start = time.monotonic()
    created = 0
    while (answer := httpx.post(f"{server.http}/api/games", json=body, timeout=30)).status_code == 201:
        created += 1
        assert created <= 3 * limits.new_games_burst, "no limit on new games"
    refill = (time.monotonic() - start) * limits.new_games_per_minute / 60
    error = error_of(answer, 429)
    assert error["code"] == "too_many_games" and "a minute" in error["message"]
    assert limits.new_games_burst <= created <= limits.new_games_burst + refill + 1
    assert len(httpx.get(listed).json()) == before + created, "the refused request created a game"
