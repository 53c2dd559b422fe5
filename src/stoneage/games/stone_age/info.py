"""Stone Age's description: players, parameters, expansions and variants (no rules imported)."""

from __future__ import annotations

from stoneage.core.gametype import Chance, GameType, Information, Kind, Option, Param

GAME_TYPE = GameType(
    name="stone_age",
    display_name="Stone Age",
    summary="Place your figures to gather food and resources, make tools, buy huts and civilization cards.",
    game_class="stoneage.games.stone_age.game:StoneAgeGame",
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    max_game_length=20_000,
    format_version=1,
    expansions=(
        Option("mammoth",
               "the Mammoth Herd: a herd on one gathering area, a bonus tile to tame, 10 points for most tiles"),
    ),
    variants=(
        Option("hunt_repeat", "a player may place on the hunting grounds again in the same round"),
        Option("two_resources_at_once", "the two-resources card is used at once, when bought"),
        Option("open_cards", "bought civilization cards lie face up for everyone, as on several online sites"),
    ),
    extra_params=(
        Param("mammoth_tiles", Kind.DATA, None,
              "with the mammoth expansion: your own tile table (a JSON file name, or the table itself)"),
    ),
    kits={"play": "stoneage.play.stone_age:KIT", "tui": "stoneage.tui.stone_age:KIT",
          "web": "stone_age"},
)
