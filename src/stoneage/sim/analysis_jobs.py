"""Analysis decisions spread over worker processes or Ray tasks (``stoneage analyze --jobs/--backend``).

Each worker replays the record and searches its share of the decisions; every decision is searched
with its own seed, so the result is the same for any number of workers.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from stoneage.core.contract import JSON
from stoneage.play.analysis import Decision, Runner, analyse_steps, serial_runner
from stoneage.sim.ray_backend import start_ray

CHUNK = 8
"""Decisions per task: small enough for an even spread and a lively progress bar."""


def chunks(steps: list[int]) -> list[list[int]]:
    """``steps`` dealt round-robin into tasks of about ``CHUNK`` (early and late decisions mixed)."""
    tasks = max(1, -(-len(steps) // CHUNK))
    return [part for part in (steps[i::tasks] for i in range(tasks)) if part]


def make_runner(jobs: int, backend: str, ray_address: str | None) -> Runner:
    """The runner for these options: this process, local processes, or Ray."""
    if backend == "ray":
        return lambda record, steps, bot, iterations, on_done: _ray(
            record, steps, bot, iterations, on_done, jobs, ray_address)
    if jobs <= 1:
        return serial_runner
    return lambda record, steps, bot, iterations, on_done: _processes(record, steps, bot, iterations, on_done, jobs)


def _processes(record: JSON, steps: list[int], bot: str, iterations: int, on_done: Callable[[int], None],
               jobs: int) -> list[Decision]:
    out: list[Decision] = []
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context())
    try:
        futures = [pool.submit(analyse_steps, record, part, bot, iterations) for part in chunks(steps)]
        for future in as_completed(futures):
            found = future.result()
            out.extend(found)
            on_done(len(found))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # on Ctrl-C: drop the tasks not started
    return out


def _ray(record: JSON, steps: list[int], bot: str, iterations: int, on_done: Callable[[int], None], jobs: int,
         address: str | None) -> list[Decision]:
    ray, started = start_ray(jobs, address)
    out: list[Decision] = []
    try:
        task = ray.remote(analyse_steps)
        record_ref = ray.put(record)
        pending = [task.remote(record_ref, part, bot, iterations) for part in chunks(steps)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                found: list[Decision] = ray.get(ref)
                out.extend(found)
                on_done(len(found))
    finally:
        if started:
            ray.shutdown()
    return out
