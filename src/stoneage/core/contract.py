"""The game/state contract every game in the package implements (OpenSpiel's shape)."""

from __future__ import annotations

import operator
import random
from abc import abstractmethod
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar, Final

from stoneage.core import rng
from stoneage.core.errors import IllegalActionError, NotationError, PlayerError, shorten
from stoneage.core.facts import Fact, FactKind
from stoneage.core.gametype import GameType, Kind
from stoneage.core.i18n import _
from stoneage.core.native import mypyc_attr
from stoneage.core.seats import CHANCE as CHANCE, OMNISCIENT as OMNISCIENT, PUBLIC as PUBLIC, TERMINAL as TERMINAL
from stoneage.core.tensor import Layout

_bisect_right: Final = bisect_right
"""``bisect_right`` kept in a C static by the compiled build (a plain imported name is looked up in the
module's dict at every call)."""


JSON = dict[str, Any]

AutoStep = tuple[str, int, "State"]
"""A step the rules took on their own: its kind (``"hut"``, ``"feeding"``, ...), the seat it
concerned (or ``CHANCE`` when it concerned nobody), and a copy of the state as the step began."""

# The entry points that take outside input (an action, a seat, a text, JSON) declare it ``object``
# and check it in the body, so that both builds refuse a wrong type with the same typed error: the
# compiled build (mypyc) would otherwise raise ``TypeError`` at the call, and turn ``True`` into 1.


def check_seat(player: object, num_players: int) -> int:
    """``player`` if it is a seat ``0..num_players - 1`` (an int, not a bool); else ``PlayerError``."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < num_players:
        raise PlayerError(_("player must be a seat 0..{last}, not {value}").format(
            last=num_players - 1, value=shorten(player)))
    return player


def check_text(text: object) -> str:
    """``text`` if it is a string (an action's notation); else ``NotationError``."""
    if not isinstance(text, str):
        raise NotationError(_("an action text is a string, not {type}").format(type=type(text).__name__))
    return text


# Game and State are plain classes, not ``ABC``s: mypyc makes its classes without running ``ABCMeta``,
# so compiled subclasses would share one isinstance cache, and ``isinstance(state, State)`` would
# answer whatever was asked first of any class of the family. ``abstractmethod`` still tells mypy.


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """A game with its parameters; makes initial states.

    A subclass names its ``game_type``; the base checks the parameters against it (raising
    ``GameOptionError``), fills in the defaults, and derives ``params()`` and ``repr`` from it.
    """

    game_type: ClassVar[GameType]

    def __init__(self, **params: Any) -> None:
        values = self.game_type.resolve(params)
        self.num_players: int = values["players"]
        self.seed: int = values["seed"]
        self.first_player: int = values["first_player"]
        self.expansions: tuple[str, ...] = values["expansions"]
        self.variants: tuple[str, ...] = values["variants"]
        self.values: JSON = values
        """Every parameter's value, defaults filled in."""

    @property
    def name(self) -> str:
        """The registered name of the game."""
        return self.game_type.name

    def params(self) -> JSON:
        """The parameters that recreate this game with ``load_game(name, **params)``, JSON-ready."""
        out: JSON = {}
        for param in self.game_type.params:
            value = self.values[param.name]
            if param.kind is Kind.DATA and value is None:
                continue
            out[param.name] = list(value) if isinstance(value, tuple) else value
        return out

    def __repr__(self) -> str:
        defaults = self.game_type.defaults()
        shown = [f"players={self.num_players}", f"seed={self.seed}"] + [
            f"{name}={value!r}" for name, value in self.params().items()
            if name not in ("players", "seed") and _differs(value, defaults[name])
        ]
        return f"{type(self).__name__}({', '.join(shown)})"

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first action (usually a chance node dealing the setup)."""

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the flat action space shared by players and chance."""

    @abstractmethod
    def state_from_json(self, data: object) -> State:
        """A state from its JSON form; raises ``StateFormatError`` naming what is wrong."""

    def observation_layout(self) -> Layout:
        """The slots of ``State.observation_tensor`` for this game's parameters."""
        raise NotImplementedError(f"{type(self).__name__} has no numeric observation")

    def information_state_layout(self) -> Layout:
        """The slots of ``State.information_state_tensor``; the observation's unless overridden."""
        return self.observation_layout()


def _differs(value: Any, default: Any) -> bool:
    return bool(value != (list(default) if isinstance(default, tuple) else default))


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """A position of a game. Actions are ints; chance is explicit."""

    FACT_KINDS: ClassVar[tuple[FactKind, ...]] = (FactKind("action", ("name",)),)
    """The kinds of fact the game tells (``fact``, ``step_fact``, ``details_since``) and their fields."""

    def get_game(self) -> Game:
        """The game this is a position of (OpenSpiel's ``get_game``): a state with a ``game``
        attribute needs nothing more."""
        game = getattr(self, "game", None)
        if not isinstance(game, Game):
            raise NotImplementedError(f"{type(self).__name__} does not say which game it belongs to")
        return game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or ``CHANCE``, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted legal actions (chance outcomes at a chance node, nothing when terminal)."""

    @abstractmethod
    def apply_action(self, action: object) -> None:
        """Play ``action``; raises ``IllegalActionError`` and changes nothing if it is illegal
        (or not an int: numpy's ints are fine, a bool is not)."""

    @abstractmethod
    def chance_weights(self) -> list[tuple[int, int]]:
        """``(outcome, weight)`` pairs of a chance node, with integer weights."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat result: 1 shared among the winners, 0 for the others (0s before the end)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Per-seat score as it stands (final scores once terminal)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def history(self) -> list[int]:
        """Every action applied since the initial state, chance outcomes included."""

    @abstractmethod
    def observation(self, player: object) -> JSON:
        """What ``player`` may know, JSON-ready."""

    @abstractmethod
    def action_to_string(self, action: object) -> str:
        """The notation of ``action``; raises ``NotationError`` for anything but an int of the space."""

    @abstractmethod
    def string_to_action(self, text: object) -> int:
        """The action a notation string names; raises ``NotationError`` (a non-string included)."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state, losslessly, JSON-ready."""

    @property
    @abstractmethod
    def seed(self) -> int:
        """The game seed that drives ``sample_chance_outcome`` without an explicit RNG."""

    # --- shared helpers --------------------------------------------------------------------

    def resample_from_infostate(self, player: object, generator: random.Random) -> State:
        """A copy of this state in which what ``player`` cannot see is drawn anew at random.

        Search uses it so as not to peek; games without hidden information return a clone.
        """
        return self.clone()

    def move_number(self) -> int:
        """How many actions (chance outcomes included) have been applied; games may speed it up."""
        return len(self.history())

    def fact(self, action: int) -> Fact:
        """What ``action`` does when applied here, as a fact (ask before applying it): every field,
        the secret ones marked with the seats that may see them. Games tell their own kinds."""
        return Fact("action", self.current_player(), {"name": self.action_to_string(action)})

    def apply_traced(self, action: object) -> list[AutoStep]:
        """Apply ``action`` like ``apply_action`` and list the automatic steps that followed it.

        ``apply_facts`` reads them so that each step gets its own fact with its own deltas;
        games without automatic steps return ``[]``.
        """
        self.apply_action(action)
        return []

    def step_fact(self, kind: str, seat: int) -> Fact:
        """The fact of an automatic step (``kind`` from ``apply_traced``), asked of the step's own
        snapshot (the state as the step began)."""
        return Fact(kind, seat)

    def holdings(self) -> list[dict[str, int]]:
        """Per seat, the holdings anyone may count (food, points, cards...): a fact's ``deltas`` are
        their changes. Games without holdings to count return ``[]``."""
        return []

    def details_since(self, earlier: State) -> list[Fact]:
        """The smaller facts caused since ``earlier`` (a state of this game before the last action):
        entries of a game's log, marks such as "feeding began". Most games have none."""
        return []

    def apply_facts(self, action: object) -> list[Fact]:
        """Apply ``action`` like ``apply_action`` and return what happened as facts: the action's own,
        then one per automatic step, each with its own ``deltas`` and ``details``."""
        before = self.clone()
        steps = self.apply_traced(action)  # raises IllegalActionError, state unchanged, if illegal
        first = before.fact(operator.index(action))  # type: ignore[arg-type]  # legal, so an int
        marks = [before, *(snapshot for _, _, snapshot in steps), self]
        heads = [first, *(marks[i].step_fact(kind, seat) for i, (kind, seat, _) in enumerate(steps, start=1))]
        holdings = [mark.holdings() for mark in marks]
        return [replace(head, deltas=_deltas(holdings[i], holdings[i + 1]),
                        details=(*head.details, *marks[i + 1].details_since(marks[i])))
                for i, head in enumerate(heads)]

    def observation_tensor(self, player: object) -> list[float]:
        """What ``player`` sees now as numbers in [0, 1], laid out by ``Game.observation_layout``.

        Seats are told from the viewer's point of view: their own first, then the next in turn.
        """
        raise NotImplementedError(f"{type(self).__name__} has no numeric observation")

    def information_state_tensor(self, player: object) -> list[float]:
        """The observation plus what ``player`` remembers of hidden things (perfect recall).

        Laid out by ``Game.information_state_layout``; games without memory return the observation.
        """
        return self.observation_tensor(player)

    def public_observation(self) -> JSON:
        """What anyone at the table may know (a spectator's view): no seat's hidden things."""
        raise NotImplementedError(f"{type(self).__name__} has no public observation")

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat, the score part by part; games with richer scoring override this."""
        return [{"total": score} for score in self.scores()]

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Exact ``(outcome, probability)`` pairs of a chance node."""
        weights = self.chance_weights()
        total = sum(w for _, w in weights)
        return [(a, w / total) for a, w in weights]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """Like ``chance_outcomes`` but with exact fractions that sum to exactly 1."""
        weights = self.chance_weights()
        total = sum(w for _, w in weights)
        return [(a, Fraction(w, total)) for a, w in weights]

    def chance_table(self) -> tuple[Sequence[int], Sequence[int]]:
        """The chance node's outcomes and their running weight totals (the last is the total).

        ``sample_chance_outcome`` draws from it; games with precomputed tables override it. The
        default builds it from ``chance_weights``. Read-only: a game may share both sequences
        (with its tables, or as the node's cached legal actions).
        """
        return running_totals(self.chance_weights())

    def sample_chance_outcome(self, generator: random.Random | None = None) -> int:
        """Sample a chance outcome: from ``generator`` if given, else from the game seed.

        Without a generator the draw depends only on the seed and the history length, so a
        seed plus the players' actions replays a whole game. The draw ``pick`` in
        ``range(total)`` selects the first outcome whose running total exceeds it.
        """
        outcomes, cumulative = self.chance_table()
        if not outcomes:
            raise IllegalActionError("sample_chance_outcome: the state is not at a chance node")
        total = cumulative[-1]
        if generator is None:
            pick = rng.draw(self.seed, self.move_number(), total)
        else:
            pick = generator.randrange(total)
        return outcomes[_bisect_right(cumulative, pick)]


def _deltas(old: list[dict[str, int]], new: list[dict[str, int]]) -> dict[int, dict[str, int]]:
    """Per seat, the holdings that changed between two counts (``State.holdings``) and by how much."""
    out: dict[int, dict[str, int]] = {}
    for seat, (was, now) in enumerate(zip(old, new, strict=True)):
        changed = {key: now[key] - was[key] for key in now if now[key] != was[key]}
        if changed:
            out[seat] = changed
    return out


def running_totals(weights: Sequence[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The outcomes of ``(outcome, weight)`` pairs and their running weight totals (a chance table)."""
    outcomes: list[int] = []
    totals: list[int] = []
    total = 0
    for outcome, weight in weights:
        total += weight
        outcomes.append(outcome)
        totals.append(total)
    return outcomes, totals
