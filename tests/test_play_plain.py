"""``stoneage play --plain``: line-by-line play from a script, bad input, save and resume."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from stoneage.play.session import Session
from stoneage.tui.stone_age.plain import PlainGame

GAME = ("play", "--plain", "--players", "2", "--seats", "human,random", "--seed", "3", "--delay", "0")


def play(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stoneage", *args], input=script, capture_output=True, text=True,
                          timeout=120, check=False)


def assert_finished(out: str) -> None:
    final = out[out.index("== Game over =="):]
    for label in ("buildings", "card points", "green cards", "farmers", "tool makers", "hut builders",
                  "shamans", "resources", "total"):
        assert label in final
    assert "Winner: " in final or "Shared win: " in final


def test_a_whole_game_from_a_script_of_choices() -> None:
    result = play(*GAME, script="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    assert "Player 1 (you): place figures (5 at home)" in result.stdout
    assert "  1. Hunting grounds (1–5 figures) …" in result.stdout
    assert_finished(result.stdout)
    assert "Traceback" not in result.stderr


def test_bad_lines_get_a_message_and_the_game_goes_on() -> None:
    bad = "jump\nplace nowhere 3\nplace hut 1\n99\n0\nrules moon\nodds forest x\n"
    result = play(*GAME, script=bad + "place forest 2\n" + "1\n" * 3000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Not understood: 'jump' is not an action" in out
    assert "unknown location 'nowhere'" in out
    assert "'place hut 1' is not legal now" in out
    assert "There is no option 99" in out
    assert "There is nothing to go back to" in out
    assert "Unknown location 'moon'" in out
    assert "The number of figures is 1 to 10." in out
    assert "Player 1 places 2 figures on the forest" in out
    assert_finished(out)


def test_notation_and_numbers_in_sub_lists() -> None:
    result = play(*GAME, script="2\n0\n2\n3\n" + "1\n" * 3000)
    assert "Player 1 places 3 figures on the forest" in result.stdout
    assert result.returncode == 0


def test_a_corrupt_save_file_is_a_clear_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    for content, message in (
        ("{not json", "is not JSON"),
        (json.dumps({"format": 1, "game": "stone_age", "players": 2, "seed": 1}), "'actions' is missing"),
        (json.dumps({"format": 1, "game": "stone_age", "players": 2, "seed": 1, "actions": ["roll 99"]}),
         "actions[0] 'roll 99'"),
        (json.dumps({"format": 1, "game": "stone_age", "players": 2, "seed": 1, "actions": [], "seats": "x"}),
         "'seats' must be a list"),
        (json.dumps({"format": 1, "game": "stone_age", "players": 2, "seed": 1, "actions": [],
                     "seats": ["human"]}), "2 players need 2 seats"),
    ):
        broken.write_text(content, encoding="utf-8")
        result = play("play", "--plain", "--resume", str(broken), script="1\n")
        assert result.returncode == 2, (content, result.stdout, result.stderr)
        assert result.stderr.startswith("stoneage: error: ") and message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    missing = play("play", "--plain", "--resume", str(tmp_path / "nope.json"), script="")
    assert missing.returncode == 2 and "cannot read record" in missing.stderr


def test_bad_options_exit_2_without_a_traceback() -> None:
    for args, message in (
        (("--seats", "human,nobot"), "unknown bot 'nobot'"),
        (("--players", "3", "--seats", "human,random"), "does not match"),
        (("--seats", "human"), "2 to 4 seats"),
        (("--resume", "x.json", "--seed", "3"), "cannot be combined with --resume"),
        (("--expansion", "dragons"), "expansion"),
        (("--first-player", "5", "--seats", "human,random"), "--first-player"),
        (("--delay", "soon"), "delay must be a number"),
    ):
        result = play("play", "--plain", *args, script="")
        assert result.returncode == 2, (args, result.stderr)
        assert message in result.stderr and "Traceback" not in result.stderr, (args, result.stderr)


def test_save_then_resume_finishes_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = play(*GAME, script="1\n1\n1\n2\n" + f"save {path}\nquit\n")
    assert first.returncode == 0, first.stderr
    assert f"Saved to {path}" in first.stdout and "You stopped the game." in first.stdout
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seats"] == ["human", "random"] and "result" not in record
    second = play("play", "--plain", "--resume", str(path), "--delay", "0", script="1\n" * 3000)
    assert second.returncode == 0, second.stderr
    assert "-- resumed after" in second.stdout
    assert_finished(second.stdout)


def test_the_end_of_the_input_stops_with_status_1_and_saves_with_save(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    result = play(*GAME, "--save", str(path), script="1\n1\n")
    assert result.returncode == 1
    assert "The input ended before the game was over." in result.stdout
    assert path.exists() and json.loads(path.read_text(encoding="utf-8"))["seats"] == ["human", "random"]


def test_a_bot_only_game_just_prints_the_log_and_result() -> None:
    result = play("play", "--plain", "--seats", "random,random,random", "--seed", "2", script="")
    assert result.returncode == 0, result.stderr
    assert "== Round 1 ==" in result.stdout
    assert_finished(result.stdout)


def run_plain(session: Session, lines: list[str]) -> str:
    out = io.StringIO()
    game = PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out)
    game.run()
    return out.getvalue()


def test_undo_and_hint_in_plain_mode() -> None:
    session = Session.new(["human", "random"], 3)
    session.hint_spec = "no-such-bot"
    out = run_plain(session, ["undo", "hint", "1", "1", "undo", "quit"])
    assert "Nothing to undo" in out
    assert "hint unavailable: the 'no-such-bot' bot is not available" in out
    assert "Undone: Player 1 places 1 figure on the hunting grounds (and 1 more log line). You decide again." in out
    assert session.state.observation(0)["players"][0]["unplaced"] == 5  # the placement was taken back

    session = Session.new(["human", "random"], 3)
    session.hint_spec = "random"
    out = run_plain(session, ["hint", "quit"])
    assert "Hint: the random bot would play place " in out


def test_help_board_rules_and_odds_commands() -> None:
    session = Session.new(["human", "random"], 3)
    out = run_plain(session, ["help", "board", "me", "rules forest", "rules card2", "rules building1", "odds forest 3",
                              "odds hunt", "log 3", "quit"])
    assert "Commands:" in out
    assert "Forest 0/7: empty; ÷3 → wood" in out
    assert "Forest: roll one die per figure; the sum ÷ 3 (rounded down) gives wood." in out
    assert "Card space 2: 1 figure." in out and "Building stack 1: 1 figure." in out
    assert "Odds: 3 dice at the forest, sum ÷ 3 → wood" in out
    assert "average food" in out


def test_the_winner_line_explains_a_tie_break() -> None:
    from stoneage.play.stone_age.results import winner_lines

    names = ["Player 1 (you)", "Player 2 (hard)", "Player 3 (easy)"]
    assert winner_lines([90, 120, 80], [5, 9, 9], [1], names) == ["Winner: Player 2 (hard) with 120 points."]
    tied = winner_lines([120, 120, 80], [14, 11, 9], [0], names)
    assert tied[0] == "Winner: Player 1 (you) with 120 points."
    assert tied[1] == ("Tie on 120 points, broken by agriculture + tool value + figures: "
                       "Player 1 (you) 14, Player 2 (hard) 11.")
    shared = winner_lines([120, 120, 80], [11, 11, 9], [0, 1], names)
    assert shared[0] == "Shared win: Player 1 (you) and Player 2 (hard) with 120 points."


def test_menus_offer_every_legal_action_and_nothing_else() -> None:
    import random

    from stoneage.play.menus import all_actions
    from stoneage.play.stone_age.menu import build_menu

    for seed, seats in ((1, ["human", "human"]), (2, ["human"] * 4)):
        session = Session.new(seats, seed, variants=("two_resources_at_once",) if seed == 2 else ())
        rng = random.Random(seed)
        while not session.over:
            if not session.human_to_move():
                session.apply(session.auto_action())
                continue
            menu = build_menu(session.state, session.names)
            offered = all_actions(menu)
            assert sorted(offered) == session.state.legal_actions() and len(set(offered)) == len(offered)
            choice = rng.choice(menu.choices)
            while choice.is_group:
                choice = rng.choice(choice.children)
            assert choice.action is not None
            session.choose(choice.action)


def test_plain_mode_works_without_textual() -> None:
    code = (
        "import sys\n"
        "sys.modules['textual'] = None\n"
        "sys.modules['rich'] = None\n"
        "from stoneage.cli import main\n"
        "sys.exit(main(['play', '--plain', '--seats', 'human,random', '--seed', '3', '--delay', '0']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], input="1\n" * 3000, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert_finished(result.stdout)
