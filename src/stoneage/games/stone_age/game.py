"""The Stone Age game object: parameters and the factory of initial states."""

from __future__ import annotations

from typing import Any

from stoneage.core.contract import Game
from stoneage.core.errors import GameOptionError
from stoneage.core.tensor import Layout
from stoneage.games.stone_age.actions import NUM_ACTIONS
from stoneage.games.stone_age.expansion import Expansion
from stoneage.games.stone_age.expansions import expansion_rules
from stoneage.games.stone_age.info import GAME_TYPE
from stoneage.games.stone_age.mammoth import load_tiles, tiles_to_json
from stoneage.games.stone_age.state import StoneAgeState


class StoneAgeGame(Game):
    """Stone Age for 2–4 players (parameters: ``stoneage.game_info("stone_age")``).

    ``seed`` drives chance in ordinary play (``State.sample_chance_outcome()``);
    ``first_player`` is the seat that starts (the rulebook's youngest player).
    """

    game_type = GAME_TYPE

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        variants = self.variants
        self.hunt_repeat = "hunt_repeat" in variants
        self.two_resources_at_once = "two_resources_at_once" in variants
        self.mammoth = "mammoth" in self.expansions
        self.rules: tuple[Expansion, ...] = expansion_rules(self.expansions)
        """The rules of the expansions played, whose hooks the base rules call."""
        tiles = self.values["mammoth_tiles"]
        if tiles is not None and not self.mammoth:
            raise GameOptionError("mammoth_tiles needs expansions=['mammoth']")
        self.mammoth_tiles = load_tiles(tiles)
        if tiles is not None:
            self.values["mammoth_tiles"] = tiles_to_json(self.mammoth_tiles)  # records carry data, not paths

    def new_initial_state(self) -> StoneAgeState:
        return StoneAgeState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: object) -> StoneAgeState:
        from stoneage.games.stone_age.serialize import state_from_json

        return state_from_json(self, data, StoneAgeState())

    def observation_layout(self) -> Layout:
        from stoneage.games.stone_age.tensor import game_layout

        return game_layout(self)

    def information_state_layout(self) -> Layout:
        from stoneage.games.stone_age.tensor import game_layout

        return game_layout(self, information_state=True)
