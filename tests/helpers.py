"""Stone Age helpers for rule tests: force the setup and edit a player's holdings.

The generic helpers (notation play, legal actions in notation, random playthroughs) live in
``common`` and are re-exported here for the Stone Age tests.
"""

from __future__ import annotations

from typing import Any

from stoneage import load_game
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import BUILDING_KINDS, RESOURCES
from stoneage.games.stone_age.state import StoneAgeState

from common import legal, play, random_game as any_random_game

__all__ = ["DEFAULT_STACKS", "KIND", "edit", "legal", "new_game", "play", "player", "random_game"]

KIND = {kind.name: k for k, kind in enumerate(BUILDING_KINDS)}
DEFAULT_STACKS = ("wwc", "wcs", "ccg", "ssg")


def new_game(
    players: int = 4,
    display: tuple[int, int, int, int] = (11, 18, 30, 27),
    stacks: tuple[str, ...] | None = None,
    seed: int = 0,
    first_player: int = 0,
) -> StoneAgeState:
    """A game at its first placement, with the display (costs 1, 2, 3, 4) and stack tops forced."""
    game = load_game("stone_age", players=players, seed=seed, first_player=first_player)
    state = game.new_initial_state()
    for card_id in display:
        state.apply_action(A.card_outcome(card_id))
    for name in (stacks or DEFAULT_STACKS)[:players]:
        state.apply_action(A.building_outcome(KIND[name]))
    return state


def player(state: StoneAgeState, seat: int) -> dict[str, Any]:
    """A seat's holdings as in the JSON state (``resources`` flattened in too)."""
    data: dict[str, Any] = state.to_json()["players"][seat]
    data.update(data["resources"])
    return data


def edit(state: StoneAgeState, seat: int, **changes: Any) -> StoneAgeState:
    """A copy of ``state`` with a seat's holdings changed (through the validated JSON form).

    Keys are JSON player fields (food, agriculture, figures, tools_ready, one_use_tools, cards,
    ...) or a resource name. Cards given to a player are taken from the deck or display.
    """
    data = state.to_json()
    target = data["players"][seat]
    for key, value in changes.items():
        if key in RESOURCES:
            target["resources"][key] = value
        elif key in target:
            target[key] = value
        else:
            raise KeyError(key)
        if key in ("cards", "secret_cards"):
            data["deck"] = [c for c in data["deck"] if c not in value]
            data["display"] = [0 if c in value else c for c in data["display"]]
    return state.game.state_from_json(data)  # type: ignore[return-value]


def random_game(players: int, seed: int) -> StoneAgeState:
    """A complete Stone Age game of uniformly random legal actions (chance from the game seed)."""
    state = any_random_game("stone_age", players, seed)
    assert isinstance(state, StoneAgeState)
    return state
