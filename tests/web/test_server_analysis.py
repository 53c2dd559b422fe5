"""``GET /api/games/{id}/analysis``: refused before the end, made in the background after it."""

from __future__ import annotations

import asyncio
import time

import httpx

from web.client import Table, create_game, person_seats, play_out_all
from web.server import ServerProcess


def test_a_finished_game_is_analysed_in_the_background_and_a_running_one_is_refused(server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age_junior", person_seats(2))
    url = f"{server.http}/api/games/{created['id']}/analysis"
    early = httpx.get(url)
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    tokens = [seat["token"] for seat in created["seats"]]

    async def scenario() -> None:
        await play_out_all([Table(server.ws, created["id"], token=token) for token in tokens])

    asyncio.run(scenario())
    first = httpx.get(url)
    assert first.status_code == 202 and first.json()["status"] == "running"
    answer = first
    for _ in range(600):  # a worker process is started, then searches every decision
        time.sleep(0.5)
        answer = httpx.get(url)
        if answer.status_code != 202:
            break
    assert answer.status_code == 200
    analysis = answer.json()
    record = httpx.get(f"{server.http}/api/games/{created['id']}/record").json()
    assert analysis["game"] == "stone_age_junior" and analysis["finished"]
    assert analysis["curve"][-1][0] == len(record["actions"])
    assert {d["seat"] for d in analysis["decisions"]} == {0, 1}
