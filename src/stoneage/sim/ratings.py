"""Ratings across tables with openskill's Plackett-Luce model, ranked by final score."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from stoneage.core.i18n import pgettext
from stoneage.sim.errors import require
from stoneage.sim.results import GameResult
from stoneage.sim.stats import table


@dataclass(frozen=True)
class Rating:
    """A bot's skill estimate: ``ordinal = mu - 3 sigma`` is a conservative rank key."""

    bot: str
    mu: float
    sigma: float
    ordinal: float
    games: int


def ratings(results: Iterable[GameResult]) -> list[Rating]:
    """Rate every bot from the games in index order (ties on score rank equal), best first."""
    return rate((result.bots, result.scores) for result in sorted(results, key=lambda r: r.index))


def rate(tables: Iterable[tuple[Sequence[str], Sequence[int]]]) -> list[Rating]:
    """Rate everyone from ``(who sat at each seat, final scores)`` per table, in order; best first."""
    require("openskill", "sim")
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, Any] = {}
    games: dict[str, int] = {}
    for entrants, scores in tables:
        teams = [[current.setdefault(name, model.rating(name=name))] for name in entrants]
        rated = model.rate(teams, scores=list(scores))
        for name, (rating,) in zip(entrants, rated, strict=True):
            current[name] = rating
            games[name] = games.get(name, 0) + 1
    rows = [Rating(name, float(r.mu), float(r.sigma), float(r.ordinal()), games[name]) for name, r in current.items()]
    return sorted(rows, key=lambda row: row.ordinal, reverse=True)


def format_ratings(rows: Sequence[Rating]) -> str:
    """The ratings as a fixed-width text table."""
    headers = [(pgettext("table column", "bot"), max([len("bot"), *(len(row.bot) for row in rows)]), "<"),
               ("mu", 7, ">"), ("sigma", 7, ">"), (pgettext("table column", "ordinal"), 8, ">"),
               (pgettext("table column", "games"), 6, ">")]
    cells = [[r.bot, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}", f"{r.games}"] for r in rows]
    return "\n".join(table(headers, cells))
