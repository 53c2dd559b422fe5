"""The Stone Age Junior game object: parameters and the factory of initial states."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON, Game
from stoneage.core.options import check_names, check_table
from stoneage.games.stone_age_junior.actions import NUM_ACTIONS
from stoneage.games.stone_age_junior.data import EXPANSION_CARDS
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

KNOWN_EXPANSIONS: dict[str, str] = {
    EXPANSION_CARDS: "My First Stone Age, the card game: Martin on the trading post and a pile of goods cards",
}
VARIANTS: dict[str, str] = {
    "one_swap": "a visit to the trading post allows one 1-for-1 swap only (default: any number)",
}


class StoneAgeJuniorGame(Game):
    """Stone Age Junior (My First Stone Age, the board game) for 2–4 players.

    ``seed`` drives chance in ordinary play (``State.sample_chance_outcome()``);
    ``first_player`` is the seat that starts (the rulebook's youngest player);
    ``expansions=["cards"]`` plays the card game as the expansion; ``variants=["one_swap"]``
    limits a visit to the trading post to one swap.
    """

    name = "stone_age_junior"

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        first_player: int = 0,
        expansions: Sequence[str] = (),
        variants: Sequence[str] = (),
    ) -> None:
        check_table(players, seed, first_player)
        self.num_players = players
        self.seed = seed
        self.first_player = first_player
        self.expansions = check_names("expansion", expansions, KNOWN_EXPANSIONS)
        self.variants = check_names("variant", variants, VARIANTS)
        self.cards = EXPANSION_CARDS in self.expansions
        self.one_swap = "one_swap" in self.variants

    def new_initial_state(self) -> StoneAgeJuniorState:
        return StoneAgeJuniorState(self)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def params(self) -> JSON:
        return {
            "players": self.num_players,
            "seed": self.seed,
            "first_player": self.first_player,
            "expansions": list(self.expansions),
            "variants": list(self.variants),
        }

    def state_from_json(self, data: JSON) -> StoneAgeJuniorState:
        from stoneage.games.stone_age_junior.serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return (f"StoneAgeJuniorGame(players={self.num_players}, seed={self.seed}, "
                f"expansions={list(self.expansions)}, variants={list(self.variants)})")
