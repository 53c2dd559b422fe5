"""House rules of stone-age.md §7: off by default, each switched on by a game option."""

from __future__ import annotations

import pytest

from stoneage import load_game
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, legal, play, player


def _start(variants: tuple[str, ...], display: tuple[int, ...] = (11, 18, 30, 27)) -> StoneAgeState:
    state = load_game("stone_age", players=2, variants=variants).new_initial_state()
    for card_id in display:
        state.apply_action(A.card_outcome(card_id))
    play(state, "building wwc", "building wcs")
    return state  # type: ignore[return-value]


def test_variants_are_off_by_default_and_unknown_ones_are_refused() -> None:
    assert load_game("stone_age").params()["variants"] == []
    with pytest.raises(Exception, match="unknown variant 'fast'"):
        load_game("stone_age", variants=["fast"])


def test_without_the_variant_the_hunting_grounds_take_one_group_per_player() -> None:
    state = play(_start(()), "place hunt 2", "place forest 1")
    assert not any(a.startswith("place hunt") for a in legal(state))


def test_hunt_repeat_lets_a_player_add_a_second_group_to_the_hunting_grounds() -> None:
    state = play(_start(("hunt_repeat",)), "place hunt 2", "place forest 1", "place hunt 3")
    assert player(state, 0)["unplaced"] == 0
    assert state.to_json()["board"]["hunt"] == [5, 0]


def test_two_resources_at_once_makes_the_buyer_choose_immediately() -> None:
    state = edit(_start(("two_resources_at_once",), display=(36, 18, 30, 27)), 0, wood=1)
    play(state, "place card1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    assert legal(state) == [A.action_name(A.TAKE + i) for i in range(10)]
    play(state, "take stone gold")
    assert (player(state, 0)["stone"], player(state, 0)["gold"], player(state, 0)["two_resources"]) == (1, 1, 0)
    assert state.is_chance_node()  # the hunt roll follows


def test_by_default_the_two_resources_wait_for_a_later_decision() -> None:
    state = edit(_start((), display=(36, 18, 30, 27)), 0, wood=1)
    play(state, "place card1", "place hunt 5", "place hunt 4", "resolve card1", "pay wood")
    assert state.is_chance_node() and player(state, 0)["two_resources"] == 1
