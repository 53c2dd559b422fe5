"""One table's questions never hold up another table's moves (issue 35): hints and why? answers are
worked out in the advice pool's worker processes, not in the threads that store the moves."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from stoneage.core.i18n import use_language
from stoneage.core.registry import load_game
from stoneage.play.advisor import Advisor
from stoneage.play.explain import explain, explain_hint, review_move
from stoneage.play.kit import play_kit
from stoneage.web.advice import HintJob, Position, WhyJob, hint_in_worker, why_in_worker

from web.client import Table, create_game, leaf_actions, person_seats, tokens_of
from web.server import ServerProcess
from web.test_server_analysis_stop import alive, children

OLD_POOL = min(32, (os.cpu_count() or 1) + 4)
"""The threads of asyncio's default pool, where hints, bot moves and the store's writes all used to run."""
ASKERS = OLD_POOL + 4
"""Hints in flight at once: more than that pool has threads, so a move's write waited behind them."""


def test_a_move_is_acknowledged_before_any_of_many_hints_at_other_tables(server: ServerProcess) -> None:
    games = [create_game(server.http, "stone_age", person_seats(2)) for _ in range(ASKERS + 1)]

    async def hint_answered(table: Table) -> float:
        await table.until("hint", timeout=120)
        return table.times[-1]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            tables = [await stack.enter_async_context(Table(server.ws, game["id"], token=tokens_of(game)[0]))
                      for game in games]
            for table in tables:
                await table.until("hello")
                await table.until_my_turn()
            *askers, mover = tables
            for table in askers:
                await table.send({"type": "hint"})
            answers = [asyncio.create_task(hint_answered(table)) for table in askers]  # read as they come
            await asyncio.sleep(0)
            assert mover.view is not None
            await mover.move(next(leaf_actions(mover.view["decision"]["choices"])))
            await mover.until("ack", timeout=120)
            acked = mover.times[-1]
            answered = await asyncio.gather(*answers)
            assert all(table.of_type("error") == [] for table in tables)
            assert acked < min(answered), (f"the move was acknowledged {acked - min(answered):.2f} s after the "
                                           f"first of {len(askers)} hints at other tables was answered")

    asyncio.run(scenario())


def _position() -> tuple[Position, Any]:
    game = load_game("stone_age", players=2, seed=11)
    state = game.new_initial_state()
    while state.current_player() < 0 or len(state.legal_actions()) < 3:
        state.apply_action(state.sample_chance_outcome() if state.current_player() < 0 else state.legal_actions()[0])
    return Position(game.name, game.params(), state.to_json()), state


def test_a_worker_answers_as_the_advisor_in_the_server_would() -> None:
    position, state = _position()
    game = load_game("stone_age", players=2, seed=11)
    spec, seed = "mcts:iterations=40", 77  # a search bounded by iterations alone: the same answer every time
    advisor = Advisor(game, play_kit(game), seed)
    advisor.spec = spec
    seat = state.current_player()
    hinted = advisor.hint(state.clone(), seat)
    assert hint_in_worker(HintJob(position, seat, spec, seed)) == hinted
    why = WhyJob(position, hinted, seat, seat, "de", "Ann", spec, seed, hint=True)
    with use_language("de"):
        assert why_in_worker(why) == explain_hint(advisor, state, hinted, viewer=seat).lines("Ann")
        other = state.legal_actions()[-1]
        own = WhyJob(position, other, seat, seat, "de", "Ann", spec, seed)
        assert why_in_worker(own) == review_move(advisor, state, other, viewer=seat).lines("Ann")
        bot = WhyJob(position, other, seat, 1 - seat, "de", "Player 1", spec, seed, bot="medium", bot_seed=5)
        assert why_in_worker(bot) == explain(state, seat, other, "medium", seed=5, viewer=1 - seat).lines("Player 1")


def test_a_hint_bot_that_cannot_be_made_is_told_as_data() -> None:
    position, state = _position()
    seat = state.current_player()
    answer = hint_in_worker(HintJob(position, seat, "no_such_bot", 1))
    assert isinstance(answer, str) and "no_such_bot" in answer


def test_the_advice_workers_are_as_many_as_asked_and_end_with_the_server(tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "games.sqlite3"), log=tmp_path / "server.log",
                           extra=("--advice-workers", "1")).start()
    try:
        assert server.process is not None
        before = children(server.process.pid)
        games = [create_game(server.http, "stone_age", person_seats(2)) for _ in range(3)]

        async def ask(created: dict[str, Any]) -> None:
            async with Table(server.ws, created["id"], token=tokens_of(created)[0]) as table:
                await table.until("hello")
                await table.until_my_turn()
                await table.send({"type": "hint"})
                await table.until("hint", timeout=120)

        async def scenario() -> None:
            await asyncio.gather(*(ask(created) for created in games))  # three hints at once, one worker

        asyncio.run(scenario())
        workers = children(server.process.pid) - before
        pool = [pid for pid in workers if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert len(pool) == 1, f"{len(pool)} worker processes for --advice-workers 1"
    finally:
        server.stop()
    assert server.process.returncode != -signal.SIGKILL, "the server did not stop within 10 s: it was killed"
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "an advice worker outlived the server"


def test_serve_refuses_a_number_of_advice_workers_below_one() -> None:
    done = subprocess.run([sys.executable, "-m", "stoneage", "serve", "--advice-workers", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--advice-workers" in done.stderr
