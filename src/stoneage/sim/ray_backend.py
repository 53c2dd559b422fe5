"""The Ray backend: batches of games as Ray tasks, on a local Ray instance or a cluster.

Ray is imported only here, only when asked for.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from typing import Any

from stoneage.core.extras import install_hint
from stoneage.core.i18n import _
from stoneage.sim.config import TournamentConfig
from stoneage.sim.errors import TournamentError
from stoneage.sim.play import play_batch
from stoneage.sim.results import GameResult


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise TournamentError(_("the ray backend needs Ray: {hint}").format(hint=install_hint("ray"))) from None
    return ray


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast if a ``host:port`` or ``ray://host:port`` address does not answer (Ray would retry for minutes).

    ``auto`` and other forms are left to Ray.
    """
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as error:
        raise TournamentError(_("cannot reach the Ray cluster at {address!r}: {error}").format(
            address=address, error=error)) from None


def start_ray(jobs: int, address: str | None) -> tuple[Any, bool]:
    """Ray, initialized: the running instance if there is one, else a local one with ``jobs`` CPUs
    or the cluster at ``address``; and whether this call started it (then the caller shuts it down)."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray, False
    try:
        if address:
            check_reachable(address)
            ray.init(address=address, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.WARNING)
    except (ConnectionError, RuntimeError, ValueError) as error:
        raise TournamentError(_("cannot start or reach Ray ({address}): {error}").format(
            address=address or "local", error=error)) from None
    return ray, True


class RayBatches:
    """Each batch's results as its task finishes.

    Uses the running Ray instance if there is one; otherwise starts a local one with
    ``config.jobs`` CPUs, or connects to ``config.ray_address``; ``close`` or ``stop`` shuts
    down what it started.
    """

    def __init__(self, config: TournamentConfig, batches: list[list[int]]) -> None:
        self.ray, self.started = start_ray(config.jobs, config.ray_address)
        task = self.ray.remote(play_batch)
        config_ref = self.ray.put(config)
        self.pending: list[Any] = [task.remote(config_ref, batch) for batch in batches]

    def __iter__(self) -> Iterator[list[GameResult]]:
        while self.pending:
            done, self.pending = self.ray.wait(self.pending, num_returns=1)
            for ref in done:
                batch_results: list[GameResult] = self.ray.get(ref)
                yield batch_results

    def stop(self) -> list[list[GameResult]]:
        """Cancel the tasks still running; return the batches that finished but were not taken yet."""
        finished: list[list[GameResult]] = []
        try:
            if self.pending:
                done, self.pending = self.ray.wait(self.pending, num_returns=len(self.pending), timeout=0)
                finished = [self.ray.get(ref) for ref in done]
            for ref in self.pending:
                self.ray.cancel(ref, force=True)
        finally:
            self.pending = []
            self.close()
        return finished

    def close(self) -> None:
        """Shut down the Ray instance this started (a running one is left running)."""
        if self.started:
            self.started = False
            self.ray.shutdown()
