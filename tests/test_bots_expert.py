"""The ``expert`` bot: features see only what the seat may know, weights files are checked, training
is reproducible from its seed, and the bot plays whole games legally within its time budget."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from stoneage.bots.greedy import GreedyBot
from stoneage.bots.match import play_match
from stoneage.bots.registry import make_bot
from stoneage.bots.stone_age.expert import ExpertBot
from stoneage.bots.stone_age.features import FEATURES, features
from stoneage.bots.stone_age.learned import (
    FORMAT,
    HAND_SET,
    LearnedValue,
    Weights,
    WeightsError,
    load_weights,
    parse_weights,
)
from stoneage.cli import main
from stoneage.core.registry import load_game
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.games.stone_age.view import holdings
from stoneage.sim.train import RIDGE, TrainConfig, arrays, fit, game_specs, play_training_game

pytest.importorskip("numpy")


def test_features_do_not_change_when_hidden_information_is_redrawn() -> None:
    game = load_game("stone_age", players=3, seed=5)
    state = game.new_initial_state()
    assert isinstance(state, StoneAgeState)
    bots = [GreedyBot(seed=seat) for seat in range(3)]
    rng = random.Random(1)
    checked_secret = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        for observer in range(3):
            others_hold_secrets = any(holdings(state, seat).face_down for seat in range(3) if seat != observer)
            redrawn = state.resample_from_infostate(observer, rng)
            assert features(redrawn, observer) == features(state, observer)
            checked_secret += others_hold_secrets
        seat = state.current_player()
        state.apply_action(bots[seat].step(state, seat))
    assert checked_secret > 0  # some positions had a face-down card the observer may not see


def test_features_of_a_known_position_read_the_holdings() -> None:
    state = load_game("stone_age", players=2, seed=0).new_initial_state()
    assert isinstance(state, StoneAgeState)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(random.Random(0)))
    rows = features(state, 0)
    named = dict(zip(FEATURES, rows[0], strict=True))
    assert len(rows) == 2 and rows[0] == rows[1]  # seats start alike
    assert named["score"] == 0.0 and named["agriculture_growth"] == 0.0 and named["figure_growth"] > 0.0


def test_a_figure_on_the_hut_is_a_feature_of_its_own_not_part_of_the_board() -> None:
    from stoneage.bots.stone_age.evaluation import rounds_left
    from stoneage.games.stone_age.view import table

    state = load_game("stone_age", players=2, seed=0).new_initial_state()
    assert isinstance(state, StoneAgeState)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(random.Random(0)))
    before = dict(zip(FEATURES, features(state, 0)[0], strict=True))
    state.apply_action(state.string_to_action("place hut 2"))
    after = dict(zip(FEATURES, features(state, 0)[0], strict=True))
    assert before["hut"] == 0.0 and after["hut"] == rounds_left(table(state)) > 0.0
    assert after["board"] == before["board"] and after["field"] == after["tool_maker"] == 0.0
    assert after["unplaced"] == before["unplaced"] - 2


def test_the_hand_set_weights_give_the_hand_set_worth() -> None:
    """Training starts from the hand-set heuristic: if evaluation.py changes, the features must follow."""
    from stoneage.bots.evaluation import SCALE
    from stoneage.bots.stone_age.evaluation import values

    state = load_game("stone_age", players=3, seed=8).new_initial_state()
    assert isinstance(state, StoneAgeState)
    bots = [GreedyBot(seed=seat) for seat in range(3)]
    rng = random.Random(2)
    value = LearnedValue(Weights(HAND_SET))
    compared = 0
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        seat = state.current_player()
        short = [row[FEATURES.index("shortfall")] for row in features(state, seat)]
        for other, (learned, hand) in enumerate(zip(value.worths(state, seat), values(state, seat), strict=True)):
            if not short[other]:  # a feeding shortfall is charged by its size, not a flat 10 points
                assert learned * SCALE == pytest.approx(hand, abs=1e-6)
                compared += 1
        state.apply_action(bots[seat].step(state, seat))
    assert compared > 60


def test_weights_round_trip_through_their_file(tmp_path: Path) -> None:
    weights = Weights(tuple(float(i) / 7 for i in range(len(FEATURES))), {"seed": 3})
    path = tmp_path / "w.json"
    path.write_text(weights.to_json(), encoding="utf-8")
    assert load_weights(path) == weights


def test_the_shipped_weights_load_and_say_how_they_were_made() -> None:
    shipped = load_weights()
    assert len(shipped.weights) == len(FEATURES)
    assert shipped.training["command"].startswith("stoneage train expert --seed ")
    assert shipped.weights != HAND_SET  # learned, not the hand-set starting point


def _body(**changes: object) -> str:
    body = json.loads(Weights(HAND_SET).to_json())
    body.update(changes)
    return json.dumps(body)


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "expected a JSON object"),
    (_body(format="stoneage-expert/99"), "format 'stoneage-expert/99' is not " + FORMAT),
    (_body(game="first_stone_age"), "weights for the game 'first_stone_age'"),
    (_body(features=["score", "luck"]), "features ['score', 'luck'] are not"),
    (_body(weights=[1.0, 2.0]), f"must be {len(FEATURES)} finite numbers"),
    (_body(weights=["x"] * len(FEATURES)), f"must be {len(FEATURES)} finite numbers"),
    (_body(training=[]), "training must be an object"),
])
def test_bad_weights_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(WeightsError) as caught:
        parse_weights(text, "w.json")
    assert message in str(caught.value) and "w.json" in str(caught.value)


def test_a_missing_weights_file_is_a_weights_error(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="cannot read the weights"):
        make_bot(f"expert:weights={tmp_path / 'none.json'}", trusted=True)


def test_learned_values_are_win_chances_that_sum_to_one() -> None:
    state = load_game("stone_age", players=4, seed=2, expansions=["mammoth"]).new_initial_state()
    assert isinstance(state, StoneAgeState)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(random.Random(0)))
    values = LearnedValue(load_weights())(state, 1)
    assert len(values) == 4 and abs(sum(values) - 1.0) < 1e-9 and all(0 < v < 1 for v in values)


@pytest.mark.parametrize(("players", "expansions"), [(2, []), (4, ["mammoth"])])
def test_expert_plays_a_whole_game_legally(players: int, expansions: list[str]) -> None:
    game = load_game("stone_age", players=players, seed=11, expansions=expansions)
    bots = [make_bot("expert:iterations=4", seed=seat) for seat in range(players)]
    assert isinstance(bots[0], ExpertBot)
    state = play_match(game, bots)  # raises on an illegal action
    assert state.is_terminal() and abs(sum(state.returns()) - 1.0) < 1e-9


def test_expert_budget_is_its_iterations_with_the_look_ahead_capped_below_a_second() -> None:
    # That the cap is kept, however wide the decision, is tests/test_bot_budgets.py's check.
    bot = make_bot("expert", seed=0)
    assert isinstance(bot, ExpertBot)
    assert (bot.iterations, bot.max_seconds, bot.lookahead) == (1200, 0.9, True)
    assert make_bot("expert:max_seconds=0.5").max_seconds == 0.5


def test_expert_in_another_game_searches_with_its_heuristic() -> None:
    game = load_game("first_stone_age", players=2, seed=1)
    state = play_match(game, [make_bot("expert:iterations=10", seed=s) for s in range(2)])
    assert state.is_terminal()


def test_training_regenerates_the_same_bytes_from_the_seed(tmp_path: Path) -> None:
    args = ["train", "expert", "--seed", "5", "--games", "1", "--generations", "2"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert main([*args, "--out", str(first), "--curve", str(tmp_path / "curve.png")]) == 0
    assert main([*args, "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    weights = load_weights(first)
    assert weights.training["command"] == "stoneage train expert --seed 5 --games 1 --generations 2"
    assert [point["generation"] for point in weights.training["curve"]] == [0, 1]
    assert (tmp_path / "curve.png").stat().st_size > 1000


def test_a_weaker_ridge_is_recorded_and_lets_the_fit_leave_the_hand_set_weights(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    assert main(["train", "expert", "--seed", "5", "--games", "1", "--generations", "1", "--ridge", "0.5",
                 "--out", str(out)]) == 0
    weights = load_weights(out)
    assert weights.training["command"] == "stoneage train expert --seed 5 --games 1 --generations 1 --ridge 0.5"
    assert weights.training["ridge"] == 0.5
    samples = [play_training_game(spec) for spec in game_specs(TrainConfig(seed=3, games=2), 0, HAND_SET)]
    x, mask, y = arrays(samples)

    def distance(ridge: float) -> float:
        return sum((a - b) ** 2 for a, b in zip(fit(x, mask, y, HAND_SET, ridge_weight=ridge), HAND_SET, strict=True))

    assert distance(0.5) > distance(RIDGE) > 0.0


@pytest.mark.parametrize(("args", "message"), [
    (["train", "expert", "--games", "0"], "expected a positive integer"),
    (["train", "novice"], "invalid choice"),
    (["train", "expert", "--ridge", "0"], "expected a positive number"),
    (["train", "expert", "--ridge", "nan"], "expected a positive number"),
    (["train", "expert", "--ridge", "much"], "expected a positive number"),
])
def test_the_train_command_names_a_bad_option(args: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    err = capsys.readouterr().err
    assert caught.value.code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize(("args", "message"), [
    (["train", "expert", "--out", "no/such/dir/w.json"], "does not exist"),
    (["train", "expert", "--curve", "curve.nosuchtype"], "plot file"),
])
def test_the_train_command_refuses_bad_arguments_without_a_traceback(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_cli_reports_bad_weights_without_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    status = main(["tournament", "--bots", f"expert:weights={bad},random", "--games", "1"])
    err = capsys.readouterr().err
    assert status == 2 and "format" in err and "Traceback" not in err
