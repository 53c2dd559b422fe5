"""The Mammoth Herd expansion (mammoth-herd.md), rule by rule, with forced dice and tiles."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from stoneage import GameOptionError, load_game
from stoneage.core.record import make_record, replay
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.mammoth import load_tiles
from stoneage.games.stone_age.state import StoneAgeState

from helpers import legal, play, player
from invariants import check_invariants

SETUP = ("card 11", "card 18", "card 30", "card 27", "building wwc", "building wcs")


def mammoth_game(tile: int = 1, next_back: str = "clay", players: int = 2, **params: Any) -> StoneAgeState:
    """A game at its first placement with the herd's tile forced (tiles 1-4 wood, 5-8 clay,
    9-12 stone, 13-16 gold in the shipped table)."""
    game = load_game("stone_age", players=players, expansions=["mammoth"], **params)
    state = game.new_initial_state()
    back = ("wood", "clay", "stone", "gold")[(tile - 1) // 4]
    stacks = ("building ccg", "building ssg")[: players - 2]
    play(state, *SETUP, *stacks, f"mammoth back {back}", f"mammoth tile {tile}", f"mammoth back {next_back}")
    return state  # type: ignore[return-value]


def mammoth(state: StoneAgeState) -> dict[str, Any]:
    return state.to_json()["mammoth"]  # type: ignore[no-any-return]


def test_the_herd_stands_on_the_area_of_the_top_tiles_back() -> None:
    game = load_game("stone_age", players=2, expansions=["mammoth"])
    state = game.new_initial_state()
    play(state, *SETUP)
    assert dict(state.chance_outcomes_exact()) == {
        A.parse_action(f"mammoth back {r}"): Fraction(1, 4) for r in ("wood", "clay", "stone", "gold")
    }
    play(state, "mammoth back stone")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        f"mammoth tile {t}" for t in (9, 10, 11, 12)
    ]
    play(state, "mammoth tile 11")
    outcomes = dict(state.chance_outcomes_exact())  # the next tile's back is seen at once
    assert outcomes[A.parse_action("mammoth back stone")] == Fraction(3, 15)
    play(state, "mammoth back gold")
    m = mammoth(state)
    assert (m["herd"], m["bonus_tile"], m["next_back"], len(m["pile"])) == ("quarry", 11, "gold", 15)
    assert state.to_json()["phase"] == "placement"


def test_after_gathering_in_the_herds_area_figures_may_move_onto_the_tile_for_one_food_each() -> None:
    state = mammoth_game(tile=1)  # herd on the forest
    play(state, "place forest 3", "place hunt 5", "place hunt 2", "resolve forest", "roll 9")
    assert player(state, 0)["wood"] == 3  # the roll is taken as usual first
    options = legal(state)
    assert options[0] == "tame none"
    assert "tame with food food food" in options and "tame with food food food food" not in options
    assert "tame with food wood" in options  # a resource may replace a food
    play(state, "tame with food wood")
    p0 = player(state, 0)
    assert (p0["on_tile"], p0["food"], p0["wood"]) == (2, 11, 2)


def test_a_gatherer_with_neither_food_nor_resources_is_not_asked() -> None:
    state = mammoth_game(tile=1)
    data = state.to_json()
    data["players"][0]["food"] = 0
    state = state.game.state_from_json(data)
    play(state, "place forest 1", "place hunt 5", "place hunt 4", "resolve forest", "roll 2")
    assert state.is_chance_node()  # straight on to the hunt roll
    assert player(state, 0)["on_tile"] == 0


def test_gathering_elsewhere_or_by_card_roll_does_not_offer_the_tile() -> None:
    state = mammoth_game(tile=1)  # herd on the forest
    play(state, "place quarry 3", "place hunt 5", "place hunt 2", "resolve quarry", "roll 10")
    assert state.is_chance_node() and player(state, 0)["stone"] == 2


def _lone_contender(bonus: str) -> StoneAgeState:
    state = mammoth_game(tile=1)  # "1": 3 wood, "all": 1 wood
    play(state, "place forest 3", "place hunt 5", "place hunt 2", "resolve forest", "roll 9",
         "tame with food food", "roll 6", "roll 20")
    assert legal(state) == ["bonus one", "bonus all"]  # a lone contender wins without rolling
    return play(state, bonus)


def test_a_lone_contender_takes_the_one_bonus_and_keeps_the_tile() -> None:
    state = _lone_contender("bonus one")
    p0 = player(state, 0)
    assert (p0["wood"], p0["mammoth_tiles"], p0["on_tile"]) == (3 + 3, 1, 0)  # rolled 3, bonus 3
    assert state.to_json()["phase"] == "setup"  # fed, next round begins
    assert p0["food"] == 12 - 2 + 3 - 5  # paid 2 for the tile, hunted 3, all 5 figures fed


def test_the_winner_may_take_the_all_bonus_instead() -> None:
    p0 = player(_lone_contender("bonus all"), 0)
    assert (p0["wood"], p0["mammoth_tiles"]) == (3 + 1, 1)


def _contest(first_faces: str, second_faces: str, tile: int = 4) -> StoneAgeState:
    """3 players; seats 0 and 1 both move figures onto tile ``tile`` (herd on the forest)."""
    state = mammoth_game(tile=tile, players=3)
    play(state, "place forest 2", "place forest 2", "place hunt 5", "place hunt 3", "place hunt 3",
         "resolve forest", "roll 6", f"tame with {' '.join(['food'] * len(first_faces.split()))}",
         "roll 6", "resolve forest", "roll 6", f"tame with {' '.join(['food'] * len(second_faces.split()))}",
         "roll 6", "roll 17")
    assert state.is_chance_node() and state.to_json()["phase"] == "taming"
    play(state, f"tame dice {first_faces}", f"tame dice {second_faces}")
    return state


def test_the_highest_single_die_wins_the_contest() -> None:
    state = _contest("6 1", "5 5")  # tile 4: "1" = 6 points, "all" = 2 points
    assert state.current_player() == 0 and legal(state) == ["bonus one", "bonus all"]
    play(state, "bonus one")
    assert player(state, 0)["score"] == 6 and player(state, 1)["score"] == 0


def test_a_tie_on_the_highest_die_is_broken_by_the_next() -> None:
    state = _contest("6 2", "6 3")
    assert state.current_player() == 1


def test_a_full_tie_gives_every_tied_player_the_all_bonus_and_the_tile_goes_back() -> None:
    state = _contest("4 2", "2 4")
    p0, p1 = player(state, 0), player(state, 1)
    assert (p0["score"], p1["score"]) == (2, 2)
    assert (p0["mammoth_tiles"], p1["mammoth_tiles"]) == (0, 0)


def test_a_player_with_an_extra_die_beats_one_who_has_run_out() -> None:
    state = mammoth_game(tile=4, players=3)
    play(state, "place forest 3", "place forest 2", "place hunt 5", "place hunt 2", "place hunt 3",
         "resolve forest", "roll 6", "tame with food food food", "roll 6",
         "resolve forest", "roll 6", "tame with food food", "roll 6", "roll 17",
         "tame dice 6 3 1", "tame dice 6 3")
    assert state.current_player() == 0 and legal(state) == ["bonus one", "bonus all"]


def test_nobody_on_the_tile_means_no_bonus_and_no_contest() -> None:
    state = mammoth_game(tile=4)
    play(state, "place forest 3", "place hunt 5", "place hunt 2", "resolve forest", "roll 9", "tame none",
         "roll 6", "roll 20")
    assert state.to_json()["phase"] == "setup"
    assert all(player(state, p)["mammoth_tiles"] == 0 and player(state, p)["score"] == 0 for p in (0, 1))


def test_tools_never_change_taming_dice() -> None:
    state = _contest("3", "5")
    assert state.current_player() == 1 and legal(state) == ["bonus one", "bonus all"]


def test_a_bonus_card_is_drawn_face_down_from_the_deck() -> None:
    state = mammoth_game(tile=7)  # clay: "1" = a card from the deck
    play(state, "place claypit 2", "place hunt 5", "place hunt 3", "resolve claypit", "roll 8",
         "tame with food", "roll 6", "roll 20", "bonus one")
    assert state.is_chance_node() and len(state.legal_actions()) == 36 - 4
    play(state, "card 26")
    assert player(state, 0)["secret_cards"] == [26]
    assert state.observation(1)["players"][0]["secret_cards"] == 1


def test_two_resources_of_your_choice_are_chosen_at_once() -> None:
    state = mammoth_game(tile=8)  # clay: "1" = 2 resources of your choice
    play(state, "place claypit 2", "place hunt 5", "place hunt 3", "resolve claypit", "roll 8",
         "tame with food", "roll 6", "roll 20", "bonus one")
    assert legal(state) == [A.action_name(A.TAKE + i) for i in range(10)]
    play(state, "take gold gold")
    assert player(state, 0)["gold"] == 2 and player(state, 0)["two_resources"] == 0


def test_an_empty_pile_sends_the_herd_away_and_the_normal_rules_apply() -> None:
    one_tile = [{"back": "wood", "one": {"wood": 3}, "all": {"wood": 1}}]
    game = load_game("stone_age", players=2, expansions=["mammoth"], mammoth_tiles=one_tile)
    state = game.new_initial_state()
    play(state, *SETUP, "mammoth back wood", "mammoth tile 1")
    assert state.to_json()["phase"] == "placement" and mammoth(state)["next_back"] is None
    play(state, "place hunt 5", "place hunt 5", "roll 10", "roll 10")  # round 1: nobody tames
    assert mammoth(state)["herd"] is None and state.to_json()["phase"] == "placement"  # round 2
    play(state, "place hunt 5", "place forest 5", "roll 10", "roll 9")  # seat 1 starts round 2
    assert player(state, 0)["wood"] == 3
    assert state.to_json()["round"] == 3 and state.to_json()["phase"] == "placement"  # no taming step


def test_the_most_tiles_score_ten_points_each_at_the_end() -> None:
    state = mammoth_game(tile=1)
    data = state.to_json()
    data["players"][0]["mammoth_tiles"] = 2
    data["players"][1]["mammoth_tiles"] = 2
    tied = state.game.state_from_json(data).score_breakdown()
    assert [b["mammoth"] for b in tied] == [10, 10]
    data["players"][1]["mammoth_tiles"] = 1
    breakdown = state.game.state_from_json(data).score_breakdown()
    assert [b["mammoth"] for b in breakdown] == [10, 0]
    assert breakdown[0]["total"] == breakdown[1]["total"] + 10


def test_the_shipped_tiles_say_they_are_a_reconstruction() -> None:
    text = (Path(__file__).parent.parent / "src/stoneage/games/stone_age/mammoth_tiles.json").read_text()
    data = json.loads(text)
    assert data["reconstruction"] is True and len(data["tiles"]) == 16
    assert mammoth(mammoth_game())["reconstructed_tiles"] is True


def test_the_shipped_tile_table_is_parsed_once_per_process_and_a_table_given_as_data_per_game() -> None:
    games = [load_game("stone_age", players=2, seed=s, expansions=["mammoth"]) for s in range(3)]
    assert all(g.mammoth_tiles is games[0].mammoth_tiles for g in games)  # one parse, shared
    assert load_tiles() is games[0].mammoth_tiles and len(load_tiles()) == 16
    mine = [{"back": "wood", "one": {"points": 4}, "all": {"food": 1}}] * 3
    a = load_game("stone_age", players=2, expansions=["mammoth"], mammoth_tiles=mine)
    b = load_game("stone_age", players=2, expansions=["mammoth"], mammoth_tiles=mine)
    assert a.mammoth_tiles == b.mammoth_tiles and a.mammoth_tiles is not b.mammoth_tiles
    assert a.mammoth_tiles[0].one.points == 4


def test_your_own_tile_table_replaces_the_reconstruction(tmp_path: Path) -> None:
    mine = [{"back": "gold", "one": {"points": 20}, "all": {"food": 1}}] * 16
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps({"tiles": mine}))
    game = load_game("stone_age", players=2, expansions=["mammoth"], mammoth_tiles=str(path))
    assert load_tiles(str(path))[0].one.points == 20
    assert game.params()["mammoth_tiles"][0] == {"back": "gold", "one": {"points": 20}, "all": {"food": 1}}
    state = game.new_initial_state()
    play(state, *SETUP)
    assert legal(state) == ["mammoth back gold"]


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ([], "a list of 1..32 tiles"),
        ([{"back": "iron", "one": {}, "all": {}}], r"tiles\[0\].back must be one of"),
        ([{"back": "wood", "one": {"gems": 1}, "all": {}}], r"tiles\[0\].one.gems is not a bonus"),
        ([{"back": "wood", "one": {"wood": -1}, "all": {}}], r"must be an integer 0..20"),
        ([{"back": "wood", "one": {"choice": 3}, "all": {}}], "choice must be 2"),
        ([{"back": "wood", "one": {}}], "exactly 'back', 'one' and 'all'"),
    ],
)
def test_a_bad_tile_table_is_refused_with_the_reason(tiles: list[Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        load_game("stone_age", expansions=["mammoth"], mammoth_tiles=tiles)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/stdin"])
def test_a_tile_table_that_is_not_a_regular_file_is_refused_at_once(path: str) -> None:
    with pytest.raises(GameOptionError, match=f"cannot read mammoth tiles '{path}': not a regular file"):
        load_tiles(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"tiles": [\xff]}', r"not UTF-8 text \(byte 11\)"),
        (b"[" * 5000 + b"]" * 5000, "nests deeper than 64 levels"),
        (b'[{"back": "wood", "one": {"wood": ' + b"9" * 5000 + b'}, "all": {}}]', "an integer of more than 30 digits"),
        (b"{not json", "is not JSON"),
    ],
)
def test_a_tile_table_file_outside_the_json_limits_is_a_game_option_error(tmp_path: Path, content: bytes,
                                                                          message: str) -> None:
    path = tmp_path / "tiles.json"
    path.write_bytes(content)
    with pytest.raises(GameOptionError, match=message):
        load_tiles(str(path))
    with pytest.raises(GameOptionError, match=message):
        load_game("stone_age", expansions=["mammoth"], mammoth_tiles=str(path))


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ([{"back": ["wood"], "one": {}, "all": {}}], r"tiles\[0\]\.back must be one of"),
        ([{"back": "wood", "one": {"wood": [[[[1]]]]}, "all": {}}], r"tiles\[0\]\.one\.wood must be an integer"),
        ([{"back": "wood", "one": {}, "all": {"food": 10**29}}], r"tiles\[0\]\.all\.food must be an integer 0\.\.20"),
        ([{"back": "wood", "one": {"wood": 1.0}, "all": {}}], r"tiles\[0\]\.one\.wood must be an integer"),
        ([{"back": "wood", "one": {"x" * 5000: 1}, "all": {}}], r"tiles\[0\]\.one\.'x+\.\.\. is not a bonus"),
        ([{"back": "wood", "one": {}, "all": {}}, "tile"], r"tiles\[1\] must have exactly"),
        ({"tiles": {"0": {}}}, "expected a list of 1..32 tiles"),
        ([{"back": "wood", "one": {}, "all": {}}] * 33, "expected a list of 1..32 tiles"),
    ],
)
def test_a_malformed_tile_table_names_the_entry(tmp_path: Path, tiles: Any, message: str) -> None:
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(tiles))
    with pytest.raises(GameOptionError, match=message):
        load_tiles(str(path))
    with pytest.raises(GameOptionError, match=message):
        load_tiles(tiles)


@pytest.mark.parametrize("source", [3, True, 1.5, b"tiles.json"])
def test_a_tile_table_that_is_neither_a_file_name_nor_a_table_is_refused(source: Any) -> None:
    with pytest.raises(GameOptionError, match="expected a file name or a table"):
        load_game("stone_age", expansions=["mammoth"], mammoth_tiles=source)


def test_tiles_without_the_expansion_are_refused() -> None:
    with pytest.raises(GameOptionError, match="needs expansions=\\['mammoth'\\]"):
        load_game("stone_age", mammoth_tiles=[])


def test_a_game_without_the_expansion_has_no_herd_and_old_records_replay() -> None:
    base = load_game("stone_age", players=2, seed=3)
    assert "mammoth" not in base.new_initial_state().to_json()
    record = {"format": 1, "game": "stone_age", "players": 2, "seed": 3,
              "options": {"first_player": 0, "expansions": []}, "actions": ["card 1", "card 2"]}
    _, state = replay(record)
    assert state.history() == [A.card_outcome(1), A.card_outcome(2)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_random_games_with_the_herd_keep_every_invariant(players: int, seed: int) -> None:
    game = load_game("stone_age", players=players, seed=seed, expansions=["mammoth"])
    state = game.new_initial_state()
    rng = random.Random(seed)
    tiles_seen = 0
    while not state.is_terminal():
        check_invariants(state)
        if rng.random() < 0.2:
            data = state.to_json()
            assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
            for action in state.legal_actions():
                assert state.string_to_action(state.action_to_string(action)) == action
            observed = state.observation(rng.randrange(players))
            assert "pile" not in observed["mammoth"]
        tiles_seen = max(tiles_seen, 16 - len(state.to_json()["mammoth"]["pile"]))
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
    check_invariants(state)
    assert tiles_seen >= 1
    total = sum(p["mammoth_tiles"] for p in state.to_json()["players"])
    assert total <= 16
    _, replayed = replay(json.loads(json.dumps(make_record(game, state))))
    assert replayed.to_json() == state.to_json()


def test_a_thousand_steps_of_random_play_with_the_herd_in_every_player_count() -> None:
    for players in (2, 3, 4):
        for seed in range(30):
            state = load_game("stone_age", players=players, seed=seed, expansions=["mammoth"]).new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                a = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
                state.apply_action(a)
            check_invariants(state)


def test_a_choice_bonus_on_top_of_an_unused_two_resources_card_saves_and_loads() -> None:
    from helpers import edit

    state = edit(mammoth_game(tile=8), 0, two_resources=1, cards=[36])
    play(state, "place claypit 2", "place hunt 5", "place hunt 3", "resolve claypit", "roll 8",
         "tame with food", "roll 6", "roll 20", "bonus one")
    assert player(state, 0)["two_resources"] == 2
    assert state.game.state_from_json(state.to_json()).to_json() == state.to_json()
