"""The full-screen game, driven headless with textual's pilot: a whole game, undo, hints, save and
resume, unknown keys and typed actions. Bots are ``random`` so the tests are fast."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Input, Static

from stoneage.core.record import load_record
from stoneage.play.session import Session
from stoneage.tui.stone_age.app import StoneAgeApp

SIZE = (120, 36)


def run(app: StoneAgeApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    """Run ``script`` against ``app`` headless."""

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await settle(app, pilot)
            await script(pilot)

    asyncio.run(main())


async def settle(app: StoneAgeApp, pilot: Pilot[None]) -> None:
    """Wait until chance and the bots have played up to a decision (or the end)."""
    while app.auto_running:
        await app.workers.wait_for_complete()
        await pilot.pause()


def text_of(app: StoneAgeApp, selector: str) -> str:
    content = app.query_one(selector, Static).content
    return str(content)


def new_app(seats: list[str], seed: int = 3, **kwargs: object) -> tuple[Session, StoneAgeApp]:
    session = Session.new(seats, seed)
    return session, StoneAgeApp(session, delay=0, **kwargs)  # type: ignore[arg-type]


def test_a_whole_game_against_a_random_bot_by_keys_shows_the_breakdown_and_winner() -> None:
    session, app = new_app(["human", "random"])

    async def script(pilot: Pilot[None]) -> None:
        presses = 0
        while not session.over:
            assert presses < 2000, "the game does not end"
            # The first option of each list; in a sub-list of figure counts, the largest count.
            key = str(len(app.levels[-1])) if len(app.levels) > 1 else "1"
            await pilot.press(key)
            presses += 1
            await settle(app, pilot)
        final = text_of(app, "#prompt")
        assert str(app.query_one("#decide").border_title) == "Game over"
        for label in ("buildings", "green cards", "farmers", "tool makers", "hut builders", "shamans", "total"):
            assert label in final
        assert "Winner: " in final or "Shared win: " in final
        assert "game over" in text_of(app, "#title")

    run(app, script)
    assert session.over


def test_a_bot_only_game_plays_itself_to_the_end() -> None:
    session, app = new_app(["random", "random", "random"], seed=5)

    async def script(pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        assert session.over
        assert "Winner: " in text_of(app, "#prompt") or "Shared win: " in text_of(app, "#prompt")

    run(app, script)


def test_undo_takes_back_your_decisions_until_something_is_revealed() -> None:
    session, app = new_app(["human", "random"])

    async def script(pilot: Pilot[None]) -> None:
        start = session.state.move_number()
        log_length = len(session.log)
        await pilot.press("u")
        assert "Nothing to undo" in app.message
        await pilot.press("1", "1")  # one figure on the hunting grounds
        await settle(app, pilot)
        assert session.state.move_number() > start  # we placed, then the bot placed
        await pilot.press("u")
        await settle(app, pilot)
        assert session.state.move_number() == start and len(session.log) == log_length
        assert "Undone" in app.message
        # Play until something is revealed (the first roll): no undo across it.
        while not any(" rolls " in line for line in session.log):
            await pilot.press("1")
            await settle(app, pilot)
            if len(app.levels) > 1:
                await pilot.press("1")
                await settle(app, pilot)
        revealed = session.state.move_number()
        assert not session.can_undo()
        await pilot.press("u")
        assert "Nothing to undo" in app.message and session.state.move_number() == revealed

    run(app, script)


def test_the_hint_key_shows_the_bot_move_or_says_it_is_unavailable() -> None:
    session, app = new_app(["human", "random"])

    async def script(pilot: Pilot[None]) -> None:
        start = session.state.move_number()
        session.hint_spec = "no-such-bot"
        await pilot.press("h")
        await settle(app, pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.message.startswith("hint unavailable"), app.message
        session.hint_spec = "random"
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.message.startswith("Hint: the random bot would play place "), app.message
        assert session.state.move_number() == start  # a hint plays nothing

    run(app, script)


def test_save_and_resume_continue_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session, app = new_app(["human", "random"], save_path=path)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("2", "3")  # three figures in the forest
        await settle(app, pilot)
        await pilot.press("s")
        assert "Saved to" in app.message and path.exists()

    run(app, script)
    record = load_record(path)
    assert record["seats"] == ["human", "random"] and "result" not in record
    assert "place forest 3" in record["actions"]
    resumed = Session.from_record(record)
    assert resumed.state.history() == session.state.history()
    assert resumed.human_to_move() and resumed.seats == ["human", "random"]

    app2 = StoneAgeApp(resumed, delay=0, save_path=path)

    async def script2(pilot: Pilot[None]) -> None:
        before = resumed.state.move_number()
        assert "resumed" in resumed.log[-1]
        await pilot.press("1", "1")
        await settle(app2, pilot)
        assert resumed.state.move_number() > before

    run(app2, script2)


def keys_for(text: str) -> list[str]:
    """The key names that type ``text``."""
    return ["space" if c == " " else c for c in text]


def test_unknown_keys_and_bad_typed_actions_get_a_message_and_the_game_goes_on() -> None:
    session, app = new_app(["human", "random"])

    async def script(pilot: Pilot[None]) -> None:
        start = session.state.move_number()
        await pilot.press("x")
        assert "Unknown key 'x'" in app.message
        await pilot.press("f5")
        assert "Unknown key 'f5'" in app.message
        await pilot.press("1", "9")  # the hunting grounds: 1-5 figures, so there is no option 9
        assert "There is no option 9" in app.message
        await pilot.press("0")  # back to the locations
        assert len(app.levels) == 1 and session.state.move_number() == start
        # Type actions in notation: nonsense, then an illegal one, then a legal one.
        await pilot.press("colon")
        notation = app.query_one("#notation", Input)
        assert notation.has_focus
        await pilot.press(*keys_for("jump 3"), "enter")
        assert "Not understood" in app.message
        for bad in ("place hut 1", "decline"):
            notation.value = bad
            await pilot.press("enter")
            assert "not legal now" in app.message and session.state.move_number() == start
        notation.value = "place forest 2"
        await pilot.press("enter")
        await settle(app, pilot)
        assert "place forest 2" in [session.state.action_to_string(a) for a in session.state.history()]
        assert not notation.has_focus
        await pilot.press("q")
        assert "not saved" in app.message

    run(app, script)
    assert not session.over


def test_quitting_twice_leaves_an_unsaved_game() -> None:
    _, app = new_app(["human", "random"])

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        assert "press q again" in app.message
        await pilot.press("q")
        await pilot.pause()

    run(app, script)
    assert app.return_code == 0


def test_full_screen_mode_without_textual_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['textual'] = None\n"
        "from stoneage.tui.commands import load_app_class\n"
        "from stoneage.core.errors import StoneAgeError\n"
        "try:\n    load_app_class()\nexcept StoneAgeError as e:\n    print(e)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60)
    # a command that works as written ("stoneage[tui]" on PyPI is someone else's package)
    assert 'pip install "textual>=0.80"' in result.stdout, result.stdout + result.stderr


def test_the_record_seats_field_is_plain_json(tmp_path: Path) -> None:
    session = Session.new(["human", "random", "random"], 1)
    while not session.human_to_move():
        session.apply(session.auto_action())
    session.save(tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["seats"] == ["human", "random", "random"] and data["players"] == 3
