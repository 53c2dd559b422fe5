"""The strength ladder: a balanced schedule, the report's maths, the significance flag, resuming, errors."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from stoneage.cli import main
from stoneage.sim import GameResult, cycle_length, run_tournament, setup, wilson
from stoneage.sim.ladder import LEVELS, HeadToHead, LadderError, ahead, ladder_config, report
from stoneage.sim.ladder_file import load_played
from stoneage.sim.ladder_plot import tick_names
from stoneage.sim.ladder_text import format_report, verdict

CHEAP = ["random", "child", "memory"]
"""Three levels of the card game, whose games take milliseconds."""


def game(index: int, bots: list[str], scores: list[int], winners: list[int] | None = None) -> GameResult:
    """A hand-made result (the winners default to the highest scores)."""
    best = max(scores)
    return GameResult(index=index, seed=index, players=len(bots), bots=bots, bot_seeds=[0] * len(bots),
                      scores=scores, winners=winners if winners is not None else
                      [seat for seat, score in enumerate(scores) if score == best],
                      steps=1, decisions=[1] * len(bots), seconds_per_decision=[0.0] * len(bots),
                      max_seconds=[0.0] * len(bots))


def test_every_pair_meets_equally_often_and_every_level_takes_every_seat_over_a_cycle() -> None:
    config = ladder_config(LEVELS, (2, 3, 4), games=180, seed=5)
    assert cycle_length(config) == 180
    labels = config.labels()
    for size in (2, 3, 4):
        tables = [setup(config, index) for index in range(180) if len(setup(config, index).entries) == size]
        assert len(tables) == 60
        pairs = Counter(frozenset(pair) for table in tables for pair in combinations(table.entries, 2))
        assert len(pairs) == 10 and len(set(pairs.values())) == 1, pairs
        seats = Counter((labels[entry], seat) for table in tables for seat, entry in enumerate(table.entries))
        assert len(seats) == 5 * size and len(set(seats.values())) == 1, seats


def test_ahead_compares_scores_then_the_tie_break_winner_and_counts_a_full_tie_half() -> None:
    assert ahead(game(0, ["a", "b"], [120, 90]), 0, 1) == 1.0
    assert ahead(game(0, ["a", "b"], [120, 90]), 1, 0) == 0.0
    tie_broken = game(0, ["a", "b", "c"], [100, 100, 20], winners=[1])
    assert ahead(tie_broken, 1, 0) == 1.0 and ahead(tie_broken, 0, 1) == 0.0
    assert ahead(game(0, ["a", "b"], [100, 100]), 0, 1) == 0.5
    assert ahead(tie_broken, 0, 2) == 1.0  # a loser can still finish ahead of another


def scored(index: int, bots: list[str], points: dict[str, int]) -> GameResult:
    """A hand-made result where each level scores ``points[level]``."""
    return game(index, bots, [points[bot] for bot in bots])


def test_report_counts_head_to_head_over_the_games_both_played_and_rates_each_table_size() -> None:
    # 2 players, seats alternating: b ahead of a in 7 of 10 games
    results = [scored(i, ["a", "b"] if i % 2 else ["b", "a"], {"a": 60, "b": 80 if i < 7 else 40})
               for i in range(10)]
    # 3 players: c > b > a four times, then a and c level on score with c winning the tie-break
    results += [scored(10 + i, ["a", "b", "c"], {"a": 10, "b": 20, "c": 30}) for i in range(4)]
    results += [game(20, ["a", "c", "b"], [30, 30, 5], winners=[1])]
    rows = report(results, ["a", "b", "c"])
    step = {(s.weaker, s.stronger, s.players): s for s in rows.steps}
    assert (step["a", "b", 2].games, step["a", "b", 2].ahead) == (10, 7.0)
    assert step["a", "b", 2].ci == wilson(7, 10)
    assert (step["a", "b", 3].games, step["a", "b", 3].ahead) == (5, 4.0)  # a ahead of b in game 20
    assert (step["a", "b", None].games, step["a", "b", None].ahead) == (15, 11.0)
    assert (step["b", "c", 3].games, step["b", "c", 3].ahead) == (5, 5.0)
    assert ("b", "c", 2) in step and step["b", "c", 2].games == 0 and not step["b", "c", 2].significant
    pair = {(p.weaker, p.stronger): p for p in rows.pairs}
    assert (pair["a", "c"].games, pair["a", "c"].ahead) == (5, 5.0)  # the tie-break winner is ahead
    games = {(r.level, r.players): r.games for r in rows.ratings}
    assert games == {("a", 2): 10, ("b", 2): 10, ("a", 3): 5, ("b", 3): 5, ("c", 3): 5,
                     ("a", None): 15, ("b", None): 15, ("c", None): 5}
    three = {r.level: r.mu for r in rows.ratings if r.players == 3}
    assert three["c"] > three["b"] > three["a"]
    assert rows.sizes == (2, 3)


def test_a_clear_step_is_significant_and_an_unclear_or_unplayed_one_is_not() -> None:
    assert HeadToHead("a", "b", 2, 20, 20.0).significant
    assert HeadToHead("a", "b", 2, 100, 62.0).significant  # Wilson lower bound 0.522
    assert not HeadToHead("a", "b", 2, 100, 58.0).significant  # lower bound 0.482
    assert not HeadToHead("a", "b", 2, 20, 11.0).significant
    assert not HeadToHead("a", "b", 2, 20, 2.0).significant  # clearly the other way
    assert not HeadToHead("a", "b", 2, 0, 0.0).significant
    order = {"a": 10, "b": 20, "c": 30}
    clear = [scored(i, ["a", "b", "c"][i % 3:] + ["a", "b", "c"][:i % 3], order) for i in range(30)]
    assert report(clear, ["a", "b", "c"]).holds()
    assert "every step is significant" in verdict(report(clear, ["a", "b", "c"]))
    muddled = [scored(i, ["a", "b"], {"a": 10 + 20 * (i % 2), "b": 20}) for i in range(30)]
    assert not report(muddled, ["a", "b"]).holds()
    assert "not significant yet: a < b" in format_report(report(muddled, ["a", "b"]))


def test_the_same_seed_gives_the_same_ladder_and_another_seed_other_games() -> None:
    def outcomes(seed: int) -> list[object]:
        config = ladder_config(CHEAP, (2, 3), games=12, seed=seed, game="first_stone_age")
        return [result.outcome() for result in run_tournament(config).results]

    first = outcomes(7)
    assert first == outcomes(7)
    assert first != outcomes(8)


def test_a_stopped_run_resumes_to_the_games_one_run_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) \
        -> None:
    options = ["ladder", "--levels", ",".join(CHEAP), "--players", "2,3", "--game", "first_stone_age",
               "--seed", "4"]
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    assert main([*options, "--games", "12", "--out", str(whole)]) == 0
    assert main([*options, "--games", "5", "--out", str(part)]) == 0
    lines = part.read_text().splitlines(keepends=True)
    part.write_text("".join(lines[:4]) + lines[4][:30])  # a run killed while writing its fifth game
    assert main([*options, "--games", "12", "--out", str(part), "--plot", str(tmp_path / "ladder.png")]) == 0
    assert "4 played before, 8 to play" in capsys.readouterr().out
    config = ladder_config(CHEAP, (2, 3), games=12, seed=4, game="first_stone_age")
    assert [r.outcome() for r in load_played(part, config)] == [r.outcome() for r in load_played(whole, config)]
    assert (tmp_path / "ladder.png").stat().st_size > 0
    assert main([*options, "--out", str(part), "--replot"]) == 0
    assert "0 to play" in capsys.readouterr().out


def test_a_results_file_of_another_ladder_or_not_of_games_is_refused(tmp_path: Path) -> None:
    config = ladder_config(CHEAP, (2, 3), games=4, seed=1, game="first_stone_age")
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in run_tournament(config).results))
    other = ladder_config(CHEAP, (2, 3), games=4, seed=2, game="first_stone_age")
    with pytest.raises(LadderError, match="played by another ladder"):
        load_played(path, other)
    path.write_text('{"game": 0}\n')
    with pytest.raises(LadderError, match="line 1: not a game result"):
        load_played(path, config)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--levels", "random,wizard"), "unknown level 'wizard'"),
        (("--levels", "random"), "at least 2 levels"),
        (("--levels", "random,easy,random"), "appears twice"),
        (("--levels", "random,easy", "--players", "2,3"), "tables of 3 players need at least 3 levels"),
        (("--levels", "random,easy", "--out", "/nonexistent/dir/l.jsonl"), "cannot write"),
        (("--levels", "random,easy", "--replot"), "--replot reports the games of --out"),
        (("--levels", "random,easy", "--out", "ladder.csv"), "use a .jsonl name"),
    ],
)
def test_bad_ladders_exit_2_with_a_message(args: tuple[str, ...], message: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", *args, "--games", "1"]) == 2
    assert message in capsys.readouterr().err


def test_a_bad_player_count_is_an_argument_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["ladder", "--players", "2,5"])
    assert stop.value.code == 2
    assert "players must be 2, 3 or 4" in capsys.readouterr().err


def test_the_plot_names_levels_by_bot_unless_two_share_one() -> None:
    assert tick_names(["random", "hard:max_seconds=30", "expert:iterations=9"]) == ["random", "hard", "expert"]
    assert tick_names(["mcts:c=0.7", "mcts:width=8"]) == ["mcts:c=0.7", "mcts:width=8"]


def test_the_runner_skips_the_games_already_played_with_worker_processes_too() -> None:
    config = ladder_config(CHEAP, (2, 3), games=6, seed=2, game="first_stone_age", jobs=2)
    played = run_tournament(config, skip={0, 3, 4}).results
    assert [result.index for result in played] == [1, 2, 5]
    alone = ladder_config(CHEAP, (2, 3), games=6, seed=2, game="first_stone_age")
    assert [r.outcome() for r in played] == [r.outcome() for r in run_tournament(alone).results if r.index in {1, 2, 5}]
