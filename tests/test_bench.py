"""``stoneage bench``: every registered game, bot decision times, the build, JSON results and comparisons."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage.bench import (
    BenchResult,
    bench,
    bot_positions,
    build,
    check_options,
    decision_positions,
    heaviest_position,
    mid_game_state,
    split_specs,
    time_bot,
)
from stoneage.core.errors import GameOptionError
from stoneage.core.native import build_of
from stoneage.core.registry import game_info, load_game


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stoneage", "bench", *args], capture_output=True, text=True,
                          timeout=600, check=False)


def installed_games() -> list[str]:
    """The games a fresh ``stoneage`` process knows (the tests register extra ones in this process)."""
    code = "from stoneage.core.registry import game_names; print(' '.join(game_names()))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()


def test_every_registered_game_is_measured_at_every_player_count_and_saved(tmp_path: Path) -> None:
    saved = tmp_path / "bench.json"
    names = installed_games()
    assert {"stone_age", "first_stone_age", "stone_age_junior"} <= set(names)
    result = run("--game", "all", "--games", "2", "--positions", "3", "--json", str(saved))
    assert result.returncode == 0, result.stderr
    data = json.loads(saved.read_text())
    assert data["format"] == 1 and data["build"] == build(names)
    rows = [BenchResult.from_json(item) for item in data["results"]]
    expected = [(name, players) for name in names
                for players in range(game_info(name).min_players, game_info(name).max_players + 1)]
    assert [(row.game, row.players) for row in rows] == expected
    for row in rows:
        assert row.games == 2 and row.steps_per_game > 0 and row.clone_microseconds > 0 and row.state_bytes > 0
        assert row.steps_per_second == pytest.approx(row.games_per_second * row.steps_per_game)
        assert [timing.bot for timing in row.bots] == ["random", "greedy"]
        for timing in row.bots:
            assert timing.decisions == 3 and not timing.note
            assert 0 < timing.median_ms <= timing.worst_ms
            assert timing.iterations_per_second is None
    assert f"Engine: {build(names)};" in result.stdout
    for name in names:
        assert f"{name} (base game): 2 uniform-random games per player count" in result.stdout

    again = run("--game", "first_stone_age", "--players", "2", "--games", "2", "--positions", "2",
                "--compare", str(saved))
    assert again.returncode == 0, again.stderr
    comparison = again.stdout[again.stdout.index("Compared with"):]
    line = next(line for line in comparison.splitlines() if line.startswith("first_stone_age/base/2p"))
    assert line.count("×") == 6  # four engine numbers and the two bots
    assert "stone_age/base/2p" not in comparison.replace("first_stone_age/base/2p", "")


def test_the_existing_table_keeps_its_header_and_rows() -> None:
    result = run("--games", "3", "--players", "2", "--bots", "")
    assert result.returncode == 0, result.stderr
    header, row = result.stdout.splitlines()[:2]
    assert header.split() == ["players", "games", "games/s", "steps/s", "steps/game", "clone", "µs", "state", "B"]
    assert row.split()[:2] == ["2", "3"]
    assert "median ms" not in result.stdout


def test_mcts_reports_its_iterations_per_second_and_a_bot_for_another_game_is_skipped() -> None:
    result = bench(2, 1, seed=4, bots=["mcts:iterations=15", "memory", "greedy"], positions=3)
    mcts, memory, greedy = result.bots
    assert mcts.decisions == 3 and mcts.iterations_per_second is not None
    # 45 iterations in all over three decisions: the slowest one took between a third and all of the time
    searched = mcts.iterations_per_second * mcts.worst_ms / 1000
    assert 15 * 0.999 <= searched <= 45 * 1.001
    assert memory.decisions == 0 and memory.note == "skipped: plays first_stone_age only"
    assert greedy.decisions == 3 and greedy.iterations_per_second is None
    cards = bench(2, 1, game="first_stone_age", bots=["memory"], positions=2)
    assert cards.bots[0].decisions == 2 and not cards.bots[0].note


def test_decision_positions_are_real_choices_spread_over_the_game() -> None:
    for name in installed_games():
        positions = decision_positions(name, 2, 1, 6)
        assert len(positions) == 6
        assert all(not p.is_chance_node() and not p.is_terminal() and len(p.legal_actions()) > 1 for p in positions)
        moves = [p.move_number() for p in positions]
        assert moves == sorted(moves) and len(set(moves)) == 6


def test_options_are_checked_against_the_games_description() -> None:
    assert check_options("stone_age", None, ["mammoth"], ["hunt_repeat"]) == [2, 3, 4]
    assert check_options("first_stone_age", [3], [], []) == [3]
    with pytest.raises(GameOptionError, match="unknown expansion 'mammoth' for first_stone_age"):
        check_options("first_stone_age", None, ["mammoth"], [])
    with pytest.raises(GameOptionError, match="unknown variant 'flying' for stone_age_junior"):
        check_options("stone_age_junior", None, [], ["flying"])
    with pytest.raises(GameOptionError, match="players must be"):
        check_options("stone_age", [5], [], [])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "first_stone_age", "--expansion", "mammoth"), "unknown expansion 'mammoth' for first_stone_age"),
        (("--bots", "wizard"), "unknown bot 'wizard'"),
        (("--players", "9"), "players must be"),
        (("--compare", "/nonexistent/bench.json"), "cannot read"),
        (("--json", "/nonexistent/dir/bench.json"), "cannot write"),
        (("--gam", "2"), "unrecognized arguments"),
        (("--game", "chess"), "invalid choice"),
    ],
)
def test_bad_input_exits_2_before_measuring(args: tuple[str, ...], message: str) -> None:
    result = run("--games", "1", *args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert "games/s" not in result.stdout


def test_a_file_that_is_not_a_bench_result_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": 1, "game": "stone_age"}))
    result = run("--games", "1", "--compare", str(other))
    assert result.returncode == 2 and "is not a 'stoneage bench --json' file" in result.stderr


def test_the_build_says_when_an_engine_module_is_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = os.environ.get("STONEAGE_EXPECT_BUILD") or build_of()  # .ci/run sets it for each of its runs
    assert build(["stone_age"]) == expected
    game = load_game("stone_age", players=2)
    game_module, state_module = type(game).__module__, sys.modules[type(game.new_initial_state()).__module__]
    if expected == "compiled":  # the state module as the pure build loads it: the game module alone is compiled
        monkeypatch.setattr(state_module, "__file__", "state.py")
        assert build(["stone_age"]) == f"mixed (compiled: {game_module})"
    else:
        monkeypatch.setattr(state_module, "__file__", "state.cpython-311-x86_64-linux-gnu.so")
        assert build(["stone_age"]) == f"mixed (compiled: {state_module.__name__})"


def test_mid_game_state_is_300_steps_in_or_the_middle_of_a_short_game() -> None:
    assert mid_game_state(2, 0).move_number() == 300
    short = mid_game_state(2, 0, game="first_stone_age")
    assert 0 < short.move_number() < 300 and not short.is_terminal()


def test_bots_are_timed_on_the_heaviest_decision_too() -> None:
    heaviest = heaviest_position("stone_age", 2, 1)
    assert heaviest is not None and len(heaviest.legal_actions()) >= 200  # a payment with many mixes
    sample = bot_positions("stone_age", 2, 1, 5)
    assert len(sample) == 5
    assert sample[-1].history() == heaviest.history()
    assert max(len(p.legal_actions()) for p in sample[:-1]) < len(heaviest.legal_actions())
    assert len(bot_positions("stone_age", 2, 1, 1)) == 1


def test_bot_specs_keep_their_parameters() -> None:
    assert split_specs("mcts:iterations=50,c=1.4,greedy") == ["mcts:iterations=50,c=1.4", "greedy"]
    assert split_specs("") == []


def test_time_bot_leaves_the_positions_untouched() -> None:
    positions = decision_positions("stone_age", 3, 2, 4)
    before = [p.history() for p in positions]
    timing = time_bot("greedy", "stone_age", positions)
    assert timing.decisions == 4
    assert [p.history() for p in positions] == before
