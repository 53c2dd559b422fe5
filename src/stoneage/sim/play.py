"""Play one tournament game (or a batch) from the config and the game index alone."""

from __future__ import annotations

import time
from collections.abc import Sequence

from stoneage.bots.base import Bot
from stoneage.bots.match import play_match
from stoneage.bots.registry import make_bot
from stoneage.core.contract import State
from stoneage.core.record import make_record, result_of
from stoneage.core.registry import load_game
from stoneage.sim.config import TournamentConfig
from stoneage.sim.results import GameResult
from stoneage.sim.schedule import setup


class TimedBot(Bot):
    """Wraps a bot and measures the wall time of each ``step``; counts the incidents of an external bot
    (decisions its program failed and a fallback bot played)."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = 0
        self.seconds = 0.0
        self.max_seconds = 0.0

    def step(self, state: State, player: int) -> int:
        start = time.perf_counter()
        action = self.inner.step(state, player)
        elapsed = time.perf_counter() - start
        self.decisions += 1
        self.seconds += elapsed
        self.max_seconds = max(self.max_seconds, elapsed)
        return action

    def incidents(self) -> int:
        """How many decisions the bot's program failed (0 for a built-in bot)."""
        return len(getattr(self.inner, "incidents", ()))

    def game_over(self, state: State) -> None:
        self.inner.game_over(state)

    def close(self) -> None:
        self.inner.close()

    def mean_seconds(self) -> float:
        """Mean seconds per decision (0 if it never decided)."""
        return self.seconds / self.decisions if self.decisions else 0.0


def play_game(config: TournamentConfig, index: int, keep_record: bool = False) -> GameResult:
    """Play game ``index`` of the tournament; the same config and index give the same game."""
    game_setup = setup(config, index)
    players = len(game_setup.entries)
    labels = config.labels()
    game = load_game(config.game, players=players, seed=game_setup.seed, **config.game_options())
    bots = [
        TimedBot(make_bot(config.bots[entry].strip(), seed, trusted=True))
        for entry, seed in zip(game_setup.entries, game_setup.bot_seeds, strict=True)
    ]
    try:
        state = play_match(game, bots)
        for bot in bots:
            bot.game_over(state)
    finally:
        for bot in bots:
            bot.close()
    result = result_of(state)
    return GameResult(
        index=index,
        seed=game_setup.seed,
        players=players,
        bots=[labels[entry] for entry in game_setup.entries],
        bot_seeds=list(game_setup.bot_seeds),
        scores=list(result["scores"]),
        winners=list(result["winners"]),
        steps=state.move_number(),
        decisions=[bot.decisions for bot in bots],
        seconds_per_decision=[bot.mean_seconds() for bot in bots],
        max_seconds=[bot.max_seconds for bot in bots],
        incidents=[bot.incidents() for bot in bots],
        record=make_record(game, state) if keep_record else None,
    )


def play_batch(config: TournamentConfig, indices: Sequence[int]) -> list[GameResult]:
    """Play several games (one task of a worker process or of Ray)."""
    keep = config.records is not None
    return [play_game(config, index, keep) for index in indices]
