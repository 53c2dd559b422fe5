"""Remote bots: a seat played over ``/api/games/{id}/bot`` in the ``stoneage-bot/1`` protocol, against a
real server process: whole games, refusals, incidents (the stand-in decides), the hello timeout, an
absent bot on a clock, and ``stoneage bot connect`` relaying a local program."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from stoneage.core.record import replay
from stoneage.core.registry import load_game

from web.client import JSON, Table, create_game, error_of
from web.server import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
GAME = "first_stone_age"


def remote_game(server: ServerProcess, **body: Any) -> tuple[str, str]:
    """A game of a remote bot seat (``Remy``) against the server's ``child`` bot: its id and the bot token."""
    created = create_game(server.http, GAME, [{"kind": "remote", "name": "Remy"}, {"kind": "bot", "bot": "child"}],
                          **body)
    seat = created["seats"][0]
    assert seat["kind"] == "remote" and seat["name"] == "Remy" and seat["taken"], seat
    assert seat["connect"] == f"/api/games/{created['id']}/bot?token={seat['token']}" and "invite" not in seat
    assert created["status"] == "running"
    return created["id"], seat["token"]


class RemoteBot:
    """A bot on the other side of the websocket, written here: random legal actions, or what a test says."""

    def __init__(self, server: ServerProcess, game_id: str, token: str) -> None:
        self.url = f"{server.ws}/api/games/{game_id}/bot?token={token}"
        self.socket: Any = None
        self.received: list[JSON] = []

    async def __aenter__(self) -> RemoteBot:
        self.socket = await websockets.connect(self.url)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.socket.close()

    async def receive(self, timeout: float = 30) -> JSON:
        message: JSON = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        self.received.append(message)
        return message

    async def send(self, message: JSON | str) -> None:
        await self.socket.send(message if isinstance(message, str) else json.dumps(message))

    async def handshake(self) -> JSON:
        """Answer the server's hello; the ``new_game`` that follows."""
        hello = await self.receive()
        assert hello["type"] == "hello" and hello["protocol"] == "stoneage-bot/1", hello
        await self.send({"type": "hello", "protocol": "stoneage-bot/1", "name": "test-bot", "version": "1",
                         "games": [GAME]})
        new_game = await self.receive()
        assert new_game["type"] == "new_game" and new_game["game"] == GAME and new_game["seat"] == 0, new_game
        assert "seed" not in new_game["params"]
        return new_game

    async def play(self, rng: random.Random, answers: dict[int, str | None] | None = None) -> JSON:
        """Answer every request with a random legal action (by number or notation), except the requests
        numbered in ``answers`` (counting from 0): the text given is sent instead, or nothing for
        ``None``; returns ``game_over``."""
        answers = answers or {}
        asked = 0
        while True:
            message = await self.receive()
            if message["type"] == "game_over":
                assert (await self.receive())["type"] == "quit"
                return message
            if message["type"] != "request":
                continue
            assert message["seat"] == 0 and message["game"] == GAME and message["budget_ms"] > 0
            if asked in answers:
                if answers[asked] is not None:
                    await self.send(str(answers[asked]).replace("ID", str(message["id"])))
            else:
                choice = rng.randrange(len(message["legal_actions"]))
                action = message["legal_actions"][choice] if choice % 2 else message["legal_notation"][choice]
                await self.send({"type": "action", "id": message["id"], "action": action})
            asked += 1


def record_of(server: ServerProcess, game_id: str) -> JSON:
    answer = httpx.get(f"{server.http}/api/games/{game_id}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    record: JSON = answer.json()
    return record


def test_a_remote_bot_plays_a_whole_game_seeing_only_its_own_seat(server: ServerProcess) -> None:
    game_id, token = remote_game(server)

    async def scenario() -> tuple[RemoteBot, JSON]:
        async with RemoteBot(server, game_id, token) as bot:
            await bot.handshake()
            await bot.send({"type": "chat", "text": "unknown messages are ignored"})
            return bot, await bot.play(random.Random(1))

    bot, over = asyncio.run(scenario())
    record = record_of(server, game_id)
    _, state = replay(record)
    assert state.is_terminal() and over["scores"] == list(state.scores())
    assert record["seats"] == ["remote", "child"] and record["names"][0] == "Remy"
    # Every request is the seat's own observation of the game as stored, and every move of seat 0 in
    # the log is the answer the bot gave to the request at that move.
    requests = {m["move"]: m for m in bot.received if m["type"] == "request"}
    game = load_game(GAME, players=2, seed=0, **record["options"])
    replayed = game.new_initial_state()
    for number, text in enumerate(record["actions"]):
        if replayed.current_player() == 0:
            request = requests[number]
            assert request["observation"] == json.loads(json.dumps(replayed.observation(0)))
            assert request["legal_notation"] == [replayed.action_to_string(a) for a in replayed.legal_actions()]
            assert text in request["legal_notation"]
        replayed.apply_action(replayed.string_to_action(text))
    assert len(requests) == sum(1 for m in bot.received if m["type"] == "request") > 3


def test_bad_tokens_and_bad_seats_are_refused(server: ServerProcess) -> None:
    created = create_game(server.http, GAME, [{"kind": "remote"}, {"kind": "person"}])
    remote, person = (seat["token"] for seat in created["seats"])
    assert created["status"] == "open" and created["seats"][0]["name"] == "Remote 1"

    async def refused(url: str) -> tuple[JSON, int | None]:
        async with websockets.connect(url) as socket:
            error = json.loads(await asyncio.wait_for(socket.recv(), 10))
            try:
                await asyncio.wait_for(socket.recv(), 10)
            except websockets.ConnectionClosed as closed:
                return error, closed.rcvd.code if closed.rcvd else None
        raise AssertionError("not closed")

    base = f"{server.ws}/api/games/{created['id']}"
    for url in (f"{base}/bot?token=wrong", f"{base}/bot?token={person}", f"{base}/bot",
                f"{base}/ws?token={remote}"):
        error, code = asyncio.run(refused(url))
        assert (error["type"], error["code"], code) == ("error", "bad_token", 1008), (url, error, code)
    error, code = asyncio.run(refused(f"{server.ws}/api/games/nosuchgame/bot?token={remote}"))
    assert (error["code"], code) == ("not_found", 1008)
    named = httpx.post(f"{server.http}/api/games", json={"game": GAME, "seats": [{"kind": "person", "name": "x"},
                                                                                {"kind": "remote"}]})
    assert error_of(named, 422)["code"] == "bad_request"
    slow = httpx.post(f"{server.http}/api/games", json={"game": GAME, "seats": [{"kind": "remote"}] * 2,
                                                       "bot_budget": 10000})
    assert error_of(slow, 400)["code"] == "bad_budget"


def test_illegal_garbage_and_late_answers_are_incidents_the_stand_in_decides(server: ServerProcess) -> None:
    game_id, token = remote_game(server, bot_budget=1)
    answers: dict[int, str | None] = {0: '{"type": "action", "id": ID, "action": 999999}',
                                      1: "this is not JSON", 2: None}

    async def scenario() -> tuple[RemoteBot, Table]:
        async with RemoteBot(server, game_id, token) as bot, Table(server.ws, game_id) as watcher:
            await watcher.until("hello")
            await bot.handshake()
            await bot.play(random.Random(2), answers)
            await watcher.drain()
            return bot, watcher

    bot, watcher = asyncio.run(scenario())
    incidents = [m["incident"] for m in watcher.of_type("notice") if "incident" in m]
    assert [i["kind"] for i in incidents] == ["illegal", "garbage", "timeout"], incidents
    assert all(i["seat"] == 0 and i["fallback"] and i["bot"] == "test-bot" for i in incidents)
    assert "Remy" in watcher.of_type("notice")[0]["text"]
    assert [m["kind"] for m in bot.received if m["type"] == "incident"] == ["illegal", "garbage", "timeout"]
    record = record_of(server, game_id)
    assert replay(record)[1].is_terminal()
    # the stand-in decided each failed decision: the game went on at once
    assert [i["move"] for i in incidents] == sorted({i["move"] for i in incidents})


def test_a_bot_that_never_says_hello_is_closed(server: ServerProcess) -> None:
    game_id, token = remote_game(server, bot_budget=1)

    async def scenario() -> tuple[JSON, int | None, float]:
        async with RemoteBot(server, game_id, token) as bot:
            assert (await bot.receive())["type"] == "hello"
            start = time.monotonic()
            error = await bot.receive(10)
            try:
                await bot.receive(10)
            except websockets.ConnectionClosed as closed:
                return error, closed.rcvd.code if closed.rcvd else None, time.monotonic() - start
        raise AssertionError("not closed")

    error, code, waited = asyncio.run(scenario())
    assert (error["type"], error["code"], code) == ("error", "no_hello", 1008)
    assert waited < 5


def test_an_absent_remote_bot_on_a_clock_is_stood_in_for(server: ServerProcess) -> None:
    game_id, _token = remote_game(server, clock=1)

    async def scenario() -> Table:
        async with Table(server.ws, game_id) as watcher:
            await watcher.until("hello")
            while not watcher.over():
                await watcher.receive()
            return watcher

    watcher = asyncio.run(scenario())
    notices = watcher.of_type("notice")
    assert notices and notices[0]["away"] == [0] and "Remy is away" in notices[0]["text"]
    assert replay(record_of(server, game_id))[1].is_terminal()


def test_stoneage_bot_connect_relays_a_local_program(server: ServerProcess) -> None:
    game_id, token = remote_game(server)
    program = ROOT / "examples" / "bots" / "stdlib_bot.py"
    done = subprocess.run(
        [sys.executable, "-m", "stoneage", "bot", "connect", f"{server.ws}/api/games/{game_id}/bot", "--token", token,
         "--", sys.executable, str(program)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    record = record_of(server, game_id)
    assert replay(record)[1].is_terminal() and record["seats"][0] == "remote"
    refused = subprocess.run(
        [sys.executable, "-m", "stoneage", "bot", "connect", f"{server.ws}/api/games/{game_id}/bot", "--token", "bad",
         "--", sys.executable, str(program)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert refused.returncode != 0 and "bad_token" in refused.stderr and "Traceback" not in refused.stderr


def test_stoneage_bot_connect_says_what_is_wrong_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from stoneage.cli import main
    from stoneage.web.bridge import BridgeError, bot_url

    assert bot_url("http://h:1/api/games/g/bot", "t") == "ws://h:1/api/games/g/bot?token=t"
    assert bot_url("wss://h/api/games/g/bot?token=old", "new") == "wss://h/api/games/g/bot?token=new"
    for url, token in (("ftp://h/x", "t"), ("ws://h/api/games/g/bot", None)):
        with pytest.raises(BridgeError):
            bot_url(url, token)
    cases = [(["ws://h/api/games/g/bot", "--token", "t"], "give the program after --"),
             (["ws://h/api/games/g/bot", "--", "prog"], "token is missing"),
             (["ws://h/api/games/g/bot", "--tokn", "t", "--", "prog"], "--tokn"),
             (["ws://127.0.0.1:1/api/games/g/bot", "--token", "t", "--", "prog"], "cannot connect")]
    for argv, said in cases:
        assert main(["bot", "connect", *argv]) == 2
        assert said in capsys.readouterr().err
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "websockets" else real(name, *a))
    assert main(["bot", "connect", "ws://h/api/games/g/bot", "--token", "t", "--", "prog"]) == 2
    assert "web extra" in capsys.readouterr().err
