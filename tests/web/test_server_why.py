"""Why? over the websocket: a seated player learns why the last bot move was played."""

from __future__ import annotations

import asyncio

from web.client import Table, bot_seat, create_game, leaf_actions
from web.server import ServerProcess


def test_a_seated_player_gets_why_the_bot_moved_and_a_spectator_is_refused(server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age", [{"kind": "person"}, bot_seat("medium")])
    token = created["seats"][0]["token"]

    async def scenario() -> None:
        async with Table(server.ws, created["id"], token=token) as me, Table(server.ws, created["id"]) as watcher:
            await me.until("hello")
            await watcher.until("hello")
            await me.until_my_turn()
            await me.send({"type": "why"})
            assert (await me.until("error"))["code"] == "no_why"  # no bot has moved yet
            await me.move(next(iter(leaf_actions(me.view["decision"]["choices"]))))  # type: ignore[index]
            await me.until("ack")
            await me.until_my_turn()  # the bot placed in between
            await me.send({"type": "why"})
            why = await me.until("why")
            assert why["seat"] == 1 and why["lines"][0].startswith("Why Player 2 (medium) played place ")
            assert "Its best alternatives:" in why["lines"] and "win chance" in why["lines"][3]
            await watcher.send({"type": "why"})
            assert (await watcher.until("error"))["code"] == "no_why"

    asyncio.run(scenario())
