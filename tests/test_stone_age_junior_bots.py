"""The Stone Age Junior bots: ``junior`` (perfect or forgetful memory of the forest) and ``junior_child``.

They must play only legal moves with 2–4 players, with and without the card-game expansion, replay
from their seeds, use only what their seat may know (two states that differ only in hidden things
get the same decision), remember exactly what their memory setting says, make the sensible move in
forced positions, and a perfect memory must beat random play and forgetful play.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from stoneage import load_game
from stoneage.bots import BotSpecError, bot_names, make_bot
from stoneage.bots.match import play_match
from stoneage.bots.stone_age_junior.memory_bots import UNSEEN, JuniorBot, JuniorChildBot
from stoneage.core.contract import State
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.memory import remembered_forest
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.games.stone_age_junior.view import builds
from stoneage.sim import TournamentConfig, play_game, run_tournament, summarize

SPECS = ("junior", "junior:memory=0.3", "junior_child", "junior:span=3,denial=0", "junior:recall=0.8", "random")
GOODS = ("berry", "fish", "jug", "arrowhead", "tooth")


def game_state(players: int = 2, cards: bool = False, seed: int = 0) -> StoneAgeJuniorState:
    state = load_game("stone_age_junior", players=players, seed=seed,
                      expansions=["cards"] if cards else []).new_initial_state()
    assert isinstance(state, StoneAgeJuniorState)
    return state


def play(state: StoneAgeJuniorState, *texts: str) -> StoneAgeJuniorState:
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def edit(state: StoneAgeJuniorState, change: Callable[[dict[str, Any]], object]) -> StoneAgeJuniorState:
    """A copy of ``state`` changed through its validated JSON form."""
    data = copy.deepcopy(state.to_json())
    change(data)
    result = state.game.state_from_json(data)
    assert isinstance(result, StoneAgeJuniorState)
    return result


def give(seat: int, dogs: int = 0, **goods: int) -> Callable[[dict[str, Any]], None]:
    """A JSON edit: move goods tiles from their spaces (and dogs from the storage) to a seat."""

    def change(data: dict[str, Any]) -> None:
        for good, n in goods.items():
            data["supply"][good] -= n
            data["players"][seat]["goods"][good] += n
        data["dog_storage"] -= dogs
        data["players"][seat]["dogs"] += dogs

    return change


def match(specs: list[str], seed: int, cards: bool = False, variants: tuple[str, ...] = ()) -> State:
    game = load_game("stone_age_junior", players=len(specs), seed=seed, expansions=["cards"] if cards else [],
                     variants=list(variants))
    return play_match(game, [make_bot(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)])


def wins(spec: str, other: str, games: int) -> tuple[int, int]:
    """Wins of ``spec`` and of ``other`` in ``games`` two-player games, seats alternating."""
    won = [0, 0]
    for seed in range(games):
        specs = [spec, other] if seed % 2 == 0 else [other, spec]
        for seat, value in enumerate(match(specs, seed).returns()):
            if value > 0:
                won[(seat + seed) % 2] += 1
    return won[0], won[1]


# --- the registry -------------------------------------------------------------------------------


def test_the_junior_bots_are_registered_and_check_their_settings() -> None:
    assert {"junior", "junior_child"} <= set(bot_names())
    perfect = make_bot("junior", seed=1)
    assert isinstance(perfect, JuniorBot) and perfect.memory == 1.0 and perfect.span == 0
    child = make_bot("junior_child")
    assert isinstance(child, JuniorChildBot) and child.memory == 0.5
    forgetful = make_bot("junior:memory=0.3,span=4")
    assert isinstance(forgetful, JuniorBot) and (forgetful.memory, forgetful.span) == (0.3, 4)
    assert make_bot("junior:recall=0.7").memory == 0.7  # type: ignore[attr-defined]  # the card game's name
    for spec, message in (("junior:memory=1.5", "memory must be"), ("junior:memory=-0.1", "memory must be"),
                          ("junior:memory=0.5,recall=0.5", "not both"), ("junior:span=-1", "span must be"),
                          ("junior:span=1.5", "span must be"), ("junior:denial=2", "denial must be"),
                          ("junior:colour=red", "colour")):
        with pytest.raises(BotSpecError, match=message):
            make_bot(spec)


def test_a_junior_bot_refuses_another_game_with_a_clear_error() -> None:
    state = load_game("first_stone_age", players=2, seed=1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    with pytest.raises(BotSpecError, match=r"plays stone_age_junior .* only, not 'first_stone_age'"):
        make_bot("junior").step(state, state.current_player())


# --- legal, replayable ----------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_only_play_legal_moves_and_games_end(players: int, cards: bool) -> None:
    for seed in range(12):
        specs = [SPECS[(seed + seat) % len(SPECS)] for seat in range(players)]
        variants = ("one_swap",) if seed % 3 == 0 else ()
        final = match(specs, seed, cards, variants)  # play_match raises IllegalActionError on an illegal move
        assert final.is_terminal() and max(final.scores()) == 3


def test_the_same_seeds_give_the_same_game() -> None:
    for seed in range(4):
        specs = ["junior", "junior:memory=0.4", "junior_child"]
        assert match(specs, seed, cards=True).history() == match(specs, seed, cards=True).history()
    assert any(match(["junior_child", "junior_child"], 1).history() != match(["junior_child", "junior_child"],
                                                                             seed).history() for seed in range(2, 6))


# --- only what the seat may know --------------------------------------------------------------------


def decision_points(spec: str, seeds: range, players: int, cards: bool) -> list[tuple[StoneAgeJuniorState, int]]:
    """States at bot decisions (several choices) from seeded games."""
    points = []
    for seed in seeds:
        state = game_state(players, cards, seed)
        bots = [make_bot(spec, seed=seed * 10 + seat) for seat in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome())
                continue
            seat = state.current_player()
            if len(state.legal_actions()) > 1:
                points.append((state.clone(), seat))
            state.apply_action(bots[seat].step(state, seat))
    return points


@pytest.mark.parametrize(("spec", "cards"), [("junior", False), ("junior:memory=0.5", True), ("junior_child", True)])
def test_hidden_things_do_not_change_a_decision(spec: str, cards: bool) -> None:
    generator = random.Random(5)
    checked = 0
    for state, seat in decision_points(spec, range(4), 3, cards):
        other = state.resample_from_infostate(seat, generator)  # every hidden thing drawn anew
        assert other.observation(seat) == state.observation(seat)
        hidden = other.forest != state.forest or other.stacks != state.stacks or other.pile != state.pile
        for bot_seed in (1, 2):
            assert make_bot(spec, seed=bot_seed).step(state, seat) == make_bot(spec, seed=bot_seed).step(other, seat)
        checked += hidden
    assert checked >= 60  # most decisions were compared against a world that really differs


# --- the memory model -----------------------------------------------------------------------------


def observations(seeds: range, cards: bool = False) -> list[dict[str, Any]]:
    return [state.observation(seat) for state, seat in decision_points("junior:memory=0.6", seeds, 2, cards)]


def test_perfect_memory_is_the_public_log_and_a_span_forgets_older_turns() -> None:
    perfect, none, short = JuniorBot(memory=1.0), JuniorBot(memory=0.0), JuniorBot(span=3)
    compared = 0
    for obs in observations(range(4)):
        assert perfect.remember(obs) == remembered_forest(obs)
        assert none.remember(obs) == remembered_forest(obs, since_turn=obs["turn"])
        assert short.remember(obs) == remembered_forest(obs, since_turn=obs["turn"] - 2)
        compared += perfect.remember(obs) != short.remember(obs)
    assert compared >= 10


def test_a_forgetful_memory_never_knows_more_than_the_log_and_places_each_tile_once() -> None:
    bot = JuniorBot(seed=4, memory=0.7)
    for obs in observations(range(3), cards=True):
        believed = bot.remember(obs)
        known = [tile for tile in believed if tile != UNSEEN]
        assert len(known) == len(set(known))
        assert set(known) <= {t for t in remembered_forest(obs) if t != UNSEEN}
        for place, shown in enumerate(obs["forest"]):
            if shown != "down":
                assert believed[place] == shown  # what lies face up is always seen


def test_forgetting_follows_memory_per_turn_and_what_is_forgotten_stays_forgotten() -> None:
    bot = JuniorBot(seed=3, memory=0.6)
    sightings = [{"at": at, "turn": 1, "event": "reveal", "place": at % 14, "tile": "dog"} for at in range(4000)]
    for age in (1, 2, 4):
        kept = sum(bot.remembers(event, 1 + age) for event in sightings) / len(sightings)
        assert kept == pytest.approx(0.6**age, abs=0.03)
    for event in sightings[:300]:
        memory = [bot.remembers(event, 1 + age) for age in range(12)]
        assert memory == sorted(memory, reverse=True)  # True while remembered, then False for good
    again = JuniorBot(seed=3, memory=0.6)
    assert [again.remembers(e, 5) for e in sightings[:200]] == [bot.remembers(e, 5) for e in sightings[:200]]
    assert [JuniorBot(seed=9, memory=0.6).remembers(e, 3) for e in sightings[:200]] != [
        bot.remembers(e, 3) for e in sightings[:200]]


def test_a_forgotten_swap_leaves_the_tiles_where_they_were_seen() -> None:
    obs = {"turn": 4, "forest": ["down"] * 14, "log": [
        {"at": 3, "turn": 1, "event": "reveal", "player": 0, "place": 0, "tile": "dog"},
        {"at": 5, "turn": 1, "event": "reveal", "player": 0, "place": 5, "tile": "4"},
        {"at": 6, "turn": 1, "event": "swap", "player": 0, "places": [0, 9]},
    ]}
    bot = JuniorBot(memory=0.5)
    bot.remembers = lambda event, now: event["event"] == "reveal"  # type: ignore[method-assign]
    believed = bot.remember(obs)
    assert (believed[0], believed[5], believed[9]) == ("dog", "4", UNSEEN)  # wrong: the dog lies in place 9
    assert JuniorBot().remember(obs)[9] == "dog" and JuniorBot().remember(obs)[0] == UNSEEN


# --- sensible decisions in forced positions -----------------------------------------------------------


def first_turns() -> StoneAgeJuniorState:
    """2 players, huts 1 (berry, fish, jug), 10 (jug, arrowhead, tooth), 11 (berry, berry). Seat 0 found
    the building site in place 1 (nothing to build; swapped places 13 and 14), seat 1 went to the dog
    space with the dog tile in place 2; seat 0 is to turn a tile."""
    state = play(game_state(), "hut 1", "hut 10", "hut 11", "turn 1", "reveal building_site", "swap 13 14",
                 "turn 2", "reveal dog")
    assert state.current_player() == 0 and state.observation(0)["pending"]["stage"] == "turn"
    return state


def test_a_bot_that_can_build_goes_to_the_building_site_it_remembers() -> None:
    state = edit(first_turns(), give(0, berry=1, fish=1, jug=1))
    assert [make_bot("junior", seed=s).step(state, 0) for s in range(10)] == [A.turn(0)] * 10
    forgetful = {make_bot("junior:memory=0", seed=s).step(state, 0) for s in range(30)}
    assert len(forgetful) > 3  # it forgot where the building site is: any face-down tile is as good


def test_a_bot_that_cannot_build_keeps_off_the_building_site_it_remembers() -> None:
    state = first_turns()
    chosen = {make_bot("junior", seed=s).step(state, 0) for s in range(30)}
    assert A.turn(0) not in chosen and len(chosen) > 3


def test_at_the_trading_post_the_bot_trades_towards_a_hut() -> None:
    def setup(data: dict[str, Any]) -> None:
        give(0, berry=1, fish=1, tooth=1)(data)
        data["figures"][0] = "fish"

    state = play(edit(first_turns(), setup), "turn 3", "reveal 1")  # fish space + 1: the trading post
    assert state.observation(0)["pending"]["stage"] == "trade"
    assert not builds(state, 0)
    bot = make_bot("junior", seed=1)
    trades = 0
    while state.current_player() == 0:
        action = bot.step(state, 0)
        trades += action != A.STOP_TRADING
        state.apply_action(action)
    assert builds(state, 0) and trades <= 2  # e.g. the tooth for a jug: hut 1 (or two swaps: hut 11)


def test_on_the_building_site_the_bot_builds_and_keeps_its_dog() -> None:
    def setup(data: dict[str, Any]) -> None:
        give(0, dogs=1, berry=1, fish=1, jug=1)(data)
        data["figures"][0] = "trading_post"

    state = play(edit(first_turns(), setup), "turn 3", "reveal 1")  # trading post + 1: the building site
    assert state.observation(0)["pending"]["stage"] == "build"
    assert make_bot("junior", seed=2).step(state, 0) == A.build(1, (0, 1, 2))


def test_the_swap_misleads_the_next_player_with_tiles_everybody_has_seen() -> None:
    def setup(data: dict[str, Any]) -> None:
        give(0, berry=1, fish=1)(data)
        give(1, jug=1, arrowhead=1, tooth=1)(data)  # seat 1 can build hut 10: it wants the building site

    state = play(edit(first_turns(), setup), "turn 1")  # the building site again (everybody saw it)
    assert state.observation(0)["pending"]["stage"] == "swap"  # seat 0 cannot build: reset, then its swap
    assert {i for i in range(14) if state.seen >> i & 1} == {0, 1}
    for s in range(10):  # the building site (place 1) goes where the dog was (place 2)
        assert make_bot("junior", seed=s).step(state, 0) == A.swap(0, 1)
    assert len({make_bot("junior:denial=0", seed=s).step(state, 0) for s in range(10)}) > 5


# --- strength -------------------------------------------------------------------------------------


def test_perfect_memory_beats_random_play() -> None:
    perfect, other = wins("junior", "random", 40)
    assert perfect >= 36, (perfect, other)


def test_perfect_memory_beats_forgetful_memory_and_forgetful_beats_random() -> None:
    perfect, forgetful = wins("junior", "junior:memory=0.3", 40)
    assert perfect >= 32, (perfect, forgetful)
    child, other = wins("junior_child", "random", 40)
    assert child > other, (child, other)


def test_a_tournament_between_memory_settings_runs_and_replays_a_game() -> None:
    config = TournamentConfig(bots=("junior:memory=1.0", "junior:memory=0.3"), games=6, seed=1,
                              game="stone_age_junior", expansions=("cards",))
    outcome = run_tournament(config)
    assert [r.index for r in outcome.results] == list(range(6))
    assert all(max(r.scores) == 3 and len(r.winners) == 1 for r in outcome.results)
    rows = {row.bot: row for row in summarize(outcome.results)}
    assert rows["junior:memory=1.0"].wins + rows["junior:memory=0.3"].wins == 6
    again = play_game(config, 4, keep_record=True)
    assert again.outcome() == outcome.results[4].outcome()
    assert again.record is not None and again.record["game"] == "stone_age_junior"
