"""Every registered game as an OpenSpiel game, ``python_<name>`` (needs the ``spiel`` extra).

Importing this module registers each game of the registry with ``pyspiel.register_game``; games
registered later (a plug-in, the tests' toy game) join with ``register_games()``. Then OpenSpiel
loads them like its own::

    import pyspiel
    import stoneage.envs.openspiel
    game = pyspiel.load_game("python_stone_age(players=2,expansions=mammoth)")

Chance is explicit (``chance_outcomes`` are the game's exact weights as probabilities, over the
same flat action space as the players' actions), rewards come at the end (1 shared among the
winners: constant-sum), and the observation and information-state tensors are the game's own
(``Game.observation_layout`` and ``information_state_layout``), one named piece per slot. The
strings are the viewer's JSON observation; the information-state string adds the move number and
what the information-state tensor remembers beyond the observation. Imperfect-information
states resample what a seat cannot see for IS-MCTS (``resample_from_infostate``).
"""

from __future__ import annotations

import base64
import ctypes
import json
import pickle
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from stoneage.core.contract import CHANCE, TERMINAL, Game, State
from stoneage.core.gametype import Chance, GameType, Information
from stoneage.core.registry import game_info, game_names, load_game
from stoneage.envs.openspiel_params import from_spiel, specification, to_spiel

PREFIX = "python_"
"""OpenSpiel's short name of a game is this prefix and the registry's name (``python_stone_age``)."""


def spiel_name(name: str) -> str:
    """The OpenSpiel short name of a registered game."""
    return PREFIX + name


def spiel_game_type(info: GameType) -> Any:
    """The ``pyspiel.GameType`` of a registered game."""
    return pyspiel.GameType(
        short_name=spiel_name(info.name),
        long_name=f"Python {info.display_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if info.chance is Chance.EXPLICIT
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION
                     if info.information is Information.PERFECT
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification(info),
    )


def register_games() -> list[str]:
    """Register with OpenSpiel every game of the registry it does not know yet; their short names."""
    known = set(pyspiel.registered_names())
    added = []
    for name in game_names():
        short = spiel_name(name)
        if short not in known:
            info = game_info(name)
            pyspiel.register_game(spiel_game_type(info), _creator(info))
            added.append(short)
    return added


def load(name: str, **params: Any) -> Any:
    """``pyspiel.load_game`` of a registered game with ``load_game``'s keyword arguments.

    Lists (expansions, variants) may be given as lists; ``GameOptionError`` names a bad value.
    """
    info = game_info(name)
    spiel_params = to_spiel(info, params)
    from_spiel(info, spiel_params)  # names and kinds checked here, with our error, not OpenSpiel's
    register_games()
    return pyspiel.load_game(spiel_name(name), spiel_params)


def _creator(info: GameType) -> Any:
    def create(params: Mapping[str, Any] | None = None) -> SpielGame:
        return SpielGame(info, params or {})
    _keep_for_good(create)
    return create


def _keep_for_good(creator: Any) -> None:
    """Hold one reference to ``creator`` that is never released.

    OpenSpiel's registry is a C++ static destroyed after the interpreter has shut down; if its
    reference were the last one (module globals are cleared at shutdown), freeing the creator
    then aborts the process ("PyThreadState_Get ... GIL is released").
    """
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(creator))


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A registered game seen by OpenSpiel; ``game`` is the package's own ``Game``."""

    def __init__(self, info: GameType, params: Mapping[str, Any]) -> None:
        self.game: Game = load_game(info.name, **from_spiel(info, params))
        actions = self.game.num_distinct_actions()
        game_info_ = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,  # chance outcomes are ids in the same flat action space
            num_players=self.game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=info.max_game_length,
        )
        super().__init__(spiel_game_type(info), game_info_, dict(params))
        self.info = info
        self.memory = _memory_slots(self.game)

    def new_initial_state(self) -> SpielState:
        """The state before the first action."""
        return SpielState(self, self.game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> SpielObserver:
        """The observer of an observation type: perfect recall reads the information state."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {sorted(params)}")
        if iig_obs_type is not None and (not iig_obs_type.public_info
                                         or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only observations with public and single-player private information are provided")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SpielObserver(self, recall)


def _memory_slots(game: Game) -> list[tuple[int, int]]:
    """The ``(start, stop)`` ranges of the information-state tensor that the observation lacks."""
    seen = {slot.name for slot in game.observation_layout()}
    return [(slot.start, slot.stop) for slot in game.information_state_layout() if slot.name not in seen]


class _Box:
    """Holds the package's state inside a ``SpielState``.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by pickling
    them; the box makes the first ``State.clone()`` and the second the state's JSON.
    """

    __slots__ = ("game", "players", "state")

    def __init__(self, game: Game, state: State, players: list[int]) -> None:
        self.game = game
        self.state = state
        self.players = players
        """The seat (or chance) that took each action of the history, as OpenSpiel records it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.game, self.state.clone(), list(self.players))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        params = json.dumps(self.game.params(), sort_keys=True)
        return _unbox, (self.game.name, params, self.state.to_json(), self.players)


def _unbox(name: str, params: str, data: Any, players: list[int]) -> _Box:
    """A box from its pickled form (the game's name, parameters and state JSON)."""
    game = _cached_game(name, params)
    return _Box(game, game.state_from_json(data), players)


@lru_cache(maxsize=32)
def _cached_game(name: str, params: str) -> Game:
    return load_game(name, **json.loads(params))


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state seen by OpenSpiel; ``state`` is the package's own ``State``."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self._box = _Box(game.game, state, [])

    @property
    def state(self) -> State:
        """The package's state inside."""
        return self._box.state

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal id."""
        player = self._box.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of a chance node with their probabilities."""
        return self._box.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        box = self._box
        player = box.state.current_player()
        box.state.apply_action(int(action))
        box.players.append(player)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._box.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._box.state.is_terminal()

    def returns(self) -> list[float]:
        """1 shared among the winners once the game is over, 0s before."""
        return [float(value) for value in self._box.state.returns()]

    def __str__(self) -> str:
        return json.dumps(self._box.state.to_json(), sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one, with what they cannot see drawn anew.

        The draw is seeded from ``probability_sampler`` (OpenSpiel's uniform sampler).
        """
        generator = random.Random(int(probability_sampler() * 2**53))
        twin = self._box.state.resample_from_infostate(player_id, generator)
        players = list(self._box.players)
        return _with_history(self.get_game(), twin, players)


def _with_history(game: SpielGame, state: State, players: list[int]) -> SpielState:
    """A ``SpielState`` holding ``state`` whose OpenSpiel history is ``state``'s, without replaying it.

    OpenSpiel keeps the history itself and can only take it from a serialised state, so the state
    is built from one with an empty attribute dictionary, and then given its box.
    """
    actions = state.history()
    history = ",".join(f"{player}:{action}" for player, action in zip(players, actions, strict=True))
    empty = base64.b64encode(pickle.dumps({})).decode("ascii")
    spiel_state: SpielState = game.deserialize_state(
        f"history={history}\nmove_number={len(actions)}\n__dict__={empty}")
    spiel_state._box = _Box(game.game, state, players)
    return spiel_state


class SpielObserver:
    """OpenSpiel's Python observer of one game: a float32 ``tensor`` and its named slots ``dict``.

    ``information_state`` picks the information-state tensor (perfect recall) over the observation.
    """

    def __init__(self, game: SpielGame, information_state: bool) -> None:
        self.information_state = information_state
        self.memory = game.memory
        inner = game.game
        layout = inner.information_state_layout() if information_state else inner.observation_layout()
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {slot.name: self.tensor[slot.start:slot.stop] for slot in layout}

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees (or remembers) in ``state``."""
        inner = state.state
        values = inner.information_state_tensor(player) if self.information_state else inner.observation_tensor(player)
        self.tensor[:] = values

    def string_from(self, state: SpielState, player: int) -> str:
        """The viewer's JSON observation; for the information state, with the move number and memory."""
        inner = state.state
        text = json.dumps(inner.observation(player), sort_keys=True, separators=(",", ":"))
        if not self.information_state:
            return text
        vector = inner.information_state_tensor(player) if self.memory else []
        remembered = ",".join(f"{index}:{vector[index]:.6g}" for start, stop in self.memory
                              for index in range(start, stop) if vector[index])
        return f"{inner.move_number()}|{text}|{remembered}"


__all__ = ["PREFIX", "SpielGame", "SpielObserver", "SpielState", "load", "register_games", "spiel_game_type",
           "spiel_name"]

register_games()
