"""The calibrated win chance (issue 34): what a person reading "62 %" relies on, and the tool that
fits and measures it (tools/calibration.py) running end to end on a tiny configuration."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from stoneage.bots.evaluation import win_chance
from stoneage.bots.stone_age import calibrated
from stoneage.bots.stone_age.calibrated import win_chances
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, new_game, random_game

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibration", ROOT / "tools" / "calibration.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _midgame(players: int, seed: int, steps: int) -> StoneAgeState:
    """A position ``steps`` random actions (chance included) into a game."""
    state = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_temperatures_are_fitted_and_positive() -> None:
    assert set(calibrated.TEMPERATURE) == {2, 3, 4}
    assert all(0.05 < t < 20.0 for t in calibrated.TEMPERATURE.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_has_a_chance_and_they_sum_to_one(players: int) -> None:
    for seed, steps in ((1, 0), (2, 40), (3, 150)):
        state = _midgame(players, seed, steps)
        for observer in range(players):
            chances = win_chances(state, observer)
            assert len(chances) == players
            assert all(0.0 <= p <= 1.0 for p in chances)
            assert sum(chances) == pytest.approx(1.0)
            assert win_chance(state, observer) == chances  # the evaluation layer asks this model


@pytest.mark.parametrize("players", [2, 4])
def test_at_the_end_the_chances_are_the_result(players: int) -> None:
    state = random_game(players, seed=7)
    assert state.is_terminal()
    for observer in range(players):
        assert win_chances(state, observer) == state.returns()


@pytest.mark.parametrize("players", [2, 4])
def test_more_points_mean_a_better_chance(players: int) -> None:
    state = _midgame(players, 5, 60)
    before = win_chances(state, 0)
    ahead = edit(state, 1, score=state.scores()[1] + 40)
    after = win_chances(ahead, 0)
    assert after[1] > before[1]
    assert after[1] == max(after)


def test_the_tool_fits_measures_and_draws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(calibrated, "TEMPERATURE", dict(calibrated.TEMPERATURE))  # the tool sets the fitted one
    plot = tmp_path / "calibration.png"
    games = tmp_path / "games"
    argv = ["--players", "2", "--bot", "greedy", "--fit-games", "2", "--test-games", "2", "--every", "5",
            "--test-every", "60", "--jump-games", "0", "--games-dir", str(games), "--plot", str(plot)]
    assert _tool().main(argv) == 0
    out = capsys.readouterr().out
    assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert len(list(games.glob("*.json"))) == 4  # kept, so a rerun reads them back
    rows = [line for line in out.splitlines() if line.startswith("| 2 |")]
    assert len(rows) == 1
    cells = [cell.strip(" *") for cell in rows[0].split("|")[1:-1]]
    assert cells[1] == "2 / 2"
    assert cells[8] == "0.2500"  # 1/players: (0.5 - 1)**2 and (0.5 - 0)**2
    assert 0.0 <= float(cells[4]) <= 1.0
    assert "TEMPERATURE fitted: {2: " in out
    assert _tool().main(argv) == 0  # the games are read back, the same numbers come out
    assert capsys.readouterr().out == out


def test_the_tool_says_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _tool().main(["--fit-games", "0"])
    assert "--fit-games must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _tool().main(["--fit-seed", "1", "--test-seed", "5"])
    assert "overlap" in capsys.readouterr().err
