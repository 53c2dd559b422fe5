"""One game's result, and reading and writing them as JSON lines or CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from stoneage.core import files, output
from stoneage.core.contract import JSON
from stoneage.core.errors import shorten
from stoneage.core.i18n import _
from stoneage.core.shape import Shape
from stoneage.sim.errors import TournamentError

FORMATS = (".jsonl", ".csv")
RESULT_FIELDS = ("game", "seed", "players", "bots", "bot_seeds", "scores", "winners", "steps", "decisions",
                 "seconds_per_decision", "max_seconds")
"""The fields of a JSON-lines result (``incidents`` may be missing: files from before it)."""
MAX_SEATS = 8
"""The most seats a result may have (every game has at most 4; room for more)."""
MAX_SCORE = 10**6
MAX_RESULTS_BYTES = 64 * 1024 * 1024
"""The largest results or ladder file read (64 MiB, some 180,000 games)."""
SEAT_FIELDS = ("bot", "bot_seed", "score", "decisions", "seconds_per_decision", "max_seconds", "incidents")
"""CSV columns repeated per seat as ``seat{s}_{field}``."""
CSV_FIELDS = ("game", "seed", "players", "steps", "winners")
"""The CSV columns before the per-seat ones."""


@dataclass
class GameResult:
    """The outcome of one tournament game; lists are per seat."""

    index: int
    seed: int
    players: int
    bots: list[str]
    bot_seeds: list[int]
    scores: list[int]
    winners: list[int]
    steps: int
    decisions: list[int]
    seconds_per_decision: list[float]
    max_seconds: list[float]
    incidents: list[int] = field(default_factory=list)
    """Per seat, the decisions an external bot's program failed (``cmd:`` bots; 0 for the others)."""
    record: JSON | None = field(default=None, compare=False, repr=False)
    """The full game record, carried to the driver only when records are wanted."""

    def __post_init__(self) -> None:
        if not self.incidents:  # none counted (a built-in bot, or a file from before incidents)
            self.incidents = [0] * self.players

    def outcome(self) -> JSON:
        """Everything but the timings and the incidents (a timeout depends on the machine's speed):
        what must be identical when the game is replayed."""
        data = self.to_json()
        for key in ("seconds_per_decision", "max_seconds", "incidents"):
            del data[key]
        return data

    def shares(self) -> list[float]:
        """Per seat, its share of the win (1 / number of winners, or 0)."""
        return [1 / len(self.winners) if seat in self.winners else 0.0 for seat in range(self.players)]

    def to_json(self) -> JSON:
        """The JSON-lines form (without the record)."""
        return {
            "game": self.index,
            "seed": self.seed,
            "players": self.players,
            "bots": self.bots,
            "bot_seeds": self.bot_seeds,
            "scores": self.scores,
            "winners": self.winners,
            "steps": self.steps,
            "decisions": self.decisions,
            "seconds_per_decision": self.seconds_per_decision,
            "max_seconds": self.max_seconds,
            "incidents": self.incidents,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameResult:
        """The inverse of ``to_json``: every field checked by type and range (per-seat lists of
        ``players`` entries, winners among the seats); ``TournamentError`` naming the field."""
        shape = Shape(data, "", TournamentError, RESULT_FIELDS, optional=("incidents",))
        players = shape.integer("players", 1, MAX_SEATS)
        winners = shape.integers("winners", 0, players - 1)
        if len(set(winners)) != len(winners):
            raise shape.fail("winners", _("distinct seats"))
        incidents = shape.raw("incidents")
        return cls(
            index=shape.integer("game", 0),
            seed=shape.integer("seed", 0),
            players=players,
            bots=shape.texts("bots", players, 1000),
            bot_seeds=shape.integers("bot_seeds", 0, None, players),
            scores=shape.integers("scores", -MAX_SCORE, MAX_SCORE, players),
            winners=winners,
            steps=shape.integer("steps", 0),
            decisions=shape.integers("decisions", 0, None, players),
            seconds_per_decision=shape.numbers("seconds_per_decision", players, 0),
            max_seconds=shape.numbers("max_seconds", players, 0),
            incidents=shape.integers("incidents", 0, None, players) if incidents else [],
        )


def _format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise TournamentError(_("results file {path!r}: use a .jsonl or .csv name, not {suffix!r}").format(
            path=str(path), suffix=suffix or "none"))
    return suffix


def check_results_path(path: str | Path) -> None:
    """Fail early if ``path`` has no results extension (whether it can be written is ``claim``'s)."""
    _format(path)


def check_writable(path: str | Path) -> None:
    """Fail early, before any game is played, if ``path`` cannot be written (``core/output.py``)."""
    output.check_writable(path, TournamentError)


def _csv_row(result: GameResult) -> dict[str, Any]:
    row: dict[str, Any] = {
        "game": result.index,
        "seed": result.seed,
        "players": result.players,
        "steps": result.steps,
        "winners": " ".join(str(w) for w in result.winners),
    }
    for seat in range(result.players):
        values = (result.bots[seat], result.bot_seeds[seat], result.scores[seat], result.decisions[seat],
                  repr(result.seconds_per_decision[seat]), repr(result.max_seconds[seat]),
                  result.incidents[seat])
        row.update({f"seat{seat}_{name}": value for name, value in zip(SEAT_FIELDS, values, strict=True)})
    return row


def _cell(row: dict[str, Any], key: str, kind: str) -> Any:
    """A CSV cell as JSON would hold it: an int or float when it reads as one, else the text."""
    text = row.get(key)
    if not isinstance(text, str):
        raise TournamentError(_("{field}: missing").format(field=key))
    if kind == "text":
        return text
    try:
        return files.parse_json(text.strip(), key, TournamentError) if text.strip() else None
    except TournamentError:
        return text


def _from_csv_row(row: dict[str, Any]) -> GameResult:
    players = _cell(row, "players", "number")
    seats = range(players) if isinstance(players, int) and 1 <= players <= MAX_SEATS else range(0)

    def seat_values(name: str, kind: str = "number") -> list[Any]:
        return [_cell(row, f"seat{seat}_{name}", kind) for seat in seats]

    winners = _cell(row, "winners", "text").split()
    return GameResult.from_json({
        "game": _cell(row, "game", "number"), "seed": _cell(row, "seed", "number"), "players": players,
        "bots": seat_values("bot", "text"), "bot_seeds": seat_values("bot_seed"), "scores": seat_values("score"),
        "winners": [files.parse_json(w, "winners", TournamentError) for w in winners],
        "steps": _cell(row, "steps", "number"), "decisions": seat_values("decisions"),
        "seconds_per_decision": seat_values("seconds_per_decision"), "max_seconds": seat_values("max_seconds"),
        "incidents": [_cell(row, f"seat{seat}_incidents", "number") or 0 if row.get(f"seat{seat}_incidents")
                      else 0 for seat in seats]})


def _text(rows: list[GameResult], kind: str, header: bool = True) -> str:
    """The lines (JSONL) or rows (CSV, with its header unless ``header`` is False) of ``rows``."""
    if kind == ".jsonl":
        return "".join(json.dumps(result.to_json()) + "\n" for result in rows)
    out = io.StringIO(newline="")
    writer = _csv_writer(out, max((r.players for r in rows), default=0))
    if header:
        writer.writeheader()
    writer.writerows(_csv_row(result) for result in rows)
    return out.getvalue()


def write_results(results: Iterable[GameResult], path: str | Path,
                  error: type[TournamentError] = TournamentError) -> None:
    """Write one line (JSONL) or row (CSV) per game; the format follows the file extension.

    The file is written whole beside its place and then moved there (``core/output.py``), so it is
    never seen half written; on a failure (a full disk) the previous file stays and ``error`` is raised.
    """
    kind = _format(path)
    output.write_text_atomic(path, _text(list(results), kind), error)


def _csv_writer(out: IO[str], seats: int) -> csv.DictWriter[str]:
    header = list(CSV_FIELDS)
    header += [f"seat{seat}_{name}" for seat in range(seats) for name in SEAT_FIELDS]
    return csv.DictWriter(out, fieldnames=header, restval="")


class ResultsStream:
    """A results file written as the games finish (in finishing order), one whole line each.

    ``finish(results)`` rewrites it in index order at the end (or after a Ctrl-C), so a run that
    is killed still leaves every game that finished, and a run that ends leaves a sorted file. A
    line that does not fit (a full disk) is cut back off: the file holds whole lines only.
    """

    def __init__(self, path: str | Path, seats: int) -> None:
        self.path = path
        self.kind = _format(path)
        self.seats = seats
        start = ""
        if self.kind == ".csv":
            out = io.StringIO(newline="")
            _csv_writer(out, seats).writeheader()
            start = out.getvalue()
        output.write_text_atomic(path, start, TournamentError)
        self.out: output.LineWriter | None = output.LineWriter(path, TournamentError)

    def add(self, result: GameResult) -> None:
        """Append one game to the file."""
        if self.out is None:
            raise TournamentError(_("the results file {path!r} is already closed").format(path=str(self.path)))
        if self.kind == ".csv":
            out = io.StringIO(newline="")
            _csv_writer(out, self.seats).writerow(_csv_row(result))
            self.out.write(out.getvalue())
        else:
            self.out.write(json.dumps(result.to_json()) + "\n")

    def close(self) -> None:
        """Close the file as it stands."""
        if self.out is not None:
            self.out.close()
            self.out = None

    def finish(self, results: Iterable[GameResult]) -> None:
        """Close the stream and replace the file by ``results`` in index order."""
        self.close()
        write_results(sorted(results, key=lambda r: r.index), self.path)


def parse_line(line: str, where: str, error: type[TournamentError]) -> GameResult:
    """One JSON line as a game result; ``error`` prefixed with ``where`` (the file and line)."""
    try:
        return GameResult.from_json(files.parse_json(line, where, error))
    except TournamentError as problem:
        raise error(_("{where}: not a game result ({problem})").format(where=where, problem=problem)) from None


def load_results(path: str | Path) -> list[GameResult]:
    """Read a results file written by ``write_results`` (bounded, every field checked)."""
    kind = _format(path)
    where = shorten(str(path), 300)
    text = files.read_text_file(path, _("results file"), TournamentError, MAX_RESULTS_BYTES)
    if kind == ".jsonl":
        return [parse_line(line, _("{path} line {line}").format(path=where, line=number), TournamentError)
                for number, line in enumerate(text.split("\n"), start=1) if line.strip()]
    out = []
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""))
        if not set(CSV_FIELDS) <= set(reader.fieldnames or ()):
            raise TournamentError(_("{path} is not a tournament results file: {error}").format(
                path=where, error=_("its first line is not the header of one")))
        for number, row in enumerate(reader, start=2):
            try:
                out.append(_from_csv_row(row))
            except TournamentError as problem:
                raise TournamentError(_("{where}: not a game result ({problem})").format(
                    where=_("{path} line {line}").format(path=where, line=number), problem=problem)) from None
    except csv.Error as problem:
        raise TournamentError(_("{path} is not a tournament results file: {error}").format(
            path=where, error=problem)) from None
    return out
