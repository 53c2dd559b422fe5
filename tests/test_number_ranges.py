"""Every number a person, a file or the network gives has a range; NaN and infinity are no number
(issue 39: D6, D12, D13, D16, D17 and "Numbers")."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import pytest

from stoneage.bots.greedy import GreedyBot
from stoneage.bots.mcts import MCTSBot
from stoneage.bots.registry import BotSpecError, make_bot
from stoneage.cli import build_parser, main
from stoneage.core.errors import GameOptionError, StoneAgeError
from stoneage.core.limits import MAX_GAMES, MAX_SEED
from stoneage.core.record import load_record, make_record
from stoneage.core.registry import load_game

HOSTILE = ("", " ", "-1", "0", "1", "²", "٣", "1e23", "9" * 5000, "nan", "inf", "-inf", "abc", "1,", ",", "1.5",
           "0x10", "1_000", str(2**63), str(2**64))


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                found += _parsers(sub)
    return found


def test_every_option_type_refuses_bad_values_in_its_own_words() -> None:
    """argparse words a type's ``ValueError`` as "invalid _seed value": every type says what is wrong itself."""
    checked = 0
    for parser in _parsers(build_parser()):
        for action in parser._actions:
            if action.type is None or not callable(action.type):
                continue
            for text in HOSTILE:
                try:
                    action.type(text)
                except argparse.ArgumentTypeError:
                    pass
                except Exception as error:  # any other is the bug
                    pytest.fail(f"{parser.prog} {action.option_strings or action.dest} {text[:20]!r}: "
                                f"{type(error).__name__}: {error}")
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("argv", [
    ["simulate", "--seed", "9" * 5000],
    ["play", "--plain", "--seed", "²"],
    ["play", "--plain", "--first-player", "x"],
    ["serve", "--port", "9" * 5000],
    ["tournament", "--bots", "random,random", "--seed", "٣"],
])
def test_no_message_names_an_internal_function(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "invalid" not in err and " _" not in err and "error: argument" in err, err


@pytest.mark.parametrize("argv", [
    ["tournament", "--bots", "random,random", "--games", "100000000"],
    ["ladder", "--games", "1" + "0" * 23],
    ["selfplay", "--bots", "random", "--games", str(MAX_GAMES + 1), "--out", "x.npz"],
    ["train", "expert", "--games", str(MAX_GAMES + 1)],
    ["train", "expert", "--generations", "100000"],
    ["train", "expert", "--tune-games", str(MAX_GAMES + 1)],
    ["tournament", "--bots", "random,random", "--jobs", "100000"],
    ["tournament", "--bots", "random,random", "--batch", "100000000"],
    ["tournament-game", "--bots", "random,random", "--index", str(MAX_GAMES)],
    ["analyze", "x.json", "--seed", str(2**63)],
    ["serve", "--advice-workers", "65"],
    ["bench", "--positions", "100000000"],
    ["bench", "--games", "100000000"],
    ["bench", "--players", "2," + "9" * 5000],
    ["play", "--plain", "--delay", "nan"],
    ["play", "--plain", "--delay", "inf"],
    ["train", "expert", "--ridge", "inf"],
    ["serve", "--pace", "nan"],
])
def test_counts_have_an_upper_bound(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:  # parsed only: a count let through is not played
        build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "error: argument" in err and "Traceback" not in err, err


@pytest.mark.parametrize("command", [
    ["simulate", "--quiet"], ["play", "--plain"], ["tournament", "--bots", "random,random"], ["bench"],
    ["ladder"], ["selfplay", "--bots", "random", "--out", "x.npz"], ["train", "expert"],
    ["tournament-game", "--bots", "random,random", "--index", "0"],
])
def test_seeds_are_limited_to_what_records_hold(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args([*command, "--seed", str(MAX_SEED + 1)])
    assert f"at most {MAX_SEED}" in capsys.readouterr().err


def test_the_largest_seed_plays_and_its_record_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "big.json"
    assert main(["simulate", "--quiet", "--players", "2", "--seed", str(MAX_SEED), "--record", str(record)]) == 0
    assert main(["replay", str(record)]) == 0
    assert load_record(record)["seed"] == MAX_SEED
    assert f"seed {MAX_SEED}" in capsys.readouterr().out


def test_a_game_refuses_a_seed_records_cannot_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (MAX_SEED + 1, 10**40):
        with pytest.raises(GameOptionError, match="seed"):
            load_game("stone_age", players=2, seed=seed)
    record = make_record(load_game("stone_age", players=2, seed=1), load_game("stone_age", players=2, seed=1)
                         .new_initial_state())
    record["seed"] = MAX_SEED + 1
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "seed" in capsys.readouterr().err


@pytest.mark.parametrize("spec", [
    "mcts:seconds=nan", "mcts:seconds=inf", "mcts:max_seconds=1e6", "mcts:seconds=1e6,max_seconds=1e6",
    "mcts:iterations=1000000000", "mcts:c=nan", "mcts:c=-1", "mcts:width=0", "mcts:width=100000",
    "mcts:rollout=100000000", "hard:max_seconds=nan", "expert:max_seconds=4000", "learned:iterations=-1",
    "greedy:temperature=nan", "greedy:temperature=inf", "greedy:temperature=2", "greedy:epsilon=nan",
    "greedy:max_seconds=nan", "greedy:max_seconds=1e9", "greedy:samples=0", "greedy:samples=10000000",
    "greedy:depth=1000", "greedy:budget=10000000000", "easy:epsilon=-0.1",
    "memory:recall=nan", "memory:span=10000000", "child:denial=inf", "memory_expert:depth=9",
    "junior:memory=nan", "junior_child:span=-1", "junior_expert:max_seconds=1e5", "junior_expert:samples=0",
    "junior_expert:samples=100000000", "junior_expert:foresight=nan",
    "cmd[budget=nan]:true", "cmd[hello=inf]:true", "cmd[restarts=1000]:true",
])
def test_bot_numbers_out_of_range_are_refused(spec: str) -> None:
    with pytest.raises(BotSpecError):
        make_bot(spec, trusted=True)


@pytest.mark.parametrize("spec", [
    "mcts:seconds=3600,max_seconds=3600", "mcts:iterations=1000000", "greedy:max_seconds=600",
    "greedy:budget=1000000000", "greedy:temperature=0.005", "hard:max_seconds=30", "mcts:c=1.4,width=20",
    "junior_expert:max_seconds=600", "memory:span=4", "memory_expert:depth=2",
])
def test_generous_numbers_still_work(spec: str) -> None:
    make_bot(spec).close()


@pytest.mark.parametrize("make", [
    lambda: MCTSBot(seconds=math.nan), lambda: MCTSBot(max_seconds=math.inf), lambda: MCTSBot(c=math.nan),
    lambda: GreedyBot(temperature=math.nan), lambda: GreedyBot(epsilon=math.nan),
])
def test_a_python_caller_gets_the_same_checks(make: object) -> None:
    with pytest.raises(BotSpecError):
        make()  # type: ignore[operator]


@pytest.mark.parametrize("url", [
    "ws://localhost:99999/api/games/g/bot", "ws://host:abc/api/games/g/bot", "ws://[::1/x", "abc",
    "ws:///api/games/g/bot", "ws://host:0/api/games/g/bot",
])
def test_bot_connect_checks_the_url_first(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "connect", url, "--token", "t", "--", "prog"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stoneage: error: ") and "URL" in err and "Traceback" not in err, err


def test_url_errors_are_stone_age_errors() -> None:
    from stoneage.web.bridge import BridgeError, bot_url

    assert issubclass(BridgeError, StoneAgeError)
    with pytest.raises(BridgeError, match="port"):
        bot_url("ws://h:70000/x", "t")
    assert bot_url("ws://[::1]:8000/api/games/g/bot", "t") == "ws://[::1]:8000/api/games/g/bot?token=t"
