"""Which build runs: pure Python or compiled with mypyc (issue 16); .ci/run runs the suite against both."""

from __future__ import annotations

import os
import subprocess
import sys

import stoneage
from stoneage.core.native import ENGINE_MODULES, build_of, is_compiled

EXPECTED = os.environ.get("STONEAGE_EXPECT_BUILD", "")
"""Set by .ci/run: ``pure Python`` for the editable install's run, ``compiled`` for the compiled build's."""


def test_version_names_the_build() -> None:
    env = {**os.environ, "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
    result = subprocess.run([sys.executable, "-m", "stoneage", "--version"], capture_output=True, text=True,
                            check=True, env=env, timeout=60)
    shown = {"pure Python": "pure Python", "compiled": "compiled with mypyc"}[build_of()]
    assert result.stdout.strip() == f"stoneage {stoneage.__version__} ({shown})"


def test_the_build_is_whole_and_the_one_installed() -> None:
    assert build_of() in ("pure Python", "compiled"), build_of()  # never a half-compiled mix
    compiled = [name for name in ENGINE_MODULES if is_compiled(name)]
    if EXPECTED == "compiled":
        assert compiled == list(ENGINE_MODULES)
        assert stoneage.core.contract.__file__ is not None and not stoneage.core.contract.__file__.endswith(".py")
    elif EXPECTED:
        assert EXPECTED == "pure Python" and compiled == []
