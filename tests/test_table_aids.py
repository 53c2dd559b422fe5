"""Help at the table: "why?" for a bot's move, warnings before a person's move, the odds of the rolls ahead."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable, Callable
from fractions import Fraction
from typing import TYPE_CHECKING

import pytest

from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.play.session import NothingToExplain, Session
from stoneage.play.stone_age.odds import gathering_odds_lines, yield_distribution
from stoneage.play.stone_age.warnings import warn
from stoneage.tui.stone_age.plain import PlainGame

from helpers import edit, new_game, play

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from stoneage.tui.stone_age.app import StoneAgeApp


def until_a_bot_moved(session: Session) -> int:
    """Play (a person always takes the first option) until a bot has moved and a person decides;
    the bot's last action."""
    while not (session.last_bot_move() and session.human_to_move()):
        if session.human_to_move():
            session.choose(session.state.legal_actions()[0])
        else:
            session.apply(session.auto_action())
    found = session.last_bot_move()
    assert found is not None
    return found[2]


def test_why_names_the_greedy_move_and_its_best_alternatives_in_order() -> None:
    session = Session.new(["human", "medium"], 3)
    played = until_a_bot_moved(session)
    explanation = session.why()
    assert explanation.seat == 1 and explanation.played.action == played
    assert len(explanation.alternatives) >= 2
    values = [choice.value for choice in explanation.alternatives]
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= value <= 1.0 for value in [explanation.played.value, *values])
    assert explanation.played.value >= values[0]  # greedy plays its best
    text = "\n".join(explanation.lines(session.names[1]))
    assert f"played {session.state.action_to_string(played)}" in text
    assert text.count("win chance") == 1 + len(values)


def test_why_of_a_tree_search_gives_each_move_its_share_of_the_search() -> None:
    session = Session.new(["human", "mcts:iterations=40"], 3)
    until_a_bot_moved(session)
    explanation = session.why()
    shares = [choice.share for choice in [explanation.played, *explanation.alternatives]]
    assert all(share is not None and 0 < share <= 1 for share in shares)
    assert sum(share for share in shares if share is not None) <= 1.0 + 1e-9
    alternatives = [choice.share or 0.0 for choice in explanation.alternatives]
    assert alternatives == sorted(alternatives, reverse=True)


def test_a_bot_that_cannot_rank_is_explained_by_the_one_step_look_ahead() -> None:
    session = Session.new(["human", "random"], 3)
    until_a_bot_moved(session)
    explanation = session.why(1)
    assert len(explanation.alternatives) >= 2
    assert "one-step look ahead" in explanation.method


def test_why_before_any_bot_moved_or_of_a_person_says_so() -> None:
    session = Session.new(["human", "medium"], 3)
    with pytest.raises(NothingToExplain, match="no bot move"):
        session.why()
    with pytest.raises(NothingToExplain, match="is a person"):
        session.why(0)


def last_figure_to_place() -> StoneAgeState:
    """Two players; Player 1 has no food, one figure on building 1, three on the quarry and one to place."""
    state = edit(new_game(players=2), 0, food=0)
    play(state, "place building1 1", "place hunt 5", "place quarry 3")
    return state


def test_placing_the_last_figure_where_no_food_can_come_warns_and_hunting_does_not() -> None:
    state = last_figure_to_place()
    starving = warn(state, state.string_to_action("place building2 1"))
    assert len(starving) == 1 and "short of food: −10 points" in starving[0]
    assert "at most 3 of the 5 food" in starving[0]  # three quarry dice: 18 ÷ 5 → 3 stone
    assert warn(state, state.string_to_action("place hunt 1")) == []  # one die more: up to 3 food


def test_a_move_that_changes_nothing_when_starving_is_already_certain_does_not_warn() -> None:
    state = edit(new_game(players=2), 0, food=0)
    play(state, "place building1 1", "place hunt 5", "place building2 1", "place card2 1", "place card3 1")
    assert warn(state, state.string_to_action("place card4 1"))  # the last figure: nothing feeds
    play(state, "place card4 1")
    assert state.current_player() == 0 and state.legal_actions()[0] == state.string_to_action("resolve card2")
    assert warn(state, state.string_to_action("resolve card2")) == []  # short anyway


def at_feeding_with_wood() -> StoneAgeState:
    """Player 1 must feed 5 figures with no food and 6 wood."""
    state = edit(new_game(players=2), 0, food=0, wood=5)
    play(state, "place forest 5", "place hunt 5")
    state.apply_action(A.roll(5))  # the forest: 1 wood
    state.apply_action(A.roll(10))  # Player 2's hunt
    assert state.legal_actions()[-1] == A.STARVE and state.current_player() == 0
    return state


def test_starving_when_resources_could_pay_warns_and_feeding_does_not() -> None:
    state = at_feeding_with_wood()
    assert "starving costs 10 points" in warn(state, A.STARVE)[0]
    assert warn(state, state.string_to_action("feed with wood wood wood wood wood")) == []


def at_card_purchase() -> StoneAgeState:
    """Player 1 resolves its figure on card 1 (7 food, cost 1) holding 3 wood."""
    state = edit(new_game(players=2), 0, wood=3)
    play(state, "place card1 1", "place hunt 5", "place hunt 4", "resolve card1")
    return state


def test_declining_a_card_the_seat_can_pay_for_warns_and_buying_it_does_not() -> None:
    state = at_card_purchase()
    assert "declining wastes the figure" in warn(state, A.DECLINE)[0]
    assert warn(state, state.string_to_action("pay wood")) == []


def test_tools_beyond_what_the_yield_needs_warn() -> None:
    state = edit(new_game(players=2), 0, tools_ready=[1, 2])
    play(state, "place forest 5", "place hunt 5")
    state.apply_action(A.roll(7))  # forest: 7 ÷ 3 → 2 wood, 9 → 3 with the 2
    both, two, one = A.tools((1, 1, 0, 0)), A.tools((0, 1, 0, 0)), A.tools((1, 0, 0, 0))
    assert "tool 2 keeps the rest" in warn(state, both)[0]  # 10 ÷ 3 → 3 as well: the 1 is spent for nothing
    assert warn(state, two) == []
    assert "no tools keeps the rest" in warn(state, one)[0]  # 8 ÷ 3 → 2, as without tools


def run_plain(session: Session, lines: list[str]) -> str:
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out).run()
    return out.getvalue()


def test_plain_mode_asks_before_a_warned_move_and_plays_it_on_yes() -> None:
    state = last_figure_to_place()
    session = Session(state.game, ["human", "random"], state=state)
    out = run_plain(session, ["place building2 1", "no", "place building2 1", "yes", "odds", "quit"])
    assert out.count("short of food: −10 points") == 2
    assert "Not played." in out
    assert "Player 1 places 1 figure on building stack 2" in out
    assert session.state.observation(0)["players"][0]["unplaced"] == 0
    assert "Quarry: 3 dice, sum ÷ 5 → stone" in out  # odds alone: the rolls ahead


def test_plain_mode_takes_another_answer_to_the_confirmation_as_the_next_choice() -> None:
    state = last_figure_to_place()
    session = Session(state.game, ["human", "random"], state=state)
    out = run_plain(session, ["place building2 1", "place hunt 1", "quit"])
    assert "Not played." in out and "building stack 2" not in out
    assert "Player 1 places 1 figure on the hunting grounds" in out


def test_plain_mode_why_explains_the_last_bot_move() -> None:
    session = Session.new(["human", "medium"], 3)
    until_a_bot_moved(session)
    out = run_plain(session, ["why", "why 1", "why 9", "quit"])
    assert "Why Player 2 (medium) played" in out and "Its best alternatives:" in out
    assert "Player 1 (you) is a person, not a bot" in out
    assert "Usage: why, or why N" in out


def test_odds_of_each_roll_add_up_to_one_and_use_the_tools_at_hand() -> None:
    for dice, divisor, bonus in ((1, 2, 0), (3, 3, 4), (7, 6, 9)):
        assert sum(chance for _, chance in yield_distribution(dice, divisor, bonus)) == 1
    assert dict(yield_distribution(1, 2, 3))[4] == Fraction(2, 6)  # a 5 or a 6, plus 3: 8 or 9 → 4 food
    state = edit(new_game(players=2), 0, tools_ready=[2, 1])
    play(state, "place forest 3", "place hunt 2", "place hunt 2")
    lines = gathering_odds_lines(state.observation(0), 0)
    assert "your unused tools add up to 3" in lines[0]
    assert any(line.startswith("Hunting grounds: 2 dice") for line in lines)
    assert any(line.startswith("Forest: 3 dice") for line in lines)
    forest = lines[lines.index(next(line for line in lines if line.startswith("Forest"))) + 2:]
    rows = [re.findall(r"(\d+\.\d|–)", row) for row in forest if re.match(r"\s+\d+\s", row)]
    for column in (0, 1):
        total = sum(float(row[column]) for row in rows if row[column] != "–")
        assert total == pytest.approx(100, abs=0.2)


def run_app(app: StoneAgeApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(app, pilot)
            await script(pilot)

    asyncio.run(main())


async def settle(app: StoneAgeApp, pilot: Pilot[None]) -> None:
    await pilot.pause()
    while app.busy:
        await app.workers.wait_for_complete()
        await pilot.pause()


def full_screen(session: Session) -> StoneAgeApp:
    """The full-screen game of ``session`` (the tests skip without textual)."""
    pytest.importorskip("textual")
    from stoneage.tui.stone_age.app import StoneAgeApp

    return StoneAgeApp(session, delay=0)


def test_full_screen_y_shows_why_in_the_help_panel() -> None:
    session = Session.new(["human", "medium"], 3)
    app = full_screen(session)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("y")
        await settle(app, pilot)
        await app.workers.wait_for_complete()
        assert app.message == "no bot move to explain yet"
        await pilot.press("1", "1")  # one figure hunting; the bot places
        await settle(app, pilot)
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        help_text = str(app.query_one("#help").content)
        assert "Why Player 2 (medium) played place" in help_text and "Its best alternatives:" in help_text

    run_app(app, script)


def test_full_screen_plays_a_warned_move_only_when_chosen_twice() -> None:
    state = last_figure_to_place()
    session = Session(state.game, ["human", "random"], state=state)
    app = full_screen(session)
    starve = state.string_to_action("place building2 1")

    async def script(pilot: Pilot[None]) -> None:
        app.play(starve)
        await pilot.pause()
        assert "short of food: −10 points" in app.message and "Choose it again" in app.message
        assert session.state.observation(0)["players"][0]["unplaced"] == 1
        app.play(starve)
        await settle(app, pilot)
        assert session.state.observation(0)["players"][0]["unplaced"] == 0
        help_text = str(app.query_one("#help").content)
        assert "Your gathering rolls this round" in help_text and "Quarry: 3 dice" in help_text

    run_app(app, script)
