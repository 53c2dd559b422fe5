"""A missing or broken ``.mo`` catalog falls back to English with one warning line, never a crash."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from stoneage.cli import main
from stoneage.core import i18n


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogs that the program reads instead of its own (which stay untouched)."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    i18n.translations.cache_clear()
    yield copy
    i18n.translations.cache_clear()


def german(catalogs: Path) -> Path:
    return catalogs / "de" / "LC_MESSAGES" / "stoneage.mo"


BROKEN = {
    "missing": None,
    "empty": b"",
    "cut short": b"\xde\x12\x04\x95\x00\x00",  # the right magic number, then nothing
    "not a catalog": b"this is not a gettext catalog at all, just text\n" * 4,
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_catalog_speaks_english_with_one_warning(catalogs: Path, kind: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    content = BROKEN[kind]
    if content is None:
        german(catalogs).unlink()
    else:
        german(catalogs).write_bytes(content)
    for _run in range(2):  # the warning comes once per process and language
        assert main(["--lang", "de", "simulate", "--quiet", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.count("Simulated Stone Age: 4 uniformly random players, seed 1") == 2
    assert "Final scores after" in out
    assert "Traceback" not in err
    warnings = err.splitlines()
    assert len(warnings) == 1, err
    assert warnings[0].startswith("stoneage: warning:") and "language de" in warnings[0]
    assert str(german(catalogs)) in warnings[0] and warnings[0].endswith("the text is shown in English")


def test_a_sound_catalog_still_speaks_its_language(catalogs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "simulate", "--quiet", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "Simulated" not in out and err == ""


def test_other_languages_are_untouched_by_a_broken_one(catalogs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    german(catalogs).write_bytes(b"")
    assert main(["--lang", "ko", "simulate", "--quiet", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "Simulated" not in out and err == ""
