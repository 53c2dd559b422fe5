"""The greedy bot: the action with the best heuristic value a short look ahead."""

from __future__ import annotations

import random

from stoneage.bots.base import Bot
from stoneage.bots.evaluation import evaluate
from stoneage.core.contract import State


class GreedyBot(Bot):
    """Looks one decision ahead (and through the chance and own follow-up decisions it causes)
    and takes the action whose resulting position the heuristic likes best.

    ``epsilon`` is the chance of a random move instead (for gentler opponents); ``samples`` caps
    how many outcomes of a chance node are averaged; ``depth`` is how many of its own
    consecutive decisions it looks through.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, epsilon: float = 0.0, samples: int = 6, depth: int = 0) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in 0..1, not {epsilon}")
        if samples < 1 or depth < 0:
            raise ValueError("samples must be ≥ 1 and depth ≥ 0")
        self.rng = random.Random(seed)
        self.epsilon = epsilon
        self.samples = samples
        self.depth = depth

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        return max(self.ranked(state, player), key=lambda pair: pair[1])[0]

    def ranked(self, state: State, player: int) -> list[tuple[int, float]]:
        """Every legal action with its value for ``player`` (ties broken by a tiny seeded jitter)."""
        root = state.resample_from_infostate(player, self.rng)
        out = []
        for action in root.legal_actions():
            child = root.clone()
            child.apply_action(action)
            out.append((action, self.value(child, player, self.depth) + self.rng.random() * 1e-9))
        return out

    def value(self, state: State, player: int, depth: int) -> float:
        """Expected value of ``state`` for ``player``, looking through chance and own decisions."""
        if state.is_terminal():
            return state.returns()[player]
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if len(outcomes) > self.samples:
                picks = self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes], k=self.samples)
                outcomes = [(a, 1.0 / self.samples) for a in picks]
            total = 0.0
            for action, probability in outcomes:
                child = state.clone()
                child.apply_action(action)
                total += probability * self.value(child, player, depth)
            return total
        if depth > 0 and state.current_player() == player:
            best = 0.0
            for action in state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                best = max(best, self.value(child, player, depth - 1))
            return best
        return evaluate(state, player)[player]
