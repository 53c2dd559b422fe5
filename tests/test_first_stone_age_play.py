"""``stoneage play --game first_stone_age``: line by line from scripts, hot seat, save and resume,
and the full-screen game driven headless with textual's pilot (cards flip back after a pause)."""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from stoneage.core.record import load_record
from stoneage.play.first_stone_age.words import event_line
from stoneage.play.session import Session
from stoneage.tui.first_stone_age.plain import CLEAR_SCREEN, FirstStoneAgePlainGame
from stoneage.tui.first_stone_age.render import FACES, card_box, plain, table_rows

GAME = ("play", "--game", "first_stone_age", "--plain", "--seed", "3", "--delay", "0")


def run_cli(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stoneage", *args], input=script, capture_output=True, text=True,
                          timeout=120, check=False)


def assert_finished(out: str) -> None:
    final = out[out.index("== Game over =="):]
    assert "huts built" in final and "goods" in final
    assert "Winner: " in final or "Nobody wins" in final


# --- plain mode -----------------------------------------------------------------------------------


def test_a_whole_game_from_a_script_against_a_child_bot() -> None:
    result = run_cli(*GAME, "--seats", "human,child", script="1\n" * 500)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("My First Stone Age, 2 players: Player 1 (you), Player 2 (child). Seed 3.")
    assert "Player 1 (you): where does Martin start? Choose a card." in out
    assert "Player 1 (you): move Martin 1, 2, 3 or 4 cards on." in out
    assert "  1. 1 card → card " in out and "  4. 4 cards → card " in out
    assert "Player 2 (child) turns up card " in out
    assert "Pass the device" not in out  # one person: no hot seat
    assert_finished(out)
    assert "Traceback" not in result.stderr


def test_bad_lines_get_a_message_and_commands_answer() -> None:
    script = "jump\n12\nmove 9\nkeep guff as fish\nundo\nme\nboard\nhelp\nlog 3\nstart 4\nmove 2\n" + "1\n" * 400
    result = run_cli(*GAME, "--seats", "human,random", script=script)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Not understood: 'jump' is not an action of first_stone_age" in out
    assert "There is no option 12: choose 1 to 9" in out
    assert "Not understood: 'move 9': Martin's move is 1..4, not 9" in out
    assert "'keep guff as fish' is not legal now" in out
    assert "There is no undo in this game" in out
    assert "Player 1 (you): hut " in out and "still needs" in out
    assert "There is no undo: once a card is turned up, everybody has seen it." in out
    assert "Player 1 (you) puts Martin beside card 4." in out
    assert "Player 1 (you) moves Martin 2 cards, to card 6." in out
    assert_finished(out)


def test_hot_seat_passes_the_device_and_shows_turned_up_cards_big() -> None:
    result = run_cli(*GAME, "--seats", "human,human", script="\n".join(["1"] * 800) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Hot seat: pass the device" in out
    assert "*** Pass the device to Player 2 (human)! ***" in out
    assert "*** Pass the device to Player 1 (human)! ***" in out
    assert "╭─card " in out and "╰─────────╯" in out  # a big card face
    assert any(face[2].strip() in out for name, face in FACES.items() if name not in ("down", "empty"))
    assert_finished(out)


def test_the_input_ending_at_the_pass_stops_with_status_1() -> None:
    result = run_cli(*GAME, "--seats", "human,human", script="1\n1\n")
    assert result.returncode == 1
    assert "The input ended before the game was over." in result.stdout


def test_a_card_stays_up_for_the_delay_then_the_screen_is_cleared() -> None:
    session = Session.new(["human", "human"], 3, game="first_stone_age")
    out = io.StringIO()
    pauses: list[float] = []
    game = FirstStoneAgePlainGame(session, delay=2.5, stdin=io.StringIO("1\n" * 30 + "quit\n"), stdout=out,
                                  sleep=pauses.append, clear=True)
    assert game.run() == 0
    text = out.getvalue()
    assert pauses and set(pauses) == {2.5}
    assert CLEAR_SCREEN in text and "is face down again.)" in text
    after = text[text.index(CLEAR_SCREEN):]
    assert after.index("is face down again.)") < after.index("Martin stands beside card")


def test_save_and_resume_a_card_game(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    first = run_cli(*GAME, "--seats", "human,child", "--save", str(path), script="1\n1\n1\nquit\n")
    assert first.returncode == 0, first.stderr
    record = load_record(path)
    assert record["game"] == "first_stone_age" and record["seats"] == ["human", "child"]
    del record["seats"]
    assert Session.from_record(record).seats == ["human", "child"]  # the card game's default bot
    resumed = run_cli("play", "--plain", "--resume", str(path), "--delay", "0", script="2\n" * 400)
    assert resumed.returncode == 0, resumed.stderr
    assert "-- resumed --" in resumed.stdout
    assert_finished(resumed.stdout)


def test_option_errors_are_clear() -> None:
    for args, message in (
        (("--expansion", "mammoth"), "first_stone_age has no expansions"),
        (("--variant", "hunt_repeat"), "unknown variant 'hunt_repeat' for first_stone_age (known: none)"),
        (("--seats", "human,memory:recall=2"), "recall must be a number in 0..1"),
        (("--players", "3", "--seats", "human,child"), "--players 3 does not match"),
    ):
        result = run_cli(*GAME, *args, script="")
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.startswith("stoneage: error: ") and message in result.stderr, result.stderr
    stone_age = run_cli("play", "--plain", "--seats", "human,child", "--seed", "1", script="")
    assert stone_age.returncode == 2
    assert "the 'child' bot plays first_stone_age only, not stone_age" in stone_age.stderr
    clash = run_cli("play", "--plain", "--game", "first_stone_age", "--resume", "x.json", script="")
    assert clash.returncode == 2 and "--game cannot be combined with --resume" in clash.stderr


# --- the pictures and the log ---------------------------------------------------------------------


def test_the_circle_shows_big_cards_martin_and_the_moves_but_no_face_down_card() -> None:
    session = Session.new(["human", "child"], 3, game="first_stone_age")
    while not (session.human_to_move() and session.observation()["pending"]["stage"] == "move"):
        if session.human_to_move():
            session.choose(session.state.legal_actions()[0])
        else:
            session.apply(session.auto_action())
    obs = session.observation()
    lines = plain(table_rows(obs, reach={1: 1, 2: 2, 3: 3, 4: 4}))
    text = "\n".join(lines)
    assert len(lines) == 21 and max(len(line) for line in lines) <= 60
    assert "MARTIN" in text and "[1]" in text and "[4]" in text and "PILE" in text
    for name in ("BERRY", "FISH", "JUG", "TOOTH", "GUFF"):
        assert name not in text.replace(obs["draw_pile"]["top"].upper(), "")
    shown = "\n".join(plain(table_rows(obs, face_up={5: "guff"}, size="normal")))
    assert "GUFF!" in shown and len(shown.splitlines()) == 15
    small = plain(table_rows(obs, size="small"))
    assert len(small) == 9 and small[1].count("~  ?  ~") == 4
    assert plain(card_box("jug", top_label="7")) == [
        "╭─7───────╮", "│   _|_   │", "│  (   )  │", "│   JUG   │", "│  |   |  │", "│  \\___/  │", "╰─────────╯"]
    reveal = {"at": 9, "turn": 2, "event": "reveal", "player": 1, "slot": 4, "card": "arrowhead"}
    back = {"at": 9, "turn": 2, "event": "turn_back", "player": 1, "slot": 4, "card": "arrowhead"}
    names = ["Player 1 (you)", "Player 2 (child)"]
    assert event_line(reveal, names) == "Player 2 (child) turns up card 5: an arrowhead."
    assert event_line(reveal, names, tell_cards=False) == "Player 2 (child) turns up card 5."
    assert event_line(back, names, tell_cards=False) == "Not needed: card 5 is turned face down again."


# --- the full-screen game -----------------------------------------------------------------------------

textual = pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Button, OptionList, Static  # noqa: E402

from stoneage.tui.commands import load_app_class  # noqa: E402
from stoneage.tui.first_stone_age.app import FirstStoneAgeApp  # noqa: E402

SIZE = (120, 40)


def text_of(app: FirstStoneAgeApp, selector: str) -> str:
    return str(app.query_one(selector, Static).content)


async def settle(app: FirstStoneAgeApp, pilot: Pilot[None]) -> None:
    while app.busy:
        await app.workers.wait_for_complete()
        await pilot.pause()


def run(app: FirstStoneAgeApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await settle(app, pilot)
            await script(pilot)

    asyncio.run(main())


def test_the_play_command_picks_the_card_game_screen() -> None:
    assert load_app_class("first_stone_age") is FirstStoneAgeApp


def test_a_whole_game_by_keys_with_cards_flipping_back() -> None:
    session = Session.new(["human", "child"], 3, game="first_stone_age")
    looks: list[tuple[dict[int, str], str, float]] = []

    async def look(seconds: float) -> None:  # the pause while a card is face up: what is on screen
        looks.append((dict(app.face_up), text_of(app, "#table"), seconds))

    app = FirstStoneAgeApp(session, delay=2.0, sleep=look)

    async def script(pilot: Pilot[None]) -> None:
        assert "where does Martin start" in text_of(app, "#prompt")
        presses = 0
        while not session.over:
            assert presses < 300, "the game does not end"
            await pilot.press("1")
            presses += 1
            await settle(app, pilot)
        assert str(app.query_one("#decide").border_title) == "Game over"
        final = text_of(app, "#prompt")
        assert "huts built" in final and ("Winner: " in final or "Nobody wins" in final)
        assert "game over" in text_of(app, "#title")
        assert not app.face_up and "?" in text_of(app, "#table")

    run(app, script)
    assert session.over
    reveals = [(up, table) for up, table, seconds in looks if up]
    assert reveals and all(seconds in (2.0, 1.0) for _, _, seconds in looks)
    for up, table in reveals:
        for card in up.values():
            assert FACES[card][2].strip() in table  # the card turned up is on the table, big
    assert "MARTIN" in reveals[0][1]


def test_hot_seat_waits_for_the_next_player_to_be_ready() -> None:
    session = Session.new(["human", "human"], 3, game="first_stone_age")

    async def no_pause(seconds: float) -> None:
        return None

    app = FirstStoneAgeApp(session, delay=3.0, sleep=no_pause)

    async def script(pilot: Pilot[None]) -> None:
        assert app.hot_seat
        await pilot.press("1")  # Player 1 puts Martin beside card 1: still Player 1's turn, no pass
        await settle(app, pilot)
        assert app.passing is None and "move Martin" in text_of(app, "#prompt")
        assert "[1]" in text_of(app, "#table")
        await pilot.press("1")  # Player 1 moves; now Player 2 must take the device
        await settle(app, pilot)
        assert app.passing == 1
        assert "Pass the device to Player 2 (human)!" in text_of(app, "#prompt")
        assert "pass the device" in text_of(app, "#title")
        assert app.query_one("#options", OptionList).option_count == 0
        assert app.query_one("#ready", Button).has_class("visible")
        moves = session.state.move_number()
        await pilot.press("2")
        assert "Pass the device to Player 2 (human), then press Enter." in app.message
        assert session.state.move_number() == moves
        await pilot.press("enter")
        await pilot.pause()
        assert app.passing is None and not app.query_one("#ready", Button).has_class("visible")
        assert "Player 2 (human): move Martin" in text_of(app, "#prompt")
        await pilot.press("3")
        await settle(app, pilot)
        assert app.passing == 0 and session.state.move_number() > moves

    run(app, script)
