"""The adapters' benchmark runs every adapter on a game and refuses bad settings by name."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from stoneage.envs import bench


def test_every_adapter_gets_a_row_beside_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "toy_race", "--players", "3", "--steps", "40", "--repeat", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for adapter in bench.ADAPTERS:
        row = next(line for line in lines if line.startswith(f"| toy_race | 3 | {adapter} |"))
        speed = row.split("|")[4].strip()
        assert speed.startswith("skipped") if adapter == "openspiel" and "skipped" in row else float(
            speed.replace(",", "")) > 0
    assert lines[2].startswith("| toy_race | 3 | engine | ") and lines[2].endswith("| 1.00 |")


def test_rows_count_the_steps_they_were_asked_for() -> None:
    for adapter in bench.ADAPTERS:
        if adapter == "openspiel":
            pytest.importorskip("pyspiel")
        row = bench.measure("first_stone_age", {"players": 2}, adapter, 30, seed=1)
        assert row.steps == 30 and row.seconds > 0 and row.adapter == adapter
        if adapter in ("engine", "engine + tensor", "openspiel", "pettingzoo"):
            assert row.decisions == 30, "one decision per step"
    assert bench.measure("first_stone_age", {"players": 2}, "pettingzoo cycle", 30, seed=1).decisions == 15
    assert bench.measure("first_stone_age", {"players": 2}, "gymnasium", 30, seed=1).decisions > 30


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--game", "toy_race", "--players", "7"], "players must be"),
    (["--game", "first_stone_age", "--expansion", "mammoth"], "unknown expansion"),
])
def test_bad_settings_are_named_without_a_traceback(argv: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([*argv, "--steps", "5", "--repeat", "1"]) == 2
    assert message in capsys.readouterr().err


def test_a_bad_step_count_is_an_argument_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.main(["--steps", "0"])
    assert stop.value.code == 2 and "expected a positive integer" in capsys.readouterr().err
