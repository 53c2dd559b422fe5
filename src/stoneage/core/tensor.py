"""Numeric observations: a game's named layout of one flat vector of floats (OpenSpiel's tensors).

A game lists its slots once (name, size, what the numbers mean); its states fill a vector of that
size for a viewer. Every value lies in [0, 1]: counts are divided by a documented ceiling and
clipped, categories are one-hot. Research adapters read the layout for their spaces and docs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    """A named run of ``size`` values starting at ``start`` in the flat vector."""

    name: str
    size: int
    doc: str
    start: int

    @property
    def stop(self) -> int:
        """One past the slot's last index."""
        return self.start + self.size


class Layout:
    """The ordered slots of a flat observation vector."""

    def __init__(self, slots: Iterable[tuple[str, int, str]]) -> None:
        self._slots: dict[str, Slot] = {}
        start = 0
        for name, size, doc in slots:
            if name in self._slots:
                raise ValueError(f"slot {name!r} appears twice")
            if size < 1:
                raise ValueError(f"slot {name!r} has size {size}")
            self._slots[name] = Slot(name, size, doc, start)
            start += size
        self.size = start
        """The length of the vector."""

    def __getitem__(self, name: str) -> Slot:
        return self._slots[name]

    def __iter__(self) -> Iterator[Slot]:
        return iter(self._slots.values())

    def __len__(self) -> int:
        return len(self._slots)

    def zeros(self) -> list[float]:
        """A vector of this layout with every value 0."""
        return [0.0] * self.size

    def put(self, vector: list[float], name: str, values: Iterable[float], offset: int = 0) -> None:
        """Write ``values`` into slot ``name`` from ``offset`` within the slot."""
        slot = self._slots[name]
        index = slot.start + offset
        for value in values:
            if index >= slot.stop:
                raise IndexError(f"slot {name!r} holds {slot.size} values")
            vector[index] = value
            index += 1

    def table(self) -> str:
        """The layout as a Markdown table (index range, name, meaning) for the docs."""
        rows = ["| indices | slot | values |", "|---|---|---|"]
        for slot in self:
            where = str(slot.start) if slot.size == 1 else f"{slot.start}–{slot.stop - 1}"
            rows.append(f"| {where} | `{slot.name}` | {slot.doc} |")
        return "\n".join(rows)


def scaled(count: float, ceiling: float) -> float:
    """``count / ceiling`` clipped to [0, 1]."""
    return min(max(count / ceiling, 0.0), 1.0)
