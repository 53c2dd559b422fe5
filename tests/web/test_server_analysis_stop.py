"""The analysis worker process ends with the server: it stops at once (an analysis running is
dropped, not waited for) and leaves no worker behind."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import httpx

from web.client import Table, create_game, person_seats, play_out_all
from web.server import ServerProcess


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc), zombies left out."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running (not zombie) process."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_stopping_the_server_ends_the_analysis_worker(tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "games.sqlite3"), log=tmp_path / "server.log").start()
    try:
        assert server.process is not None
        created = create_game(server.http, "stone_age_junior", person_seats(2))
        tables = [Table(server.ws, created["id"], token=seat["token"]) for seat in created["seats"]]
        asyncio.run(play_out_all(tables))
        before = children(server.process.pid)
        answer = httpx.get(f"{server.http}/api/games/{created['id']}/analysis", timeout=30)
        assert answer.status_code == 202
        workers: set[int] = set()
        deadline = time.monotonic() + 20
        while not workers and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = children(server.process.pid) - before
        assert workers, "no worker process was started for the analysis"
    finally:
        stopping = time.monotonic()
        server.stop()
        stopped = time.monotonic() - stopping
    assert server.process.returncode != -signal.SIGKILL, "the server did not stop within 10 s: it was killed"
    # An analysis of the whole game takes far longer on a loaded machine; 8 s leaves room for a slow stop.
    assert stopped < 8, f"the server took {stopped:.1f} s to stop: it waited for the analysis"
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "a worker process outlived the server"


def test_closing_the_analysis_jobs_ends_an_analysis_under_way() -> None:
    """``close`` (what the server calls as it stops) does not wait for an analysis under way (a whole
    Stone Age game takes the worker seconds after it starts)."""
    import json
    import os

    from stoneage.web.analysis import AnalysisJobs

    record = json.loads((Path(__file__).parents[1] / "analysis_records" / "stone_age_hard_vs_hard.json").read_text())
    jobs = AnalysisJobs()
    before = children(os.getpid())

    async def scenario() -> tuple[set[int], float]:
        assert (await jobs.answer(record))[0] == 202
        workers: set[int] = set()
        deadline = time.monotonic() + 30
        while not workers and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            workers = {pid for pid in children(os.getpid()) - before if not tracker(pid)}
        assert workers, "no worker process was started for the analysis"
        await asyncio.sleep(1)  # the worker is deep in the analysis now
        assert all(alive(pid) for pid in workers)
        closing = time.monotonic()
        jobs.close()
        return workers, time.monotonic() - closing

    workers, took = asyncio.run(scenario())
    assert took < 8, f"close took {took:.1f} s: it waited for the analysis"
    assert not [pid for pid in workers if alive(pid)], "the worker process outlived close()"
    assert not jobs.running


def tracker(pid: int) -> bool:
    """Whether ``pid`` is multiprocessing's resource tracker (it lives as long as this process)."""
    try:
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
