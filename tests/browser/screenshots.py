"""The pictures of docs/web.md: the lobby, each board at desktop and phone size, and a replay.

    python3 tests/browser/screenshots.py             # writes docs/images/*.png
    python3 tests/browser/screenshots.py --out /tmp/shots

It starts ``stoneage serve`` on a free loopback port (pace 0, a throwaway SQLite file) and drives
Debian's Chromium (/usr/bin/chromium) with Playwright, playing through the page as the browser
tests do (random choices, by clicking). It needs the ``test`` extra and Chromium.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))

from playwright.sync_api import sync_playwright  # noqa: E402

from browser.conftest import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from browser.ui import GAMES, Browsing, Seat, finished_game, open_table, sit_down  # noqa: E402

from web.server import ServerProcess  # noqa: E402

MOVES = {"stone_age": 14, "first_stone_age": 7, "stone_age_junior": 9}
"""Choices made before a board's picture: far enough into the game for the board to have something on it."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TESTS.parent / "docs" / "images", help="folder for the PNGs")
    parser.add_argument("--seed", type=int, default=13, help="seed of the random choices")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="stoneage-screenshots-"))
    server = ServerProcess(str(folder / "games.sqlite3"), log=folder / "server.log").start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
            browsing = Browsing(browser, server.http, out, "screenshots")
            try:
                take(browsing, random.Random(args.seed))
            finally:
                for note in browsing.notes:
                    print(note, file=sys.stderr)
                browsing.notes.clear()  # (not left beside the pictures)
                browsing.close()
                browser.close()
            if browsing.errors:
                print("the pages reported errors:\n" + "\n".join(browsing.errors), file=sys.stderr)
                return 1
    finally:
        server.stop()
    print(f"screenshots in {out}")
    return 0


def take(browsing: Browsing, rng: random.Random) -> None:
    base = browsing.base
    replayed = finished_game(base, "stone_age_junior")
    finished_game(base, "first_stone_age")
    for game in GAMES:
        page = browsing.page(f"{game}-desktop")
        open_table(page, base, game, name="Ann", opponent="bot:easy" if game == "stone_age" else "bot:random")
        seat = Seat(page, rng, browsing)
        for _ in range(MOVES[game]):
            seat.step()
        seat.ready(pick=False)
        page.evaluate("window.scrollTo(0, 0)")
        browsing.shot(page, game)

        phone = browsing.page(f"{game}-phone", phone=True)
        sit_down(phone, base, "Pia")
        phone.locator(f"#quick-list button[data-game='{game}']").tap()  # against 3 bots
        phone.wait_for_url(re.compile(r"/play/"))
        on_phone = Seat(phone, rng, browsing)
        for _ in range(3):
            on_phone.step()
        on_phone.ready(pick=False)
        phone.evaluate("window.scrollTo(0, 0)")
        browsing.shot(phone, f"{game}-phone")

    lobby = browsing.page("lobby")
    sit_down(lobby, base, "Ann")
    lobby.locator("#refresh").click()
    lobby.locator("#finished .game-item").first.wait_for()
    browsing.shot(lobby, "lobby")

    replay = browsing.page("replay")
    replay.goto(f"{base}/replay/{replayed}?at=40")
    replay.wait_for_function("() => { const s = window.stoneageTable.state;"
                             " return s.view && s.replay.at === 40 && !s.replay.loading; }")
    browsing.shot(replay, "replay")


if __name__ == "__main__":
    sys.exit(main())
