"""Hints over the websocket, and finished games stepped move by move."""

from __future__ import annotations

import asyncio

import httpx

from stoneage.core.record import replay

from web.client import Table, create_game, leaf_actions, person_seats, play_out_all
from web.server import ServerProcess


def test_the_seat_to_decide_gets_a_hint_that_is_one_of_its_legal_choices(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", [{"kind": "person"}, {"kind": "bot", "bot": "child"}])
    token = created["seats"][0]["token"]

    async def scenario() -> None:
        async with Table(server.ws, created["id"], token=token) as me, Table(server.ws, created["id"]) as watcher:
            await me.until("hello")
            await watcher.until("hello")
            while not me.my_turn():  # the server may still be dealing the huts
                await me.receive()
            await me.send({"type": "hint"})
            hint = await me.until("hint")
            assert hint["seq"] == me.seq
            assert hint["action"] in set(leaf_actions(me.view["decision"]["choices"]))  # type: ignore[index]
            assert hint["label"] and not hint["label"].startswith("action ")
            await watcher.send({"type": "hint"})
            refused = await watcher.until("error")
            assert refused["code"] == "no_hint"

    asyncio.run(scenario())


def test_a_finished_game_replays_step_by_step_as_the_record_says(server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age_junior", person_seats(2))
    tokens = [seat["token"] for seat in created["seats"]]

    async def scenario() -> None:
        await play_out_all([Table(server.ws, created["id"], token=token) for token in tokens])

    asyncio.run(scenario())
    record = httpx.get(f"{server.http}/api/games/{created['id']}/record").json()
    game, final = replay(record)
    moves = len(record["actions"])
    first = httpx.get(f"{server.http}/api/games/{created['id']}/replay/0").json()
    assert first["at"] == 0 and first["moves"] == moves and first["view"]["events"] == []
    middle = httpx.get(f"{server.http}/api/games/{created['id']}/replay/{moves // 2}", params={"viewer": 1}).json()
    assert middle["view"]["viewer"] == 1
    assert [event["number"] for event in middle["view"]["events"]] == [moves // 2] * len(middle["view"]["events"])
    last = httpx.get(f"{server.http}/api/games/{created['id']}/replay/{moves}").json()
    assert last["view"]["to_move"] == -4
    assert last["view"]["panels"] == httpx.get(f"{server.http}/api/games/{created['id']}").json()["view"]["panels"]
    beyond = httpx.get(f"{server.http}/api/games/{created['id']}/replay/{moves + 1}")
    assert beyond.status_code == 400 and beyond.json()["error"]["code"] == "bad_step"
    assert final.is_terminal() and game.name == "stone_age_junior"


def test_a_running_game_cannot_be_replayed(server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age", person_seats(2))
    answer = httpx.get(f"{server.http}/api/games/{created['id']}/replay/1")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_finished"
