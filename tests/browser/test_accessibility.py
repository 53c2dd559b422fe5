"""axe-core (vendored in vendor/, its licence beside it) finds nothing serious or critical on the
lobby, a table of each game in the middle of a decision, and a replay; every other finding is noted
in the screenshots folder's notes.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from browser.ui import GAMES, Browsing, Seat, finished_game, open_table, sit_down

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate("""async () => {
      const result = await axe.run(document, {resultTypes: ["violations"]});
      return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target.join(" "), html: n.html.slice(0, 300),
                                    summary: n.failureSummary}))}));
    }""")
    return violations


def assert_accessible(page: Page, where: str, browsing: Browsing) -> None:
    """No serious or critical finding; every finding is noted."""
    blocking: list[str] = []
    for violation in axe(page):
        for node in violation["nodes"]:
            line = f"{violation['impact']} {violation['id']} ({violation['help']}): {node['target']}"
            if violation["impact"] in BLOCKING:
                blocking.append(f"- {line}\n    {node['html']}\n    {node['summary']}")
            else:
                browsing.notes.append(f"axe, {where}: {line}")
    assert not blocking, f"axe finds on {where}:\n" + "\n".join(blocking)


def test_the_lobby_is_accessible(browsing: Browsing) -> None:
    page = browsing.page("reader")
    page.goto(browsing.base + "/")
    page.locator("#welcome").wait_for()
    assert_accessible(page, "the lobby on a first visit", browsing)
    sit_down(page, browsing.base, "Ally")
    finished_game(browsing.base, "first_stone_age")  # something in the lists and the leaderboard
    page.locator("#refresh").click()
    page.locator("#finished .game-item").first.wait_for()
    page.locator("#new-game details.more > summary").click()
    assert_accessible(page, "the lobby with games listed", browsing)
    browsing.shot(page, "lobby-desktop", full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_in_the_middle_of_a_decision_is_accessible(browsing: Browsing, game: str) -> None:
    page = browsing.page("reader")
    open_table(page, browsing.base, game)
    seat = Seat(page, random.Random(f"axe-{game}"), browsing)
    for _ in range(3):
        assert seat.step()
    seat.ready(pick=False)
    assert_accessible(page, f"the {game} table", browsing)
    browsing.shot(page, f"{game}-desktop")


def test_a_replay_is_accessible(browsing: Browsing) -> None:
    game_id = finished_game(browsing.base, "stone_age_junior")
    page = browsing.page("reader")
    page.goto(f"{browsing.base}/replay/{game_id}?at=20")
    page.wait_for_function("() => { const s = window.stoneageTable.state; return s.view && s.replay.at === 20"
                           " && !s.replay.loading; }")
    assert_accessible(page, "a replay", browsing)
    browsing.shot(page, "stone_age_junior-desktop-replay")
