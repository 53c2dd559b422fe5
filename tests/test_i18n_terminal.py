"""The terminal in Korean, Brazilian Portuguese and German (issue 14).

- A whole game of every registered game plays through line by line (``--plain``) in each language,
  and says so in that language; the Korean output has no Latin word outside a short allow-list.
- The full-screen apps at their documented minimum size (``MIN_SIZE``) in every language: no size
  warning, the boards whole, the panels' titles, the title line and the footer's keys inside the
  window, the decision on screen.
- the log calls seats by the table's names in every language (put in when the words are rendered).

These read the compiled catalogs (``python tools/catalogs.py``). Which assertions rest on other
parts of the catalogs than the terminal's: the Korean Latin-word check and the absence of English
sentences read every message a game prints (its narration, menus, boards and results, translated
with the games); the rest rests on the terminal's own messages and core's seat name.
"""

from __future__ import annotations

import asyncio
import io
import re

import pytest

from stoneage.core.contract import PUBLIC, State
from stoneage.core.i18n import _, pgettext, seat_name, use_language
from stoneage.core.registry import game_names, load_game
from stoneage.core.text import cells, center, fit, ljust
from stoneage.play.events import apply_with_events
from stoneage.play.session import Session
from stoneage.tui.kit import GENERIC_TUI_KIT, tui_kit

LANGUAGES = ("ko", "pt_BR", "de")
GAMES = [name for name in game_names() if tui_kit(name) is not GENERIC_TUI_KIT]
"""The family's games (each has its own terminal kit). A game played on the generic frame (the tests'
toy game) shows its raw observation fields, which no catalog translates."""
SEATS = ["human", "random"]
KOREAN_ALLOWED = {
    "random",  # the bot's spec in a seat's name ("플레이어 2 (random)"): typed on the command line
    "help",  # the command word the greeting names ("help를 입력하세요"): typed, so it stays English
}
"""Latin words a Korean game may show: what the person types (commands, bot specs) stays English."""
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def plain_game(game: str, code: str, script: str = "1\n" * 4000, seats: list[str] = SEATS) -> tuple[int, str]:
    """Play ``game`` line by line in ``code`` from ``script``: the exit status and the output."""
    with use_language(code):
        session = Session.new(seats, 3, game=game)
        out = io.StringIO()
        player = tui_kit(game).plain_class()(session, stdin=io.StringIO(script), stdout=out,
                                              sleep=lambda seconds: None)
        status = player.run()
        return status, out.getvalue()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_plays_through_line_by_line_in_each_language(game: str, code: str) -> None:
    status, out = plain_game(game, code)
    assert status == 0, out[-2000:]
    with use_language(code):
        over, greeting = _("== Game over =="), _("Type help for the commands; answer with a number or an action.")
        me = _("{player} (you)").format(player=seat_name(0))
    assert greeting in out and over in out and me in out
    # nothing of the English frame is left (these rest on the terminal's own messages)
    for english in ("== Game over ==", "Type help for the commands", "Player 1 (you)", "== Round"):
        assert english not in out
    # nothing of the English games is left either (these rest on the games' messages too)
    for english in (" the ", "Winner", "Shared win", "Player "):
        assert english not in out, [line for line in out.splitlines() if english in line][:3]


def test_every_game_of_the_family_is_checked() -> None:
    assert {"stone_age", "first_stone_age", "stone_age_junior"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_korean_game_shows_no_latin_word_but_what_the_person_types(game: str) -> None:
    status, out = plain_game(game, "ko")
    assert status == 0
    latin = {word for word in LATIN_WORD.findall(out)} - KOREAN_ALLOWED
    lines = [line for line in out.splitlines() if set(LATIN_WORD.findall(line)) & latin]
    assert latin == set(), lines[:10]


def test_a_korean_game_with_the_mammoth_herd_shows_no_latin_word_but_what_the_person_types() -> None:
    with use_language("ko"):
        session = Session.new(SEATS, 5, expansions=("mammoth",))
        out = io.StringIO()
        status = tui_kit("stone_age").plain_class()(session, stdin=io.StringIO("1\n" * 4000), stdout=out).run()
    assert status == 0
    text = re.sub(r"\S+\.md\b", "", out.getvalue())  # a file the note points to (docs/mammoth-herd.md)
    latin = set(LATIN_WORD.findall(text)) - KOREAN_ALLOWED
    assert latin == set(), [line for line in text.splitlines() if set(LATIN_WORD.findall(line)) & latin][:10]


@pytest.mark.parametrize("game", ["first_stone_age", "stone_age_junior"])
def test_a_korean_hot_seat_game_passes_the_device_in_korean(game: str) -> None:
    status, out = plain_game(game, "ko", script="1\n" * 1500, seats=["human", "human"])
    assert status in (0, 1)  # 1: the script ran out before the end
    with use_language("ko"):
        passing = _("*** Pass the device to {name}! ***").format(name=_("{player} (human)").format(
            player=seat_name(1)))
    assert passing in out
    typed = KOREAN_ALLOWED | {"Enter", "save", "FILE"}  # a key and a command the messages name
    assert set(LATIN_WORD.findall(out)) <= typed, set(LATIN_WORD.findall(out)) - typed


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_plain_help_and_messages_are_translated_and_keep_the_typed_words(code: str) -> None:
    status, out = plain_game("stone_age", code, script="help\n99\njump\nquit\n")
    assert status == 0
    with use_language(code):
        stopped = _("You stopped the game.")
        no_option = _("There is no option {number}: choose 1 to {last}, or type help.").split("{number}")[0]
    assert stopped in out and no_option in out
    for typed in ("options", "board", "odds LOC N", "stoneage play --resume FILE"):  # commands stay English
        assert typed in out
    assert "Answer with the number of an option" not in out


# --- the full-screen apps at their minimum size -------------------------------------------------


textual = pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

from stoneage.tui.base_app import GameApp  # noqa: E402


def app_cases() -> list[tuple[str, str]]:
    return [(game, code) for game in GAMES if tui_kit(game).app is not None for code in LANGUAGES]


async def settle(app: GameApp, pilot: Pilot[None]) -> None:
    """Wait until chance and the bots have played up to a decision (or the end)."""
    while app.busy:
        await app.workers.wait_for_complete()
        await pilot.pause()


def check_fits(app: GameApp, width: int, height: int) -> list[str]:
    """What the layout promises and the window does not show: a list of complaints."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    wrong = []
    screen = app.screen
    if app.size_warning():
        wrong.append(f"size warning at {width}×{height}: {app.size_warning()}")
    title_widget = app.query_one("#title", Static)
    title = str(title_widget.content)
    # the title line may end in "…" (the game's name, or a pause note, last), never before its news
    news = title.rsplit(" — ", 1)[0] if title_widget.styles.text_overflow == "ellipsis" else title
    if cells(news) > width - 3:
        wrong.append(f"title line {cells(title)} columns: {title!r}")
    for widget in screen.query("*"):
        if widget.border_title and widget.region.width and cells(str(widget.border_title)) + 4 > widget.region.width:
            wrong.append(f"border title {widget.border_title!r} wider than #{widget.id} ({widget.region.width})")
        cut_short = widget.styles.text_overflow == "ellipsis"  # Stone Age's board ends its long lines in "…"
        if widget.id in ("board", "table") and widget.region.width and not cut_short:  # drawn whole

            lines = str(widget.content).splitlines()
            widest = max(cells(line) for line in lines)
            if widest > widget.region.width or widget.region.right > width:
                wrong.append(f"#{widget.id} is {widest} columns, shown in {widget.region}")
            if len(lines) > widget.region.height or widget.region.bottom > height:
                wrong.append(f"#{widget.id} has {len(lines)} lines, shown in {widget.region}")
    for key in app.query(FooterKey):
        if key.region.width and key.region.right > width:
            wrong.append(f"footer key {key.description!r} beyond the window ({key.region})")
    footer = app.query_one(Footer)
    if footer.region.bottom > height:
        wrong.append("the footer is below the window")
    options = app.query_one("#options")
    if options.display and options.region.height < 1:
        wrong.append("no room for the options")
    return wrong


@pytest.mark.parametrize(("game", "code"), app_cases())
def test_the_full_screen_app_fits_its_minimum_size_in_each_language(game: str, code: str) -> None:
    cls = tui_kit(game).app_class()
    width, height = cls.MIN_SIZE
    complaints: list[str] = []

    async def main() -> None:
        session = Session.new(SEATS, 3, game=game, expansions=("mammoth",) if game == "stone_age" else ())
        app = cls(session, delay=0)  # type: ignore[call-arg,unused-ignore]  # each game's app has its own defaults
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            await settle(app, pilot)
            await pilot.pause()
            complaints.extend(check_fits(app, width, height))
            prompt = str(app.query_one("#prompt", Static).content)
            assert prompt.strip(), "the decision is on screen"
            await pilot.press("question_mark")  # the keys' help
            await pilot.pause()
            complaints.extend(check_fits(app, width, height))

    with use_language(code):
        asyncio.run(main())
    assert complaints == []


@pytest.mark.parametrize(("game", "code"), app_cases())
def test_the_end_of_the_game_fits_the_minimum_size_in_each_language(game: str, code: str) -> None:
    cls = tui_kit(game).app_class()
    width, height = cls.MIN_SIZE
    complaints: list[str] = []

    async def main() -> None:
        app = cls(Session.new(["random", "random"], 3, game=game), delay=0)  # type: ignore[call-arg,unused-ignore]
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            await settle(app, pilot)
            await pilot.pause()
            assert app.session.over
            complaints.extend(check_fits(app, width, height))
            prompt = str(app.query_one("#prompt", Static).content)
            assert _(cls.END_HINT) in prompt  # the end says how to go on, in the language

    with use_language(code):
        asyncio.run(main())
    assert complaints == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_footer_and_panel_titles_speak_the_language(code: str) -> None:
    from textual.widgets._footer import FooterKey

    cls = tui_kit("stone_age").app_class()
    found: dict[str, object] = {}

    async def main() -> None:
        app = cls(Session.new(SEATS, 3), delay=0)  # type: ignore[call-arg,unused-ignore]
        async with app.run_test(size=cls.MIN_SIZE) as pilot:
            await pilot.pause()
            await settle(app, pilot)
            for _tick in range(200):  # the footer draws its keys a moment later on a busy machine
                found["keys"] = {key.description for key in app.query(FooterKey)}
                if found["keys"]:
                    break
                await pilot.pause(0.05)
            found["board"] = app.query_one("#board-box").border_title
            found["title"] = app.title

    with use_language(code):
        asyncio.run(main())
        assert pgettext("key", "Hint") in found["keys"] and pgettext("key", "Quit") in found["keys"]  # type: ignore[operator]
        assert found["board"] == _("Board")
        assert found["title"] == _("Stone Age")
    assert "Hint" not in found["keys"]  # type: ignore[operator]


# --- names put in when the words are rendered ---------------------------------------------------------


def _placing(players: int = 3) -> tuple[State, int]:
    """A Stone Age state at the first placement, and a placement (the log names the seat placing)."""
    state = load_game("stone_age", players=players, seed=3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    return state, state.legal_actions()[0]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_names_seats_in_every_language_when_the_words_are_rendered(code: str) -> None:
    state, action = _placing()
    with use_language(code):
        named = apply_with_events(state.clone(), action, names={0: "Ada", 1: "Bo"})[0].text
        unnamed = apply_with_events(state.clone(), action)[0].text
        first = seat_name(0)
    assert "Ada" in named and first not in named
    assert first in unnamed and "Ada" not in unnamed  # a seat without a name keeps its number


def test_a_person_named_like_another_seat_keeps_the_name_and_the_other_seat_its_number() -> None:
    state, action = _placing()
    events = apply_with_events(state, action, names={0: "Player 2"})
    assert events[0].text.startswith("Player 2 ")  # seat 0, called by its person's name
    assert events[0].fact.seat == 0


def test_the_view_says_the_status_in_the_language() -> None:
    with use_language("de"):
        session = Session.new(SEATS, 3)
        view = session.view(PUBLIC)
        assert view.status in (_("{name} to decide.").format(name=session.names[view.to_move]) if view.to_move >= 0
                               else _("Chance acts."),)
        assert "Player" not in view.status


# --- text in terminal cells ------------------------------------------------------------------------


def test_cells_count_korean_letters_twice_and_padding_keeps_the_columns() -> None:
    assert cells("플레이어 1") == 10 and cells("Spieler 1") == 9
    assert fit("플레이어", 5) == "플레"
    assert cells(ljust("플레이어 1 (나)", 12)) == 12
    assert cells(center("열매", 9)) == 9 and center("BERRY", 9) == "BERRY".center(9)
