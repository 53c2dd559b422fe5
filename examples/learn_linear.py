#!/usr/bin/env python3
"""A worked example: a linear value function learned by self-play beats ``random``.

numpy only, no deep-learning framework; a few minutes on a laptop CPU. The game is My First Stone
Age with 2 players, through the PettingZoo environment (``stoneage.envs.pettingzoo``).

1. **Data.** Games are played in the AEC environment; at every decision, every seat's observation
   vector is kept, and when the game ends each is labelled with that seat's final reward
   (``win_loss``: +1 win, -1 loss, 0 shared).
2. **Fit.** Ridge regression of the reward on the observation (plus a constant): ``w``.
3. **Play.** One-step lookahead: for each legal action, copy the environment's game state, play
   the action, and value the result for the mover as ``w · observation``; a chance event right
   after the action (the card Martin turns up) is averaged over its outcomes with their
   probabilities (``chance_outcomes``: what nobody has seen is drawn with its public odds, so
   nothing hidden is peeked at). The best action is played (with probability ``epsilon`` a
   random one, while learning).
4. **Self-play.** Generation 0 is random play; each later generation plays the current ``w``
   against itself, adds its games to the data and refits.
5. **Evaluation.** The final ``w`` (no exploration) against the package's ``random`` bot, seats
   alternating; the win rate with a 95% Wilson interval.

Run from a checkout (``pip install numpy pettingzoo gymnasium``, or the ``rl`` extra)::

    PYTHONPATH=src python examples/learn_linear.py
    PYTHONPATH=src python examples/learn_linear.py --train-games 200 --generations 3 --eval-games 1000
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from stoneage.bots.registry import make_bot
from stoneage.core.contract import State
from stoneage.envs.pettingzoo import raw_env

GAME = "first_stone_age"
PLAYERS = 2
RIDGE = 1e-2
"""The ridge penalty of the least-squares fit (keeps never-seen features at 0)."""

Policy = Callable[[State, int, NDArray[np.int8]], int]
"""Given the game state, the seat to move and its action mask: the action to play."""


def features(observations: NDArray[np.float32]) -> NDArray[np.float64]:
    """The observation vectors with a constant 1 appended (the regression's intercept)."""
    rows = np.atleast_2d(observations).astype(np.float64)
    return np.hstack([rows, np.ones((len(rows), 1))])


def fit(x: NDArray[np.float64], y: NDArray[np.float64], ridge: float = RIDGE) -> NDArray[np.float64]:
    """Ridge regression: ``w`` minimising ``|x w - y|² + ridge |w|²``."""
    weights: NDArray[np.float64] = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y).astype(np.float64)
    return weights


def final_reward(state: State, seat: int) -> float:
    """+1 for a sole win, 0 for a shared win (or no winner), -1 for a loss."""
    returns = state.returns()
    if returns[seat] <= 0:
        return 0.0 if not any(value > 0 for value in returns) else -1.0
    return 1.0 if sum(1 for value in returns if value > 0) == 1 else 0.0


def leaves(state: State, seat: int) -> tuple[list[list[float]], list[float], float]:
    """What ``seat`` may end up seeing after the move just made: observation vectors with their
    probabilities (a chance event is expanded one level), plus the probability-weighted reward of
    any outcome that ends the game."""
    if state.is_terminal():
        return [], [], final_reward(state, seat)
    if not state.is_chance_node():
        return [state.observation_tensor(seat)], [1.0], 0.0
    rows: list[list[float]] = []
    weights: list[float] = []
    ended = 0.0
    for outcome, probability in state.chance_outcomes():
        child = state.clone()
        child.apply_action(outcome)
        if child.is_terminal():
            ended += probability * final_reward(child, seat)
        else:
            rows.append(child.observation_tensor(seat))
            weights.append(probability)
    return rows, weights, ended


def greedy_policy(weights: NDArray[np.float64], epsilon: float = 0.0, seed: int = 0) -> Policy:
    """One-step lookahead on the linear value (with probability ``epsilon`` a random legal action)."""
    rng = random.Random(seed)

    def choose(state: State, seat: int, mask: NDArray[np.int8]) -> int:
        legal = [int(a) for a in np.flatnonzero(mask)]
        if len(legal) == 1:
            return legal[0]
        if epsilon and rng.random() < epsilon:
            return rng.choice(legal)
        values = []
        for action in legal:
            after = state.clone()
            after.apply_action(action)
            rows, probabilities, ended = leaves(after, seat)
            value = ended
            if rows:
                value += float(np.asarray(probabilities) @ (features(np.asarray(rows, np.float32)) @ weights))
            values.append(value)
        best = max(values)
        return rng.choice([a for a, v in zip(legal, values, strict=True) if v >= best - 1e-12])

    return choose


def random_policy(seed: int = 0) -> Policy:
    """The package's ``random`` bot."""
    bot = make_bot("random", seed)
    return lambda state, seat, _mask: bot.step(state, seat)


@dataclass
class Episodes:
    """Observation vectors and the final reward of the seat that saw each."""

    x: list[NDArray[np.float32]] = field(default_factory=list)
    y: list[float] = field(default_factory=list)


def play(policies: list[Policy], seed: int, data: Episodes | None = None) -> list[float]:
    """One game in the PettingZoo AEC env with ``policies[seat]`` deciding; each seat's final
    reward. With ``data``, every seat's observation at every decision is added, labelled."""
    env = raw_env(GAME, players=PLAYERS, seed=seed)
    env.reset(seed=seed)
    seen: dict[str, list[NDArray[np.float32]]] = {agent: [] for agent in env.possible_agents}
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            env.step(None)
            continue
        if data is not None:
            for other in env.possible_agents:
                seen[other].append(env.observe(other)["observation"])
        seat = env.possible_agents.index(agent)
        env.step(policies[seat](env.state, seat, observation["action_mask"]))
    if data is not None:
        for agent, rows in seen.items():
            data.x.extend(rows)
            data.y.extend([rewards[agent]] * len(rows))
    return [rewards[agent] for agent in env.possible_agents]


def train(games: int, generations: int, epsilon: float = 0.1, seed: int = 0,
          report: Callable[[str], None] | None = None) -> NDArray[np.float64]:
    """Self-play: ``games`` random games, fit; then ``generations`` rounds of ``games`` games of
    the current weights against themselves (exploring with ``epsilon``), refitting on all data."""
    data = Episodes()
    for game in range(games):
        play([random_policy(seed + 2 * game), random_policy(seed + 2 * game + 1)], seed + game, data)
    weights = fit(features(np.asarray(data.x)), np.asarray(data.y))
    for generation in range(1, generations + 1):
        if report:
            report(f"generation {generation}: {len(data.y)} labelled observations so far")
        base = seed + generation * 100_003
        for game in range(games):
            policies = [greedy_policy(weights, epsilon, base + 2 * game + seat) for seat in range(PLAYERS)]
            play(policies, base + game, data)
        weights = fit(features(np.asarray(data.x)), np.asarray(data.y))
    return weights


@dataclass(frozen=True)
class Score:
    """The learner's results against an opponent."""

    wins: int
    ties: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def rate(self) -> float:
        """Wins per game, a shared result counting half."""
        return (self.wins + 0.5 * self.ties) / self.games


def evaluate(weights: NDArray[np.float64], games: int, seed: int = 10**6,
             opponent: Callable[[int], Policy] = random_policy) -> Score:
    """The greedy learner against ``opponent``, the learner at seat ``game mod 2``."""
    wins = ties = losses = 0
    for game in range(games):
        mine = game % PLAYERS
        policies = [opponent(seed + 2 * game)] * PLAYERS
        policies[mine] = greedy_policy(weights, 0.0, seed + 2 * game + 1)
        reward = play(policies, seed + game)[mine]
        wins, ties, losses = wins + (reward > 0), ties + (reward == 0), losses + (reward < 0)
    return Score(wins, ties, losses)


def wilson(successes: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    p = successes / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train-games", type=int, default=200, help="games per generation (default 200)")
    parser.add_argument("--generations", type=int, default=3, help="self-play generations after the random one")
    parser.add_argument("--eval-games", type=int, default=1000, help="games against random (default 1000)")
    parser.add_argument("--epsilon", type=float, default=0.1, help="exploration while learning (default 0.1)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    weights = train(args.train_games, args.generations, args.epsilon, args.seed, report=print)
    trained = time.perf_counter() - start
    print(f"trained on {args.train_games * (args.generations + 1)} games in {trained:.1f} s")
    score = evaluate(weights, args.eval_games)
    low, high = wilson(score.wins + 0.5 * score.ties, score.games)
    evaluated = time.perf_counter() - start - trained
    print(f"linear learner vs random: {score.wins} wins, {score.ties} ties, {score.losses} losses in "
          f"{score.games} games: win rate {score.rate:.3f} (95% CI {low:.3f}-{high:.3f}); "
          f"evaluated in {evaluated:.1f} s")
    return {"weights": weights, "score": score, "interval": (low, high), "train_seconds": trained,
            "eval_seconds": evaluated}


if __name__ == "__main__":
    main()
