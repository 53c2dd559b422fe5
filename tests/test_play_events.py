"""Steps applied once and told to several viewers are the events each would be told alone; names are
put in when the words are rendered."""

from __future__ import annotations

import random

import pytest

from stoneage.core.contract import OMNISCIENT, PUBLIC
from stoneage.core.registry import load_game
from stoneage.play.events import Teller, apply_steps, apply_with_events
from stoneage.play.kit import play_kit

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
        teller = Teller(play_kit(game))
        steps = apply_steps(state.clone(), action)
        together = {viewer: teller.tell(steps, viewer) for viewer in viewers}
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
    action = state.legal_actions()[0]
    events = apply_with_events(state.clone(), action)
    named = apply_with_events(state.clone(), action, names={0: "Ada", 2: "Cleo"})
    assert named[0].text.startswith("Ada ") and "Player 1" not in named[0].text
    assert [event.action for event in named] == [event.action for event in events]
    assert [event.fact for event in named] == [event.fact for event in events]  # names are words, not data
    assert apply_with_events(state.clone(), action, names={}) == events
