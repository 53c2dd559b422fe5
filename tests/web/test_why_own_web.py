"""'Why?' over the websocket answers about the asking seat's own choices (issue 34): after a hint,
the hint; after its own move, what the advisor thought of it (another person's later move does not
change that); after a bot's move, the bot's move as before (tests/web/test_server_why.py)."""

from __future__ import annotations

import asyncio

from web.client import Table, create_game, person_seats
from web.server import ServerProcess


def test_why_after_a_hint_explains_the_hint_then_the_move_played(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    tokens = [seat["token"] for seat in created["seats"]]

    async def scenario() -> None:
        async with Table(server.ws, created["id"], token=tokens[0]) as me, \
                Table(server.ws, created["id"], token=tokens[1]) as other:
            await me.until("hello")
            await other.until("hello")
            await me.until_my_turn()  # the server may still be dealing
            await me.send({"type": "why"})
            assert (await me.until("why", "error"))["code"] == "no_why"  # nothing yet: no hint, no move
            await me.send({"type": "hint"})
            hint = await me.until("hint")
            await me.send({"type": "why"})
            why = await me.until("why", "error")
            assert why["type"] == "why", why
            assert (why["seat"], why["action"], why["seq"]) == (0, hint["action"], me.seq)
            assert why["lines"][0].startswith("Why ") and why["lines"][0].endswith("? (the hint)")
            assert "win chance" in why["lines"][1]
            await other.send({"type": "why"})  # the other seat was given no hint and has not moved
            assert (await other.until("why", "error"))["code"] == "no_why"
            await me.move(hint["action"])
            await me.until("ack")
            await me.send({"type": "why"})
            why = await me.until("why", "error")
            assert why["type"] == "why", why
            assert (why["seat"], why["action"]) == (0, hint["action"])
            assert why["lines"][0].startswith("Your move ") and "win chance" in why["lines"][1]

    asyncio.run(scenario())
