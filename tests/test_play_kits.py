"""Kits instead of name switches: each game's play kit (bots, pause, menus, results) and terminal kit
(app and plain classes), the generic kits a game without its own falls back on (the toy race,
registered in conftest.py, is played line by line), and the terminal fixes of the trial run."""

from __future__ import annotations

import argparse
import asyncio
import io
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from stoneage.core.registry import game_info, game_names
from stoneage.play.kit import GENERIC_KIT, PlayKit, play_kit
from stoneage.play.menus import all_actions
from stoneage.play.session import Session
from stoneage.tui import commands
from stoneage.tui.kit import GENERIC_TUI_KIT, NoFullScreenError, TuiKit, tui_kit
from stoneage.tui.stone_age.plain import PlainGame

SRC = Path(__file__).resolve().parent.parent / "src" / "stoneage"
GAMES = ("stone_age", "first_stone_age", "stone_age_junior")


# --- kits ----------------------------------------------------------------------------------------


def test_each_game_finds_its_play_kit_through_its_description() -> None:
    for name in GAMES:
        kit = play_kit(name)
        assert isinstance(kit, PlayKit) and kit is not GENERIC_KIT
        assert kit.menu is not None and kit.results is not None
    assert (play_kit("stone_age").default_bot, play_kit("stone_age").hint_bot) == ("medium", "expert")
    assert (play_kit("first_stone_age").default_bot, play_kit("first_stone_age").delay) == ("child", 3.0)
    assert (play_kit("stone_age_junior").hint_bot, play_kit("stone_age_junior").delay) == ("junior_expert", 1.5)


def test_each_game_finds_its_terminal_kit_and_a_game_without_one_gets_the_generic_kit() -> None:
    for name in GAMES:
        kit = tui_kit(name)
        assert isinstance(kit, TuiKit) and kit.app is not None and kit is not GENERIC_TUI_KIT
    assert tui_kit("stone_age").plain_class() is PlainGame
    assert "kits" not in game_info("toy_race").to_json() and not game_info("toy_race").kits
    assert play_kit("toy_race") is GENERIC_KIT and tui_kit("toy_race") is GENERIC_TUI_KIT
    with pytest.raises(NoFullScreenError, match="--plain"):
        tui_kit("toy_race").app_class()


def test_the_plain_classes_are_found_without_importing_textual() -> None:
    code = (
        "import sys; sys.modules['textual'] = None; sys.modules['rich'] = None\n"
        "from stoneage.tui.kit import tui_kit\n"
        f"print([tui_kit(name).plain_class().__name__ for name in {GAMES!r}])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "PlainGame" in result.stdout


def test_the_session_and_the_play_command_branch_on_no_game_name() -> None:
    session = (SRC / "play" / "session.py").read_text(encoding="utf-8")
    command = (SRC / "tui" / "commands.py").read_text(encoding="utf-8")
    assert "game.name ==" not in session and "name ==" not in command
    for name in GAMES:
        assert f'"{name}"' not in command
        assert f'"{name}"' not in session.replace('DEFAULT_GAME = "stone_age"', "")


def test_a_kit_decides_which_chance_steps_are_paced() -> None:
    session = Session.new(["random", "random"], 4, game="first_stone_age")
    paced_chance = []
    while not session.over:
        step = session.apply(session.auto_action())
        if step.seat < 0 and step.paced:
            paced_chance.append(session.state.action_to_string(step.action))
    assert paced_chance and all(text.startswith("reveal") for text in paced_chance), paced_chance[:5]


# --- a game without kits -----------------------------------------------------------------------


def parse_play(*args: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers())
    return parser.parse_args(["play", *args])


def test_the_play_command_offers_every_registered_game_and_its_options() -> None:
    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers())
    args = parser.parse_args(["play", "--game", "toy_race", "--variant", "short_track", "--expansion", "ladder"])
    assert args.game == "toy_race"
    assert set(game_names()) >= {*GAMES, "toy_race"}


def test_a_game_without_kits_is_played_line_by_line_with_menus_of_notation() -> None:
    args = parse_play("--plain", "--game", "toy_race", "--seats", "human,random", "--seed", "3", "--delay", "0")
    session = commands.make_session(args)
    assert session.game.name == "toy_race" and session.hint_spec == GENERIC_KIT.hint_bot
    while not session.human_to_move():  # the deal
        session.apply(session.auto_action())
    menu = session.menu()
    assert sorted(all_actions(menu)) == session.state.legal_actions()
    assert {choice.label for choice in menu.choices} <= {"roll 1", "roll 2", "card"}
    out = io.StringIO()
    game = tui_kit(session.game).plain_class()(session, stdin=io.StringIO("board\nhint\n" + "1\n" * 200),
                                               stdout=out)
    assert game.run() == 0
    text = out.getvalue()
    assert text.startswith("Toy Race, 2 players") and "1. roll 1" in text
    assert "Hint: the mcts:iterations=200 bot would play" in text
    assert session.over and "Winner: " in text


def test_a_game_without_kits_gets_the_default_bot_and_the_generic_results() -> None:
    session = commands.make_session(parse_play("--plain", "--game", "toy_race", "--seed", "2"))
    assert session.seats == ["human", "random"]  # the toy's two players, the generic default bot
    assert session.result_lines()[-1] == "The game is not over; these are the scores as they stand."


def test_expansions_and_seat_counts_are_checked_against_the_game() -> None:
    with pytest.raises(Exception, match="2 to 4 seats"):
        commands.make_session(parse_play("--seats", "human"))
    with pytest.raises(Exception, match="first_stone_age has no expansions"):
        commands.make_session(parse_play("--game", "first_stone_age", "--expansion", "mammoth"))
    with pytest.raises(Exception, match="--mammoth-tiles is not an option of stone_age_junior"):
        commands.make_session(parse_play("--game", "stone_age_junior", "--mammoth-tiles", "x.json"))


# --- the terminal fixes --------------------------------------------------------------------------


def test_quitting_right_after_resuming_knows_the_game_is_saved(tmp_path: Path) -> None:
    session = Session.new(["human", "random"], 3)
    while not session.human_to_move():
        session.apply(session.auto_action())
    assert not session.is_saved()
    session.save(tmp_path / "g.json")
    assert session.is_saved()
    resumed = Session.from_record(commands.load_record(tmp_path / "g.json"))
    assert resumed.is_saved()
    out = io.StringIO()
    PlainGame(resumed, stdin=io.StringIO("quit\n"), stdout=out).run()
    assert "You stopped the game." in out.getvalue() and "not saved" not in out.getvalue()
    resumed.choose(resumed.state.legal_actions()[0])
    assert not resumed.is_saved()


def test_resuming_saves_back_to_the_file_it_was_resumed_from(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session = Session.new(["human", "random"], 3)
    while not session.human_to_move():
        session.apply(session.auto_action())
    session.save(path)
    result = subprocess.run([sys.executable, "-m", "stoneage", "play", "--plain", "--resume", str(path)],
                            input="save\nquit\n", capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert f"Saved to {path}" in result.stdout


# --- the full-screen fixes (textual) ---------------------------------------------------------------


def run_app(session: Session, size: tuple[int, int], script: Callable[..., Awaitable[None]]) -> object:
    pytest.importorskip("textual")
    from stoneage.tui.stone_age.app import StoneAgeApp

    app = StoneAgeApp(session, delay=0)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            while app.busy:
                await app.workers.wait_for_complete()
                await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())
    return app


def test_a_window_too_small_is_told_with_the_size_needed() -> None:
    async def small(app: object, pilot: object) -> None:
        assert "needs at least 100×30" in app.message  # type: ignore[attr-defined]

    run_app(Session.new(["human", "random"], 3), (80, 24), small)

    async def big(app: object, pilot: object) -> None:
        assert "needs at least" not in app.message  # type: ignore[attr-defined]

    run_app(Session.new(["human", "random"], 3), (120, 36), big)


def test_a_status_message_clears_on_the_next_action() -> None:
    async def script(app: object, pilot: object) -> None:
        await pilot.press("x")  # type: ignore[attr-defined]
        assert "Unknown key" in app.message  # type: ignore[attr-defined]
        await pilot.press("1")  # type: ignore[attr-defined]  # opens the hunting grounds' figure counts
        assert app.message == ""  # type: ignore[attr-defined]

    run_app(Session.new(["human", "random"], 3), (120, 36), script)


def test_the_players_panel_shows_the_food_needed_against_the_food_held() -> None:
    async def script(app: object, pilot: object) -> None:
        players = str(app.query_one("#players").content)  # type: ignore[attr-defined]
        assert "food needed" in players and "5 ok" in players

    run_app(Session.new(["human", "random"], 3), (120, 36), script)


def test_the_game_over_screen_shows_the_totals_and_only_the_keys_that_still_apply() -> None:
    session = Session.new(["random", "random"], 5)
    while not session.over:
        session.apply(session.auto_action())

    async def script(app: object, pilot: object) -> None:
        prompt = str(app.query_one("#prompt").content)  # type: ignore[attr-defined]
        totals = " · ".join(f"P{seat + 1} {score}" for seat, score in enumerate(session.state.scores()))
        assert f"Final totals: {totals}" in prompt
        check = app.check_action  # type: ignore[attr-defined]
        assert check("save", ()) and check("quit_game", ())
        assert not any(check(action, ()) for action in ("hint", "undo", "pause", "notation", "pick", "keys"))

    run_app(session, (120, 36), script)


def test_quitting_the_full_screen_game_right_after_resuming_needs_one_key(tmp_path: Path) -> None:
    session = Session.new(["human", "random"], 3)
    while not session.human_to_move():
        session.apply(session.auto_action())
    session.save(tmp_path / "g.json")
    resumed = Session.from_record(commands.load_record(tmp_path / "g.json"))

    async def script(app: object, pilot: object) -> None:
        await pilot.press("q")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert "not saved" not in app.message  # type: ignore[attr-defined]

    app = run_app(resumed, (120, 36), script)
    assert app.return_code == 0  # type: ignore[attr-defined]
