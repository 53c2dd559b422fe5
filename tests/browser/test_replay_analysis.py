"""The replay's "Analyse" button: the winning-chance chart of a finished game, linked to the replay."""

from __future__ import annotations

import httpx
from playwright.sync_api import Route

from browser.test_accessibility import assert_accessible
from browser.ui import Browsing, bots_game, finished_game
from stoneage.play.analysis import BLUNDER, MISTAKE, analyse

SETTLED = ("(n) => { const s = window.stoneageTable.state;"
           " return s.view && !s.replay.loading && s.replay.at === n; }")


def game_with_a_mistake(base: str) -> str:
    """A new finished game of two random bots in which the server's analysis marks a mistake or worse:
    about one such game in 40 has none (2.35 % of 2,000), so its record is analysed here first (the
    same analysis the server makes: its searches are seeded by the step) and another game played if so."""
    for _ in range(10):
        game_id = bots_game(base, "first_stone_age")
        record = httpx.get(f"{base}/api/games/{game_id}/record").raise_for_status().json()
        if any(decision.label in (MISTAKE, BLUNDER) for decision in analyse(record).decisions):
            return game_id
    raise AssertionError("ten games of two random bots without a single mistake")


def test_analyse_draws_a_line_per_seat_and_a_mistake_jumps_the_replay_there(browsing: Browsing) -> None:
    game_id = game_with_a_mistake(browsing.base)  # its own game: not analysed before the click
    page = browsing.page("analyst")
    page.goto(f"{browsing.base}/replay/{game_id}?at=3")
    page.wait_for_function(SETTLED, arg=3)
    button = page.locator("#analyse")
    assert button.inner_text() == "Analyse"
    button.click()
    assert "Analysing" in page.locator("#analysis-status").inner_text()
    assert page.locator("#analysis-progress").is_visible()
    page.locator("#analysis-chart").wait_for(timeout=90_000)  # the server's worker: a few seconds

    assert page.locator("#analysis-chart polyline.chance-line").count() == 2, "not one line per seat"
    assert page.locator("#analysis-chart").get_attribute("aria-labelledby") == "analysis-chart-title"
    assert page.locator(".analysis-table tbody tr").count() == 2, "no summary row per player"
    assert page.locator("#analysis-progress").is_hidden()
    now = page.locator("#analysis-now")
    start_x = float(now.get_attribute("x1") or "nan")

    mistake = page.locator(".chance-point[data-label='blunder'], .chance-point[data-label='mistake']").first
    step = int(mistake.get_attribute("data-step") or "-1")
    label = mistake.get_attribute("data-label")
    mistake.hover()
    tip = page.locator("#analysis-tip")
    tip.wait_for()
    words = tip.inner_text()
    assert f"Move {step + 1}:" in words and f"{label}: lost" in words and "\u00a0% before" in words, words
    browsing.shot(page, "first_stone_age-desktop-replay-analysis-tip")
    assert_accessible(page, "a replay's analysis", browsing)

    mistake.click()  # the replay goes to the position right after that move
    page.wait_for_function(SETTLED, arg=step + 1)
    assert page.locator("#replay-position").inner_text().startswith(f"{step + 1} / ")
    assert float(now.get_attribute("x1") or "nan") != start_x, "the chart does not mark the move shown"

    first_worst = page.locator(".analysis-worst button").first  # the biggest mistakes are buttons too
    worst_step = int(first_worst.get_attribute("data-step") or "-1")
    first_worst.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED, arg=worst_step + 1)
    browsing.shot(page, "first_stone_age-desktop-replay-analysis", full_page=True)


def test_a_busy_server_is_said_in_words_and_try_again_waits_out_the_running_analysis(browsing: Browsing) -> None:
    game_id = finished_game(browsing.base, "first_stone_age")
    page = browsing.page("analyst")
    answers = [(503, '{"error": {"code": "busy", "message": "too many games"}}'), (202, '{"status": "running"}')]

    def answer(route: Route) -> None:
        if answers:
            status, body = answers.pop(0)
            route.fulfill(status=status, body=body, content_type="application/json", headers={"Retry-After": "1"})
        else:
            route.continue_()

    page.route("**/analysis", answer)
    page.goto(f"{browsing.base}/replay/{game_id}")
    page.wait_for_function(SETTLED, arg=0)
    page.locator("#analyse").click()
    status = page.locator("#analysis-status")
    page.wait_for_function("() => document.querySelector('#analysis-status').dataset.kind === 'error'")
    assert "busy" in status.inner_text()
    assert page.locator("#analyse").inner_text() == "Try again"
    page.locator("#analyse").click()  # a 202 (wait a second), then the real analysis
    page.locator("#analysis-chart").wait_for(timeout=90_000)
    assert page.locator("#analysis-chart polyline.chance-line").count() == 2
    assert status.inner_text() == "" and page.locator("#analyse").is_hidden()
    # the 503 was expected: the browser logs it as a failed resource, which is no fault of the page
    for watched in browsing.watched:
        watched.errors[:] = [e for e in watched.errors if "status of 503" not in e]


def test_on_a_phone_the_chart_fits_the_screen(browsing: Browsing) -> None:
    game_id = finished_game(browsing.base, "first_stone_age")  # analysed by the tests above: kept by the server
    page = browsing.page("analyst", phone=True)
    page.goto(f"{browsing.base}/replay/{game_id}")
    page.wait_for_function(SETTLED, arg=0)
    page.locator("#analyse").tap()
    page.locator("#analysis-chart").wait_for(timeout=90_000)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    for box in (page.locator("#analysis-chart").bounding_box(), page.locator(".analysis-table-wrap").bounding_box()):
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    browsing.shot(page, "first_stone_age-phone-replay-analysis")
