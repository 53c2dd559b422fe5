"""``stoneage serve --bot NAME=SPEC``: the operator offers a program as a bot; the lobby offers its name."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import httpx

from web.client import JSON, Table, bot_seat, create_game
from web.server import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'stdlib_bot.py'}"
MISBEHAVING = ROOT / "tests" / "external_bots" / "misbehaving.py"


def wait_finished(server: ServerProcess, game_id: str, timeout: float = 60) -> JSON:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game: JSON = httpx.get(f"{server.http}/api/games/{game_id}", timeout=10).json()
        if game["status"] == "finished":
            return game
        time.sleep(0.2)
    raise AssertionError(f"game {game_id} did not finish in {timeout} s")


def test_a_program_the_operator_names_is_offered_and_plays_a_whole_game(tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "games.sqlite3"), extra=("--bot", f"pybot={PROGRAM}")).start()
    try:
        types = {entry["name"]: entry for entry in httpx.get(f"{server.http}/api/game-types", timeout=10).json()}
        assert "pybot" in types["first_stone_age"]["bots"]
        created = create_game(server.http, "first_stone_age", [bot_seat("pybot"), bot_seat("random")])
        game = wait_finished(server, created["id"])
        assert [seat["bot"] for seat in game["seats"]] == ["pybot", "random"]
        record = httpx.get(f"{server.http}/api/games/{created['id']}/record", timeout=10).json()
        assert record["actions"] and record["result"]["scores"]
        # The lobby still never takes a spec that runs a program.
        refused = httpx.post(f"{server.http}/api/games", timeout=10, json={
            "game": "first_stone_age", "seats": [bot_seat("cmd:sh bot.sh"), bot_seat("random")]})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "cmd_bot_refused"
    finally:
        server.stop()


def test_a_bot_name_that_is_taken_or_a_spec_that_cannot_work_stops_the_server_with_a_clear_error(
        tmp_path: Path) -> None:
    for bot, says in (("hard=random", "plain word other than"), ("x=cmd:/no/such/program", "/no/such/program"),
                      ("nospec", "NAME=SPEC")):
        done = subprocess.run([sys.executable, "-m", "stoneage", "serve", "--db", str(tmp_path / "g.sqlite3"),
                               "--port", "1", "--bot", bot], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert says in done.stderr and "Traceback" not in done.stderr


def test_a_named_program_that_fails_a_decision_is_told_to_the_table_and_closed_at_the_end(tmp_path: Path) -> None:
    log = tmp_path / "conversation.log"
    spec = f"cmd[log={log};budget=2]:{sys.executable} {MISBEHAVING} illegal 1"
    server = ServerProcess(str(tmp_path / "games.sqlite3"), extra=("--bot", f"sloppy={spec}")).start()
    try:
        created = create_game(server.http, "first_stone_age", [bot_seat("sloppy"), bot_seat("random")], pace=0.05)

        async def watch() -> JSON:
            async with Table(server.ws, created["id"]) as spectator:
                notice = await spectator.until("notice", timeout=30)
                return notice

        notice = asyncio.run(watch())
        assert notice["incident"]["kind"] == "illegal" and notice["incident"]["seat"] == 0
        assert notice["incident"]["fallback"] and "failed a decision" in notice["text"]
        wait_finished(server, created["id"])
        deadline = time.monotonic() + 10
        while '"type":"quit"' not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        said = log.read_text()
        assert '"type":"game_over"' in said and '"type":"quit"' in said  # told the end, then closed
    finally:
        server.stop()
