"""Self-play data (``stoneage selfplay``): the arrays replay the games, match the tournament's games,
and are byte-identical however the games run (here, in worker processes, on a local Ray); a
tournament with an external (``cmd:``) bot on Ray equals the local run."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from stoneage.cli import main
from stoneage.core.registry import load_game
from stoneage.sim import TournamentConfig, TournamentError, play_game, run_tournament
from stoneage.sim.selfplay import SelfPlayConfig, run_selfplay
from stoneage.sim.selfplay_file import ARRAYS, arrays, header, legal_masks, load, write

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parent.parent
PYTHON_BOT = f"cmd[budget=5]:{sys.executable} {ROOT / 'examples' / 'bots' / 'stdlib_bot.py'}"
SMALL = SelfPlayConfig(bots=("random", "greedy"), games=5, seed=3, game="first_stone_age", info_state=True)


def data_of(config: SelfPlayConfig) -> tuple[dict[str, Any], dict[str, Any]]:
    games = run_selfplay(config).games
    return arrays(games), header(config, sum(len(g.action) for g in games))


def write_file(path: Path, config: SelfPlayConfig) -> bytes:
    write(path, *data_of(config))
    return path.read_bytes()


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    """One local Ray instance (2 CPUs) for the module: starting one takes seconds."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        yield ray
    finally:
        ray.shutdown()


def test_the_arrays_replay_the_games() -> None:
    data, head = data_of(SMALL)
    assert set(data) == set(ARRAYS)
    assert head["decisions"] == len(data["action"]) > 0 and head["bots"] == ["random", "greedy"]
    masks = legal_masks(data, head)
    assert masks.shape == (len(data["action"]), head["num_actions"])
    rows = iter(range(len(data["action"])))
    for index, seed in enumerate(data["game_seed"]):
        state = load_game("first_stone_age", players=2, seed=int(seed)).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome())
                continue
            row = next(rows)
            seat = state.current_player()
            assert (data["game"][row], data["seat"][row], data["move"][row]) == (index, seat, state.move_number())
            assert np.array_equal(data["observation"][row], np.asarray(state.observation_tensor(seat), np.float32))
            assert np.array_equal(data["information_state"][row],
                                  np.asarray(state.information_state_tensor(seat), np.float32))
            assert sorted(np.flatnonzero(masks[row])) == state.legal_actions()
            state.apply_action(int(data["action"][row]))
            assert data["outcome"][row] == data["returns"][index][seat]
            assert data["final_score"][row] == data["scores"][index][seat]
        assert list(data["scores"][index]) == state.scores() and list(data["returns"][index]) == state.returns()
    assert next(rows, None) is None


def test_game_i_is_game_i_of_the_tournament_with_the_same_options() -> None:
    data, _head = data_of(SMALL)
    tournament = TournamentConfig(bots=SMALL.bots, seed=SMALL.seed, game=SMALL.game)
    for index in range(SMALL.games):
        result = play_game(tournament, index)
        assert list(data["scores"][index]) == result.scores
        assert list(data["bot"][index]) == [SMALL.bots.index(bot) for bot in result.bots]
        assert int(data["game_seed"][index]) == result.seed
        assert int((data["game"] == index).sum()) == sum(result.decisions)


def test_the_same_seed_gives_the_same_bytes_here_in_processes_and_on_ray(tmp_path: Path, ray: Any) -> None:
    serial = write_file(tmp_path / "serial.npz", SMALL)
    assert write_file(tmp_path / "again.npz", SMALL) == serial
    assert write_file(tmp_path / "jobs.npz", replace(SMALL, jobs=2)) == serial
    on_ray = replace(SMALL, backend="ray", batch=2)
    assert write_file(tmp_path / "ray.npz", on_ray) == serial
    other_seed = replace(SMALL, seed=4)
    assert write_file(tmp_path / "other.npz", other_seed) != serial


def test_a_tournament_with_an_external_bot_on_ray_equals_the_local_run(ray: Any) -> None:
    local = TournamentConfig(bots=(PYTHON_BOT, "greedy"), games=4, seed=2, game="first_stone_age")
    expected = [r.outcome() for r in run_tournament(local).results]
    remote = TournamentConfig(bots=(PYTHON_BOT, "greedy"), games=4, seed=2, game="first_stone_age",
                              backend="ray", batch=1)
    got = run_tournament(remote).results
    assert [r.outcome() for r in got] == expected
    assert all(r.incidents == [0, 0] for r in got)


def test_self_play_with_an_external_bot_on_ray_equals_the_local_run(tmp_path: Path, ray: Any) -> None:
    config = SelfPlayConfig(bots=(PYTHON_BOT, "random"), games=3, seed=1, game="stone_age_junior")
    data, head = data_of(config)
    assert head["bots"] == [PYTHON_BOT, "random"] and set(data["bot"].ravel()) == {0, 1}
    local = write_file(tmp_path / "local.npz", config)
    assert write_file(tmp_path / "ray.npz", replace(config, backend="ray", batch=1)) == local


def test_the_command_writes_the_npz_and_its_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data.npz"
    assert main(["selfplay", "--game", "first_stone_age", "--bots", "random", "--players", "3", "--games", "3",
                 "--seed", "7", "--out", str(out)]) == 0
    data, head = load(out)
    assert json.loads((tmp_path / "data.json").read_text()) == head
    assert head["players"] == 3 and head["bots"] == ["random"] * 3 and head["seed"] == 7 and head["games"] == 3
    assert [slot["name"] for slot in head["observation_layout"]][:2] == ["phase", "stage"]
    assert "information_state" not in data and "information_state_layout" not in head
    assert data["observation"].shape == (head["decisions"], sum(s["size"] for s in head["observation_layout"]))
    assert data["scores"].shape == (3, 3)
    assert f"Wrote {head['decisions']} decisions of 3 games" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "random", "--out", "x.csv"], "must end in .npz"),
    (["--bots", "random,greedy", "--players", "3", "--out", "x.npz"], "3 players need one bot spec or 3"),
    (["--bots", "nosuchbot", "--out", "x.npz"], "nosuchbot"),
    (["--bots", "random", "--out", "no/such/dir/x.npz"], "does not exist"),
])
def test_bad_input_is_a_clear_error(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "first_stone_age", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_numpy_the_command_says_how_to_install_it(tmp_path: Path) -> None:
    prelude = "import sys; sys.modules['numpy'] = None"
    args = ["selfplay", "--bots", "random", "--games", "1", "--out", str(tmp_path / "x.npz")]
    result = subprocess.run([sys.executable, "-c", f"{prelude}; from stoneage.cli import main; "
                             f"sys.exit(main({args!r}))"], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and 'pip install "numpy' in result.stderr and "Traceback" not in result.stderr


def test_a_config_error_names_the_setting() -> None:
    with pytest.raises(TournamentError, match="players must be 2, 3 or 4"):
        run_selfplay(SelfPlayConfig(bots=("random",), players=5))


def test_the_reading_example_of_docs_research_md_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    section = text.split("\n## Self-play data\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    assert main(["selfplay", "--game", "stone_age_junior", "--bots", "random,greedy", "--games", "2",
                 "--out", "selfplay.npz"]) == 0
    exec(compile(block, "research.md self-play example", "exec"), {})
    assert capsys.readouterr().out.splitlines()[-1].startswith("stone_age_junior ")
