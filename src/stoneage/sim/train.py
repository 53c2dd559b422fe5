"""Learning the ``expert`` bot's weights from self-play (``stoneage train expert``).

Generation 0 plays games between hand-set ``greedy`` bots; every later generation plays the
current learned policy (one decision ahead, valued by the learned weights) against ``greedy``.
From each game it keeps some positions (the mover's view) with the game's final outcome, and
after each generation fits the weights to all positions so far by maximum likelihood of who won
(a softmax over the seats' linear worths, Newton steps, ridge toward the hand-set weights). A fit
that predicts outcomes well may still decide worse, so each generation's games also measure the
weights they were played with against ``greedy``, and the weights that did best (win share over
parity) are the result; the last fit, never measured, is kept only when nothing was measured.
Last (``tune_games``), the weights of the village locations are tuned by games between search
policies (``train_tune``). Each game depends only on the seed, its index and the weights it plays
with, so the same seed gives the same weights bit for bit, whatever the number of jobs or the backend.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from stoneage.bots.base import Bot
from stoneage.bots.greedy import GreedyBot
from stoneage.bots.stone_age.features import FEATURES, features
from stoneage.bots.stone_age.learned import GAME, HAND_SET, LearnedValue, Weights
from stoneage.core.contract import State
from stoneage.core.registry import load_game
from stoneage.sim.train_tune import NO_CLOCK, play_mirror_game, tune
from stoneage.sim.workers import process_pool

Spec = TypeVar("Spec")
Played = TypeVar("Played")

SAMPLE_EVERY = 4
"""Keep one position in this many decisions (neighbours say little new)."""
EPSILON = 0.1
"""Chance of a random move by every bot in training games (to see more kinds of positions)."""
CHANCE_SAMPLES = 4
"""Outcomes the learned policy averages after a move that leads to chance (dice, cards)."""
RIDGE = 200.0
"""Default pull of the fit toward the hand-set weights (in units of one position's log-likelihood).

Weaker pulls predict the winner better and decide far worse: fitted on 400 ``greedy`` games
(37,837 positions), a ridge of 20 cut the held-out log-loss from 0.863 to 0.781 and one of 0.2 to
0.712, but the one-step policy with those weights won 32 of 200 and 2 of 60 two-player games
against ``greedy``, where the hand-set weights win 112 of 200 (docs/bots.md, "The expert")."""
TABLES = (2, 2, 3, 4)
"""Table sizes of training games, drawn in turn (two-player games most)."""


@dataclass(frozen=True)
class TrainConfig:
    """A training run: ``games`` per generation, ``generations`` of them, from ``seed``."""

    seed: int = 0
    games: int = 60
    generations: int = 4
    jobs: int = 1
    backend: str = "local"
    ray_address: str | None = None
    ridge: float = RIDGE
    """Pull of the fit toward the hand-set weights (``RIDGE``)."""
    tune_games: int = 0
    """Games per scaling tried when tuning weights by games (``train_tune``; 0: no tuning)."""


@dataclass(frozen=True)
class GameSpec:
    """Everything one training game depends on."""

    seed: int
    players: int
    mammoth: bool
    learned: tuple[bool, ...]
    """Per seat: whether it plays the learned policy (else ``greedy``)."""
    weights: tuple[float, ...]


@dataclass
class GameSample:
    """The positions kept from one game (per position, per seat, the features), its outcome and
    what share of the learned seats' returns they won."""

    positions: list[list[list[float]]]
    returns: list[float]
    learned_share: float | None


@dataclass
class TrainResult:
    """The final weights and the learning curve, one entry per generation."""

    weights: Weights
    curve: list[dict[str, float]] = field(default_factory=list)
    chosen: int = -1
    """The generation whose games measured the chosen weights (−1: the last fit, unmeasured)."""
    tuning: list[dict[str, object]] = field(default_factory=list)
    """A line per scaling tried by the tuning games (``train_tune.tune``)."""


class LearnedPolicy(Bot):
    """One decision ahead: the action whose outcome (averaged over a few chance draws) the
    learned value likes best; a random move with chance ``epsilon``."""

    name = "learned-1ply"

    def __init__(self, weights: Sequence[float], seed: int, epsilon: float) -> None:
        self.value = LearnedValue(Weights(tuple(weights)))
        self.rng = random.Random(seed)
        self.epsilon = epsilon

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        root = state.resample_from_infostate(player, self.rng)
        best, best_value = legal[0], -1.0
        for action in legal:
            child = root.clone()
            child.apply_action(action)
            samples = CHANCE_SAMPLES if child.is_chance_node() else 1
            total = 0.0
            for _ in range(samples):
                drawn = child.clone() if samples > 1 else child
                while drawn.is_chance_node():
                    drawn.apply_action(drawn.sample_chance_outcome(self.rng))
                total += self.value(drawn, player)[player]  # type: ignore[arg-type]
            value = total / samples + self.rng.random() * 1e-9
            if value > best_value:
                best, best_value = action, value
        return best


def game_specs(config: TrainConfig, generation: int, weights: tuple[float, ...]) -> list[GameSpec]:
    """The games of one generation, drawn from the seed and the generation alone."""
    rng = random.Random(f"{config.seed}/{generation}")
    specs = []
    for index in range(config.games):
        players = TABLES[index % len(TABLES)]
        learned = tuple(generation > 0 and (seat + index) % 2 == 0 for seat in range(players))
        specs.append(GameSpec(rng.randrange(2**31), players, rng.random() < 0.5, learned, weights))
    return specs


def play_training_game(spec: GameSpec) -> GameSample:
    """Play one training game and keep every ``SAMPLE_EVERY``-th decision's features."""
    game = load_game(GAME, players=spec.players, seed=spec.seed, expansions=["mammoth"] if spec.mammoth else [])
    bots: list[Bot] = [
        LearnedPolicy(spec.weights, spec.seed + seat, EPSILON) if learned
        else GreedyBot(seed=spec.seed + seat, epsilon=EPSILON, max_seconds=NO_CLOCK)
        for seat, learned in enumerate(spec.learned)
    ]
    rng = random.Random(spec.seed)
    state = game.new_initial_state()
    positions = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        seat = state.current_player()
        if decisions % SAMPLE_EVERY == rng.randrange(SAMPLE_EVERY):
            positions.append(features(state, seat))  # type: ignore[arg-type]
        decisions += 1
        state.apply_action(bots[seat].step(state, seat))
    returns = state.returns()
    share = None
    if any(spec.learned):
        share = sum(r for r, mine in zip(returns, spec.learned, strict=True) if mine)
    return GameSample(positions, returns, share)


def play_all(config: TrainConfig, play: Callable[[Spec], Played], specs: list[Spec]) -> Iterator[Played]:
    """``play`` of each spec (a game), in spec order, here, in worker processes or on Ray."""
    if config.backend == "ray":
        from stoneage.sim.ray_backend import start_ray

        ray, started = start_ray(config.jobs, config.ray_address)
        try:
            task = ray.remote(play)
            refs = [task.remote(spec) for spec in specs]
            for ref in refs:
                yield ray.get(ref)
        finally:
            if started:
                ray.shutdown()
    elif config.jobs > 1:
        with process_pool(config.jobs) as pool:  # on Ctrl-C: the workers are stopped at once
            yield from pool.imap(play, specs)
    else:
        yield from map(play, specs)


def play_counted(config: TrainConfig, play: Callable[[Spec], Played], specs: list[Spec],
                 on_game: Callable[[], None] | None) -> list[Played]:
    """Every game of :func:`play_all`, in spec order, calling ``on_game`` after each (a progress bar)."""
    results = []
    for result in play_all(config, play, specs):
        results.append(result)
        if on_game is not None:
            on_game()
    return results


def arrays(samples: Sequence[GameSample]) -> tuple[Any, Any, Any]:
    """Features (positions × 4 seats × features), seat mask and targets (each seat's return)."""
    import numpy as np

    rows = [(position, sample.returns) for sample in samples for position in sample.positions]
    x = np.zeros((len(rows), 4, len(FEATURES)))
    mask = np.zeros((len(rows), 4), dtype=bool)
    y = np.zeros((len(rows), 4))
    for i, (position, returns) in enumerate(rows):
        n = len(position)
        x[i, :n] = position
        mask[i, :n] = True
        y[i, :n] = returns
    return x, mask, y


def probabilities(x: Any, mask: Any, w: Any) -> Any:
    """Each seat's learned chance of winning (softmax of the worths over the seats at the table)."""
    import numpy as np

    worth = np.where(mask, x @ w, -np.inf)
    worth -= worth.max(axis=1, keepdims=True)
    e = np.exp(worth)
    return e / e.sum(axis=1, keepdims=True)


def log_loss(x: Any, mask: Any, y: Any, w: Any) -> float:
    """Mean negative log-likelihood of the outcomes (ties share), per position."""
    import numpy as np

    p = probabilities(x, mask, w)
    return float(-(y * np.log(np.clip(p, 1e-12, 1.0))).sum() / max(1, len(x)))


def fit(x: Any, mask: Any, y: Any, start: Sequence[float], steps: int = 12,
        ridge_weight: float = RIDGE) -> tuple[float, ...]:
    """Maximum-likelihood weights by Newton steps, with a ridge (``ridge_weight``, in units of one
    position's log-likelihood, times each feature's largest size squared) toward the hand-set weights."""
    import numpy as np

    prior = np.array(HAND_SET)
    w = np.array(start, dtype=float)
    scale = np.maximum(np.abs(x).reshape(-1, x.shape[2]).max(axis=0), 1.0)  # a weight's largest effect
    ridge = ridge_weight * np.diag(scale**2)
    for _ in range(steps):
        p = probabilities(x, mask, w)
        mean = np.einsum("ns,nsf->nf", p, x)
        gradient = np.einsum("ns,nsf->f", y - p, x) - ridge @ (w - prior)
        hessian = np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean + ridge
        w = w + np.linalg.solve(hessian, gradient)
    return tuple(round(float(v), 6) for v in w)


def train(config: TrainConfig, on_game: Callable[[], None] | None = None) -> TrainResult:
    """Run the generations; ``on_game`` is called after each game (for a progress bar)."""
    weights = HAND_SET
    samples: list[GameSample] = []
    curve: list[dict[str, float]] = []
    best: tuple[float, int, tuple[float, ...]] | None = None
    for generation in range(config.generations):
        specs = game_specs(config, generation, weights)
        fresh = play_counted(config, play_training_game, specs, on_game)
        x, mask, y = arrays(fresh)
        before = log_loss(x, mask, y, _vector(weights))
        shares = [s.learned_share for s in fresh if s.learned_share is not None]
        seats_learned = [sum(spec.learned) / spec.players for spec in specs]
        if shares:
            margin = sum(shares) / len(shares) - sum(seats_learned) / len(seats_learned)
            if best is None or margin > best[0]:
                best = (margin, generation, weights)
        samples.extend(fresh)
        weights = fit(*arrays(samples), start=weights, ridge_weight=config.ridge)
        point = {"generation": generation, "positions": sum(len(s.positions) for s in samples),
                 "held_out_log_loss": round(before, 6)}
        if shares:  # the learned policy's share of the wins, and the share that would be parity
            point["learned_win_share"] = round(sum(shares) / len(shares), 6)
            point["learned_seat_share"] = round(sum(seats_learned) / len(seats_learned), 6)
        curve.append(point)
    chosen = -1 if best is None else best[1]
    weights = weights if best is None else best[2]
    tuning: list[dict[str, object]] = []
    if config.tune_games:
        weights, tuning = tune(weights, config.seed, config.tune_games,
                               lambda mirror: play_counted(config, play_mirror_game, mirror, on_game))
    return TrainResult(Weights(weights, {}), curve, chosen, tuning)


def _vector(weights: Sequence[float]) -> Any:
    import numpy as np

    return np.array(weights, dtype=float)
