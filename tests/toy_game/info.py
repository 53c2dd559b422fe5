"""The toy race's description (no rules imported), registered by the tests with one line."""

from __future__ import annotations

from stoneage.core.gametype import Chance, GameType, Information, Option

GAME_TYPE = GameType(
    name="toy_race",
    display_name="Toy Race",
    summary="Roll one or two dice, or play your hidden card once; first to the goal wins.",
    game_class="toy_game.game:ToyRaceGame",
    chance=Chance.EXPLICIT,
    information=Information.IMPERFECT,
    max_game_length=200,
    format_version=1,
    min_players=2,
    max_players=4,
    default_players=2,
    expansions=(Option("ladder", "a piece that lands on square 4 climbs to square 9"),),
    variants=(Option("short_track", "the goal is square 10 instead of 15"),),
)
