"""docs/limits.md tells the game lengths as measured (issue 39, D18: it said seeded random games
stay under 1,300 / 170 / 400 actions while 1,588 / 187 / 595 were seen).

The table was made by ``tools/game_lengths.py --games 400`` (seeds 0 to 399 of every player count
and every combination of expansions and variants); the games here are the first seeds of the same
set, so none may be longer than the longest the table shows, and its enforced limits are the code's.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from stoneage.core.registry import game_info, game_names

from toy_game.info import GAME_TYPE as TOY

GAMES = [name for name in game_names() if name != TOY.name]
"""The package's own games (the suite registers a toy game beside them)."""

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\s*\| `(\w+)` \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|$", re.MULTILINE)
SEEDS = 10
"""Seeds per configuration replayed here (the table measured 400)."""


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("game_lengths", ROOT / "tools" / "game_lengths.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def documented() -> dict[str, tuple[int, int]]:
    """Each game's longest measured game and enforced limit, as docs/limits.md states them."""
    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    return {name: (int(longest.replace(",", "")), int(limit.replace(",", "")))
            for name, _games, _mean, _p99, longest, limit in ROW.findall(text)}


def test_every_game_has_its_measured_lengths_and_the_codes_limit() -> None:
    table = documented()
    assert sorted(table) == GAMES
    for name, (longest, limit) in table.items():
        assert limit == game_info(name).max_game_length, name
        assert 3 * longest <= limit, "the doc says the longest game is a third of its limit or less"


@pytest.mark.parametrize("name", GAMES)
def test_no_game_of_the_measured_set_is_longer_than_the_doc_says(name: str) -> None:
    tool = _tool()
    longest, _limit = documented()[name]
    lengths = [tool.game_length((*config, seed)) for config in tool.configurations() if config[0] == name
               for seed in range(SEEDS)]
    assert lengths and max(lengths) <= longest
