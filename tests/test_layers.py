"""The layers hold: faces -> play -> bots -> games -> core, arrows pointing down only, and each game
standing alone. The contracts live in pyproject.toml ([tool.importlinter]); import-linter checks them."""

from __future__ import annotations

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
