"""Issue 12, server authority: all chance is drawn on the server, and no client learns what its
viewer may not know.

Against a real ``stoneage serve`` process, full games of every game (Stone Age plain and with the
Mammoth Herd, My First Stone Age, Stone Age Junior with its goods cards) are played with every
person seat a test client making random legal moves and a spectator (no token) watching from the
start (seats taken with tokens, a ``join`` and personal keys; one seat idles past its clock, one asks
for a hint); every message each client receives is kept verbatim, and so is every HTTP answer a
non-seat may fetch during play (the game, the list, the record, the replay). Then, from the server's
own database (the seed and the log):

(a) no message and no answer holds the seed, a seat's token or its hash, a personal key or its
    hash, or a player id; the record and the replay are refused while the game runs, and the record
    withholds the seed after; every chance outcome in the log is the one the stored seed draws;
(b) every view and every event a client received is exactly what the play layer builds for that
    client's viewer (``build_view`` / ``apply_with_events``) at that move, and every message has
    only the fields its type allows: the server adds nothing to what the play layer tells;
(c) the play layer tells each viewer a function of what it may know: redrawing what a viewer
    cannot see (``resample_from_infostate``) leaves its view unchanged, and two outcomes of a step
    that leave a viewer's observation the same (while some seat can tell them apart) give that
    viewer the same events and the same view;
    A hint is the hint bot's move, and the same when what its seat cannot see is redrawn;
(d) a spectator never receives a decision, and a seat only its own.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from stoneage.core.contract import CHANCE, JSON, PUBLIC, TERMINAL, Game, State
from stoneage.core.registry import load_game
from stoneage.play.advisor import Advisor
from stoneage.play.events import apply_with_events
from stoneage.play.kit import play_kit
from stoneage.play.menus import label_of
from stoneage.play.session import bot_seed
from stoneage.play.view import build_view
from stoneage.web.room import HINT_SEAT, RECENT

from web.client import Table, create_game, leaf_actions
from web.server import ServerProcess

# --- what is played -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One game at the server: its seats, options, and how its people behave."""

    id: str
    game: str
    people: int
    bots: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()
    clock: float | None = None
    away: int | None = None
    """A seat whose client idles past its clock once (a stand-in bot plays for it; notices go out)."""
    keys: tuple[int, ...] = ()
    """Seats taken by a player with a personal key."""
    join: int | None = None
    """A seat taken through ``POST /join`` (a new token) instead of the token the creation gave."""
    always_hidden: bool = False
    """Whether something is hidden from every viewer at every point (face-down cards, unseen tiles)."""


CASES = [
    Case("stone_age", "stone_age", 2, keys=(1,)),
    Case("stone_age-mammoth", "stone_age", 2, expansions=("mammoth",), keys=(0, 1), join=1),
    Case("first_stone_age", "first_stone_age", 2, clock=2.0, away=1, always_hidden=True),
    Case("stone_age_junior-cards", "stone_age_junior", 2, bots=("random",), expansions=("cards",), keys=(1,), join=0,
         always_hidden=True),
]

NAMES = ("Ada", "Bram", "Cleo", "Dov")
"""Display names the people give (a seat taken with a personal key uses the key's name)."""
GAME_TIMEOUT = 300
"""Seconds the games may take at the server (a loaded machine is slow; an unloaded one takes some 20)."""
FETCH_EVERY = 150
"""The spectator fetches the lobby's answers every this many moves (and at the start and the end)."""
HINT_FROM = 8
"""Seat 0 asks for one hint at its first decision from this move on."""

# Every field each message type may carry: anything else would be something the play layer did not say.
FIELDS = {
    "hello": {"type", "game_id", "game", "seq", "viewer", "seats", "status", "view"},
    "resync": {"type", "game_id", "game", "seq", "viewer", "seats", "status", "reason", "view"},
    "update": {"type", "seq", "view"},
    "ack": {"type", "seq"},
    "pong": {"type"},
    "seats": {"type", "game_id", "game", "seq", "viewer", "seats", "status", "view"},
    "notice": {"type", "text", "away", "seats"},
    "hint": {"type", "seq", "action", "label"},
}
SEAT_FIELDS = {"seat", "kind", "bot", "bot_label", "name", "taken", "away"}
FORBIDDEN_KEYS = {"seed", "token", "token_hash", "key", "key_hash", "player_id", "deck", "secret", "history"}
"""Field names no answer to a non-seat may hold, at any depth (the finished record excepted)."""


# --- recording clients ------------------------------------------------------------------------------


class Recorder(Table):
    """A ``Table`` that also keeps every message as the exact text the server sent."""

    def __init__(self, ws_base: str, game_id: str, viewer: int, **query: Any) -> None:
        super().__init__(ws_base, game_id, **query)
        self.viewer = viewer
        self.raw: list[str] = []
        self.sent: list[str] = []

    async def receive(self, timeout: float = 30) -> JSON:
        text = await asyncio.wait_for(self.socket.recv(), timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: JSON = json.loads(text)
        self.received.append(message)
        if "view" in message:
            self.view = message["view"]
            self.seq = message["seq"]
        return message

    async def finish(self) -> None:
        """Ping and wait for its pong (the last: a ping sent earlier has its own), so that every answer
        to what this client sent, and every message sent before it, is recorded."""
        await self.send({"type": "ping"})
        pings = sum(1 for text in self.sent if json.loads(text).get("type") == "ping")
        while sum(1 for message in self.received if message["type"] == "pong") < pings:
            await self.until("pong")

    async def send(self, message: JSON | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        self.sent.append(text)
        await super().send(text)


async def play(table: Recorder, rng: random.Random, *, idle: float = 0.0, hint: bool = False) -> None:
    """Random legal moves at this seat's decisions until the game ends (one ``sync`` on the way, and
    one ``hint`` if asked to)."""
    await table.until("hello")
    if idle:
        await asyncio.sleep(idle)  # the clock runs out: a bot stands in until we say something
        await table.send({"type": "ping"})
        await table.send({"type": "sync"})
    sent: int | None = None
    synced = bool(idle)
    while not table.over():
        if hint and table.my_turn() and table.seq >= HINT_FROM:
            await table.send({"type": "hint"})
            answer = await table.until("hint", "error")
            assert answer["type"] == "hint" and answer["seq"] == table.seq, answer
            hint = False
        if table.my_turn() and table.seq != sent:
            action = rng.choice(sorted(leaf_actions(table.view["decision"]["choices"])))  # type: ignore[index]
            await table.send({"type": "move", "seq": table.seq, "action": action})
            sent = table.seq
        elif not synced and table.seq >= 5:
            await table.send({"type": "sync"})
            synced = True
        message = await table.receive()
        assert message["type"] != "error", message
    await table.finish()


@dataclass
class Answer:
    """One HTTP answer a non-seat fetched."""

    path: str
    status: int
    text: str
    seq: int
    """The last move the spectator had seen when it asked."""


async def fetch(http: httpx.AsyncClient, game_id: str, seen: int, answers: list[Answer]) -> None:
    """Ask what any passer-by may ask about the game (``seen``: the last move the spectator saw)."""
    steps = sorted({1, seen // 2, seen})
    for path in (f"/api/games/{game_id}", "/api/games", f"/api/games/{game_id}/record",
                 *(f"/api/games/{game_id}/replay/{at}?viewer={viewer}" for at in steps for viewer in ("public", "0"))):
        reply = await http.get(path)
        answers.append(Answer(path, reply.status_code, reply.text, seen))


async def watch(table: Recorder, http: httpx.AsyncClient, game_id: str, answers: list[Answer]) -> None:
    """The spectator (its hello read): follow the game to its end, asking the lobby on the way."""
    await table.send({"type": "sync"})
    due = table.seq + FETCH_EVERY
    while not table.over():
        message = await table.receive()
        assert message["type"] != "error", message
        if table.seq >= due:
            await fetch(http, game_id, table.seq, answers)
            due = table.seq + FETCH_EVERY
    await table.finish()
    await fetch(http, game_id, table.seq, answers)


@dataclass
class Played:
    """A finished game at the server, as every client and the database saw it."""

    case: Case
    game_id: str
    tables: list[Recorder]
    answers: list[Answer]
    secrets: dict[str, str]
    """What must never leave the server (or the person it belongs to), by what it is."""
    seed: int
    log: list[str]
    db_options: JSON
    record: JSON
    seats: int
    _replay: Replay | None = None

    def replay(self) -> Replay:
        """The game the database holds, replayed (once)."""
        if self._replay is None:
            self._replay = Replay(self)
        return self._replay


@dataclass
class Opened:
    """A game created at the server, its seats' tokens and keys, before anyone connects."""

    case: Case
    game_id: str
    tokens: dict[int, str]
    keys: dict[int, str]
    secrets: dict[str, str]


def open_game(base: str, case: Case) -> Opened:
    """Create the game (players with personal keys first, a seat joined if the case says so)."""
    secrets: dict[str, str] = {}
    keys: dict[int, str] = {}
    for seat in case.keys:
        reply = httpx.post(f"{base}/api/players", json={"name": NAMES[seat]}, timeout=30)
        assert reply.status_code == 201, reply.text
        keys[seat] = reply.json()["key"]
        secrets[f"personal key of seat {seat}"] = keys[seat]
        secrets[f"player id of seat {seat}"] = reply.json()["id"]
    seats = [{"kind": "person"}] * case.people + [{"kind": "bot", "bot": bot} for bot in case.bots]
    body: JSON = {"expansions": list(case.expansions)}
    if case.clock is not None:
        body["clock"] = case.clock
    created = create_game(base, case.game, seats, **body)
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if "token" in seat}
    assert sorted(tokens) == list(range(case.people))
    for seat, token in tokens.items():
        secrets[f"token of seat {seat}"] = token
    if case.join is not None:
        headers = {"X-Player-Key": keys[case.join]} if case.join in keys else {}
        reply = httpx.post(f"{base}/api/games/{created['id']}/join", json={"seat": case.join, "name": NAMES[case.join]},
                           headers=headers, timeout=30)
        assert reply.status_code == 200, reply.text
        tokens[case.join] = reply.json()["token"]
        secrets[f"joined token of seat {case.join}"] = tokens[case.join]
    return Opened(case, created["id"], tokens, keys, secrets)


async def run_game(server: ServerProcess, opened: Opened, answers: list[Answer]) -> list[Recorder]:
    """The spectator first, then every person seat; all play (and watch) the game to its end."""
    case, game_id = opened.case, opened.game_id
    spectator = Recorder(server.ws, game_id, PUBLIC)
    people = [Recorder(server.ws, game_id, seat, token=token, name=NAMES[seat], key=opened.keys.get(seat))
              for seat, token in sorted(opened.tokens.items())]
    await spectator.__aenter__()
    connected = [spectator]
    try:
        # a fresh connection per question: uvicorn closes one idle for 5 s, and reusing it just then (the
        # spectator asks every 150 moves, some 5 s on a loaded machine) lost a request once
        fresh = httpx.Limits(max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=server.http, timeout=30, limits=fresh) as http:
            await spectator.until("hello")
            await fetch(http, game_id, spectator.seq, answers)  # nobody has moved yet: the game runs on
            for table in people:
                await table.__aenter__()
                connected.append(table)
            idle = {case.away: case.clock + 0.6} if case.away is not None and case.clock else {}
            await asyncio.gather(
                watch(spectator, http, game_id, answers),
                *(play(t, random.Random(n), idle=idle.get(t.viewer, 0.0), hint=t.viewer == 0)
                  for n, t in enumerate(people)))
    finally:
        for table in connected:
            await table.__aexit__()
    return [spectator, *people]


def collect(server: ServerProcess, opened: Opened, tables: list[Recorder], answers: list[Answer]) -> Played:
    """What the database holds of a finished game (its seed, log and hashes) and its record."""
    game_id, secrets = opened.game_id, dict(opened.secrets)
    with sqlite3.connect(server.db) as db:
        seed, options, count = db.execute("SELECT seed, options, players FROM games WHERE id = ?",
                                          (game_id,)).fetchone()
        log = [row[0] for row in db.execute("SELECT action FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))]
        hashes = db.execute("SELECT seat, token_hash FROM seats WHERE game_id = ?", (game_id,)).fetchall()
        keys = db.execute("SELECT id, key_hash FROM players").fetchall()
    secrets["seed"] = str(seed)
    secrets["seed in hex"] = format(seed, "x")
    for seat, digest in hashes:
        if digest:
            secrets[f"token hash of seat {seat}"] = digest
    for player_id, digest in keys:
        secrets[f"key hash of player {player_id}"] = digest
    record = httpx.get(f"{server.http}/api/games/{game_id}/record", timeout=30)
    assert record.status_code == 200, record.text
    return Played(opened.case, game_id, tables, answers, secrets, seed, log,
                  json.loads(options) if isinstance(options, str) else options, record.json(), count)


@pytest.fixture(scope="module")
def _games(server: ServerProcess) -> dict[str, Played]:
    """Every case played once at the module's server, all at the same time (so a message reaching
    the wrong game's clients would show too)."""
    games = [open_game(server.http, case) for case in CASES]
    answers: list[list[Answer]] = [[] for _ in games]

    async def everything() -> list[list[Recorder]]:
        return list(await asyncio.wait_for(asyncio.gather(
            *(run_game(server, opened, found) for opened, found in zip(games, answers, strict=True))), GAME_TIMEOUT))

    tables = asyncio.run(everything())
    played = {opened.case.id: collect(server, opened, recorded, found)
              for opened, recorded, found in zip(games, tables, answers, strict=True)}
    everyones = {f"{what} of game {game.case.id}": secret for game in played.values()
                 for what, secret in game.secrets.items()}
    for game in played.values():
        game.secrets.update(everyones)  # no game's secret may reach another game's clients either
    return played


@pytest.fixture(scope="module", params=CASES, ids=[case.id for case in CASES])
def played(request: pytest.FixtureRequest, _games: dict[str, Played]) -> Played:
    return _games[request.param.id]


# --- the game replayed from the server's own log ------------------------------------------------------


class Replay:
    """The game the database holds, replayed with the engine; expected views and events, memoised."""

    def __init__(self, played: Played) -> None:
        self.game: Game = load_game(played.case.game, players=played.seats, seed=played.seed, **played.db_options)
        state = self.game.new_initial_state()
        self.states: list[State] = [state.clone()]
        self.actions: list[int] = []
        self.drawn = 0
        for index, text in enumerate(played.log):
            action = state.string_to_action(text)
            if state.current_player() == CHANCE:
                assert action == state.sample_chance_outcome(), f"move {index}: chance not drawn from the stored seed"
                self.drawn += 1
            state.apply_action(action)
            self.actions.append(action)
            self.states.append(state.clone())
        self._events: dict[tuple[int, int, tuple[tuple[int, str], ...]], list[Any]] = {}
        self._views: dict[tuple[int, int, tuple[str, ...], bool], JSON] = {}

    @property
    def viewers(self) -> list[int]:
        return [PUBLIC, *range(self.game.num_players)]

    def events(self, index: int, viewer: int, called: dict[int, str] | None = None) -> list[Any]:
        """The events of the ``index``-th action as ``viewer`` may know them, seats called by ``called``."""
        called = called or {}
        key = (index, viewer, tuple(sorted(called.items())))
        if key not in self._events:
            self._events[key] = apply_with_events(self.states[index].clone(), self.actions[index], viewer, called)
        return self._events[key]

    def view(self, seq: int, viewer: int, seats: list[JSON], recent: bool) -> JSON:
        """The view after ``seq`` actions at a table of these ``seats``: with the last action's events
        (an update) or the latest ``RECENT`` actions' (a hello, a resync, the lobby's public view)."""
        names = _names(seats)
        key = (seq, viewer, tuple(names), recent)
        if key not in self._views:
            first = max(0, seq - RECENT) if recent else seq - 1
            called = {seat["seat"]: seat["name"] for seat in seats if seat["kind"] != "bot"}
            events = [e for index in range(first, seq) for e in self.events(index, viewer, called)]
            self._views[key] = _plain(build_view(self.game, self.states[seq], viewer, names,
                                                 events).to_json())
        return self._views[key]


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.fixture
def replay(played: Played) -> Replay:
    return played.replay()


def _names(seats: list[JSON]) -> list[str]:
    return [seat["name"] for seat in sorted(seats, key=lambda s: s["seat"])]


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in _keys(value)}
    if isinstance(data, list):
        return {k for value in data for k in _keys(value)}
    return set()


def _client(table: Recorder) -> str:
    return "the spectator" if table.viewer == PUBLIC else f"seat {table.viewer}"


# --- (a) nothing secret in any message ---------------------------------------------------------------


def test_no_message_or_answer_holds_the_seed_a_token_or_a_key(played: Played) -> None:
    own = {table.viewer: table for table in played.tables}
    assert set(own) == {PUBLIC, *range(played.case.people)}
    total = 0
    for table in played.tables:
        assert table.raw and table.received[0]["type"] == "hello"
        for text in table.raw:
            total += 1
            for what, secret in played.secrets.items():
                assert secret not in text, f"{_client(table)} received the {what}: {text[:300]}"
    for answer in played.answers:
        for what, secret in played.secrets.items():
            assert secret not in answer.text, f"GET {answer.path} answered the {what}"
        if answer.status == 200 and not answer.path.endswith("/record"):
            leaked = _keys(json.loads(answer.text)) & FORBIDDEN_KEYS
            assert not leaked, f"GET {answer.path} answered fields {sorted(leaked)}"
    assert total > 50


def test_the_record_and_the_replay_are_refused_while_the_game_runs(played: Played, replay: Replay) -> None:
    final = len(played.log)
    for kind in ("/record", "/replay/"):
        asked = [a for a in played.answers if kind in a.path]
        refused = [a for a in asked if a.status != 200]
        assert refused, f"{kind} was never asked for while the game ran"
        for answer in refused:
            assert answer.status == 409, answer.text
            assert json.loads(answer.text)["error"]["code"] == "not_finished", answer.text
            assert answer.seq < final
        assert asked[-1].status == 200, f"{kind} of the finished game was refused: {asked[-1].text}"
        for answer in asked:  # the game may end while the spectator asks: then it is given, whole
            if answer.status == 200 and kind == "/record":
                given = json.loads(answer.text)
                assert given["actions"] == played.log and given["seed"] == 0, "a record of a running game"
            elif answer.status == 200:
                assert json.loads(answer.text)["moves"] == final, "a replay of a running game"
    assert played.record["seed"] == 0
    assert str(played.seed) not in json.dumps(played.record)
    assert played.record["actions"] == played.log
    assert replay.states[-1].is_terminal()


def test_every_chance_outcome_is_the_one_the_servers_stored_seed_draws(replay: Replay) -> None:
    """``Replay`` asserts it move by move; here: there was chance to draw, and the game ended."""
    assert replay.drawn > 0
    assert replay.states[-1].current_player() == TERMINAL


# --- (b) every view and event is the play layer's, for that viewer -------------------------------------


def test_every_message_is_exactly_what_the_play_layer_tells_its_viewer(played: Played, replay: Replay) -> None:
    final = len(played.log)
    for table in played.tables:
        viewer, who = table.viewer, _client(table)
        seats: list[JSON] | None = None
        seq = -1
        kinds: set[str] = set()
        for number, message in enumerate(table.received):
            kind = message["type"]
            kinds.add(kind)
            where = f"{who}, message {number} ({kind})"
            assert kind in FIELDS, f"{where}: a message type the secrecy test does not know"
            assert set(message) == FIELDS[kind], f"{where}: fields {sorted(set(message) ^ FIELDS[kind])}"
            if "seats" in message:
                assert all(set(s) == SEAT_FIELDS for s in message["seats"]), f"{where}: seat fields"
                seats = message["seats"]
            if kind in ("hello", "resync", "seats"):
                assert message["viewer"] == (None if viewer == PUBLIC else viewer), where
                assert (message["game_id"], message["game"]) == (played.game_id, played.case.game), where
                assert message["seq"] >= seq, where
                seq = message["seq"]
                assert message["view"] == replay.view(seq, viewer, seats or [], recent=True), where
            elif kind == "update":
                assert message["seq"] == seq + 1, f"{where}: moves {seq + 1}..{message['seq'] - 1} never told"
                seq = message["seq"]
                assert seats is not None
                assert message["view"] == replay.view(seq, viewer, seats, recent=False), where
            elif kind == "ack":
                assert viewer >= 0 and 0 < message["seq"] <= final, where
                assert replay.states[message["seq"] - 1].current_player() == viewer, f"{where}: not its move"
            elif kind == "notice":
                assert set(message["away"]) <= set(range(played.seats)), where
        assert seq == final, f"{who} was last told move {seq} of {final}"
        assert {"hello", "update", "resync", "pong"} <= kinds, f"{who} got only {sorted(kinds)}"
        if viewer >= 0 and viewer != played.case.away:  # the game may end while the away seat idles
            assert "ack" in kinds, f"{who} never moved"
        if played.case.away is not None:
            assert "notice" in kinds, f"{who} was not told that a seat was away"


def test_the_lobby_tells_a_passer_by_the_public_view_and_nothing_more(played: Played, replay: Replay) -> None:
    one = [a for a in played.answers if a.path == f"/api/games/{played.game_id}"]
    listed = [a for a in played.answers if a.path == "/api/games"]
    assert len(one) >= 2 and len(listed) == len(one)
    for answer in one:
        assert answer.status == 200, answer.text
        data = json.loads(answer.text)
        assert data["moves"] >= answer.seq
        expected = replay.view(data["moves"], PUBLIC, data["seats"], recent=True)
        assert data["view"] == expected, f"GET at move {data['moves']}"
    for answer in listed:
        assert answer.status == 200, answer.text
        assert played.game_id in [game["id"] for game in json.loads(answer.text)]
    stepped = [a for a in played.answers if "/replay/" in a.path and a.status == 200]
    assert stepped
    for answer in stepped:
        data = json.loads(answer.text)
        viewer = PUBLIC if answer.path.endswith("public") else int(answer.path[-1])
        expected = replay.view(data["at"], viewer, data["seats"], recent=False) if data["at"] else replay.view(
            0, viewer, data["seats"], recent=True)
        assert data["view"] == expected, answer.path


# --- (c) a view is a function of what its viewer may know ---------------------------------------------


SAMPLES = 16
REDRAWS = 2


def _view(game: Game, state: State, viewer: int, names: list[str]) -> JSON:
    return _plain(build_view(game, state, viewer, names).to_json())


def test_redrawing_what_a_viewer_cannot_see_leaves_its_view_unchanged(played: Played, replay: Replay) -> None:
    game, names = replay.game, [f"Player {n + 1}" for n in range(played.seats)]
    rng = random.Random(len(played.log))
    states = replay.states
    picks = sorted({*rng.sample(range(len(states)), min(SAMPLES, len(states))), len(states) - 1})
    redrawn = 0
    for index in picks:
        state = states[index]
        for seat in range(played.seats):
            seen = _view(game, state, seat, names)
            for _ in range(REDRAWS):
                other = state.resample_from_infostate(seat, rng)
                redrawn += other.to_json() != state.to_json()
                assert _view(game, other, seat, names) == seen, f"seat {seat}'s view at move {index}"
        public = _view(game, state, PUBLIC, names)
        for seat in range(played.seats):
            other = state.resample_from_infostate(seat, rng)
            assert _view(game, other, PUBLIC, names) == public, f"the public view at move {index} (redraw for {seat})"
    if played.case.always_hidden:
        assert redrawn, "nothing was ever redrawn: the check above held trivially"


ALTERNATIVES = {True: 3, False: 2}
"""Other outcomes tried at a chance node, other decisions at a decision node."""


def test_outcomes_a_viewer_cannot_tell_apart_give_it_the_same_events_and_view(
        played: Played, replay: Replay) -> None:
    """At every step of the game, other outcomes (chance) and choices (decisions) are tried: when one
    leaves a viewer's observation as the real one did while some seat can tell the two apart, the
    difference is hidden from that viewer, so its events and its view must not show it."""
    game, names = replay.game, [f"Player {n + 1}" for n in range(played.seats)]
    rng = random.Random(len(played.log) + 1)
    hidden: dict[int, int] = {}
    for index, action in enumerate(replay.actions):
        before, after = replay.states[index], replay.states[index + 1]
        chance = before.current_player() == CHANCE
        others = [a for a in before.legal_actions() if a != action]
        for other_action in rng.sample(others, min(len(others), ALTERNATIVES[chance])):
            other = before.clone()
            other.apply_action(other_action)
            seen = {seat: after.observation(seat) == other.observation(seat) for seat in range(played.seats)}
            seen[PUBLIC] = after.public_observation() == other.public_observation()
            if all(seen.values()):
                continue  # nobody can tell them apart: nothing is hidden from anyone
            for viewer in replay.viewers:
                if not seen[viewer]:
                    continue
                hidden[viewer] = hidden.get(viewer, 0) + 1
                told = [_plain(e.to_json()) for e in replay.events(index, viewer)]
                alt = [_plain(e.to_json()) for e in apply_with_events(before.clone(), other_action, viewer)]
                where = (f"move {index + 1} ({before.action_to_string(action)} or "
                         f"{before.action_to_string(other_action)}), viewer {viewer}")
                assert told == alt, f"{where}: the events tell what the viewer may not know: {_differ(told, alt)}"
                assert _view(game, after, viewer, names) == _view(game, other, viewer, names), f"{where}: the view"
    if played.case.expansions == ("cards",):  # face-down goods cards: hidden from all but their holder
        # every draw from a pile nobody knows is a face-down card the public may not tell apart (a random
        # game draws none about once in 700: then there is nothing hidden to try)
        draws = sum(1 for state, action in zip(replay.states, replay.actions, strict=False)
                    if state.current_player() == CHANCE and len(state.legal_actions()) > 1
                    and state.action_to_string(action).startswith("draw "))
        assert hidden.get(PUBLIC, 0) >= draws, "a face-down draw was not tried: the check above held trivially"


def test_a_hint_is_the_advisors_and_depends_only_on_what_its_seat_may_know(
        played: Played, replay: Replay) -> None:
    """The advisor answers on the server's state; what it answers must not change when what the seat
    cannot see is redrawn (neither the hint bot nor the warnings may peek), and it goes to the seat
    that asked alone."""
    hints = [(t.viewer, m) for t in played.tables for m in t.received if m["type"] == "hint"]
    assert [seat for seat, _ in hints] == [0], f"hints went to {[seat for seat, _ in hints]}"
    hint = hints[0][1]
    asker = next(t for t in played.tables if t.viewer == 0)
    before = asker.received[:asker.received.index(hint)]
    names = _names(next(m for m in reversed(before) if "seats" in m)["seats"])
    state = replay.states[hint["seq"]]
    assert state.current_player() == 0
    kit = play_kit(replay.game)
    rng = random.Random(hint["seq"])
    for world in (state, state.resample_from_infostate(0, rng)):
        advisor = Advisor(replay.game, kit, bot_seed(played.seed, HINT_SEAT))
        assert advisor.hint(world.clone(), 0) == hint["action"], "the hint tells what seat 0 may not know"
    menu = kit.decision_menu(state, names)
    assert hint["label"] == label_of(menu, hint["action"])


def _differ(told: list[JSON], other: list[JSON]) -> str:
    """Where two event lists differ, field by field (the first difference)."""
    if len(told) != len(other):
        return f"{len(told)} events or {len(other)}"
    for index, (one, two) in enumerate(zip(told, other, strict=True)):
        fields = sorted(k for k in {*one, *two} if one.get(k) != two.get(k))
        if fields:
            return f"event {index} ({one.get('kind')}) says " + "; ".join(
                f"{k}={one.get(k)!r} or {k}={two.get(k)!r}" for k in fields)
    return "nowhere"


# --- (d) decisions go to their seat only ----------------------------------------------------------------


def test_a_spectator_never_gets_a_decision_and_a_seat_only_its_own(played: Played) -> None:
    for table in played.tables:
        decisions = 0
        for message in table.received:
            view = message.get("view")
            if view is None:
                continue
            assert view["viewer"] == table.viewer, f"{_client(table)} got a view for {view['viewer']}"
            if view["decision"] is not None:
                assert table.viewer >= 0, "the spectator got a decision"
                assert view["to_move"] == table.viewer, f"seat {table.viewer} got seat {view['to_move']}'s decision"
                decisions += 1
        if table.viewer >= 0:
            assert decisions, f"seat {table.viewer} never got a decision"
