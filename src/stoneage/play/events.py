"""The event stream: every step of a game, as one viewer may know it, in order, in words.

Applying an action gives facts (``State.apply_facts``: the action's own, then one per step the
rules took on their own, each with its own deltas). ``tell`` puts them into words for one viewer in
the current language: each fact redacted for that viewer (``core.facts.redact``), then said by the
game's kit with the seats called by the table's names. Facts are worked out once per action; only
the words depend on the viewer and the language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stoneage.core.contract import CHANCE, JSON, OMNISCIENT, State
from stoneage.core.facts import Fact, redact
from stoneage.core.i18n import seat_name
from stoneage.play.kit import PlayKit, Who, play_kit

DECISION = "decision"
"""The kind of an event for a player's decision."""
CHANCE_EVENT = "chance"
"""The kind of an event for a chance outcome (a roll, a card turned up)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step as the rules did it (every field, secrets marked): no viewer, no language."""

    number: int
    """The move number of the action that caused it (1 for the first action of the game)."""
    kind: str
    """``"decision"``, ``"chance"``, or the kind of an automatic step (``"hut"``, ``"feeding"``)."""
    action: int | None
    """The action applied, for decisions and chance; ``None`` for automatic steps."""
    fact: Fact


@dataclass(frozen=True)
class Event:
    """One step as a viewer may know it: what happened in a sentence, its effects, and its fact."""

    number: int
    """The move number of the action that caused it (1 for the first action of the game)."""
    kind: str
    """``"decision"``, ``"chance"``, or the kind of an automatic step (``"hut"``, ``"feeding"``)."""
    seat: int
    """The seat that decided or that the step concerned; ``CHANCE`` when it concerned nobody."""
    action: int | None
    """The action applied, for decisions and chance; ``None`` for automatic steps."""
    text: str
    """The step in a sentence."""
    effects: tuple[str, ...]
    """What changed, line by line (e.g. ``"Player 2: +3 wood"``)."""
    fact: Fact
    """The step as data, redacted for the viewer."""

    @property
    def automatic(self) -> bool:
        """Whether the rules took this step on their own."""
        return self.action is None

    def lines(self) -> list[str]:
        """The event as log lines: the sentence (chance and automatic steps indented), then its effects."""
        indent = "" if self.kind == DECISION else "  "
        return [indent + self.text, *(f"    {line}" for line in self.effects)]

    def to_json(self) -> JSON:
        """The event, JSON-ready (for the web face and event logs); a decision carries its action id,
        a chance event does not (the outcome of a face-down draw names the card). ``fact`` is the
        step as data, redacted for the viewer (docs/server.md)."""
        data: dict[str, Any] = {
            "number": self.number, "kind": self.kind, "seat": self.seat, "text": self.text,
            "effects": list(self.effects),
        }
        if self.action is not None and self.kind == DECISION:  # a chance outcome's id may name a hidden card
            data["action"] = self.action
        data["fact"] = self.fact.to_json()
        return data


def apply_steps(state: State, action: int) -> list[Step]:
    """Apply ``action`` to ``state`` and return its steps (every fact whole, secrets marked).

    Raises ``IllegalActionError`` (state unchanged) like ``apply_action``.
    """
    kind = CHANCE_EVENT if state.current_player() == CHANCE else DECISION
    first, *rest = state.apply_facts(action)
    number = state.move_number()
    return [Step(number, kind, action, first), *(Step(number, fact.kind, None, fact) for fact in rest)]


def caller(names: Mapping[int, str] | None = None) -> Who:
    """How the log calls a seat: by the table's name for it (``{0: "Ada"}``), else by its number in
    the current language (``seat_name``: ``Player 1``)."""
    called = names or {}

    def who(seat: int) -> str:
        name = called.get(seat)
        return name if name else seat_name(seat)

    return who


class Teller:
    """Puts one game's steps into words in the current language, each fact said once per viewer's
    version of it (the viewers share every fact without a secret, and their words)."""

    def __init__(self, kit: PlayKit, names: Mapping[int, str] | None = None) -> None:
        self.kit = kit
        self.who = caller(names)
        self._said: dict[int, tuple[Fact, str, tuple[str, ...]]] = {}

    def tell(self, steps: Iterable[Step], viewer: int) -> list[Event]:
        """``steps`` as ``viewer`` (a seat, ``PUBLIC`` or ``OMNISCIENT``) may know them."""
        return [self._event(step, redact(step.fact, viewer)) for step in steps]

    def _event(self, step: Step, fact: Fact) -> Event:
        said = self._said.get(id(fact))
        if said is None or said[0] is not fact:
            said = self._said[id(fact)] = (fact, self.kit.say(fact, self.who), tuple(self.kit.effects(fact, self.who)))
        return Event(step.number, step.kind, fact.seat, step.action, said[1], said[2], fact)


def tell(state: State, steps: Iterable[Step], viewer: int, names: Mapping[int, str] | None = None) -> list[Event]:
    """``steps`` of ``state``'s game as ``viewer`` may know them, in the current language."""
    return Teller(play_kit(state.get_game()), names).tell(steps, viewer)


def apply_with_events(state: State, action: int, viewer: int = OMNISCIENT,
                      names: Mapping[int, str] | None = None) -> list[Event]:
    """Apply ``action`` to ``state`` and return its events as ``viewer`` may know them, in the current
    language, the seats called by ``names`` where given.

    ``viewer`` is a seat, ``PUBLIC`` (a spectator) or ``OMNISCIENT``. Raises
    ``IllegalActionError`` (state unchanged) like ``apply_action``.
    """
    return tell(state, apply_steps(state, action), viewer, names)


def describe(state: State, action: int, viewer: int = OMNISCIENT, names: Mapping[int, str] | None = None) -> str:
    """What ``action`` would do in ``state``, in a sentence, as ``viewer`` may know it."""
    return play_kit(state.get_game()).say(redact(state.fact(action), viewer), caller(names))


def choice_fact(state: State, action: int, viewer: int) -> JSON:
    """What choosing ``action`` would do, as data for ``viewer`` (a menu entry's ``fact``: its kind and
    data; the seat is the decider's)."""
    fact = redact(state.fact(action), viewer)
    out: JSON = fact.to_json()
    del out["seat"]
    return out


def round_of(state: State) -> int | None:
    """The round as the table sees it (the public observation's ``round``); ``None`` for a game without rounds."""
    value = state.public_observation().get("round")
    return value if type(value) is int else None
