"""The build backend (pyproject.toml): setuptools, and mypy as well when the compiled build is asked for.

``pip install .`` builds the pure-Python package with plain setuptools. ``STONEAGE_COMPILE=1 pip install .``
compiles the modules setup.py lists with mypyc, which comes with mypy: only then is mypy a build
requirement. An editable install (``pip install -e .``) always stays pure Python, so the sources
you edit are the code that runs.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 - the hooks this backend passes through unchanged
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
)

VARIABLE = "STONEAGE_COMPILE"
MYPYC = "mypy>=1.10"


def compile_requested() -> bool:
    """Whether ``STONEAGE_COMPILE`` asks for the compiled build (``1``, ``true``, ``yes``, ``on``)."""
    return os.environ.get(VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    compiled = compile_requested()
    value = os.environ.pop(VARIABLE, None)  # setup.py runs here, before mypyc is installed
    try:
        requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    finally:
        if value is not None:
            os.environ[VARIABLE] = value
    return [*requires, MYPYC] if compiled else requires


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ.pop(VARIABLE, None)
    requires: list[str] = _setuptools.get_requires_for_build_editable(config_settings)
    return requires


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    os.environ.pop(VARIABLE, None)  # the editable install runs the sources themselves
    name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    return name


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    value = os.environ.pop(VARIABLE, None)  # the metadata is the same either way: no need to run mypyc twice
    try:
        name: str = _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)
    finally:
        if value is not None:
            os.environ[VARIABLE] = value
    return name
