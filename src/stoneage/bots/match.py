"""Play one game between bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stoneage.bots.base import Bot
from stoneage.core.contract import Game, State
from stoneage.core.errors import IllegalActionError


def play_match(
    game: Game,
    bots: Sequence[Bot],
    on_step: Callable[[State, int], None] | None = None,
) -> State:
    """Play ``game`` to the end with ``bots[seat]`` deciding for each seat.

    Chance is sampled from the game seed, so the game seed and the bot seeds replay the game.
    ``on_step(state, action)`` is called before each action is applied.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.num_players} players need {game.num_players} bots, not {len(bots)}")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance_outcome()
        else:
            seat = state.current_player()
            action = bots[seat].step(state, seat)
            if action not in state.legal_actions():
                raise IllegalActionError(f"bot {bots[seat].name!r} chose illegal action {action!r}")
        if on_step is not None:
            on_step(state, action)
        state.apply_action(action)
    return state
