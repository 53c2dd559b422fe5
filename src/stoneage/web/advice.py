"""Hints and "why?" answers, worked out in worker processes of their own (issue 35).

A hint is a search of a second or so plus the advisor's values: CPU-heavy Python. Worked out on the
server's threads it held the interpreter's lock and the threads that store moves, bots' moves
included, so one player asking for hints slowed every table. The service hands each question to an
:class:`AdvicePool` instead: a few processes (2 by default, ``stoneage serve --advice-workers N``),
started on first use and ended with the server. A question travels as plain data (the game's name
and parameters, the position as JSON, the seat, the hint bot's spec and seed, the language and the
seat's name) and the worker rebuilds the game and an :class:`~stoneage.play.advisor.Advisor` from it,
so its answer is the one the server's own advisor would give. Each worker keeps the advisors of its
latest games (their values too: a why? after a hint reuses them).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
from collections import OrderedDict
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from stoneage.bots import BotSpecError
from stoneage.bots.registry import PRESETS
from stoneage.core.contract import JSON
from stoneage.core.i18n import use_language
from stoneage.core.registry import load_game
from stoneage.play.advisor import Advisor
from stoneage.play.explain import explain, explain_hint, review_move
from stoneage.play.kit import play_kit

WORKERS = 2
"""Advice worker processes by default."""
KEPT = 8
"""Advisors (one per game, hint bot and seed) a worker keeps, the latest used."""


@dataclass(frozen=True)
class Position:
    """A game and a position in it, as plain data a worker rebuilds them from."""

    game: str
    """The game's registry name."""
    params: JSON
    """``Game.params()``: ``load_game(game, **params)`` makes the same game (seed included)."""
    state: JSON
    """``State.to_json()`` of the position."""


@dataclass(frozen=True)
class HintJob:
    """A hint: what the advisor (hint bot ``spec``, seeded ``seed``) suggests to ``seat`` at ``position``."""

    position: Position
    seat: int
    spec: str
    seed: int


@dataclass(frozen=True)
class WhyJob:
    """A why?: the move ``action`` of ``seat`` at ``position`` explained to ``viewer`` in ``lang``,
    the seat called ``name``. ``hint``: it is the hint the seat was given there; else ``bot``: the spec
    of the bot seat that played it (seeded ``bot_seed``); else the viewer's own move, reviewed."""

    position: Position
    action: int
    seat: int
    viewer: int
    lang: str
    name: str
    spec: str
    """The advisor's hint bot."""
    seed: int
    """The advisor's seed."""
    hint: bool = False
    bot: str | None = None
    bot_seed: int = 0


# --- in the worker process ------------------------------------------------------------------------

_advisors: OrderedDict[str, Advisor] = OrderedDict()


def _start_worker(presets: dict[str, str]) -> None:
    """A worker knows the bot names the server offers (``stoneage serve --bot NAME=SPEC``)."""
    PRESETS.update(presets)


def _advisor(position: Position, spec: str, seed: int) -> Advisor:
    """The advisor of ``position``'s game with hint bot ``spec`` and ``seed``: one of the latest kept, or new."""
    key = json.dumps([position.game, position.params, spec, seed], sort_keys=True, default=list)
    advisor = _advisors.get(key)
    if advisor is None:
        game = load_game(position.game, **position.params)
        advisor = _advisors[key] = Advisor(game, play_kit(game), seed)
        if spec != advisor.spec:
            advisor.spec = spec
        while len(_advisors) > KEPT:
            _advisors.popitem(last=False)
    _advisors.move_to_end(key)
    return advisor


def hint_in_worker(job: HintJob) -> int | str:
    """The advisor's hint (an action), or why there is none (the hint bot cannot be made): in a worker."""
    advisor = _advisor(job.position, job.spec, job.seed)
    try:
        return advisor.hint(advisor.game.state_from_json(job.position.state), job.seat)
    except BotSpecError as error:
        return str(error)


def why_in_worker(job: WhyJob) -> list[str]:
    """The why? answer's lines, in the job's language: in a worker."""
    advisor = _advisor(job.position, job.spec, job.seed)
    state = advisor.game.state_from_json(job.position.state)
    with use_language(job.lang):
        if job.hint:
            return explain_hint(advisor, state, job.action, viewer=job.viewer).lines(job.name)
        if job.bot is None:
            return review_move(advisor, state, job.action, viewer=job.viewer).lines(job.name)
        return explain(state, job.seat, job.action, job.bot, seed=job.bot_seed, viewer=job.viewer).lines(job.name)


# --- in the server ----------------------------------------------------------------------------------

class AdvicePool:
    """The worker processes that answer hints and why?s, started on first use, ended by ``close``."""

    def __init__(self, workers: int = WORKERS, executor: Executor | None = None) -> None:
        if workers < 1:
            raise ValueError(f"advice needs at least 1 worker process, not {workers}")
        self.workers = workers
        self._executor = executor

    def executor(self) -> Executor:
        """The worker processes, started on first use (knowing the bot names offered now)."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(max_workers=self.workers,
                                                 mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_start_worker, initargs=(dict(PRESETS),))
        return self._executor

    async def _run(self, work: Any, job: Any) -> Any:
        """``work(job)`` in a worker; a pool whose worker died (``BrokenExecutor``, raised) is replaced
        for the next question."""
        executor = self.executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, work, job)
        except BrokenExecutor:
            if self._executor is executor:
                self.close()
            raise

    async def hint(self, job: HintJob) -> int:
        """The hint's action; ``BotSpecError`` if the hint bot cannot be made."""
        answer: int | str = await self._run(hint_in_worker, job)
        if isinstance(answer, str):
            raise BotSpecError(answer)
        return answer

    async def why(self, job: WhyJob) -> list[str]:
        """The why? answer's lines."""
        lines: list[str] = await self._run(why_in_worker, job)
        return lines

    def close(self) -> None:
        """End the workers without waiting for the questions they are working on (the server stops:
        nobody is left to answer), as ``AnalysisJobs.close`` does."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        workers = list(executor._processes.values()) if isinstance(executor, ProcessPoolExecutor) else []
        executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(5)
