"""A ladder's results file: JSON lines of the games played so far, read back to resume or re-plot.

A line is a tournament result (``GameResult.to_json``), so ``load_results`` and ``stoneage
tournament`` files with the same bots, seed and table sizes read the same. Each game is checked
against the seats and seeds the ladder would give it, so a file from another ladder is refused
instead of mixed in. A last line cut off by a killed run is dropped (that game is played again).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from stoneage.core import files
from stoneage.core.errors import shorten
from stoneage.core.i18n import _
from stoneage.core.output import LineWriter
from stoneage.sim.config import TournamentConfig
from stoneage.sim.ladder import LadderError
from stoneage.sim.results import MAX_RESULTS_BYTES, GameResult, check_writable, parse_line, write_results
from stoneage.sim.schedule import setup

SUFFIX = ".jsonl"


def check_path(path: str | Path) -> None:
    """Fail early unless ``path`` is a ``.jsonl`` file that can be written."""
    if Path(path).suffix.lower() != SUFFIX:
        raise LadderError(_("ladder results file {path!r}: use a .jsonl name").format(path=str(path)))
    check_writable(path)


def matches(config: TournamentConfig, result: GameResult) -> bool:
    """Whether ``result`` is game ``result.index`` of ``config``: same seats, levels and seeds."""
    expected = setup(config, result.index)
    labels = config.labels()
    return (result.seed == expected.seed and result.bot_seeds == list(expected.bot_seeds)
            and result.bots == [labels[entry] for entry in expected.entries])


def load_played(path: str | Path, config: TournamentConfig) -> list[GameResult]:
    """The games already in ``path`` (none if it does not exist), in index order, each checked
    against ``config``; raise ``LadderError`` for a line that is not a game or a game of another ladder.

    The file is read bounded (a regular file of at most ``MAX_RESULTS_BYTES``, ``core/files.py``)."""
    if not os.path.lexists(path):
        return []
    where = shorten(str(path), 300)
    text = files.read_text_file(path, _("ladder results file"), LadderError, MAX_RESULTS_BYTES)
    complete = text.split("\n")[:-1]  # a last line without its newline was cut off: drop it
    played: dict[int, GameResult] = {}
    for number, line in enumerate(complete, start=1):
        if not line.strip():
            continue
        result = parse_line(line, _("{path} line {line}").format(path=where, line=number), LadderError)
        if result.players not in config.table_sizes() or not matches(config, result):
            raise LadderError(_("{path!r} line {line}: game {index} was played by another ladder (other levels, "
                                "seed or table sizes); give the same options or another --out").format(
                                    path=str(path), line=number, index=result.index))
        played[result.index] = result
    return [played[index] for index in sorted(played)]


class Appender:
    """The results file, rewritten whole with the games played before, then one whole line per new game
    (a line that does not fit is cut back off, ``core/output.LineWriter``)."""

    def __init__(self, path: str | Path, played: list[GameResult]) -> None:
        self.path = Path(path)
        write_results(played, self.path, LadderError)
        self.out: LineWriter | None = LineWriter(self.path, LadderError)

    def add(self, result: GameResult) -> None:
        """Append one game."""
        if self.out is not None:
            self.out.write(json.dumps(result.to_json()) + "\n")

    def finish(self, results: list[GameResult]) -> None:
        """Close the file and rewrite it with ``results`` in index order (whole, or not at all)."""
        if self.out is not None:
            self.out.close()
            self.out = None
        write_results(sorted(results, key=lambda r: r.index), self.path, LadderError)
