"""Which resource mixes pay for a card, a building or a food shortfall; which tools may be added."""

from __future__ import annotations

from typing import Final

from stoneage.games.stone_age.actions import (
    MIXES,
    ONE_USE_VALUES,
    TOOL_SETS,
    Counts,
    feed,
    pay,
    tools,
)
from stoneage.games.stone_age.data import BUILDING_KINDS, DISPLAY_SIZE, RESOURCE_VALUE, BuildingKind

Option = tuple[int, int, int, int, int]  # (action, wood, clay, stone, gold)


def _kinds(mix: Counts) -> int:
    return sum(1 for n in mix if n)


def _fits(kind: BuildingKind, mix: Counts) -> bool:
    if kind.cost is not None:
        return mix == kind.cost
    return kind.min_count <= sum(mix) <= kind.max_count and (
        kind.kinds == 0 or _kinds(mix) == kind.kinds
    )


CARD_PAYMENTS: Final[tuple[tuple[Option, ...], ...]] = tuple(
    tuple((pay(m), *m) for m in MIXES if sum(m) == cost) for cost in range(DISPLAY_SIZE + 1)
)
"""``CARD_PAYMENTS[cost]``: every mix of exactly ``cost`` resources."""
BUILDING_PAYMENTS: Final[tuple[tuple[Option, ...], ...]] = tuple(
    tuple((pay(m), *m) for m in MIXES if 1 <= sum(m) <= 7 and _fits(kind, m))
    for kind in BUILDING_KINDS
)
"""``BUILDING_PAYMENTS[kind]``: every mix that the building kind accepts."""
FEEDINGS: Final[tuple[tuple[Option, ...], ...]] = tuple(
    tuple((feed(m), *m) for m in MIXES if sum(m) == short and short) for short in range(11)
)
"""``FEEDINGS[shortfall]``: every mix of exactly ``shortfall`` resources."""


def affordable(options: tuple[Option, ...], wood: int, clay: int, stone: int, gold: int) -> list[int]:
    """The actions of ``options`` that these resources can pay, in action order."""
    return [a for a, w, c, s, g in options if w <= wood and c <= clay and s <= stone and g <= gold]


CARD_TABLE: Final = 0
BUILDING_TABLE: Final = 1
FEEDING_TABLE: Final = 2
"""The payment tables ``payable`` reads: by card cost, by building kind, by food shortfall."""
_TABLES: Final = (CARD_PAYMENTS, BUILDING_PAYMENTS, FEEDINGS)
_CAPS: Final = tuple(tuple(max((max(option[1:]) for option in options), default=0) for options in table)
              for table in _TABLES)
"""Per table and index, the most of any one resource an option asks for."""


_PAYABLE: Final[dict[int, list[int]]] = {}
"""``payable``'s answers by table, index (6 bits) and capped resources (4 bits each) packed in one
int (a plain dict: a ``functools.cache`` is a slow Python-level call from compiled code)."""


def payable(table: int, index: int, wood: int, clay: int, stone: int, gold: int) -> list[int]:
    """``affordable(options, ...)`` of the options ``_TABLES[table][index]`` (``CARD_TABLE`` by
    cost, ``BUILDING_TABLE`` by kind, ``FEEDING_TABLE`` by shortfall) as a new list, remembered: a
    resource held beyond the most any option asks for (at most 10) pays exactly the same options as
    that most, so the memory stays small."""
    cap = _CAPS[table][index]
    wood = wood if wood < cap else cap
    clay = clay if clay < cap else cap
    stone = stone if stone < cap else cap
    gold = gold if gold < cap else cap
    key = ((((table << 6 | index) << 4 | wood) << 4 | clay) << 4 | stone) << 4 | gold
    found = _PAYABLE.get(key)
    if found is None:
        found = _PAYABLE[key] = affordable(_TABLES[table][index], wood, clay, stone, gold)
    return found[:]


def points(mix: Counts) -> int:
    """Building points for a payment: wood 3, clay 4, stone 5, gold 6 each."""
    return sum(n * v for n, v in zip(mix, RESOURCE_VALUE, strict=False))


_TOOL_ACTIONS: Final[dict[int, list[int]]] = {}
"""``tool_actions``' answers by ready tiles and one-use tools packed in one int."""


def tool_actions(ready1: int, ready2: int, ready3: int, ready4: int, one_use_mask: int) -> list[int]:
    """``tool_choices`` for the ready tiles of each value 1-4 (a player has 3 tiles at most) and the
    one-use tools' mask, as a new list, remembered."""
    key = (((ready1 << 4 | ready2) << 4 | ready3) << 4 | ready4) << 3 | one_use_mask
    found = _TOOL_ACTIONS.get(key)
    if found is None:
        found = _TOOL_ACTIONS[key] = list(tool_choices((ready1, ready2, ready3, ready4), one_use_mask))
    return found[:]


def tool_choices(ready: tuple[int, int, int, int], one_use_mask: int) -> tuple[int, ...]:
    """Every way to add ready tiles (counts by value) and one-use tools to a roll, sorted."""
    out = []
    for tool_set in TOOL_SETS:
        if all(n <= r for n, r in zip(tool_set, ready, strict=False)):
            for mask in range(8):
                if mask & one_use_mask == mask:
                    out.append(tools(tool_set, mask))
    return tuple(sorted(out))


def tool_bonus(tool_set: Counts, one_use_mask: int) -> int:
    """What these tiles and one-use tools add to a roll."""
    tiles = sum((v + 1) * n for v, n in enumerate(tool_set))
    return tiles + sum(v for i, v in enumerate(ONE_USE_VALUES) if one_use_mask >> i & 1)
