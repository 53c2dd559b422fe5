"""Events told to several viewers at once are the events each would be told alone."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stoneage.core.contract import OMNISCIENT, PUBLIC
from stoneage.core.registry import load_game
from stoneage.play.events import apply_for_viewers, apply_with_events, called_by

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


def test_the_table_calls_seats_by_their_names_in_sentences_and_effects() -> None:
    game = load_game("stone_age", players=3, seed=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    events = apply_with_events(state, state.legal_actions()[0])
    named = called_by(events, {0: "Ada", 2: "Cleo"})
    assert named[0].text.startswith("Ada ") and "Player 1" not in named[0].text
    assert [event.action for event in named] == [event.action for event in events]
    moved = called_by([replace(events[0], text="Player 2 takes a dog from Player 3", effects=("Player 1: +2 food",))],
                      {0: "Ada", 2: "Cleo"})[0]
    assert (moved.text, moved.effects) == ("Player 2 takes a dog from Cleo", ("Ada: +2 food",))
    assert called_by(events, {}) == events
