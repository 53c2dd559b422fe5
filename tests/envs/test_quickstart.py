"""docs/research.md stays true for the adapters: its Quick start runs, its size table matches the games."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from stoneage.core.registry import game_info, load_game

RESEARCH = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def section(title: str) -> str:
    """The text of a ``## title`` section of docs/research.md."""
    text = RESEARCH.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"docs/research.md lost its {title!r} section"
    return match.group(1)


def test_the_quick_start_runs_and_plays_both_games_to_the_end() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```$", section("Quick start"), re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1
    namespace: dict[str, Any] = {"__name__": "quick_start"}
    with redirect_stdout(io.StringIO()) as printed:
        exec(compile(blocks[0], "research.md quick start", "exec"), namespace)
    assert namespace["env"].unwrapped.state.is_terminal() and namespace["terminated"]
    lines = printed.getvalue().splitlines()
    assert len(lines) == 2 and lines[1] in ("reward -1.0", "reward 0.0", "reward 1.0")


def test_the_size_table_matches_the_games_layouts() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\d+), (\d+), (\d+) \| (?:`(\w+)`: (\d+)|—) \| (\d+) \|$",
                      section("PettingZoo"), re.MULTILINE)
    assert {row[0] for row in rows} == {"stone_age", "first_stone_age", "stone_age_junior"}
    for name, two, three, four, expansion, expanded, actions in rows:
        info = game_info(name)
        sizes = [load_game(name, players=n).observation_layout().size for n in (2, 3, 4)]
        assert [int(two), int(three), int(four)] == sizes
        assert int(actions) == load_game(name).num_distinct_actions()
        assert expansion == (info.expansions[0].name if info.expansions else "")
        if expansion:
            size = load_game(name, players=4, expansions=[expansion]).observation_layout().size
            assert int(expanded) == size
