"""Load benchmark of the game server: N concurrent games of bot clients over real websockets.

A benchmark, never a timed test (docs/performance.md, "Game server")::

    python -m stoneage.web.load --games 500 --seats 4 --interval 2 --duration 60
    python -m stoneage.web.load --games 500 --find-max
    python -m stoneage.web.load --url http://127.0.0.1:8000 --games 50

Without ``--url`` it starts its own server process (``stoneage serve`` on a temporary SQLite
file), so the clients and the server do not share a GIL. Every seat of every game is a person
played by a websocket client: when its view shows its decision it thinks (a random time, so that
the game averages one move per ``--interval`` seconds), sends a random legal action and measures
the round trip from sending the move to receiving its ``ack`` (the server sends the update, then
the ack to the mover). Chance is played by the server. A game that ends is replaced by a new one,
so ``--games`` stay under way. It prints a progress line, then the latency percentiles, the moves
per second and the errors; it exits 1 if any client met an error.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import httpx
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import WebSocketException
except ImportError as _missing:  # pragma: no cover - depends on the environment
    raise SystemExit(f"stoneage.web.load needs httpx and websockets>=13 ({_missing}): "
                     "pip install httpx 'websockets>=13' (both are in the project's test extra)") from None

from stoneage.core.contract import TERMINAL
from stoneage.web.collector import short_collections

JSON = dict[str, Any]
TARGET_P99_MS = 50.0
"""The latency the issue asks the 99th percentile to stay under."""
ACK_TIMEOUT = 30.0
"""Seconds a client waits for any message before it counts the game as stuck (an error)."""
SHUTDOWN = 15.0
"""Seconds the games get to close their connections at the end before they are cancelled."""


@dataclass
class LoadConfig:
    """What to run: how many games of how many seats, at which pace, for how long."""

    games: int = 500
    seats: int = 4
    interval: float = 2.0
    """Mean seconds between two person moves of one game."""
    duration: float = 60.0
    """Seconds measured after the ramp."""
    ramp: float = 10.0
    """Seconds over which the games are started (not measured)."""
    warmup: float = 5.0
    """Seconds after the ramp before measuring (the last games' connections settle)."""
    game: str = "stone_age"
    think: str = "exp"
    """The think-time distribution: ``exp`` (exponential) or ``uniform`` (0 to twice the mean)."""
    compression: bool = True
    """Offer permessage-deflate, as browsers do."""
    progress: float = 5.0
    """Seconds between progress lines (0: none)."""
    seed: int = 0
    seat_langs: tuple[str, ...] = ()
    """The language each seat's client reads (seat ``i``: the ``i``-th, in turn); empty: the server's default."""


@dataclass
class Stats:
    """What the clients measured: round-trip latencies (seconds), moves, errors, games."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    games_started: int = 0
    games_finished: int = 0
    resyncs: int = 0
    since: float = field(default_factory=time.monotonic)
    errors_before: int = 0
    """Errors counted before the current window."""

    def error(self, text: str) -> None:
        """Count an error, keeping the first few for the report."""
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(text[:300])

    def reset(self) -> None:
        """Start a new measuring window (errors and game counts are kept)."""
        self.latencies = []
        self.moves = 0
        self.since = time.monotonic()
        self.errors_before = self.errors


@dataclass(frozen=True)
class Summary:
    """One measuring window in numbers."""

    seconds: float
    moves: int
    moves_per_s: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    errors: int

    def line(self) -> str:
        """The window in one line."""
        return (f"moves={self.moves} ({self.moves_per_s:.1f}/s) p50={self.p50_ms:.1f}ms "
                f"p90={self.p90_ms:.1f}ms p99={self.p99_ms:.1f}ms max={self.max_ms:.1f}ms errors={self.errors}")


def percentile(sorted_values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of an ascending list; 0 for an empty one."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(share * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def summarize(stats: Stats, now: float | None = None) -> Summary:
    """The percentiles (in ms) and rate of the current window."""
    seconds = max(1e-9, (now or time.monotonic()) - stats.since)
    values = sorted(stats.latencies)
    p50, p90, p99, top = (1000 * percentile(values, share) for share in (0.50, 0.90, 0.99, 1.0))
    return Summary(seconds, stats.moves, stats.moves / seconds, p50, p90, p99, top,
                   stats.errors - stats.errors_before)


def leaf_actions(choices: list[JSON]) -> Iterator[int]:
    """Every action id in a view's decision menu (groups opened)."""
    for choice in choices:
        if "choices" in choice:
            yield from leaf_actions(choice["choices"])
        else:
            yield int(choice["action"])


class Pacer:
    """Think times whose mean is the game's interval (changed on the fly by ``--find-max``)."""

    def __init__(self, interval: float, kind: str, rng: random.Random) -> None:
        self.interval = interval
        self.kind = kind
        self.rng = rng

    def think(self) -> float:
        """Seconds to wait before the next move."""
        if self.kind == "uniform":
            return self.rng.uniform(0.0, 2.0 * self.interval)
        return self.rng.expovariate(1.0 / self.interval) if self.interval > 0 else 0.0


class Seat:
    """One person seat played by a websocket client: think, move, time the ack."""

    def __init__(self, url: str, stats: Stats, pacer: Pacer, rng: random.Random) -> None:
        self.url = url
        self.stats = stats
        self.pacer = pacer
        self.rng = rng
        self.view: JSON | None = None
        self.seq = 0
        self.sent_at: float | None = None
        """When the move awaiting its ack was sent."""
        self.thinking: asyncio.Task[None] | None = None
        self.socket: ClientConnection | None = None

    async def play(self, socket: ClientConnection) -> None:
        """Read messages until the game is over, moving whenever it is this seat's turn."""
        self.socket = socket
        try:
            while not self.over():
                raw = await asyncio.wait_for(socket.recv(), ACK_TIMEOUT + 20 * self.pacer.interval)
                self.handle(json.loads(raw))
                self.maybe_think(socket)
        finally:
            if self.thinking is not None:
                self.thinking.cancel()

    def handle(self, message: JSON) -> None:
        """Take in one server message: a view, an ack, or an error."""
        kind = message.get("type")
        if "view" in message:
            self.view = message["view"]
            self.seq = int(message["seq"])
            if kind == "resync":
                self.stats.resyncs += 1
                self.sent_at = None
        if kind == "ack" and self.sent_at is not None:
            self.stats.latencies.append(time.monotonic() - self.sent_at)
            self.stats.moves += 1
            self.sent_at = None
        elif kind == "error":
            self.stats.error(f"server error: {message.get('code')}: {message.get('message')}")
            self.sent_at = None

    def my_turn(self) -> bool:
        """Whether the latest view holds a decision for this seat."""
        view = self.view
        return bool(view and view.get("decision") and view["to_move"] == view["viewer"])

    def over(self) -> bool:
        """Whether the latest view shows the game over."""
        return bool(self.view and self.view["to_move"] == TERMINAL)

    def maybe_think(self, socket: ClientConnection) -> None:
        """Start thinking about a move if it is this seat's turn and none is pending."""
        if self.sent_at is None and self.thinking is None and self.my_turn():
            self.thinking = asyncio.create_task(self.move_after_thinking(socket, self.seq))

    async def move_after_thinking(self, socket: ClientConnection, seq: int) -> None:
        """Wait the think time, then send a random legal action (if the turn is still ours)."""
        try:
            await asyncio.sleep(self.pacer.think())
            if self.seq != seq or not self.my_turn() or self.view is None:
                return
            action = self.rng.choice(list(leaf_actions(self.view["decision"]["choices"])))
            self.sent_at = time.monotonic()
            await socket.send(json.dumps({"type": "move", "seq": seq, "action": action}))
        finally:
            if self.thinking is asyncio.current_task():
                self.thinking = None

    def rethink(self) -> None:
        """Draw the think time again (the interval changed): a pending move is rescheduled."""
        if self.thinking is not None and self.socket is not None:
            self.thinking.cancel()
            self.thinking = None
            self.maybe_think(self.socket)


class Load:
    """Keeps ``games`` games under way against one server, each replaced when it ends."""

    def __init__(self, config: LoadConfig, base_url: str) -> None:
        self.config = config
        self.base = base_url.rstrip("/")
        self.ws_base = "ws" + self.base[len("http"):] if self.base.startswith("http") else self.base
        self.stats = Stats()
        self.rng = random.Random(config.seed)
        self.pacer = Pacer(config.interval, config.think, random.Random(config.seed + 1))
        self.stopping = asyncio.Event()
        self.running = 0
        self.seats: set[Seat] = set()
        """The seats of the games under way."""

    def set_interval(self, interval: float) -> None:
        """Change every game's mean interval between moves, at once (thinking seats draw again)."""
        self.pacer.interval = interval
        for seat in list(self.seats):
            seat.rethink()

    async def create_game(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        """A new game of person seats (pace 0); its id and the seats' tokens. A kept-alive HTTP
        connection the server has just closed is not an error: the request is sent once more."""
        body = {"game": self.config.game, "seats": [{"kind": "person"}] * self.config.seats, "pace": 0}
        try:
            answer = await http.post(f"{self.base}/api/games", json=body)
        except (httpx.ReadError, httpx.RemoteProtocolError):
            answer = await http.post(f"{self.base}/api/games", json=body)
        if answer.status_code != 201:
            raise RuntimeError(f"creating a game: HTTP {answer.status_code}: {answer.text[:200]}")
        data: JSON = answer.json()
        return data["id"], [seat["token"] for seat in data["seats"] if "token" in seat]

    async def play_game(self, http: httpx.AsyncClient) -> None:
        """Create one game and play every seat of it until it ends (or the run stops)."""
        game_id, tokens = await self.create_game(http)
        self.stats.games_started += 1
        langs = self.config.seat_langs
        seats = [Seat(f"{self.ws_base}/api/games/{game_id}/ws?token={token}"
                      + (f"&lang={langs[index % len(langs)]}" if langs else ""), self.stats, self.pacer,
                      random.Random(self.rng.random())) for index, token in enumerate(tokens)]
        self.seats.update(seats)
        async with contextlib.AsyncExitStack() as stack:
            stack.callback(self.seats.difference_update, seats)
            sockets = [await stack.enter_async_context(connect(
                seat.url, max_size=2**23, compression="deflate" if self.config.compression else None,
                open_timeout=ACK_TIMEOUT, ping_interval=None)) for seat in seats]
            play: asyncio.Future[list[None]] = asyncio.gather(
                *(seat.play(s) for seat, s in zip(seats, sockets, strict=True)))
            stop: asyncio.Future[Any] = asyncio.ensure_future(self.stopping.wait())
            done, _ = await asyncio.wait({play, stop}, return_when=asyncio.FIRST_COMPLETED)
            if play in done:
                play.result()
                self.stats.games_finished += 1
            else:
                play.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await play
            stop.cancel()

    async def keep_one_game(self, http: httpx.AsyncClient, delay: float) -> None:
        """One of the ``games`` slots: after ``delay``, play game after game until the run stops."""
        await asyncio.sleep(delay)
        self.running += 1
        try:
            while not self.stopping.is_set():
                try:
                    await self.play_game(http)
                except (OSError, WebSocketException, httpx.HTTPError, RuntimeError, TimeoutError,
                        KeyError, ValueError) as error:
                    if self.stopping.is_set():
                        return
                    self.stats.error(f"client: {type(error).__name__}: {error}")
                    await asyncio.sleep(1.0)
        finally:
            self.running -= 1

    async def run(self, measure: Callable[[], Awaitable[None]]) -> None:
        """Start the games over the ramp, run ``measure`` once they are all under way, then stop."""
        limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
        async with httpx.AsyncClient(timeout=ACK_TIMEOUT, limits=limits) as http:
            step = self.config.ramp / max(1, self.config.games)
            slots = [asyncio.create_task(self.keep_one_game(http, index * step))
                     for index in range(self.config.games)]
            try:
                await asyncio.sleep(self.config.ramp)
                await measure()
            finally:
                self.stopping.set()
                _, stuck = await asyncio.wait(slots, timeout=SHUTDOWN)
                for slot in stuck:  # e.g. a close handshake an overloaded server does not answer
                    slot.cancel()
                await asyncio.gather(*slots, return_exceptions=True)


class CpuMeter:
    """CPU seconds of this process and (on Linux) of the server process, over a window."""

    def __init__(self, server_pid: int | None) -> None:
        self.server_pid = server_pid
        self.start = self.sample()

    def sample(self) -> tuple[float, float, float | None]:
        """(wall, client CPU, server CPU or None) now."""
        return time.monotonic(), time.process_time(), _process_cpu(self.server_pid)

    def shares(self, moves: int = 0) -> str:
        """Each process's CPU use since the last call, as a share of one core (and the server's
        CPU per acknowledged move, given the moves)."""
        now = self.sample()
        wall = max(1e-9, now[0] - self.start[0])
        text = f"client CPU {100 * (now[1] - self.start[1]) / wall:.0f}%"
        if now[2] is not None and self.start[2] is not None:
            text += f", server CPU {100 * (now[2] - self.start[2]) / wall:.0f}%"
            if moves:
                text += f" ({1000 * (now[2] - self.start[2]) / moves:.2f} ms per move)"
        self.start = now
        return text


def _process_cpu(pid: int | None) -> float | None:
    """User + system CPU seconds of process ``pid`` from /proc, or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()  # the kernel's, one short line
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def watch(load: Load, seconds: float, every: float, cpu: CpuMeter | None) -> Summary:
    """Measure one window of ``seconds``, printing a progress line every ``every`` seconds."""
    load.stats.reset()
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        await asyncio.sleep(min(left, every) if every > 0 else left)
        if every > 0 and time.monotonic() < end - 0.01:
            summary = summarize(load.stats)
            extra = f" {cpu.shares()}" if cpu else ""
            print(f"t={summary.seconds:.0f}s games={load.running} {summary.line()}{extra}", flush=True)
    return summarize(load.stats)


@dataclass(frozen=True)
class Result:
    """A target run: the measured window, every count, and the CPU the processes used."""

    summary: Summary
    stats: Stats
    cpu: str


async def run_target(config: LoadConfig, base_url: str, server_pid: int | None = None) -> Result:
    """Run ``config`` against the server at ``base_url`` and measure one window after the ramp."""
    load = Load(config, base_url)
    result: list[Result] = []

    async def measure() -> None:
        await asyncio.sleep(config.warmup)
        print(f"ramp done: {load.running} games under way; measuring {config.duration:g} s", flush=True)
        total = CpuMeter(server_pid)
        summary = await watch(load, config.duration, config.progress, CpuMeter(server_pid))
        result.append(Result(summary, load.stats, total.shares(summary.moves)))

    await load.run(measure)
    return result[0]


@dataclass(frozen=True)
class Step:
    """One step of ``--find-max``: the rate asked for and what the window gave."""

    rate: float
    summary: Summary
    cpu: str

    def held(self, max_p99_ms: float) -> bool:
        """Whether p99 stayed under the bound and the server kept up (80 % of the rate asked: think
        times are random, and each game's moves also wait for their round trips and chance)."""
        return (self.summary.p99_ms < max_p99_ms and self.summary.moves_per_s >= 0.8 * self.rate
                and self.summary.errors == 0)


async def run_find_max(config: LoadConfig, base_url: str, *, start_rate: float, factor: float,
                       step_seconds: float, max_p99_ms: float, server_pid: int | None = None) -> list[Step]:
    """Raise the move rate step by step (shorter think times) until a step fails; every step."""
    load = Load(config, base_url)
    steps: list[Step] = []

    async def measure() -> None:
        rate = start_rate
        await asyncio.sleep(config.warmup)
        while True:
            load.set_interval(config.games / rate)
            await asyncio.sleep(min(5.0, step_seconds / 4))
            cpu = CpuMeter(server_pid)
            summary = await watch(load, step_seconds, 0, None)
            step = Step(rate, summary, cpu.shares(summary.moves))
            steps.append(step)
            print(f"rate {rate:.0f}/s asked (interval {load.pacer.interval:.3f} s): {summary.line()} "
                  f"{step.cpu} -> {'held' if step.held(max_p99_ms) else 'FAILED'}", flush=True)
            if not step.held(max_p99_ms):
                for sample in load.stats.error_samples:
                    print(f"  error: {sample}")
                return
            rate *= factor

    await load.run(measure)
    return steps


class ServerProcess:
    """``stoneage serve`` on a temporary SQLite file and a free loopback port, as a subprocess."""

    def __init__(self, pace: float, extra: list[str]) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="stoneage-load-")
        self.log = Path(self.folder.name) / "server.log"  # our own file in our own temporary folder: read unbounded
        self.port = _free_port()
        command = [sys.executable, "-m", "stoneage", "serve", "--port", str(self.port),
                   "--db", str(Path(self.folder.name) / "games.sqlite3"), "--pace", f"{pace:g}",
                   "--new-games-per-minute", "0", *extra]  # the load's clients all come from one address
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(command, stdout=output, stderr=output)

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait for ``/api/health``; RuntimeError (with the log) if the server exits or stays silent."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout:g} s:\n{self.log.read_text()}")

    def stop(self) -> None:
        """Stop it as Ctrl-C would (killing it after 10 s) and remove the temporary folder."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.folder.cleanup()


def _free_port() -> int:
    """A TCP port nobody listens on, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not value > 0 or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m stoneage.web.load``."""
    cli = argparse.ArgumentParser(prog="python -m stoneage.web.load", description=__doc__.split("\n\n")[0],
                                  allow_abbrev=False)
    cli.add_argument("--games", type=int, default=500, help="concurrent games (default 500)")
    cli.add_argument("--seats", type=int, default=4, help="person seats per game (default 4)")
    cli.add_argument("--interval", type=_positive, default=2.0,
                     help="mean seconds between two moves of one game (default 2)")
    cli.add_argument("--duration", type=_positive, default=60.0, help="seconds measured after the ramp (default 60)")
    cli.add_argument("--ramp", type=float, default=10.0, help="seconds to start the games over (default 10)")
    cli.add_argument("--warmup", type=float, default=5.0, help="seconds after the ramp before measuring (default 5)")
    cli.add_argument("--game", default="stone_age", help="the game played (default stone_age)")
    cli.add_argument("--think", choices=("exp", "uniform"), default="exp",
                     help="think-time distribution around the interval (default exp)")
    cli.add_argument("--no-compression", action="store_true", help="do not offer permessage-deflate")
    cli.add_argument("--url", default=None, help="an already running server (default: start one on a temp SQLite db)")
    cli.add_argument("--server-pid", type=int, default=None,
                     help="with --url: the server's process id, to report its CPU use")
    cli.add_argument("--pace", type=float, default=0.0, help="--pace of the server started (default 0)")
    cli.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                     help="one more argument for the server started (repeatable)")
    cli.add_argument("--progress", type=float, default=5.0, help="seconds between progress lines (0: none)")
    cli.add_argument("--seed", type=int, default=0, help="seed of the clients' choices and think times")
    cli.add_argument("--find-max", action="store_true",
                     help="raise the move rate step by step until p99 passes --max-p99; report the highest that held")
    cli.add_argument("--start-rate", type=_positive, default=50.0,
                     help="first rate of --find-max in moves/s (default 50)")
    cli.add_argument("--factor", type=float, default=1.25, help="rate factor between --find-max steps (default 1.25)")
    cli.add_argument("--step-duration", type=_positive, default=20.0,
                     help="seconds measured per --find-max step (default 20)")
    cli.add_argument("--max-p99", type=_positive, default=TARGET_P99_MS, help="p99 bound in ms (default 50)")
    cli.add_argument("--rooms", type=int, default=0, metavar="N",
                     help="no server: play N whole random games in this process through Room.apply, every seat "
                          "(and --spectators) watching, and report the CPU per action of the events, views and "
                          "encoded updates (load-independent process time)")
    cli.add_argument("--spectators", type=int, default=0, help="--rooms: spectators per game (default 0)")
    cli.add_argument("--langs", default="en",
                     help="--rooms: the languages at each table, comma-separated: each seat and spectator is "
                          "watched in each (default en)")
    cli.add_argument("--seat-langs", default="",
                     help="the language each seat's client reads, seat i the i-th of these (in turn), e.g. "
                          "en,ko,pt_BR,de against en: the server CPU per move a table of mixed languages costs "
                          "(with --rooms: one client per seat instead of one per --langs)")
    return cli


def _languages(text: str) -> tuple[str, ...]:
    """Comma-separated language codes, checked (``SystemExit`` with the reason for an unknown one)."""
    from stoneage.core.i18n import LanguageError, check

    try:
        return tuple(check(part.strip()) for part in text.split(",") if part.strip())
    except LanguageError as error:
        raise SystemExit(f"stoneage.web.load: {error}") from None


def config_from(args: argparse.Namespace) -> LoadConfig:
    """The load asked for on the command line."""
    return LoadConfig(games=args.games, seats=args.seats, interval=args.interval, duration=args.duration,
                      ramp=max(0.0, args.ramp), warmup=max(0.0, args.warmup), game=args.game, think=args.think,
                      compression=not args.no_compression, progress=args.progress, seed=args.seed,
                      seat_langs=_languages(args.seat_langs))


def report(result: Result, config: LoadConfig) -> None:
    """Print the result of a target run."""
    summary, stats = result.summary, result.stats
    print(f"\n{config.games} games x {config.seats} seats of {config.game}, one move per {config.interval:g} s "
          f"per game (asked {config.games / config.interval:.0f} moves/s), {summary.seconds:.0f} s measured")
    print(f"  latency (move sent -> ack): p50 {summary.p50_ms:.1f} ms, p90 {summary.p90_ms:.1f} ms, "
          f"p99 {summary.p99_ms:.1f} ms, max {summary.max_ms:.1f} ms")
    print(f"  moves/s achieved: {summary.moves_per_s:.1f} ({summary.moves} moves)")
    print(f"  games started {stats.games_started}, finished {stats.games_finished}; resyncs {stats.resyncs}; "
          f"errors {stats.errors}")
    print(f"  {result.cpu} (100% = one core)")
    for sample in stats.error_samples:
        print(f"  error: {sample}")


def report_find_max(steps: list[Step], max_p99_ms: float) -> None:
    """Print every step of ``--find-max`` and the highest rate that held."""
    held = [step for step in steps if step.held(max_p99_ms)]
    print("\nrate asked  achieved     p50     p90     p99     max  errors  CPU")
    for step in steps:
        s = step.summary
        print(f"{step.rate:9.0f} {s.moves_per_s:9.1f} {s.p50_ms:7.1f} {s.p90_ms:7.1f} {s.p99_ms:7.1f} "
              f"{s.max_ms:7.1f} {s.errors:7d}  {step.cpu}")
    if held:
        best = held[-1]
        print(f"highest sustained: {best.summary.moves_per_s:.1f} moves/s (asked {best.rate:.0f}) with p99 "
              f"{best.summary.p99_ms:.1f} ms < {max_p99_ms:g} ms")
    else:
        print(f"no step held p99 < {max_p99_ms:g} ms")


def wait_for_health(url: str, timeout: float = 30.0) -> None:
    """Wait until an already running server answers ``/api/health``; RuntimeError if it does not."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url.rstrip('/')}/api/health", timeout=1).status_code == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"no server answers at {url} (GET /api/health)")


def load_average() -> str:
    """The machine's 1-minute load average and core count, to judge how quiet it was."""
    with contextlib.suppress(OSError, AttributeError):
        return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    return f"{os.cpu_count()} cores"


async def _main(args: argparse.Namespace) -> int:
    async with short_collections():  # the clients' own collector pauses are not the server's latency
        return await _run(args)


async def _run(args: argparse.Namespace) -> int:
    config = config_from(args)
    server = None if args.url else ServerProcess(args.pace, args.server_arg)
    errors = 0
    try:
        if server is not None:
            await asyncio.to_thread(server.wait_ready)
            print(f"server: {server.url} (pid {server.process.pid}, log {server.log})", flush=True)
        else:
            await asyncio.to_thread(wait_for_health, args.url)
        url = args.url or (server.url if server else "")
        pid = server.process.pid if server else args.server_pid
        print(f"before: {load_average()}", flush=True)
        if args.find_max:
            steps = await run_find_max(config, url, start_rate=args.start_rate, factor=args.factor,
                                       step_seconds=args.step_duration, max_p99_ms=args.max_p99, server_pid=pid)
            report_find_max(steps, args.max_p99)
            errors = sum(step.summary.errors for step in steps)
        else:
            result = await run_target(config, url, pid)
            report(result, config)
            errors = result.stats.errors
        print(f"after: {load_average()}")
    finally:
        if server is not None:
            if errors:
                print("server log (last lines):\n" + "\n".join(server.log.read_text().splitlines()[-20:]))
            server.stop()
    return 1 if errors else 0


@dataclass
class RoomBench:
    """What ``--rooms`` measured."""

    games: int
    actions: int
    seconds: float
    """Process time spent in ``Room.apply`` (tracing, views, encoding)."""
    messages: int
    characters: int

    def report(self) -> str:
        """One paragraph for the console."""
        per = self.seconds / max(1, self.actions)
        return (f"{self.games} games, {self.actions} actions: {1000 * per:.3f} ms of CPU per action in Room.apply "
                f"(events, every viewer's view, encoded); {self.messages} updates, "
                f"{self.characters / max(1, self.messages):.0f} characters each on average")


def room_bench(game: str, seats: int, games: int, *, spectators: int = 0, langs: tuple[str, ...] = ("en",),
               seat_langs: tuple[str, ...] = (), seed: int = 0) -> RoomBench:
    """Play ``games`` whole random games of ``game`` in this process, every seat a person watched by one
    client per language (and ``spectators``), and time ``Room.apply`` alone (process time). With
    ``seat_langs``, each seat is watched by one client only, seat ``i`` reading ``seat_langs[i]`` (in turn)."""
    from stoneage.core.contract import CHANCE, PUBLIC
    from stoneage.core.registry import load_game
    from stoneage.web.room import Room
    from stoneage.web.store import PERSON, GameRow, SeatRow

    class Listener:
        def __init__(self, viewer: int, lang: str) -> None:
            self.viewer, self.lang = viewer, lang
            self.messages = self.characters = 0

        def send_text(self, text: str) -> None:
            self.messages += 1
            self.characters += len(text)

    result = RoomBench(games, 0, 0.0, 0, 0)
    for number in range(games):
        loaded = load_game(game, players=seats, seed=seed + number)
        row = GameRow(f"bench{number}", game, seats, seed + number, {}, {}, "running",
                      seats=tuple(SeatRow(seat, PERSON, name=f"Seat {seat + 1}") for seat in range(seats)))
        room = Room(row, loaded)
        viewers = [*range(seats), *[PUBLIC] * spectators]
        if seat_langs:
            listeners = [Listener(viewer, seat_langs[index % len(seat_langs)]) for index, viewer in enumerate(viewers)]
        else:
            listeners = [Listener(viewer, lang) for viewer in viewers for lang in langs]
        room.clients.update(listeners)
        rng = random.Random(seed + number)
        while not room.state.is_terminal():
            state = room.state
            action = state.sample_chance_outcome() if state.current_player() == CHANCE else rng.choice(
                state.legal_actions())
            start = time.process_time()
            room.apply(action)
            result.seconds += time.process_time() - start
            result.actions += 1
        result.messages += sum(listener.messages for listener in listeners)
        result.characters += sum(listener.characters for listener in listeners)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status is 1 if any client met an error."""
    args = parser().parse_args(argv)
    if args.rooms > 0:
        langs = tuple(lang.strip() for lang in args.langs.split(",") if lang.strip()) or ("en",)
        seat_langs = _languages(args.seat_langs)
        warm = seat_langs or langs
        room_bench(args.game, args.seats, 1, langs=warm, seed=args.seed + 10**6)  # imports and caches warm
        print(room_bench(args.game, args.seats, args.rooms, spectators=args.spectators, langs=langs,
                         seat_langs=seat_langs, seed=args.seed).report())
        return 0
    if args.games < 1 or args.seats < 1:
        parser().error("--games and --seats must be at least 1")
    try:
        return asyncio.run(_main(args))
    except KeyboardInterrupt:
        return 130
    except RuntimeError as error:
        print(f"stoneage.web.load: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
