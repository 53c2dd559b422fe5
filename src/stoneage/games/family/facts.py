"""The facts the children's games share: the kinds of their shared automatic steps, and the rule
that names a log entry's kind.

A children's game tells each decision and chance outcome as a fact of its own kind (asked of the
state before the action: ``State.fact``), each automatic step as a fact whose kind is the step's
(``NEXT_TURN``, ``GAME_END`` and the game's own), and the entries its rules write in the public log
as the ``details`` of those facts, each of kind ``"log_"`` + the entry's name in the observation's
log (``"log_reveal"``), with the entry's fields named. Data are words of the game (``"fish"``,
``"trading_post"``...), numbers and seats, never sentences; docs/facts.md lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from stoneage.core.facts import Fact, FactKind, FactValue
from stoneage.core.seats import CHANCE
from stoneage.games.family.state import GAME_END, NEXT_TURN, Event

if TYPE_CHECKING:
    from stoneage.games.family.serialize import EventTable

LOG_PREFIX: Final = "log_"
"""A log entry's fact kind is this followed by its event name (``EVENTS``): ``"log_reveal"``."""

SHARED_KINDS: Final = (
    FactKind(NEXT_TURN),  # seat: the seat whose turn begins
    FactKind(GAME_END),  # seat: the winner, or -1 when nobody wins (a stalemate)
    FactKind("action", ("name",)),  # an action no kind tells (none in play): its notation
)
"""The kinds both children's games declare."""


def log_kind(event: str) -> str:
    """The fact kind of a log entry named ``event`` in the observation: ``"reveal"`` -> ``"log_reveal"``."""
    return LOG_PREFIX + event


def entry_kinds(names: tuple[str, ...], fields: Mapping[str, tuple[tuple[str, int], ...]]) -> tuple[FactKind, ...]:
    """The fact kinds of a game's log entries: one per event name (``EVENTS``), with the fields the
    observation's log gives it (``EVENT_FIELDS``; ``player`` is the fact's seat)."""
    return tuple(FactKind(log_kind(name), tuple(field for field, _index in fields[name] if field != "player"))
                 for name in names)


def entry_fact(table: EventTable, event: Event) -> Fact:
    """A log event as a fact: its kind ``log_<name>``, its player as the seat (-1 when none), and its
    fields as the observation's log names them (lists as tuples)."""
    entry = table.to_json(event)
    data: dict[str, FactValue] = {}
    for field, value in entry.items():
        if field not in _FRAME:
            data[field] = tuple(value) if isinstance(value, list) else value
    seat = entry.get("player", CHANCE)
    return Fact(log_kind(table.names[event[2]]), seat if type(seat) is int else CHANCE, data)


_FRAME: Final = frozenset(("at", "turn", "event", "player"))
"""The fields of a log entry in JSON that are not the fact's data."""
