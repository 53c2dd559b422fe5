"""The store's group commit on both databases: every append stored once, in order, or refused."""

from __future__ import annotations

import asyncio

from stoneage.web.config import ServerConfig
from stoneage.web.store import BOT, FINISHED, RUNNING, GameRow, SeatRow, SequenceTaken, Store


def _row(game_id: str) -> GameRow:
    return GameRow(game_id, "stone_age", 2, 7, {}, {}, RUNNING,
                   seats=(SeatRow(0, BOT, bot="random"), SeatRow(1, BOT, bot="random")))


async def _scenario(url: str) -> None:
    store = await Store.open(url)
    try:
        for number in range(3):
            await store.create_game(_row(f"g{number}"))
        # Appends that arrive together are written together, each game's moves in order.
        await asyncio.gather(*(store.append(f"g{number}", seq, [f"m{number}.{seq}"])
                               for seq in range(4) for number in range(3)))
        for number in range(3):
            assert await store.actions(f"g{number}") == [f"m{number}.{seq}" for seq in range(4)]
            assert (await store.game(f"g{number}")).moves == 4  # type: ignore[union-attr]
        # A move stored already is refused alone; the others of its batch are stored.
        results = await asyncio.gather(store.append("g0", 4, ["new"]), store.append("g1", 2, ["again"]),
                                       store.append("g2", 4, ["a", "b"]), return_exceptions=True)
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], SequenceTaken)
        assert await store.actions("g1") == [f"m1.{seq}" for seq in range(4)]
        assert await store.actions("g2", after=4) == ["a", "b"]
        # The last move and the result go in one transaction.
        await store.append("g0", 5, ["end"], result={"returns": [1.0, 0.0], "scores": [30, 20]})
        finished = await store.game("g0")
        assert finished is not None
        assert (finished.status, finished.moves, finished.result) == (
            FINISHED, 6, {"returns": [1.0, 0.0], "scores": [30, 20]})
        # How far each game's log goes, for a process catching its games up (an unknown id is left out).
        assert await store.progress(["g0", "g1", "g2", "nope"]) == {"g0": 6, "g1": 4, "g2": 6}
    finally:
        await store.close()


def test_group_commit_stores_each_move_once_in_order_and_refuses_a_taken_one(database: str) -> None:
    asyncio.run(_scenario(ServerConfig(database_url=database).database()))
