"""The My First Stone Age game object: parameters and the factory of initial states."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON, Game
from stoneage.core.errors import GameOptionError
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
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise GameOptionError(f"players must be 2, 3 or 4, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise GameOptionError(f"seed must be a non-negative integer, not {seed!r}")
        if isinstance(first_player, bool) or not isinstance(first_player, int) or not (
            0 <= first_player < players
        ):
            raise GameOptionError(f"first_player must be a seat 0..{players - 1}, not {first_player!r}")
        if isinstance(variants, str):
            raise GameOptionError("variants must be a list of names, not a string")
        for variant in variants:
            if variant not in VARIANTS:
                raise GameOptionError(f"unknown variant {variant!r} (first_stone_age has none)")
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
