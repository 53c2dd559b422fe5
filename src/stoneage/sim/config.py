"""What a tournament plays: the bots, the table sizes, the game and its options, how to run it."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stoneage.bots.registry import make_bot
from stoneage.core.i18n import _
from stoneage.core.limits import MAX_GAMES, MAX_SEED
from stoneage.core.output import check_writable
from stoneage.core.registry import DEFAULT_GAME, load_game
from stoneage.sim.errors import JobsError, TournamentError

BACKENDS = ("local", "ray")
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class TournamentConfig:
    """A tournament. Only ``bots``, ``seed``, ``game``, ``players``, ``expansions`` and ``variants``
    decide what game ``i`` is; the rest only says how many games and how to run them.
    """

    bots: tuple[str, ...]
    games: int = 100
    seed: int = 0
    game: str = DEFAULT_GAME
    players: tuple[int, ...] = ()
    """Table sizes; empty means one table of all the bots."""
    expansions: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    jobs: int = 1
    backend: str = "local"
    batch: int = 10
    """Games per task (the local backend makes them smaller so every job gets work)."""
    ray_address: str | None = None
    records: str | None = None
    """Directory for one game record per game, or None."""

    def table_sizes(self) -> tuple[int, ...]:
        """The player counts played, ascending."""
        return tuple(sorted(set(self.players))) if self.players else (len(self.bots),)

    def labels(self) -> tuple[str, ...]:
        """One name per bot entry: its spec, with ``#k`` added when a spec appears more than once."""
        specs = [spec.strip() for spec in self.bots]
        counts = Counter(specs)
        seen: Counter[str] = Counter()
        labels = []
        for spec in specs:
            seen[spec] += 1
            labels.append(f"{spec}#{seen[spec]}" if counts[spec] > 1 else spec)
        return tuple(labels)

    def game_options(self) -> dict[str, Any]:
        """The ``load_game`` options besides players and seed (only those that are set)."""
        options: dict[str, Any] = {}
        if self.expansions:
            options["expansions"] = list(self.expansions)
        if self.variants:
            options["variants"] = list(self.variants)
        return options


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def check_jobs(jobs: int, backend: str = "local", ray_address: str | None = None) -> None:
    """Raise ``JobsError`` unless ``jobs`` fits this machine (a named Ray cluster has its own CPUs)."""
    if jobs < 1:
        raise JobsError(_("jobs must be at least 1, not {jobs}").format(jobs=jobs))
    if backend == "ray" and ray_address:
        return
    cpus = available_cpus()
    if jobs > cpus:
        if backend == "local":
            message = _("--jobs {jobs} asks for {jobs} worker processes, but this machine has {cpus} CPU(s); "
                        "use --jobs {cpus} or less (or --backend ray --ray-address ADDRESS for a cluster)")
        else:
            message = _("--jobs {jobs} asks for {jobs} CPUs for the local Ray instance, but this machine has "
                        "{cpus} CPU(s); use --jobs {cpus} or less (or --backend ray --ray-address ADDRESS for a "
                        "cluster)")
        raise JobsError(message.format(jobs=jobs, cpus=cpus))


def both(names: tuple[str, ...] | list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``, in the current language."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def split_bots(text: str) -> tuple[str, ...]:
    """Split ``"mcts:iterations=500,c=1.4,greedy,random"`` into bot specs.

    A comma part holding ``=`` but no ``:`` continues the parameters of the spec before it.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return tuple(specs)


def validate(config: TournamentConfig) -> None:
    """Raise a ``StoneAgeError`` naming the first bad setting (bots and options are tried once)."""
    count = len(config.bots)
    if any(not spec.strip() for spec in config.bots):
        raise TournamentError(_("a bot spec is empty (check the commas in --bots)"))
    if count < MIN_PLAYERS:
        raise TournamentError(_("a tournament needs at least {least} bots, got {count}").format(
            least=MIN_PLAYERS, count=count))
    if not config.players and count > MAX_PLAYERS:
        raise TournamentError(
            _("{count} bots do not fit one table of at most {most} players; "
              "give at most 4 bots, or --players to draw smaller tables from the pool").format(
                count=count, most=MAX_PLAYERS)
        )
    for size in config.players:
        if not MIN_PLAYERS <= size <= MAX_PLAYERS:
            raise TournamentError(_("players must be 2, 3 or 4, not {value!r}").format(value=size))
        if size > count:
            raise TournamentError(_("tables of {size} players need at least {size} bots, got {count}").format(
                size=size, count=count))
    if config.games < 1:
        raise TournamentError(_("games must be at least 1, not {games}").format(games=config.games))
    if config.games > MAX_GAMES:
        raise TournamentError(_("games must be at most {most}, not {games}").format(most=MAX_GAMES, games=config.games))
    if config.seed < 0:
        raise TournamentError(_("seed must be a non-negative integer, not {value!r}").format(value=config.seed))
    if config.seed > MAX_SEED:
        raise TournamentError(_("seed must be at most {high}, not {value}").format(high=MAX_SEED, value=config.seed))
    if config.batch < 1:
        raise TournamentError(_("batch must be at least 1, not {batch}").format(batch=config.batch))
    if config.backend not in BACKENDS:
        raise TournamentError(_("unknown backend {backend!r}; known: {known}").format(
            backend=config.backend, known=", ".join(BACKENDS)))
    check_jobs(config.jobs, config.backend, config.ray_address)
    for spec in config.bots:
        games = getattr(make_bot(spec.strip(), 0, trusted=True), "games", None)  # a bot made for some games says which
        if games is not None and config.game not in games:
            raise TournamentError(_("the bot {bot!r} plays {games} only, not {game}").format(
                bot=spec.strip(), games=both(games), game=config.game))
    for size in config.table_sizes():
        load_game(config.game, players=size, seed=0, **config.game_options())
    if config.records is not None:
        prepare_directory(config.records)


def prepare_directory(path: str) -> None:
    """Create ``path`` (and its parents) for writing, or raise ``TournamentError``."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TournamentError(_("cannot create the records directory {path!r}: {reason}").format(
            path=path, reason=error.strerror)) from None
    check_writable(Path(path) / "game-00000.json", TournamentError)  # a folder where files can be made
