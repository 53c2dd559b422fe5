"""Analysis decisions spread over worker processes or Ray tasks (``stoneage analyze --jobs/--backend``).

Each worker replays the record and judges its share of the decisions; every decision is judged
alone, so the result is the same for any number of workers.
"""

from __future__ import annotations

from collections.abc import Callable

from stoneage.core.contract import JSON
from stoneage.play.analysis import Decision, Runner, analyse_steps, serial_runner
from stoneage.sim.ray_backend import start_ray
from stoneage.sim.workers import process_pool

CHUNK = 8
"""Decisions per task: small enough for an even spread and a lively progress bar."""


def chunks(steps: list[int]) -> list[list[int]]:
    """``steps`` dealt round-robin into tasks of about ``CHUNK`` (early and late decisions mixed)."""
    tasks = max(1, -(-len(steps) // CHUNK))
    return [part for part in (steps[i::tasks] for i in range(tasks)) if part]


def make_runner(jobs: int, backend: str, ray_address: str | None) -> Runner:
    """The runner for these options: this process, local processes, or Ray."""
    if backend == "ray":
        return lambda record, steps, seed, on_done: _ray(record, steps, seed, on_done, jobs, ray_address)
    if jobs <= 1:
        return serial_runner
    return lambda record, steps, seed, on_done: _processes(record, steps, seed, on_done, jobs)


def _processes(record: JSON, steps: list[int], seed: int, on_done: Callable[[int], None],
               jobs: int) -> list[Decision]:
    out: list[Decision] = []
    tasks = [(record, part, seed) for part in chunks(steps)]
    with process_pool(jobs) as pool:  # on Ctrl-C: the workers are stopped at once
        for found in pool.imap_unordered(_analyse_task, tasks):
            out.extend(found)
            on_done(len(found))
    return out


def _analyse_task(task: tuple[JSON, list[int], int]) -> list[Decision]:
    """One task in a worker: ``analyse_steps`` of its share of the decisions."""
    return analyse_steps(*task)


def _ray(record: JSON, steps: list[int], seed: int, on_done: Callable[[int], None], jobs: int,
         address: str | None) -> list[Decision]:
    ray, started = start_ray(jobs, address)
    out: list[Decision] = []
    try:
        task = ray.remote(analyse_steps)
        record_ref = ray.put(record)
        pending = [task.remote(record_ref, part, seed) for part in chunks(steps)]
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
