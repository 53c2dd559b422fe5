"""A bot that is another program, spoken to in the ``stoneage-bot/1`` protocol over its stdin/stdout.

The program is started (without a shell) at its first decision, not when the bot is made, so that
checking a spec runs nothing. A failed decision raises ``BotFailure``; ``fallback.py`` turns that
into an incident and another bot's move. A program that crashes or hangs is stopped and started
again at the next decision, at most ``restarts`` times; after that, or after a failed handshake,
the bot is *retired* and plays no more.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Sequence
from typing import IO

from stoneage import __version__
from stoneage.bots.base import Bot
from stoneage.bots.external import protocol
from stoneage.bots.external.protocol import BotFailure, BotHello
from stoneage.core.contract import JSON, State

GRACE = 0.1
"""Seconds allowed beyond a request's budget for the pipes and the scheduler."""
STDERR_LINES = 20
"""How many of the program's last stderr lines are kept (the last one explains a crash)."""

_LIVE: weakref.WeakSet[Program] = weakref.WeakSet()


class Program:
    """One run of the program: the process and the threads that feed and drain its pipes."""

    def __init__(self, argv: Sequence[str], log: IO[str] | None = None) -> None:
        self.log = log
        """Where each line is copied (``>`` to the bot, ``<`` from it), if anywhere."""
        try:
            self.process = subprocess.Popen(  # the operator's own command, run without a shell
                list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                start_new_session=True)
        except OSError as error:
            raise BotFailure("crash", f"cannot start {argv[0]!r}: {error.strerror or error}") from None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        """Lines from stdout; ``b""`` for an oversized line, ``None`` at the end of output."""
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        assert self.process.stdin and self.process.stdout and self.process.stderr
        for target, pipe in ((self._read, self.process.stdout), (self._drain, self.process.stderr),
                             (self._write, self.process.stdin)):
            threading.Thread(target=target, args=(pipe,), daemon=True).start()
        _LIVE.add(self)

    def _read(self, pipe: IO[bytes]) -> None:
        try:
            while line := pipe.readline(protocol.MAX_LINE + 1):
                if len(line) > protocol.MAX_LINE and not line.endswith(b"\n"):
                    while (rest := pipe.readline(protocol.MAX_LINE)) and not rest.endswith(b"\n"):
                        pass  # skip the rest of the oversized line
                    self.lines.put(b"")
                else:
                    self.lines.put(line.rstrip(b"\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _drain(self, pipe: IO[bytes]) -> None:
        try:
            for line in pipe:
                self.stderr.append(line[:500].decode("utf-8", "replace").rstrip())
        except (OSError, ValueError):
            pass

    def _write(self, pipe: IO[bytes]) -> None:
        try:
            while (data := self._outbox.get()) is not None:
                pipe.write(data)
                pipe.flush()
            pipe.close()
        except (OSError, ValueError):
            pass

    def send(self, message: JSON) -> None:
        """Queue a message (never blocks, even if the program reads nothing)."""
        data = protocol.encode(message)
        self._copy("> ", data)
        self._outbox.put(data)

    def _copy(self, mark: str, line: bytes) -> None:
        if self.log is not None:
            self.log.write(mark + line.decode("utf-8", "replace").rstrip("\n") + "\n")
            self.log.flush()

    def receive(self, deadline: float) -> JSON | None:
        """The next message, or ``None`` once ``deadline`` (a ``time.monotonic()``) has passed.

        ``BotFailure``: ``crash`` at the end of output, ``garbage`` for a line that is no JSON object.
        """
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)  # stay at the end
            raise BotFailure("crash", self.exit_text())
        if not line:
            self._copy("< ", b"(a line longer than the limit)")
            raise BotFailure("garbage", f"a line longer than {protocol.MAX_LINE} bytes")
        self._copy("< ", line)
        return protocol.decode(line)

    def exit_text(self) -> str:
        """Why the output ended: the exit status and the last stderr line."""
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        text = "the program closed its output" if code is None else f"the program exited with status {code}"
        time.sleep(0.01)  # let the last stderr line arrive
        return text + (f": {self.stderr[-1]}" if self.stderr else "")

    def stop(self, polite: bool) -> None:
        """End the program: ``quit`` and a short wait if ``polite``, then kill it."""
        if polite and self.process.poll() is None:
            self.send(protocol.QUIT)
            self._outbox.put(None)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=0.5)
        self._outbox.put(None)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        _LIVE.discard(self)


@atexit.register
def _stop_all() -> None:
    for program in list(_LIVE):
        program.stop(polite=False)


class CommandBot(Bot):
    """A bot played by the program ``argv`` (see docs/bot-protocol.md)."""

    name = "cmd"

    def __init__(self, argv: Sequence[str], seed: int = 0, budget: float = 1.0, hello_timeout: float = 5.0,
                 restarts: int = 2, log: str | None = None) -> None:
        self.argv = tuple(argv)
        self.log_path = log
        """A file to which every line of the conversation is appended (for debugging a bot)."""
        self._log: IO[str] | None = None
        self.seed = seed
        self.budget = budget
        self.hello_timeout = hello_timeout
        self.restarts = restarts
        self.retired = False
        """Set when the bot will play no more (see the module doc)."""
        self.hello: BotHello | None = None
        self.name = os.path.basename(self.argv[-1] if len(self.argv) > 1 else self.argv[0])
        self._program: Program | None = None
        self._starts = 0
        self._seen: list[int] | None = None
        """The history at the last decision (a state that does not extend it is a new game)."""
        self._game: tuple[str, JSON] | None = None
        self._next_id = 0

    # --- the bot interface ------------------------------------------------------------------------

    def step(self, state: State, player: int) -> int:
        """The program's legal action; ``BotFailure`` if it gives none (the caller falls back)."""
        if self.retired:
            raise BotFailure("crash", "the bot was retired")
        program = self._ready(state, player)
        self._next_id += 1
        message, legal = protocol.request(self._next_id, self._game_name(), state, player,
                                          round(self.budget * 1000))
        program.send(message)
        deadline = time.monotonic() + self.budget + GRACE
        try:
            while True:
                answer = program.receive(deadline)
                if answer is None:
                    raise BotFailure("timeout", f"no answer within {self.budget:g} s")
                if answer.get("type") == "action" and answer.get("id") == self._next_id:
                    return protocol.read_action(answer, state, legal, message["legal_notation"])
                # anything else (another type, an answer to an older request) is ignored
        except BotFailure as failure:
            if failure.kind in ("crash", "timeout"):
                self._lost(program, failure)
            raise

    def game_over(self, state: State) -> None:
        """Tell a running program the final scores."""
        if self._program is not None and self._program.process.poll() is None:
            self._program.send(protocol.game_over(state))
        self._seen = None

    def close(self) -> None:
        """Say ``quit`` and end the program (killing it if it does not exit within half a second)."""
        if self._program is not None:
            self._program.stop(polite=True)
            self._program = None
        if self._log is not None:
            self._log.close()
            self._log = None

    # --- running the program ----------------------------------------------------------------------

    def _ready(self, state: State, seat: int) -> Program:
        """The running program, started and told of a new game as needed."""
        history = state.history()
        new = self._seen is None or history[: len(self._seen)] != self._seen
        self._seen = history
        if new:
            self._game = protocol.game_of(state)
        if self._program is None:
            self._program = self._start()
            new = True
        if new:
            name, params = self._game or protocol.game_of(state)
            assert self.hello is not None
            if not self.hello.plays(name):
                self._retire()
                raise BotFailure("handshake", f"{self.hello.name} does not play {name} (it plays "
                                              f"{', '.join(self.hello.games)}); retired")
            self._program.send(protocol.new_game(name, params, seat, protocol.program_seed(self.seed)))
        return self._program

    def _game_name(self) -> str:
        return self._game[0] if self._game else ""

    def _start(self) -> Program:
        self._starts += 1
        if self.log_path and self._log is None:
            try:
                # a regular file or none (checked with the spec); closed by close()
                self._log = open(self.log_path, "a", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                self._retire()
                raise BotFailure("crash", f"cannot write the log {self.log_path!r}: {error.strerror}") from None
        try:
            program = Program(self.argv, self._log)
        except BotFailure:
            self._retire()
            raise
        program.send(protocol.hello(__version__))
        deadline = time.monotonic() + self.hello_timeout
        try:
            while True:
                message = program.receive(deadline)
                if message is None:
                    raise BotFailure("handshake", f"no hello within {self.hello_timeout:g} s")
                if message.get("type") == "hello":
                    self.hello = protocol.read_hello(message)
                    self.name = self.hello.name
                    return program
        except BotFailure as failure:
            program.stop(polite=False)
            self._retire()
            raise BotFailure("handshake", f"{failure.detail}; retired") from None

    def _lost(self, program: Program, failure: BotFailure) -> None:
        """The program crashed or hung: stop it; start it again next time, or retire the bot."""
        program.stop(polite=False)
        self._program = None
        if self._starts > self.restarts:
            self.retired = True
            failure.detail += "; retired"
        else:
            failure.detail += "; it will be restarted"
        failure.args = (failure.detail,)

    def _retire(self) -> None:
        self.retired = True
        if self._program is not None:
            self._program.stop(polite=False)
            self._program = None
