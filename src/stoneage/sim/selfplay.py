"""Self-play data: play seeded games between bots and keep every decision as numbers.

Game ``i`` is game ``i`` of the tournament with the same bots (one spec per seat), seed, game and
options (``sim.schedule.setup``: seats rotate, game and bot seeds come from the seed and ``i``),
so ``stoneage tournament-game`` replays any of them. Each decision keeps the deciding seat's
observation tensor (and information-state tensor if asked), the legal actions and the action;
``sim.selfplay_file`` turns the games into arrays and a file. Games run here, in worker
processes or on Ray; the arrays are the same whichever runs them, ordered by game index.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from stoneage.bots.match import play_match
from stoneage.bots.registry import make_bot
from stoneage.core.contract import State
from stoneage.core.i18n import _
from stoneage.core.registry import DEFAULT_GAME, load_game
from stoneage.sim.config import MAX_PLAYERS, MIN_PLAYERS, TournamentConfig, validate
from stoneage.sim.errors import TournamentError
from stoneage.sim.schedule import setup
from stoneage.sim.workers import process_pool

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

DEFAULT_PLAYERS = 2
"""Seats when one bot spec is given without ``players``."""


@dataclass(frozen=True)
class SelfPlayConfig:
    """What to play and how to run it. ``bots``: one spec per seat, or one spec for every seat."""

    bots: tuple[str, ...]
    games: int = 100
    seed: int = 0
    game: str = DEFAULT_GAME
    players: int | None = None
    """Seats; with several bot specs it must match their number (None: their number)."""
    expansions: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    info_state: bool = False
    """Also keep each decision's information-state tensor."""
    jobs: int = 1
    backend: str = "local"
    batch: int = 10
    """Games per Ray task."""
    ray_address: str | None = None

    def seats(self) -> tuple[str, ...]:
        """The bot spec of each entry (one per seat), or ``TournamentError``."""
        specs = tuple(spec.strip() for spec in self.bots)
        if len(specs) == 1:
            players = DEFAULT_PLAYERS if self.players is None else self.players
            if not MIN_PLAYERS <= players <= MAX_PLAYERS:
                raise TournamentError(_("players must be 2, 3 or 4, not {value!r}").format(value=players))
            return specs * players
        if self.players is not None and self.players != len(specs):
            raise TournamentError(_("{players} players need one bot spec or {players} of them, got {count}").format(
                players=self.players, count=len(specs)))
        return specs

    def tournament(self) -> TournamentConfig:
        """The tournament whose game ``i`` is self-play game ``i``."""
        return TournamentConfig(bots=self.seats(), games=self.games, seed=self.seed, game=self.game,
                                expansions=self.expansions, variants=self.variants, jobs=self.jobs,
                                backend=self.backend, batch=self.batch, ray_address=self.ray_address)


@dataclass
class GameData:
    """One game's decisions as arrays (row ``k``: the ``k``-th decision) and its outcome."""

    index: int
    seed: int
    entries: tuple[int, ...]
    """Index into the config's seats of the bot at each seat."""
    returns: list[float]
    scores: list[int]
    seat: NDArray[np.int8]
    move: NDArray[np.int32]
    """The game's move number (chance moves included) before the decision."""
    observation: NDArray[np.float32]
    legal: NDArray[np.uint8]
    """The legal-action mask, ``numpy.packbits`` along each row."""
    action: NDArray[np.int32]
    info_state: NDArray[np.float32] | None = field(default=None)


def numpy_module() -> Any:
    """numpy, or a ``TournamentError`` that says how to install it."""
    try:
        import numpy
    except ImportError:
        raise TournamentError(_("self-play data needs numpy (the rl extra): {hint}").format(
            hint='pip install "numpy>=1.26"')) from None
    return numpy


def validate_selfplay(config: SelfPlayConfig) -> None:
    """Raise a ``StoneAgeError`` naming the first bad setting."""
    validate(config.tournament())


def play_selfplay_game(config: SelfPlayConfig, index: int) -> GameData:
    """Play self-play game ``index``; the same config and index give the same arrays."""
    np = numpy_module()
    tour = config.tournament()
    game_setup = setup(tour, index)
    players = len(game_setup.entries)
    game = load_game(tour.game, players=players, seed=game_setup.seed, **tour.game_options())
    actions = game.num_distinct_actions()
    seats: list[int] = []
    moves: list[int] = []
    chosen: list[int] = []
    observations: list[list[float]] = []
    infos: list[list[float]] = []
    legal: list[list[int]] = []

    def record(state: State, action: int) -> None:
        if state.is_chance_node():
            return
        seat = state.current_player()
        seats.append(seat)
        moves.append(state.move_number())
        chosen.append(action)
        observations.append(state.observation_tensor(seat))
        if config.info_state:
            infos.append(state.information_state_tensor(seat))
        legal.append(state.legal_actions())

    bots = [make_bot(tour.bots[entry].strip(), seed, trusted=True)  # the person's own --bots
            for entry, seed in zip(game_setup.entries, game_setup.bot_seeds, strict=True)]
    try:
        state = play_match(game, bots, record)
        for bot in bots:
            bot.game_over(state)
    finally:
        for bot in bots:
            bot.close()
    mask = np.zeros((len(legal), actions), np.bool_)
    for row, actions_now in enumerate(legal):
        mask[row, actions_now] = True
    return GameData(
        index=index,
        seed=game_setup.seed,
        entries=game_setup.entries,
        returns=[float(value) for value in state.returns()],
        scores=[int(score) for score in state.scores()],
        seat=np.asarray(seats, np.int8),
        move=np.asarray(moves, np.int32),
        observation=np.asarray(observations, np.float32).reshape(len(seats), game.observation_layout().size),
        legal=np.packbits(mask, axis=1),
        action=np.asarray(chosen, np.int32),
        info_state=(np.asarray(infos, np.float32).reshape(len(seats), game.information_state_layout().size)
                    if config.info_state else None),
    )


def play_selfplay_batch(config: SelfPlayConfig, indices: Sequence[int]) -> list[GameData]:
    """Several games (one Ray task)."""
    return [play_selfplay_game(config, index) for index in indices]


def _serial(config: SelfPlayConfig) -> Generator[GameData, None, None]:
    for index in range(config.games):
        yield play_selfplay_game(config, index)


def _processes(config: SelfPlayConfig) -> Generator[GameData, None, None]:
    """``jobs`` worker processes (``sim.workers.process_pool``), one game index at a time; stopped at
    once when the games are left unfinished (Ctrl-C)."""
    with process_pool(min(config.jobs, config.games)) as pool:
        yield from pool.imap_unordered(partial(play_selfplay_game, config), range(config.games))


def _ray(config: SelfPlayConfig) -> Generator[GameData, None, None]:
    """Batches of ``batch`` games as Ray tasks; a Ray instance this started is shut down on the way out."""
    from stoneage.sim.ray_backend import start_ray

    ray, started = start_ray(config.jobs, config.ray_address)
    pending: list[Any] = []
    try:
        task = ray.remote(play_selfplay_batch)
        config_ref = ray.put(config)
        pending = [task.remote(config_ref, list(range(start, min(start + config.batch, config.games))))
                   for start in range(0, config.games, config.batch)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                batch: list[GameData] = ray.get(ref)
                yield from batch
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def play_games(config: SelfPlayConfig) -> Generator[GameData, None, None]:
    """The games of ``config`` in finishing order, from the backend it names."""
    if config.backend == "ray":
        return _ray(config)
    if config.jobs == 1:
        return _serial(config)
    return _processes(config)


@dataclass
class SelfPlayResult:
    """The games in index order and the wall time they took."""

    config: SelfPlayConfig
    games: list[GameData]
    seconds: float


def run_selfplay(config: SelfPlayConfig, on_game: Callable[[GameData], None] | None = None) -> SelfPlayResult:
    """Validate ``config``, play its games and return them in index order (``on_game`` sees each
    as it finishes, for a progress bar)."""
    numpy_module()
    validate_selfplay(config)
    start = time.perf_counter()
    games: list[GameData] = []
    stream = play_games(config)
    try:
        for data in stream:
            games.append(data)
            if on_game is not None:
                on_game(data)
    finally:
        stream.close()  # a generator: its own finally stops the workers or Ray
    games.sort(key=lambda data: data.index)
    return SelfPlayResult(config, games, time.perf_counter() - start)
