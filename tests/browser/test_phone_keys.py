"""A phone's screen (390 × 844): no sideways scrolling and the decision within reach; and a whole
round of Stone Age played with the keyboard alone (Tab, Enter, number keys; no mouse)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from browser.ui import GAMES, PHONE, Browsing, PageTrouble, Seat, table_state

SCROLL_WIDTH = "() => document.documentElement.scrollWidth"
IN_SIGHT_JS = """(selector) => { const el = document.querySelector(selector); if (!el) return false;
  const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.width > 0; }"""


def no_sideways_scroll(page: Page, where: str) -> None:
    width = page.evaluate(SCROLL_WIDTH)
    assert width <= PHONE["width"], f"{where}: the page is {width} px wide on a {PHONE['width']} px phone"


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_nothing_scrolls_sideways_and_the_decision_is_in_reach(browsing: Browsing, game: str) -> None:
    page = browsing.page("phone", phone=True)
    page.goto(browsing.base + "/")
    page.locator("#welcome-name").fill("Pia")
    page.locator("#welcome-form button[type=submit]").tap()
    page.locator("#quick-list button[data-game]").first.wait_for()
    no_sideways_scroll(page, "the lobby")
    if game == GAMES[0]:
        browsing.shot(page, "lobby-phone")
    page.locator(f"#quick-list button[data-game='{game}']").tap()  # "Play against 3 bots"
    page.wait_for_url(re.compile(r"/play/"))
    seat = Seat(page, random.Random(f"phone-{game}"), browsing)
    seat.ready(pick=False)
    no_sideways_scroll(page, f"the {game} table")
    # The decision is in sight, or one tap away ("Your move ↓" takes the reader down to it).
    if not page.evaluate(IN_SIGHT_JS, "#decision-body .choice"):
        jump = page.locator("#jump-to-move")
        jump.wait_for(state="visible", timeout=5000)
        jump.tap()
        page.wait_for_function(IN_SIGHT_JS, arg="#decision-body .choice")
    assert page.locator("#decision-body .choice:not([disabled])").count() > 0
    browsing.shot(page, f"{game}-phone")
    for _ in range(4):  # tapping choices (the page scrolled to each, as a thumb would)
        assert seat.step()
        no_sideways_scroll(page, f"the {game} table after a move")
    seat.ready(pick=False)
    page.evaluate("window.scrollTo(0, 0)")
    browsing.shot(page, f"{game}-phone-full", full_page=True)


def focused(page: Page) -> dict[str, Any]:
    """What has the keyboard focus."""
    answer: dict[str, Any] = page.evaluate("""() => { const el = document.activeElement;
      const choices = [...document.querySelectorAll("#decision-body .choice")];
      return {tag: el ? el.tagName : null, id: el ? el.id : null, choice: choices.indexOf(el),
              board: Boolean(el && el.closest("#board") && el.matches("[data-action], [data-path]")),
              path: el ? el.getAttribute("data-path") : null, skip: Boolean(el && el.matches(".skip-link")),
              text: el ? (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 80) : null}; }""")
    return answer


def tab_until(page: Page, wanted: Any, limit: int = 150) -> dict[str, Any]:
    """Press Tab until ``wanted(focused)`` holds; fail if the keyboard cannot get there."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if wanted(now):
            return now
    raise PageTrouble(f"{limit} presses of Tab never reached the element wanted (last: {focused(page)})")


def round_of(page: Page) -> tuple[int, str]:
    data = next(p["data"] for p in table_state(page)["view"]["panels"] if p["name"] == "round")
    return data["round"], data["phase"]


def test_a_whole_round_of_stone_age_by_keyboard_alone(browsing: Browsing) -> None:
    page = browsing.page("keyboard")
    page.goto(browsing.base + "/")
    tab_until(page, lambda f: f["id"] == "welcome-name", limit=30)
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")
    page.locator("#who").get_by_text("Kim").wait_for()
    page.locator("#quick-list button[data-game='stone_age']").wait_for()
    tab_until(page, lambda f: f["tag"] == "BUTTON" and "Stone Age" in (f["text"] or "") and
              "Junior" not in f["text"] and "First" not in f["text"], limit=40)
    page.keyboard.press("Enter")  # Play Stone Age against 3 bots
    page.wait_for_url(re.compile(r"/play/"))

    rng = random.Random("keys")
    seat = Seat(page, rng, browsing)
    ways = {"number": 0, "tab": 0, "board": 0}
    phases: set[str] = set()
    last_way = ""
    while True:
        ready = seat.ready(pick=False)
        assert not ready.get("over")
        number, phase = round_of(page)
        phases.add(phase)
        if number >= 2:
            break
        if last_way == "tab":  # after a choice made in the panel, the next decision's first choice has the focus
            assert focused(page)["choice"] == 0, f"the focus is not on the first choice: {focused(page)}"
        usable = ["number", "tab", "board"] if ready["board"] else ["number", "tab"]
        unused = [w for w in usable if not ways[w]]  # each way at least once, then at random
        way = unused[0] if unused else rng.choice(["number", "number", *usable])
        count = min(ready["panel"], 9)
        if way == "number":
            page.keyboard.press(str(rng.randrange(count) + 1))
        elif way == "tab":
            # from wherever the focus is: the skip link jumps to the decision, Tab walks its choices
            now = focused(page)
            if now["choice"] < 0:
                now = tab_until(page, lambda f: f["skip"] or f["choice"] >= 0)
                if now["skip"]:
                    page.keyboard.press("Enter")
                    now = tab_until(page, lambda f: f["choice"] >= 0, limit=3)
            target = rng.randrange(ready["panel"])
            while now["choice"] < target:
                page.keyboard.press("Tab")
                now = focused(page)
            assert now["choice"] == target, f"Tab went from choice {target - 1} to {now}"
            page.keyboard.press("Enter")
        else:
            open_path = ",".join(str(n) for n in ready["path"])
            tab_until(page, lambda f, o=open_path: f["board"] and f["path"] != o)
            page.keyboard.press("Enter")
        ways[way] += 1
        last_way = way
        seat.after = ready["key"]
    assert {"placement", "actions"} <= phases, f"not a whole round: {phases}"
    assert all(ways.values()), f"not every way of choosing was used: {ways}"
    print(f"round 1 by keyboard: {ways}")
