"""The state layer the children's games share: the hut race, turn order, the public log, seat checks.

``FamilyState`` is a ``StagedState`` with a phase (setup, play, over), a turn counter, the huts
each seat has built (the first to ``HUTS_TO_WIN`` wins at once) and a public log of events kept as
a linked list shared between clones. A game supplies its rules (``_apply``, ``_begin_turn``), its
own fields (``_copy_into``, ``_redraw``), its JSON form and observations (``to_json``,
``_observe``, the tensors), and its log entries as facts (``_entry_fact``).

Automatic steps: every step the rules take on their own starts with ``self.auto_step(kind, seat)``, so
``apply_traced`` lists it. The kinds shared by both games are ``NEXT_TURN`` and ``GAME_END``.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from typing import ClassVar, Self

from stoneage.core.contract import JSON, State, check_seat, check_text, running_totals
from stoneage.core.facts import Fact
from stoneage.core.staged import G, StagedState
from stoneage.games.family.data import HUTS_TO_WIN
from stoneage.games.family.notation import Notation

SETUP, PLAY, OVER = range(3)
PHASES = ("setup", "play", "over")

Event = tuple[int, int, int, int, int, int, int]
"""A public log event: (at, turn, kind, player, x, y, z); -1 where a field does not apply. ``at`` is
the index in the history of the action that caused it."""

LogNode = tuple[int, int, int, int, int, int, int, object]
"""A node of the public log: an event's seven fields followed by the node of the event before it
(or ``None``). One tuple per event rather than an event inside a link: half the objects for the
garbage collector to track, which took a sixth of a Junior step's instructions."""

NEXT_TURN = "next_turn"
"""Automatic step: the turn passes to the seat named."""
GAME_END = "game_end"
"""Automatic step: the game ends (seat: the winner, or ``CHANCE`` when nobody wins)."""


class FamilyState(StagedState[G]):
    """A position of a children's Stone Age game; subclasses supply the rules."""

    __slots__ = ("_log", "built", "phase", "turn")

    NOTATION: ClassVar[Notation]
    """The game's action names and parser."""
    WIN_EVENT: ClassVar[int]
    """The log event kind of a win."""

    phase: int
    turn: int  # turns begun (0 during the setup)
    built: list[tuple[int, ...]]  # per seat: numbers of the huts built, in order
    _log: LogNode | None  # the newest event of the public log (a linked list, newest first)

    def _start_family(self, game: G) -> None:
        """The shared fields of an initial state (call from ``__init__``)."""
        self.game = game
        self.num_players = game.num_players
        self.phase = SETUP
        self.turn = 0
        self.built = [()] * game.num_players
        self._start_history()
        self._log = None

    # --- the contract -------------------------------------------------------------------------

    def clone(self) -> Self:
        other = type(self)()
        self._copy_plumbing(other)
        other.phase = self.phase
        other.turn = self.turn
        other.built = self.built[:]
        other._log = self._log
        self._copy_into(other)
        return other

    def chance_table(self) -> tuple[Sequence[int], Sequence[int]]:
        """The outcomes (kept as the node's legal actions, computed once) and running totals."""
        outcomes, totals = running_totals(self.chance_weights())
        if self._legal is None and outcomes:
            self._legal = outcomes  # what _compute_legal gives at a chance node; never mutated
        return outcomes, totals

    def resample_from_infostate(self, player: object, generator: random.Random) -> Self:
        seat = check_seat(player, self.num_players)
        other = self.clone()
        other._redraw(seat, generator)
        other._legal = None
        return other

    def num_actions(self) -> int:
        return len(self.NOTATION.names)

    def action_to_string(self, action: object) -> str:
        return self.NOTATION.name(action)

    def string_to_action(self, text: object) -> int:
        return self.NOTATION.parse(check_text(text))

    def returns(self) -> list[float]:
        out = [0.0] * self.num_players
        if self.stage == self.GAME_OVER:
            won = self.winner()
            if won >= 0:
                out[won] = 1.0
        return out

    def scores(self) -> list[int]:
        """Per seat, the number of huts built."""
        return [len(b) for b in self.built]

    def observation(self, player: object) -> JSON:
        return self._observe(check_seat(player, self.num_players))

    def public_observation(self) -> JSON:
        """What a spectator may know: the observation of no seat (no hidden card, the public log)."""
        return self._observe(None)

    def details_since(self, earlier: State) -> list[Fact]:
        """The public log's entries since ``earlier`` as facts (the action's own entry left out)."""
        return [self._entry_fact(event) for event in self.events_since(earlier)]

    # --- queries -----------------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The round: 1 while the first player's first turn is played, 0 during the setup."""
        return 0 if self.turn == 0 else (self.turn - 1) // self.num_players + 1

    def events(self) -> list[Event]:
        """The public log, oldest first (see the game's ``EVENTS`` for the kinds)."""
        out: list[Event] = []
        node = self._log
        while node is not None:
            out.append(node[:7])
            node = node[7]  # type: ignore[assignment]
        out.reverse()
        return out

    def events_since(self, earlier: State) -> list[Event]:
        """The log events since ``earlier`` (a state of this game before the last action, or one of
        its automatic steps); when ``earlier`` is the state just before the action, the action's own
        event is left out: the first event of an action is the action itself."""
        assert isinstance(earlier, FamilyState)
        events = self.events()[len(earlier.events()) :]
        if self.move_number() == earlier.move_number() + 1 and events:
            events = events[1:]
        return events

    def winner(self) -> int:
        """The seat that built 3 huts, or -1."""
        for p in range(self.num_players):
            if len(self.built[p]) >= HUTS_TO_WIN:
                return p
        return -1

    # --- for the games -------------------------------------------------------------------------

    def log_event(self, kind: int, player: int = -1, x: int = -1, y: int = -1, z: int = -1) -> None:
        """Add an event to the public log, stamped with the action that caused it and the turn."""
        self._log = (self._moves - 1, self.turn, kind, player, x, y, z, self._log)

    def _set_log(self, events: list[Event]) -> None:
        """Rebuild the public log from its events, oldest first (when loading a state)."""
        node: LogNode | None = None
        for event in events:
            node = (*event, node)
        self._log = node

    def end_turn(self) -> None:
        """The turn passes clockwise to the next seat."""
        nxt = (self.cur + 1) % self.num_players
        if self.trace is not None:  # what auto_step tests, without the call on every turn
            self.auto_step(NEXT_TURN, nxt)
        self.cur = nxt
        self._begin_turn()

    def win(self, p: int) -> None:
        """Seat ``p`` has built its third hut: the game ends at once."""
        self.auto_step(GAME_END, p)
        self.log_event(self.WIN_EVENT, p)
        self.end_game()

    def end_game(self) -> None:
        self.phase = OVER
        self.stage = self.GAME_OVER

    @abstractmethod
    def _observe(self, seat: int | None) -> JSON:
        """What ``seat`` may know (``None``: a spectator), JSON-ready: the game's ``serialize`` tells it."""

    @abstractmethod
    def _entry_fact(self, event: Event) -> Fact:
        """An event of the public log as a fact (the game's ``facts`` module tells it)."""

    @abstractmethod
    def _begin_turn(self) -> None:
        """Start the turn of ``cur`` (and any step the rules take at once)."""

    @abstractmethod
    def _copy_into(self, other: Self) -> None:
        """Copy the game's own fields into a fresh clone (the shared ones are copied already)."""

    @abstractmethod
    def _redraw(self, player: int, generator: random.Random) -> None:
        """Draw anew, in this copy, everything ``player`` cannot know (see the game's docs)."""

