"""The event stream: every step of a game, as one viewer may know it, in order.

Applying an action yields one event for the action itself and one for each step the rules then
take on their own (the last location resolved, the hut, feeding, a forced pick, the round's end):
each event carries exactly its own effects. The log, ``simulate``, ``replay`` and every face read
this stream; what a viewer may not know is left out of its sentences.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from stoneage.core.contract import CHANCE, JSON, OMNISCIENT, State
from stoneage.core.i18n import seat_name

DECISION = "decision"
"""The kind of an event for a player's decision."""
CHANCE_EVENT = "chance"
"""The kind of an event for a chance outcome (a roll, a card turned up)."""
_SEAT_WORDS = re.compile(r"\bPlayer ([1-9])\b")
"""How the games' English sentences call a seat: ``Player 1`` for seat 0."""


def seat_words() -> re.Pattern[str]:
    """How the games' sentences call a seat in the current language (``seat_name``: ``Player 1``,
    ``플레이어 1``, ``Spieler 1``), its number (1 to 9) as the group. A seat name may be followed by
    a letter (a Korean particle: ``플레이어 1이``), never by another digit."""
    before, found, after = seat_name(0).partition("1")
    if not found:  # a translation without the digit: nothing to find
        return re.compile(r"(?!x)x")
    if before == "Player " and not after:
        return _SEAT_WORDS
    return re.compile(r"(?<!\w)" + re.escape(before) + r"([1-9])(?![0-9])" + re.escape(after))


@dataclass(frozen=True)
class Event:
    """One step: what happened, who it concerned, and its own effects in words."""

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
        a chance event does not (the outcome of a face-down draw names the card)."""
        data: dict[str, Any] = {
            "number": self.number, "kind": self.kind, "seat": self.seat, "text": self.text,
            "effects": list(self.effects),
        }
        if self.action is not None and self.kind == DECISION:  # a chance outcome's id may name a hidden card
            data["action"] = self.action
        return data


def apply_with_events(state: State, action: int, viewer: int = OMNISCIENT) -> list[Event]:
    """Apply ``action`` to ``state`` and return its events as ``viewer`` may know them.

    ``viewer`` is a seat, ``PUBLIC`` (a spectator) or ``OMNISCIENT``. Raises
    ``IllegalActionError`` (state unchanged) like ``apply_action``.
    """
    seat = state.current_player()
    text = state.describe_for(action, viewer).strip()
    before = state.clone()
    steps = state.apply_traced(action)
    number = state.move_number()
    marks = [before, *(snapshot for _, _, snapshot in steps), state]
    kind = CHANCE_EVENT if seat == CHANCE else DECISION
    events = [Event(number, kind, seat, action, text, _effects(marks[0], marks[1]))]
    for index, (step_kind, step_seat, _) in enumerate(steps, start=1):
        step_text = marks[index].describe_step(step_kind, step_seat).strip()
        events.append(Event(number, step_kind, step_seat, None, step_text, _effects(marks[index], marks[index + 1])))
    return events


def apply_for_viewers(state: State, action: int, viewers: Iterable[int]) -> dict[int, list[Event]]:
    """``apply_with_events(state, action, viewer)`` for every viewer at once, applying ``action`` once.

    Only the action's own sentence (``describe_for``) depends on the viewer; the automatic steps and
    every effect do not, and they are the costly part, so they are traced once and shared.
    """
    first, *others = sorted(set(viewers))
    before = state.clone() if others else state
    events = apply_with_events(state, action, first)
    told = {first: events}
    for viewer in others:
        told[viewer] = retell(events, before, action, viewer)
    return told


def retell(events: list[Event], before: State, action: int, viewer: int) -> list[Event]:
    """The events of ``action`` applied to ``before``, told to another viewer: its own first sentence."""
    text = before.describe_for(action, viewer).strip()
    return events if text == events[0].text else [replace(events[0], text=text), *events[1:]]


def called_by(events: Iterable[Event], names: Mapping[int, str]) -> list[Event]:
    """The events with seats called by the table's names: ``{0: "Ada"}`` tells "Player 1 builds" as
    "Ada builds"; seats not in ``names`` keep their numbers. The seats are found as the current
    language calls them (``seat_name``), the language the events were told in."""

    def call(match: re.Match[str]) -> str:
        return names.get(int(match.group(1)) - 1, match.group(0))

    pattern = seat_words()

    def told(text: str) -> str:
        return pattern.sub(call, text)

    def renamed(event: Event) -> Event:
        text, effects = told(event.text), tuple(told(line) for line in event.effects)
        if text == event.text and effects == event.effects:
            return event
        return Event(event.number, event.kind, event.seat, event.action, text, effects)

    return [renamed(event) for event in events] if names else list(events)


def _effects(before: State, after: State) -> tuple[str, ...]:
    return tuple(line.strip() for line in after.changes_since(before))


def round_of(state: State) -> int | None:
    """The round as the table sees it (the public observation's ``round``); ``None`` for a game without rounds."""
    value = state.public_observation().get("round")
    return value if type(value) is int else None
