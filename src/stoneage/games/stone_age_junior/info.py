"""Stone Age Junior's description (no rules imported)."""

from __future__ import annotations

from stoneage.core.gametype import Chance, GameType, Information, Option
from stoneage.core.i18n import N_

GAME_TYPE = GameType(
    name="stone_age_junior",
    display_name=N_("Stone Age Junior"),
    summary=N_("Children's board game: walk the ring, trade goods, keep dogs and build huts."),
    game_class="stoneage.games.stone_age_junior.game:StoneAgeJuniorGame",
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    max_game_length=5_000,
    format_version=1,
    expansions=(
        Option("cards", N_("My First Stone Age, the card game: Martin on the trading post and a pile of goods cards")),
    ),
    variants=(
        Option("one_swap", N_("a visit to the trading post allows one 1-for-1 swap only (default: any number)")),
    ),
    kits={"play": "stoneage.play.stone_age_junior:KIT", "tui": "stoneage.tui.stone_age_junior:KIT",
          "web": "stone_age_junior"},
)
