"""Full games over real websockets: people (test clients) and server-side bots, each game."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from stoneage.core.contract import CHANCE

from web.client import Table, create_game, person_seats, play_out_all
from web.server import ServerProcess

GAMES = [("stone_age", ["medium"]), ("first_stone_age", ["child"]), ("stone_age_junior", [])]


@pytest.mark.parametrize(("game", "bots"), GAMES)
def test_a_full_game_with_people_and_bots_ends_with_a_record_that_replays(
        server: ServerProcess, game: str, bots: list[str]) -> None:
    seats = person_seats(2) + [{"kind": "bot", "bot": bot} for bot in bots]
    created = create_game(server.http, game, seats)
    tokens = [seat["token"] for seat in created["seats"] if "token" in seat]

    async def scenario() -> list[int]:
        return await play_out_all([Table(server.ws, created["id"], token=token) for token in tokens])

    moves = asyncio.run(scenario())
    assert all(count > 0 for count in moves)
    record = httpx.get(f"{server.http}/api/games/{created['id']}/record").json()
    from stoneage.core.record import replay

    _, state = replay(record)
    assert state.is_terminal()
    assert record["seed"] == 0
    listed = httpx.get(f"{server.http}/api/games", params={"status": "finished"}).json()
    assert created["id"] in [g["id"] for g in listed]


def test_every_action_is_one_update_and_the_ack_follows_the_movers_own(server: ServerProcess) -> None:
    """A person's move and the chance steps stored with it (one transaction, one wake-up) still reach
    every client as one update per action, in order, the mover's ack right after its move's update."""
    created = create_game(server.http, "first_stone_age", person_seats(2), pace=0)
    tokens = [seat["token"] for seat in created["seats"] if "token" in seat]

    async def scenario() -> list[Table]:
        tables = [Table(server.ws, created["id"], token=token) for token in tokens]
        await play_out_all(tables)
        return tables

    folded = 0
    for table in asyncio.run(scenario()):
        told = [(m["type"], m["seq"]) for m in table.received if m["type"] in ("hello", "update", "ack")]
        updates = [seq for kind, seq in told if kind == "update"]
        assert updates == list(range(told[0][1] + 1, updates[-1] + 1)), "one update per action, in order"
        for index, (kind, seq) in enumerate(told):
            if kind != "ack":
                continue
            assert told[index - 1] == ("update", seq), f"ack {seq} right after its move's update"
            after = next((m for m in table.received if m["type"] == "update" and m["seq"] == seq), None)
            if after is not None and after["view"]["to_move"] == CHANCE:
                assert told[index + 1] == ("update", seq + 1), "the chance it set off follows the ack"
                folded += 1
    assert folded, "some move set chance off"
