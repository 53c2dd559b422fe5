"""Stone Age's numeric observation (games/stone_age/tensor.py): the layout's length and range over
random games, no hidden card leaking through it, the viewer's point of view, pinned values."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from stoneage import load_game
from stoneage.core.errors import PlayerError
from stoneage.games.stone_age.game import StoneAgeGame
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.games.stone_age.tensor import CEILINGS, holding_features

from helpers import edit, new_game, play

CONFIGS = [
    (2, (), ()),
    (2, ("mammoth",), ("open_cards", "hunt_repeat")),
    (3, ("mammoth",), ("open_cards",)),
    (3, (), ("two_resources_at_once",)),
    (4, (), ()),
    (4, ("mammoth",), ("hunt_repeat", "two_resources_at_once")),
]
BUY = ("place card4 1", "place hunt 5", "place hunt 4", "resolve card4", "pay wood wood wood wood")
"""Seat 0 buys card 27 (3 points, music) for 4 wood from the cost-4 slot (2 players)."""


def sampled(players: int, expansions: tuple[str, ...], variants: tuple[str, ...], seed: int,
            every: int = 41) -> list[StoneAgeState]:
    """States along one random game: every ``every``-th position and the final one."""
    game = load_game("stone_age", players=players, seed=seed, expansions=list(expansions),
                     variants=list(variants))
    state = game.new_initial_state()
    assert isinstance(state, StoneAgeState)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
        if len(state.history()) % every == 0 and not state.is_terminal():
            out.append(state.clone())
    out.append(state)
    return out


def part(state: StoneAgeState, player: int, slot: str, info: bool = False) -> list[float]:
    game = state.game
    layout = game.information_state_layout() if info else game.observation_layout()
    vector = state.information_state_tensor(player) if info else state.observation_tensor(player)
    where = layout[slot]
    return vector[where.start:where.stop]


@pytest.mark.parametrize(("players", "expansions", "variants"), CONFIGS)
def test_every_tensor_fits_its_layout_and_lies_in_the_unit_interval(
        players: int, expansions: tuple[str, ...], variants: tuple[str, ...]) -> None:
    states = sampled(players, expansions, variants, seed=players * 7 + len(variants))
    game = states[0].game
    obs, info = game.observation_layout(), game.information_state_layout()
    assert game.observation_layout() is obs  # fixed for the game
    assert [s.name for s in info][:len(obs)] == [s.name for s in obs]  # the observation, then memory
    for state in states:
        for p in range(players):
            o, i = state.observation_tensor(p), state.information_state_tensor(p)
            assert len(o) == obs.size and len(i) == info.size
            assert i[:obs.size] == o
            for value in i:
                assert math.isfinite(value) and 0.0 <= value <= 1.0
    seen = set()
    for state in states:
        seen.add(tuple(state.observation_tensor(0)))
    assert len(seen) == len(states)  # the vector follows the game


def test_the_layout_grows_with_players_and_the_expansion() -> None:
    sizes = {(n, m): load_game("stone_age", players=n, expansions=["mammoth"] if m else []).observation_layout().size
             for n in (2, 3, 4) for m in (False, True)}
    assert sizes[(2, False)] < sizes[(3, False)] < sizes[(4, False)]
    for n in (2, 3, 4):
        assert sizes[(n, True)] > sizes[(n, False)]
    mammoth = load_game("stone_age", players=2, expansions=["mammoth"]).observation_layout()
    assert "herd" in [s.name for s in mammoth]
    assert "herd" not in [s.name for s in load_game("stone_age", players=2).observation_layout()]


@pytest.mark.parametrize(("players", "expansions", "variants"), CONFIGS[::2] + CONFIGS[5:])
def test_what_a_seat_cannot_see_never_changes_its_tensors(
        players: int, expansions: tuple[str, ...], variants: tuple[str, ...]) -> None:
    rng = random.Random(5)
    redrawn = 0
    for state in sampled(players, expansions, variants, seed=11, every=29):
        for p in range(players):
            other = state.resample_from_infostate(p, rng)
            redrawn += other.to_json()["players"] != state.to_json()["players"]
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
    assert redrawn  # some states had hidden cards that the resampling changed


def test_another_seats_face_down_extra_cards_stay_hidden_but_count() -> None:
    state = edit(new_game(players=3), 1, secret_cards=[13, 32])
    rng = random.Random(1)
    changed = 0
    for _ in range(10):
        other = state.resample_from_infostate(0, rng)
        changed += other.to_json()["players"][1]["secret_cards"] != [13, 32]
        assert other.observation_tensor(0) == state.observation_tensor(0)
        assert other.information_state_tensor(0) == state.information_state_tensor(0)
        if other.to_json()["players"][1]["secret_cards"] != [13, 32]:
            assert other.observation_tensor(1) != state.observation_tensor(1)  # the holder sees its own
    assert changed  # the check above compared states that truly differ
    assert part(state, 0, "seat1_face_down_cards") == [2 / CEILINGS["face_down_cards"]]
    assert part(state, 0, "seat1_cards_shown") == [0.0]
    assert part(state, 1, "seat0_cards") == list(holding_features(1 << 12 | 1 << 31))
    unseen = part(state, 0, "unseen_cards", info=True)
    assert unseen[13 - 1] == unseen[32 - 1] == 1.0  # never seen by seat 0
    assert part(state, 1, "unseen_cards", info=True)[13 - 1] == 0.0  # seat 1 drew it


def bought(variants: tuple[str, ...] = ()) -> StoneAgeState:
    state = new_game(players=2)
    if variants:
        data = state.to_json()
        data["params"]["variants"] = list(variants)
        state = load_game("stone_age", players=2, variants=list(variants)).state_from_json(data)  # type: ignore[assignment]
    return play(edit(state, 0, wood=4), *BUY)


def test_bought_cards_lie_face_down_in_the_observation_and_are_remembered_in_the_information_state() -> None:
    state = bought()
    music = list(holding_features(1 << 26))
    assert music[7] == 0.5  # one of the two music cards
    assert part(state, 0, "seat0_cards") == music and part(state, 0, "seat0_cards_shown") == [1.0]
    assert part(state, 1, "seat1_cards") == [0.0] * len(music) and part(state, 1, "seat1_cards_shown") == [0.0]
    assert part(state, 1, "seat1_bought_cards") == [1 / CEILINGS["bought_cards"]]
    assert part(state, 1, "seat1_remembered_cards", info=True) == music
    assert part(state, 1, "unseen_cards", info=True)[27 - 1] == 0.0
    opened = bought(("open_cards",))
    assert part(opened, 1, "seat1_cards") == music and part(opened, 1, "seat1_cards_shown") == [1.0]


def test_seats_are_told_from_the_viewers_point_of_view() -> None:
    state = new_game(players=3, first_player=0)
    for seat, food in enumerate((3, 6, 9)):
        state = edit(state, seat, food=food)
    ceiling = CEILINGS["food"]
    assert part(state, 2, "seat0_food") == [9 / ceiling]  # player 2 of 3: own seat first,
    assert part(state, 2, "seat1_food") == [3 / ceiling]  # then seat 0 (next in turn order),
    assert part(state, 2, "seat2_food") == [6 / ceiling]  # then seat 1
    assert part(state, 0, "seat0_food") == [3 / ceiling]
    assert state.current_player() == 0
    assert part(state, 2, "acting_seat") == [0.0, 1.0, 0.0]
    assert part(state, 0, "acting_seat") == [1.0, 0.0, 0.0]
    assert part(state, 1, "first_seat") == [0.0, 0.0, 1.0]


def test_pinned_values_of_a_forced_position() -> None:
    state = edit(new_game(players=2), 0, food=20, wood=5, agriculture=3, tools_ready=[2, 1])
    assert part(state, 0, "seat0_food") == [0.5]
    assert part(state, 0, "seat0_resources") == [0.25, 0.0, 0.0, 0.0]
    assert part(state, 0, "seat0_agriculture") == [0.3]
    assert part(state, 0, "seat0_tools_ready") == [1 / 3, 1 / 3, 0.0, 0.0]
    assert part(state, 1, "seat1_food") == [0.5]
    assert part(state, 0, "round") == [1 / CEILINGS["round"]]
    assert part(state, 0, "deck") == [(36 - 4) / 36]
    display = part(state, 0, "display4")  # card 27: 3 points, music
    assert display[0] == 1.0 and display[1 + 4] == 1.0  # present; the points effect
    played = play(state, "place hunt 3")
    assert part(played, 0, "seat0_placed")[0] == 3 / 10
    assert part(played, 0, "seat0_unplaced") == [2 / 10]
    assert part(played, 1, "seat1_placed")[0] == 3 / 10


def test_the_tensors_are_deterministic() -> None:
    first = sampled(3, ("mammoth",), (), seed=2, every=53)
    again = sampled(3, ("mammoth",), (), seed=2, every=53)
    for a, b in zip(first, again, strict=True):
        for p in range(3):
            assert a.observation_tensor(p) == b.observation_tensor(p) == a.clone().observation_tensor(p)
            assert a.information_state_tensor(p) == b.information_state_tensor(p)


@pytest.mark.parametrize("player", [-1, 2, True, "0"])
def test_a_bad_viewer_is_refused(player: object) -> None:
    state = new_game(players=2)
    with pytest.raises(PlayerError):
        state.observation_tensor(player)  # type: ignore[arg-type]
    with pytest.raises(PlayerError):
        state.information_state_tensor(player)  # type: ignore[arg-type]


def test_the_docs_carry_the_layout_table() -> None:
    game = load_game("stone_age", players=2, expansions=["mammoth"])
    assert isinstance(game, StoneAgeGame)
    text = (Path(__file__).parent.parent / "docs" / "research.md").read_text(encoding="utf-8")
    assert "## Stone Age observation" in text
    assert game.information_state_layout().table() in text
