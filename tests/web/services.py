"""Throwaway PostgreSQL and Redis servers for the server tests, on loopback and free ports.

Each is started in a temporary folder of its own and removed with it when stopped. The binaries
are found where Debian puts them; when they are missing and we are root on a machine with
apt-get, they are installed (``apt-get update`` once per test run); otherwise ``Missing`` says
what to install. Nothing here skips: a test that needs a server and cannot have one fails.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from web.server import free_port

PG_BINARIES = "/usr/lib/postgresql/*/bin"
INSTALL_HINT = {
    "postgresql": "PostgreSQL's server binaries (Debian: apt-get install postgresql; they are looked "
                  f"for as {PG_BINARIES}/initdb and pg_ctl)",
    "redis-server": "redis-server (Debian: apt-get install redis-server; it is looked for on PATH)",
}
_apt_updated = False


class Missing(RuntimeError):
    """A server the tests need is not installed and cannot be installed from here."""


def _can_install() -> bool:
    return os.geteuid() == 0 and shutil.which("apt-get") is not None and Path("/etc/debian_version").exists()


def apt_install(package: str) -> None:
    """Install a Debian package (root only), running ``apt-get update`` first once per test run."""
    global _apt_updated
    if not _can_install():
        raise Missing(f"the server tests need {INSTALL_HINT[package]}; install it, or run the tests as root "
                      "on Debian so that they install it themselves")
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    wait_for_lock = ["-o", "DPkg::Lock::Timeout=300"]  # another apt-get may be running
    try:
        if not _apt_updated:
            subprocess.run(["apt-get", *wait_for_lock, "update"], check=True, capture_output=True, env=environment,
                           timeout=900)
            _apt_updated = True
        subprocess.run(["apt-get", *wait_for_lock, "install", "-y", package], check=True, capture_output=True,
                       env=environment, timeout=1200)
    except subprocess.CalledProcessError as error:
        output = (error.stderr or error.stdout or b"").decode(errors="replace").strip().splitlines()[-5:]
        raise Missing(f"apt-get could not install {package} ({' / '.join(output)}); the server tests need "
                      f"{INSTALL_HINT[package]}") from None


def postgres_binaries() -> Path:
    """The folder of the newest installed PostgreSQL's ``initdb`` and ``pg_ctl``, installing it if need be."""
    for attempt in range(2):
        found = sorted((Path(folder) for folder in glob.glob(PG_BINARIES)
                        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists()),
                       key=lambda folder: _version(folder.parent.name))
        if found:
            return found[-1]
        if attempt == 0:
            apt_install("postgresql")
    raise Missing(f"apt-get installed postgresql but no {PG_BINARIES}/initdb appeared")


def redis_binary() -> str:
    """The path of ``redis-server``, installing it if need be."""
    for attempt in range(2):
        found = shutil.which("redis-server") or next(
            (path for path in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if os.access(path, os.X_OK)), None)
        if found:
            return found
        if attempt == 0:
            apt_install("redis-server")
    raise Missing("apt-get installed redis-server but no redis-server binary appeared")


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def _wait_for(check: Callable[[], bool], what: str, timeout: float, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    tail = log.read_text(errors="replace")[-2000:] if log is not None and log.exists() else ""
    raise RuntimeError(f"{what} did not answer within {timeout:g} s\n{tail}")


class Postgres:
    """A PostgreSQL cluster in a temporary folder: trust auth, no fsync, loopback only."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="stoneage-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.port = 0
        self._databases = 0
        # initdb refuses to run as root: the cluster belongs to the postgres user then.
        self._as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self._as_owner:
            shutil.chown(self.folder, "postgres", "postgres")

    def _run(self, *command: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self._as_owner, *command], cwd=self.folder, capture_output=True, text=True,
                              timeout=timeout)

    def start(self) -> Postgres:
        """``initdb`` and ``pg_ctl start`` on a free port (another port if that one was taken meanwhile)."""
        made = self._run(str(self.binaries / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                         "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")
        if made.returncode != 0:
            self.remove()
            raise RuntimeError(f"initdb failed: {made.stderr.strip() or made.stdout.strip()}")
        for _attempt in range(3):
            self.port = free_port()
            options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off "
                       "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
            started = self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w",
                                "-t", "60", "-o", options, "start")
            if started.returncode == 0:
                return self
        tail = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
        self.remove()
        raise RuntimeError(f"PostgreSQL did not start: {started.stderr.strip()}\n{tail}")

    @property
    def url(self) -> str:
        """The URL of the ``postgres`` database (``stoneage serve --db`` takes it as is)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def create_database(self) -> str:
        """A new empty database; its URL."""
        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        made = subprocess.run([str(self.binaries / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                               "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", f'CREATE DATABASE "{name}"'],
                              capture_output=True, text=True, timeout=60, env={**os.environ, "PGCONNECT_TIMEOUT": "10"})
        if made.returncode != 0:
            raise RuntimeError(f"CREATE DATABASE {name} failed: {made.stderr.strip()}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """``pg_ctl stop -m fast`` (the postmaster is killed if that fails), then remove the folder."""
        try:
            if (self.data / "postmaster.pid").exists():
                stopped = self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                                    "-t", "30", "stop", timeout=60)
                if stopped.returncode != 0:
                    self._kill_postmaster()
        finally:
            self.remove()

    def _kill_postmaster(self) -> None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int((self.data / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGKILL)

    def remove(self) -> None:
        """Remove the temporary folder."""
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """A Redis server in the foreground (its process is ours): loopback, no persistence."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.folder = Path(tempfile.mkdtemp(prefix="stoneage-redis-"))
        self.log = self.folder / "server.log"
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Redis:
        """Start on a free port and wait until it answers ``PING``."""
        for _attempt in range(3):
            self.port = free_port()
            self._launch()
            try:
                _wait_for(lambda: self.process is not None and (self.process.poll() is not None or self.ping()),
                          "Redis", 30, self.log)
            except RuntimeError:
                self.stop()
                raise
            if self.process is not None and self.process.poll() is None:
                return self
        tail = self.log.read_text(errors="replace")[-2000:]
        self.stop()
        raise RuntimeError(f"redis-server did not start\n{tail}")

    def kill(self) -> None:
        """``kill -9`` (an outage: the port refuses connections until ``restart``)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def restart(self) -> None:
        """Start again on the same port (empty: no persistence) and wait until it answers ``PING``."""
        self._launch()
        _wait_for(lambda: self.ping() or (self.process is not None and self.process.poll() is not None),
                  "Redis", 30, self.log)
        assert self.process is not None and self.process.poll() is None, self.log.read_text(errors="replace")[-2000:]

    def _launch(self) -> None:
        with open(self.log, "ab") as output:
            self.process = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                 "no", "--dir", str(self.folder), "--daemonize", "no"],
                stdout=output, stderr=subprocess.STDOUT, cwd=self.folder)

    @property
    def url(self) -> str:
        """The URL of database 0."""
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self, *words: str) -> bytes:
        """Send one command (inline form) and return the first reply line."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as connection:
            connection.sendall((" ".join(words) + "\r\n").encode())
            return connection.recv(4096)

    def ping(self) -> bool:
        """Whether it answers ``PING``."""
        try:
            return self.command("PING").startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """``SHUTDOWN NOSAVE``, killing our process if it lingers; then remove the folder."""
        try:
            if self.process is not None and self.process.poll() is None:
                with contextlib.suppress(OSError):
                    self.command("SHUTDOWN", "NOSAVE")
                try:
                    self.process.wait(10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(10)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
