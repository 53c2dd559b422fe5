"""An analysis kept beside its record (``RECORD.analysis.json``), trusted only when it is of that record.

The file holds the analysis's JSON; it is used only if it parses, is of this ``ANALYSIS_VERSION``
and its key names the same record contents, bot and depth (``record_key``). Anything else (a stale,
foreign or corrupt file) is recomputed and overwritten.
"""

from __future__ import annotations

import json
from pathlib import Path

from stoneage.play.analysis import Analysis, AnalysisError

SUFFIX = ".analysis.json"


def cache_path(record_path: str | Path) -> Path:
    """Where the analysis of the record at ``record_path`` is kept: ``game.json`` → ``game.analysis.json``."""
    path = Path(record_path)
    stem = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
    return path.with_name(stem + SUFFIX)


def load_cached(record_path: str | Path, key: str) -> Analysis | None:
    """The cached analysis with this key, or None when there is none that can be trusted."""
    path = cache_path(record_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        analysis = Analysis.from_json(data)
    except (OSError, UnicodeDecodeError, ValueError, AnalysisError):
        return None
    return analysis if analysis.key == key else None


def save_cached(record_path: str | Path, analysis: Analysis) -> bool:
    """Keep ``analysis`` beside its record; False when the folder cannot be written."""
    try:
        cache_path(record_path).write_text(json.dumps(analysis.to_json()) + "\n", encoding="utf-8")
    except OSError:
        return False
    return True
