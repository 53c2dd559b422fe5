"""One game's result, and reading and writing them as JSON lines or CSV."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from stoneage.core import files
from stoneage.core.contract import JSON
from stoneage.core.i18n import _
from stoneage.sim.errors import TournamentError

FORMATS = (".jsonl", ".csv")
SEAT_FIELDS = ("bot", "bot_seed", "score", "decisions", "seconds_per_decision", "max_seconds", "incidents")
"""CSV columns repeated per seat as ``seat{s}_{field}``."""


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
    def from_json(cls, data: JSON) -> GameResult:
        """The inverse of ``to_json``."""
        return cls(
            index=int(data["game"]),
            seed=int(data["seed"]),
            players=int(data["players"]),
            bots=[str(b) for b in data["bots"]],
            bot_seeds=[int(s) for s in data["bot_seeds"]],
            scores=[int(s) for s in data["scores"]],
            winners=[int(w) for w in data["winners"]],
            steps=int(data["steps"]),
            decisions=[int(d) for d in data["decisions"]],
            seconds_per_decision=[float(t) for t in data["seconds_per_decision"]],
            max_seconds=[float(t) for t in data["max_seconds"]],
            incidents=[int(n) for n in data.get("incidents") or []],
        )


def _format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise TournamentError(_("results file {path!r}: use a .jsonl or .csv name, not {suffix!r}").format(
            path=str(path), suffix=suffix or "none"))
    return suffix


def check_results_path(path: str | Path) -> None:
    """Fail early if ``path`` has no results extension or cannot be written."""
    _format(path)
    check_writable(path)


def check_writable(path: str | Path) -> None:
    """Fail early, before any game is played, if ``path`` cannot be written."""
    files.check_writable(path, TournamentError)


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


def _from_csv_row(row: dict[str, str]) -> GameResult:
    players = int(row["players"])

    def seat_values(name: str) -> list[str]:
        return [row[f"seat{seat}_{name}"] for seat in range(players)]

    return GameResult(
        index=int(row["game"]),
        seed=int(row["seed"]),
        players=players,
        bots=seat_values("bot"),
        bot_seeds=[int(v) for v in seat_values("bot_seed")],
        scores=[int(v) for v in seat_values("score")],
        winners=[int(w) for w in row["winners"].split()],
        steps=int(row["steps"]),
        decisions=[int(v) for v in seat_values("decisions")],
        seconds_per_decision=[float(v) for v in seat_values("seconds_per_decision")],
        max_seconds=[float(v) for v in seat_values("max_seconds")],
        incidents=[int(row.get(f"seat{seat}_incidents") or 0) for seat in range(players)],
    )


def write_results(results: Iterable[GameResult], path: str | Path) -> None:
    """Write one line (JSONL) or row (CSV) per game; the format follows the file extension.

    The file is written beside its place and then moved there, so it is never seen half written.
    """
    kind = _format(path)
    rows = list(results)
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8", newline="") as out:
            if kind == ".jsonl":
                for result in rows:
                    out.write(json.dumps(result.to_json()) + "\n")
            else:
                seats = max((r.players for r in rows), default=0)
                writer = _csv_writer(out, seats)
                writer.writeheader()
                writer.writerows(_csv_row(result) for result in rows)
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise TournamentError(_("cannot write {path!r}: {reason}").format(path=str(path), reason=error.strerror)) \
            from None


def _csv_writer(out: IO[str], seats: int) -> csv.DictWriter[str]:
    header = ["game", "seed", "players", "steps", "winners"]
    header += [f"seat{seat}_{name}" for seat in range(seats) for name in SEAT_FIELDS]
    return csv.DictWriter(out, fieldnames=header, restval="")


class ResultsStream:
    """A results file written as the games finish (in finishing order), one flushed line each.

    ``finish(results)`` rewrites it in index order at the end (or after a Ctrl-C), so a run that
    is killed still leaves every game that finished, and a run that ends leaves a sorted file.
    """

    def __init__(self, path: str | Path, seats: int) -> None:
        self.path = path
        self.kind = _format(path)
        try:
            self.out: IO[str] | None = Path(path).open("w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as error:
            raise TournamentError(_("cannot write {path!r}: {reason}").format(path=str(path), reason=error.strerror)) \
            from None
        self.writer = _csv_writer(self.out, seats) if self.kind == ".csv" else None
        if self.writer is not None:
            self.writer.writeheader()
            self.out.flush()

    def add(self, result: GameResult) -> None:
        """Append one game and flush it to the file."""
        if self.out is None:
            raise TournamentError(_("the results file {path!r} is already closed").format(path=str(self.path)))
        try:
            if self.writer is not None:
                self.writer.writerow(_csv_row(result))
            else:
                self.out.write(json.dumps(result.to_json()) + "\n")
            self.out.flush()
        except OSError as error:
            raise TournamentError(_("cannot write {path!r}: {reason}").format(path=str(self.path),
                                                                               reason=error.strerror)) from None

    def close(self) -> None:
        """Close the file as it stands."""
        if self.out is not None:
            self.out.close()
            self.out = None

    def finish(self, results: Iterable[GameResult]) -> None:
        """Close the stream and replace the file by ``results`` in index order."""
        self.close()
        write_results(sorted(results, key=lambda r: r.index), self.path)


def load_results(path: str | Path) -> list[GameResult]:
    """Read a results file written by ``write_results``."""
    kind = _format(path)
    try:
        with Path(path).open(encoding="utf-8", newline="") as source:
            if kind == ".jsonl":
                return [GameResult.from_json(json.loads(line)) for line in source if line.strip()]
            return [_from_csv_row(row) for row in csv.DictReader(source)]
    except OSError as error:
        raise TournamentError(_("cannot read {path!r}: {reason}").format(path=str(path), reason=error.strerror)) \
            from None
    except (ValueError, KeyError) as error:
        raise TournamentError(_("{path!r} is not a tournament results file: {error}").format(
            path=str(path), error=error)) from None
