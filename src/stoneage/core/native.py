"""What the optional compiled build needs from the source, and which build is running.

``STONEAGE_COMPILE=1 pip install .`` compiles the engine, the children's games and the bots'
search with mypyc (setup.py lists the modules); the default install is the same source, pure
Python. ``mypyc_attr`` marks the base classes that Python code may subclass (a test's toy game, an
outside bot); without mypy installed it does nothing, so the engine keeps no dependency.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # the pure build without mypy: the decorator only speaks to mypyc

        def mypyc_attr(*attrs: str, **kwattrs: object) -> object:
            return lambda cls: cls


__all__ = ["ENGINE_MODULES", "build_of", "mypyc_attr"]

ENGINE_MODULES = ("stoneage.core.contract", "stoneage.games.stone_age.state", "stoneage.bots.mcts")
"""Modules the compiled build compiles: the contract, the Stone Age rules, the search."""


def is_compiled(module_name: str) -> bool:
    """Whether the module was loaded from a compiled extension (``.so``, ``.pyd``), not ``.py``."""
    path = getattr(import_module(module_name), "__file__", "") or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def build_of(module_names: Iterable[str] = ENGINE_MODULES) -> str:
    """``pure Python``, ``compiled`` or ``mixed (compiled: ...)``: how the modules were loaded."""
    names = sorted(set(module_names))
    compiled = [name for name in names if is_compiled(name)]
    if not compiled:
        return "pure Python"
    if len(compiled) == len(names):
        return "compiled"
    return f"mixed (compiled: {', '.join(compiled)})"
