"""``kill -9`` in the middle of play loses no acknowledged move: a new server process on the same
database (SQLite or PostgreSQL) resumes every game exactly where its log ends, bots and chance
carry on with nobody connected, and the people reconnect with their tokens and finish the game."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path

import httpx
import websockets

from stoneage.core.contract import PUBLIC
from stoneage.core.record import replay

from web.client import JSON, Table, create_game, person_seats
from web.server import ServerProcess, Stored, Tracker, check_log, replayed_view, stored_game

ACKS_BEFORE_KILL = 40
"""Moves the people have acknowledged before the server is armed to die."""
BOT_MOVES_BEFORE_KILL = 20
"""Moves the all-bot game has made before the server is armed to die."""
LATEST = 300
"""Moves of the all-bot game after which the server dies even if no person has moved since it was
armed (a three-player game of random bots took at least 627 moves in 300 seeded games)."""
FINISH_WITHIN = 90.0


def test_kill_9_mid_play_loses_no_acknowledged_move_and_every_game_resumes(database: str, tmp_path: Path) -> None:
    first = ServerProcess(database, log=tmp_path / "first.log").start()
    try:
        created = create_game(first.http, "stone_age", [*person_seats(2), {"kind": "bot", "bot": "medium"}])
        game_id = created["id"]
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if "token" in seat}
        people = {seat: Tracker(Table(first.ws, game_id, token=token), random.Random(seat))
                  for seat, token in tokens.items()}
        bot_game_id = asyncio.run(_play_then_kill(first, people))
    finally:
        if first.alive():
            first.kill()

    # What the killed process left: every move it acknowledged, each where it was made, and
    # nothing the people did not send; the all-bot game stopped half-way.
    before = asyncio.run(stored_game(database, game_id))
    bots_before = asyncio.run(stored_game(database, bot_game_id))
    assert before.status != "finished" and bots_before.status != "finished"
    assert len(bots_before.actions) >= BOT_MOVES_BEFORE_KILL
    check_log(before, before.actions, {seat: [tracker] for seat, tracker in people.items()})
    assert max(ack for tracker in people.values() for ack in tracker.acked) >= ACKS_BEFORE_KILL // 2

    second = ServerProcess(database, log=tmp_path / "second.log").start()
    try:
        asyncio.run(_resume(second, database, game_id, tokens, people, before))
        asyncio.run(_finishes_alone(database, bot_game_id, bots_before))
    finally:
        second.stop()


async def _play_then_kill(server: ServerProcess, people: dict[int, Tracker]) -> str:
    """Play until the people have enough acks and an all-bot game is under way, then ``kill -9`` the
    server right after a person's move is sent (before its answer), or once the all-bot game has made
    ``LATEST`` moves if no person moved by then; the all-bot game's id."""
    armed = asyncio.Event()
    killed: list[float] = []

    def kill_when_armed() -> None:
        if armed.is_set() and not killed:
            server.kill()
            killed.append(time.monotonic())

    async def seat(tracker: Tracker) -> None:
        await tracker.connect()
        try:
            await tracker.play(after_move=kill_when_armed)
        except websockets.exceptions.ConnectionClosed:
            return
        raise AssertionError("the game ended before the server was killed")

    async def arm() -> str:
        while sum(len(tracker.acked) for tracker in people.values()) < ACKS_BEFORE_KILL:
            await asyncio.sleep(0.01)
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            bots = [{"kind": "bot", "bot": "random"}] * 3  # cheap moves: the game is long, the bots quick
            answer = await http.post("/api/games", json={"game": "stone_age", "seats": bots})
            assert answer.status_code == 201, answer.text
            game_id: str = answer.json()["id"]
            while (await http.get(f"/api/games/{game_id}")).json()["moves"] < BOT_MOVES_BEFORE_KILL:
                await asyncio.sleep(0.02)
            armed.set()
            # Killed at the people's next move; should that move be slow in coming (a loaded machine),
            # killed anyway while the all-bot game is still far from its end.
            with contextlib.suppress(httpx.TransportError):  # the server died at a person's move meanwhile
                while not killed and (await http.get(f"/api/games/{game_id}")).json()["moves"] < LATEST:
                    await asyncio.sleep(0.02)
        kill_when_armed()
        return game_id

    *_, bot_game_id = await asyncio.gather(*(seat(tracker) for tracker in people.values()), arm())
    assert killed and not server.alive()
    return bot_game_id


async def _resume(server: ServerProcess, database: str, game_id: str, tokens: dict[int, str],
                  people: dict[int, Tracker], before: Stored) -> None:
    """Reconnect with the same tokens: the hello is the stored log replayed; then play to the end."""
    acked = max(ack for tracker in people.values() for ack in tracker.acked)
    hellos: dict[int, JSON] = {}
    for seat, tracker in people.items():
        hello = await tracker.connect(Table(server.ws, game_id, token=tokens[seat]))
        assert hello["viewer"] == seat
        assert hello["seq"] >= acked and hello["seq"] >= len(before.actions), (hello["seq"], acked, len(before.actions))
        hellos[seat] = hello
    now = await stored_game(database, game_id)
    assert now.actions[:len(before.actions)] == before.actions
    for seat, hello in hellos.items():
        names = [entry["name"] for entry in hello["seats"]]
        assert hello["view"] == replayed_view(now, now.actions[:hello["seq"]], seat, names), f"seat {seat}"
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        public = (await http.get(f"/api/games/{game_id}")).json()
    now = await stored_game(database, game_id)
    names = [entry["name"] for entry in public["seats"]]
    assert public["view"] == replayed_view(now, now.actions[:public["moves"]], PUBLIC, names)

    await asyncio.gather(*(tracker.play() for tracker in people.values()))
    for tracker in people.values():
        assert tracker.updates > 0
        await tracker.close()
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        record = (await http.get(f"/api/games/{game_id}/record")).json()
    final = await stored_game(database, game_id)
    assert final.status == "finished" and record["actions"] == final.actions
    assert final.actions[:len(before.actions)] == before.actions
    check_log(final, final.actions, {seat: [tracker] for seat, tracker in people.items()})
    _, state = replay(record)
    assert state.is_terminal() and final.result is not None
    assert final.result["scores"] == record["result"]["scores"] == state.scores()


async def _finishes_alone(database: str, game_id: str, before: Stored) -> None:
    """The all-bot game, which nobody has connected to since the restart, plays on to its end."""
    deadline = time.monotonic() + FINISH_WITHIN
    while (now := await stored_game(database, game_id)).status != "finished":
        assert time.monotonic() < deadline, f"the all-bot game stayed at move {len(now.actions)}"
        await asyncio.sleep(0.1)
    assert now.actions[:len(before.actions)] == before.actions and len(now.actions) > len(before.actions)
    _, state = replay({"format": 1, "game": now.game, "players": now.players, "seed": now.seed,
                       "options": now.options, "actions": now.actions})
    assert state.is_terminal() and now.result is not None and now.result["scores"] == state.scores()
