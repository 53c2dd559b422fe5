"""Bots: found by name, seeded, always legal, and blind to what their seat cannot see."""

from __future__ import annotations

import pytest

from stoneage import load_game
from stoneage.bots import BotSpecError, bot_names, make_bot, parse_spec
from stoneage.bots.match import play_match
from stoneage.bots.mcts import MCTSBot
from stoneage.core.contract import State
from stoneage.core.errors import IllegalActionError

from helpers import edit, new_game


def test_specs_name_a_bot_and_its_parameters() -> None:
    assert parse_spec("mcts:iterations=2000,c=1.4") == ("mcts", {"iterations": 2000, "c": 1.4})
    assert parse_spec("greedy") == ("greedy", {})
    assert {"random", "greedy", "mcts", "easy", "medium", "hard"} <= set(bot_names())
    bot = make_bot("mcts:seconds=0.5,width=4", seed=3)
    assert isinstance(bot, MCTSBot) and bot.seconds == 0.5 and bot.width == 4


def test_presets_map_to_bots() -> None:
    assert make_bot("easy").name == "greedy" and make_bot("medium").name == "greedy"
    assert make_bot("hard").name == "mcts"
    assert make_bot("easy").epsilon > 0 and make_bot("medium").epsilon == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown bot 'wizard'"),
        ("mcts:depth", "parameter 'depth' is not key=value"),
        ("mcts:colour=red", "unknown parameter 'colour'; known: iterations, seconds"),
        ("greedy:epsilon=2", "epsilon must be a number in 0..1"),
        ("mcts:width=0", "width must be a whole number from 1 to 1000"),
    ],
)
def test_bad_specs_raise_bot_spec_error(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def _game(players: int, specs: list[str], seed: int) -> State:
    game = load_game("stone_age", players=players, seed=seed)
    return play_match(game, [make_bot(spec, seed=seed * 7 + seat) for seat, spec in enumerate(specs)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_finish_games_without_an_illegal_move(players: int) -> None:
    specs = ["greedy", "random", "easy", "mcts:iterations=8,width=4"][:players]
    state = _game(players, specs, seed=players)  # play_match raises on any illegal choice
    assert state.is_terminal()


def test_mcts_finishes_a_two_player_game() -> None:
    assert _game(2, ["mcts:iterations=25", "greedy"], seed=11).is_terminal()


def test_the_same_seeds_give_the_same_game() -> None:
    # (budgets lifted: a decision cut short by the clock would depend on the machine's load)
    specs = ["greedy:max_seconds=600", "mcts:iterations=10,max_seconds=600"]
    first = _game(2, specs, seed=5)
    second = _game(2, specs, seed=5)
    assert first.history() == second.history()
    assert first.scores() == second.scores()


def test_greedy_beats_random() -> None:
    wins = 0.0
    for seed in range(4):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = _game(2, specs, seed=100 + seed)
        wins += state.returns()[specs.index("greedy")]
    assert wins == 4.0


def _only_the_hunt_left() -> State:
    """Seat 0 has one figure left and every space but the hunting grounds is taken or closed."""
    data = new_game(players=2).to_json()
    data["deck"] = sorted(data["deck"] + [c for c in data["display"] if c])
    data["display"] = [0, 0, 0, 0]
    data["players"][0]["unplaced"] = 1
    data["players"][1].update(figures=8, unplaced=0)
    for name in ("forest", "claypit", "quarry", "river", "toolmaker", "field", "building1", "building2"):
        data["board"][name] = [0, 1]
    return load_game("stone_age", players=2).state_from_json(data)


@pytest.mark.parametrize("spec", ["mcts:iterations=1000000", "greedy"])
def test_a_bot_with_one_legal_action_answers_without_searching(spec: str) -> None:
    state = _only_the_hunt_left()
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["place hunt 1"]
    bot = make_bot(spec)
    assert bot.step(state, 0) == state.string_to_action("place hunt 1")
    assert getattr(bot, "last_iterations", 0) == 0


def _opponent_secret_variants() -> tuple[State, State]:
    """Two states equal in all that seat 0 can see; seat 1's face-down card differs."""
    base = new_game(players=2)
    a = edit(base, 1, secret_cards=[31])
    b = edit(base, 1, secret_cards=[14])
    return a, b


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=60"])
def test_bots_do_not_peek_at_another_players_face_down_card(spec: str) -> None:
    a, b = _opponent_secret_variants()
    assert a.observation(0) == b.observation(0) and a.to_json() != b.to_json()
    assert make_bot(spec, seed=1).step(a, 0) == make_bot(spec, seed=1).step(b, 0)


def test_resampling_redraws_only_what_the_player_cannot_see() -> None:
    import random

    a, _ = _opponent_secret_variants()
    seen = set()
    for seed in range(20):
        other = a.resample_from_infostate(0, random.Random(seed))
        assert other.observation(0) == a.observation(0)
        seen.add(tuple(other.to_json()["players"][1]["secret_cards"]))
    assert len(seen) > 5
    assert a.resample_from_infostate(1, random.Random(0)).to_json() == a.to_json()


def test_play_match_rejects_a_bot_that_cheats() -> None:
    class Cheater(MCTSBot):
        def step(self, state: State, player: int) -> int:
            return -1

    with pytest.raises(IllegalActionError, match="chose illegal action -1"):
        play_match(load_game("stone_age", players=2), [Cheater(), Cheater()])


def test_bots_play_the_mammoth_herd_and_greedy_goes_for_the_tile() -> None:
    tamed = 0
    for seed in range(2):
        game = load_game("stone_age", players=2, seed=seed, expansions=["mammoth"])
        bots = [make_bot("greedy", seed=seed), make_bot("mcts:iterations=8,width=4", seed=seed)]

        def watch(state: State, action: int) -> None:
            nonlocal tamed
            if state.current_player() == 0 and state.action_to_string(action).startswith("tame with"):
                tamed += 1

        final = play_match(game, bots, on_step=watch)
        assert final.is_terminal() and "mammoth" in final.score_breakdown()[0]
    assert tamed >= 1
