"""Facts: what a game's rules did, as data, never as words.

Every decision, chance outcome and automatic step of a game is one ``Fact``: its kind (one of the
kinds the game declares, with their fields), the seat it concerned, its data fields, the change of
every seat's holdings it caused, and which fields are secret to whom. The play layer puts facts
into words per viewer and per language; the web boards read their data. ``redact`` is the one
place that decides what a viewer may see of a fact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stoneage.core.errors import FactFormatError
from stoneage.core.seats import CHANCE, OMNISCIENT

FactValue = int | str | bool | None | tuple[Any, ...] | Mapping[str, Any]
"""A data field's value: a number, a word of the game's vocabulary (never a sentence), a flag,
``None``, or a tuple or mapping of these."""


@dataclass(frozen=True, slots=True)
class FactKind:
    """One kind of fact a game declares: its name and the names of its data fields."""

    name: str
    fields: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    """The fields only some seats may see (which seats: the fact's ``secret``)."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One step of a game as data."""

    kind: str
    """The kind (a name among the game's ``FactKind``s): ``"place"``, ``"roll"``, ``"feeding"``."""
    seat: int = CHANCE
    """The seat that decided or that the step concerned; ``CHANCE`` when it concerned nobody."""
    data: Mapping[str, FactValue] = field(default_factory=dict)
    """The kind's fields: places, counts, faces, card numbers (words of the game, never sentences)."""
    deltas: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    """Per seat, the change of each holding this step caused (only the holdings that changed)."""
    secret: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Per secret field of ``data``, the seats that may see it (nobody else does); empty once redacted."""
    details: tuple[Fact, ...] = ()
    """Smaller facts the step also caused, in order (the children's games' log entries)."""
    hidden: tuple[str, ...] = ()
    """Once redacted (``redact``): the fields left out because the viewer may not see them."""

    def to_json(self) -> dict[str, Any]:
        """The fact, JSON-ready (seats as numbers; ``deltas`` keyed by seat numbers as text)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": _plain(self.data)}
        if self.deltas:
            out["deltas"] = {str(seat): dict(changes) for seat, changes in self.deltas.items()}
        if self.secret:
            out["secret"] = {name: list(seats) for name, seats in self.secret.items()}
        if self.details:
            out["details"] = [detail.to_json() for detail in self.details]
        if self.hidden:
            out["hidden"] = list(self.hidden)
        return out

    @classmethod
    def from_json(cls, data: object) -> Fact:
        """A fact from ``to_json``'s form; ``FactFormatError`` names what is malformed."""
        if not isinstance(data, dict):
            raise FactFormatError(f"a fact must be an object, not {type(data).__name__}")
        kind, seat = data.get("kind"), data.get("seat")
        if not isinstance(kind, str) or type(seat) is not int:
            raise FactFormatError("a fact needs a text 'kind' and an int 'seat'")
        fields, deltas, secret = data.get("data", {}), data.get("deltas", {}), data.get("secret", {})
        if not isinstance(fields, dict) or not isinstance(deltas, dict) or not isinstance(secret, dict):
            raise FactFormatError("a fact's 'data', 'deltas' and 'secret' must be objects")
        try:
            changes = {int(who): {str(k): _int(v) for k, v in dict(held).items()} for who, held in deltas.items()}
            marked = {str(name): tuple(_int(s) for s in seats) for name, seats in secret.items()}
        except (TypeError, ValueError) as error:
            raise FactFormatError(f"a fact's deltas or secret are malformed: {error}") from None
        details, left_out = data.get("details", []), data.get("hidden", [])
        if not isinstance(details, list) or not isinstance(left_out, list) or not all(
                isinstance(name, str) for name in left_out):
            raise FactFormatError("a fact's 'details' must be a list of facts and 'hidden' a list of field names")
        return cls(kind, seat, {str(k): _frozen(v) for k, v in fields.items()}, changes, marked,
                   tuple(cls.from_json(detail) for detail in details), tuple(left_out))


def may_see(fact: Fact, name: str, viewer: int) -> bool:
    """Whether ``viewer`` (a seat, ``PUBLIC`` or ``OMNISCIENT``) may see the data field ``name``."""
    seats = fact.secret.get(name)
    return seats is None or viewer == OMNISCIENT or viewer in seats


def redact(fact: Fact, viewer: int) -> Fact:
    """``fact`` as ``viewer`` may know it: every secret field that viewer may not see is left out and
    named in ``hidden`` (so that words can say something was hidden); no ``secret`` remains."""
    if not fact.secret and not fact.details:  # most facts: nothing to hide, the same object for every viewer
        return fact
    hidden = tuple(name for name in fact.secret if not may_see(fact, name, viewer))
    details = tuple(redact(detail, viewer) for detail in fact.details)
    if not fact.secret and all(new is old for new, old in zip(details, fact.details, strict=True)):
        return fact
    data = {name: value for name, value in fact.data.items() if name not in hidden}
    return Fact(fact.kind, fact.seat, data, fact.deltas, {}, details, (*fact.hidden, *hidden))


def _plain(value: Any) -> Any:
    """A data value as JSON (tuples become lists, mappings dicts)."""
    if value is None or type(value) in _SCALARS:
        return value
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


_SCALARS = frozenset((int, str, bool))


def _frozen(value: Any) -> FactValue:
    """A JSON value as a fact's data value (lists become tuples)."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return {str(k): _frozen(v) for k, v in value.items()}
    if value is None or isinstance(value, int | str | bool):
        return value
    raise FactFormatError(f"a fact's field holds {type(value).__name__}, not a number, word or list")


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not an int")
    return value
