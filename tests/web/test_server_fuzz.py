"""Issue 12, hostile input: over ten thousand hostile messages and requests against a running server.

A server process of its own (with a log file) holds several games of every game, some played
part-way, one finished, one still open, one played out by bots. Every game is snapshotted (its
lobby page with the public view, a finished game's record, and the server's SQLite tables), then,
from seeded generators:

phase 1, malformed input: over websockets, as seats with valid tokens and as spectators, malformed
    JSON, binary frames, unknown types, wrong types, missing and extra fields, random unicode,
    messages over the 16 KiB limit, frames over 1 MiB, text that is not UTF-8, floods past the rate
    limit and past the strike limit; connections with bad, foreign and malformed tokens, keys, seats
    and game ids; over HTTP, malformed bodies to every POST route, wrong content types, bodies over
    64 KiB (declared and chunked), bad query parameters, replay steps and viewers out of range,
    unknown routes and methods, path traversal and very long ids, bogus personal keys;
phase 2, illegal and stale moves (well-formed, never legal): moves out of turn, illegal action
    ids, stale sequence numbers, moves on a finished game, moves and hints from spectators, hints
    off turn.

Each websocket message must get exactly one answer, to that client: an ``error`` with the code
its fault calls for (a stale move gets the documented ``resync``; any message may be refused for
the rate), or the documented close (1009 for a frame over 1 MiB, 1007 for text that is not UTF-8,
1008 for repeated rate abuse); a flooded connection is kept. A refused connection gets an
``error`` then close 1008 (or, for a path that is no websocket route, the handshake refused with
403). Every HTTP answer is a 4xx JSON ``{"error": {"code", "message"}}`` (a trailing slash is
redirected first). Clients watching every game (a seat and a spectator each) receive nothing
meanwhile. After each phase no game has changed; at the end the process is alive, still serves
(health, the API schema, a new game played), and its log holds no traceback and no error.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from stoneage.core.registry import load_game
from stoneage.web.config import Limits

from web.client import Table, create_game, leaf_actions, person_seats
from web.server import ServerProcess

SEED = 12
MINIMUM_INPUTS = 10_000
LIMITS = Limits()
TIMEOUT = 60.0
MALFORMED = frozenset({"bad_json", "bad_message", "unknown_type"})
STALE = "resync"
"""Not an error code: a stale move is answered with the whole view again (type ``resync``)."""
HANDSHAKE = "handshake 403"
"""Not an error code: the websocket handshake refused with HTTP 403 (the path is no websocket route)."""
TERMINAL = -4

JSON = dict[str, Any]
Payload = str | bytes


@dataclass(frozen=True)
class Hostile:
    """One hostile websocket message and the answers it may get (error codes, or ``STALE``)."""

    payload: Payload
    answers: frozenset[str]


@dataclass
class Fixture:
    """A game of the fuzz: its id, its seat tokens, and which seats were taken."""

    id: str
    game: str
    tokens: dict[int, str]
    claimed: set[int] = field(default_factory=set)

    @property
    def is_open(self) -> bool:
        """Whether some person seat is still free (its token must never be used on this game)."""
        return set(self.tokens) != self.claimed


@dataclass
class Tally:
    """What was sent and what came back."""

    inputs: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 40:
            self.problems.append(text)


# --- a server of its own ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``stoneage serve`` on a fresh SQLite file, logging to a file the test reads."""
    folder: Path = tmp_path_factory.mktemp("fuzz")
    process = ServerProcess(str(folder / "games.sqlite3"), log=folder / "server.log").start()
    yield process
    process.stop()


# --- setting the games up ---------------------------------------------------------------------------


async def play(server: ServerProcess, fixture: Fixture, moves: int, rng: random.Random) -> None:
    """Take every seat in ``fixture.claimed`` and play ``moves`` random legal moves (fewer if it ends)."""
    tables = [Table(server.ws, fixture.id, token=fixture.tokens[seat]) for seat in sorted(fixture.claimed)]
    for table in tables:
        await table.__aenter__()
    try:
        for table in tables:
            await table.until("hello")
        made = 0
        while made < moves:
            for table in tables:
                await table.send({"type": "sync"})
                await table.until("resync")
            if tables[0].over():
                return
            mover = next((table for table in tables if table.my_turn()), None)
            if mover is None:  # chance or a bot is moving
                await asyncio.sleep(0.02)
                continue
            choices = sorted(leaf_actions(mover.view["decision"]["choices"]))  # type: ignore[index]
            await mover.send({"type": "move", "seq": mover.seq, "action": rng.choice(choices)})
            answer = await mover.until("ack", "error", "resync")
            assert answer["type"] == "ack", answer
            made += 1
    finally:
        for table in tables:
            await table.__aexit__()


def settle(server: ServerProcess, game_id: str) -> None:
    """Wait until nothing moves in the game by itself: over, or a person to decide."""
    deadline = time.monotonic() + 60
    last = None
    while time.monotonic() < deadline:
        page = httpx.get(f"{server.http}/api/games/{game_id}", timeout=TIMEOUT).json()
        to_move = page["view"]["to_move"]
        still = to_move == TERMINAL or (to_move >= 0 and page["seats"][to_move]["kind"] == "person")
        if still and last == page["moves"]:
            return
        last = page["moves"] if still else None
        time.sleep(0.1)
    raise AssertionError(f"game {game_id} did not settle")


async def look_once(server: ServerProcess, fixtures: list[Fixture]) -> None:
    """Connect to each game as a spectator, and go."""
    for fixture in fixtures:
        async with connect(f"{server.ws}/api/games/{fixture.id}/ws") as socket:
            await asyncio.wait_for(socket.recv(), TIMEOUT)


def set_up(server: ServerProcess, rng: random.Random) -> tuple[list[Fixture], str]:
    """The games of the fuzz, settled, and a personal key (of a player holding no seat)."""
    plans: list[tuple[str, list[JSON], dict[str, Any], int | None, int]] = [
        # game, seats, create options, person moves to play (None: to the end), seats to take
        ("stone_age", [*person_seats(2), {"kind": "bot", "bot": "random"}], {}, 6, 2),
        ("stone_age", person_seats(2), {"expansions": ["mammoth"]}, 0, 2),
        ("first_stone_age", [*person_seats(2), {"kind": "bot", "bot": "child"}], {}, 6, 2),
        ("stone_age_junior", person_seats(2), {"expansions": ["cards"]}, 6, 2),
        ("stone_age_junior", [*person_seats(1), {"kind": "bot", "bot": "junior_child"}], {}, None, 1),
        ("first_stone_age", person_seats(3), {}, 0, 1),
        ("first_stone_age", [{"kind": "bot", "bot": "random"}] * 2, {}, 0, 0),
    ]
    fixtures = []
    for game, seats, options, moves, taken in plans:
        created = create_game(server.http, game, seats, **options)
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if "token" in seat}
        fixture = Fixture(created["id"], game, tokens, set(sorted(tokens)[:taken]))
        asyncio.run(play(server, fixture, 10**6 if moves is None else moves, rng))
        fixtures.append(fixture)
    for fixture in fixtures:
        settle(server, fixture.id)
    # A finished game's room, once nobody watches, is dropped and reloaded from the database, whose
    # header is newer (its updated_at) than the one a room played live keeps: drop them now.
    asyncio.run(look_once(server, fixtures))
    answer = httpx.post(f"{server.http}/api/players", json={"name": "Fuzz"}, timeout=TIMEOUT)
    assert answer.status_code == 201, answer.text
    return fixtures, answer.json()["key"]


# --- snapshots --------------------------------------------------------------------------------------


def snapshot(server: ServerProcess, fixtures: list[Fixture]) -> JSON:
    """Every game as the lobby shows it (with its record once over) and the server's tables."""
    pages: JSON = {}
    for fixture in fixtures:
        page = httpx.get(f"{server.http}/api/games/{fixture.id}", timeout=TIMEOUT).json()
        record = httpx.get(f"{server.http}/api/games/{fixture.id}/record", timeout=TIMEOUT)
        pages[fixture.id] = {"page": page, "record": record.json() if record.status_code == 200 else None}
    orders = {"games": "id", "seats": "game_id, seat", "moves": "game_id, seq", "players": "id"}
    ids = {fixture.id for fixture in fixtures}
    with contextlib.closing(sqlite3.connect(f"file:{server.db}?mode=ro", uri=True)) as db:
        tables = {name: [row for row in db.execute(f"SELECT * FROM {name} ORDER BY {order}")
                         if name == "players" or row[0] in ids]  # the games of the fuzz (ids come first)
                  for name, order in orders.items()}
    return {"pages": pages, "tables": tables}


def differences(was: Any, now: Any, path: str = "") -> Iterator[str]:
    """Where two JSON values differ (paths, with both values shortened)."""
    if isinstance(was, dict) and isinstance(now, dict):
        for name in sorted(set(was) | set(now), key=str):
            yield from differences(was.get(name, "<absent>"), now.get(name, "<absent>"), f"{path}.{name}")
    elif isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        for index, (one, other) in enumerate(zip(was, now, strict=True)):
            yield from differences(one, other, f"{path}[{index}]")
    elif was != now:
        yield f"{path}: {str(was)[:150]} -> {str(now)[:150]}"


def assert_unchanged(before: JSON, after: JSON, phase: str) -> None:
    for game_id, was in before["pages"].items():
        now = after["pages"][game_id]
        assert now["page"]["moves"] == was["page"]["moves"], f"{phase}: game {game_id} moved"
        assert now == was, f"{phase}: game {game_id} changed: " + "; ".join(list(differences(was, now))[:10])
    for name, rows in before["tables"].items():
        assert after["tables"][name] == rows, f"{phase}: the {name} table changed"


@dataclass(frozen=True)
class Position:
    """A game as the engine has it, rebuilt from the server's database: whose turn, what is legal."""

    seq: int
    mover: int
    legal: frozenset[int]
    over: bool


def position(server: ServerProcess, game_id: str) -> Position:
    with contextlib.closing(sqlite3.connect(f"file:{server.db}?mode=ro", uri=True)) as db:
        name, players, seed, options = db.execute(
            "SELECT game, players, seed, options FROM games WHERE id = ?", (game_id,)).fetchone()
        actions = [row[0] for row in db.execute("SELECT action FROM moves WHERE game_id = ? ORDER BY seq",
                                                (game_id,))]
    state = load_game(name, players=players, seed=seed, **json.loads(options)).new_initial_state()
    for text in actions:
        state.apply_action(state.string_to_action(text))
    over = state.is_terminal()
    return Position(state.move_number(), state.current_player(),
                    frozenset() if over else frozenset(state.legal_actions()), over)


# --- hostile websocket messages ---------------------------------------------------------------------


def unicode_text(rng: random.Random, length: int) -> str:
    """Random text: controls, ASCII, accents, CJK, emoji, private use and the odd code point (no surrogates)."""
    ranges = [(0, 0x1F), (0x20, 0x7E), (0x80, 0x24F), (0x590, 0x6FF), (0x200B, 0x202E), (0x4E00, 0x9FFF),
              (0xE000, 0xF8FF), (0xFFF0, 0xFFFF), (0x1F300, 0x1FAFF), (0x10000, 0x10FFFF)]
    chars = []
    for _ in range(length):
        low, high = rng.choice(ranges)
        chars.append(chr(rng.randint(low, high)))
    return "".join(chars)


def wrong_value(rng: random.Random) -> Any:
    """A value no integer field in 0..10**9 takes (strict: no strings, floats, bools)."""
    options: list[Callable[[], Any]] = [
        lambda: str(rng.randint(0, 99)), lambda: rng.random() * 100, lambda: float(rng.randint(0, 9)),
        lambda: rng.choice([True, False]), lambda: None, lambda: [], lambda: [rng.randint(0, 9)],
        lambda: {}, lambda: {"a": rng.randint(0, 9)}, lambda: -rng.randint(1, 10**6),
        lambda: 10**9 + rng.randint(1, 10**6), lambda: rng.choice([2**63, 2**64 + 1, -(2**63), 10**30, 10**200]),
        lambda: unicode_text(rng, rng.randint(0, 12)), lambda: nested(rng, rng.randint(2, 40)),
        lambda: {"type": "move", "seq": 0, "action": 0}, lambda: [None, True, 1.5, "x", {}],
    ]
    return rng.choice(options)()


def nested(rng: random.Random, depth: int) -> Any:
    value: Any = rng.randint(0, 9)
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def dump(message: Any, rng: random.Random) -> str:
    return json.dumps(message, ensure_ascii=rng.random() < 0.5)


BROKEN_JSON = [
    "", " ", "\n", "{", "}", "[", "{'type': 'ping'}", '{type: "ping"}', '{"type": "ping",}', '{"type":"ping"}}',
    "ping", "undefined", "\x00", '\ufeff{"type":"ping"}', '/* hi */{"type":"ping"}', '{"type":"ping"}\n{"type":"ping"}',
    "[" * 300, '{"a":' * 300, '{"type":"move","seq":1' + "0" * 5000 + ',"action":0}', '{"type":"pi\\ud800ng"}',
    '{"type":"move","seq":0,"action":0', "{\"type\":\"ping\"", '"unterminated', "tru", "nul", "0x10", "01",
    '{"type":"ping" "x":1}', "{\"type\":'ping'}", '{"type":"\\x41"}', '{"type":"sync"}' + "\x00",
]
UNKNOWN_TYPES: list[Any] = [
    "pong", "hello", "error", "update", "ack", "resync", "notice", "seats", "MOVE", "Move", " move", "move ",
    "", "moves", "mоve", "move\u0000", "sync\n", "pıng", "chat", "join", "admin", "__proto__", 0, 1, -1, 1.5, None,
    True, False, [], ["move"], {}, {"type": "move"},
]
MESSAGE_FIELDS = {"move": ("seq", "action"), "sync": (), "ping": (), "hint": ()}


def malformed(rng: random.Random) -> Hostile:
    """A message no well-behaved client sends, valid for any connection: never a command the server runs."""
    kind = rng.randrange(12)
    if kind == 0:  # a valid message cut short
        whole = dump({"type": "move", "seq": rng.randint(0, 500), "action": rng.randint(0, 500)}, rng)
        return Hostile(whole[: rng.randrange(len(whole))], frozenset({"bad_json"}))
    if kind == 1:
        return Hostile(rng.choice(BROKEN_JSON), frozenset({"bad_json"}))
    if kind == 2:  # garbage after a valid message
        tail = unicode_text(rng, rng.randint(1, 20)).lstrip(" \t\r\n") or "x"
        return Hostile(dump({"type": rng.choice(["ping", "sync"])}, rng) + tail, frozenset({"bad_json"}))
    if kind == 3:  # a binary frame
        raw = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
        if rng.random() < 0.5:
            raw = b"\xff" + raw
        return Hostile(raw, MALFORMED)
    if kind == 4:  # a type nobody knows, or none
        message = {"type": rng.choice(UNKNOWN_TYPES)} if rng.random() < 0.8 else {}
        if rng.random() < 0.5:
            message.update(seq=rng.randint(0, 100), action=rng.randint(0, 100))
        if rng.random() < 0.2:
            message["type"] = unicode_text(rng, rng.randint(1, 10))
        text = dump(message, rng)
        return Hostile(text.encode() if rng.random() < 0.2 else text, frozenset({"unknown_type"}))
    if kind == 5:  # a field of the wrong type
        message = {"type": "move", "seq": rng.randint(0, 10**9), "action": rng.randint(0, 10**9)}
        for name in rng.sample(["seq", "action"], rng.randint(1, 2)):
            message[name] = wrong_value(rng)
        if rng.random() < 0.3:
            message = dict(reversed(list(message.items())))
        return Hostile(dump(message, rng), frozenset({"bad_message"}))
    if kind == 6:  # a field missing
        message = {"type": "move", "seq": rng.randint(0, 1000), "action": rng.randint(0, 1000)}
        for name in rng.sample(["seq", "action"], rng.randint(1, 2)):
            del message[name]
        return Hostile(dump(message, rng), frozenset({"bad_message"}))
    if kind == 7:  # a field too many
        kind_of = rng.choice(list(MESSAGE_FIELDS))
        message = {"type": kind_of, **{name: rng.randint(0, 10**9) for name in MESSAGE_FIELDS[kind_of]}}
        extra = rng.choice(["x", "seat", "token", "viewer", "Seq", "__class__", "", unicode_text(rng, 5)])
        message[extra if extra not in message else "x"] = wrong_value(rng) if rng.random() < 0.7 else 1
        return Hostile(dump(message, rng), frozenset({"bad_message"}))
    if kind == 8:  # valid JSON, not an object
        value = rng.choice([1, -1, 1.5, "move", None, True, False, [], [{"type": "ping"}], unicode_text(rng, 8)])
        return Hostile(json.dumps(value), frozenset({"unknown_type"}))
    if kind == 9:  # random unicode
        return Hostile(unicode_text(rng, rng.randint(1, 200)), MALFORMED)
    if kind == 10:  # a literal JSON does not have
        literal = rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-0.0"])
        return Hostile(f'{{"type":"move","seq":{literal},"action":0}}', frozenset({"bad_message"}))
    # over the message limit (though a ping inside)
    size = rng.randint(LIMITS.max_message_bytes + 1, 3 * LIMITS.max_message_bytes)
    padded = dump({"type": "ping", "pad": "x" * size}, rng) if rng.random() < 0.5 else '{"type":"ping"}' + " " * size
    return Hostile(padded.encode() if rng.random() < 0.3 else padded, frozenset({"too_large"}))


def spectator_move(rng: random.Random) -> Hostile:
    """A well-formed move from a spectator (or a hint asked for)."""
    if rng.random() < 0.1:
        return Hostile(json.dumps({"type": "hint"}), frozenset({"no_hint"}))
    message = {"type": "move", "seq": rng.randint(0, 10**9) if rng.random() < 0.3 else rng.randint(0, 300),
               "action": rng.randint(0, 10**9) if rng.random() < 0.3 else rng.randint(0, 300)}
    return Hostile(json.dumps(message), frozenset({"spectator"}))


def seat_move(rng: random.Random, where: Position, seat: int) -> Hostile:
    """A well-formed move from ``seat`` that is never legal: stale, out of turn, illegal, or after the end;
    or a hint asked for off turn."""
    if where.mover != seat and rng.random() < 0.1:
        return Hostile(json.dumps({"type": "hint"}), frozenset({"no_hint"}))
    if rng.random() < 0.1:
        stale = where.seq - 1 if where.seq and rng.random() < 0.5 else rng.choice(
            [n for n in (where.seq + 1, where.seq + 2, rng.randint(0, 10**9), 0) if n != where.seq])
        return Hostile(json.dumps({"type": "move", "seq": stale, "action": rng.randint(0, 200)}),
                       frozenset({STALE}))
    if where.over:
        return Hostile(json.dumps({"type": "move", "seq": where.seq, "action": rng.randint(0, 10**9)}),
                       frozenset({"game_over"}))
    if where.mover != seat:
        return Hostile(json.dumps({"type": "move", "seq": where.seq, "action": rng.randint(0, 300)}),
                       frozenset({"not_your_turn"}))
    while True:
        action = rng.randint(0, max(where.legal) + 40) if rng.random() < 0.8 else rng.randint(0, 10**9)
        if action not in where.legal:
            return Hostile(json.dumps({"type": "move", "seq": where.seq, "action": action}),
                           frozenset({"illegal_move"}))


# --- websocket conversations ------------------------------------------------------------------------


class Pacer:
    """A token bucket kept by the client, well inside the server's (100 a second, burst 200)."""

    def __init__(self, rate: float = 30.0, burst: int = 60) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    async def take(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


def connect(url: str) -> Any:
    return websockets.connect(url, max_size=2**22, max_queue=None, open_timeout=TIMEOUT, close_timeout=5)


def judge(answer: JSON, hostile: Hostile, tally: Tally, where: str) -> None:
    kind = answer.get("type")
    if kind == "error" and isinstance(answer.get("code"), str) and isinstance(answer.get("message"), str):
        tally.answers[answer["code"]] += 1
        if answer["code"] not in hostile.answers:
            tally.problem(f"{where}: {hostile.payload[:80]!r} got {answer}, expected {sorted(hostile.answers)}")
    elif kind == "resync" and STALE in hostile.answers and str(answer.get("reason", "")).startswith("stale"):
        tally.answers[STALE] += 1
    else:
        tally.problem(f"{where}: {hostile.payload[:80]!r} got a {kind!r} message: {str(answer)[:200]}")


async def exchange(url: str, messages: list[Hostile], tally: Tally, group: str, *,
                   paced: bool) -> tuple[list[JSON], float]:
    """Send ``messages`` (paced within the rate limit, or all at once), wait for an answer to each,
    then ping until a pong comes (a ping may find the bucket empty); the answers, in order, and how
    long they took. The connection must stay open throughout."""
    async with connect(url) as socket:
        hello = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
        assert hello["type"] == "hello", hello
        answers: list[JSON] = []

        async def read() -> None:
            with contextlib.suppress(ConnectionClosed):
                async for raw in socket:
                    answer = json.loads(raw)
                    if answer.get("type") == "pong":
                        return
                    answers.append(answer)

        reader = asyncio.create_task(read())
        pacer = Pacer()
        began = time.monotonic()
        for hostile in messages:
            if paced:
                await pacer.take()
            await socket.send(hostile.payload)
            tally.inputs[group] += 1
        deadline = time.monotonic() + TIMEOUT
        while len(answers) < len(messages) and not reader.done() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        took = time.monotonic() - began
        while not reader.done() and time.monotonic() < deadline:
            await socket.send('{"type":"ping"}')
            await asyncio.wait([reader], timeout=0.5)
        await asyncio.wait_for(reader, TIMEOUT)
        closed = socket.close_code
    pings = answers[len(messages):]
    del answers[len(messages):]
    if closed is not None or len(answers) != len(messages):
        tally.problem(f"{group}: {len(messages)} messages, {len(answers)} answers, closed with {closed}")
    if any(answer.get("code") != "rate_limited" for answer in pings):
        tally.problem(f"{group}: a ping got {pings}")
    return answers, took


async def converse(url: str, messages: list[Hostile], tally: Tally, group: str) -> None:
    """Send ``messages`` at a pace well within the rate limit: each must be answered, in turn, to this
    client, as it expects (or refused for the rate, should the server have read a backlog at once)."""
    answers, _ = await exchange(url, messages, tally, group, paced=True)
    for answer, hostile in zip(answers, messages, strict=False):
        judge(answer, Hostile(hostile.payload, hostile.answers | {"rate_limited"}), tally, group)


async def flood(url: str, messages: list[Hostile], tally: Tally) -> None:
    """Send ``messages`` all at once: past the burst, answers turn to ``rate_limited``; every message is
    answered and the connection is kept."""
    group = "ws flood"
    answers, took = await exchange(url, messages, tally, group, paced=False)
    for answer, hostile in zip(answers, messages, strict=False):
        judge(answer, Hostile(hostile.payload, hostile.answers | {"rate_limited"}), tally, group)
    read_ones = sum(1 for answer in answers if answer.get("code") != "rate_limited")
    if read_ones > LIMITS.burst + LIMITS.messages_per_second * took + 10:
        tally.problem(f"{group}: {read_ones} of {len(messages)} flooded messages in {took:.2f} s were not limited")


async def strikes(url: str, hostile: Hostile, tally: Tally) -> None:
    """Flood until the connection is closed: after ``strikes`` messages refused for the rate, with 1008."""
    group = "ws strikes"
    async with connect(url) as socket:
        hello = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
        assert hello["type"] == "hello", hello
        answers: list[JSON] = []

        async def read() -> None:
            with contextlib.suppress(ConnectionClosed):
                async for raw in socket:
                    answers.append(json.loads(raw))

        reader = asyncio.create_task(read())
        sent, deadline = 0, time.monotonic() + TIMEOUT
        with contextlib.suppress(ConnectionClosed):
            while not reader.done() and time.monotonic() < deadline:  # rounds, each sent at once
                for _ in range(LIMITS.burst):
                    await socket.send(hostile.payload)
                sent += LIMITS.burst
                tally.inputs[group] += LIMITS.burst
                while len(answers) < sent - LIMITS.burst // 2 and not reader.done() and time.monotonic() < deadline:
                    await asyncio.sleep(0.01)
        await asyncio.wait_for(reader, TIMEOUT)
        code = socket.close_code
    limited = sum(1 for answer in answers if answer.get("code") == "rate_limited")
    for answer in answers:
        judge(answer, Hostile(hostile.payload, hostile.answers | {"rate_limited"}), tally, group)
    if code != 1008 or limited != LIMITS.strikes - 1:
        tally.problem(f"{group}: closed with {code} after {limited} rate_limited answers")
    tally.answers["close 1008"] += 1


async def huge_frame(url: str, payload: Payload, tally: Tally) -> None:
    """A frame over 1 MiB closes the connection with 1009, before it is read."""
    async with connect(url) as socket:
        hello = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
        assert hello["type"] == "hello", hello
        tally.inputs["ws huge frame"] += 1
        with contextlib.suppress(ConnectionClosed):
            await socket.send(payload)
            while True:
                answer = await asyncio.wait_for(socket.recv(), TIMEOUT)
                tally.problem(f"huge frame: got {answer[:200]!r}")
        if socket.close_code != 1009:
            tally.problem(f"huge frame: closed with {socket.close_code}, not 1009")
        tally.answers["close 1009"] += 1


async def not_utf8(url: str, payload: bytes, tally: Tally) -> None:
    """A text message that is not UTF-8 closes the connection with 1007 (invalid payload data)."""
    async with connect(url) as socket:
        hello = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
        assert hello["type"] == "hello", hello
        tally.inputs["ws text not UTF-8"] += 1
        with contextlib.suppress(ConnectionClosed):
            await socket.send(payload, text=True)
            while True:
                answer = await asyncio.wait_for(socket.recv(), TIMEOUT)
                tally.problem(f"not UTF-8: got {answer[:200]!r}")
        if socket.close_code != 1007:
            tally.problem(f"not UTF-8: closed with {socket.close_code}, not 1007")
        tally.answers["close 1007"] += 1


async def refused(url: str, answers: frozenset[str], tally: Tally) -> None:
    """A connection the server refuses: an ``error`` with one of ``answers``, then close 1008."""
    tally.inputs["ws refused connection"] += 1
    try:
        async with connect(url) as socket:
            first = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
            with contextlib.suppress(ConnectionClosed):
                more = await asyncio.wait_for(socket.recv(), TIMEOUT)
                tally.problem(f"refused {url[:120]}: a second message {more[:200]!r}")
            code = socket.close_code
    except InvalidStatus as error:
        if HANDSHAKE not in answers or error.response.status_code != 403:
            tally.problem(f"refused {url[:120]}: handshake answered {error.response.status_code}")
        tally.answers[HANDSHAKE] += 1
        return
    if first.get("type") != "error" or first.get("code") not in answers or not first.get("message"):
        tally.problem(f"refused {url[:120]}: got {str(first)[:200]}, expected {sorted(answers)}")
    else:
        tally.answers[first["code"]] += 1
    if code != 1008:
        tally.problem(f"refused {url[:120]}: closed with {code}, not 1008")


def hostile_ids(rng: random.Random, fixtures: list[Fixture]) -> list[str]:
    """Game ids in a URL path, percent-encoded where needed: none names a game."""
    real = rng.choice(fixtures).id
    return [
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..%2F..%2F..%2Fetc%2Fshadow", "%2e%2e", "....%2F%2F", "%00", "%ff%fe",
        "a" * rng.randint(33, 4000), quote(unicode_text(rng, rng.randint(1, 30)), safe=""), "%25", "...",
        quote("' OR 1=1 --", safe=""), quote("<script>alert(1)</script>", safe=""), real + "x", real.upper()
        if real.upper() != real else real + "Y", quote("$(reboot)", safe=""), "null", "undefined", "~root",
        "%5C..%5C..%5Cwindows", quote(real + "/../" + real, safe=""), "nope", "x" * 32,
    ]


def refusals(rng: random.Random, server: ServerProcess, fixtures: list[Fixture],
             key: str) -> list[tuple[str, frozenset[str]]]:
    """Connections with bad or foreign tokens, bogus keys, seats not held, games that do not exist."""
    base = f"{server.ws}/api/games"
    out: list[tuple[str, frozenset[str]]] = []
    for fixture in fixtures:
        url = f"{base}/{fixture.id}/ws"
        for other in fixtures:
            if other is not fixture:
                for token in other.tokens.values():  # foreign tokens (those of free seats too)
                    out.append((f"{url}?token={token}", frozenset({"bad_token"})))
        for _ in range(4):
            token = rng.choice([
                unicode_text(rng, rng.randint(1, 40)), "x" * rng.randint(1, 3000), "' OR '1'='1",
                (next(iter(fixture.tokens.values()), "t") + "x"), "null", "0", "%00", "../../etc/passwd"])
            out.append((f"{url}?token={quote(token, safe='')}", frozenset({"bad_token"})))
        for _ in range(3):
            bogus = quote(rng.choice([unicode_text(rng, 20), "k" * rng.randint(1, 3000), key + "x", key[::-1]]),
                          safe="")
            query = rng.choice([f"key={bogus}", f"key={bogus}&seat=0", f"key={bogus}&token=x"])
            if fixture.claimed:
                query = rng.choice([query, f"key={bogus}&token={fixture.tokens[min(fixture.claimed)]}"])
            out.append((f"{url}?{query}", frozenset({"bad_key"})))
        for seat in rng.sample(["0", "1", "7", "99"], 2):  # a seat number, not held
            out.append((f"{url}?seat={seat}" + rng.choice(["", f"&key={key}"]), frozenset({"forbidden"})))
        for text in rng.sample(["-1", str(2**70), "abc", "1.5", "%00", "1e3", "0x1", "+1", "%201", "٣"], 3):
            out.append((f"{url}?seat={quote(text, safe='%')}" + rng.choice(["", f"&key={key}"]),
                        frozenset({"bad_seat"})))
    for game_id in hostile_ids(rng, fixtures) + hostile_ids(rng, fixtures):
        token = rng.choice(list(fixtures[0].tokens.values()))
        out.append((f"{base}/{game_id}/ws?token={token}", frozenset({"not_found", HANDSHAKE})))
        out.append((f"{base}/{game_id}/ws", frozenset({"not_found", HANDSHAKE})))
    for path in ("/api/games/ws", "/api/ws", "/ws", "/api/games", "/api/health", "/api/games/x/ws/x", "/"):
        out.append((f"{server.ws}{path}", frozenset({HANDSHAKE})))
    return out


# --- hostile HTTP requests --------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One hostile HTTP request and the statuses it may get (all 4xx)."""

    method: str
    path: str
    statuses: frozenset[int]
    body: bytes | None = None
    headers: tuple[tuple[str, str | bytes], ...] = ()
    chunked: bool = False


CLIENT_ERRORS = frozenset(range(400, 500))
GAMES = ("stone_age", "first_stone_age", "stone_age_junior")


def broken_create(rng: random.Random) -> Any:
    """A body for ``POST /api/games`` with one thing (or more) wrong: it never makes a game."""
    game = rng.choice(GAMES)
    body: JSON = {"game": game, "seats": person_seats(2)}
    breakers: list[Callable[[], None]] = [
        lambda: body.update(game=rng.choice(["nope", "", "Stone_Age", "stone-age", "x" * 65, "../../etc/passwd",
                                              unicode_text(rng, 10), 5, None, [], {"a": 1}, "stone_age\u0000"])),
        lambda: body.pop("game"),
        lambda: body.pop("seats"),
        lambda: body.update(seats=rng.choice([
            [], [{}] * 9, person_seats(1), person_seats(5), "x", [1], [None, None], [{"kind": "alien"}] * 2,
            [{"kind": "bot", "bot": "nope"}] * 2, [{"kind": "bot"}] * 2, [{"kind": "person", "extra": 1}] * 2,
            [{"kind": "bot", "bot": "x" * 41}] * 2, [{"kind": "person"}, {"kind": "bot", "bot": unicode_text(rng, 5)}],
            {"0": {"kind": "person"}}])),
        lambda: body.update(expansions=rng.choice([["nope"], "mammoth", [1], ["x" * 65], ["a"] * 9, [None], {}])),
        lambda: body.update(variants=rng.choice([["nope"], "open_cards", [2], ["x" * 65], [["open_cards"]]])),
        lambda: body.update(options=rng.choice([{"seed": 1}, {"players": 3}, {"nope": 1}, {"first_player": 0},
                                                {"expansions": []}, {"variants": []}, "x", [1], 5,
                                                {unicode_text(rng, 5): 1}, {"__class__": {}}])),
        lambda: body.update(game="stone_age", options={"mammoth_tiles": rng.choice(
            ["tiles.json", "/etc/passwd", 5, True, [1, 2], {"a": 1}, [{}]])}),
        lambda: body.update(game="stone_age", expansions=["mammoth"], options={"mammoth_tiles": rng.choice(
            [[], [1], "x", {"a": [1]}, [[{"a": 1}]], [{}], [{"back": 1}]])}),
        lambda: body.update(first_player=rng.choice([-1, 8, 2, 3, 1.5, "x", 10**30, [], {}])),
        lambda: body.update(pace=rng.choice([-1, 10.5, 1e6, "fast", [], {}, -1e-9])),
        lambda: body.update(clock=rng.choice([0, 0.5, -1, 1e9, "x", 604801, [], {"s": 1}, 1e-9])),
        lambda: body.update({rng.choice(["admin", "seed", "id", "status", "moves", "", unicode_text(rng, 4)]):
                             rng.choice([True, 1, "x"])}),
    ]
    for breaker in rng.sample(breakers, rng.choice([1, 1, 1, 2, 3])):
        breaker()
    if rng.random() < 0.1:
        return rng.choice([[body], "x", 5, None, True, []])
    return body


def broken_json_body(rng: random.Random) -> bytes:
    text = json.dumps({"game": "stone_age", "seats": person_seats(2), "name": "x"})
    return rng.choice([
        text[: rng.randrange(len(text))].encode(), b"{", b"", b"\xff\xfe\x00", b"[" * 5000, b'{"a":' * 3000,
        text.replace('"', "'").encode(), (text + "}").encode(), b"null", b"NaN", unicode_text(rng, 50).encode(),
        b'{"game":"\\ud800"}', text.encode("utf-16"),
    ])


def http_requests(rng: random.Random, fixtures: list[Fixture], key: str, count: int) -> list[Request]:
    """``count`` hostile requests of every kind, none of which may change anything."""
    json_header: tuple[tuple[str, str | bytes], ...] = (("content-type", "application/json"),)
    full = [f for f in fixtures if not f.is_open]
    real_ids = [f.id for f in fixtures]
    unfinished = [f.id for f in fixtures[:4]] + [fixtures[5].id]
    finished = [fixtures[4].id, fixtures[6].id]

    def bogus_key() -> str | bytes:
        return rng.choice(["k", "x" * rng.randint(1, 100), key + "x", key[:-1], key.upper()
                           if key.upper() != key else key + "y", b"\xff\xfe\xe9", "é".encode("latin-1") * 5, "null"])

    def game_path() -> str:
        return rng.choice(real_ids) if rng.random() < 0.5 else rng.choice(hostile_ids(rng, fixtures))

    makers: list[Callable[[], Request]] = [
        lambda: Request("POST", "/api/games", CLIENT_ERRORS, json.dumps(broken_create(rng)).encode(), json_header),
        lambda: Request("POST", "/api/games", CLIENT_ERRORS, broken_json_body(rng), json_header),
        lambda: Request("POST", "/api/games", CLIENT_ERRORS, json.dumps(broken_create(rng)).encode(),
                        (("content-type", rng.choice(["text/plain", "application/x-www-form-urlencoded", "text/xml",
                                                      "multipart/form-data; boundary=x", "application/jsonx",
                                                      "image/png", "application/json; charset=utf-16"])),)),
        lambda: Request("POST", "/api/games", CLIENT_ERRORS, json.dumps(broken_create(rng)).encode()),
        lambda: Request("POST", "/api/games",
                        frozenset({400, 422}), b'{"game":"stone_age","seats":[{"kind":"person"},{"kind":"person"}],'
                        + rng.choice([b'"clock":NaN}', b'"clock":Infinity}', b'"pace":NaN}', b'"clock":-Infinity}',
                                      b'"first_player":1' + b"0" * 5000 + b"}"])),
        lambda: Request("POST", rng.choice(["/api/games", "/api/players", f"/api/games/{rng.choice(real_ids)}/join"]),
                        frozenset({413}), b"x" * rng.randint(LIMITS.max_body_bytes + 1, 2 * LIMITS.max_body_bytes),
                        json_header, chunked=rng.random() < 0.5),
        lambda: Request("POST", f"/api/games/{rng.choice(real_ids)}/join", frozenset({422}),
                        json.dumps(rng.choice([{"seat": -1}, {"seat": 8}, {"seat": "x"}, {"seat": 1.5},
                                               {"name": "x" * 101}, {"name": 5}, {"x": 1}, [], "x", 5,
                                               {"seat": 0, "token": "x"}, {"seat": [0]}])).encode(), json_header),
        lambda: Request("POST", f"/api/games/{rng.choice(real_ids)}/join", CLIENT_ERRORS, broken_json_body(rng),
                        json_header),
        lambda: Request("POST", f"/api/games/{rng.choice(real_ids)}/join", frozenset({403}),
                        json.dumps(rng.choice([{}, {"seat": 0}, {"seat": 1, "name": "Mallory"}])).encode(),
                        (*json_header, ("x-player-key", rng.choice(["k", "x" * rng.randint(1, 100), key + "x"])))),
        lambda: Request("POST", f"/api/games/{rng.choice(full).id}/join", frozenset({409}),
                        json.dumps(rng.choice([{}, {"seat": 0}, {"seat": 1}, {"seat": 7}, {"name": "x"}])).encode(),
                        (*json_header, *((("x-player-key", key),) if rng.random() < 0.3 else ()))),
        lambda: Request("POST", f"/api/games/{rng.choice(hostile_ids(rng, fixtures))}/join", CLIENT_ERRORS,
                        json.dumps({}).encode(), json_header),
        lambda: Request("POST", "/api/players", CLIENT_ERRORS,
                        json.dumps(rng.choice([{}, {"name": ""}, {"name": "x" * 101}, {"name": 5}, {"name": None},
                                               {"name": ["x"]}, {"name": "x", "admin": True}, {"Name": "x"}, [],
                                               "x", {"name": {"a": 1}}, {"key": "x"}])).encode(), json_header),
        lambda: Request("POST", "/api/players", CLIENT_ERRORS, broken_json_body(rng), json_header),
        lambda: Request("GET", "/api/games?" + rng.choice([
            f"status={quote(rng.choice(['OPEN', 'done', 'x' * 300, unicode_text(rng, 5), 'open ', '%00']))}",
            f"limit={rng.choice(['0', '-1', '201', 'abc', '1e3', '1.5', '1' + '0' * 50, '%00', 'true', '0x10'])}",
            "status=running&limit=-5", "limit=" + "9" * 5000]), frozenset({422})),
        lambda: Request("GET", "/api/leaderboard?game=" + quote(rng.choice(
            ["nope", "x" * 65, unicode_text(rng, 10), "../../etc", "stone_age\u0000"]), safe=""),
            frozenset({404, 422})),
        lambda: Request(rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH"]), rng.choice([
            "/api/nope", "/api/games/x/y/z", "/admin", "/.env", "/api/v2/games", "/api/game-types/x", "/api",
            "/api/players/me/x", "/static/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/leaderboard/x",
            "/" + "x" * rng.randint(1, 5000), "/api/games/" + rng.choice(real_ids) + "/moves", "/play/x/y",
            "/static/%2e%2e/%2e%2e/etc/passwd", "/static/..%2F..%2Fpyproject.toml", "/static/nope.js", "/replay/",
            "/static/%00", "/api/games/" + rng.choice(real_ids) + "/replay"]), frozenset({404, 405})),
        lambda: Request(rng.choice(["DELETE", "PUT", "PATCH", "OPTIONS"]), rng.choice([
            "/api/games", "/api/health", "/api/game-types", "/api/leaderboard", "/api/players",
            f"/api/games/{rng.choice(real_ids)}", f"/api/games/{rng.choice(real_ids)}/record"]), frozenset({405})),
        lambda: Request("GET", rng.choice(["/api/players", f"/api/games/{rng.choice(real_ids)}/join"]),
                        frozenset({405})),
        lambda: Request("GET", f"/api/games/{rng.choice(hostile_ids(rng, fixtures))}", frozenset({404, 405})),
        lambda: Request("GET", f"/api/games/{rng.choice(hostile_ids(rng, fixtures))}/record", frozenset({404})),
        lambda: Request("GET", f"/api/games/{rng.choice(unfinished)}/record", frozenset({409})),
        lambda: Request("GET", f"/api/games/{rng.choice(unfinished)}/replay/{rng.randint(0, 5)}", frozenset({409})),
        lambda: Request("GET", f"/api/games/{rng.choice(finished)}/replay/" + rng.choice(
            [str(-rng.randint(1, 10**6)), str(10**6 + rng.randint(0, 10**6)), "1" + "0" * 30]), frozenset({400})),
        lambda: Request("GET", f"/api/games/{rng.choice(finished)}/replay/" + rng.choice(
            ["x", "1.5", "1e3", "0x1", "%00", "1" + "0" * 5000, quote(unicode_text(rng, 4), safe="")]),
            frozenset({404, 422})),
        lambda: Request("GET", f"/api/games/{rng.choice(finished)}/replay/1?viewer=" + rng.choice(
            ["8", "-1", "-4", "all", "PUBLIC", "0 ", "%00", "1" + "0" * 40, quote(unicode_text(rng, 4), safe="")]),
            frozenset({422})),
        lambda: Request("GET", f"/api/games/{rng.choice(finished)}/replay/1?viewer=" + rng.choice(["2", "5", "7"]),
                        frozenset({400})),
        lambda: Request("GET", f"/api/games/{rng.choice(hostile_ids(rng, fixtures))}/replay/1", frozenset({404})),
        lambda: Request("GET", f"/api/games/{game_path()}/ws", frozenset({404})),
        lambda: Request("GET", rng.choice(["/api/players/me", "/api/players/me/stats"]), frozenset({403}),
                        headers=(("x-player-key", bogus_key()),)),
        lambda: Request("GET", rng.choice(["/api/players/me", "/api/players/me/stats"]), frozenset({401})),
        lambda: Request("GET", rng.choice(["/api/players/me", "/api/players/me/stats"]), frozenset({422}),
                        headers=(("x-player-key", "k" * rng.randint(101, 4000)),)),
    ]
    return [rng.choice(makers)() for _ in range(count)]


async def send_http(server: ServerProcess, requests: list[Request], tally: Tally) -> None:
    """Every request answered with a 4xx it may get, as JSON ``{"error": {"code", "message"}}``."""
    gate = asyncio.Semaphore(16)

    async def one(client: httpx.AsyncClient, request: Request) -> None:
        async def chunks() -> Any:
            body = request.body or b""
            for start in range(0, len(body), 8192):
                yield body[start:start + 8192]

        content: Any = chunks() if request.chunked else request.body
        where = f"{request.method} {request.path[:100]} {(request.body or b'')[:80]!r} {request.headers}"
        tally.inputs["http"] += 1
        async with gate:
            try:
                answer = await client.request(request.method, server.http + request.path, content=content,
                                              headers=list(request.headers), follow_redirects=True)
            except httpx.HTTPError as error:
                tally.problem(f"{where}: {error!r} (chunked: {request.chunked})")
                return
        if answer.status_code not in request.statuses or "Traceback" in answer.text:
            tally.problem(f"{where}: {answer.status_code} {answer.text[:300]}")
            return
        try:
            error = answer.json()["error"]
            assert isinstance(error["code"], str) and isinstance(error["message"], str)
        except (ValueError, KeyError, TypeError, AssertionError):
            tally.problem(f"{where}: not a JSON error: {answer.status_code} {answer.text[:300]}")
            return
        tally.answers[f"http {answer.status_code} {error['code']}"] += 1
        if answer.history:  # a trailing slash is redirected (307) to the path without it
            tally.answers["http 307 redirect"] += 1

    # no keep-alive: a pooled connection the server has just closed as idle is not a server fault
    limits = httpx.Limits(max_connections=16, max_keepalive_connections=0)
    async with httpx.AsyncClient(timeout=TIMEOUT, limits=limits) as client:
        await asyncio.gather(*(one(client, request) for request in requests))


# --- watchers ---------------------------------------------------------------------------------------


class Watcher:
    """A client on a game (a seat or a spectator) that must hear nothing while others misbehave."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.heard: list[str] = []
        self.socket: Any = None
        self.reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.socket = await connect(self.url)
        hello = json.loads(await asyncio.wait_for(self.socket.recv(), TIMEOUT))
        assert hello["type"] == "hello", hello
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.socket:
                self.heard.append(raw)

    async def still_there(self) -> bool:
        """Stop listening, then a ping must get a pong."""
        assert self.reader is not None
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader
        await self.socket.send('{"type":"ping"}')
        answer = json.loads(await asyncio.wait_for(self.socket.recv(), TIMEOUT))
        await self.socket.close()
        return bool(answer == {"type": "pong"})


# --- the test ---------------------------------------------------------------------------------------


def chunked(items: list[Hostile], size: int) -> list[list[Hostile]]:
    return [items[start:start + size] for start in range(0, len(items), size)]


async def phase_one(server: ServerProcess, fixtures: list[Fixture], key: str, rng: random.Random,
                    tally: Tally) -> None:
    """Malformed messages, floods, huge frames, refused connections and hostile HTTP, all at once."""
    talks = []
    for fixture in fixtures:
        url = f"{server.ws}/api/games/{fixture.id}/ws"
        for seat in sorted(fixture.claimed):
            for _ in range(2):
                talks.append(converse(f"{url}?token={fixture.tokens[seat]}",
                                      [malformed(rng) for _ in range(150)], tally, "ws malformed (seat)"))
        for _ in range(2):
            talks.append(converse(url, [malformed(rng) for _ in range(150)], tally, "ws malformed (spectator)"))
    first = fixtures[0]
    seat_url = f"{server.ws}/api/games/{first.id}/ws?token={first.tokens[0]}"
    spectator_url = f"{server.ws}/api/games/{fixtures[2].id}/ws"
    floods = [
        flood(seat_url, [malformed(rng) for _ in range(400)], tally),
        flood(spectator_url, [malformed(rng) for _ in range(400)], tally),
        strikes(spectator_url, Hostile("{", frozenset({"bad_json"})), tally),
        strikes(seat_url, Hostile(json.dumps({"type": "nope"}), frozenset({"unknown_type"})), tally),
    ]
    big = LIMITS.max_frame_bytes + 1
    frames = [huge_frame(url, payload, tally) for url, payload in [
        (seat_url, "x" * big), (seat_url, b"\x00" * big), (spectator_url, '{"type":"ping","pad":"' + "y" * big + '"}'),
        (spectator_url, b"{" * (4 * big))]]
    frames += [not_utf8(url, payload, tally) for url, payload in [
        (seat_url, b"\xff\xfe"), (seat_url, b'{"type":"ping","x":"\xc3\x28"}'), (spectator_url, b"\xed\xa0\x80"),
        (spectator_url, b'{"type":"move","seq":0,"action":0}\x80')]]
    gate = asyncio.Semaphore(24)

    async def gated(url: str, answers: frozenset[str]) -> None:
        async with gate:
            await refused(url, answers, tally)

    connections = [gated(url, answers) for url, answers in refusals(rng, server, fixtures, key)]
    requests = http_requests(rng, fixtures, key, 600)
    began = time.monotonic()

    async def timed(label: str, *work: Any) -> None:
        await asyncio.gather(*work)
        print(f"  {label} done after {time.monotonic() - began:.1f} s")

    await asyncio.gather(timed("talks", *talks), timed("floods", *floods), timed("frames", *frames),
                         timed("connections", *connections), timed("http", send_http(server, requests, tally)))


async def phase_two(server: ServerProcess, fixtures: list[Fixture], rng: random.Random, tally: Tally) -> None:
    """Well-formed moves that are never legal: out of turn, illegal ids, stale, after the end, by spectators."""
    talks = []
    for fixture in fixtures:
        where = position(server, fixture.id)
        url = f"{server.ws}/api/games/{fixture.id}/ws"
        for seat in sorted(fixture.claimed):
            moves = [seat_move(rng, where, seat) for _ in range(200 if seat == where.mover else 100)]
            for part in chunked(moves, 100):
                talks.append(converse(f"{url}?token={fixture.tokens[seat]}", part, tally, "ws illegal move"))
        talks.append(converse(url, [spectator_move(rng) for _ in range(60)], tally, "ws spectator move"))
    await asyncio.gather(*talks)


def test_ten_thousand_hostile_inputs_crash_nothing_change_nothing_and_reach_no_one_else(
        fuzz_server: ServerProcess) -> None:
    server = fuzz_server
    started = time.monotonic()
    fixtures, key = set_up(server, random.Random(SEED))
    print(f"\nset up in {time.monotonic() - started:.1f} s")
    statuses = {httpx.get(f"{server.http}/api/games/{f.id}", timeout=TIMEOUT).json()["status"] for f in fixtures}
    assert statuses == {"open", "running", "finished"}, statuses
    assert any(f.is_open for f in fixtures)
    before = snapshot(server, fixtures)
    tally = Tally()

    async def watched(phase: Callable[[], Any]) -> list[str]:
        watchers = []
        for fixture in fixtures:
            url = f"{server.ws}/api/games/{fixture.id}/ws"
            watchers.append(Watcher(url))
            if fixture.claimed:
                watchers.append(Watcher(f"{url}?token={fixture.tokens[max(fixture.claimed)]}"))
        await asyncio.gather(*(watcher.start() for watcher in watchers))
        await phase()
        await asyncio.sleep(0.3)
        heard = [f"{watcher.url[-60:]} heard {text[:200]}" for watcher in watchers for text in watcher.heard]
        there = await asyncio.gather(*(watcher.still_there() for watcher in watchers))
        return heard + [f"{watcher.url[-60:]} got no pong" for watcher, ok in zip(watchers, there, strict=True)
                        if not ok]

    fuzz_started = time.monotonic()
    heard = asyncio.run(watched(lambda: phase_one(server, fixtures, key, random.Random(SEED + 1), tally)))
    assert not tally.problems, "\n".join(tally.problems)
    assert not heard, "\n".join(heard[:20])
    assert server.alive()
    after_one = snapshot(server, fixtures)
    assert_unchanged(before, after_one, "malformed input")

    print(f"phase 1 in {time.monotonic() - fuzz_started:.1f} s")
    heard = asyncio.run(watched(lambda: phase_two(server, fixtures, random.Random(SEED + 2), tally)))
    assert not tally.problems, "\n".join(tally.problems)
    assert not heard, "\n".join(heard[:20])
    assert server.alive()
    assert_unchanged(before, snapshot(server, fixtures), "illegal moves")
    fuzz_seconds = time.monotonic() - fuzz_started

    total = sum(tally.inputs.values())
    print(f"\nhostile inputs: {total} in {fuzz_seconds:.1f} s of fuzzing ({time.monotonic() - started:.1f} s in all)")
    for group, count in sorted(tally.inputs.items()):
        print(f"  {group}: {count}")
    print("answers: " + ", ".join(f"{answer} {count}" for answer, count in sorted(tally.answers.items())))
    assert total >= MINIMUM_INPUTS, tally.inputs
    for expected in ("bad_json", "bad_message", "unknown_type", "too_large", "rate_limited", "close 1008",
                     "close 1009", "close 1007", "bad_token", "bad_key", "forbidden", "bad_seat", "not_found",
                     "spectator", "not_your_turn", "illegal_move", "game_over", "no_hint", STALE,
                     "http 400 bad_step", "http 403 bad_key", "http 404 not_found", "http 405 method_not_allowed",
                     "http 409 no_free_seat", "http 413 too_large", "http 422 bad_request"):
        assert tally.answers[expected] > 0, f"no {expected!r} answer: the fuzz missed a kind of input"

    # the server still serves: health, its API schema, and a new game played
    assert httpx.get(f"{server.http}/api/health", timeout=TIMEOUT).json()["ok"] is True
    assert httpx.get(f"{server.http}/openapi.json", timeout=TIMEOUT).status_code == 200
    assert httpx.get(f"{server.http}/api/games", params={"limit": 3}, timeout=TIMEOUT).status_code == 200
    created = create_game(server.http, "stone_age_junior", person_seats(2))
    fresh = Fixture(created["id"], "stone_age_junior", {s["seat"]: s["token"] for s in created["seats"]}, {0, 1})
    asyncio.run(play(server, fresh, 3, random.Random(SEED + 3)))
    assert httpx.get(f"{server.http}/api/games/{fresh.id}", timeout=TIMEOUT).json()["moves"] > 0
    assert_unchanged(before, snapshot(server, fixtures), "a new game")
    assert server.alive()
    log = Path(server.log_path or "").read_text(errors="replace")
    assert "Traceback" not in log and "Exception" not in log, log[-5000:]
    # uvicorn's one line for a text message that is not UTF-8 (closed with 1007) is the only error
    errors = [line for line in log.splitlines() if "ERROR" in line and "Invalid UTF-8" not in line]
    assert not errors, errors[:20]
