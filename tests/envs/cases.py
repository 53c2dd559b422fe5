"""The game configurations the adapter tests cover: every registered game at every player count,
plus each game's expansions and variants, one at a time."""

from __future__ import annotations

from typing import Any

from stoneage.core.registry import game_info, game_names


def player_counts() -> list[tuple[str, int]]:
    """Every (game, players) the registry allows."""
    return [(name, players) for name in game_names()
            for players in range(game_info(name).min_players, game_info(name).max_players + 1)]


def options() -> list[tuple[str, dict[str, Any]]]:
    """Every (game, params) that switches on one expansion or one variant."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for name in game_names():
        info = game_info(name)
        cases += [(name, {"expansions": [option.name]}) for option in info.expansions]
        cases += [(name, {"variants": [option.name]}) for option in info.variants]
    return cases


def case_id(case: Any) -> str:
    """A short test id for a game and its params."""
    if isinstance(case, dict):
        return ",".join(f"{key}={'+'.join(value)}" for key, value in case.items())
    return str(case)
