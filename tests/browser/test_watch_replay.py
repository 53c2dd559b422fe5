"""Watching a game as it is played, and stepping through a finished game's replay."""

from __future__ import annotations

import contextlib
import random
import re
import time

import httpx
import pytest
from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout, expect

from browser.ui import Browsing, Seat, board_html, finished_game, new_game, open_table, sit_down, table_state

ENABLED_BUTTONS = "#decision-body button:not([disabled]), #board [data-action], #board [data-path]"


def test_a_spectator_sees_the_moves_and_can_choose_nothing(browsing: Browsing) -> None:
    player = browsing.page("player")
    game_id = open_table(player, browsing.base, "stone_age", opponent="bot:easy")
    seat = Seat(player, random.Random("watched"), browsing)
    seat.ready(pick=False)

    # The spectator finds the game in the lobby's list of games being played (with animations on).
    watcher = browsing.page("watcher", reduced_motion=False)
    sit_down(watcher, browsing.base, "Wanda")
    watch_link = watcher.locator(f"#running a[href='/watch/{game_id}']")
    watch_link.wait_for()
    watch_link.click()
    watcher.wait_for_url(re.compile(f"/watch/{game_id}$"))
    watcher.wait_for_function("() => window.stoneageTable.state.view !== null")
    assert table_state(watcher)["mode"] == "watch" and table_state(watcher)["viewer"] is None
    expect(watcher.locator("#mode-line")).to_contain_text("Watching")  # drawn once the game's type has come

    changes = 0
    for _ in range(4):
        before = board_html(watcher)
        for _ in range(3):
            assert seat.step()
        seq = seat.ready(pick=False)["seq"]
        watcher.wait_for_function("(seq) => { const s = window.stoneageTable.state;"
                                  " return s.seq === seq && s.backlog === 0; }", arg=seq, timeout=60_000)
        changes += board_html(watcher) != before
        assert watcher.locator(ENABLED_BUTTONS).count() == 0, "a spectator is offered something to choose"
        assert not table_state(watcher)["view"]["decision"]
    assert changes >= 3, "the spectator's board did not follow the moves"
    browsing.shot(watcher, "stone_age-desktop-watch")


def test_step_through_a_replay_with_buttons_and_keys(browsing: Browsing) -> None:
    page = browsing.page("replayer")
    sit_down(page, browsing.base, "Rita")
    new_game(page, "stone_age_junior", ["bot:random", "bot:random"], expansions=("cards",))
    created = page.locator("#created")
    created.wait_for()
    game_id = created.locator("#spectate-link").input_value().rsplit("/", 1)[1]
    deadline = time.monotonic() + 120
    while httpx.get(f"{browsing.base}/api/games/{game_id}").json()["status"] != "finished":  # bots play alone
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.5)
    page.locator("#refresh").click()
    replay_link = page.locator(f"#finished a[href='/replay/{game_id}']")
    replay_link.wait_for()
    replay_link.click()
    page.wait_for_url(re.compile(f"/replay/{game_id}"))

    position = page.locator("#replay-position")
    page.wait_for_function("() => /^0 \\/ [1-9]/.test(document.querySelector('#replay-position').textContent)")
    moves = int(position.inner_text().split("/")[1])
    assert page.locator("#replay-back").is_disabled() and page.locator("#replay-first").is_disabled()
    assert page.locator(ENABLED_BUTTONS.split(",")[0]).count() == 0, "a replay offers choices"

    def at(number: int) -> None:
        page.wait_for_function("(n) => { const s = window.stoneageTable.state;"
                               " return s.replay.at === n && !s.replay.loading && s.view; }", arg=number)
        assert position.inner_text() == f"{number} / {moves}"

    boards = {0: board_html(page)}
    views = {0: table_state(page)["view"]}
    for number in range(1, 7):  # forward by the button
        page.locator("#replay-forward").click()
        at(number)
        boards[number], views[number] = board_html(page), table_state(page)["view"]
    assert len(set(boards.values())) >= 3, "the board did not change while stepping forward"
    page.locator("#replay-back").click()  # and back
    at(5)
    assert table_state(page)["view"] == views[5]
    assert board_html(page) == boards[5], "one move back does not show the board as it was"

    page.keyboard.press("ArrowLeft")  # keys: ← → Home End
    at(4)
    assert table_state(page)["view"] == views[4] and board_html(page) == boards[4]
    page.keyboard.press("ArrowRight")
    at(5)
    page.keyboard.press("ArrowRight")
    at(6)
    assert board_html(page) == boards[6]
    page.keyboard.press("End")
    at(moves)
    assert page.locator("#replay-forward").is_disabled()
    page.locator("#results").wait_for()
    assert "over" in page.locator("#results h2").inner_text()
    browsing.shot(page, "stone_age_junior-desktop-replay-end")
    page.keyboard.press("Home")
    at(0)
    assert table_state(page)["view"] == views[0]
    assert "at=0" in page.url


ROLL_SHOWN_JS = """() => (window.stoneageTable.state.view.events || [])
  .some((e) => e.kind === "chance" && /rolls/.test(e.text || ""))
  && /rolled \\d+ with \\d+ dice? at the/.test(document.querySelector("#board").innerText)"""
BOARD_WORDS_JS = """() => { const board = document.querySelector("#board");
  return [board.innerText, ...[...board.querySelectorAll("[aria-label]")].map((el) => el.getAttribute("aria-label"))]
    .join("\\n"); }"""


def steady_words(page: Page, reads: int = 3, limit: float = 10) -> str:
    """The board's words once they read the same ``reads`` times in a row, 0.2 s apart (a page
    that has just loaded may still be laying the board out: innerText follows the layout)."""
    deadline = time.monotonic() + limit
    words, same = page.evaluate(BOARD_WORDS_JS), 1
    while same < reads and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        now = page.evaluate(BOARD_WORDS_JS)
        words, same = now, same + 1 if now == words else 1
    return str(words)


@pytest.mark.parametrize("game", ["stone_age", "first_stone_age", "stone_age_junior"])
def test_back_to_the_start_of_a_replay_the_board_reads_as_at_the_start(browsing: Browsing, game: str) -> None:
    # (a board may still be finishing an animation when the step comes: the comparison waits for it to settle)
    game_id = finished_game(browsing.base, game)
    page = browsing.page("replayer")
    # (innerText is only the words shown once the board is laid out: before, it is the raw text)
    settled = ("(n) => { const s = window.stoneageTable.state;"
               " return s.view && !s.replay.loading && s.replay.at === n"
               " && document.querySelector('#board').getClientRects().length > 0; }")
    page.goto(f"{browsing.base}/replay/{game_id}?at=0")
    page.wait_for_function(settled, arg=0)
    first = steady_words(page)
    moves = page.evaluate("window.stoneageTable.state.replay.moves")
    page.goto(f"{browsing.base}/replay/{game_id}?at=20")
    page.wait_for_function(settled, arg=20)
    for at in range(21, moves):  # step on to a later move (in Stone Age: a roll of the dice)
        page.keyboard.press("ArrowRight")
        page.wait_for_function(settled, arg=at)
        if at >= 24 and (game != "stone_age" or page.evaluate(ROLL_SHOWN_JS)):
            break
    page.keyboard.press("Home")
    page.wait_for_function(settled, arg=0)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"(first) => ({BOARD_WORDS_JS})() === first", arg=first, timeout=5000)
    browsing.shot(page, f"{game}-desktop-replay-home")
    again = steady_words(page)
    assert again == first, "the board at move 0 reads differently after a visit to a later move: " + "; ".join(
        sorted(set(again.splitlines()) ^ set(first.splitlines())))


SLOW_REPLAY_JS = """(() => { const fetch = window.fetch;
  window.replayFetches = 0;  // the replay's requests not yet answered (or cancelled)
  window.stepsShown = [];    // each step the board showed, in order
  window.fetch = (...args) => {
    if (!String(args[0]).includes("/replay/")) return fetch(...args);
    window.replayFetches += 1;
    return new Promise((resolve) => setTimeout(resolve, 700)).then(() => fetch(...args))
      .finally(() => { window.replayFetches -= 1; });
  };
  let shown = null;
  setInterval(() => { const s = window.stoneageTable && window.stoneageTable.state;
    if (s && s.view && s.replay.at !== shown) window.stepsShown.push(shown = s.replay.at); }, 10); })();"""


def in_order(shown: list[int], asked: list[int]) -> bool:
    """Whether the steps shown came in the order they were asked for (each a step asked for)."""
    rest = iter(asked)
    return all(step in rest for step in shown)


def test_quick_presses_in_a_replay_on_a_slow_line_each_go_one_move(browsing: Browsing) -> None:
    game_id = finished_game(browsing.base, "first_stone_age")
    page = browsing.page("replayer")
    page.add_init_script(SLOW_REPLAY_JS)  # each step takes 0.7 s to come, as on a slow line
    page.goto(f"{browsing.base}/replay/{game_id}?at=2")
    settled = ("(n) => { const s = window.stoneageTable.state;"
               " return s.view && !s.replay.loading && s.replay.at === n && window.replayFetches === 0; }")
    page.wait_for_function(settled, arg=2)
    moves = page.evaluate("window.stoneageTable.state.replay.moves")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    # the bar shows the move asked for at once, while the board waits for it
    assert page.locator("#replay-position").inner_text() == f"5 / {moves}"
    page.wait_for_function(settled, arg=5)  # every step asked for has come (or was cancelled) by now
    assert page.locator("#replay-position").inner_text() == f"5 / {moves}"
    assert "at=5" in page.url
    shown = page.evaluate("window.stepsShown")
    assert shown[0] == 2 and shown[-1] == 5 and in_order(shown[1:], [3, 4, 5]), f"steps shown: {shown}"
    for key in ("ArrowLeft", "ArrowLeft", "End", "Home"):  # back, to the end and to the start, as quickly
        page.keyboard.press(key)
    assert page.locator("#replay-position").inner_text() == f"0 / {moves}"
    page.wait_for_function(settled, arg=0)
    later = page.evaluate("window.stepsShown")[len(shown):]
    assert later[-1:] == [0] and in_order(later, [4, 3, moves, 0]), f"an older step came after a newer one: {later}"
