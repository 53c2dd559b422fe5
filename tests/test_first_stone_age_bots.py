"""The card-game bots: ``memory`` (perfect or forgetful memory) and ``child``.

They must play only legal moves, replay from their seeds, use only what their seat may know (two
states that differ only in face-down cards get the same decision), remember exactly what their
memory setting says, and perfect memory must beat random play and forgetful play.
"""

from __future__ import annotations

import random

import pytest

from stoneage import load_game
from stoneage.bots import BotSpecError, bot_names, make_bot
from stoneage.bots.first_stone_age.memory_bots import DENIAL_TURNS, ChildBot, MemoryBot
from stoneage.bots.match import play_match
from stoneage.core.contract import State
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.memory import remembered_circle
from stoneage.games.first_stone_age.state import EMPTY, FirstStoneAgeState
from stoneage.sim.config import TournamentConfig
from stoneage.sim.schedule import setup

SPECS = ("memory", "memory:recall=0.3", "child", "memory:recall=0,span=2", "memory:recall=0.8,denial=0", "random")


def play(state: FirstStoneAgeState, *texts: str) -> FirstStoneAgeState:
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def new_game(players: int = 2, huts: tuple[int, ...] = (1, 10, 6, 9), top: str = "fish") -> FirstStoneAgeState:
    """Seat 0 collects for hut 1 (berry, fish, jug), seat 1 for hut 10 (jug, arrowhead, tooth);
    the draw pile shows ``top``; Martin starts beside card 1 (slot 0); seat 0 is to move."""
    state = load_game("first_stone_age", players=players, seed=0).new_initial_state()
    assert isinstance(state, FirstStoneAgeState)
    for number in huts[:players]:
        play(state, f"hut {number}")
    return play(state, f"draw {top}", "start 1")


def match(specs: list[str], seed: int, players: int | None = None) -> State:
    game = load_game("first_stone_age", players=players or len(specs), seed=seed)
    return play_match(game, [make_bot(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)])


def wins(spec: str, other: str, games: int) -> tuple[int, int]:
    """Wins of ``spec`` and of ``other`` in ``games`` two-player games, seats alternating."""
    won = [0, 0]
    for seed in range(games):
        specs = [spec, other] if seed % 2 == 0 else [other, spec]
        winner = match(specs, seed).returns()
        for seat, value in enumerate(winner):
            if value > 0:
                won[(seat + seed) % 2] += 1
    return won[0], won[1]


# --- the registry -------------------------------------------------------------------------------


def test_the_card_game_bots_are_registered_and_check_their_settings() -> None:
    assert {"memory", "child"} <= set(bot_names())
    perfect = make_bot("memory", seed=1)
    assert isinstance(perfect, MemoryBot) and perfect.recall == 1.0 and perfect.span == 0
    child = make_bot("child")
    assert isinstance(child, ChildBot) and child.recall == 0.5
    assert make_bot("memory:recall=0.3,span=4").recall == 0.3  # type: ignore[attr-defined]
    for spec, message in (("memory:recall=1.5", "recall must be"), ("memory:recall=-0.1", "recall must be"),
                          ("memory:span=-1", "span must be"), ("memory:span=1.5", "span must be"),
                          ("memory:denial=2", "denial must be"), ("memory:colour=red", "colour")):
        with pytest.raises(BotSpecError, match=message):
            make_bot(spec)


def test_a_memory_bot_refuses_another_game_with_a_clear_error() -> None:
    state = load_game("stone_age", players=2, seed=1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    with pytest.raises(BotSpecError, match=r"plays first_stone_age .* only, not 'stone_age'"):
        make_bot("memory").step(state, state.current_player())


# --- legal, replayable ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_only_play_legal_moves_and_games_end(players: int) -> None:
    for seed in range(40):
        specs = [SPECS[(seed + seat) % len(SPECS)] for seat in range(players)]
        final = match(specs, seed)  # play_match raises IllegalActionError on an illegal move
        assert final.is_terminal()


def test_games_between_perfect_memories_end() -> None:
    # Bots that all remember every card must not keep each other from their cards for ever: game
    # 129 of this tournament never ended while bots denied even with nothing to gain themselves.
    config = TournamentConfig(bots=("memory:recall=0.9", "memory", "memory", "memory"), game="first_stone_age", seed=1)
    for index in (129, *range(20)):
        game_setup = setup(config, index)
        state = load_game("first_stone_age", players=4, seed=game_setup.seed).new_initial_state()
        bots = [make_bot(config.bots[entry], seed)
                for entry, seed in zip(game_setup.entries, game_setup.bot_seeds, strict=True)]
        for _ in range(5000):
            if state.is_terminal():
                break
            seat = state.current_player()
            state.apply_action(state.sample_chance_outcome() if seat < 0 else bots[seat].step(state, seat))
        assert isinstance(state, FirstStoneAgeState) and state.is_terminal() and state.turn <= DENIAL_TURNS


def test_the_same_seeds_give_the_same_game() -> None:
    for seed in range(5):
        specs = ["memory", "memory:recall=0.4", "child"]
        assert match(specs, seed).history() == match(specs, seed).history()
    assert any(match(["child", "child"], 1).history() != match(["child", "child"], seed).history()
               for seed in range(2, 6))


# --- only what the seat may know --------------------------------------------------------------------


def decision_points(spec: str, seeds: range, players: int = 3) -> list[tuple[FirstStoneAgeState, int]]:
    """States at bot decisions (several choices) from seeded games."""
    points = []
    for seed in seeds:
        state = load_game("first_stone_age", players=players, seed=seed).new_initial_state()
        bots = [make_bot(spec, seed=seed * 10 + seat) for seat in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome())
                continue
            seat = state.current_player()
            if len(state.legal_actions()) > 1:
                assert isinstance(state, FirstStoneAgeState)
                points.append((state.clone(), seat))
            state.apply_action(bots[seat].step(state, seat))
    return points


@pytest.mark.parametrize("spec", ["memory", "memory:recall=0.5", "child"])
def test_face_down_cards_do_not_change_a_decision(spec: str) -> None:
    generator = random.Random(5)
    checked = 0
    for state, seat in decision_points(spec, range(6)):
        hidden = [s for s in range(9) if state.circle[s] != EMPTY and not state.seen >> s & 1]
        other = state.resample_from_infostate(seat, generator)  # every hidden card drawn anew
        assert other.observation(seat) == state.observation(seat)
        changed = any(other.circle[s] != state.circle[s] for s in hidden)
        for bot_seed in (1, 2):
            assert make_bot(spec, seed=bot_seed).step(state, seat) == make_bot(spec, seed=bot_seed).step(other, seat)
        checked += changed
    assert checked >= 50  # most decisions were compared against a circle that really differs


def test_a_card_the_bot_looks_for_is_found_by_memory_not_by_peeking() -> None:
    # Seat 0 needs berry, fish, jug; seat 1 jug, arrowhead, tooth. Slots 1, 5 and 0 are seen
    # (tooth, fish, arrowhead); Martin is back at slot 0 and seat 1 can reach the tooth with move 1.
    state = play(new_game(), "move 1", "reveal tooth", "move 4", "reveal fish", "move 4", "reveal arrowhead")
    assert state.current_player() == 1 and state.martin == 0
    perfect = [make_bot("memory", seed=s).step(state, 1) for s in range(20)]
    assert perfect == [A.move(1)] * 20
    # Put a tooth under every other reachable place too: a bot that peeked would see them.
    peek = state.clone()
    for slot in (2, 3, 4):
        peek.circle[slot] = 4  # tooth
    forgetful = [make_bot("memory:recall=0", seed=s).step(state, 1) for s in range(40)]
    assert forgetful == [make_bot("memory:recall=0", seed=s).step(peek, 1) for s in range(40)]
    assert len(set(forgetful)) > 1  # it forgot the tooth: any card it cannot see is as good
    assert [make_bot("memory", seed=s).step(peek, 1) for s in range(20)] == perfect


def test_guff_is_kept_as_the_needed_good_that_is_hardest_to_find() -> None:
    # A fish is known at slot 2, so seat 0 (berry, fish, jug) keeps Guff as a berry or a jug.
    state = play(new_game(), "move 1", "reveal tooth", "move 1", "reveal fish", "move 1", "reveal guff")
    assert state.observation(0)["pending"]["stage"] == "guff"
    chosen = {make_bot("memory", seed=s).step(state, 0) for s in range(30)}
    assert chosen <= {A.keep_guff(0), A.keep_guff(2)} and len(chosen) == 2


# --- the memory model -----------------------------------------------------------------------------


def test_perfect_memory_is_the_public_log_and_no_memory_forgets_earlier_turns() -> None:
    perfect, none, short = MemoryBot(recall=1.0), MemoryBot(recall=0.0), MemoryBot(span=3)
    for state, seat in decision_points("memory", range(4)):
        obs = state.observation(seat)
        if obs["pending"]["stage"] != "move":
            continue
        assert perfect.remember(obs).circle == remembered_circle(obs)
        this_turn = remembered_circle(obs, since_turn=obs["turn"])
        assert none.remember(obs).circle == this_turn  # a move is the first thing of a turn: nothing seen yet
        assert short.remember(obs).circle == remembered_circle(obs, since_turn=obs["turn"] - 2)


def test_forgetting_follows_recall_per_turn_and_what_is_forgotten_stays_forgotten() -> None:
    bot = MemoryBot(seed=3, recall=0.6)
    sightings = [{"at": at, "turn": 1, "slot": at % 9, "card": "fish"} for at in range(4000)]
    for age in (1, 2, 4):
        kept = sum(bot.remembers(event, 1 + age) for event in sightings) / len(sightings)
        assert kept == pytest.approx(0.6**age, abs=0.03)
    for event in sightings[:300]:
        memory = [bot.remembers(event, 1 + age) for age in range(12)]
        assert memory == sorted(memory, reverse=True)  # True while remembered, then False for good
    again = MemoryBot(seed=3, recall=0.6)
    assert [again.remembers(e, 5) for e in sightings[:200]] == [bot.remembers(e, 5) for e in sightings[:200]]


# --- strength -------------------------------------------------------------------------------------


def test_perfect_memory_beats_random_play() -> None:
    perfect, other = wins("memory", "random", 60)
    assert perfect >= 50, (perfect, other)


def test_perfect_memory_beats_forgetful_memory_and_forgetful_beats_random() -> None:
    perfect, forgetful = wins("memory", "memory:recall=0.3", 60)
    assert perfect >= 45, (perfect, forgetful)
    some, none = wins("memory:recall=0.75", "random", 60)
    assert some > none, (some, none)
