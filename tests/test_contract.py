"""The game/state contract: registry, action space, chance, observations, determinism."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from stoneage import CHANCE, TERMINAL, UnknownGameError, game_names, load_game
from stoneage.core.dice import face_multisets, multiset_ways, sum_counts
from stoneage.games.stone_age import actions as A

from helpers import edit, new_game, play, random_game


def test_games_are_found_by_name() -> None:
    assert "stone_age" in game_names()
    game = load_game("stone_age", players=3, seed=5)
    assert (game.num_players, game.seed, game.name) == (3, 5, "stone_age")
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        load_game("chess")


@pytest.mark.parametrize("dice", range(1, 6))
def test_dice_sum_distribution_matches_enumerating_every_roll(dice: int) -> None:
    counts = [0] * (6 * dice + 1)
    for faces in product(range(1, 7), repeat=dice):
        counts[sum(faces)] += 1
    assert list(sum_counts(dice)) == counts


def test_dice_sum_distribution_for_ten_dice_is_exact() -> None:
    counts = sum_counts(10)
    assert sum(counts) == 6**10 and counts[10] == 1 and counts[60] == 1 and counts[35] == 4395456


def test_dice_for_all_multisets_cover_every_roll() -> None:
    for n in (2, 3, 4):
        assert sum(multiset_ways(f) for f in face_multisets(n)) == 6**n


def test_a_gathering_roll_is_one_chance_node_over_the_dice_sum() -> None:
    state = play(new_game(players=2), "place forest 3", "place hunt 5", "place hunt 2", "resolve forest")
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes_exact())
    assert set(outcomes) == {A.roll(s) for s in range(3, 19)}
    assert outcomes[A.roll(10)] == Fraction(27, 216)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_setup_deals_are_chance_nodes_over_unseen_cards_and_building_kinds() -> None:
    state = load_game("stone_age", players=4).new_initial_state()
    assert state.current_player() == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [A.card_outcome(c) for c in range(1, 37)]
    for card_id in (5, 6, 7, 8):
        state.apply_action(A.card_outcome(card_id))
    outcomes = dict(state.chance_outcomes_exact())
    assert outcomes[A.building_outcome(A.parse_action("building 1-to-7") - A.BUILDING)] == Fraction(3, 28)
    assert outcomes[A.parse_action("building wcs")] == Fraction(2, 28)
    assert len(outcomes) == 22


def test_every_action_has_a_notation_that_parses_back() -> None:
    game = load_game("stone_age")
    state = game.new_initial_state()
    assert game.num_distinct_actions() == A.NUM_ACTIONS
    for action in range(A.NUM_ACTIONS):
        assert state.string_to_action(state.action_to_string(action)) == action


def test_notation_accepts_free_case_spacing_and_resource_order() -> None:
    assert A.parse_action("  PAY clay  wood wood ") == A.parse_action("pay wood wood clay")
    assert A.parse_action("place hut") == A.parse_action("place hut 2")
    assert A.parse_action("tools 1+3") == A.parse_action("tools 3+1")
    assert A.action_name(A.parse_action("tools 1 one-use 2+4")) == "tools 1 one-use 4+2"


def test_observation_hides_the_extra_card_from_other_players_only() -> None:
    state = edit(new_game(players=2, display=(32, 18, 30, 27)), 0, wood=1)
    play(state, "place card1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    assert state.current_player() == CHANCE  # the extra card comes from the deck
    play(state, "card 28")
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["players"][0]["secret_cards"] == [28]
    assert theirs["players"][0]["secret_cards"] == 1
    assert "28" not in json.dumps(theirs["players"][0])
    assert "deck" not in theirs and theirs["deck_size"] == 36 - 4 - 1


def test_observation_never_shows_deck_order_or_stack_contents() -> None:
    state = random_game(3, seed=1).clone()
    obs = state.observation(2)
    assert set(obs) >= {"players", "board", "display", "stacks", "deck_size"}
    assert "deck" not in obs and "unseen_tiles" not in obs
    assert all(set(s) == {"top", "left"} for s in obs["stacks"])
    json.dumps(obs)


def test_terminal_state_has_no_actions_and_returns_sum_to_one() -> None:
    state = random_game(4, seed=3)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert sum(state.returns()) == 1.0
    assert state.scores() == [b["total"] for b in state.score_breakdown()]


def test_history_includes_chance_outcomes_and_clone_is_independent() -> None:
    state = new_game(players=2)
    history = state.history()
    assert history[:4] == [A.card_outcome(c) for c in (11, 18, 30, 27)]
    twin = state.clone()
    play(twin, "place forest 3")
    assert state.history() == history and len(twin.history()) == len(history) + 1
