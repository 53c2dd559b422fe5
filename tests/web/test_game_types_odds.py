"""The lobby's game types say which games offer odds (the table shows its Odds button by it)."""

from __future__ import annotations

import httpx

from stoneage.play.kit import play_kit
from stoneage.play.odds import has_odds

from web.server import ServerProcess


def test_the_game_types_say_which_games_have_odds(server: ServerProcess) -> None:
    types = {game["name"]: game["odds"] for game in httpx.get(f"{server.http}/api/game-types", timeout=30).json()}
    assert types["stone_age"] is True
    assert types["first_stone_age"] is False and types["stone_age_junior"] is False
    assert types == {name: has_odds(play_kit(name)) for name in types}
