"""Start ``stoneage serve`` as a real process on a free loopback port, and stop or kill it; read
what it stored, replay it through the play layer, and follow a connection message by message."""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from web.client import JSON, Table, leaf_actions

PORTS = range(10_000, 32_768)
"""Where the test servers listen: below Linux's ephemeral range, which outgoing connections use."""
BLOCK = 64
_next = itertools.count()


def free_port() -> int:
    """A TCP port nobody listens on, on 127.0.0.1, from a block of ``PORTS`` chosen by this process's
    id: parallel test processes (pytest-xdist's workers) draw from different blocks, so one is not
    handed the port another has chosen and not yet bound, nor does an outgoing connection take it."""
    start = PORTS.start + os.getpid() % (len(PORTS) // BLOCK) * BLOCK
    for _attempt in range(BLOCK):
        port = start + next(_next) % BLOCK
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {start}-{start + BLOCK - 1}")


class ServerProcess:
    """One server process: ``start()`` waits until it answers; ``kill()`` is ``kill -9``."""

    def __init__(self, db: str, *, redis: str | None = None, log: Path | None = None,
                 extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.redis = redis
        self.extra = extra
        self.log_path = log
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        """The base URL for HTTP."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The base URL for websockets."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> ServerProcess:
        """Start on a new free port and wait for ``/api/health``."""
        return self.launch().wait_ready(timeout)

    def launch(self) -> ServerProcess:
        """Start the process on a new free port, without waiting for it (``wait_ready`` does)."""
        self.port = free_port()
        command = [sys.executable, "-m", "stoneage", "serve", "--port", str(self.port), "--db", self.db,
                   "--pace", "0", *self.extra]
        if self.redis:
            command += ["--redis", self.redis]
        if self.log_path is None:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        else:
            with open(self.log_path, "ab") as output:
                self.process = subprocess.Popen(command, stdout=output, stderr=output)
        return self

    def wait_ready(self, timeout: float = 60) -> ServerProcess:
        """Wait until the launched process answers ``/api/health``."""
        assert self.process is not None, "launch() first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode} (log: {self.log_path})")
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s (log: {self.log_path})")

    @classmethod
    def start_all(cls, *servers: ServerProcess, timeout: float = 60) -> None:
        """Start several processes at once (their start-ups overlap) and wait for each."""
        try:
            for server in servers:
                server.launch()
            for server in servers:
                server.wait_ready(timeout)
        except BaseException:
            for server in servers:
                server.stop()
            raise

    def alive(self) -> bool:
        """Whether the process is still running."""
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """``kill -9``: no shutdown, no flushing, nothing."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop it as Ctrl-C would, killing it if it does not stop within 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()


# --- what the server stored -----------------------------------------------------------------------


@dataclass(frozen=True)
class Stored:
    """A game as its database holds it: the header's fields the tests need and the action log."""

    game: str
    players: int
    seed: int
    options: JSON
    status: str
    moves: int
    result: JSON | None
    actions: list[str]


async def stored_game(db: str, game_id: str) -> Stored:
    """Read one game straight from the database a server runs on (``--db`` as given to it)."""
    from sqlalchemy import select
    from sqlalchemy.ext.asyncio import create_async_engine

    from stoneage.web.config import async_url
    from stoneage.web.schema import games, moves

    engine = create_async_engine(async_url(db))
    try:
        async with engine.connect() as connection:
            header = (await connection.execute(select(games).where(games.c.id == game_id))).mappings().one()
            log = (await connection.execute(select(moves.c.seq, moves.c.action).where(moves.c.game_id == game_id)
                                            .order_by(moves.c.seq))).all()
    finally:
        await engine.dispose()
    assert [row.seq for row in log] == list(range(len(log))), f"the log of {game_id} has gaps"
    # Read after the header, the log may hold moves stored since; a finished game's no longer grows.
    counted = header["moves"]
    assert counted <= len(log) and (header["status"] != "finished" or counted == len(log)), (
        f"the header of {game_id} counts {counted} moves, its log {len(log)}")
    return Stored(header["game"], header["players"], header["seed"], header["options"], header["status"],
                  header["moves"], header["result"], [row.action for row in log])


def replayed_view(stored: Stored, actions: Iterable[str], viewer: int, names: list[str]) -> JSON:
    """The view ``viewer`` should get after ``actions``, computed on the play layer alone: the stored
    game replayed, its latest steps recounted as the server recounts them to a (re)connecting client."""
    from stoneage.core.registry import load_game
    from stoneage.play.events import apply_with_events
    from stoneage.play.view import build_view
    from stoneage.web.room import RECENT

    game = load_game(stored.game, players=stored.players, seed=stored.seed, **stored.options)
    state = game.new_initial_state()
    recent: deque[tuple[Any, int]] = deque(maxlen=RECENT)
    for text in actions:
        action = state.string_to_action(text)
        recent.append((state.clone(), action))
        state.apply_action(action)
    events = [event for before, action in recent for event in apply_with_events(before.clone(), action, viewer)]
    view: JSON = json.loads(json.dumps(build_view(game, state, viewer, names, events).to_json()))
    return view


def check_log(stored: Stored, actions: list[str], seats: dict[int, list[Tracker]]) -> None:
    """Every move of a person seat in ``actions`` is one its clients sent at that point, and every move
    a client had acknowledged is in ``actions`` where it was made."""
    from stoneage.core.registry import load_game

    game = load_game(stored.game, players=stored.players, seed=stored.seed, **stored.options)
    state = game.new_initial_state()
    for seq, text in enumerate(actions):
        mover = state.current_player()
        if mover in seats:
            offered = [state.action_to_string(t.sent[seq]) for t in seats[mover] if seq in t.sent]
            assert text in offered, f"move {seq} of seat {mover} is {text!r}, which its clients did not send {offered}"
        for tracker in (t for group in seats.values() for t in group):
            if seq + 1 in tracker.acked:
                assert state.action_to_string(tracker.sent[seq]) == text, f"acknowledged move {seq} was replaced"
        state.apply_action(state.string_to_action(text))
    for tracker in (t for group in seats.values() for t in group):
        assert all(seq <= len(actions) for seq in tracker.acked), (
            f"acknowledged moves {[a for a in tracker.acked if a > len(actions)]} are not stored "
            f"({len(actions)} are)")


# --- following a connection -----------------------------------------------------------------------


class Tracker:
    """A seat's or a spectator's connection followed message by message: the moves it sent (by the
    sequence number they were chosen at), the acks it got, and that every update comes in order."""

    def __init__(self, table: Table, rng: random.Random | None = None) -> None:
        self.table = table
        self.rng = rng
        self.sent: dict[int, int] = {}
        """Moves sent: sequence number → action (kept across reconnections)."""
        self.acked: list[int] = []
        """The ``seq`` of every ``ack`` received."""
        self.updates = 0
        self.hello: JSON | None = None

    async def connect(self, table: Table | None = None) -> JSON:
        """Open the connection (a new one after a restart) and read its ``hello``."""
        self.table = table or self.table
        await self.table.__aenter__()
        hello = await self.table.receive()
        assert hello["type"] == "hello", hello
        self.hello = hello
        # A move sent at or after the game's move now was never stored (a killed server): forget it.
        for seq in [seq for seq in self.sent if seq >= hello["seq"]]:
            del self.sent[seq]
        return hello

    async def close(self) -> None:
        """Close the connection."""
        await self.table.__aexit__()

    @property
    def seq(self) -> int:
        """The sequence number of the latest view."""
        return self.table.seq

    def over(self) -> bool:
        """Whether the latest view shows the game over."""
        return self.table.over()

    async def next(self, timeout: float = 30) -> JSON:
        """The next message, checked: no error; an update is exactly one move on, a whole view never
        behind; an ack follows the update of a move this connection sent."""
        before = self.table.seq
        message = await self.table.receive(timeout)
        kind = message["type"]
        assert kind != "error", message
        if kind == "update":
            assert message["seq"] == before + 1, f"update {message['seq']} after {before}: a move was skipped"
            self.updates += 1
        elif "view" in message:  # the whole table again (a resync, a seat taken): never behind
            assert message["seq"] >= before, (kind, message["seq"], before)
        elif kind == "ack":
            assert message["seq"] <= self.table.seq and message["seq"] - 1 in self.sent, message
            self.acked.append(message["seq"])
        return message

    async def until(self, *kinds: str, timeout: float = 30) -> JSON:
        """Read (checked) until a message of one of ``kinds``."""
        while True:
            message = await self.next(timeout)
            if message["type"] in kinds:
                return message

    def choices(self) -> list[int]:
        """The actions of this seat's pending decision; none if it is not this seat's turn, or if it
        has already moved at the latest sequence number and awaits the answer."""
        if not self.table.my_turn() or self.table.seq in self.sent:
            return []
        return list(leaf_actions(self.table.view["decision"]["choices"]))  # type: ignore[index]

    async def move(self, action: int, seq: int | None = None) -> None:
        """Send ``action`` as the move at ``seq`` (default: the latest view's)."""
        seq = self.table.seq if seq is None else seq
        self.sent[seq] = action
        await self.table.send({"type": "move", "seq": seq, "action": action})

    async def play(self, after_move: Callable[[], None] = lambda: None) -> None:
        """Play random moves until the game is over, calling ``after_move`` right after each is sent."""
        assert self.rng is not None
        while not self.over():
            choices = self.choices()
            if choices:
                await self.move(self.rng.choice(choices))
                after_move()
            await self.next()

    async def watch(self) -> None:
        """Read until the game is over."""
        while not self.over():
            await self.next()
