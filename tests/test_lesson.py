"""Guided games (``stoneage learn``): each lesson's script fits the rules and teaches what it says,
an unexpected action is refused and changes nothing, "play on" leaves it for a normal game, and the
plain command runs a whole lesson from a script of lines."""

from __future__ import annotations

import asyncio
import io
import sys

import pytest

from stoneage.cli import main
from stoneage.core.contract import CHANCE
from stoneage.play.kit import GENERIC_KIT, play_kit
from stoneage.play.lesson import Lesson, LessonSession, NoLesson, OffScript, replay_script
from stoneage.tui.learn import lesson_games, lesson_session, make_lesson_game

STONE_AGE_TOPICS = {"placing", "roll", "division", "tool", "building", "card", "card bottom", "feeding",
                    "minus ten", "end", "final scoring"}


def the_lesson(game: str) -> Lesson:
    make = play_kit(game).lesson
    assert make is not None
    return make()


def follow(session: LessonSession) -> list[str]:
    """Play the script (the person doing each expected action): the explanations shown, in order."""
    texts: list[str] = []
    while session.following():
        if session.human_to_move():
            texts += session.untold()
            expected = session.expected()
            assert expected is not None
            session.choose(expected)
        else:
            session.apply(session.auto_action())
    return texts + session.untold()


def finish(session: LessonSession) -> None:
    """Play on to the end, the person taking the first legal action."""
    while not session.over:
        if session.human_to_move():
            session.choose(session.state.legal_actions()[0])
        else:
            session.apply(session.auto_action())


def test_a_game_without_a_lesson_is_refused_with_the_games_that_have_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from stoneage.tui import learn

    monkeypatch.setattr(learn, "play_kit", lambda game: GENERIC_KIT if game == "stone_age_junior" else play_kit(game))
    with pytest.raises(NoLesson, match=r"junior has no guided game; these have one: first_stone_age, stone_age$"):
        lesson_session("stone_age_junior")


def test_every_game_of_the_family_has_a_lesson_found_through_its_play_kit() -> None:
    assert {"stone_age", "first_stone_age", "stone_age_junior"} <= set(lesson_games())


@pytest.mark.parametrize("game", lesson_games())
def test_each_lesson_script_is_legal_and_the_person_does_every_explained_step(game: str) -> None:
    lesson = the_lesson(game)
    state, person = replay_script(lesson)
    assert len(person) >= 3
    assert not state.is_terminal()
    explained = [index for index, move in enumerate(lesson.moves) if move.text]
    assert explained, "a lesson explains something"
    assert [seat for seat, spec in enumerate(lesson.seats) if spec == "human"] == [0]
    session = lesson.session()
    texts = follow(session)
    assert session.position == len(lesson.moves)
    assert len(texts) == len(explained) + (1 if lesson.farewell else 0)


def test_the_stone_age_lesson_covers_a_first_game_as_the_quick_guide_teaches_it() -> None:
    lesson = the_lesson("stone_age")
    assert lesson.topics >= STONE_AGE_TOPICS
    session = lesson.session()
    follow(session)
    log = "\n".join(session.log)
    assert "Player 1 places 3 figures on the forest" in log  # placing figures
    assert "Player 1 rolls 3 dice at the forest: 11" in log  # a roll, divided by 3 ...
    assert "Player 1: tools 1\n    Player 1: +4 wood" in log  # ... with a tool: 12 // 3
    assert "Player 1 buys card 26 (points 3 / 3 hutbuilders)" in log  # a card, its bottom: hut builders
    assert "Player 1 builds wwc: pay wood wood clay" in log  # a building
    assert "Player 1: starve\n    Player 1: -10 points" in log  # feeding short: the -10
    player = session.state.to_json()["players"][0]
    assert player["score"] == 3 + 10 - 10


@pytest.mark.parametrize(("game", "built"), [("first_stone_age", "Player 1 builds hut 11 (berry, fish, jug)"),
                                              ("stone_age_junior", "Player 1 builds hut 5 (berry, jug, tooth)")])
def test_the_childrens_lessons_end_with_the_persons_first_hut(game: str, built: str) -> None:
    session = the_lesson(game).session()
    follow(session)
    assert built in "\n".join(session.log)
    assert not session.over


@pytest.mark.parametrize("game", ["first_stone_age", "stone_age_junior"])
def test_the_plain_command_teaches_the_childrens_games_then_plays_on(game: str) -> None:
    lesson = the_lesson(game)
    _state, person = replay_script(lesson)
    lines = [lesson.moves[index].action for index in person] + ["1"] * 2000
    stdout = io.StringIO()
    play = make_lesson_game(lesson_session(game), stdin=io.StringIO("\n".join(lines) + "\n"), stdout=stdout)
    assert play.run() == 0
    out = stdout.getvalue()
    assert "Not yet" not in out
    assert out.index("The lesson ends here") < out.index("The game is over: the first player with 3 huts wins")


def test_the_end_of_the_lesson_game_explains_the_final_scoring() -> None:
    session = the_lesson("stone_age").session()
    follow(session)
    assert session.closing() == []  # not before the end
    finish(session)
    closing = session.closing()
    assert len(closing) == 1 and "final scoring" in closing[0]
    assert any("total" in line for line in session.result_lines())


def test_a_wrong_action_is_refused_with_the_steps_hint_and_nothing_changes() -> None:
    session = the_lesson("stone_age").session()
    while not session.human_to_move():
        session.apply(session.auto_action())
    before = session.state.to_json()
    wrong = session.state.string_to_action("place hunt 2")
    with pytest.raises(OffScript, match="place forest 3"):
        session.choose(wrong)
    assert session.state.to_json() == before
    assert session.position == 6
    assert "place forest 3" in session.task()


def test_undo_in_the_lesson_goes_back_one_step_of_the_script() -> None:
    session = the_lesson("stone_age").session()
    while not session.human_to_move():
        session.apply(session.auto_action())
    session.choose(session.expected() or 0)
    assert session.position == 7
    assert session.undo()
    assert session.position == 6
    assert session.state.action_to_string(session.expected() or 0) == "place forest 3"


def test_play_on_mid_lesson_continues_a_normal_game_to_its_end() -> None:
    session = the_lesson("stone_age").session()
    while session.position < 10:
        if session.human_to_move():
            session.choose(session.expected() or 0)
        else:
            session.apply(session.auto_action())
    session.leave()
    assert session.expected() is None and session.task() == ""
    wrong_for_the_script = session.state.string_to_action("place hunt 1")
    session.choose(wrong_for_the_script)  # any legal action is fine now
    finish(session)
    assert session.over
    assert session.closing() == []  # the lesson was left: no lesson words at the end
    assert session.state.history()[:10] == replay_script(the_lesson("stone_age"))[0].history()[:10]


def test_after_the_lesson_chance_comes_from_the_seed_again() -> None:
    session = the_lesson("stone_age").session()
    follow(session)
    while session.to_move() != CHANCE:
        if session.human_to_move():
            session.choose(session.state.legal_actions()[0])
        else:
            session.apply(session.auto_action())
    assert session.expected() is None
    assert session.auto_action() in session.state.legal_actions()


def test_the_plain_command_runs_a_whole_lesson_from_scripted_lines(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    lesson = the_lesson("stone_age")
    _state, person = replay_script(lesson)
    # "yes" confirms the starving if the game asks (a warning), else it is a line not understood
    lines = ["place hunt 2", "hint"] + [lesson.moves[index].action for index in person] + ["yes"] + ["1"] * 3000
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["learn", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Welcome to Stone Age!" in out
    assert "Not yet: in this lesson, do this now: Player 1 places 3 figures on the forest" in out
    assert "Player 1: -10 points" in out
    assert "The lesson ends here" in out
    assert out.index("== Game over ==") < out.index("The final scoring:")


def test_play_on_in_the_plain_game_lets_any_move_through() -> None:
    session = lesson_session("stone_age")
    stdout = io.StringIO()
    game = make_lesson_game(session, stdin=io.StringIO("playon\nplace hunt 2\nquit\n"), stdout=stdout)
    assert game.run() == 0
    out = stdout.getvalue()
    assert "You left the lesson" in out
    assert "Player 1 places 2 figures on the hunting grounds" in out


def test_the_full_screen_lesson_explains_in_a_window_refuses_other_moves_and_lets_the_person_leave() -> None:
    pytest.importorskip("textual")
    from textual.widgets import Static

    from stoneage.tui.kit import tui_kit
    from stoneage.tui.learn_app import LessonNote, lesson_app_class

    session = lesson_session("stone_age")
    app = lesson_app_class(tui_kit(session.game).app_class())(session, delay=0, save_path="unused.json")

    def status() -> str:
        return str(app.query_one("#status", Static).content)

    async def script() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            while app.auto_running:
                await app.workers.wait_for_complete()
                await pilot.pause()
            assert isinstance(app.screen, LessonNote)
            assert "Welcome to Stone Age!" in str(app.screen.query_one("#lesson-text", Static).content)
            await pilot.press("enter")
            assert not isinstance(app.screen, LessonNote)
            assert "place forest 3" in status()
            await pilot.press("1", "2")  # the hunting grounds, 2 figures: not the lesson's move
            assert status().startswith("Not played: Not yet")
            assert session.position == 6
            await pilot.press("l")
            assert not session.active
            await pilot.press("2")  # the hunting grounds' sub-list is still open: 2 figures
            assert "Player 1 places 2 figures on the hunting grounds" in session.log

    asyncio.run(script())
