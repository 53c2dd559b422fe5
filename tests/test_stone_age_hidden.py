"""Hidden information: bought civilization cards lie face down (rule documents 000 and 003), the
extra card's draw too; a spectator sees nobody's; search resamples only what a seat cannot know."""

from __future__ import annotations

import random

import pytest

from stoneage import load_game
from stoneage.core.errors import PlayerError
from stoneage.games.stone_age.state import StoneAgeState

from helpers import edit, new_game, play

# Seat 0 buys card 27 (3 points, music) for 4 wood from the cost-4 slot.
BUY = ("place card4 1", "place hunt 5", "place hunt 4", "resolve card4", "pay wood wood wood wood")


def bought(variants: tuple[str, ...] = ()) -> StoneAgeState:
    game = load_game("stone_age", players=2, variants=variants)
    state = new_game(players=2)
    if variants:  # the same setup, with the variant on
        data = state.to_json()
        data["params"]["variants"] = list(variants)
        state = game.state_from_json(data)  # type: ignore[assignment]
    return play(edit(state, 0, wood=4), *BUY)


def test_bought_cards_lie_face_down_other_players_see_only_how_many() -> None:
    state = bought()
    mine, theirs, public = state.observation(0), state.observation(1), state.public_observation()
    assert mine["players"][0]["cards"] == [27] and mine["players"][0]["card_count"] == 1
    assert theirs["players"][0]["cards"] == [] and theirs["players"][0]["card_count"] == 1
    assert public["players"][0]["cards"] == [] and public["players"][0]["card_count"] == 1
    assert public["observer"] is None
    assert theirs["players"][0]["score"] == 3  # the points are on the public score track
    assert state.to_json()["players"][0]["cards"] == [27]  # the full state keeps everything


def test_open_cards_variant_shows_bought_cards_to_everyone_but_not_the_extra_cards_draw() -> None:
    state = bought(("open_cards",))
    assert state.observation(1)["players"][0]["cards"] == [27]
    assert state.public_observation()["players"][0]["cards"] == [27]
    state = edit(state, 0, secret_cards=[13])
    assert state.observation(1)["players"][0]["secret_cards"] == 1
    assert state.public_observation()["players"][0]["secret_cards"] == 1
    assert state.observation(1)["players"][0]["card_count"] == 2


def test_once_the_game_is_over_every_card_is_shown() -> None:
    state = load_game("stone_age", players=3, seed=4).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    full = state.to_json()["players"]
    for view in (state.observation(1), state.public_observation()):
        for seat, data in enumerate(view["players"]):
            assert data["cards"] == full[seat]["cards"]
            assert data["secret_cards"] == full[seat]["secret_cards"]
        assert view["score_breakdown"] == state.score_breakdown()


@pytest.mark.parametrize("seat", [-1, 2, 4, True, "0", 1.0])
def test_observation_of_a_seat_that_does_not_exist_is_a_player_error(seat: object) -> None:
    with pytest.raises(PlayerError, match=r"seat 0\.\.1"):
        new_game(players=2).observation(seat)  # type: ignore[arg-type]


def test_the_public_observation_holds_no_deck_and_no_tile_pile() -> None:
    state = load_game("stone_age", players=2, expansions=["mammoth"]).new_initial_state()
    public = state.public_observation()
    assert "deck" not in public and "deck_size" in public
    assert "pile" not in public["mammoth"] and "pile_size" in public["mammoth"]


def _random_states(count: int) -> list[StoneAgeState]:
    """Mid-game states of seeded random games, with extra cards drawn face down here and there."""
    out = []
    for i in range(count):
        params = {"players": 2 + i % 3, "seed": i, "expansions": ["mammoth"] if i % 2 else [],
                  "variants": ["open_cards"] if i % 4 == 1 else []}
        state = load_game("stone_age", **params).new_initial_state()
        rng = random.Random(i)
        stop = rng.randrange(100, 900)
        while not state.is_terminal() and state.move_number() < stop:
            state.apply_action(state.sample_chance_outcome() if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        out.append(state)  # type: ignore[arg-type]
    return out


def test_resampling_keeps_every_seats_observation_and_the_public_one() -> None:
    hidden_seen = 0
    for state in _random_states(24):
        public = state.public_observation()
        for seat in range(state.num_players):
            mine = state.observation(seat)
            for k in range(3):
                other = state.resample_from_infostate(seat, random.Random(k))
                assert other.observation(seat) == mine
                assert other.public_observation() == public
                assert other.legal_actions() == state.legal_actions()
                hidden_seen += other.to_json() != state.to_json()
    assert hidden_seen  # some resample did redraw a hidden card


def test_resampling_redraws_another_seats_extra_card_from_the_cards_it_could_be() -> None:
    state = edit(new_game(players=2), 1, secret_cards=[13])
    seen = set()
    for k in range(40):
        other = state.resample_from_infostate(0, random.Random(k))
        drawn = other.to_json()["players"][1]["secret_cards"]
        assert len(drawn) == 1 and drawn[0] not in (11, 18, 30, 27)  # never a display card
        seen.add(drawn[0])
    assert len(seen) > 5
    assert state.resample_from_infostate(1, random.Random(0)).to_json() == state.to_json()  # its own
