"""A person creates a game in the lobby and plays it to the end against a bot, by clicking only."""

from __future__ import annotations

import random
import time

import pytest

from browser.ui import GAMES, Browsing, Seat, open_table, wait_over

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
    browsing.shot(page, f"{game}-desktop-over", full_page=True)
    print(f"{game}: {seat.clicks} clicks ({seat.board_clicks} on the board) in {time.monotonic() - start:.0f} s")
