"""Learn to play and warnings at the browser table: the lobby's entry leads through the Stone Age
lesson (its explanation, the move it expects, another move refused, leaving it), and a starving move
is asked about before it is sent."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from browser.ui import Browsing, sit_down

READY_JS = """(after) => { const s = window.stoneageTable.state;
  return Boolean(s.view && s.view.decision && s.pending === null && s.connected && s.backlog === 0
    && s.seq !== after && s.lesson && (!s.lesson.active || s.lesson.expected !== null)); }"""

SENT_JS = "(() => { const s = window.stoneageTable.state; return s.pending !== null || s.warning !== null; })()"
"""Whether the page has sent a move and awaits the answer, or asks about a warned one."""


def seq(page: Page) -> int:
    """The sequence number the table shows."""
    value: int = page.evaluate("window.stoneageTable.state.seq")
    return value


def wait_turn(page: Page, after: int | None = None) -> None:
    """Wait until the page's person decides (at another position than ``after``)."""
    page.wait_for_function(READY_JS, arg=after)


def click_expected(page: Page) -> int:
    """Click the choice the lesson marks, opening its groups, until the move is sent; the sequence
    number it was sent at."""
    before = seq(page)
    for _ in range(4):
        marked = page.locator("#decision-body .choice.expected")
        if not marked.count():  # inside another group: back out of it
            page.keyboard.press("Escape")
            continue
        marked.first.click()
        if page.evaluate(SENT_JS) or seq(page) != before:
            return before
    raise AssertionError("the marked choice never sent a move")


def click_other(page: Page) -> None:
    """Click a choice the lesson does not expect (a leaf: groups opened on the way)."""
    for _ in range(4):
        other = page.locator("#decision-body .choice:not(.expected)").first
        grouped = "group" in (other.get_attribute("class") or "")
        other.click()
        if not grouped:
            return
    raise AssertionError("no choice outside the lesson's could be clicked")


def test_learn_to_play_leads_through_the_lesson_refuses_another_move_and_can_be_left(browsing: Browsing) -> None:
    page = browsing.page("learner")
    sit_down(page, browsing.base, "Lia")
    page.locator("#quick-list button[data-learn='stone_age']").click()
    page.wait_for_url(re.compile(r"/play/[^/?]+\?seat=0"))
    lesson = page.locator("#lesson-body")
    expect(lesson).to_contain_text("Welcome to Stone Age", timeout=30_000)
    wait_turn(page)
    expect(lesson).to_contain_text("Now: ")
    assert page.locator("#decision-body .choice.expected").count() == 1
    wait_turn(page, click_expected(page))
    expect(lesson).to_contain_text("Now the tool maker")
    at = seq(page)
    click_other(page)
    expect(page.locator("#notices")).to_contain_text("Not yet: in this lesson")
    assert seq(page) == at
    click_expected(page)  # the expected move is still open
    wait_turn(page, at)
    expect(lesson).to_contain_text("Each of the four civilization cards")
    page.locator("#lesson-leave").click()
    expect(lesson).to_contain_text("You left the lesson")
    wait_turn(page)
    assert page.locator("#decision-body .choice.expected").count() == 0
    at = seq(page)
    click_other(page)  # any move now
    page.wait_for_function("(at) => window.stoneageTable.state.seq > at", arg=at)
    browsing.shot(page, "stone_age-lesson-left")


def lesson_at_starving(base: str) -> tuple[str, str]:
    """A Stone Age lesson started over the API and played over a websocket up to its starving move
    (the set-up, not what is tested); its id and the person's token."""
    created: dict[str, Any] = httpx.post(f"{base}/api/lessons", json={"game": "stone_age", "pace": 0},
                                         timeout=30).raise_for_status().json()
    token = next(seat["token"] for seat in created["seats"] if seat["kind"] == "person")
    with connect(f"{base.replace('http', 'ws')}/api/games/{created['id']}/ws?token={token}") as socket:
        while True:
            message = json.loads(socket.recv(30))
            lesson = message.get("lesson") or {}
            if message["type"] == "ack" or lesson.get("expected") is None:
                continue
            if any(text.startswith("Feeding: each figure eats") for text in lesson.get("texts", [])):
                return created["id"], token
            socket.send(json.dumps({"type": "move", "seq": message["seq"], "action": lesson["expected"]}))


def test_a_starving_move_is_asked_about_and_played_only_after_yes(browsing: Browsing) -> None:
    game, token = lesson_at_starving(browsing.base)
    page = browsing.page("starving")
    sit_down(page, browsing.base, "Sam")
    page.goto(f"{browsing.base}/play/{game}?token={token}")
    wait_turn(page)
    at = seq(page)
    dialog = page.locator("#warn-dialog")
    click_expected(page)
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("starving costs 10 points")
    page.locator("#warn-no").click()
    expect(dialog).to_be_hidden()
    assert seq(page) == at
    click_expected(page)
    expect(dialog).to_be_visible()
    browsing.shot(page, "stone_age-warning")
    page.locator("#warn-yes").click()
    page.wait_for_function("(at) => window.stoneageTable.state.seq > at", arg=at)
    expect(page.locator("#lesson-body")).to_contain_text("The lesson ends here")
