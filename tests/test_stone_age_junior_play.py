"""``stoneage play --game stone_age_junior``: line by line from scripts, hot seat with the goods hidden
between turns, save, resume and replay, the board pictures, and the full-screen game driven headless
with textual's pilot."""

from __future__ import annotations

import asyncio
import io
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from stoneage.core.record import load_record
from stoneage.play.session import Session
from stoneage.play.stone_age_junior.words import event_line, goods_words
from stoneage.tui.stone_age_junior.plain import CLEAR_SCREEN, JuniorPlainGame
from stoneage.tui.stone_age_junior.render import TILE_LABELS, board_rows, plain, player_lines

GAME = ("play", "--game", "stone_age_junior", "--plain", "--seed", "3", "--delay", "0")


def run_cli(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stoneage", *args], input=script, capture_output=True, text=True,
                          timeout=120, check=False)


def assert_finished(out: str) -> None:
    final = out[out.index("== Game over =="):]
    assert "huts built" in final and "Winner: " in final and "with 3 huts!" in final


def new_session(seats: list[str], seed: int = 3, cards: bool = False) -> Session:
    return Session.new(seats, seed, game="stone_age_junior", expansions=("cards",) if cards else ())


# --- plain mode -----------------------------------------------------------------------------------


def test_a_whole_game_from_a_script_against_a_junior_child() -> None:
    result = run_cli(*GAME, "--seats", "human,junior_child", script="1\n" * 600)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Stone Age Junior, 2 players: Player 1 (you), Player 2 (junior_child). Seed 3.")
    assert "Player 1 (you): turn up a forest tile." in out and "  1. forest tile 1" in out
    assert "Player 1 (you) turns up forest tile 1: " in out
    assert "Player 2 (junior_child) turns up forest tile " in out
    assert "swap tile 1 with:" in out and "  1. swap tiles 1 and 2" in out
    assert "Player 2 (junior_child): on " in out and "(hidden)" in out  # the bot's goods are not told
    assert "Pass the device" not in out  # one person: no hot seat
    assert_finished(out)
    assert "Traceback" not in result.stderr


def test_the_expansion_and_the_one_swap_variant_play_to_the_end() -> None:
    result = run_cli(*GAME, "--seats", "human,junior,random", "--expansion", "cards", "--variant", "one_swap",
                     script="1\n" * 900)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "With the card game as expansion" in out and "Goods-card pile: 21 cards" in out
    assert "do not build (and take a goods card)" in out or "takes a goods card" in out
    assert_finished(out)


def test_bad_lines_get_a_message_and_commands_answer() -> None:
    script = "jump\n99\nturn 20\nswap 1 2\nundo\nme\nboard\nhelp\nlog 3\nturn 5\n" + "1\n" * 600
    result = run_cli(*GAME, "--seats", "human,random", script=script)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Not understood: 'jump' is not an action of stone_age_junior" in out
    assert "There is no option 99: choose 1 to 14" in out
    assert "Not understood: 'turn 20': a forest place is 1..14, not 20" in out
    assert "'swap 1 2' is not legal now" in out
    assert "Nothing to undo" in out
    assert "Player 1 (you): on the building site; no hut yet; goods: nothing." in out
    assert "The ring: 1. the building site" in out and "Forest: tiles 1, 2, 3" in out
    assert "hint             what the perfect-memory bot would do" in out
    assert "Player 1 (you) turns up forest tile 5: " in out
    assert_finished(out)


def test_a_swap_is_chosen_in_two_steps_and_can_be_backed_out_of() -> None:
    session = new_session(["human", "random"], seed=3)
    out = io.StringIO()
    lines = ["2", "1", "1", "0", "back", "3", "4"]  # tile 2 (the building site here), then the swap menu
    game = JuniorPlainGame(session, stdin=io.StringIO("\n".join(lines) + "\nquit\n"), stdout=out)
    assert game.run() == 0
    text = out.getvalue()
    assert "swap tile 1 with:" in text and "  0. back" in text
    swap = re.search(r"Player 1 \(you\) swaps forest tiles (\d+) and (\d+)\.", text)
    assert swap is not None and swap.groups() == ("3", "5"), text[-2000:]


def test_hot_seat_passes_the_device_and_hides_the_goods_between_turns() -> None:
    session = new_session(["human", "human"], seed=4)
    out = io.StringIO()
    game = JuniorPlainGame(session, stdin=io.StringIO("1\n" * 60 + "quit\n"), stdout=out, clear=True)
    assert game.run() == 0
    text = out.getvalue()
    assert "Hot seat: pass the device" in text
    passes = text.split(CLEAR_SCREEN)
    assert len(passes) >= 4
    seen_goods = set()
    for part in passes[1:]:
        head = re.match(r"\n\*\*\* Pass the device to Player (\d) \(human\)! \*\*\*\n", part)
        if head is None:  # the forest was turned face down: the screen was cleared too
            assert part.startswith("(All forest tiles are face down again.)")
            continue
        seat = int(head.group(1))
        waiting, _, after = part.partition("Press Enter when you are ready.")
        assert "goods:" not in waiting
        for line in after.splitlines():
            match = re.match(r"Player (\d) \(human\): on .*", line)
            if match:  # the board told after the pass: only the person at the device sees their goods
                shown = int(match.group(1)) == seat
                assert ("goods:" in line) == shown and ("(hidden)" in line) != shown, line
                if shown:
                    seen_goods.add(seat)
    assert seen_goods == {1, 2}


def test_the_input_ending_at_the_pass_stops_with_status_1() -> None:
    result = run_cli(*GAME, "--seats", "human,human", script="")
    assert result.returncode == 1
    assert "*** Pass the device to Player 1 (human)! ***" in result.stdout
    assert "The input ended before the game was over." in result.stdout


def test_a_tile_turned_up_and_bot_moves_are_paced() -> None:
    session = new_session(["human", "junior"], seed=3)
    pauses: list[float] = []
    game = JuniorPlainGame(session, delay=1.5, stdin=io.StringIO("1\n" * 8 + "quit\n"), stdout=io.StringIO(),
                           sleep=pauses.append)
    assert game.run() == 0
    assert 1.5 in pauses and set(pauses) <= {1.5, 0.75}


def test_save_resume_and_replay_a_junior_game(tmp_path: Path) -> None:
    path = tmp_path / "junior.json"
    first = run_cli(*GAME, "--seats", "human,junior", "--save", str(path), script="1\n1\n1\nquit\n")
    assert first.returncode == 0, first.stderr
    record = load_record(path)
    assert record["game"] == "stone_age_junior" and record["seats"] == ["human", "junior"]
    resumed = run_cli("play", "--plain", "--resume", str(path), "--delay", "0", script="1\n" * 600)
    assert resumed.returncode == 0, resumed.stderr
    assert "-- resumed --" in resumed.stdout
    assert_finished(resumed.stdout)
    replayed = run_cli("replay", str(path), script="")
    assert replayed.returncode == 0 and "Replayed 9 actions of Stone Age Junior" in replayed.stdout


def test_option_errors_are_clear() -> None:
    for args, message in (
        (("--expansion", "mammoth"), "unknown expansion 'mammoth'"),
        (("--variant", "hunt_repeat"), "unknown variant 'hunt_repeat'"),
        (("--seats", "human,junior:memory=2"), "memory must be a number in 0..1"),
        (("--seats", "human,child"), "the 'child' bot plays first_stone_age only, not stone_age_junior"),
    ):
        result = run_cli(*GAME, *args, script="")
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.startswith("stoneage: error: ") and message in result.stderr, result.stderr
    stone_age = run_cli("play", "--plain", "--seats", "human,junior", "--seed", "1", script="")
    assert stone_age.returncode == 2 and "the 'junior' bot plays stone_age_junior only" in stone_age.stderr


# --- the pictures and the log ---------------------------------------------------------------------


def test_the_board_shows_the_ring_the_forest_and_only_the_viewers_goods() -> None:
    session = new_session(["human", "junior"], seed=3, cards=True)
    while (session.observation()["turn"] < 6 or not session.human_to_move()
           or session.observation()["forest"].count("down") == 14):
        if session.human_to_move():
            session.choose(session.state.legal_actions()[-1])
        else:
            session.apply(session.auto_action())
    obs = session.observation()
    lines = plain(board_rows(obs, ["P1", "P2"], highlight=0))
    text = "\n".join(lines)
    assert len(lines) == 16 and max(len(line) for line in lines) <= 77
    for title in ("BUILDING SITE", "DOG", "TOOTH", "BERRY", "JUG", "ARROWHEAD", "FISH", "TRADING POST", "MARTIN"):
        assert title in text
    assert text.count("≈≈≈≈≈") == obs["forest"].count("down")
    for place in range(1, 15):
        assert f"╭{place}─" in text
    up = [t for t in obs["forest"] if t != "down"]
    assert up
    for tile in up:  # face up: a number to go on, or the short name of the space
        assert (f"go {tile}" if tile.isdigit() else TILE_LABELS.get(tile, tile)) in text
    players = "\n".join(player_lines(obs, session.names, {0}))
    me, other = obs["players"]
    assert f"goods: {goods_words(me['goods'])}" in players.split("Player 2")[0]
    assert f"{sum(other['goods'].values())} good" in players.split("Player 2")[1]
    assert "(hidden)" in players.split("Player 2")[1] and "goods: " not in players.split("Player 2")[1]
    hidden = "\n".join(player_lines(obs, session.names, set()))
    assert "goods: " not in hidden and hidden.count("(hidden)") == 2


def test_log_lines_tell_the_tile_in_plain_mode_but_not_its_place_full_screen() -> None:
    names = ["Player 1 (you)", "Player 2 (junior)"]
    reveal = {"at": 9, "turn": 2, "event": "reveal", "player": 1, "place": 4, "tile": "dog"}
    assert event_line(reveal, names) == "Player 2 (junior) turns up forest tile 5: the dog space."
    assert event_line(reveal, names, tell_tiles=False) == "Player 2 (junior) turns up a forest tile."
    build = {"at": 30, "turn": 9, "event": "build", "player": 0, "hut": 7, "stack": 1,
             "paid": ["fish", "jug_card", "dog"]}
    assert event_line(build, names) == "Player 1 (you) builds hut 7 with a fish, a jug card and a dog!"
    swap = {"at": 31, "turn": 9, "event": "swap", "player": 0, "places": [2, 10]}
    assert event_line(swap, names) == "Player 1 (you) swaps forest tiles 3 and 11."
    assert event_line({"at": 5, "turn": 2, "event": "turn", "player": 0, "place": 3}, names) is None


# --- the full-screen game -----------------------------------------------------------------------------

textual = pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Button, OptionList, RichLog, Static  # noqa: E402

from stoneage.tui.commands import load_app_class  # noqa: E402
from stoneage.tui.stone_age_junior.app import StoneAgeJuniorApp  # noqa: E402

SIZE = (120, 40)


def text_of(app: StoneAgeJuniorApp, selector: str) -> str:
    return str(app.query_one(selector, Static).content)


async def settle(app: StoneAgeJuniorApp, pilot: Pilot[None]) -> None:
    while app.busy:
        await app.workers.wait_for_complete()
        await pilot.pause()


def run(app: StoneAgeJuniorApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await settle(app, pilot)
            await script(pilot)

    asyncio.run(main())


def test_the_play_command_picks_the_junior_screen() -> None:
    assert load_app_class("stone_age_junior") is StoneAgeJuniorApp


def test_a_whole_game_by_keys_with_the_expansion() -> None:
    session = new_session(["human", "junior"], seed=3, cards=True)
    looks: list[tuple[str, float]] = []

    async def look(seconds: float) -> None:  # the pause after a tile turned up: what is on the board
        looks.append((text_of(app, "#board"), seconds))

    app = StoneAgeJuniorApp(session, delay=2.0, sleep=look)

    async def script(pilot: Pilot[None]) -> None:
        assert "turn up a forest tile" in text_of(app, "#prompt")
        assert "≈≈≈≈≈" in text_of(app, "#board") and "Stack 1 · hut " in text_of(app, "#huts")
        presses = 0
        while not session.over:
            assert presses < 400, "the game does not end"
            await pilot.press("1")
            presses += 1
            await settle(app, pilot)
        assert str(app.query_one("#decide").border_title) == "Game over"
        final = text_of(app, "#prompt")
        assert "huts built" in final and "Winner: " in final
        assert "game over" in text_of(app, "#title")
        log = "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)
        assert "turns up a forest tile." in log and not re.search(r"forest tile \d+:", log)

    run(app, script)
    assert session.over
    assert looks and {seconds for _, seconds in looks} <= {2.0, 1.0}
    assert any("go " in board or "│ dog │" in board for board, seconds in looks if seconds == 2.0)


def test_hot_seat_hides_the_goods_until_the_next_player_is_ready() -> None:
    session = new_session(["human", "human"], seed=4)

    async def no_pause(seconds: float) -> None:
        return None

    app = StoneAgeJuniorApp(session, delay=1.5, sleep=no_pause)

    async def script(pilot: Pilot[None]) -> None:
        assert app.hot_seat and app.passing == 0
        assert "Pass the device to Player 1 (human)!" in text_of(app, "#prompt")
        assert "goods:" not in text_of(app, "#players") and text_of(app, "#players").count("(hidden)") == 2
        await pilot.press("enter")
        await pilot.pause()
        assert app.passing is None and "goods: nothing" in text_of(app, "#players")
        presses = 0
        while app.passing != 1:  # Player 1 plays a whole turn
            assert presses < 20
            await pilot.press("1")
            presses += 1
            await settle(app, pilot)
        players = text_of(app, "#players")
        assert "goods:" not in players and players.count("(hidden)") == 2
        assert app.query_one("#options", OptionList).option_count == 0
        assert app.query_one("#ready", Button).has_class("visible")
        moves = session.state.move_number()
        await pilot.press("2")
        assert "Pass the device to Player 2 (human), then press Enter." in app.message
        assert session.state.move_number() == moves
        await pilot.press("enter")
        await pilot.pause()
        players = text_of(app, "#players")
        mine, _, theirs = players.partition("Player 2 (human)")
        assert "(hidden)" in mine and "goods:" in theirs
        assert "Player 2 (human): turn up a forest tile." in text_of(app, "#prompt")

    run(app, script)


def test_undo_save_and_the_keys_full_screen(tmp_path: Path) -> None:
    session = new_session(["human", "junior"], seed=3)
    path = tmp_path / "junior.json"

    async def no_pause(seconds: float) -> None:
        return None

    app = StoneAgeJuniorApp(session, delay=0, save_path=path, sleep=no_pause)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        assert "Nothing to undo" in app.message
        await pilot.press("x")
        assert "Unknown key 'x'" in app.message
        await pilot.press("question_mark")
        while session.observation()["pending"]["stage"] != "swap":  # play to the first swap
            await pilot.press("1")
            await settle(app, pilot)
        moves = session.state.move_number()
        await pilot.press("3", "1")  # swap tile 3 with tile 1
        await settle(app, pilot)
        if session.human_to_move() and session.can_undo():
            await pilot.press("u")
            await settle(app, pilot)
            assert "Undone: Player 1 swaps forest tiles 1 and 3" in app.message
            assert session.state.move_number() == moves
        await pilot.press("s")
        assert "Saved to" in app.message

    run(app, script)
    assert load_record(path)["game"] == "stone_age_junior"
