"""The read-only Stone Age view bots search with says what the JSON state and observations say."""

from __future__ import annotations

from typing import Any

import pytest

from stoneage import load_game
from stoneage.bots import make_bot
from stoneage.core.contract import State
from stoneage.games.stone_age import view
from stoneage.games.stone_age.data import LOCATIONS


def _positions(players: int, seed: int, expansions: list[str]) -> list[Any]:
    """Every position of a seeded game between random bots (every 5th, to keep the test quick)."""
    game = load_game("stone_age", players=players, seed=seed, expansions=expansions)
    bots = [make_bot("random", seed=seed + seat) for seat in range(players)]
    state = game.new_initial_state()
    out: list[State] = []
    while not state.is_terminal():
        if state.move_number() % 5 == 0:
            out.append(state.clone())
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].step(state, seat))
    out.append(state)
    return out


def _ids(mask: int) -> list[int]:
    return [i + 1 for i in range(mask.bit_length()) if mask >> i & 1]


def _check_holdings(state: Any, seat: int, observer: int, full: dict[str, Any]) -> None:
    held = view.holdings(state, seat, observer)
    seen = state.observation(observer)["players"][seat]
    assert (held.figures, held.unplaced, held.food, held.agriculture, held.score) == (
        seen["figures"], seen["unplaced"], seen["food"], seen["agriculture"], seen["score"])
    assert held.resources == tuple(seen["resources"][name] for name in ("wood", "clay", "stone", "gold"))
    assert (held.wood, held.gold) == (seen["resources"]["wood"], seen["resources"]["gold"])
    assert held.tools == sum(seen["tools_ready"]) + sum(seen["tools_used"])
    assert held.ready_tools == sum(seen["tools_ready"])
    assert list(held.one_use_tools) == seen["one_use_tools"]
    assert held.two_resources == seen["two_resources"]
    assert (held.buildings, held.penalties) == (len(seen["buildings"]), seen["penalties"])
    assert _ids(held.cards) == full["players"][seat]["cards"]  # bought in everyone's sight
    if seat == observer or state.is_terminal():  # shown to everyone once the game is over
        assert _ids(held.secret_cards) == seen["secret_cards"]
        assert held.face_down == len(seen["secret_cards"])
    else:  # another seat's face-down extra cards: their number only
        assert held.secret_cards == 0
        assert held.face_down == len(full["players"][seat]["secret_cards"])
    if "mammoth_tiles" in seen:
        assert (held.mammoth_tiles, held.on_tile) == (seen["mammoth_tiles"], seen["on_tile"])


@pytest.mark.parametrize(("players", "seed", "expansions"), [(2, 3, []), (4, 5, []), (3, 7, ["mammoth"])])
def test_the_view_agrees_with_the_json_state_and_every_observation(players: int, seed: int,
                                                                   expansions: list[str]) -> None:
    for state in _positions(players, seed, expansions):
        full = state.to_json()
        seen = state.observation(0)
        table = view.table(state)
        pending = full["pending"]
        assert (table.players, table.round, table.phase, table.stage, table.seat) == (
            players, full["round"], full["phase"], pending["stage"], pending["player"])
        assert LOCATIONS[table.gather] == pending["gather"]
        assert (table.dice, table.rolled, table.shortfall) == (pending["dice"], pending["rolled"], pending["shortfall"])
        assert table.deck == seen["deck_size"] == len(full["deck"])
        assert list(table.stacks) == [s["left"] for s in full["stacks"]]
        assert list(table.tops) == [s["top"] for s in full["stacks"]]
        assert list(table.display) == full["display"]
        assert table.mammoth == bool(expansions)
        herd = full["mammoth"]["herd"] if expansions else None
        assert table.herd == (LOCATIONS.index(herd) if herd else -1)
        assert list(view.occupied(state)) == [sum(full["board"][name]) for name in LOCATIONS]
        for seat in range(players):
            assert list(view.placed(state, seat)) == [full["board"][name][seat] for name in LOCATIONS]
            for observer in range(players):
                _check_holdings(state, seat, observer, full)


def test_the_view_hands_out_copies_that_cannot_change_the_state() -> None:
    state = _positions(2, 3, [])[40]
    before = state.to_json()
    held = view.holdings(state, 0)
    with pytest.raises(AttributeError):
        held.food = 99
    placed = view.placed(state, 0)
    assert isinstance(placed, tuple) and isinstance(view.table(state).display, tuple)
    assert state.to_json() == before
