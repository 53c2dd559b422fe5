"""The web face in Korean, Brazilian Portuguese and German: a whole game in each (My First Stone Age
clicked to its end in Portuguese and German; Stone Age in Korean, clicked until its board is checked,
then played to its end by the bot that stands in when the person's clock runs out), the language
menu, no English left on the Korean table, and Hangul drawn with a real font.

The page's own words come from the web part of the catalogs; the words of the games (panels, menus,
status, the move log) from the games' and the play layer's parts. Run ``python tools/catalogs.py``
first: without compiled catalogs the pages stay English and these tests fail.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from browser.ui import Browsing, Seat, open_table, sit_down, wait_over
from stoneage.core.i18n import _, use_language

CLICKED_GAMES = [("pt_BR", "first_stone_age"), ("de", "first_stone_age")]
"""The languages whose whole game is clicked to its end: the cheapest game, My First Stone Age (Korean
plays Stone Age, in its own test)."""
PLAYER = "Tess"
STONE_AGE_MOVES_BEFORE_SHOT = 14
"""Choices made before the Korean board's picture (as screenshots.py: the board has something on it)."""
KOREAN_CLOCK = 5.0
"""Seconds per move in the Korean Stone Age game: once the person stops choosing, a bot plays for
them. Far above a click's time, so that the bot stands in only when the test stops clicking."""

ENGLISH_ALLOWED = {
    PLAYER,                       # the person's own display name
    "API",                        # the footer's link to /docs, a technical name
    # bot levels (random, easy, …: every game's, from /api/game-types) are identifiers, as in `stoneage
    # play --bot easy`; the lobby's seat menus and the seat names show them
    "Home", "End",                # key names on the keyboard (replay buttons' titles)
    "Esc",                        # the key's name, printed on the key
    "i",                          # the information sign on the board's help buttons (a symbol, as ⓘ)
}
"""Latin words the Korean table may show: names and identifiers, not English sentences."""

VISIBLE_TEXT_JS = """() => {
  // every text a person can see or hear, with the region it is in (the nearest ancestor with an id)
  const found = [];
  const region = (el) => { const owner = el.closest("[id]"); return owner ? owner.id : "page"; };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, [hidden]") || !node.textContent.trim()) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    found.push([region(el), node.textContent]);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [aria-valuetext]")) {
    for (const name of ["aria-label", "title", "placeholder", "aria-valuetext"]) {
      if (el.hasAttribute(name) && !el.closest("[hidden]")) found.push([region(el), el.getAttribute(name)]);
    }
  }
  found.push(["title", document.title]);
  return found;
}"""

# Draw a character in the page's own font and read its pixels: a character the fonts lack is drawn as
# the missing-glyph box (the same as U+10FFFF, a code point no font has), or not at all.
GLYPHS_JS = """(chars) => {
  const font = getComputedStyle(document.body).fontFamily;
  const draw = (ch) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64; canvas.height = 64;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, 64, 64);
    ctx.fillStyle = "#000"; ctx.font = `40px ${font}`; ctx.textBaseline = "top";
    ctx.fillText(ch, 8, 8);
    const data = ctx.getImageData(0, 0, 64, 64).data;
    let dark = 0, hash = 0;
    for (let i = 0; i < data.length; i += 4) {
      const ink = data[i] < 128 ? 1 : 0;
      dark += ink;
      hash = (hash * 31 + ink * (i + 1)) % 1000000007;
    }
    return {dark, hash};
  };
  return {font, glyphs: Object.fromEntries(chars.map((ch) => [ch, draw(ch)]))};
}"""


def words_in(code: str, message: str) -> str:
    with use_language(code):
        return _(message)


def check_page_language(page: Page, code: str) -> None:
    """The page speaks ``code``: <html lang>, the menu's choice, and a word of the page's own."""
    tag = code.replace("_", "-")
    assert page.locator("html").get_attribute("lang") == tag
    assert page.locator("#language").input_value() == code
    page.wait_for_function("() => window.stoneageTable && window.stoneageTable.state.view")
    your_move = words_in(code, "Your move")
    assert your_move != "Your move", "the catalogs are not compiled: run tools/catalogs.py"
    assert page.locator("#decision-title").inner_text() in (your_move, words_in(code, "The decision"))


def bot_levels(base: str) -> set[str]:
    return {word for game in httpx.get(f"{base}/api/game-types").json() for bot in game["bots"]
            for word in re.split(r"[_\W]+", bot) if word}


def english_words(page: Page, base: str) -> dict[str, dict[str, str]]:
    """The Latin-letter words on the page that the allow-list does not explain, by the page region
    they are in (``board``: the board's script; ``log``, ``decision-body``, ``status``: the game's
    words from the play layer; the rest: the page's own), each with a text it was found in."""
    allowed = ENGLISH_ALLOWED | bot_levels(base)
    leftovers: dict[str, dict[str, str]] = {}
    for region, text in page.evaluate(VISIBLE_TEXT_JS):
        if region == "language":
            continue  # the language menu names each language in its own words, English as "English"
        for match in re.finditer(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|\b[A-Za-z]\b", text):
            word = match.group()
            cut = text[match.end():match.end() + 1] == "…"   # a long name shortened to fit ("(eas…")
            if word not in allowed and not (cut and any(name.startswith(word) for name in allowed)):
                leftovers.setdefault(region, {}).setdefault(word, " ".join(text.split())[:100])
    return leftovers


def check_hangul_font(page: Page) -> dict[str, Any]:
    drawn: dict[str, Any] = page.evaluate(GLYPHS_JS, ["가", "나", "\U0010ffff"])
    glyphs = drawn["glyphs"]
    ga, na, missing = glyphs["가"], glyphs["나"], glyphs["\U0010ffff"]
    assert ga["dark"] > 30 and na["dark"] > 30, f"Hangul is not drawn at all in {drawn['font']}: {glyphs}"
    assert ga["hash"] != na["hash"], f"가 and 나 are drawn alike (boxes?) in {drawn['font']}: {glyphs}"
    assert missing["hash"] not in (ga["hash"], na["hash"]), \
        f"Hangul is drawn as the missing-glyph box in {drawn['font']}: install fonts-nanum"
    return drawn


@pytest.mark.parametrize(("code", "game"), CLICKED_GAMES)
def test_a_whole_game_in_each_language(browsing: Browsing, code: str, game: str) -> None:
    page = browsing.page("player", locale=code.replace("_", "-"))
    start = time.monotonic()
    open_table(page, browsing.base, game, name=PLAYER, opponent="bot:random")
    check_page_language(page, code)
    seat = Seat(page, random.Random(f"{game}-{code}"), browsing)
    seat.ready(pick=False)
    assert page.evaluate("window.stoneageTable.state.boardName") == game
    seat.play_to_end()
    wait_over(page, words=words_in(code, "The game is over.").rstrip("."))
    browsing.shot(page, f"{game}-{code}-over", full_page=True)
    print(f"{game} in {code}: {seat.clicks} clicks in {time.monotonic() - start:.0f} s")


def test_stone_age_in_korean_to_its_end(browsing: Browsing) -> None:
    """Stone Age in Korean: the board mid-game (Hangul drawn, a picture, no English), then the person
    stops choosing, a bot stands in (the notice in Korean), and the game's end has no English either."""
    page = browsing.page("player", locale="ko")
    game_id, token = stone_age_with_a_clock(browsing.base)
    sit_down(page, browsing.base, PLAYER)
    page.goto(f"{browsing.base}/play/{game_id}?token={token}")
    check_page_language(page, "ko")
    seat = Seat(page, random.Random("stone_age-ko"), browsing, big=True)
    seat.ready(pick=False)
    assert page.evaluate("window.stoneageTable.state.boardName") == "stone_age"
    for _move in range(STONE_AGE_MOVES_BEFORE_SHOT):
        seat.step()
    seat.ready(pick=False)
    check_hangul_font(page)
    browsing.shot(page, "stone_age-ko-desktop")
    leftovers = english_words(page, browsing.base)
    assert not leftovers, f"English words on the Korean table mid-game, by region: {leftovers}"
    away = words_in("ko", "{name} is away: a bot ({bot}) plays for them until they return.")
    page.locator("#log").get_by_text(away.split("{bot}")[0].format(name=PLAYER)).first.wait_for(timeout=30_000)
    wait_over(page, timeout=600, words=words_in("ko", "The game is over.").rstrip("."))
    browsing.shot(page, "stone_age-ko-over", full_page=True)
    leftovers = english_words(page, browsing.base)
    assert not leftovers, f"English words on the Korean table at the end, by region: {leftovers}"


def stone_age_with_a_clock(base: str) -> tuple[str, str]:
    """A two-seat Stone Age game, the person against ``bot:easy`` at pace 0 with ``KOREAN_CLOCK``
    seconds a move, made through the lobby's API (the lobby's clocks start at a minute); its id and
    the person's token."""
    body = {"game": "stone_age", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}], "pace": 0,
            "clock": KOREAN_CLOCK, "first_player": 0}
    created = httpx.post(f"{base}/api/games", json=body, timeout=30).raise_for_status().json()
    return created["id"], next(seat["token"] for seat in created["seats"] if seat["kind"] == "person")


def test_the_language_menu_switches_and_is_remembered(browsing: Browsing) -> None:
    page = browsing.page("switcher", locale="en-US")
    page.goto(browsing.base + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    menu = page.get_by_label("Language")
    assert menu.input_value() == "en"
    assert [o.strip() for o in menu.locator("option").all_inner_texts()] == \
        ["English", "한국어", "Português (Brasil)", "Deutsch"]
    with page.expect_navigation():
        menu.select_option("ko")
    page.locator("#quick-list button[data-game]").first.wait_for()
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator(".skip-link").text_content() == "로비로 건너뛰기"
    assert page.locator("#quick-list h3").first.inner_text() != "", "the game types load in Korean too"
    assert "석기시대" in page.locator("#quick-list").inner_text()
    leftovers = english_words(page, browsing.base)
    assert not leftovers, f"English words on the Korean lobby, by region: {leftovers}"
    # remembered by this browser: a new page of the same person, whose browser still says English
    other = page.context.new_page()
    other.goto(browsing.base + "/")
    assert other.locator("html").get_attribute("lang") == "ko"
    assert other.get_by_label("언어").input_value() == "ko"
    with other.expect_navigation():
        other.get_by_label("언어").select_option("pt_BR")
    assert other.locator("html").get_attribute("lang") == "pt-BR"
    assert other.locator("#new-title").inner_text() == "Nova partida"
    other.close()
