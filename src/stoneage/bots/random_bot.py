"""The uniform-random bot."""

from __future__ import annotations

import random

from stoneage.bots.base import Bot
from stoneage.core.contract import State


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State, player: int) -> int:
        return self.rng.choice(state.legal_actions())
