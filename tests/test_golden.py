"""Every golden playthrough still plays out line for line (regenerate: python tests/golden/playthroughs.py)."""

from __future__ import annotations

import itertools

import pytest

from golden.playthroughs import CASES, path_of, playthrough


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough_is_unchanged(stem: str) -> None:
    name, params = CASES[stem]
    expected = path_of(stem).read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(itertools.zip_longest(expected, playthrough(name, params)), start=1):
        assert got == want, f"{path_of(stem).name} line {number} differs (regenerate only if the change is intended)"
