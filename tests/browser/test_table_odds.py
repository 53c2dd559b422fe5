"""Odds at the browser table: a Stone Age player reads the odds of its gathering rolls ahead in the
decision panel; a game whose play kit brings no odds shows no Odds button."""

from __future__ import annotations

import random

from playwright.sync_api import Page

from browser.ui import Browsing, Seat, open_table

ODDS_TEXT = "#decision-body .odds-text"


def ask_odds(page: Page) -> str:
    """Click Odds (as a person does) and the answer's words, once the panel shows them."""
    page.locator("#decision-body .odds-button").click()
    page.locator(f"{ODDS_TEXT} p").first.wait_for()
    text: str = page.locator(ODDS_TEXT).inner_text()
    return text


def test_the_odds_button_shows_the_odds_of_the_players_gathering_rolls(browsing: Browsing) -> None:
    page = browsing.page("player")
    open_table(page, browsing.base, "stone_age", opponent="bot:medium")
    seat = Seat(page, random.Random("odds"), browsing)
    first = seat.ready(pick=False)
    assert page.locator("#decision-body .why-button").is_visible()
    # no figure placed yet: no roll ahead, in the server's words
    assert "No gathering rolls ahead" in ask_odds(page)
    # two figures on the hunting grounds (room for any number of figures), clicked in the panel
    page.locator("#decision-body .choice", has_text="Hunting grounds").click()
    page.locator("#decision-body .choice", has_text="2 figures on the hunting grounds").click()
    seat.after = first["key"]
    seat.ready(pick=False)  # the next placement: the bot has placed too, the answer above is gone
    assert page.locator(f"{ODDS_TEXT} p").count() == 0, "odds of an earlier position are not shown"
    text = ask_odds(page)
    assert "Hunting grounds: 2 dice, sum ÷ 2 → food" in text, text
    # two dice halved, no tools: a yield of 1 needs a sum of 2 or 3 (3 of 36), of 6 a double six (1 of 36)
    assert "8.3 %" in text and "2.8 %" in text, text
    button = page.locator("#decision-body .odds-button")
    assert button.is_enabled() and button.inner_text() == "Odds"
    assert page.locator(ODDS_TEXT).get_attribute("aria-live") == "polite"
    browsing.shot(page, "stone_age-odds")


def test_a_game_without_odds_shows_no_odds_button(browsing: Browsing) -> None:
    page = browsing.page("player")
    open_table(page, browsing.base, "first_stone_age")
    Seat(page, random.Random("no odds"), browsing).ready(pick=False)
    assert page.locator("#decision-body .why-button").is_visible()
    assert page.locator("#decision-body .odds-button").count() == 0
    assert page.locator(ODDS_TEXT).count() == 0
