"""Optional compiled build: ``STONEAGE_COMPILE=1 pip install .`` compiles the engine with mypyc.

Without the variable this is a plain setuptools install of the pure-Python package (all the
metadata lives in pyproject.toml). With it, the modules listed below are compiled from the same
source into C extensions; the in-tree build backend (tools/build_backend.py) then asks for mypy,
which brings mypyc, as a build requirement (and keeps an editable install pure Python).
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

COMPILED = (
    # The contract and the plumbing the games share.
    "stoneage/core/contract.py",
    "stoneage/core/seats.py",
    "stoneage/core/staged.py",
    "stoneage/core/rng.py",
    "stoneage/core/dice.py",
    "stoneage/core/playout.py",
    # The games' engines.
    "stoneage/games/stone_age/*.py",
    "stoneage/games/family/*.py",
    "stoneage/games/first_stone_age/*.py",
    "stoneage/games/stone_age_junior/*.py",
    # The bots' evaluation and search.
    "stoneage/bots/base.py",
    "stoneage/bots/evaluation.py",
    "stoneage/bots/greedy.py",
    "stoneage/bots/mcts.py",
    "stoneage/bots/random_bot.py",
    "stoneage/bots/stone_age/evaluation.py",
    "stoneage/bots/stone_age/features.py",
    "stoneage/bots/stone_age/learned.py",
)
"""The modules compiled, as globs under src/ (``__init__.py`` files stay Python)."""


def compile_requested() -> bool:
    """Whether ``STONEAGE_COMPILE`` asks for the compiled build (``1``, ``true``, ``yes``)."""
    return os.environ.get("STONEAGE_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def compiled_sources() -> list[str]:
    src = Path(__file__).parent / "src"
    paths = sorted({path for pattern in COMPILED for path in src.glob(pattern) if path.name != "__init__.py"})
    return [str(path.relative_to(Path(__file__).parent)) for path in paths]


def ext_modules() -> list[object]:
    if not compile_requested():
        return []
    from mypyc.build import mypycify

    return list(mypycify(compiled_sources(), opt_level="3"))


setup(ext_modules=ext_modules())
