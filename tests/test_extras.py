"""Install hints for the extras: the source-tree fallback lists what pyproject.toml lists, and
nested extras are expanded whether the requirements come from installed metadata or the fallback."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from stoneage.core import extras

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def _pyproject_extras() -> dict[str, list[str]]:
    with PYPROJECT.open("rb") as file:
        extras_table: dict[str, list[str]] = tomllib.load(file)["project"]["optional-dependencies"]
    return extras_table


@pytest.fixture
def no_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run as from a source tree that was never installed."""
    def missing(distribution: str) -> list[str]:
        raise metadata.PackageNotFoundError(distribution)

    monkeypatch.setattr(metadata, "requires", missing)


def test_every_extra_in_pyproject_has_a_fallback_entry() -> None:
    declared = _pyproject_extras()
    assert {"rl", "spiel", "web"} <= declared.keys()
    assert sorted(extras._FALLBACK) == sorted(declared)


def test_the_fallback_lists_what_pyproject_lists() -> None:
    for extra, requirements in _pyproject_extras().items():
        assert list(extras._FALLBACK[extra]) == requirements, extra


@pytest.mark.usefixtures("no_metadata")
def test_without_metadata_nested_extras_are_expanded() -> None:
    ray = extras.extra_packages("ray")
    assert "ray>=2.9" in ray and "openskill>=6" in ray  # ray brings the sim extra along
    everything = extras.extra_packages("all")
    assert "open_spiel>=1.5" in everything and "textual>=0.80" in everything
    assert len(everything) == len(set(everything))  # numpy and openskill are named once
    assert not any(p.startswith(extras.DISTRIBUTION) for p in everything)


@pytest.mark.usefixtures("no_metadata")
def test_without_metadata_the_hint_names_the_extra_packages() -> None:
    assert extras.install_hint("spiel") == 'pip install "numpy>=1.26" "open_spiel>=1.5"'


def test_installed_metadata_nested_extras_are_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = ['a>=1; extra == "one"', 'stoneage-family[one]; extra == "two"', 'b>=2; extra == "two"']
    monkeypatch.setattr(metadata, "requires", lambda distribution: installed)
    assert extras.extra_packages("two") == ("a>=1", "b>=2")
    assert extras.extra_packages("three") == ()
