"""Per-bot statistics of a tournament: wins with a Wilson interval, scores, decision times."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import sqrt
from statistics import mean, median

from stoneage.bots.registry import is_command_spec
from stoneage.core.i18n import _, pgettext
from stoneage.core.text import cells, ljust, rjust
from stoneage.sim.results import GameResult

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate; shared wins may make ``wins`` fractional."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotSummary:
    """One row of the summary: a bot, overall (``players`` None) or at one table size."""

    bot: str
    players: int | None
    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list, repr=False)
    winning_scores: list[int] = field(default_factory=list, repr=False)
    decisions: int = 0
    seconds: float = 0.0
    incidents: int = 0
    """Decisions the bot's program failed (``cmd:`` bots), played by its fallback bot."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return mean(self.scores)

    @property
    def median_score(self) -> float:
        return float(median(self.scores))

    @property
    def mean_winning_score(self) -> float | None:
        """The bot's mean score in the games it won or shared (None if it never won)."""
        return mean(self.winning_scores) if self.winning_scores else None

    @property
    def seconds_per_decision(self) -> float | None:
        return self.seconds / self.decisions if self.decisions else None

    def add(self, result: GameResult, seat: int) -> None:
        """Count the bot at ``seat`` of ``result``."""
        self.games += 1
        self.wins += result.shares()[seat]
        self.scores.append(result.scores[seat])
        if seat in result.winners:
            self.winning_scores.append(result.scores[seat])
        self.decisions += result.decisions[seat]
        self.seconds += result.seconds_per_decision[seat] * result.decisions[seat]
        self.incidents += result.incidents[seat]


def summarize(results: Iterable[GameResult], by_players: bool = False) -> list[BotSummary]:
    """One row per bot (in order of first appearance), or per bot and table size if ``by_players``."""
    rows: dict[tuple[str, int | None], BotSummary] = {}
    for result in sorted(results, key=lambda r: r.index):
        for seat, bot in enumerate(result.bots):
            key = (bot, result.players if by_players else None)
            rows.setdefault(key, BotSummary(*key)).add(result, seat)
    return sorted(rows.values(), key=lambda row: row.players or 0) if by_players else list(rows.values())


def _cell(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def table(headers: Sequence[tuple[str, int, str]], rows: Iterable[Sequence[str]]) -> list[str]:
    """A fixed-width text table: ``headers`` are (translated header, usual width, ``<`` or ``>``);
    a column is wider than usual only when its header needs it; a rule of dashes under the header."""
    widths = [max(usual, cells(header)) for header, usual, _align in headers]
    aligns = [align for _header, _usual, align in headers]

    def line(row: Sequence[str]) -> str:
        # a cell wider than its column is shown whole, never cut
        padded = [ljust(cell, max(size, cells(cell))) if align == "<" else rjust(cell, size)
                  for cell, size, align in zip(row, widths, aligns, strict=True)]
        return " ".join(padded)

    header = line([header for header, _usual, _align in headers])
    return [header, "-" * cells(header), *(line(row) for row in rows)]


def format_summary(rows: Sequence[BotSummary]) -> str:
    """The summary as a fixed-width text table; an ``incidents`` column when an external (``cmd:``)
    bot played or any bot had incidents."""
    with_players = any(row.players is not None for row in rows)
    with_incidents = any(row.incidents or is_command_spec(row.bot) for row in rows)
    bot = pgettext("table column", "bot")
    headers = [(bot, max([len("bot"), *(cells(row.bot) for row in rows)]), "<")]
    if with_players:
        headers.append((pgettext("table column", "players"), 7, ">"))
    headers += [(pgettext("table column", "games"), 6, ">"), (pgettext("table column", "wins"), 8, ">"),
                (pgettext("table column", "win rate"), 8, ">"), (pgettext("table column", "95% CI"), 15, ">"),
                (pgettext("table column", "mean"), 7, ">"), (pgettext("table column", "median"), 7, ">"),
                (pgettext("table column", "mean win"), 8, ">"), (pgettext("table column", "s/decision"), 10, ">")]
    if with_incidents:
        headers.append((pgettext("table column", "incidents"), 9, ">"))
    entries = []
    for row in rows:
        low, high = row.ci
        entries.append([row.bot, *([f"{row.players}"] if with_players else []), f"{row.games}", f"{row.wins:.2f}",
                        f"{row.win_rate:.3f}", f"[{low:.3f}, {high:.3f}]", f"{row.mean_score:.2f}",
                        f"{row.median_score:.1f}", _cell(row.mean_winning_score, 2),
                        _cell(row.seconds_per_decision, 6), *([f"{row.incidents}"] if with_incidents else [])])
    return "\n".join(table(headers, entries))


def format_rate(games: int, seconds: float) -> str:
    """How fast games went, readable at any speed: ``234 games/s``, ``2.50 games/s``,
    ``0.031 games/s, 32.3 s/game``.
    """
    if games <= 0:
        return _("no games")
    if seconds <= 0:
        return _("{count} games in no measurable time").format(count=games)
    rate = games / seconds
    if rate >= 100:
        return _("{rate} games/s").format(rate=f"{rate:.0f}")
    if rate >= 1:
        return _("{rate} games/s").format(rate=f"{rate:.2f}")
    per_game = seconds / games
    if per_game < 600:
        per_game_text = _("{seconds} s/game").format(seconds=f"{per_game:.1f}")
    else:
        per_game_text = _("{minutes} min/game").format(minutes=f"{per_game / 60:.1f}")
    return _("{rate} games/s, {per_game}").format(rate=f"{rate:.3g}", per_game=per_game_text)
