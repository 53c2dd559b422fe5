"""The My First Stone Age game object: parameters and the factory of initial states."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON, Game
from stoneage.core.options import check_names, check_table
from stoneage.games.first_stone_age.actions import NUM_ACTIONS
from stoneage.games.first_stone_age.state import FirstStoneAgeState

VARIANTS: dict[str, str] = {}
"""House rules; none yet (the parameter exists so faces can pass ``variants=[]`` to any game)."""


class FirstStoneAgeGame(Game):
    """My First Stone Age: The Card Game for 2–4 players.

    ``seed`` drives chance in ordinary play (``State.sample_chance_outcome()``);
    ``first_player`` is the seat that starts (the rulebook's youngest player) and places Martin.
    """

    name = "first_stone_age"

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        first_player: int = 0,
        variants: Sequence[str] = (),
    ) -> None:
        check_table(players, seed, first_player)
        check_names("variant", variants, VARIANTS)
        self.num_players = players
        self.seed = seed
        self.first_player = first_player

    def new_initial_state(self) -> FirstStoneAgeState:
        return FirstStoneAgeState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def params(self) -> JSON:
        return {"players": self.num_players, "seed": self.seed, "first_player": self.first_player}

    def state_from_json(self, data: JSON) -> FirstStoneAgeState:
        from stoneage.games.first_stone_age.serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"FirstStoneAgeGame(players={self.num_players}, seed={self.seed})"
