"""A read-only view of a Stone Age Junior position for programs (the rules, facts, serialize, tests).

The state keeps its position in plain fields laid out for fast copying; that layout is the
engine's business and may change. This module is the one place outside the rules that answers
questions about it, and it promises these names instead:

* :func:`box`, :func:`tile_pool`, :func:`hut_pool`, :func:`card_pool` — what is left in the box and
  what chance still picks among (the forest tiles, huts and goods cards with no identity yet);
* :func:`cards_of` — the goods cards a seat holds;
* :func:`builds` and :func:`must_decide_build` — the huts a seat can pay for on the building site,
  and whether it is asked there;
* :func:`trades` — the swaps a seat may make at the trading post in the current visit.

Nothing here changes the state; every list returned is fresh. :func:`builds` and :func:`trades`
are asked at every visit of the building site and the trading post, so they run on lookup
tables (a packed count check per build) rather than from the rules' plain definitions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import (
    BUILDS,
    CARD_COUNTS,
    CARD_ITEM,
    DOG_ITEM,
    GOODS_IN_BOX,
    GUFF_ITEM,
    NUM_GOODS,
    NUM_HUTS,
    NUM_KINDS,
    NUM_TILES,
    goods_per_kind,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

__all__ = [
    "BUILDS_OF_HUT",
    "BUILD_NEEDS",
    "box",
    "builds",
    "card_pool",
    "cards_of",
    "hut_pool",
    "must_decide_build",
    "tile_pool",
    "trades",
]

# Per build action: goods tiles per good, goods cards per kind (Guff = 5), dog tiles.
BUILD_NEEDS: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = tuple(
    (
        tuple(items.count(g) for g in range(NUM_GOODS)),
        (*(items.count(CARD_ITEM + g) for g in range(NUM_GOODS)), items.count(GUFF_ITEM)),
        items.count(DOG_ITEM),
    )
    for _, items in BUILDS
)
BUILDS_OF_HUT: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, (number, _) in enumerate(BUILDS) if number == h + 1) for h in range(NUM_HUTS)
)

# What a seat holds and what a build needs, packed into one int: a byte per goods tile of good g
# (byte g), per goods card of kind c (byte NUM_GOODS + c) and for the dogs (the last byte); the
# high bit of each byte is a guard, so ``(held | _GUARD) - need`` keeps every guard bit set exactly
# when each count held covers the count needed (counts stay far below 128).
_DOG_SHIFT = 8 * (NUM_GOODS + NUM_KINDS)
_GUARD = sum(0x80 << (8 * f) for f in range(NUM_GOODS + NUM_KINDS + 1))


def _packed_need(k: int) -> int:
    """What build ``k`` needs, packed as a holding is (see above)."""
    tiles, card_need, dog_need = BUILD_NEEDS[k]
    return (sum(n << (8 * g) for g, n in enumerate(tiles))
            + sum(n << (8 * (NUM_GOODS + c)) for c, n in enumerate(card_need))
            + (dog_need << _DOG_SHIFT))


_DOG_HELD = 1 << NUM_KINDS
"""The bit of a holding mask (below) for dog tiles; bit ``c`` is a goods card of kind ``c``."""


def _holding_needed(k: int) -> int:
    """The holding mask build ``k`` needs: the kinds of goods card it pays with, and a dog if any."""
    _, card_need, dog_need = BUILD_NEEDS[k]
    return sum(1 << c for c, n in enumerate(card_need) if n) | (_DOG_HELD if dog_need else 0)


HutBuilds = tuple[int, dict[int, tuple[tuple[int, int], ...]]]
"""A hut's builds by holding: ``(relevant, by_holding)``; ``by_holding[holding & relevant]`` lists
``(action, packed need)`` of the builds that pay with goods cards of the kinds in ``holding`` only and
with a dog only if ``holding`` has the dog bit, in action order. ``relevant`` has the bits of the card
kinds and dog any of the hut's builds uses."""


def _hut_builds(h: int) -> HutBuilds:
    """The builds of hut ``h + 1`` by holding (see ``HutBuilds``)."""
    candidates = [(A.BUILD + k, _packed_need(k), _holding_needed(k)) for k in BUILDS_OF_HUT[h]]
    relevant = 0
    for candidate in candidates:
        relevant |= candidate[2]
    by_holding: dict[int, list[tuple[int, int]]] = {
        holding: [] for holding in range(relevant + 1) if not holding & ~relevant
    }
    for action, need, needed in candidates:
        free = relevant & ~needed
        extra = free
        while True:  # every holding with the bits of ``needed``: those plus each subset of ``free``
            by_holding[needed | extra].append((action, need))
            if not extra:
                break
            extra = (extra - 1) & free
    return relevant, {holding: tuple(builds) for holding, builds in by_holding.items()}


_BUILDS_OF_HUT_BY_HOLDING: Final = tuple(_hut_builds(h) for h in range(NUM_HUTS))
"""Per hut ``h + 1``, its builds by holding (see ``HutBuilds``): only their counts are left to check."""

_TRADE_ACTIONS = tuple(
    tuple(A.trade(give, take) if give != take else -1 for take in range(NUM_GOODS)) for give in range(NUM_GOODS)
)
"""``_TRADE_ACTIONS[give][take]``: the action of that swap at the trading post."""


def box(state: StoneAgeJuniorState) -> list[int]:
    """Per good: goods tiles left in the box (1 of each with 2 players, none with 3–4)."""
    return [GOODS_IN_BOX - goods_per_kind(state.num_players)] * NUM_GOODS


def tile_pool(state: StoneAgeJuniorState) -> list[int]:
    """The forest tiles with no fixed place yet (the ones chance picks among), ascending."""
    fixed = {t for t in state.forest if t >= 0}
    return [t for t in range(NUM_TILES) if t not in fixed]


def hut_pool(state: StoneAgeJuniorState) -> list[int]:
    """The huts with no fixed place yet (the ones chance picks among), ascending."""
    placed = set(state.face_up)
    for huts in state.built:
        placed.update(huts)
    for stack in state.stacks:
        placed.update(stack)
    return [h for h in range(1, NUM_HUTS + 1) if h not in placed]


def card_pool(state: StoneAgeJuniorState) -> list[int]:
    """Per card kind, how many goods cards have no fixed kind yet (the ones chance picks among)."""
    if not state.game.cards:
        return [0] * NUM_KINDS
    pool = list(CARD_COUNTS)
    for kind in state.pile:
        if kind >= 0:
            pool[kind] -= 1
    for p in range(state.num_players):
        for kind in state.cards_pub[p]:
            pool[kind] -= 1
        for kind in state.cards_priv[p]:
            pool[kind] -= 1
    return pool


def cards_of(state: StoneAgeJuniorState, seat: int) -> list[int]:
    """All goods cards ``seat`` holds (kinds, sorted)."""
    return sorted(state.cards_pub[seat] + state.cards_priv[seat])


def builds(state: StoneAgeJuniorState, seat: int) -> list[int]:
    """The build actions ``seat`` can pay for with what it holds (any face-up hut), ascending."""
    held = 0
    for g, n in enumerate(state.goods[seat]):
        held += n << (8 * g)
    holding = 0
    for kind in state.cards_pub[seat]:
        held += 1 << (8 * (NUM_GOODS + kind))
        holding |= 1 << kind
    for kind in state.cards_priv[seat]:
        held += 1 << (8 * (NUM_GOODS + kind))
        holding |= 1 << kind
    dogs = state.dogs[seat]
    if dogs:
        held += dogs << _DOG_SHIFT
        holding |= _DOG_HELD
    held |= _GUARD
    out = []
    for number in state.face_up:
        if number:
            relevant, by_holding = _BUILDS_OF_HUT_BY_HOLDING[number - 1]
            for action, need in by_holding[holding & relevant]:
                if (held - need) & _GUARD == _GUARD:
                    out.append(action)
    out.sort()
    return out


def trades(state: StoneAgeJuniorState, seat: int) -> list[int]:
    """The swaps ``seat`` may make at the trading post in the current visit, ascending.

    A good taken from the post in this visit is not given back in it, nor a good given to the
    post taken back, so a visit is finite; every exchange any sequence of swaps can make is
    still reachable (docs/stone-age-junior.md).
    """
    goods = state.goods[seat]
    post = state.post
    given = state.trade_given
    takes = [take for take in range(NUM_GOODS) if post[take] and not given >> take & 1]
    out: list[int] = []
    if not takes:
        return out
    taken = state.trade_taken
    for give in range(NUM_GOODS):
        if goods[give] and not taken >> give & 1:
            actions = _TRADE_ACTIONS[give]
            for take in takes:
                if take != give:
                    out.append(actions[take])
    return out


def must_decide_build(state: StoneAgeJuniorState, seat: int) -> bool:
    """Whether ``seat`` on the building site gets the build decision: when it can build, or
    (expansion) holds a face-down goods card — then the others cannot tell from the decision
    being asked whether the hidden cards could pay a hut. (Its ``pass`` tells them afterwards:
    only a player who cannot build takes a goods card.)"""
    return bool(state.cards_priv[seat]) or bool(builds(state, seat))
