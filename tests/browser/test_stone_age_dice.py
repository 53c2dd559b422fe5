"""The Stone Age board's dice in German and Korean: the board finds every roll in the events' facts
(docs/facts.md), never in their words, so its animations work in every language.

- Dice for all and the taming rolls: a finished game of four random bots with the Mammoth Herd
  (which has both, see ``mammoth_game``) is replayed in the language, with animations on; one step
  forward onto the roll, and the tray's dice roll, then land on the fact's faces.
- A gathering roll: a person plays against a bot in the language, with animations on, until a roll
  at a gathering place is the table's latest news; the place rolled at is highlighted, the tray shows
  as many dice as the fact says summing to its total, and in Korean no English word is on the board.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from browser.test_languages import english_words
from browser.ui import Browsing, Seat, open_table
from stoneage.core.i18n import _, pgettext, use_language

LANGUAGES = ["de", "ko"]
PLACE_WORDS = {"hunt": "the hunting grounds", "forest": "the forest", "claypit": "the clay pit",
               "quarry": "the quarry", "river": "the river"}
"""The board's own words for the places (its msgids, translated here with the catalogs)."""
TRIES = 4
"""Games of random bots made at most before one has dice for all and a taming roll (each of a
four-seat game's ~1,000 steps: so far every game had both)."""
MOVES_BEFORE_ROLL = 60
"""Choices a person makes at most before a roll at a gathering place is the table's latest news
(in the first round, normally)."""

SETTLED_JS = ("(n) => { const s = window.stoneageTable?.state;"  # the page may still be loading
              " return !!s && !!s.view && !s.replay.loading && s.replay.at === n && s.backlog === 0; }")
ROLLING_JS = "() => document.querySelector('#board .sa-tray.sa-tray-rolling .sa-die.sa-rolling') !== null"
LANDED_JS = """() => { const tray = document.querySelector('#board .sa-tray');
  if (!tray || tray.classList.contains('sa-tray-rolling')) return null;
  const dice = [...tray.querySelectorAll('.sa-die')];
  if (!dice.length || dice.some((d) => d.classList.contains('sa-rolling'))) return null;
  return {faces: dice.map((d) => Number(d.dataset.face)),
          shown: dice.map((d) => d.querySelectorAll('.sa-pip').length),
          icons: [...tray.querySelectorAll('use')].map((u) => u.getAttribute('href')),
          text: tray.textContent, live: document.querySelector('#board .sa-sr').textContent}; }"""
ROLL_NEWS_JS = """() => { const s = window.stoneageTable?.state;
  if (!s || !s.view) return null;
  const e = (s.view.events || []).find((x) => x.fact && x.fact.kind === 'roll'
    && ['hunt', 'forest', 'claypit', 'quarry', 'river'].includes(x.fact.data.place));
  return e ? e.fact : null; }"""
HIGHLIGHT_JS = """() => [...document.querySelectorAll('#board .sa-rolled-at')].map((el) => ({
  key: el.dataset.key, landed: el.classList.contains('sa-landed')}))"""

_games: dict[str, tuple[str, dict[str, Any]]] = {}


def words(code: str, message: str, **fields: Any) -> str:
    with use_language(code):
        return _(message).format(**fields)


def finished(base: str, game_id: str) -> bool:
    return str(httpx.get(f"{base}/api/games/{game_id}").json()["status"]) == "finished"


def first_steps(base: str, game_id: str, kinds: tuple[str, ...]) -> dict[str, tuple[int, dict[str, Any]]]:
    """The first replay step of a finished game whose public events hold a fact of each kind, with
    that fact, as the replay API tells them."""
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    with httpx.Client(base_url=base, timeout=30) as client:
        moves = client.get(f"/api/games/{game_id}/replay/0?viewer=public").json()["moves"]
        for at in range(1, moves + 1):
            events = client.get(f"/api/games/{game_id}/replay/{at}?viewer=public").json()["view"]["events"]
            for event in events:
                fact = event.get("fact") or {}
                if fact.get("kind") in kinds and fact["kind"] not in found:
                    found[fact["kind"]] = (at, fact)
            if len(found) == len(kinds):
                break
    return found


def mammoth_game(base: str) -> tuple[str, dict[str, tuple[int, dict[str, Any]]]]:
    """A finished game of four random bots with the Mammoth Herd in which dice for all were rolled and
    someone rolled to tame the mammoth (shared by the tests on one server), and those steps."""
    if base not in _games:
        body = {"game": "stone_age", "seats": [{"kind": "bot", "bot": "random"}] * 4, "expansions": ["mammoth"]}
        for _try in range(TRIES):
            game_id = str(httpx.post(f"{base}/api/games", json=body).raise_for_status().json()["id"])
            deadline = time.monotonic() + 120
            while not finished(base, game_id):
                assert time.monotonic() < deadline, "the bots did not finish their game"
                time.sleep(0.2)
            steps = first_steps(base, game_id, ("dice_for_all", "tame_roll"))
            if len(steps) == 2:
                _games[base] = (game_id, steps)
                break
        else:
            pytest.fail(f"none of {TRIES} games of random bots had both dice for all and a taming roll "
                        "(or the replay's events carry no facts)")
    game_id, steps = _games[base]
    return game_id, steps


def step_onto(page: Page, base: str, game_id: str, at: int) -> dict[str, Any]:
    """Open the replay one step before ``at``, step forward with the button, see the tray's dice roll,
    and return them once landed."""
    page.goto(f"{base}/replay/{game_id}?at={at - 1}")
    page.wait_for_function(SETTLED_JS, arg=at - 1)
    page.locator("#replay-forward").click()
    page.wait_for_function(ROLLING_JS, timeout=10_000, polling="raf")
    page.wait_for_function(SETTLED_JS, arg=at)
    landed: dict[str, Any] = page.wait_for_function(LANDED_JS, timeout=10_000).json_value()
    assert landed["faces"] == landed["shown"], f"a die shows other pips than its face: {landed}"
    return landed


@pytest.mark.parametrize("code", LANGUAGES)
def test_dice_for_all_and_the_taming_rolls_roll_in_each_language(browsing: Browsing, code: str) -> None:
    game_id, steps = mammoth_game(browsing.base)
    page = browsing.page("viewer", locale=code, reduced_motion=False)

    at, fact = steps["dice_for_all"]
    landed = step_onto(page, browsing.base, game_id, at)
    assert page.locator("html").get_attribute("lang") == code
    assert sorted(landed["faces"]) == sorted(fact["data"]["faces"]), f"dice for all {fact}: the tray shows {landed}"
    assert words(code, "Dice for all") in landed["text"], landed
    assert landed["live"] == words(code, "Dice for all: {faces}", faces=" ".join(map(str, fact["data"]["faces"])))
    browsing.shot(page, f"stone_age-{code}-dice-for-all")

    at, fact = steps["tame_roll"]
    landed = step_onto(page, browsing.base, game_id, at)
    assert "#sa-i-mammoth" in landed["icons"], f"the tray shows no taming roll: {landed}"
    assert words(code, "Taming rolls") in landed["text"], landed
    faces = list(landed["faces"])
    for face in fact["data"]["faces"]:  # the roll's dice are among the contest's dice the tray shows
        assert face in faces, f"taming roll {fact}: the tray shows {landed}"
        faces.remove(face)
    assert landed["live"].startswith(words(code, "Taming rolls: {rolls}", rolls="")), landed
    browsing.shot(page, f"stone_age-{code}-taming")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_place_rolled_at_is_highlighted_in_each_language(browsing: Browsing, code: str) -> None:
    page = browsing.page("player", locale=code, reduced_motion=False)
    open_table(page, browsing.base, "stone_age", opponent="bot:easy")
    assert page.locator("html").get_attribute("lang") == code
    seat = Seat(page, random.Random(f"rolled-at-{code}"), browsing, big=True)
    fact = None
    for _move in range(MOVES_BEFORE_ROLL):
        if seat.ready(pick=False).get("over"):
            break
        fact = page.evaluate(ROLL_NEWS_JS)
        if fact:
            break
        seat.step()
    assert fact, f"no roll at a gathering place within {MOVES_BEFORE_ROLL} choices"
    place, dice, total = fact["data"]["place"], fact["data"]["dice"], fact["data"]["total"]
    page.wait_for_function(f"() => ({HIGHLIGHT_JS})().some((h) => h.landed)", timeout=10_000)
    assert page.evaluate(HIGHLIGHT_JS) == [{"key": place, "landed": True}], f"roll {fact}"
    landed = page.wait_for_function(LANDED_JS, timeout=10_000).json_value()
    assert len(landed["faces"]) == dice and sum(landed["faces"]) == total, f"roll {fact}: the tray shows {landed}"
    with use_language(code):
        where = _("rolled at {place}").format(place=pgettext("board place", PLACE_WORDS[place]))
    assert where in landed["text"], f"roll {fact}: the tray says {landed['text']!r}"
    browsing.shot(page, f"stone_age-{code}-rolled-at")
    if code == "ko":
        leftovers = english_words(page, browsing.base).get("board", {})
        assert not leftovers, f"English words on the Korean board after a roll: {leftovers}"
