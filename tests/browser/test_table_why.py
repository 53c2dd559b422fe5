"""Why? at the browser table: a person asks why the bot played its last move and reads it in the decision panel."""

from __future__ import annotations

import random

from browser.ui import Browsing, Seat, open_table

BOT_MOVED_JS = """() => (window.stoneageTable.state.view.events || [])
  .some((event) => event.kind === "decision" && event.seat === 1)"""


def test_the_why_button_shows_the_bots_move_its_value_and_its_alternatives(browsing: Browsing) -> None:
    page = browsing.page("player")
    open_table(page, browsing.base, "stone_age", opponent="bot:medium")
    seat = Seat(page, random.Random("why"), browsing, big=True)
    seat.ready(pick=False)
    for _ in range(12):  # a few choices, until the bot has placed
        if page.evaluate(BOT_MOVED_JS):
            break
        seat.step()
        seat.ready(pick=False)
    assert page.evaluate(BOT_MOVED_JS), "the bot never moved"
    page.locator("#decision-body .why-button").click()
    page.locator("#decision-body .why-text p").first.wait_for()
    text = page.locator("#decision-body .why-text").inner_text()
    assert "Why Player 2 (medium) played place " in text, text
    assert "Its best alternatives:" in text and text.count("win chance") >= 3, text
    browsing.shot(page, "stone_age-why")
