"""My First Stone Age's description (no rules imported)."""

from __future__ import annotations

from stoneage.core.gametype import Chance, GameType, Information
from stoneage.core.i18n import N_

GAME_TYPE = GameType(
    name="first_stone_age",
    display_name=N_("My First Stone Age: The Card Game"),
    summary=N_("A memory game for children: move Martin, turn up goods cards, and be first to build three huts."),
    game_class="stoneage.games.first_stone_age.game:FirstStoneAgeGame",
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    max_game_length=5_000,
    format_version=1,
    kits={"play": "stoneage.play.first_stone_age:KIT", "tui": "stoneage.tui.first_stone_age:KIT",
          "web": "first_stone_age"},
)
