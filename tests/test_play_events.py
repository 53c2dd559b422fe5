"""Events told to several viewers at once are the events each would be told alone."""

from __future__ import annotations

import random

import pytest

from stoneage.core.contract import OMNISCIENT, PUBLIC
from stoneage.core.registry import load_game
from stoneage.play.events import apply_for_viewers, apply_with_events

GAMES = [("stone_age", {"expansions": ["mammoth"]}, False), ("first_stone_age", {}, False),
         ("stone_age_junior", {"expansions": ["cards"]}, True)]
"""Each game, and whether some step of it is told differently to different viewers: a Junior goods card
drawn face down is named to its owner only; Stone Age tells everyone "draws the top card face down"."""


@pytest.mark.parametrize(("name", "options", "hidden"), GAMES)
def test_events_for_all_viewers_at_once_equal_each_viewers_own(name: str, options: dict[str, object],
                                                               hidden: bool) -> None:
    game = load_game(name, players=3, seed=11, **options)
    state = game.new_initial_state()
    rng = random.Random(5)
    viewers = [*range(game.num_players), PUBLIC, OMNISCIENT]
    differed = 0
    while not state.is_terminal():
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        together = apply_for_viewers(state.clone(), action, viewers)
        alone = {viewer: apply_with_events(state.clone(), action, viewer) for viewer in viewers}
        assert together == alone
        differed += len({events[0].text for events in alone.values()}) > 1
        state.apply_action(action)
    assert (differed > 0) == hidden, f"{differed} steps were told differently to different viewers"
