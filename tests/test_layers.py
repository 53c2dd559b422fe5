"""The layers hold: faces -> play -> bots -> games -> core, arrows pointing down only, and each game
standing alone. The contracts live in pyproject.toml ([tool.importlinter]); import-linter checks them."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _lint_imports() -> str:
    beside = Path(sys.executable).with_name("lint-imports")
    found = str(beside) if beside.exists() else shutil.which("lint-imports")
    if found is None:
        pytest.fail("lint-imports is missing: pip install -e '.[test]' (import-linter is in the test extra)")
    return found


def test_no_module_imports_a_layer_above_it_and_no_game_imports_another() -> None:
    result = subprocess.run([_lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


EXPANSION_AWARE = {"expansions.py", "game.py", "info.py", "tensor.py", "view.py", "actions.py"}
"""Stone Age's modules that may name the Mammoth Herd: its registry, the game's options and description,
the encoders of a whole position (tensors, the read model) and the flat action space it extends."""


def test_the_base_rules_of_stone_age_never_name_an_expansion() -> None:
    """The Mammoth Herd attaches through the hooks of ``expansion.py``: no base module imports it."""
    folder = ROOT / "src" / "stoneage" / "games" / "stone_age"
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("mammoth") or path.name in EXPANSION_AWARE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                named = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
                assert not any(".stone_age.mammoth" in name for name in named), f"{path.name} imports {named}"
