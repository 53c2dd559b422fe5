"""axe-core (vendored in vendor/, its licence beside it) finds nothing serious or critical on the
lobby, a table of each game in the middle of a decision, and a replay.

``KNOWN`` lists the serious findings already reported against the boards, each pinned to its rule and
the element it is about: those are let through (and written to the screenshots folder's notes) while
the boards are being finished; any other serious or critical finding fails. Remove an entry when its
board is fixed.
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
CHILDREN = ("first_stone_age", "stone_age_junior")
CLICKABLE = ("the boards' clickable elements (data-action/data-path, role=button) have an aria-label that leaves "
             "out text drawn inside them: boards/stone_age.js .sa-loc-* ('Hunting grounds (1–3 figures)' over '÷2', "
             "'0/7'), first_stone_age.js g.fsa-slot ('Move Martin 3 cards, to card …'), stone_age_junior.js "
             "g.saj-tile ('Swap tile 1 with…') and g.saj-space ('travel to the tooth space: …')")
KNOWN: list[tuple[tuple[str, ...], str, str, str]] = [
    # (the pages' games, axe rule, a piece of the element's selector or HTML, what is wrong)
    (("stone_age", *CHILDREN), "label-content-name-mismatch", "data-action=", CLICKABLE),
    (("stone_age", *CHILDREN), "label-content-name-mismatch", "data-path=", CLICKABLE),
    (CHILDREN, "aria-prohibited-attr", "kids-built",
     "first_stone_age.js:449, stone_age_junior.js:665: div.kids-built has an aria-label but no role"),
    (CHILDREN, "color-contrast", "kids-turn-flag",
     "children.css:108: .kids-turn-flag is white on #e8590c, 3.58:1 (4.5:1 wanted)"),
    (("first_stone_age",), "color-contrast", "kids-slot-word",
     "children.css:120: .kids-got .kids-slot-word is #2b8a3e on #fff8e8, 4.12:1 (4.5:1 wanted)"),
    (("stone_age_junior",), "color-contrast", "saj-can-flag",
     "children.css:188: .saj-can-flag ('Tap to build!') is #2b8a3e on #fff8e8, 4.12:1 (4.5:1 wanted)"),
    (("stone_age_junior",), "aria-required-children", "saj-huts",
     "stone_age_junior.js:533: on(box, …) makes a buildable .saj-stack role=button, so the role=list .saj-huts "
     "('Huts to build') holds a button where a listitem belongs"),
]


def known(game: str, rule: str, node: dict[str, Any]) -> str | None:
    """Why this finding is let through, if it is a known one."""
    for games, known_rule, piece, why in KNOWN:
        if game in games and rule == known_rule and (piece in node["target"] or piece in node["html"]):
            return why
    return None


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


def assert_accessible(page: Page, where: str, browsing: Browsing, game: str = "") -> None:
    """No serious or critical finding but the known ones; every finding is noted."""
    blocking: list[str] = []
    for violation in axe(page):
        for node in violation["nodes"]:
            why = known(game, violation["id"], node) if violation["impact"] in BLOCKING else None
            line = f"{violation['impact']} {violation['id']} ({violation['help']}): {node['target']}"
            if violation["impact"] not in BLOCKING or why:
                browsing.notes.append(f"axe, {where}: {line}" + (f" [known: {why}]" if why else ""))
            else:
                blocking.append(f"- {line}\n    {node['html']}\n    {node['summary']}")
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
    assert_accessible(page, f"the {game} table", browsing, game)
    browsing.shot(page, f"{game}-desktop")


def test_a_replay_is_accessible(browsing: Browsing) -> None:
    game_id = finished_game(browsing.base, "stone_age_junior")
    page = browsing.page("reader")
    page.goto(f"{browsing.base}/replay/{game_id}?at=20")
    page.wait_for_function("() => { const s = window.stoneageTable.state; return s.view && s.replay.at === 20"
                           " && !s.replay.loading; }")
    assert_accessible(page, "a replay", browsing, "stone_age_junior")
    browsing.shot(page, "stone_age_junior-desktop-replay")
