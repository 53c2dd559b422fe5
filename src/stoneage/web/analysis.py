"""``GET /api/games/{id}/analysis``: a finished game's analysis (docs/analysis.md) for the replay viewer.

Analysing takes a while (seconds for a Stone Age game, more on a busy machine), so it never runs on the
server's event loop: the first request starts it in a worker process and answers ``202`` with
``{"status": "running"}`` and a ``Retry-After``; asking again gives ``200`` with the analysis JSON
(``Analysis.to_json``) once it is ready. Finished analyses are kept in memory by their record key.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from stoneage.core.contract import JSON
from stoneage.core.errors import StoneAgeError
from stoneage.play.analysis import analyse, record_key

RETRY_SECONDS = 5
KEPT = 32
"""Finished analyses kept in memory (the oldest is dropped first)."""
QUEUED = 8
"""Analyses waiting or running at most; more games asked for meanwhile get 503 and a Retry-After."""


def analysis_json(record: JSON, seed: int) -> JSON:
    """The analysis of ``record`` as JSON (run in a worker process)."""
    return analyse(record, seed).to_json()


class AnalysisJobs:
    """Analyses of finished games: started on first request, one worker process, kept by record key."""

    def __init__(self, seed: int = 0, executor: Executor | None = None, kept: int = KEPT) -> None:
        self.seed, self.kept = seed, kept
        self._executor = executor
        self.done: OrderedDict[str, tuple[int, JSON]] = OrderedDict()
        self.running: dict[str, asyncio.Future[JSON]] = {}

    def executor(self) -> Executor:
        """The worker process, started on first use."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    async def answer(self, record: JSON) -> tuple[int, JSON]:
        """(HTTP status, body) for the analysis of ``record``: 200 with it, 202 while it runs, 422 if it
        cannot be made, 503 while too many others wait."""
        key = record_key(record, self.seed)
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        future = self.running.get(key)
        if future is None:
            if len(self.running) >= QUEUED:
                return 503, {"error": {"code": "busy", "message": "too many games are being analysed; ask again later"}}
            loop = asyncio.get_running_loop()
            future = self.running[key] = asyncio.ensure_future(
                loop.run_in_executor(self.executor(), analysis_json, record, self.seed))
        if not future.done():
            return 202, {"status": "running", "retry_after": RETRY_SECONDS}
        del self.running[key]
        try:
            outcome: tuple[int, JSON] = (200, future.result())
        except StoneAgeError as error:
            outcome = (422, {"error": {"code": "cannot_analyse", "message": str(error)}})
        self.done[key] = outcome
        while len(self.done) > self.kept:
            self.done.popitem(last=False)
        return outcome

    def close(self) -> None:
        """Stop the worker process (analyses still running are dropped): the server calls it as it
        stops, so no worker outlives it (nor keeps it waiting for an analysis it will never serve)."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        workers = list(executor._processes.values()) if isinstance(executor, ProcessPoolExecutor) else []
        executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:  # a running analysis is not waited for: its worker is ended
            worker.terminate()
        for worker in workers:
            worker.join(5)
        for future in self.running.values():
            future.cancel()
        self.running.clear()


def add_analysis_route(app: FastAPI, record_of: Callable[[str], Awaitable[JSON]],
                       jobs: AnalysisJobs | None = None) -> AnalysisJobs:
    """Serve ``GET /api/games/{game_id}/analysis``; ``record_of`` gives a finished game's record (or
    raises the service's 404/409 error)."""
    analyses = jobs or AnalysisJobs()

    @app.get("/api/games/{game_id}/analysis",
             summary="A finished game's analysis (202 while it is made: ask again after Retry-After)")
    async def analysis(game_id: str) -> Any:
        status, body = await analyses.answer(await record_of(game_id))
        headers = {"Retry-After": str(RETRY_SECONDS)} if status in (202, 503) else None
        return JSONResponse(body, status_code=status, headers=headers)

    return analyses
