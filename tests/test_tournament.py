"""Tournaments: seats, seeds, results files, summary, ratings, plots, single-game export, Ray, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from statistics import mean, median
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from stoneage.core.record import load_record, replay
from stoneage.sim import (
    GameResult,
    TournamentConfig,
    TournamentError,
    cycle_length,
    load_results,
    play_game,
    ratings,
    run_tournament,
    setup,
    split_bots,
    summarize,
    wilson,
    write_results,
)

RANDOMS = ("random", "random", "random")


def run(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m stoneage ARGS`` (or, with a prelude, the same after running the prelude)."""
    if prelude:
        command = [sys.executable, "-c", f"{prelude}; import sys; from stoneage.cli import main; "
                   f"sys.exit(main({list(args)!r}))"]
    else:
        command = [sys.executable, "-m", "stoneage", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def recompute(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per bot, from raw per-game rows: games, wins (shared wins split), scores, time per decision."""
    seen: dict[str, list[tuple[int, float, bool, int, float]]] = defaultdict(list)
    for row in rows:
        winners = row["winners"]
        for seat, bot in enumerate(row["bots"]):
            won = seat in winners
            decisions = row["decisions"][seat]
            seconds = row["seconds_per_decision"][seat] * decisions
            seen[bot].append((row["scores"][seat], 1 / len(winners) if won else 0.0, won, decisions, seconds))
    out: dict[str, dict[str, float]] = {}
    for bot, games in seen.items():
        scores = [g[0] for g in games]
        winning = [g[0] for g in games if g[2]]
        out[bot] = {
            "games": len(games),
            "wins": sum(g[1] for g in games),
            "mean": mean(scores),
            "median": median(scores),
            "mean_win": mean(winning) if winning else float("nan"),
            "spd": sum(g[4] for g in games) / sum(g[3] for g in games),
        }
    return out


def summary_lines(stdout: str) -> dict[str, list[str]]:
    """The rows of the first summary table, split into cells (the CI brackets removed)."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("bot ") and "win rate" in line)
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2:]:
        if not line.strip():
            break
        cells = line.replace("[", " ").replace("]", " ").replace(",", " ").split()
        rows[cells[0]] = cells[1:]
    return rows


# --- the whole command, end to end ------------------------------------------------------------------


def test_the_command_runs_and_its_summary_matches_its_per_game_records(tmp_path: Path) -> None:
    out, records, picture = tmp_path / "results.jsonl", tmp_path / "records", tmp_path / "plot.png"
    result = run("tournament", "--bots", "random,random,random", "--games", "6", "--jobs", "2", "--seed", "3",
                 "--out", str(out), "--records", str(records), "--plot", str(picture))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["game"] for row in rows] == list(range(6))
    for row in rows:
        assert set(row) >= {"game", "seed", "players", "bots", "bot_seeds", "scores", "winners", "steps",
                            "decisions", "seconds_per_decision", "max_seconds"}
        assert row["players"] == 3 and len(row["scores"]) == 3 and row["steps"] > 0
        assert sum(row["decisions"]) < row["steps"]
    expected = recompute(rows)
    printed = summary_lines(result.stdout)
    assert set(printed) == set(expected) == {"random#1", "random#2", "random#3"}
    for bot, numbers in expected.items():
        games, wins, rate, low, high, avg, med, avg_win, spd = printed[bot]
        assert int(games) == numbers["games"] == 6
        assert float(wins) == pytest.approx(numbers["wins"], abs=0.005)
        assert float(rate) == pytest.approx(numbers["wins"] / 6, abs=0.0005)
        assert (float(low), float(high)) == pytest.approx(wilson(numbers["wins"], 6), abs=0.0005)
        assert float(avg) == pytest.approx(numbers["mean"], abs=0.005)
        assert float(med) == pytest.approx(numbers["median"], abs=0.05)
        if avg_win != "-":
            assert float(avg_win) == pytest.approx(numbers["mean_win"], abs=0.005)
        assert float(spd) == pytest.approx(numbers["spd"], abs=5e-7)
    assert sum(float(cells[1]) for cells in printed.values()) == pytest.approx(6)
    ratings_part = result.stdout[result.stdout.index("Ratings"):]
    assert all(bot in ratings_part for bot in expected)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in records.iterdir()) == [f"game-{i:05d}.json" for i in range(6)]
    for row in rows:
        _, state = replay(load_record(records / f"game-{row['game']:05d}.json"))
        assert state.scores() == row["scores"]
    assert "Played 6 games" in result.stdout
    assert "not a multiple" not in result.stderr


def test_a_game_exported_alone_replays_exactly_as_in_the_tournament(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    common = ("--bots", "random,random", "--seed", "9")
    assert run("tournament", *common, "--games", "5", "--out", str(out)).returncode == 0
    in_tournament = {r.index: r for r in load_results(out)}
    record = tmp_path / "game-3.json"
    alone = run("tournament-game", *common, "--index", "3", "--record", str(record), "--json")
    assert alone.returncode == 0, alone.stderr
    line = json.loads(alone.stdout.splitlines()[-2])
    assert line == in_tournament[3].outcome()
    _, state = replay(load_record(record))
    assert state.scores() == in_tournament[3].scores
    replayed = run("replay", str(record))
    assert replayed.returncode == 0 and str(max(in_tournament[3].scores)) in replayed.stdout


def test_an_odd_game_count_is_played_but_the_imbalance_is_noted() -> None:
    result = run("tournament", "--bots", "random,random,random", "--games", "4")
    assert result.returncode == 0, result.stderr
    assert "not a multiple of the 3-game seating cycle" in result.stderr and "--games 6" in result.stderr


# --- the library --------------------------------------------------------------------------------------


def test_seats_rotate_evenly_and_each_game_is_reproducible_alone() -> None:
    config = TournamentConfig(bots=("random", "random", "random", "random"), games=8, seed=5, jobs=2)
    outcome = run_tournament(config)
    results = outcome.results
    assert [r.index for r in results] == list(range(8))
    seats = Counter((bot, seat) for r in results for seat, bot in enumerate(r.bots))
    assert set(seats.values()) == {2} and len(seats) == 16
    assert results[1].bots == ["random#4", "random#1", "random#2", "random#3"]
    assert len({r.seed for r in results}) == 8
    for index in (0, 5):
        assert play_game(config, index).outcome() == results[index].outcome()


def test_the_same_seed_gives_the_same_results_whatever_the_jobs_and_batches() -> None:
    base = TournamentConfig(bots=RANDOMS, games=6, seed=11)
    one = [r.outcome() for r in run_tournament(base).results]
    two = [r.outcome() for r in run_tournament(TournamentConfig(bots=RANDOMS, games=6, seed=11, jobs=2,
                                                                batch=1)).results]
    assert one == two
    other = [r.outcome() for r in run_tournament(TournamentConfig(bots=RANDOMS, games=6, seed=12)).results]
    assert other != one


def test_results_files_round_trip_and_the_summary_matches_them(tmp_path: Path) -> None:
    results = run_tournament(TournamentConfig(bots=("random", "random"), games=4, seed=2)).results
    for name in ("r.jsonl", "r.csv"):
        write_results(results, tmp_path / name)
        loaded = load_results(tmp_path / name)
        assert loaded == results
    rows = [r.to_json() for r in load_results(tmp_path / "r.csv")]
    expected = recompute(rows)
    for row in summarize(results):
        assert row.games == expected[row.bot]["games"]
        assert row.wins == pytest.approx(expected[row.bot]["wins"])
        assert row.mean_score == pytest.approx(expected[row.bot]["mean"])
        assert row.median_score == pytest.approx(expected[row.bot]["median"])
        assert row.seconds_per_decision == pytest.approx(expected[row.bot]["spd"])
    assert sum(row.wins for row in summarize(results)) == pytest.approx(4)


def test_mixed_tables_are_summarized_per_size_and_rated_together(tmp_path: Path) -> None:
    config = TournamentConfig(bots=("random",) * 4, players=(2, 3), games=4, seed=1)
    results = run_tournament(config).results
    assert [r.players for r in results] == [2, 3, 2, 3]
    per_size = summarize(results, by_players=True)
    assert {row.players for row in per_size} == {2, 3}
    assert sum(row.games for row in per_size) == sum(r.players for r in results)
    rated = ratings(results)
    assert {r.bot for r in rated} == {"random#1", "random#2", "random#3", "random#4"}
    assert all(r.sigma > 0 and r.ordinal == pytest.approx(r.mu - 3 * r.sigma) for r in rated)
    assert [r.ordinal for r in rated] == sorted((r.ordinal for r in rated), reverse=True)


def test_shared_wins_count_as_fractions_and_ties_rate_equal() -> None:
    def game(index: int, scores: list[int], winners: list[int]) -> GameResult:
        return GameResult(index, index, 2, ["a", "b"], [0, 0], scores, winners, 10, [4, 5], [0.5, 0.1], [1.0, 0.2])

    results = [game(0, [10, 10], [0, 1]), game(1, [12, 3], [0])]
    a, b = summarize(results)
    assert (a.wins, b.wins) == (1.5, 0.5)
    assert a.mean_winning_score == 11 and b.mean_winning_score == 10
    assert a.seconds_per_decision == pytest.approx(0.5) and b.seconds_per_decision == pytest.approx(0.1)
    tied = ratings([game(0, [10, 10], [0, 1])])
    assert tied[0].mu == pytest.approx(tied[1].mu)


def test_wilson_interval_known_values() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.sets(st.sampled_from((2, 3, 4)), min_size=1))
def test_every_bot_plays_every_seat_equally_over_a_cycle(bots: int, sizes: set[int]) -> None:
    sizes = {size for size in sizes if size <= bots} or {2}
    config = TournamentConfig(bots=("random",) * bots, players=tuple(sizes))
    seats: Counter[tuple[int, int, int]] = Counter()
    for index in range(cycle_length(config)):
        game = setup(config, index)
        assert len(set(game.entries)) == len(game.entries)
        seats.update((len(game.entries), entry, seat) for seat, entry in enumerate(game.entries))
    assert len(set(seats.values())) == 1
    assert len(seats) == bots * sum(sizes)


def test_bot_lists_keep_parameters_together() -> None:
    assert split_bots("mcts:iterations=500,c=1.4,greedy, random") == ("mcts:iterations=500,c=1.4", "greedy",
                                                                      "random")
    assert TournamentConfig(bots=("greedy", "random", "greedy")).labels() == ("greedy#1", "random", "greedy#2")


def test_bad_configs_raise_named_errors() -> None:
    with pytest.raises(TournamentError, match="at least 2 bots"):
        run_tournament(TournamentConfig(bots=("random",)))
    with pytest.raises(TournamentError, match="jobs must be at least 1"):
        run_tournament(TournamentConfig(bots=RANDOMS, jobs=0))


# --- Ray ----------------------------------------------------------------------------------------------


def test_the_ray_backend_gives_the_same_games_as_the_local_one(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    local = TournamentConfig(bots=RANDOMS, games=6, seed=4)
    expected = [r.outcome() for r in run_tournament(local).results]
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        remote = TournamentConfig(bots=RANDOMS, games=6, seed=4, backend="ray", batch=2,
                                  records=str(tmp_path / "records"))
        got = run_tournament(remote).results
    finally:
        ray.shutdown()
    assert [r.outcome() for r in got] == expected
    assert len(list((tmp_path / "records").iterdir())) == 6


def test_the_ray_backend_without_ray_says_how_to_install_it() -> None:
    result = run("tournament", "--bots", "random,random", "--games", "2", "--backend", "ray",
                 prelude="import sys; sys.modules['ray'] = None")
    assert result.returncode == 2
    # the hint names what to install (the exact form is core.extras' business)
    assert "the ray backend needs Ray: pip install" in result.stderr and "ray" in result.stderr.split("pip install")[1]
    assert "Traceback" not in result.stderr


# --- bad input on the command line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "random,wizard"), "unknown bot 'wizard'"),
        (("--bots", "random"), "at least 2 bots"),
        (("--bots", "random,random,random,random,random"), "at most 4 players"),
        (("--bots", "random,random", "--players", "3"), "need at least 3 bots"),
        (("--bots", "random,random", "--players", "5"), "players must be 2, 3 or 4"),
        (("--bots", "random,random", "--games", "0"), "--games"),
        (("--bots", "random,random", "--jobs", "0"), "--jobs"),
        (("--bots", "random,random", "--jobs", "two"), "--jobs"),
        (("--bots", "random,random", "--out", "/nonexistent/dir/r.jsonl"), "cannot write"),
        (("--bots", "random,random", "--out", "results.txt"), "use a .jsonl or .csv name"),
        (("--bots", "random,random", "--plot", "plot.xyz"), "plot file"),
        (("--bots", "random,random", "--variant", "flying"), "unknown variant"),
        (("--bots", "memory,random"), "plays first_stone_age only, not stone_age"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(args: tuple[str, ...], message: str) -> None:
    result = run("tournament", *args, *(() if "--games" in args else ("--games", "2")))
    assert result.returncode == 2, result.stdout
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unwritable_records_directory_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("tournament", "--bots", "random,random", "--games", "2", "--records", str(blocker / "sub"))
    assert result.returncode == 2 and "cannot create the records directory" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_plot_of_a_clean_sweep_draws_its_error_bars(tmp_path: Path) -> None:
    """A 100 % win rate puts the Wilson bound a rounding error away; the bars must still draw."""
    from stoneage.sim.plots import plot

    sweep = [GameResult(index=i, seed=i, players=2, bots=["a", "b"], bot_seeds=[0, 0], scores=[100, 50],
                        winners=[0], steps=10, decisions=[5, 5], seconds_per_decision=[0.0, 0.0],
                        max_seconds=[0.0, 0.0]) for i in range(100)]
    picture = tmp_path / "sweep.png"
    plot(sweep, picture)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
