"""The odds hook of the play kits: Stone Age's gives its gathering odds, a game without odds gives none."""

from __future__ import annotations

from stoneage.play.kit import GENERIC_KIT, play_kit
from stoneage.play.odds import has_odds, odds_for
from stoneage.play.stone_age.odds import gathering_odds_lines

from helpers import edit, new_game, play


def test_stone_age_kit_gives_the_gathering_odds_of_the_seats_own_observation() -> None:
    state = edit(new_game(players=2), 0, tools_ready=[2, 1])
    play(state, "place forest 3", "place hunt 2")
    kit = play_kit("stone_age")
    assert has_odds(kit)
    lines = odds_for(kit, state.observation(0), 0)
    assert lines and lines == gathering_odds_lines(state.observation(0), 0)


def test_a_game_without_odds_offers_none() -> None:
    for kit in (GENERIC_KIT, play_kit("first_stone_age"), play_kit("stone_age_junior")):
        assert not has_odds(kit) and odds_for(kit, {}, 0) is None
