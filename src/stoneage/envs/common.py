"""What the PettingZoo and Gymnasium adapters share: options, spaces, chance and rewards.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``: the game's
``observation_tensor`` for the seat (laid out by ``observation_layout``), and a 1 for every legal
action of the one flat action space (all zeros when the seat is not to move).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from stoneage.core.contract import CHANCE, Game, State
from stoneage.core.errors import GameOptionError, IllegalActionError, shorten
from stoneage.core.i18n import _
from stoneage.core.registry import load_game
from stoneage.envs import ENV_VERSION as ENV_VERSION

WIN_LOSS = "win_loss"
SCORE_DIFFERENCE = "score_difference"
REWARD_MODES = (WIN_LOSS, SCORE_DIFFERENCE)

Observation = dict[str, NDArray[Any]]


def env_name(game: str) -> str:
    """The versioned environment name of a game, e.g. ``stone_age_v0``."""
    return f"{game}_v{ENV_VERSION}"


def make_game(game: str, params: dict[str, Any]) -> Game:
    """The registered game with its parameters (``UnknownGameError``/``GameOptionError`` if bad)."""
    return load_game(game, **params)


def check_reward_mode(mode: Any) -> str:
    """``mode`` if it is a known reward mode, else ``GameOptionError``."""
    if mode not in REWARD_MODES:
        raise GameOptionError(_("reward_mode must be one of {known}, not {value}").format(
            known=", ".join(REWARD_MODES), value=shorten(mode)))
    return str(mode)


def final_rewards(state: State, mode: str) -> list[float]:
    """Per seat, the reward at the end of a game.

    ``win_loss``: +1 for a sole winner, 0 for each winner of a shared win, -1 for everyone else.
    ``score_difference``: the seat's final score minus the best final score among the others.
    """
    if mode == SCORE_DIFFERENCE:
        scores = state.scores()
        return [float(score - max(scores[:seat] + scores[seat + 1:])) for seat, score in enumerate(scores)]
    returns = state.returns()
    winners = sum(1 for value in returns if value > 0)
    return [(1.0 if winners == 1 else 0.0) if value > 0 else -1.0 for value in returns]


def resolve_chance(state: State, generator: random.Random) -> None:
    """Play chance outcomes drawn from ``generator`` until a player is to move or the game ends."""
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome(generator))


def observation_space(game: Game, actions: int | None = None) -> spaces.Dict:
    """The space of one seat's observations of ``game`` (``actions``: the mask's length)."""
    size = game.observation_layout().size
    actions = game.num_distinct_actions() if actions is None else actions
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), np.int8),
    })


def legal_mask(state: State, seat: int, size: int) -> NDArray[np.int8]:
    """1 for each legal action of ``seat`` (zeros when another seat, chance or nobody moves)."""
    mask = np.zeros(size, np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def tensor(state: State, seat: int) -> NDArray[np.float32]:
    """What ``seat`` sees, as numbers."""
    return np.asarray(state.observation_tensor(seat), np.float32)


def observe(state: State, seat: int, size: int) -> Observation:
    """What ``seat`` sees, as numbers, with its action mask."""
    return {"observation": tensor(state, seat), "action_mask": legal_mask(state, seat, size)}


def as_int(action: Any) -> Any:
    """A numpy integer (or 0-d array of one) as a Python int; anything else as it is."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    return int(action) if isinstance(action, np.integer) else action


def checked_action(state: State, action: Any, who: str) -> int:
    """``action`` as an int if it is legal now, else ``IllegalActionError`` naming it."""
    action = as_int(action)
    legal = state.legal_actions()
    if type(action) is not int or action not in legal:
        try:
            shown = f"{action} ({state.action_to_string(action)})" if type(action) is int else shorten(action)
        except Exception:  # an action outside the space has no notation
            shown = shorten(action)
        listed = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise IllegalActionError(_("{who} cannot play {action} here (legal: {legal})").format(
            who=who, action=shown, legal=listed))
    return action


class LegalDiscrete(spaces.Discrete):
    """The flat action space; ``sample()`` without a mask draws among the legal actions of now.

    The mask comes from ``legal``, a callable returning the current int8 mask of its seat (when
    the seat has no legal action it returns 0, which the environment ignores or refuses).
    """

    def __init__(self, n: int, legal: Callable[[], NDArray[np.int8]], seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: NDArray[np.int8] | None = None,
               probability: NDArray[np.int8] | None = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal()
        return super().sample(mask=mask, probability=probability)
