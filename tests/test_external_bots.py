"""External (``cmd:``) bots in games, tournaments and ``stoneage play``: the example bots, and
bots that crash, hang, babble or cheat, which a fallback bot replaces while the game goes on."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage.bots import make_bot
from stoneage.bots.external import FallbackBot
from stoneage.bots.match import play_match
from stoneage.core.registry import game_names, load_game
from stoneage.play.session import bot_seed
from stoneage.sim.config import TournamentConfig, split_bots, validate
from stoneage.sim.play import play_game
from stoneage.sim.results import GameResult, load_results, write_results
from stoneage.sim.runner import run_tournament
from stoneage.sim.stats import format_summary, summarize

ROOT = Path(__file__).resolve().parent.parent
PYTHON_BOT = f"cmd[budget=5]:{sys.executable} {ROOT / 'examples' / 'bots' / 'stdlib_bot.py'}"
NODE = shutil.which("node") or shutil.which("nodejs")
JS_BOT = f"cmd[budget=5]:{NODE} {ROOT / 'examples' / 'bots' / 'random_bot.js'}"
MISBEHAVING = ROOT / "tests" / "external_bots" / "misbehaving.py"
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (.ci/run installs nodejs)")
EXAMPLES = [PYTHON_BOT, pytest.param(JS_BOT, marks=needs_node)]


def misbehaving(mode: str, *, after: int = 2, options: str = "budget=0.2;hello=1") -> str:
    return f"cmd[{options}]:{sys.executable} {MISBEHAVING} {mode} {after}"


def play(spec: str, game: str = "first_stone_age", seed: int = 5) -> tuple[FallbackBot, list[int]]:
    """A game of the ``spec`` bot (seat 1) against ``random``; the bot (closed) and the history."""
    bot = make_bot(spec, seed=seed, trusted=True)
    assert isinstance(bot, FallbackBot)
    try:
        final = play_match(load_game(game, players=2, seed=seed), [bot, make_bot("random", seed + 1)])
        assert final.is_terminal()
        bot.game_over(final)
    finally:
        bot.close()
    return bot, final.history()


@pytest.mark.parametrize("spec", EXAMPLES)
@pytest.mark.parametrize("game", game_names())
def test_the_example_bots_play_every_game_without_incidents(spec: str, game: str) -> None:
    bot, history = play(spec, game)
    assert not bot.incidents, [i.text() for i in bot.incidents]
    assert bot.primary.hello is not None and not bot.primary.retired and history


@pytest.mark.parametrize("spec", EXAMPLES)
def test_the_same_seeds_play_the_same_game(spec: str) -> None:
    assert play(spec, seed=8)[1] == play(spec, seed=8)[1]
    assert play(spec, seed=8)[1] != play(spec, seed=9)[1]


@needs_node
def test_a_tournament_of_both_example_bots_against_the_built_ins_has_no_incidents() -> None:
    bots = split_bots(f"{PYTHON_BOT},{JS_BOT},greedy,random")
    assert len(bots) == 4
    config = TournamentConfig(bots=bots, games=6, players=(2,), game="first_stone_age", seed=2)
    validate(config)
    results = run_tournament(config).results
    assert len(results) == 6 and all(sum(r.incidents) == 0 for r in results)
    rows = summarize(results)
    assert {row.bot for row in rows} == set(bots)
    table = format_summary(rows)
    assert "incidents" in table.splitlines()[0]
    assert all(row.incidents == 0 for row in rows) and all(row.decisions for row in rows)


@pytest.mark.parametrize(("mode", "kind"), [
    ("garbage", "garbage"), ("huge", "garbage"), ("notation", "garbage"), ("illegal", "illegal"),
])
def test_a_bot_that_answers_nonsense_is_replaced_for_each_such_decision(mode: str, kind: str) -> None:
    bot, _history = play(misbehaving(mode))
    assert bot.incidents and {i.kind for i in bot.incidents} == {kind}
    assert bot.primary.retired is False  # it keeps its seat: each bad answer costs one decision
    assert all(i.fallback == "random" and i.seat == 0 for i in bot.incidents)


def test_a_crashing_bot_is_restarted_then_retired() -> None:
    bot, _history = play(misbehaving("crash", options="budget=0.5;hello=2;restarts=1;fallback=greedy"))
    assert [i.kind for i in bot.incidents] == ["crash", "crash"]
    assert "status 3" in bot.incidents[0].detail and "crashing on purpose" in bot.incidents[0].detail
    assert "restarted" in bot.incidents[0].detail and "retired" in bot.incidents[1].detail
    assert bot.primary.retired and bot.incidents[1].fallback == "greedy"


def test_a_hanging_bot_times_out_and_is_stopped() -> None:
    bot, _history = play(misbehaving("hang", options="budget=0.2;restarts=0"))
    assert [i.kind for i in bot.incidents] == ["timeout"]
    assert bot.primary.retired and bot.primary._program is None


@pytest.mark.parametrize("mode", ["silent", "alien", "picky"])
def test_a_bot_without_a_good_handshake_is_retired_at_once(mode: str) -> None:
    bot, _history = play(misbehaving(mode, options="hello=0.3"))
    assert [i.kind for i in bot.incidents] == ["handshake"]
    assert bot.primary.retired


def test_stale_answers_and_unknown_messages_are_ignored() -> None:
    bot, _history = play(misbehaving("stale", after=0))
    assert not bot.incidents


def test_a_program_that_cannot_start_is_an_incident(tmp_path: Path) -> None:
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    script.chmod(0o600)  # not executable
    bot, _history = play(f"cmd:{script}")
    assert [i.kind for i in bot.incidents] == ["crash"] and "cannot start" in bot.incidents[0].detail


def test_incidents_are_counted_in_tournament_results(tmp_path: Path) -> None:
    config = TournamentConfig(bots=(misbehaving("illegal", after=3), "random"), games=2, game="first_stone_age")
    validate(config)
    results = [play_game(config, index) for index in range(2)]
    for result in results:
        seat = result.bots.index(config.bots[0])
        assert result.incidents[seat] > 0 and result.incidents[1 - seat] == 0
        assert "incidents" not in result.outcome()
    for name in ("results.jsonl", "results.csv"):
        write_results(results, tmp_path / name)
        assert load_results(tmp_path / name) == results
    row = summarize(results)[0]
    assert row.incidents == sum(sum(r.incidents) for r in results)
    assert format_summary([row]).splitlines()[-1].split()[-1] == str(row.incidents)


def test_results_from_before_incidents_load_with_none() -> None:
    line = {"game": 0, "seed": 1, "players": 2, "bots": ["a", "b"], "bot_seeds": [0, 0], "scores": [1, 2],
            "winners": [1], "steps": 9, "decisions": [4, 5], "seconds_per_decision": [0.1, 0.1],
            "max_seconds": [0.2, 0.2]}
    assert GameResult.from_json(line).incidents == [0, 0]
    assert "incidents" not in format_summary(summarize([GameResult.from_json(line)]))


def test_stoneage_play_shows_the_incident_and_plays_on() -> None:
    spec = misbehaving("crash", options="budget=0.5;hello=2;restarts=0;fallback=greedy")
    result = subprocess.run(
        [sys.executable, "-m", "stoneage", "play", "--plain", "--game", "first_stone_age", "--seats",
         f"{spec},random", "--seed", "3", "--delay", "0"],
        input="", capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    notices = [line for line in result.stdout.splitlines() if "the bot program failed" in line]
    assert len(notices) == 1 and "crash" in notices[0] and "the greedy bot played instead" in notices[0]
    assert "== Game over ==" in result.stdout and "Traceback" not in result.stderr


def test_stoneage_tournament_accepts_cmd_bots(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "stoneage", "tournament", "--game", "first_stone_age", "--bots",
         f"{PYTHON_BOT},greedy", "--games", "2", "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "incidents" in result.stdout
    assert [json.loads(line)["incidents"] for line in out.read_text(encoding="utf-8").splitlines()] == [[0, 0]] * 2


def test_the_lobby_refuses_cmd_bots() -> None:
    service_module = pytest.importorskip("stoneage.web.service")
    config = pytest.importorskip("stoneage.web.config").ServerConfig()
    service = service_module.GameService(store=None, config=config)
    seats = [service_module.SeatSpec("person"), service_module.SeatSpec("bot", "cmd:/bin/sh -c 'touch /tmp/x'")]
    with pytest.raises(service_module.ServiceError) as caught:
        asyncio.run(service.create_game("stone_age", seats, expansions=[], variants=[], options={}))
    assert caught.value.code == "cmd_bot_refused" and caught.value.status == 403



def test_the_seed_a_bot_program_is_sent_cannot_predict_the_games_dice(tmp_path: Path) -> None:
    """The attack of the complaint: a bot program took the seed it was sent for ``game_seed * 10 + seat +
    1`` (the engine's bot seed) and predicted every die. Played as the server plays (a 62-bit game seed,
    the seat's bot seed), a game made from any seed that guess gives draws other dice than the real one."""
    game_seed, seat = 3_141_592_653_589_793_238, 1
    log = tmp_path / "conversation.txt"
    spec = f"cmd[budget=5;log={log}]:{sys.executable} {ROOT / 'examples' / 'bots' / 'stdlib_bot.py'}"
    bot = make_bot(spec, seed=bot_seed(game_seed, seat), trusted=True)
    try:
        final = play_match(load_game("stone_age", players=2, seed=game_seed), [make_bot("random", seed=1), bot])
    finally:
        bot.close()
    [sent] = [json.loads(line[2:])["seed"] for line in log.read_text().splitlines()
              if line.startswith("> ") and '"new_game"' in line]
    history = final.history()
    for guess in (g for g in {sent, (sent - seat - 1) // 10, sent // 10} if 0 <= g < 1 << 63):
        assert guess != game_seed and predicted(guess, history) < 0.5, (
            f"seed {guess} (guessed from {sent}) predicts the chance steps")


def predicted(guess: int, history: list[int]) -> float:
    """The share of the chance steps of a game (its ``history``) that a game seeded ``guess`` draws alike."""
    state = load_game("stone_age", players=2, seed=guess).new_initial_state()
    hits = steps = 0
    for action in history:
        if state.is_chance_node():
            steps += 1
            hits += state.sample_chance_outcome() == action
        state.apply_action(action)
    return hits / steps
