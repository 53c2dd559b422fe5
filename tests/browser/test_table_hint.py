"""Hint at the browser table: a person who follows every hint never meets the "Are you sure?" dialog.

The person plays a whole game of Stone Age against a bot by asking the hint at each decision and
clicking the choice it marks. The dialog must never open; afterwards the game's record shows that
the hints were tested where it mattered (decisions where some legal move is warned of) and that
every move played was one the advisor does not warn of.
"""

from __future__ import annotations

import time

import httpx

from browser.ui import READY_JS, Browsing, open_table, wait_over
from stoneage.core.record import replay
from stoneage.play.advisor import Advisor
from stoneage.play.kit import play_kit
from stoneage.play.session import bot_seed
from stoneage.web.room import HINT_SEAT

HINTED = "#decision-body .choice.hinted[data-action]"


def test_following_every_hint_never_opens_the_warning_dialog(browsing: Browsing) -> None:
    page = browsing.page("player")
    game = open_table(page, browsing.base, "stone_age", opponent="bot:random")
    followed = 0
    deadline = time.monotonic() + 900
    after = ""
    while True:
        ready = page.evaluate(READY_JS, {"after": after, "timeout": 60_000, "pick": None})
        browsing.check()
        assert not ready.get("warning"), f"the warning dialog opened after following {followed} hints"
        if ready.get("over"):
            break
        assert not ready.get("waiting"), f"the table was not ready for a choice: {ready}"
        assert time.monotonic() < deadline, f"the game did not end in time ({followed} hints followed)"
        page.locator("#decision-body .hint-button").click()
        page.locator(HINTED).wait_for(timeout=60_000)
        page.locator(HINTED).click()
        after = ready["key"]
        followed += 1
    wait_over(page)
    record = httpx.get(f"{browsing.base}/api/games/{game}/record").raise_for_status().json()
    played_game, _final = replay(record)
    state = played_game.new_initial_state()
    advisor = Advisor(played_game, play_kit("stone_age"), bot_seed(played_game.seed, HINT_SEAT))  # the room's
    warned_decisions = 0
    for text in record["actions"]:
        action = state.string_to_action(text)
        if state.current_player() == 0 and len(state.legal_actions()) > 1:
            warned = advisor.warnings(state, action)
            assert not warned, f"a hinted move is warned of: {text}: {warned}"
            warned_decisions += any(advisor.warnings(state, other) for other in state.legal_actions())
        state.apply_action(action)
    assert followed >= 20 and warned_decisions >= 3, (followed, warned_decisions)
    browsing.shot(page, "stone_age-hints-followed")
