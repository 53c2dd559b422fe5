"""Drive the web face as a person would: real clicks and key presses on the lobby and the table.

Nothing here talks to the server behind the page's back: a move is made by clicking a button of the
decision panel or an element of the board (a real mouse click at the element's centre, after checking
that the element is what a person would hit there), or by keys. The table's read-only
``window.stoneageTable.state`` is only read, to know when the page is ready for the next move.

``Browsing`` opens browser contexts (one per person: each has its own storage, so its own personal
key and seat tokens), records every console message and page error, and saves screenshots.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error as PlaywrightError, Page

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
GAMES = ("stone_age", "first_stone_age", "stone_age_junior")
EXPANSIONS = {"stone_age_junior": ("cards",)}
"""What the browser tests play of each game: Junior with the goods cards (hidden cards to keep)."""

TERMINAL = -4

LOST_CLICK = 15.0
"""Seconds after which a click that changed nothing (same position, no move sent) is made again."""

# One call waits in the page (no round trip per poll) until the table is ready for this seat's
# next choice: a decision, no move pending, connected, every message drawn, and not the position
# of the previous choice (``after``: "seq|open path"). With ``pick`` it also picks a choice (with
# the random numbers it is given) and aims at it: scrolled into view, a point where a click lands
# on that element and not on something drawn over it, as a person's mouse or finger would.
READY_JS = """async ({after, timeout, pick}) => {
  const deadline = performance.now() + timeout;
  const usable = (el) => {
    if (el.disabled || el.closest("[hidden]") || el.getAttribute("aria-disabled") === "true") return false;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && style.display !== "none";
  };
  const leaves = (choices, path = []) => choices.flatMap((c, n) => Array.isArray(c.choices)
    ? leaves(c.choices, [...path, n]) : [{action: c.action, path: [...path, n]}]);
  const words = (el) => (el.getAttribute("aria-label") || el.textContent || "").trim()
    .replace(/\\s+/g, " ").slice(0, 120);
  const aim = (el) => {
    el.scrollIntoView({block: "center", inline: "center"});
    const r = el.getBoundingClientRect();
    let over = null;
    for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.3], [0.7, 0.7], [0.3, 0.7], [0.7, 0.3], [0.5, 0.15], [0.5, 0.85]]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return {x, y};
      over = over || (hit ? hit.outerHTML.slice(0, 160) : null);
    }
    return {covered: over || "outside the window", rect: [r.left, r.top, r.width, r.height]};
  };
  for (;;) {
    const warning = document.querySelector("#warn-dialog");
    if (warning && warning.open) return {warning: true};
    const table = window.stoneageTable;
    const s = table && table.state;
    if (s && s.view && s.backlog === 0) {
      if (s.view.to_move === -4) return {over: true, seq: s.seq};
      const key = `${s.seq}|${s.openPath.join(",")}`;
      if (s.mode === "play" && s.view.decision && s.pending === null && s.connected && key !== after) {
        const panel = [...document.querySelectorAll("#decision-body .choice")].filter(usable);
        if (panel.length) {
          const all = leaves(s.view.decision.choices);
          const actions = new Set(all.map((l) => String(l.action)));
          const groups = new Set(all.flatMap((l) => l.path.slice(0, -1)
            .map((_, i) => l.path.slice(0, i + 1).join(","))));
          // (a board may keep the open group marked: clicking it again opens it again, a no-op)
          const board = [...document.querySelectorAll("#board [data-action], #board [data-path]")].filter(usable)
            .filter((el) => el.getAttribute("data-path") !== s.openPath.join(","));
          const stray = board.filter((el) => el.hasAttribute("data-action") ? !actions.has(el.dataset.action)
            : !groups.has(el.dataset.path)).map((el) => el.outerHTML.slice(0, 200));
          const answer = {key, seq: s.seq, path: s.openPath, panel: panel.length, board: board.length, stray,
                          prompt: s.view.decision.prompt};
          if (!pick) return answer;
          const [u1, u2, u3] = pick.random;
          const index = (list) => Math.min(list.length - 1, Math.floor(u3 * list.length));
          if (board.length && u1 < pick.board) {
            const groupsOnBoard = board.filter((b) => b.hasAttribute("data-path"));
            const el = pick.big && u2 < 0.8 && groupsOnBoard.length ? groupsOnBoard[index(groupsOnBoard)]
              : board[index(board)];
            const at = aim(el);
            if (!at.covered) return {...answer, where: "board", label: words(el), ...at};
            answer.note = `a board element is drawn over where it would be clicked: ${words(el)} under ${at.covered}`;
          }
          let el = panel[index(panel)];
          if (pick.big && u2 < 0.8) {
            const open = panel.filter((b) => b.classList.contains("group"));
            el = s.openPath.length ? panel[panel.length - 1] : open.length ? open[index(open)] : el;
          }
          return {...answer, where: "panel", label: words(el), ...aim(el)};
        }
      }
    }
    if (performance.now() > deadline) {
      return {waiting: true, state: s ? {seq: s.seq, pending: s.pending, connected: s.connected, backlog: s.backlog,
        to_move: s.view && s.view.to_move, decision: Boolean(s.view && s.view.decision),
        status: document.querySelector("#status") && document.querySelector("#status").textContent} : null};
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}"""


class PageTrouble(AssertionError):
    """A page logged a console error or threw, or did something a person could not get past."""


@dataclass
class Watched:
    """A page with its console log (every message) and its errors (console errors, page errors)."""

    label: str
    page: Page
    context: BrowserContext
    log: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class Browsing:
    """The browser contexts of one test: one per person, each page's console and errors recorded."""

    def __init__(self, browser: Browser, base: str, shots: Path, name: str) -> None:
        self.browser = browser
        self.base = base
        self.shots = shots
        self.name = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")
        self.watched: list[Watched] = []
        self.notes: list[str] = []
        """Things seen that are not errors but worth reporting (e.g. a board element drawn over)."""

    def page(self, label: str = "person", *, phone: bool = False, reduced_motion: bool = True,
             locale: str = "en-US") -> Page:
        """A new person (a new context: their own storage) with one page, at desktop or phone size,
        whose browser speaks ``locale`` (its ``navigator.languages`` and ``Accept-Language``)."""
        options: dict[str, Any] = {"viewport": PHONE if phone else DESKTOP, "device_scale_factor": 1,
                                   "reduced_motion": "reduce" if reduced_motion else "no-preference",
                                   "locale": locale}
        if phone:
            options.update(is_mobile=True, has_touch=True)
        context = self.browser.new_context(**options)
        context.set_default_timeout(30_000)
        page = context.new_page()
        watched = Watched(label, page, context)
        self.watched.append(watched)

        def console(message: ConsoleMessage) -> None:
            where = message.location or {}
            line = f"[{time.strftime('%H:%M:%S')}] {message.type}: {message.text} ({where.get('url', '')}:" \
                   f"{where.get('lineNumber', '')})"
            watched.log.append(line)
            if message.type == "error":
                watched.errors.append(f"{label}: console error: {message.text} at {page.url}")

        def page_error(error: PlaywrightError) -> None:
            text = f"{error.name}: {error.message}" + (f"\n{error.stack}" if error.stack else "")
            watched.log.append(f"[{time.strftime('%H:%M:%S')}] pageerror: {text}")
            watched.errors.append(f"{label}: page error: {text} at {page.url}")

        page.on("console", console)
        page.on("pageerror", page_error)
        return page

    @property
    def errors(self) -> list[str]:
        return [error for watched in self.watched for error in watched.errors]

    def check(self) -> None:
        """Fail now if any page logged a console error or threw."""
        if self.errors:
            raise PageTrouble("the pages reported errors:\n" + "\n".join(self.errors))

    def shot(self, page: Page, name: str, *, full_page: bool = False) -> Path:
        """Save a screenshot of ``page`` in the screenshots folder."""
        self.shots.mkdir(parents=True, exist_ok=True)
        path = self.shots / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    def save_failure(self) -> list[Path]:
        """The screenshot and console log of every open page, named after the test."""
        folder = self.shots / "failures"
        folder.mkdir(parents=True, exist_ok=True)
        saved: list[Path] = []
        for n, watched in enumerate(self.watched):
            stem = folder / f"{self.name}-{n}-{watched.label}"
            log = stem.with_suffix(".console.log")
            lines = [f"url: {_url(watched.page)}", *watched.log, *self.notes]
            log.write_text("\n".join(lines) + "\n", encoding="utf-8")
            saved.append(log)
            try:
                if not watched.page.is_closed():
                    watched.page.screenshot(path=str(stem.with_suffix(".png")), full_page=True, timeout=15_000)
                    saved.append(stem.with_suffix(".png"))
            except PlaywrightError as error:
                log.write_text(log.read_text() + f"(no screenshot: {error.message})\n", encoding="utf-8")
        return saved

    def close(self) -> None:
        if self.notes:
            self.shots.mkdir(parents=True, exist_ok=True)
            (self.shots / f"{self.name}-notes.txt").write_text("\n".join(self.notes) + "\n", encoding="utf-8")
        for watched in self.watched:
            with contextlib.suppress(PlaywrightError):
                watched.context.close()


def _url(page: Page) -> str:
    try:
        return page.url
    except PlaywrightError:
        return "?"


# --- the lobby ------------------------------------------------------------------------------------


def sit_down(page: Page, base: str, name: str) -> None:
    """Open the lobby and choose a display name (the personal key is kept in this context)."""
    page.goto(base + "/")
    page.locator("#welcome-name").fill(name)
    page.locator("#welcome-form button[type=submit]").click()
    page.locator("#who").get_by_text(name).wait_for()
    page.locator("#quick-list button[data-game]").first.wait_for()


def new_game(page: Page, game: str, seats: list[str], *, expansions: tuple[str, ...] = (), pace: str = "0") -> None:
    """Fill in the lobby's "New game" form by clicking and typing, and create the game.

    ``seats``: ``"me"``, ``"friend"`` (an invite link) or ``"bot:LEVEL"`` for each seat."""
    page.locator(f"label[for='game-{game}']").click()
    page.locator("#players").select_option(str(len(seats)))
    for seat, who in enumerate(seats):
        page.locator(f"#seat-{seat}").select_option(who)
    for expansion in expansions:
        page.locator(f"label[for='expansion-{expansion}']").click()
        assert page.locator(f"#expansion-{expansion}").is_checked()
    page.locator("#new-game details.more > summary").click()
    page.locator("#pace").fill(pace)
    page.locator("#create-button").click()


def game_id(page: Page) -> str:
    """The game of a table page (/play/ID, /watch/ID, /replay/ID)."""
    match = re.search(r"/(?:play|watch|replay)/([^/?#]+)", page.url)
    assert match, page.url
    return match.group(1)


_finished: dict[tuple[str, str], str] = {}


def bots_game(base: str, game: str) -> str:
    """A new game two random bots play to its end on the server, made through the lobby's API (a test's
    set-up, not what it tests: bots alone play at full speed); its id once it is finished."""
    body = {"game": game, "seats": [{"kind": "bot", "bot": "random"}] * 2, "expansions": list(EXPANSIONS.get(game, ()))}
    game_id: str = httpx.post(f"{base}/api/games", json=body).raise_for_status().json()["id"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{base}/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"the bots did not finish their game of {game}"
        time.sleep(0.1)
    return game_id


def finished_game(base: str, game: str) -> str:
    """A game of ``bots_game``. A finished game is only read (replayed, listed), so the tests share one
    per game and server."""
    if (base, game) not in _finished:
        _finished[base, game] = bots_game(base, game)
    return _finished[base, game]


def open_table(page: Page, base: str, game: str, *, name: str = "Tess", opponent: str = "bot:random") -> str:
    """A person sits down in the lobby, creates a two-seat game of ``game`` against a bot at pace 0
    and lands on its table; the game's id."""
    sit_down(page, base, name)
    new_game(page, game, ["me", opponent], expansions=EXPANSIONS.get(game, ()))
    page.wait_for_url(re.compile(r"/play/[^/?]+\?seat=0"))
    return game_id(page)


# --- the table ------------------------------------------------------------------------------------


def table_state(page: Page) -> dict[str, Any]:
    """The parts of the table's state the tests read (as JSON)."""
    state: dict[str, Any] = page.evaluate("""() => { const s = window.stoneageTable.state;
      return {seq: s.seq, mode: s.mode, viewer: s.viewer, openPath: s.openPath, pending: s.pending,
              connected: s.connected, status: s.status, view: s.view, seats: s.seats, game: s.game,
              boardName: s.boardName}; }""")
    return state


def board_html(page: Page) -> str:
    html: str = page.locator("#board").inner_html()
    return html


@dataclass
class Seat:
    """One person's page at a table, making random legal choices through the page's own UI."""

    page: Page
    rng: random.Random
    browsing: Browsing
    board_share: float = 0.35
    """How often a choice is made on the board rather than in the decision panel, when the board offers one."""
    big: bool = False
    """Mostly open a group and take its last choice (in Stone Age: place all the figures one can at
    once), which keeps a game of random choices short."""
    after: str = ""
    clicks: int = 0
    board_clicks: int = 0
    moves_seen: list[str] = field(default_factory=list)

    def _ask(self, timeout: float, pick: bool) -> dict[str, Any]:
        """READY_JS's answer; a question about a warned move (starving, a wasted purchase) is answered
        yes, as a person set on their random choice would, and the page is still waiting then."""
        wanted = {"board": self.board_share, "big": self.big, "random": [self.rng.random() for _ in range(3)]}
        answer: dict[str, Any] = self.page.evaluate(READY_JS, {"after": self.after, "timeout": timeout * 1000,
                                                                "pick": wanted if pick else None})
        self.browsing.check()
        if answer.get("warning"):
            self.page.locator("#warn-yes").click()
            self.clicks += 1
            return {"waiting": True, "state": None}
        return answer

    def ready(self, timeout: float = 45, *, pick: bool = True) -> dict[str, Any]:
        """Wait until this page is ready for its next choice (or the game is over); with ``pick``,
        a choice picked and aimed at.

        A click that changed nothing for ``LOST_CLICK`` seconds (the same position, no move sent) is
        made again, as a person would, and noted in the test's notes."""
        deadline = time.monotonic() + timeout
        lost_after = time.monotonic() + LOST_CLICK
        while True:
            answer = self._ask(max(0.2, min(5.0, deadline - time.monotonic())), pick)
            if not answer.get("waiting"):
                return answer
            if time.monotonic() > deadline:
                raise PageTrouble(f"the table was not ready for a choice within {timeout} s: {answer['state']}")
            if self.after and time.monotonic() > lost_after and self._unchanged_since_click(answer["state"]):
                self.browsing.notes.append(f"a click changed nothing within {LOST_CLICK} s: {self.moves_seen[-1]}")
                self.after = ""

    def _unchanged_since_click(self, state: dict[str, Any] | None) -> bool:
        """Whether the page still shows the position of the last click, with no move sent."""
        return bool(state) and state["pending"] is None and self.after.startswith(f"{state['seq']}|")

    def poll(self) -> dict[str, Any]:
        """Whether this page is ready now (no waiting): a choice picked and aimed at, or ``{"waiting": True}``
        (also after answering a warned move's question)."""
        return self._ask(0, True)

    def click(self, ready: dict[str, Any]) -> None:
        """Click the choice ``ready`` picked, with the mouse, where it is on the screen."""
        assert not ready["stray"], (
            f"the board marks elements that are not choices of the decision ({ready['prompt']!r}): {ready['stray']}")
        if ready.get("note"):
            self.browsing.notes.append(ready["note"])
        assert "x" in ready, f"no point of the {ready['where']} choice {ready['label']!r} can be clicked: {ready}"
        self.page.mouse.click(ready["x"], ready["y"])
        self.after = ready["key"]
        self.clicks += 1
        self.board_clicks += ready["where"] == "board"
        self.moves_seen.append(f"{ready['where']}: {ready['label']}")

    def step(self, timeout: float = 45) -> bool:
        """Wait for this page's turn and make one choice by clicking; False once the game is over."""
        ready = self.ready(timeout)
        if ready.get("over"):
            return False
        self.click(ready)
        return True

    def play_to_end(self, limit: float = 900) -> None:
        """Random choices by clicking until the game is over."""
        deadline = time.monotonic() + limit
        while self.step():
            assert time.monotonic() < deadline, f"the game did not end within {limit} s ({self.clicks} clicks)"


def play_together(seats: list[Seat], until: Any = None, limit: float = 600) -> None:
    """Several people at one table, each on their own page, each choosing when it is their turn,
    until the game is over (or ``until()`` is true)."""
    deadline = time.monotonic() + limit
    while until is None or not until():
        progressed = False
        for seat in seats:
            answer = seat.poll()
            if answer.get("over"):
                return
            if not answer.get("waiting"):
                seat.click(answer)
                progressed = True
        assert time.monotonic() < deadline, "the game did not end in time"
        if not progressed:
            time.sleep(0.05)


def wait_over(page: Page, timeout: float = 60, *, words: str = "over") -> None:
    """Wait until the table shows the game over with its results (a heading holding ``words``)."""
    page.wait_for_function("() => { const s = window.stoneageTable && window.stoneageTable.state;"
                           " return s && s.view && s.view.to_move === -4 && s.backlog === 0; }",
                           timeout=timeout * 1000, polling=100)
    results = page.locator("#results")
    results.wait_for(state="visible")
    assert words in results.locator("h2").inner_text()
