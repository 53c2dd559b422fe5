"""The children's games' expert memory bots: ``memory_expert`` (the card game) and ``junior_expert``.

They must read only what their seat may know (a world with every hidden thing drawn anew gets the
same decision), replay from their seeds, refuse other games and bad settings with a clear error,
and pick the move the exact expectation says in forced positions.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from stoneage import load_game
from stoneage.bots import BotSpecError, bot_names, make_bot
from stoneage.bots.first_stone_age.expert import (
    EMPTY,
    UNKNOWN,
    Belief,
    MemoryExpertBot,
    default_depth,
    keeper_moves,
    utility,
)
from stoneage.bots.match import play_match
from stoneage.bots.stone_age_junior.expert import Context, JuniorExpertBot, Parts, alike_places
from stoneage.bots.stone_age_junior.memory_bots import SPACE_INDEX, UNSEEN
from stoneage.core.contract import State
from stoneage.games.stone_age_junior import actions as JA
from stoneage.games.stone_age_junior.data import BUILDS

BERRY, FISH, JUG, ARROWHEAD, TOOTH, GUFF = range(6)


def finished(game: str, specs: list[str], seed: int, **options: Any) -> State:
    played = load_game(game, players=len(specs), seed=seed, **options)
    return play_match(played, [make_bot(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)])


def decision_points(game: str, spec: str, seeds: range, players: int, **options: Any) -> list[tuple[State, int]]:
    """States where the bot had a real choice, from seeded games it played against itself."""
    points = []
    for seed in seeds:
        state = load_game(game, players=players, seed=seed, **options).new_initial_state()
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


# --- registry, settings, other games ------------------------------------------------------------------


def test_the_expert_bots_are_registered_with_their_games_and_defaults() -> None:
    assert {"memory_expert", "junior_expert"} <= set(bot_names())
    card = make_bot("memory_expert", seed=1)
    assert isinstance(card, MemoryExpertBot) and card.games == ("first_stone_age",)
    assert (card.recall, card.depth, card.denial) == (1.0, None, 1.0)
    assert make_bot("memory_expert:depth=2").depth == 2
    board = make_bot("junior_expert:memory=0.8", seed=1)
    assert isinstance(board, JuniorExpertBot) and board.games == ("stone_age_junior",)
    assert (board.memory, board.denial, board.foresight) == (0.8, 1.0, None)
    assert [board.foresight_at(seats) for seats in (2, 3, 4)] == [0.3, 1.0, 1.0]
    assert make_bot("junior_expert:foresight=0.5").foresight_at(4) == 0.5


@pytest.mark.parametrize(("spec", "message"), [
    ("memory_expert:depth=0", "depth must be"), ("memory_expert:depth=5", "depth must be"),
    ("memory_expert:depth=1.5", "depth must be"), ("memory_expert:recall=2", "recall must be"),
    ("memory_expert:denial=-0.5", "denial must be"), ("memory_expert:span=-1", "span must be"),
    ("junior_expert:foresight=2", "foresight must be"), ("junior_expert:memory=0.5,recall=0.5", "not both"),
    ("junior_expert:denial=1.5", "denial must be"), ("junior_expert:colour=red", "colour"),
    ("junior_expert:samples=0", "samples must be"), ("junior_expert:max_seconds=0", "max_seconds must be"),
])
def test_bad_settings_are_refused_with_a_clear_error(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_each_expert_refuses_the_other_game_with_a_clear_error() -> None:
    junior = load_game("stone_age_junior", players=2, seed=1).new_initial_state()
    card = load_game("first_stone_age", players=2, seed=1).new_initial_state()
    for state in (junior, card):
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
    with pytest.raises(BotSpecError, match=r"plays first_stone_age .* only, not 'stone_age_junior'"):
        make_bot("memory_expert").step(junior, junior.current_player())
    with pytest.raises(BotSpecError, match=r"plays stone_age_junior .* only, not 'first_stone_age'"):
        make_bot("junior_expert").step(card, card.current_player())


# --- replayable, legal, only what the seat may know ----------------------------------------------------


def test_the_same_seeds_give_the_same_game() -> None:
    for seed in range(2):
        specs = ["memory_expert", "memory_expert:recall=0.7", "memory"]
        assert finished("first_stone_age", specs, seed).history() == finished("first_stone_age", specs, seed).history()
        # The clock lifted: a decision cut short by a loaded machine would not replay.
        specs = ["junior_expert:max_seconds=600", "junior_expert:memory=0.6,max_seconds=600", "junior"]
        once = finished("stone_age_junior", specs, seed, expansions=["cards"])
        again = finished("stone_age_junior", specs, seed, expansions=["cards"])
        assert once.history() == again.history() and once.is_terminal()


@pytest.mark.parametrize(("game", "spec", "options"), [
    ("first_stone_age", "memory_expert", {}),
    ("first_stone_age", "memory_expert:recall=0.6", {}),
    ("stone_age_junior", "junior_expert:max_seconds=600", {"expansions": ["cards"]}),
    ("stone_age_junior", "junior_expert:memory=0.7,max_seconds=600", {}),
])
def test_hidden_things_do_not_change_a_decision(game: str, spec: str, options: dict[str, Any]) -> None:
    generator = random.Random(3)
    differed = 0
    points = decision_points(game, spec, range(2), 3, **options)
    for state, seat in points[::3]:
        other = state.resample_from_infostate(seat, generator)  # every hidden thing drawn anew
        assert other.observation(seat) == state.observation(seat)
        differed += other.to_json() != state.to_json()
        assert make_bot(spec, seed=4).step(state, seat) == make_bot(spec, seed=4).step(other, seat)
    assert differed >= 10  # most decisions were compared against a world that really differs


# --- the card game: the exact expectation -------------------------------------------------------------


def belief(circle: list[int], pool: list[int], needs: list[list[int]], martin: int = 0, top: int = TOOTH) -> Belief:
    return Belief(circle, pool, martin, top, 5, [sum(1 << g for g in goods) for goods in needs],
                  [False] * len(needs), [0] * len(needs))


def test_an_unknown_place_is_kept_with_the_share_of_needed_cards_it_may_hold() -> None:
    # Martin at 0; place 1 unknown among 2 berries, 3 fish, 1 Guff; the bot needs berry and jug.
    state = belief([EMPTY, UNKNOWN, TOOTH, TOOTH, TOOTH, EMPTY, EMPTY, EMPTY, EMPTY], [2, 3, 0, 0, 0, 1],
                   [[BERRY, JUG], [ARROWHEAD]])
    bot = MemoryExpertBot()
    assert bot.move_value(state, 0, 1, 1) == pytest.approx([3 / 6, 0.0])  # the berries and Guff, not the fish
    assert state.keep_chance(0, 1) == pytest.approx(3 / 6)


def test_by_default_the_search_reaches_every_other_players_answer() -> None:
    # Two players: the bot's move, the answer and its next move; four: its move and three answers.
    assert [default_depth(players) for players in (2, 3, 4)] == [3, 3, 4]
    state = load_game("first_stone_age", players=4, seed=1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    obs = state.observation(0)
    assert make_bot("memory_expert").turns(obs) == 4 and make_bot("memory_expert:depth=2").turns(obs) == 2


def test_the_other_players_are_expected_to_move_as_keepers() -> None:
    # Martin at 0. Seat 1 needs fish and jug, seat 0 only a berry (its hut's last good). Seat 1's
    # fish lies 2 places on, and from there seat 0 reaches the berry (place 4).
    race = belief([TOOTH, TOOTH, FISH, TOOTH, BERRY, TOOTH, TOOTH, TOOTH, TOOTH], [0] * 6, [[BERRY], [FISH, JUG]])
    assert keeper_moves(race, 1) == [2]
    # A keeper takes its fish though it leaves seat 0 the berry that completes a hut (1 + 1); a player
    # who denied at any price would turn up a tooth instead and leave both with nothing.
    bot = MemoryExpertBot()
    assert bot.value(race, 1, 2, 0) == pytest.approx([2.0, 1.0])
    # Of two sure keeps (fish at 1 and 3) a keeper takes the one from which its next player (seat 2,
    # needing a berry: place 7) reaches nothing.
    pair = belief([TOOTH, FISH, TOOTH, FISH, TOOTH, TOOTH, TOOTH, BERRY, TOOTH], [0] * 6,
                  [[ARROWHEAD, JUG], [FISH, JUG], [BERRY, JUG]])
    assert keeper_moves(pair, 1) == [1]
    # Nothing to keep anywhere: every move is as likely, and the search averages over them.
    bare = belief([TOOTH] * 9, [0] * 6, [[ARROWHEAD, JUG], [FISH, JUG]])
    assert keeper_moves(bare, 1) == [1, 2, 3, 4]


def test_of_two_sure_keeps_the_expert_takes_the_one_that_leaves_the_next_player_nothing() -> None:
    # Seat 0 needs berry, seat 1 fish. Berries lie in places 1 and 3; from place 1 seat 1 reaches the
    # fish in place 2, from place 3 only teeth: the search keeps the berry in place 3.
    state = belief([TOOTH, BERRY, FISH, BERRY, TOOTH, TOOTH, TOOTH, TOOTH, TOOTH], [0] * 6, [[BERRY, JUG], [FISH, JUG]])
    bot = MemoryExpertBot()
    after_one, after_three = (utility(bot.move_value(state, 0, steps, 2), 0, 1.0) for steps in (1, 3))
    assert after_one == pytest.approx(1.0 - 1.0) and after_three == pytest.approx(1.0)
    shallow = [bot.move_value(state, 0, steps, 1)[0] for steps in (1, 3)]
    assert shallow == [1.0, 1.0]  # without the answer both keep a berry


# --- Junior: the forest tile, played out -------------------------------------------------------------


def test_places_alike_to_the_bot_are_one_choice() -> None:
    # The figure on the building site (ring space 0): die "2" and the tooth's tile both take it to the
    # tooth (space 2), die "4" and the jug's tile to the jug (space 4), the dog's tile to the dog; the
    # places it cannot name are one choice.
    forest = [UNSEEN, "2", UNSEEN, "tooth", "jug", "4", "dog"] + [UNSEEN] * 7
    legal = [JA.turn(place) for place in (0, 1, 2, 3, 4, 5, 6, 9)]
    assert alike_places(forest, 0, legal) == [[0, 2, 9], [1, 3], [4, 5], [6]]


def won_with_place_one() -> State:
    """Two players; seat 0 has built huts 2 and 3, holds the goods of hut 1 and of hut 11 (face up),
    and knows that place 1 (face down) takes its figure to the building site: its third hut wins."""
    state = load_game("stone_age_junior", players=2, seed=0).new_initial_state()
    for text in ("hut 1", "hut 10", "hut 11", "turn 1", "reveal building_site", "swap 13 14", "turn 2", "reveal dog"):
        state.apply_action(state.string_to_action(text))
    data = copy.deepcopy(state.to_json())
    for good, n in {"berry": 2, "fish": 1, "jug": 1}.items():
        data["supply"][good] -= n
        data["players"][0]["goods"][good] += n
    data["players"][0]["built"] = [2, 3]
    for stack in (0, 1):
        data["huts"][stack]["below"].pop()
    return state.game.state_from_json(data)


def test_the_junior_expert_turns_up_the_tile_it_remembers_wins_and_a_forgetful_one_cannot_know() -> None:
    state = won_with_place_one()
    legal = state.legal_actions()
    assert JA.turn(0) in legal and len(legal) == 13
    assert {make_bot("junior_expert:samples=2", seed=s).step(state, 0) for s in range(4)} == {JA.turn(0)}
    # Forgetting everything older than this turn, place 1 is one of 13 it cannot name: it guesses.
    guesses = {make_bot("junior_expert:memory=0,samples=1", seed=s).step(state, 0) for s in range(12)}
    assert len(guesses) > 1 and guesses <= set(legal)


def test_a_spent_budget_stops_the_worlds_after_the_first() -> None:
    turn, seat = next((state, seat) for state, seat in decision_points(
        "stone_age_junior", "junior", range(1), 3, expansions=["cards"]) if several_choices(state, seat))
    worlds = []

    class Counting(JuniorExpertBot):
        def one_world(self, *args: Any) -> list[float] | None:
            shares = super().one_world(*args)
            worlds.append(shares is not None)
            return shares

    Counting(seed=1, samples=50, max_seconds=1e-9).step(turn, seat)
    assert worlds == [True, False]  # one world played out, the second refused: the budget is spent
    worlds.clear()
    Counting(seed=1, samples=3, max_seconds=600).step(turn, seat)
    assert worlds == [True, True, True]


def several_choices(state: State, seat: int) -> bool:
    """Whether ``seat`` chooses a forest tile here and places unlike to it are left."""
    obs = state.observation(seat)
    return obs["pending"]["stage"] == "turn" and len(alike_places(
        JuniorExpertBot().remember(obs), SPACE_INDEX[obs["figures"][seat]], state.legal_actions())) > 1


def test_a_world_for_a_forgetful_player_shuffles_only_the_places_it_forgot() -> None:
    state = won_with_place_one()
    forgotten = [0, 4, 7, 9]
    world = state.with_tiles_shuffled(forgotten, random.Random(2))
    before, after = state.to_json()["forest"], world.to_json()["forest"]
    assert [after[p] for p in range(14) if p not in forgotten] == [before[p] for p in range(14) if p not in forgotten]
    assert sorted(state.forest[p] for p in forgotten) == sorted(world.forest[p] for p in forgotten)
    assert any(state.forest[p] != world.forest[p] for p in forgotten for world in
               [state.with_tiles_shuffled(forgotten, random.Random(seed)) for seed in range(5)])
    with pytest.raises(ValueError, match="place 1 is not a face-down forest place"):
        state.with_tiles_shuffled([0, 1], random.Random(2))  # place 2 lies face up (the dog)


# --- Junior: a forced position ----------------------------------------------------------------------


def test_the_junior_expert_builds_away_the_hut_the_next_player_could_build() -> None:
    # Huts 1 (berry, fish, jug), 10 (jug, arrowhead, tooth), 11 (berry, berry). Seat 0 holds two
    # berries, a fish and a jug: it can build hut 1 or hut 11. Seat 1 holds a fish, a jug and the dog:
    # hut 1 too. The expert builds hut 1; either hut leaves seat 0 one good short of the other.
    state = load_game("stone_age_junior", players=2, seed=0).new_initial_state()
    for text in ("hut 1", "hut 10", "hut 11", "turn 1", "reveal building_site", "swap 13 14", "turn 2", "reveal dog"):
        state.apply_action(state.string_to_action(text))
    data = copy.deepcopy(state.to_json())
    for seat, goods in ((0, {"berry": 2, "fish": 1, "jug": 1}), (1, {"fish": 1, "jug": 1})):
        for good, n in goods.items():
            data["supply"][good] -= n
            data["players"][seat]["goods"][good] += n
    state = state.game.state_from_json(data)
    state.apply_action(state.string_to_action("turn 1"))  # the building site, remembered
    assert state.observation(0)["pending"]["stage"] == "build"
    chosen = {make_bot("junior_expert", seed=s).step(state, 0) for s in range(6)}
    assert {BUILDS[action - JA.BUILD][0] for action in chosen} == {1}


def junior_context(players: int) -> Context:
    """The expert's view of seat 0 at the start of a game with the card expansion."""
    state = load_game("stone_age_junior", players=players, seed=0, expansions=["cards"]).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    bot = make_bot("junior_expert", seed=1)
    assert isinstance(bot, JuniorExpertBot)
    return Context(bot, state.observation(0), bot.remember(state.observation(0)))


def wants(*worths: tuple[int, float]) -> list[float]:
    """Per forest place what turning it up is worth: the given (place, worth) pairs, 0 elsewhere."""
    values = [0.0] * 14
    for place, worth in worths:
        values[place] = worth
    return values


@pytest.mark.parametrize(("players", "ahead"), [(2, 0.3 * 7.0), (4, 1.0 * 7.0 / 9)])
def test_the_junior_experts_next_turn_is_its_best_place_at_two_and_its_average_place_at_four(
        players: int, ahead: float) -> None:
    # One face-down place worth 7 to the bot next turn, 2 face up, each opponent wanting one other
    # place most (worth 1): at two it counts 0.3 of the best place the next player leaves; at four,
    # where three turns pass first, the average of the 9 places the others leave.
    ctx = junior_context(players)
    mine = wants((5, 7.0), (0, 50.0), (1, 50.0))  # places 0 and 1 face up: not counted
    theirs = [wants((2 + k, 1.0)) for k in range(players - 1)]
    parts = Parts(0.0, 0.0, mine, theirs, [0] * (players - 1), reset=False, win=False)
    assert ctx.score([parts], up=0b11) == pytest.approx(ahead - 1.0)  # the others' turns: 1 in all


def test_at_three_the_junior_expert_does_not_hand_the_player_after_the_next_what_it_denies_the_next() -> None:
    # Two places worth the same to the bot. The next player wants place 4 (a good, 0.45), else
    # anything a little (0.1); the player after it wants place 5 (a hut it can pay, 2). Turning up
    # place 4 leaves the next player 0.1 but place 5 to the player after it; turning up place 5 leaves
    # the next player place 4 and the other nothing. Each opponent's turn counts a half.
    ctx = junior_context(3)
    nxt = wants((4, 0.45), *((p, 0.1) for p in range(14) if p not in (4, 5)))
    after = wants((5, 2.0))
    parts = Parts(0.3, 0.0, [], [nxt, after], [0, 0], reset=False, win=False)
    deny_the_next = ctx.score([parts], up=1 << 4)
    deny_the_one_after = ctx.score([parts], up=1 << 5)
    assert deny_the_next == pytest.approx(0.3 - (0.1 + 2.0) / 2)
    assert deny_the_one_after == pytest.approx(0.3 - 0.45 / 2)
    assert deny_the_one_after > deny_the_next


def test_a_route_to_the_building_site_turns_the_forest_face_down_for_the_players_after_it() -> None:
    # The bot turns up place 5, which the player after the next wants most (2). If the next player's
    # best place (3) is a route to the building site, the forest is reset before that player's turn
    # and place 5 is face down for it again; otherwise it takes its best place left (0.1).
    ctx = junior_context(3)
    nxt = wants((3, 0.45))
    after = wants((5, 2.0), (7, 0.1))
    for routes, theirs in ((1 << 3, 0.45 + 2.0), (0, 0.45 + 0.1)):
        parts = Parts(0.0, 0.0, [], [nxt, after], [routes, 0], reset=False, win=False)
        assert ctx.score([parts], up=1 << 5) == pytest.approx(-theirs / 2)
