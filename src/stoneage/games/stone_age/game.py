"""The Stone Age game object: parameters and the factory of initial states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.contract import JSON, Game
from stoneage.core.errors import GameOptionError
from stoneage.core.options import check_names, check_table
from stoneage.games.stone_age.actions import NUM_ACTIONS
from stoneage.games.stone_age.mammoth import load_tiles, tiles_to_json
from stoneage.games.stone_age.state import StoneAgeState

KNOWN_EXPANSIONS: tuple[str, ...] = ("mammoth",)
VARIANTS = {
    "hunt_repeat": "a player may place on the hunting grounds again in the same round",
    "two_resources_at_once": "the two-resources card is used at once, when bought",
}
"""House rules from the quick guide's "Ideas & twists" (stone-age.md §7), all off by default."""


class StoneAgeGame(Game):
    """Stone Age for 2–4 players.

    ``seed`` drives chance in ordinary play (``State.sample_chance_outcome()``);
    ``first_player`` is the seat that starts (the rulebook's youngest player).
    """

    name = "stone_age"

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        first_player: int = 0,
        expansions: Sequence[str] = (),
        variants: Sequence[str] = (),
        mammoth_tiles: str | list[Any] | None = None,
    ) -> None:
        check_table(players, seed, first_player)
        expansions = check_names("expansion", expansions, KNOWN_EXPANSIONS)
        variants = check_names("variant", variants, VARIANTS)
        self.num_players = players
        self.seed = seed
        self.first_player = first_player
        self.expansions = expansions
        self.variants = variants
        self.hunt_repeat = "hunt_repeat" in self.variants
        self.two_resources_at_once = "two_resources_at_once" in self.variants
        self.mammoth = "mammoth" in self.expansions
        if mammoth_tiles is not None and not self.mammoth:
            raise GameOptionError("mammoth_tiles needs expansions=['mammoth']")
        self.mammoth_tiles = load_tiles(mammoth_tiles)
        self._custom_tiles = mammoth_tiles is not None

    def new_initial_state(self) -> StoneAgeState:
        return StoneAgeState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def params(self) -> JSON:
        return {
            "players": self.num_players,
            "seed": self.seed,
            "first_player": self.first_player,
            "expansions": list(self.expansions),
            "variants": list(self.variants),
            **({"mammoth_tiles": tiles_to_json(self.mammoth_tiles)} if self._custom_tiles else {}),
        }

    def state_from_json(self, data: JSON) -> StoneAgeState:
        from stoneage.games.stone_age.serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"StoneAgeGame(players={self.num_players}, seed={self.seed})"
