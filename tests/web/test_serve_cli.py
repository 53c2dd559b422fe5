"""``stoneage serve`` refuses bad arguments with one line and status 2, before it listens."""

from __future__ import annotations

import subprocess
import sys

import pytest

CASES = [
    (["--db", "mysql://someone@somewhere/games"], "the database must be postgresql://"),
    (["--db", "/proc/no-such-folder/games.sqlite3"], "cannot create the folder"),
    (["--db", "postgresql://nobody@127.0.0.1:1/games"], "cannot open the database"),
    (["--redis", "redis://127.0.0.1:1/0"], "cannot reach Redis"),
    (["--redis", "not-a-url"], "--redis: Redis URL must specify"),
    (["--port", "70000"], "port must be 1 to 65535"),
    (["--pace", "fast"], "pace must be a number of seconds"),
]


@pytest.mark.parametrize(("arguments", "message"), CASES)
def test_a_bad_argument_is_one_line_and_status_2(tmp_path: object, arguments: list[str], message: str) -> None:
    command = [sys.executable, "-m", "stoneage", "serve", "--port", "1", *arguments]
    if "--db" not in arguments:
        command += ["--db", f"{tmp_path}/games.sqlite3"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
