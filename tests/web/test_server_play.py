"""Full games over real websockets: people (test clients) and server-side bots, each game."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from web.client import Table, create_game, person_seats
from web.server import ServerProcess

GAMES = [("stone_age", ["medium"]), ("first_stone_age", ["child"]), ("stone_age_junior", [])]


@pytest.mark.parametrize(("game", "bots"), GAMES)
def test_a_full_game_with_people_and_bots_ends_with_a_record_that_replays(
        server: ServerProcess, game: str, bots: list[str]) -> None:
    seats = person_seats(2) + [{"kind": "bot", "bot": bot} for bot in bots]
    created = create_game(server.http, game, seats)
    tokens = [seat["token"] for seat in created["seats"] if "token" in seat]

    async def scenario() -> list[int]:
        tables = [Table(server.ws, created["id"], token=token) for token in tokens]
        for table in tables:
            await table.__aenter__()
        try:
            return list(await asyncio.gather(*(t.play_out(random.Random(n)) for n, t in enumerate(tables))))
        finally:
            for table in tables:
                await table.__aexit__()

    moves = asyncio.run(scenario())
    assert all(count > 0 for count in moves)
    record = httpx.get(f"{server.http}/api/games/{created['id']}/record").json()
    from stoneage.core.record import replay

    _, state = replay(record)
    assert state.is_terminal()
    assert record["seed"] == 0
    listed = httpx.get(f"{server.http}/api/games", params={"status": "finished"}).json()
    assert created["id"] in [g["id"] for g in listed]
