"""Stone Age's description: players, parameters, expansions and variants (no rules imported)."""

from __future__ import annotations

from stoneage.core.gametype import Chance, GameType, Information, Kind, Option, Param
from stoneage.core.i18n import N_

GAME_TYPE = GameType(
    name="stone_age",
    display_name=N_("Stone Age"),
    summary=N_("Place your figures to gather food and resources, make tools, buy huts and civilization cards."),
    game_class="stoneage.games.stone_age.game:StoneAgeGame",
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    max_game_length=20_000,
    format_version=1,
    expansions=(
        Option("mammoth",
               N_("the Mammoth Herd: a herd on one gathering area, a bonus tile to tame, 10 points for most tiles")),
    ),
    variants=(
        Option("hunt_repeat", N_("a player may place on the hunting grounds again in the same round")),
        Option("two_resources_at_once", N_("the two-resources card is used at once, when bought")),
        Option("open_cards", N_("bought civilization cards lie face up for everyone, as on several online sites")),
    ),
    extra_params=(
        Param("mammoth_tiles", Kind.DATA, None,
              N_("with the mammoth expansion: your own tile table (a JSON file name, or the table itself)")),
    ),
    kits={"play": "stoneage.play.stone_age:KIT", "tui": "stoneage.tui.stone_age:KIT",
          "web": "stone_age"},
)
