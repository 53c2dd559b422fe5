"""Plumbing that the package's games share behind the contract.

A game's state keeps a ``stage`` int that says what is pending: chance stages come first (below
``FIRST_DECISION``), then the players' decisions, and ``GAME_OVER`` last; ``cur`` is the seat
deciding. Legal actions are computed once per node and cached; an action is checked against
them, then handed to the game's ``_apply``. The history is a linked list shared between clones,
so cloning never copies it.
"""

from __future__ import annotations

import operator
from abc import abstractmethod
from bisect import bisect_left
from typing import Any, ClassVar, Final, Generic, TypeVar

from stoneage.core.contract import CHANCE, TERMINAL, AutoStep, Game, State
from stoneage.core.errors import IllegalActionError

_bisect_left: Final = bisect_left
"""``bisect_left`` kept in a C static by the compiled build (a plain imported name is looked up in the
module's dict at every call)."""


def unlink(node: tuple[Any, object] | None) -> list[Any]:
    """The items of a linked list kept newest first (``(item, rest)`` pairs), oldest first."""
    out = []
    while node is not None:
        out.append(node[0])
        node = node[1]  # type: ignore[assignment]
    out.reverse()
    return out


G = TypeVar("G", bound=Game)
"""The game class of a state (its ``game`` attribute)."""


class StagedState(State, Generic[G]):
    """A state driven by a stage number; subclasses supply the rules and name their game class."""

    __slots__ = ("_history", "_legal", "_moves", "cur", "game", "num_players", "stage", "trace")

    FIRST_DECISION: ClassVar[int]
    """The first stage at which a player (not chance) decides."""
    GAME_OVER: ClassVar[int]
    """The terminal stage."""
    STAGE_NAMES: ClassVar[tuple[str, ...]]
    """A name per stage, for messages and the JSON state."""

    game: G
    num_players: int
    stage: int
    cur: int
    _history: tuple[int, object] | None
    _moves: int
    _legal: list[int] | None
    trace: list[AutoStep] | None
    """The automatic steps ``apply_traced`` is listening for, else None (rules may test it before a costly mark)."""

    def _start_history(self) -> None:
        """An empty history and no cached legal actions (call from ``__init__``)."""
        self._history = None
        self._moves = 0
        self._legal = None
        self.trace = None

    def auto_step(self, kind: str, seat: int) -> None:
        """Mark the start of an automatic step (``kind``, ``seat``) for ``apply_traced``; costs one test
        unless it is listening."""
        trace = self.trace
        if trace is not None:
            self.trace = None  # the snapshot carries no trace of its own
            trace.append((kind, seat, self.clone()))
            self.trace = trace

    def offer(self, actions: list[int]) -> None:
        """The legal actions of the node the rules just left pending, already computed (never mutated)."""
        self._legal = actions

    def _copy_plumbing(self, other: StagedState[G]) -> None:
        """Share this state's game, stage, seat and history with a fresh clone."""
        other.game = self.game
        other.num_players = self.num_players
        other.stage = self.stage
        other.cur = self.cur
        other._history = self._history
        other._moves = self._moves
        other._legal = self._legal  # never mutated in place, so it can be shared
        other.trace = None

    def _set_history(self, actions: list[int]) -> None:
        """Rebuild the history from a list (when loading a state)."""
        node: tuple[int, object] | None = None
        for action in actions:
            node = (action, node)
        self._history = node
        self._moves = len(actions)
        self._legal = None
        self.trace = None

    @abstractmethod
    def _compute_legal(self) -> list[int]:
        """The sorted legal actions of the pending node."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Play a legal action: the rules, then the automatic steps up to the next node."""

    @abstractmethod
    def num_actions(self) -> int:
        """Size of the game's action space."""

    # --- the contract -------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.game.seed

    def current_player(self) -> int:
        stage = self.stage
        if stage >= self.FIRST_DECISION:
            return TERMINAL if stage == self.GAME_OVER else self.cur
        return CHANCE

    def is_terminal(self) -> bool:
        return self.stage == self.GAME_OVER

    def is_chance_node(self) -> bool:
        return self.stage < self.FIRST_DECISION

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def apply_action(self, action: object) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if type(action) is int:  # the legal list is sorted: a bisection, not a scan
            at = _bisect_left(legal, action)
            move = action if at < len(legal) and legal[at] == action else self._checked(action, legal)
        else:
            move = self._checked(action, legal)
        self._legal = None
        self._history = (move, self._history)
        self._moves += 1
        self._apply(move)

    def apply_traced(self, action: object) -> list[AutoStep]:
        trace: list[AutoStep] = []
        self.trace = trace
        try:
            self.apply_action(action)
        finally:
            self.trace = None
        return trace

    def history(self) -> list[int]:
        return unlink(self._history)

    def move_number(self) -> int:
        return self._moves

    # --- errors -----------------------------------------------------------------------------

    def _checked(self, action: object, legal: list[int]) -> int:
        """``action`` as a legal int (numpy ints are fine), or ``IllegalActionError``."""
        if not isinstance(action, bool):
            try:
                index = operator.index(action)  # type: ignore[arg-type]
            except TypeError:
                pass
            else:
                if index in legal:
                    return int(index)
                action = index
        raise IllegalActionError(self._illegal_reason(action))

    def _illegal_reason(self, action: object) -> str:
        size = self.num_actions()
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < size:
            return f"{action!r} is not an action (actions are ints 0..{size - 1})"
        name = self.action_to_string(action)
        if self.stage == self.GAME_OVER:
            return f"{name!r} is illegal: the game is over"
        who = "chance" if self.stage < self.FIRST_DECISION else f"player {self.cur + 1} (seat {self.cur})"
        legal = self._legal or []
        sample = ", ".join(repr(self.action_to_string(a)) for a in legal[:6])
        more = ", ..." if len(legal) > 6 else ""
        return f"{name!r} is illegal: {who} must decide {self.STAGE_NAMES[self.stage]!r} (legal: {sample}{more})"
