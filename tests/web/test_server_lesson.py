"""A guided game over a real server: the script's dice, cards and bot moves, an off-script move
refused, a warned move asked about first, leaving the lesson, and a restart in the middle."""

from __future__ import annotations

import asyncio

import httpx

from web.client import JSON, Table, leaf_actions
from web.server import ServerProcess, stored_game


def script() -> list[str]:
    """The Stone Age lesson's moves, in notation."""
    from stoneage.play.kit import play_kit

    lesson = play_kit("stone_age").lesson
    assert lesson is not None
    return [move.action for move in lesson().moves]


def start_lesson(base: str, game: str = "stone_age") -> JSON:
    """``POST /api/lessons`` at pace 0; the answer."""
    answer = httpx.post(f"{base}/api/lessons", json={"game": game, "pace": 0}, timeout=30)
    assert answer.status_code == 201, answer.text
    created: JSON = answer.json()
    return created


def person_token(created: JSON) -> str:
    """The token of the lesson's person seat."""
    token: str = next(seat["token"] for seat in created["seats"] if seat["kind"] == "person")
    return token


async def until_expected(table: Table) -> JSON:
    """Receive until the person is to decide with the lesson expecting a move; that lesson part."""
    while True:
        latest: JSON = next((m["lesson"] for m in reversed(table.received) if "lesson" in m), {})
        if table.my_turn() and latest.get("expected") is not None:
            return latest
        await table.receive()


async def follow(table: Table, moves: int) -> JSON:
    """Play the script's expected move ``moves`` times; the lesson part of the last message."""
    for _ in range(moves):
        lesson = await until_expected(table)
        await table.move(lesson["expected"])
        await table.until("ack")
    return await until_expected(table)


def test_the_lesson_plays_its_script_and_refuses_another_move(server: ServerProcess) -> None:
    created = start_lesson(server.http)
    assert created["settings"]["lesson"] == "active"

    async def scenario() -> None:
        async with Table(server.ws, created["id"], token=person_token(created)) as table:
            lesson = await until_expected(table)
            assert lesson["active"] and lesson["texts"] and lesson["texts"][0].startswith("Welcome to Stone Age")
            assert lesson["task"].startswith("Now: ")
            other = next(a for a in leaf_actions(table.view["decision"]["choices"])  # type: ignore[index]
                         if a != lesson["expected"])
            seq = table.seq
            await table.move(other)
            refused = await table.until("error")
            assert refused["code"] == "off_script" and refused["message"].startswith("Not yet: in this lesson")
            await table.send({"type": "sync"})
            assert (await table.until("resync"))["seq"] == seq
            lesson = await follow(table, 2)
            assert lesson["texts"] and "Each of the four civilization cards" in lesson["texts"][-1]

    asyncio.run(scenario())
    stored = asyncio.run(stored_game(server.db, created["id"]))
    assert stored.actions == script()[:len(stored.actions)] and len(stored.actions) == 10


def test_a_warned_move_is_asked_about_first_and_played_when_confirmed(server: ServerProcess) -> None:
    created = start_lesson(server.http)
    starve = script().index("starve")

    async def scenario() -> None:
        async with Table(server.ws, created["id"], token=person_token(created)) as table:
            lesson = await until_expected(table)
            while table.seq < starve:
                await table.move(lesson["expected"])
                await table.until("ack")
                lesson = await until_expected(table)
            seq = table.seq
            await table.send({"type": "move", "seq": seq, "action": lesson["expected"], "warn": True})
            warning = await table.until("warning", "update", "error")
            assert warning["type"] == "warning" and warning["seq"] == seq and warning["action"] == lesson["expected"]
            assert "starving costs 10 points" in " ".join(warning["lines"])
            assert warning["question"].endswith("Do it anyway?")
            await table.send({"type": "sync"})
            assert (await table.until("resync"))["seq"] == seq
            await table.send({"type": "move", "seq": seq, "action": lesson["expected"], "warn": True,
                              "confirmed": True})
            assert (await table.until("ack", "error"))["type"] == "ack"
            # the script is done: the farewell says how the game goes on
            lesson = next(message["lesson"] for message in reversed(table.received) if "lesson" in message)
            assert any("The lesson ends here" in text for text in lesson["texts"])

    asyncio.run(scenario())
    assert asyncio.run(stored_game(server.db, created["id"])).actions[starve] == "starve"


def test_leaving_the_lesson_plays_on_freely_and_a_restart_keeps_each_lesson_as_it_was(server: ServerProcess) -> None:
    """(The module's server is restarted on its database.)"""
    kept, left = start_lesson(server.http), start_lesson(server.http)

    async def before() -> int:
        async with Table(server.ws, left["id"], token=person_token(left)) as table:
            lesson = await until_expected(table)
            other = next(a for a in leaf_actions(table.view["decision"]["choices"])  # type: ignore[index]
                         if a != lesson["expected"])
            await table.send({"type": "leave_lesson"})
            resync = await table.until("resync")
            assert resync["lesson"]["active"] is False and resync["lesson"]["texts"] == []
            await table.move(other)  # off the script, now accepted
            assert (await table.until("ack", "error"))["type"] == "ack"
        async with Table(server.ws, kept["id"], token=person_token(kept)) as table:
            expected: int = (await follow(table, 1))["expected"]
            return expected

    expected = asyncio.run(before())
    server.stop()
    server.start()

    async def after() -> None:
        async with Table(server.ws, kept["id"], token=person_token(kept)) as table:
            lesson = await until_expected(table)  # the lesson goes on where it was
            assert lesson["expected"] == expected and table.seq == script().index("place toolmaker 1")
        async with Table(server.ws, left["id"], token=person_token(left)) as table:
            hello = await table.until("hello")
            assert hello["lesson"]["active"] is False
            await table.send({"type": "leave_lesson"})
            assert (await table.until("error"))["code"] == "no_lesson"

    asyncio.run(after())
    listed = httpx.get(f"{server.http}/api/games/{left['id']}").json()
    assert listed["settings"]["lesson"] == "left"


def test_games_with_a_lesson_are_offered_one_and_others_refused(server: ServerProcess) -> None:
    types = {game["name"]: game["lesson"] for game in httpx.get(f"{server.http}/api/game-types").json()}
    assert types["stone_age"] and types["first_stone_age"] and types["stone_age_junior"]
    refused = httpx.post(f"{server.http}/api/lessons", json={"game": "nope"}, timeout=30)
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_game"


def test_the_childrens_lessons_play_their_whole_script_and_then_say_farewell(server: ServerProcess) -> None:
    from stoneage.play.kit import play_kit

    for game in ("first_stone_age", "stone_age_junior"):
        lesson = play_kit(game).lesson
        assert lesson is not None
        moves = [move.action for move in lesson().moves]
        created = start_lesson(server.http, game)

        async def scenario(created: JSON, moves: list[str]) -> JSON:
            async with Table(server.ws, created["id"], token=person_token(created)) as table:
                while True:
                    latest: JSON = next((m["lesson"] for m in reversed(table.received) if "lesson" in m), {})
                    if table.my_turn() and latest.get("expected") is not None:
                        await table.move(latest["expected"])
                        await table.until("ack")
                    elif latest and table.seq >= len(moves) and (table.my_turn() or table.over()):
                        return latest
                    else:
                        await table.receive()

        said = asyncio.run(scenario(created, moves))
        assert said["active"] and said["expected"] is None and said["texts"], (game, said)
        assert said["texts"][-1] == str(_farewell(game)), (game, said["texts"])
        stored = asyncio.run(stored_game(server.db, created["id"]))
        assert stored.actions[:len(moves)] == moves, game


def _farewell(game: str) -> str:
    from stoneage.play.kit import play_kit

    lesson = play_kit(game).lesson
    assert lesson is not None
    return lesson().farewell
