"""The greedy bot: the action with the best heuristic value a short look ahead."""

from __future__ import annotations

import math
import random
import time

from stoneage.bots.base import Bot
from stoneage.bots.evaluation import evaluate, evaluator_for, win_chances
from stoneage.bots.params import fraction, number, seconds, whole
from stoneage.core.contract import State

NEAR = 2.0
"""With a temperature, only actions within ``NEAR × temperature`` of the best are drawn from, so the
many clearly worse actions of a big decision (a payment) cannot add up to a likely blunder."""
MAX_SAMPLES = 1000
"""The most outcomes of a chance node averaged."""
MAX_DEPTH = 100
"""The most of its own consecutive decisions looked through."""
MAX_BUDGET = 1_000_000_000
"""The most positions valued per legal action (``budget=1000000000`` is the old unbounded look-ahead)."""


class GreedyBot(Bot):
    """Looks one decision ahead (and through the chance and own follow-up decisions it causes)
    and takes the action whose resulting position the heuristic likes best.

    ``epsilon`` is the chance of a random move instead (for gentler opponents); ``samples`` caps
    how many outcomes of a chance node are averaged; ``depth`` is how many of its own
    consecutive decisions it looks through; ``budget`` caps the positions evaluated per legal
    action. The budget is shared out down the look-ahead: a chance node averages at most
    ``min(samples, budget)`` outcomes (all of them, exactly weighted, when there are no more
    than that; else that many drawn by probability) and gives each its share of the budget, so a
    chain of chance nodes (a round's end dealing cards and buildings) narrows to single sampled
    outcomes instead of multiplying. ``evaluations`` counts the positions (heuristic or final)
    the last ``step`` valued.

    ``max_seconds`` is a hard budget per decision (wall time): the actions are valued one after
    another, and once it is spent the best of those valued so far is taken (``cut_short`` says
    so); a decision takes at most the budget plus one action's look-ahead. ``temperature`` plays
    like a person rather than a machine: instead of always the best action, one drawn with
    weight ``exp(−(best − value) / temperature)`` among those within ``NEAR × temperature`` of the
    best (values are win chances in 0..1; near an even game 0.02 is about one point of worth), so
    near-equal moves vary and worse ones are never played; 0 is always the best, and 1 the most.
    ``epsilon`` is in 0..1, ``samples`` 1..``MAX_SAMPLES``, ``depth`` 0..``MAX_DEPTH``, ``budget``
    1..``MAX_BUDGET``, ``max_seconds`` above 0 and at most an hour.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, epsilon: float = 0.0, samples: int = 6, depth: int = 0,
                 budget: int = 12, max_seconds: float = 1.0, temperature: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.epsilon = fraction("epsilon", epsilon)
        self.samples = whole("samples", samples, 1, MAX_SAMPLES)
        self.depth = whole("depth", depth, 0, MAX_DEPTH)
        self.budget = whole("budget", budget, 1, MAX_BUDGET)
        self.max_seconds = seconds("max_seconds", max_seconds)
        self.temperature = number("temperature", temperature, 0.0, 1.0)
        self.evaluations = 0
        self.cut_short = False

    def step(self, state: State, player: int) -> int:
        self.evaluations = 0
        self.cut_short = False
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        ranked = self.ranked(state, player)
        best = max(value for _, value in ranked)
        if not self.temperature:
            return next(action for action, value in ranked if value == best)
        near = [(action, value) for action, value in ranked if best - value <= NEAR * self.temperature]
        weights = [math.exp((value - best) / self.temperature) for _, value in near]
        return self.rng.choices([action for action, _ in near], weights)[0]

    def ranked(self, state: State, player: int) -> list[tuple[int, float]]:
        """The legal actions valued for ``player`` within ``max_seconds`` (all of them unless the
        budget ran out first; ties broken by a tiny seeded jitter)."""
        deadline = time.perf_counter() + self.max_seconds
        root = state.resample_from_infostate(player, self.rng)
        out: list[tuple[int, float]] = []
        for action in root.legal_actions():
            if out and time.perf_counter() >= deadline:
                self.cut_short = True
                break
            child = root.clone()
            child.apply_action(action)
            out.append((action, self.value(child, player, self.depth, self.budget) + self.rng.random() * 1e-9))
        return out

    def value(self, state: State, player: int, depth: int, budget: int) -> float:
        """Expected value of ``state`` for ``player``, looking through chance and own decisions,
        evaluating at most ``budget`` positions."""
        if state.is_terminal():
            self.evaluations += 1
            return final_value(state, player)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            most = min(self.samples, budget)
            if len(outcomes) > most:
                picks = self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes], k=most)
                outcomes = [(a, 1.0 / most) for a in picks]
            share, extra = divmod(budget, len(outcomes))
            total = 0.0
            for i, (action, probability) in enumerate(outcomes):
                child = state.clone()
                child.apply_action(action)
                total += probability * self.value(child, player, depth, share + (i < extra))
            return total
        if depth > 0 and state.current_player() == player:
            legal = state.legal_actions()
            if len(legal) <= budget:
                share, extra = divmod(budget, len(legal))
                best = 0.0
                for i, action in enumerate(legal):
                    child = state.clone()
                    child.apply_action(action)
                    best = max(best, self.value(child, player, depth - 1, share + (i < extra)))
                return best
        self.evaluations += 1
        return evaluate(state, player)[player]


def final_value(state: State, player: int) -> float:
    """``player``'s value of a finished game: its return, or, when nobody won (My First Stone
    Age's stalemate: every return 0), the standing when it stopped, as for a live position.

    A stalemate valued 0 against a live tie's 0.5 made greedy refuse the one good it could still
    keep, because keeping it ended the game; both seats then refused for ever (tournament seed 0,
    game 434). A person takes the good, and the rules then end the game.
    """
    returns = state.returns()
    if any(returns):
        return returns[player]
    evaluator = evaluator_for(state)
    points = evaluator(state, player) if evaluator else [float(s) for s in state.scores()]
    return win_chances(points)[player]
