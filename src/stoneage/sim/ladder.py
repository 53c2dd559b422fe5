"""A strength ladder: levels in a balanced round-robin, and the report that says whether each step holds.

The ladder is a tournament whose bot pool is the levels, weakest first, played at tables of
several sizes (``schedule`` seats every subset of the levels in every rotation, so at each table
size every pair of levels meets equally often and every level takes every seat). The report
gives, per level and table size, openskill ratings with an interval ``mu ± 2 sigma``; per pair
of levels how often one finished ahead of the other with a 95% Wilson interval; and for each
step of the ladder (two neighbouring levels) whether it is significant: the Wilson interval of
the stronger level's head-to-head rate lies wholly above one half.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any

from stoneage.bots.registry import make_bot
from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import _
from stoneage.core.registry import DEFAULT_GAME
from stoneage.sim.config import MAX_PLAYERS, MIN_PLAYERS, TournamentConfig, validate
from stoneage.sim.errors import TournamentError
from stoneage.sim.ratings import rate
from stoneage.sim.results import GameResult
from stoneage.sim.stats import wilson

LEVELS = ("random", "easy", "medium", "hard", "expert")
"""The default ladder, weakest first."""
PLAYERS = (2, 3, 4)
"""The table sizes a ladder plays by default (those its levels can fill)."""
SPREAD = 2.0
"""A rating's interval is ``mu ± SPREAD * sigma``."""


class LadderError(TournamentError):
    """A bad ladder: unknown or repeated level, too few levels, a table size that cannot be seated,
    or a results file made by another ladder."""


@dataclass(frozen=True)
class LevelRating:
    """A level's openskill rating from the games of one table size (``players`` None: every game)."""

    level: str
    players: int | None
    games: int
    mu: float
    sigma: float

    @property
    def interval(self) -> tuple[float, float]:
        """``mu ± 2 sigma``."""
        return (self.mu - SPREAD * self.sigma, self.mu + SPREAD * self.sigma)


@dataclass(frozen=True)
class HeadToHead:
    """How often ``stronger`` finished ahead of ``weaker`` in the games both played (a tie counts half)."""

    weaker: str
    stronger: str
    players: int | None
    games: int
    ahead: float

    @property
    def rate(self) -> float:
        return self.ahead / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% Wilson interval of ``rate``."""
        return wilson(self.ahead, self.games)

    @property
    def significant(self) -> bool:
        """The stronger level is ahead more often than not, at 95%: its interval lies above 1/2."""
        return self.games > 0 and self.ci[0] > 0.5


@dataclass(frozen=True)
class LadderReport:
    """Everything the ladder command prints and plots."""

    levels: tuple[str, ...]
    sizes: tuple[int, ...]
    ratings: list[LevelRating]
    pairs: list[HeadToHead]
    """Every pair of levels, over all games (``players`` None)."""
    steps: list[HeadToHead]
    """Each neighbouring pair, per table size and then over all games."""

    def holds(self) -> bool:
        """Every step is significant over all games."""
        return all(step.significant for step in self.steps if step.players is None)


def check_levels(levels: Sequence[str], sizes: Sequence[int]) -> None:
    """Raise ``LadderError`` unless the levels are at least two known, different bots and every
    table size is 2–4 and at most the number of levels."""
    if len(levels) < MIN_PLAYERS:
        raise LadderError(_("a ladder needs at least {least} levels, got {count}").format(
            least=MIN_PLAYERS, count=len(levels)))
    seen: set[str] = set()
    for level in levels:
        if not level:
            raise LadderError(_("a level is empty (check the commas in --levels)"))
        if level in seen:
            raise LadderError(_("the level {level!r} appears twice; each level is one rung of the ladder").format(
                level=level))
        seen.add(level)
        try:
            make_bot(level, 0, trusted=True).close()  # the person's own --levels
        except StoneAgeError as error:
            raise LadderError(_("unknown level {level!r}: {error}").format(level=level, error=error)) from None
    if not sizes:
        raise LadderError(_("a ladder needs at least one table size"))
    for size in sizes:
        if not MIN_PLAYERS <= size <= MAX_PLAYERS:
            raise LadderError(_("players must be 2, 3 or 4, not {value!r}").format(value=size))
        if size > len(levels):
            raise LadderError(_("tables of {size} players need at least {size} levels, got {count}").format(
                size=size, count=len(levels)))


def default_sizes(levels: Sequence[str]) -> tuple[int, ...]:
    """The table sizes of ``PLAYERS`` that ``levels`` can fill."""
    return tuple(size for size in PLAYERS if size <= len(levels))


def ladder_config(levels: Sequence[str], sizes: Sequence[int] | None = None, games: int = 180, seed: int = 0,
                  game: str = DEFAULT_GAME, **run: Any) -> TournamentConfig:
    """The tournament a ladder plays (validated): ``sizes`` default to every size of 2–4 the levels
    can fill; ``run`` holds the other ``TournamentConfig`` fields (jobs, backend, batch, ray_address,
    records, expansions, variants)."""
    levels = tuple(level.strip() for level in levels)
    if sizes is None:
        sizes = default_sizes(levels)
    check_levels(levels, sizes)
    config = TournamentConfig(bots=levels, games=games, seed=seed, game=game,
                              players=tuple(sorted(set(sizes))), **run)
    validate(config)
    return config


def ahead(result: GameResult, first: int, second: int) -> float:
    """1 if seat ``first`` finished ahead of seat ``second``, 0 if behind, 1/2 if level: the higher
    score is ahead, and on equal scores a winner (after the game's tie-break) is ahead of a non-winner."""
    mine = (result.scores[first], first in result.winners)
    theirs = (result.scores[second], second in result.winners)
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def head_to_head(results: Iterable[GameResult], weaker: str, stronger: str,
                 players: int | None = None) -> HeadToHead:
    """``stronger`` against ``weaker`` over the games both played (at tables of ``players``, or all)."""
    games, points = 0, 0.0
    for result in results:
        if players is not None and result.players != players:
            continue
        if weaker in result.bots and stronger in result.bots:
            games += 1
            points += ahead(result, result.bots.index(stronger), result.bots.index(weaker))
    return HeadToHead(weaker, stronger, players, games, points)


def level_ratings(results: Sequence[GameResult], levels: Sequence[str],
                  players: int | None = None) -> list[LevelRating]:
    """Openskill ratings of the levels from the games of one table size (or all), in level order."""
    chosen = sorted((r for r in results if players is None or r.players == players), key=lambda r: r.index)
    rated = {row.bot: row for row in rate((r.bots, r.scores) for r in chosen)}
    return [LevelRating(level, players, rated[level].games, rated[level].mu, rated[level].sigma)
            for level in levels if level in rated]


def report(results: Sequence[GameResult], levels: Sequence[str]) -> LadderReport:
    """The ladder's ratings, head-to-head rates and steps from its games (levels weakest first)."""
    levels = tuple(levels)
    sizes = tuple(sorted({result.players for result in results}))
    ratings = [row for size in (*sizes, None) for row in level_ratings(results, levels, size)]
    pairs = [head_to_head(results, weaker, stronger) for weaker, stronger in combinations(levels, 2)]
    steps = [head_to_head(results, weaker, stronger, size)
             for weaker, stronger in pairwise(levels) for size in (*sizes, None)]
    return LadderReport(levels, sizes, ratings, pairs, steps)
