"""The ``expert`` bot: the search of ``hard`` led by values learned from self-play.

It is :class:`~stoneage.bots.mcts.MCTSBot` whose leaf values and move ordering come from the
learned weights (``learned.py``, trained by ``stoneage train expert``) instead of the hand-set
worth, with a larger budget: ``iterations`` per decision, never more than ``max_seconds``, each
new decision node valued by its mover's best action one step on (``lookahead``). In a
game the weights were not learned for it searches with that game's hand-set heuristic, i.e. it
plays like ``hard`` with the larger budget.
"""

from __future__ import annotations

from stoneage.bots.evaluation import evaluate
from stoneage.bots.mcts import MCTSBot
from stoneage.bots.stone_age.learned import GAME, LearnedValue, load_weights
from stoneage.core.contract import State


class ExpertBot(MCTSBot):
    """MCTS with learned leaf values; ``weights`` is a weights file (default: the shipped one)."""

    name = "expert"

    def __init__(self, seed: int = 0, iterations: int = 1200, seconds: float = 0.0, max_seconds: float = 0.9,
                 c: float = 0.7, width: int = 8, rollout: int = 0, lookahead: bool = True, weights: str = "") -> None:
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, max_seconds=max_seconds, c=c,
                         width=width, rollout=rollout, lookahead=lookahead)
        self.learned = LearnedValue(load_weights(str(weights) if weights else None))

    def step(self, state: State, player: int) -> int:
        learned = getattr(getattr(state, "game", None), "name", "") == GAME
        self.value_of = self.learned if learned else evaluate  # type: ignore[assignment]
        return super().step(state, player)
