"""The My First Stone Age game object: parameters and the factory of initial states."""

from __future__ import annotations

from stoneage.core.contract import Game
from stoneage.core.tensor import Layout
from stoneage.games.first_stone_age.actions import NUM_ACTIONS
from stoneage.games.first_stone_age.info import GAME_TYPE
from stoneage.games.first_stone_age.state import FirstStoneAgeState
from stoneage.games.first_stone_age.tensor import FirstStoneAgeTensors


class FirstStoneAgeGame(Game):
    """My First Stone Age: The Card Game for 2–4 players.

    ``seed`` drives chance in ordinary play (``State.sample_chance_outcome()``);
    ``first_player`` is the seat that starts (the rulebook's youngest player) and places Martin.
    """

    game_type = GAME_TYPE
    _tensors: FirstStoneAgeTensors | None = None

    def new_initial_state(self) -> FirstStoneAgeState:
        return FirstStoneAgeState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: object) -> FirstStoneAgeState:
        from stoneage.games.first_stone_age.serialize import state_from_json

        return state_from_json(self, data, FirstStoneAgeState())

    def tensors(self) -> FirstStoneAgeTensors:
        """The numeric layouts and encoders for these parameters (made once)."""
        if self._tensors is None:
            self._tensors = FirstStoneAgeTensors(self)
        return self._tensors

    def observation_layout(self) -> Layout:
        return self.tensors().observation_layout

    def information_state_layout(self) -> Layout:
        return self.tensors().information_state_layout
