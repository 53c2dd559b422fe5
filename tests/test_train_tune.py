"""Tuning the expert's village weights by games: which scalings are tried, in which games, and
which are kept; the games are seeded, so the tuning is too."""

from __future__ import annotations

from pathlib import Path

import pytest

from stoneage.bots.stone_age.features import FEATURES
from stoneage.bots.stone_age.learned import HAND_SET, load_weights
from stoneage.cli import main
from stoneage.sim import train, train_tune
from stoneage.sim.train_tune import FACTORS, MARGIN, TUNED, MirrorGame, mirror_games, play_mirror_game, tune


def test_each_deal_is_played_with_the_candidate_in_both_seats() -> None:
    games = mirror_games(3, "hut", 0.5, 6, HAND_SET, HAND_SET)
    assert [game.candidate_seat for game in games] == [0, 1] * 3
    assert all(games[i].seed == games[i + 1].seed for i in range(0, 6, 2))
    assert len({game.seed for game in games}) == 3
    assert mirror_games(3, "hut", 0.5, 6, HAND_SET, HAND_SET) == games  # seeded
    assert {g.seed for g in mirror_games(3, "hut", 1.5, 6, HAND_SET, HAND_SET)}.isdisjoint({g.seed for g in games})


def test_a_scaling_that_wins_is_kept_and_the_next_weight_is_tried_from_it() -> None:
    hut = FEATURES.index("hut")
    played: list[tuple[float, ...]] = []

    def play(games: list[MirrorGame]) -> list[float]:
        candidate = games[0].candidate
        played.append(candidate)
        wins = candidate[hut] < games[0].current[hut]  # a cheaper hut wins every game; nothing else does
        return [1.0 if wins else 0.5 - MARGIN for _ in games]

    weights, log = tune(HAND_SET, 0, 4, play)
    assert weights[hut] == round(HAND_SET[hut] * FACTORS[0], 6)
    assert [i for i, (a, b) in enumerate(zip(weights, HAND_SET, strict=True)) if a != b] == [hut]
    tried = [(line["feature"], line["factor"], line["kept"]) for line in log]
    assert tried == [("tool_maker", 0.5, False), ("tool_maker", 1.5, False), ("hut", 0.5, True),
                     ("field", 0.5, False), ("field", 1.5, False)]
    assert all(candidate[hut] == weights[hut] for candidate in played[3:])  # tried from the kept weights
    assert all(line["games"] == 4 and 0.0 <= float(str(line["share"])) <= 1.0 for line in log)


def test_half_the_games_plus_the_margin_is_not_enough() -> None:
    weights, log = tune(HAND_SET, 0, 2, lambda games: [0.5 + MARGIN] * len(games))
    assert weights == HAND_SET and not any(line["kept"] for line in log)
    assert len(log) == len(TUNED) * len(FACTORS)


def test_a_tuning_game_is_a_whole_seeded_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(train_tune, "ITERATIONS", 1)
    [game, swapped] = mirror_games(1, "hut", 0.5, 2, HAND_SET, HAND_SET)
    share = play_mirror_game(game)
    assert share in (0.0, 0.5, 1.0)
    # The same weights in both seats and the bots seeded by seat: the swapped game is the same game
    # (the seed decides it all), so the candidate's share is the other seat's.
    assert play_mirror_game(swapped) == 1.0 - share


def test_training_with_tuning_records_what_it_tried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hut = FEATURES.index("hut")

    def cheaper_hut_wins(game: MirrorGame) -> float:  # the games themselves: the test above
        return 1.0 if game.candidate[hut] < game.current[hut] else 0.0

    monkeypatch.setattr(train, "play_mirror_game", cheaper_hut_wins)
    out = tmp_path / "w.json"
    assert main(["train", "expert", "--seed", "5", "--games", "1", "--generations", "1", "--tune-games", "2",
                 "--out", str(out)]) == 0
    weights = load_weights(out)
    assert weights.training["command"] == "stoneage train expert --seed 5 --games 1 --generations 1 --tune-games 2"
    tuning = weights.training["tuning"]
    assert [(line["feature"], line["factor"], line["kept"]) for line in tuning] == [
        ("tool_maker", 0.5, False), ("tool_maker", 1.5, False), ("hut", 0.5, True), ("field", 0.5, False),
        ("field", 1.5, False)]
    assert all(line["games"] == 2 for line in tuning)


def test_a_negative_number_of_tuning_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["train", "expert", "--tune-games", "-1"])
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "--tune-games" in err and "Traceback" not in err
