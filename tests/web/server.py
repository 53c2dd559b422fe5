"""Start ``stoneage serve`` as a real process on a free loopback port, and stop or kill it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    """A TCP port nobody listens on, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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

    def start(self, timeout: float = 30) -> ServerProcess:
        """Start on a new free port and wait for ``/api/health``."""
        self.port = free_port()
        command = [sys.executable, "-m", "stoneage", "serve", "--port", str(self.port), "--db", self.db,
                   "--pace", "0", *self.extra]
        if self.redis:
            command += ["--redis", self.redis]
        output = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(command, stdout=output, stderr=output, env={**os.environ})
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
