"""Odds over the websocket: a seated player gets the odds of its rolls ahead; others are refused."""

from __future__ import annotations

import asyncio

from web.client import Table, create_game, person_seats
from web.server import ServerProcess


def test_a_seated_player_gets_its_odds_and_a_spectator_or_a_game_without_odds_is_refused(
        server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age", person_seats(2))
    token = created["seats"][0]["token"]
    children = create_game(server.http, "first_stone_age", person_seats(2))

    async def scenario() -> None:
        async with Table(server.ws, created["id"], token=token) as me, Table(server.ws, created["id"]) as watcher:
            await me.until("hello")
            await watcher.until("hello")
            await me.send({"type": "odds"})
            odds = await me.until("odds")
            assert odds["lines"] and all(isinstance(line, str) for line in odds["lines"])
            await watcher.send({"type": "odds"})
            assert (await watcher.until("error"))["code"] == "no_odds"
        async with Table(server.ws, children["id"], token=children["seats"][0]["token"]) as child:
            await child.until("hello")
            await child.send({"type": "odds"})
            assert (await child.until("error"))["code"] == "no_odds"

    asyncio.run(scenario())
