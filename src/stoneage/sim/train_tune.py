"""Tuning some of the expert's weights by games between search policies (the last step of training).

Fitting who won leaves the weights near the hand-set ones, and some of those decide badly: a
figure on the hut is worth a whole figure at once, so a search bot that places first in round one
takes the hut, its rival the field, and the rival wins about two games in three. What a weight is
worth to decisions shows in games, so each weight of :data:`TUNED` is tried scaled by each of
:data:`FACTORS`, in games where a search led by those weights meets the same search led by the
current ones; a scaling is kept when it wins more than half of the games by :data:`MARGIN`. Every
deal is played twice, the seats swapped. Each game depends only on the seed, the weight, the
factor, its index and the two weight vectors, so the result is the same with any number of jobs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from stoneage.bots.mcts import MCTSBot
from stoneage.bots.stone_age.features import FEATURES
from stoneage.bots.stone_age.learned import GAME, LearnedValue, Weights
from stoneage.core.limits import MAX_SECONDS
from stoneage.core.registry import load_game

TUNED: Final = ("tool_maker", "hut", "field")
"""The weights tuned by games: what a figure on each village location is worth before it acts."""
FACTORS: Final = (0.5, 1.5)
"""The scalings of a weight tried, in turn, until one is kept."""
MARGIN: Final = 0.05
"""How far above half of the games a scaling must win to be kept."""
ITERATIONS: Final = 100
"""The search of a tuning game: the expert's (look ahead, learned values) with this budget."""
NO_CLOCK: Final = MAX_SECONDS
"""The time cap of a bot in training games: the longest a bot may take (an hour per decision), which
no game reaches, so that a game depends on its seed alone, never on how busy the machine is."""


@dataclass(frozen=True)
class MirrorGame:
    """One tuning game: a deal, the seat of the candidate weights and both weight vectors."""

    seed: int
    mammoth: bool
    candidate_seat: int
    candidate: tuple[float, ...]
    current: tuple[float, ...]


def searcher(weights: tuple[float, ...], seed: int) -> MCTSBot:
    """The tuning games' search: no clock (a game depends on its seed alone), learned values."""
    bot = MCTSBot(seed=seed, iterations=ITERATIONS, max_seconds=NO_CLOCK, lookahead=True)
    bot.value_of = LearnedValue(Weights(weights))  # type: ignore[assignment]
    return bot


def play_mirror_game(spec: MirrorGame) -> float:
    """The candidate's share of the win (1, 0, or a tie's share) in one two-player game."""
    game = load_game(GAME, players=2, seed=spec.seed, expansions=["mammoth"] if spec.mammoth else [])
    bots = [searcher(spec.candidate if seat == spec.candidate_seat else spec.current, spec.seed + seat)
            for seat in range(2)]
    rng = random.Random(spec.seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].step(state, seat))
    return state.returns()[spec.candidate_seat]


def tuning_games(games: int) -> int:
    """The most games tuning plays with ``games`` per scaling (fewer when a scaling is kept early)."""
    return 2 * max(1, games // 2) * len(TUNED) * len(FACTORS) if games else 0


def mirror_games(seed: int, feature: str, factor: float, games: int, candidate: tuple[float, ...],
                 current: tuple[float, ...]) -> list[MirrorGame]:
    """The games that try one scaling: ``games // 2`` deals (at least one), the candidate in both seats."""
    rng = random.Random(f"{seed}/tune/{feature}/{factor}")
    specs: list[MirrorGame] = []
    for _ in range(max(1, games // 2)):
        deal, mammoth = rng.randrange(2**31), rng.random() < 0.5
        specs.extend(MirrorGame(deal, mammoth, seat, candidate, current) for seat in range(2))
    return specs


def tune(weights: tuple[float, ...], seed: int, games: int,
         play: Callable[[list[MirrorGame]], list[float]]) -> tuple[tuple[float, ...], list[dict[str, object]]]:
    """The weights after trying each scaling of :data:`TUNED` in ``games`` games (``play`` plays a
    list of them, in order), and a line per scaling tried: its share of the wins and whether it was kept."""
    log: list[dict[str, object]] = []
    for feature in TUNED:
        index = FEATURES.index(feature)
        for factor in FACTORS:
            candidate = list(weights)
            candidate[index] = round(weights[index] * factor, 6)
            shares = play(mirror_games(seed, feature, factor, games, tuple(candidate), weights))
            share = sum(shares) / len(shares)
            kept = share > 0.5 + MARGIN
            log.append({"feature": feature, "factor": factor, "games": len(shares), "share": round(share, 6),
                        "kept": kept})
            if kept:
                weights = tuple(candidate)
                break
    return weights, log
