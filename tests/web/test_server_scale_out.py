"""Two server processes on one PostgreSQL database and one Redis (``--redis``) play one game
together: a seat and a spectator on each process, every client sees every move in order, both
processes end with the same record, and a command made stale by the other process is resynced,
never applied twice."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx

from stoneage.core.contract import PUBLIC
from stoneage.core.record import replay

from web.client import JSON, Table, create_game, person_seats
from web.server import ServerProcess, Tracker, check_log, replayed_view, stored_game

GAME, BOT = "stone_age_junior", "junior"
STALE_AT, RACE_AT = 4, 12
"""From which move on seat 1 tries a stale command, then a race, through the other process."""


def test_two_processes_on_one_database_play_one_game_to_the_same_end(
        postgres_database: str, redis_url: str, tmp_path: Path) -> None:
    one = ServerProcess(postgres_database, redis=redis_url, log=tmp_path / "one.log")
    two = ServerProcess(postgres_database, redis=redis_url, log=tmp_path / "two.log")
    ServerProcess.start_all(one, two)
    try:
        created = create_game(one.http, GAME, [*person_seats(2), {"kind": "bot", "bot": BOT}])
        asyncio.run(_play(one, two, postgres_database, created))
    finally:
        one.stop()
        two.stop()


async def _play(one: ServerProcess, two: ServerProcess, database: str, created: JSON) -> None:
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"] if "token" in seat]
    a = Tracker(Table(one.ws, game_id, token=tokens[0]), random.Random(0))
    b = Tracker(Table(two.ws, game_id, token=tokens[1]), random.Random(1))
    # Seat 1 again, on the first process: it only sends the stale and the racing commands.
    shadow = Tracker(Table(one.ws, game_id, token=tokens[1]))
    watchers = [Tracker(Table(one.ws, game_id)), Tracker(Table(two.ws, game_id))]
    everyone = [a, b, shadow, *watchers]
    for tracker in everyone:
        await tracker.connect()
    race: list[tuple[int, str, str]] = []

    async def seat_one() -> None:
        """Seat 1 plays on the second process. Once it resends a move it was acknowledged there through the
        first process (stale: resynced, not applied again); once it moves through both at the same time
        (one is stored and acknowledged, the other resynced)."""
        assert b.rng is not None
        stale = False
        while not b.over():
            choices = b.choices()
            if choices and not stale and b.seq >= STALE_AT:
                stale = True
                seq, mine = b.seq, b.rng.choice(choices)
                await b.move(mine)
                assert (await b.until("ack"))["seq"] == seq + 1
                start = len(shadow.table.received)
                await shadow.move(mine, seq=seq)
                reply = await _reply(shadow, start)
                assert reply["type"] == "resync" and reply["seq"] > seq and "stale" in reply["reason"], reply
                continue
            if len(choices) >= 2 and stale and not race and b.seq >= RACE_AT:
                seq = b.seq
                mine, other = b.rng.sample(choices, 2)
                start = len(shadow.table.received)
                await asyncio.gather(b.move(mine), shadow.move(other, seq=seq))
                answers = [(await b.until("ack", "resync"))["type"], (await _reply(shadow, start))["type"]]
                race.append((seq, *answers))
                assert sorted(answers) == ["ack", "resync"], race
                continue
            if choices:
                await b.move(b.rng.choice(choices))
            await b.next()

    await asyncio.gather(a.play(), seat_one(), *(t.watch() for t in [shadow, *watchers]))
    assert race, "seat 1 never had two choices to race with"
    async with httpx.AsyncClient(timeout=30) as http:  # while the rooms are live, watched on both processes
        records = [(await http.get(f"{server.http}/api/games/{game_id}/record")).json() for server in (one, two)]
        publics = [(await http.get(f"{server.http}/api/games/{game_id}")).json() for server in (one, two)]
    for tracker in everyone:
        await tracker.close()

    final = await stored_game(database, game_id)
    assert final.status == "finished"
    for tracker in everyone:
        assert tracker.hello is not None and tracker.seq == len(final.actions)
        assert tracker.updates == len(final.actions) - tracker.hello["seq"], "a client missed or repeated a move"
    check_log(final, final.actions, {0: [a], 1: [b, shadow]})
    seq, mine, _ = race[0]
    winner = b if mine == "ack" else shadow
    assert seq + 1 in winner.acked

    assert records[0] == records[1] and records[0]["actions"] == final.actions
    _, state = replay(records[0])
    assert state.is_terminal() and final.result is not None and final.result["scores"] == state.scores()
    names = [seat["name"] for seat in publics[0]["seats"]]
    assert publics[0]["view"] == publics[1]["view"] == replayed_view(final, final.actions, PUBLIC, names)
    assert watchers[0].table.view == watchers[1].table.view


async def _reply(tracker: Tracker, start: int, timeout: float = 30) -> JSON:
    """The server's answer (``ack``, ``resync`` or an error) among the messages a tracker's connection
    received from index ``start`` on, read by the task that reads that connection."""
    deadline = time.monotonic() + timeout
    while True:
        for message in tracker.table.received[start:]:
            if message["type"] in ("ack", "resync", "error"):
                return message
        assert time.monotonic() < deadline, "no answer to the move"
        await asyncio.sleep(0.005)
