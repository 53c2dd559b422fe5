"""The Stone Age Junior game object: parameters and the factory of initial states."""

from __future__ import annotations

from typing import Any

from stoneage.core.contract import Game
from stoneage.core.tensor import Layout
from stoneage.games.stone_age_junior.actions import NUM_ACTIONS
from stoneage.games.stone_age_junior.data import EXPANSION_CARDS
from stoneage.games.stone_age_junior.info import GAME_TYPE
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.games.stone_age_junior.tensor import StoneAgeJuniorTensors


class StoneAgeJuniorGame(Game):
    """Stone Age Junior (My First Stone Age, the board game) for 2–4 players.

    ``seed`` drives chance in ordinary play (``State.sample_chance_outcome()``);
    ``first_player`` is the seat that starts (the rulebook's youngest player);
    ``expansions=["cards"]`` plays the card game as the expansion; ``variants=["one_swap"]``
    limits a visit to the trading post to one swap.
    """

    game_type = GAME_TYPE
    _tensors: StoneAgeJuniorTensors | None = None

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.cards = EXPANSION_CARDS in self.expansions
        self.one_swap = "one_swap" in self.variants

    def new_initial_state(self) -> StoneAgeJuniorState:
        return StoneAgeJuniorState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: object) -> StoneAgeJuniorState:
        from stoneage.games.stone_age_junior.serialize import state_from_json

        return state_from_json(self, data, StoneAgeJuniorState())

    def tensors(self) -> StoneAgeJuniorTensors:
        """The numeric layouts and encoders for these parameters (made once)."""
        if self._tensors is None:
            self._tensors = StoneAgeJuniorTensors(self)
        return self._tensors

    def observation_layout(self) -> Layout:
        return self.tensors().observation_layout

    def information_state_layout(self) -> Layout:
        return self.tensors().information_state_layout
