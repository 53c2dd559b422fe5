"""A person creates a game in the lobby and plays it to the end against a bot, by clicking only."""

from __future__ import annotations

import random
import time

import pytest

from browser.ui import GAMES, Browsing, Seat, open_table, wait_over

LOG_LIMIT = 400
"""The move log's lines kept on the page (table.js); the whole game stays in its replay."""
LOG_AT_END_JS = """() => { const log = document.querySelector("#log-scroll");
  return log.scrollHeight - log.scrollTop - log.clientHeight < 40; }"""
OPPONENT = {"stone_age": "bot:easy", "first_stone_age": "bot:random", "stone_age_junior": "bot:random"}


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicking(browsing: Browsing, game: str) -> None:
    page = browsing.page("player")
    start = time.monotonic()
    open_table(page, browsing.base, game, opponent=OPPONENT[game])
    # Stone Age's random player mostly places all it can at once: a whole game in about 150 clicks.
    seat = Seat(page, random.Random(f"{game}-1"), browsing, big=game == "stone_age")
    seat.ready(pick=False)
    assert page.evaluate("window.stoneageTable.state.boardName") == game, "the game's own board is not drawn"
    seat.play_to_end()
    wait_over(page)
    assert seat.board_clicks > 0, "no choice was ever made on the board"
    # the move log keeps only its latest lines, the newest in sight
    assert 0 < page.locator("#log > li").count() <= LOG_LIMIT
    page.wait_for_function(LOG_AT_END_JS)
    browsing.shot(page, f"{game}-desktop-over", full_page=True)
    print(f"{game}: {seat.clicks} clicks ({seat.board_clicks} on the board) in {time.monotonic() - start:.0f} s")
