"""'Why?' about the person's own choices (issue 34): the hint it was given, then its own move, and
only then the bots' moves — whichever is most recent.

The complaint: "'Why?' explains the bot's last move, not the hint the person was given."
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import pytest

from stoneage.play.advisor import BLUNDER, GOOD, MISTAKE, label_words
from stoneage.play.session import NothingToExplain, Session

if TYPE_CHECKING:
    from textual.pilot import Pilot


def table(seed: int = 1, game: str = "stone_age") -> Session:
    """A person against a greedy bot, the greedy bot giving the hints (fast), at the person's first decision."""
    session = Session.new(["human", "greedy"], seed, game=game)
    session.hint_spec = "greedy"
    to_my_turn(session)
    return session


def to_my_turn(session: Session) -> None:
    while not session.human_to_move():
        session.apply(session.auto_action())


def poor_choice(session: Session) -> tuple[int, str]:
    """Play (the person following the hints) to a decision where some legal choice is a mistake or a
    blunder by the advisor's values; that choice and its class."""
    for _decision in range(60):
        state = session.state
        for action in state.legal_actions():
            label = session.advisor.assess(state, action).label
            if label in (MISTAKE, BLUNDER):
                return action, label
        session.choose(session.hint())
        to_my_turn(session)
    raise AssertionError("no mistake to be made in 60 decisions")


def test_why_after_a_hint_explains_the_hint_not_the_bots_last_move() -> None:
    session = table()
    session.choose(session.state.legal_actions()[0])
    to_my_turn(session)  # the bot has moved: before, "why?" could only explain the bot
    notation = session.state.action_to_string(hint := session.hint())
    explanation = session.why()
    lines = explanation.lines(session.names[explanation.seat])
    assert (explanation.seat, explanation.action) == (0, hint)
    assert lines[0] == f"Why {notation}? (the hint)"
    assert lines[1].strip().startswith(notation) and "win chance" in lines[1]
    assert "best alternatives" in lines[2]
    # each alternative: its win chance and what it loses against the hint (or that it is as good)
    assert all("win chance" in line and ("points" in line or "as good" in line) for line in lines[3:])
    assert 1 <= len(lines[3:]) <= 3


def test_the_hint_names_what_each_alternative_loses_and_its_class() -> None:
    from stoneage.play.explain import explain_hint

    session = table()
    action, label = poor_choice(session)
    hint = session.hint()
    state = session.state
    lines = explain_hint(session.advisor, state, hint, top=100).lines(session.names[0])
    assert lines[0] == f"Why {state.action_to_string(hint)}? (the hint)"
    assert len(lines) == 3 + len(state.legal_actions()) - 1  # every alternative, with top=100
    poor = next(line for line in lines[3:] if line.strip().startswith(state.action_to_string(action) + " "))
    lost = session.advisor.assess(state, hint).values[0] - session.advisor.assess(state, action).values[0]
    assert f"(−{round(lost * 100)} points, {label_words(label)})" in poor
    assert session.why().lines(session.names[0])[0] == lines[0]


def test_why_after_a_poor_move_says_its_class_and_the_better_move() -> None:
    session = table()
    action, label = poor_choice(session)
    before = session.state.clone()
    assessment = session.advisor.assess(before, action)
    session.hint()  # a hint given, then not followed: the move played is what "why?" answers
    session.choose(action)
    explanation = session.why()
    lines = explanation.lines(session.names[0])
    assert (explanation.seat, explanation.action) == (0, action)
    assert lines[0] == f"Your move {before.action_to_string(action)}: {label_words(label)}"
    assert "win chance" in lines[1]
    assert f"It lost {round(assessment.loss * 100)} percentage points" in lines[2]
    assert lines[3].strip().startswith(before.action_to_string(assessment.best))


def test_why_after_following_the_hint_says_it_was_the_best() -> None:
    session = table()
    hint = session.hint()
    session.choose(hint)
    lines = session.why().lines(session.names[0])
    assert lines[0].startswith("Your move ") and label_words(GOOD) in lines[0]
    assert any("the advisor's best" in line for line in lines[2:])  # it was the best, as good, or lost < 5 points


def test_after_a_bot_moves_last_why_explains_the_bot_as_before() -> None:
    session = table()
    session.hint()
    session.choose(session.state.legal_actions()[0])
    to_my_turn(session)
    explanation = session.why()
    assert explanation.seat == 1
    assert explanation.lines(session.names[1])[0].startswith("Why Player 2 (greedy) played ")
    assert session.why(1).seat == 1  # a bot seat asked by number: its last move, as before
    with pytest.raises(NothingToExplain, match="is a person"):
        session.why(0)


def test_nothing_to_explain_before_any_move_or_hint() -> None:
    session = table()
    with pytest.raises(NothingToExplain, match="no bot move"):
        session.why()


def test_why_of_a_hint_in_a_childrens_game() -> None:
    session = table(game="first_stone_age")
    hint = session.hint()
    lines = session.why().lines(session.names[0])
    assert lines[0] == f"Why {session.state.action_to_string(hint)}? (the hint)"


def test_full_screen_y_after_h_explains_the_hint_in_the_help_panel() -> None:
    pytest.importorskip("textual")
    from stoneage.tui.stone_age.app import StoneAgeApp

    session = Session.new(["human", "greedy"], 3)
    session.hint_spec = "greedy"
    app = StoneAgeApp(session, delay=0)

    async def settle(pilot: Pilot[None]) -> None:
        await pilot.pause()
        while app.busy:
            await app.workers.wait_for_complete()
            await pilot.pause()

    async def main() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.message.startswith("Hint:")
            await pilot.press("y")
            await app.workers.wait_for_complete()
            await pilot.pause()
            help_text = str(app.query_one("#help").content)
            assert "? (the hint)" in help_text and "win chance" in help_text

    asyncio.run(main())
