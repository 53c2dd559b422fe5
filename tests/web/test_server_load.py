"""The load benchmark's clients (``python -m stoneage.web.load``) against a real server.

A smoke test of the machinery only, never a timing assertion: the numbers are the benchmark's
(docs/performance.md, "Game server").
"""

from __future__ import annotations

import asyncio

import pytest

from stoneage.web.load import LoadConfig, main, percentile, room_bench, run_target

from web.server import ServerProcess


def test_the_load_clients_play_moves_and_report_percentiles_without_errors(server: ServerProcess) -> None:
    config = LoadConfig(games=4, seats=2, interval=0.05, duration=3, ramp=0.5, warmup=0.5, game="first_stone_age",
                        progress=0, seed=1)
    result = asyncio.run(run_target(config, server.http))
    assert result.stats.errors == 0, result.stats.error_samples
    assert result.stats.games_started >= config.games
    assert result.summary.moves > 0
    assert 0 < result.summary.p50_ms <= result.summary.p90_ms <= result.summary.p99_ms <= result.summary.max_ms


def test_the_command_line_prints_the_percentiles_and_exits_zero(server: ServerProcess,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--url", server.http, "--games", "2", "--seats", "2", "--game", "first_stone_age",
                   "--interval", "0.05", "--duration", "1", "--ramp", "0", "--warmup", "0", "--progress", "0"])
    printed = capsys.readouterr().out
    assert status == 0, printed
    assert "p99" in printed and "moves/s achieved" in printed and "errors 0" in printed


def test_percentiles_are_nearest_rank() -> None:
    values = [float(n) for n in range(1, 101)]
    assert [percentile(values, share) for share in (0.5, 0.9, 0.99, 1.0)] == [50.0, 90.0, 99.0, 100.0]
    assert percentile([], 0.99) == 0.0


def test_the_in_process_room_benchmark_sends_every_viewer_each_update_in_each_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = room_bench("first_stone_age", 2, 1, spectators=1, langs=("en", "de"))
    assert bench.actions > 0 and bench.seconds > 0
    assert bench.messages == bench.actions * 3 * 2, "two seats and a spectator, each in two languages"
    assert main(["--rooms", "1", "--seats", "2", "--game", "first_stone_age"]) == 0
    assert "ms of CPU per action in Room.apply" in capsys.readouterr().out
