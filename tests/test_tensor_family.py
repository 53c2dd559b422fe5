"""The children's games' numeric observations (games/{first_stone_age,stone_age_junior}/tensor.py)
and the toy race's: lengths and range over random games, no hidden thing leaking, the information
state recalling what was seen and nothing else, seats told from the viewer's point of view."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path
from typing import Any

import pytest

from stoneage import load_game
from stoneage.core.contract import State
from stoneage.core.errors import PlayerError
from stoneage.games.first_stone_age import state as F
from stoneage.games.stone_age_junior import state as J

Config = tuple[str, int, tuple[str, ...], tuple[str, ...]]

CONFIGS: list[Config] = [
    ("first_stone_age", 2, (), ()),
    ("first_stone_age", 3, (), ()),
    ("first_stone_age", 4, (), ()),
    ("stone_age_junior", 2, (), ()),
    ("stone_age_junior", 3, ("cards",), ("one_swap",)),
    ("stone_age_junior", 4, ("cards",), ()),
    ("stone_age_junior", 4, (), ("one_swap",)),
    ("toy_race", 2, (), ()),
    ("toy_race", 4, ("ladder",), ("short_track",)),
]
IDS = [f"{name}-{n}-{'+'.join(e + v) or 'base'}" for name, n, e, v in CONFIGS]

SEAT_SLOTS = {
    "pending_seat", "winner", "huts_built", "built_huts", "hut", "goods", "guff", "needs", "figures", "dogs",
    "cards_public", "cards_hidden", "position", "played", "shown", "to_move",
}
"""Slots made of one block per seat (or a one-hot over seats), relative to the viewer."""


def new_state(config: Config, seed: int) -> State:
    name, players, expansions, variants = config
    game = load_game(name, players=players, seed=seed, expansions=list(expansions), variants=list(variants))
    return game.new_initial_state()


def step(state: State, rng: random.Random) -> None:
    state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                       else rng.choice(state.legal_actions()))


def sampled(config: Config, seed: int, every: int = 5) -> list[State]:
    """States along one random game (every ``every``-th position and the final one)."""
    state = new_state(config, seed)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal() and len(state.history()) < 3000:
        step(state, rng)
        if len(state.history()) % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


def part(state: State, player: int, slot: str, info: bool = False) -> list[float]:
    game: Any = state.game  # type: ignore[attr-defined]
    layout = game.information_state_layout() if info else game.observation_layout()
    vector = state.information_state_tensor(player) if info else state.observation_tensor(player)
    where = layout[slot]
    return vector[where.start:where.stop]


# --- shape ------------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_tensor_fits_its_layout_and_lies_in_the_unit_interval(config: Config) -> None:
    for seed in (1, 2):
        for state in sampled(config, seed):
            game: Any = state.game  # type: ignore[attr-defined]
            obs_size, info_size = game.observation_layout().size, game.information_state_layout().size
            for player in range(game.num_players):
                obs = state.observation_tensor(player)
                info = state.information_state_tensor(player)
                assert len(obs) == obs_size and len(info) == info_size
                assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in info)
                assert info[:obs_size] == obs, "the information state starts with the observation"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_layout_is_fixed_for_a_game_and_depends_on_its_parameters(config: Config) -> None:
    game: Any = new_state(config, 0).game  # type: ignore[attr-defined]
    assert game.observation_layout() is game.observation_layout()
    assert game.observation_layout().size <= game.information_state_layout().size
    name, players, expansions, _ = config
    other = load_game(name, players=2 if players > 2 else 3, expansions=list(expansions))
    assert other.observation_layout().size != game.observation_layout().size


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_seat_outside_the_game_is_refused(config: Config) -> None:
    state = new_state(config, 0)
    for bad in (-1, config[1], True, "0"):
        with pytest.raises(PlayerError):
            state.observation_tensor(bad)  # type: ignore[arg-type]
        with pytest.raises(PlayerError):
            state.information_state_tensor(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_tensors_are_deterministic(config: Config) -> None:
    first, again = sampled(config, 5, every=9), sampled(config, 5, every=9)
    assert len(first) == len(again)
    for a, b in zip(first, again, strict=True):
        for player in range(config[1]):
            assert a.information_state_tensor(player) == b.information_state_tensor(player)
            assert a.information_state_tensor(player) == a.clone().information_state_tensor(player)


# --- no leaks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_what_a_seat_cannot_see_does_not_change_its_tensors(config: Config) -> None:
    """A state and any world ``resample_from_infostate`` draws for ``player`` (the hidden cards,
    tiles and huts dealt anew) give ``player`` the same observation and information state; at
    least one drawn world really differs, so the check has teeth."""
    rng = random.Random(7)
    differed = 0
    for state in sampled(config, 3, every=3):
        for player in range(config[1]):
            obs, info = state.observation_tensor(player), state.information_state_tensor(player)
            world = state.resample_from_infostate(player, rng)
            for _ in range(3):
                other = world.resample_from_infostate(player, rng)
                differed += world.to_json() != other.to_json()
                for twin in (world, other):
                    assert twin.observation_tensor(player) == obs
                    assert twin.information_state_tensor(player) == info
    assert differed


def test_another_seats_face_down_goods_card_stays_hidden() -> None:
    """Stone Age Junior with the cards: the kind of a face-down card is in its holder's tensors
    and in nobody else's."""
    state = next(s for s in sampled(("stone_age_junior", 3, ("cards",), ()), 4, every=1)
                 if isinstance(s, J.StoneAgeJuniorState) and any(s.cards_priv))
    holder = next(p for p in range(3) if state.cards_priv[p])
    changed = state.clone()
    kind, *rest = changed.cards_priv[holder]
    changed.cards_priv[holder] = ((kind + 1) % 6, *rest)
    for player in range(3):
        same = player != holder
        assert (changed.observation_tensor(player) == state.observation_tensor(player)) is same
        assert (changed.information_state_tensor(player) == state.information_state_tensor(player)) is same


# --- perfect recall --------------------------------------------------------------------------------


def first_turned_back(seed: int) -> tuple[F.FirstStoneAgeState, int, int]:
    """A My First Stone Age state just after a card was turned back face down: (state, slot, kind)."""
    state = new_state(("first_stone_age", 3, (), ()), seed)
    assert isinstance(state, F.FirstStoneAgeState)
    rng = random.Random(seed)
    while True:
        step(state, rng)
        back = [e for e in state.events() if e[2] == F.EV_TURN_BACK]
        if back:
            return state, back[-1][4], back[-1][5]


def test_my_first_stone_age_remembers_a_card_turned_back() -> None:
    state, slot, kind = first_turned_back(11)
    assert state.circle[slot] == kind and state.seen >> slot & 1
    for player in range(3):
        known = part(state, player, "circle_known", info=True)[slot * 6:slot * 6 + 6]
        assert known == [1.0 if k == kind else 0.0 for k in range(6)]
        assert part(state, player, "circle_unknown", info=True)[slot] == 0.0
    # The observation does not tell the face-down card's kind; the information state does.
    changed = state.clone()
    changed.circle[slot] = (kind + 1) % 6
    assert changed.observation_tensor(0) == state.observation_tensor(0)
    assert changed.information_state_tensor(0) != state.information_state_tensor(0)


def test_my_first_stone_age_knows_nothing_of_a_card_never_seen() -> None:
    state, _, _ = first_turned_back(12)
    unseen = [s for s in range(9) if state.circle[s] != F.EMPTY and not state.seen >> s & 1]
    assert unseen
    world = state.resample_from_infostate(0, random.Random(1))
    for slot in unseen:
        assert part(state, 0, "circle_unknown", info=True)[slot] == 1.0
        assert part(state, 0, "circle_known", info=True)[slot * 6:slot * 6 + 6] == [0.0] * 6
        for kind in range(6):  # whatever the card is, the tensors are the same
            world.circle[slot] = kind
            assert world.information_state_tensor(0) == state.information_state_tensor(0)


def test_stone_age_junior_remembers_forest_tiles_after_they_are_turned_face_down() -> None:
    state = new_state(("stone_age_junior", 2, (), ()), 21)
    assert isinstance(state, J.StoneAgeJuniorState)
    rng = random.Random(21)
    while not (state.seen and not state.up and state.stage == J.CHOOSE_TILE):
        step(state, rng)
    for place in range(14):
        known = part(state, 1, "forest_known", info=True)[place * 14:place * 14 + 14]
        if state.seen >> place & 1:
            assert known == [1.0 if t == state.forest[place] else 0.0 for t in range(14)]
            assert part(state, 1, "forest_tiles")[place * 14:place * 14 + 14] == [0.0] * 14  # face down now
        else:
            assert known == [0.0] * 14
            assert part(state, 1, "forest_unknown", info=True)[place] == 1.0


def test_stone_age_junior_follows_a_seen_tile_through_a_swap() -> None:
    state = new_state(("stone_age_junior", 2, (), ()), 22)
    assert isinstance(state, J.StoneAgeJuniorState)
    rng = random.Random(22)
    while state.stage != J.SWAP:
        step(state, rng)
    seen_place = next(i for i in range(14) if state.seen >> i & 1)
    unseen_place = next(i for i in range(14) if not state.seen >> i & 1)
    tile = state.forest[seen_place]
    pair = (min(seen_place, unseen_place), max(seen_place, unseen_place))
    state.apply_action(state.string_to_action(f"swap {pair[0] + 1} {pair[1] + 1}"))
    known = part(state, 0, "forest_known", info=True)
    assert known[unseen_place * 14 + tile] == 1.0
    assert known[seen_place * 14:seen_place * 14 + 14] == [0.0] * 14


# --- point of view ---------------------------------------------------------------------------------


def rotated(state: State, vector: list[float], shift: int, info: bool) -> list[float]:
    """``vector`` (seat 0's) as seat ``shift`` would read the per-seat slots."""
    game: Any = state.game  # type: ignore[attr-defined]
    layout = game.information_state_layout() if info else game.observation_layout()
    n = game.num_players
    out = list(vector)
    for slot in layout:
        if slot.name not in SEAT_SLOTS:
            continue
        width = slot.size // n
        blocks = [vector[slot.start + k * width:slot.start + (k + 1) * width] for k in range(n)]
        out[slot.start:slot.stop] = [x for k in range(n) for x in blocks[(k + shift) % n]]
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_seat_reads_the_table_from_its_own_seat(config: Config) -> None:
    """Where the game shows every seat the same (all but one's own face-down card), seat v's
    tensor is seat 0's with the seat blocks rotated by v."""
    private = {"own_hidden", "unknown_kinds", "own_card"}
    for state in sampled(config, 9, every=11):
        base_obs, base_info = state.observation_tensor(0), state.information_state_tensor(0)
        game: Any = state.game  # type: ignore[attr-defined]
        layout = game.information_state_layout()
        for viewer in range(1, config[1]):
            expected = rotated(state, base_info, viewer, info=True)
            actual = state.information_state_tensor(viewer)
            for slot in layout:
                if slot.name not in private:
                    assert actual[slot.start:slot.stop] == expected[slot.start:slot.stop], slot.name
            assert state.observation_tensor(viewer) == actual[:len(base_obs)]


def test_the_seat_to_move_is_relative_to_the_viewer() -> None:
    state = new_state(("first_stone_age", 4, (), ()), 3)
    rng = random.Random(3)
    while state.current_player() < 0:
        step(state, rng)
    mover = state.current_player()
    for viewer in range(4):
        assert part(state, viewer, "pending_seat") == [1.0 if k == (mover - viewer) % 4 else 0.0 for k in range(4)]


def test_the_toy_race_shows_a_card_to_its_holder_until_it_is_played() -> None:
    state = new_state(("toy_race", 3, (), ()), 1)
    rng = random.Random(1)
    while state.is_chance_node():
        step(state, rng)
    hand: list[int] = state.hand  # type: ignore[attr-defined]
    for viewer in range(3):
        assert part(state, viewer, "own_card") == [1.0 if v == hand[viewer] else 0.0 for v in range(1, 7)]
        assert part(state, viewer, "shown") == [0.0] * 18
    mover = state.current_player()
    state.apply_action(state.string_to_action("card"))
    for viewer in range(3):
        block = part(state, viewer, "shown")[(mover - viewer) % 3 * 6:][:6]
        assert block == [1.0 if v == hand[mover] else 0.0 for v in range(1, 7)]


# --- docs --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("heading", "name", "params"), [
    ("## My First Stone Age observation", "first_stone_age", {"players": 2}),
    ("## Stone Age Junior observation", "stone_age_junior", {"players": 2, "expansions": ["cards"]}),
])
def test_docs_research_md_shows_the_layout(heading: str, name: str, params: dict[str, Any]) -> None:
    text = (Path(__file__).parent.parent / "docs" / "research.md").read_text(encoding="utf-8")
    assert heading in text
    section = re.split(r"\n## ", text.split(heading, 1)[1])[0]
    assert load_game(name, **params).information_state_layout().table() in section
