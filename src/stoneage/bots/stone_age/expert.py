"""The ``expert`` bot: the search of ``hard`` led by values learned from self-play.

It is :class:`~stoneage.bots.mcts.MCTSBot` whose leaf values and move ordering come from the
learned weights (``learned.py``, trained by ``stoneage train expert``) instead of the hand-set
worth, with a larger budget: ``iterations`` per decision, never more than ``max_seconds``, and a
smaller exploration constant ``c`` (:data:`EXPERT_C`). In a game the weights were not learned for
it searches with that game's hand-set heuristic, i.e. it plays like ``hard`` with the larger budget.
"""

from __future__ import annotations

from typing import Final

from stoneage.bots.evaluation import evaluate
from stoneage.bots.mcts import MCTSBot
from stoneage.bots.stone_age.learned import GAME, LearnedValue, load_weights
from stoneage.core.contract import State

EXPERT_C: Final = 0.3
"""The expert's UCT exploration constant (``hard`` keeps MCTS's 0.7). The values are win chances in
[0, 1] whose sibling moves mostly differ by 0.01–0.1, so with 0.7 the exploration term outweighs
them until a move has hundreds of visits and a larger budget mostly re-checks weak moves; 0.3 spends
it deeper on the good ones (docs/bots.md, "The expert", has the games that measured it)."""


class ExpertBot(MCTSBot):
    """MCTS with learned leaf values; ``weights`` is a weights file (default: the shipped one)."""

    name = "expert"

    def __init__(self, seed: int = 0, iterations: int = 2000, seconds: float = 0.0, max_seconds: float = 0.9,
                 c: float = EXPERT_C, width: int = 8, rollout: int = 0, weights: str = "") -> None:
        super().__init__(seed=seed, iterations=iterations, seconds=seconds, max_seconds=max_seconds, c=c,
                         width=width, rollout=rollout)
        self.learned = LearnedValue(load_weights(str(weights) if weights else None))

    def step(self, state: State, player: int) -> int:
        learned = getattr(getattr(state, "game", None), "name", "") == GAME
        self.value_of = self.learned if learned else evaluate  # type: ignore[assignment]
        return super().step(state, player)
