"""An analysis kept beside its record (``RECORD.analysis.json``), trusted only when it is of that record.

The file holds the analysis's JSON; it is used only if it parses, is of this ``ANALYSIS_VERSION``
and its key names the same record contents, bot and depth (``record_key``). Anything else (a stale,
foreign or corrupt file) is recomputed and overwritten.
"""

from __future__ import annotations

import json
from pathlib import Path

from stoneage.core.files import read_json_file
from stoneage.core.output import write_text_atomic
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
    try:  # bounded: a pipe, a device or a huge file is refused at once (core/files.py)
        analysis = Analysis.from_json(read_json_file(path, "analysis cache", AnalysisError))
    except AnalysisError:
        return None
    return analysis if analysis.key == key else None


def save_cached(record_path: str | Path, analysis: Analysis) -> bool:
    """Keep ``analysis`` beside its record, written whole (``core/output.py``); False when it cannot be
    (a folder that cannot be written, a full disk, a pipe or device in its place)."""
    try:
        write_text_atomic(cache_path(record_path), json.dumps(analysis.to_json()) + "\n", AnalysisError)
    except AnalysisError:
        return False
    return True
