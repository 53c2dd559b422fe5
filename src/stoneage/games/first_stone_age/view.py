"""A read-only view of a My First Stone Age position for programs (bots, the play layer, analyses).

The state keeps its cards as plain ints laid out for fast copying and for the rules' running
tallies (``state.py``); that layout is the engine's business and may change. This module is the
one place outside the rules that reads it, and it promises these names instead:

* what a seat holds: :func:`cards_of` (its goods cards), :func:`needs` (the goods its hut still
  needs), :func:`can_keep` and :func:`keepable_kinds` (the cards it would keep);
* where Martin lands: :func:`step_target` (and :func:`circle_step_target` on any circle, such as a
  bot's belief);
* what nobody has seen: :func:`unknown_pool`, :func:`hidden_kinds`;
* whether the game can still be won: :func:`is_stalemate`;
* the plain definitions of the running tallies the rules keep up to date (:func:`count_unknown`,
  :func:`keepable_kinds`, :func:`wanted_kinds`, :func:`count_shown`), which ``tallies.recount``
  sets them from and the tests compare them with.

Everything returned is a fresh int, bool or list, so nothing here can change the state. What a
viewer may see is the observation's business (``serialize.py``): these answers include the kinds
of face-down cards where the state holds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.first_stone_age.data import CIRCLE_SIZE, GUFF, HUT_MASKS, NUM_KINDS
from stoneage.games.first_stone_age.stages import DEALT_COUNTS, EMPTY

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import FirstStoneAgeState

__all__ = [
    "SHOWN_BITS",
    "can_keep",
    "cards_of",
    "circle_step_target",
    "count_shown",
    "count_unknown",
    "hidden_kinds",
    "is_stalemate",
    "keepable_kinds",
    "needs",
    "step_target",
    "unknown_pool",
    "wanted_kinds",
]

_GUFF_BIT: Final = 1 << GUFF
SHOWN_BITS: Final = 4
"""Bits per kind in ``shown`` (a count up to 15; the circle holds 9 cards)."""
_SHOWN_FIELD: Final = tuple(
    sum(((1 << SHOWN_BITS) - 1) << (SHOWN_BITS * k) for k in range(NUM_KINDS) if kinds >> k & 1)
    for kinds in range(1 << NUM_KINDS)
)
"""Per bitmask of kinds, the mask of those kinds' counts in ``shown``."""


# --- a seat's cards -------------------------------------------------------------------------------


def cards_of(state: FirstStoneAgeState, p: int) -> list[int]:
    """The goods cards seat ``p`` has collected (kinds; Guff as ``GUFF``)."""
    out = [g for g in range(5) if state.have[p] >> g & 1 and g != state.guff_as[p]]
    if state.guff_as[p] >= 0:
        out.append(GUFF)
    return out


def needs(state: FirstStoneAgeState, p: int) -> int:
    """Bitmask of the goods seat ``p``'s hut still needs (0 without a hut)."""
    h = state.huts[p]
    return HUT_MASKS[h - 1] & ~state.have[p] if h else 0


def can_keep(state: FirstStoneAgeState, p: int, kind: int) -> bool:
    """Whether seat ``p`` would keep a revealed card of ``kind`` (Guff: may keep)."""
    need = needs(state, p)
    if kind == GUFF:
        return bool(need) and state.guff_as[p] < 0
    return bool(need >> kind & 1)


def keepable_kinds(state: FirstStoneAgeState, p: int) -> int:
    """Bit k: seat ``p`` would keep a revealed card of kind k (``can_keep``): what ``wants[p]`` holds."""
    h = state.huts[p]
    need = HUT_MASKS[h - 1] & ~state.have[p] if h else 0  # needs(state, p)
    if need and state.guff_as[p] < 0:
        return need | _GUFF_BIT
    return need


def wanted_kinds(state: FirstStoneAgeState) -> int:
    """Bit k: some seat would keep a card of kind k (what ``wanted`` holds)."""
    wanted = 0
    for wants in state.wants:
        wanted |= wants
    return wanted


# --- Martin ----------------------------------------------------------------------------------------


def circle_step_target(circle: list[int], martin: int, steps: int) -> int:
    """The slot Martin reaches from ``martin`` moving ``steps`` cards onward (``EMPTY`` places skipped)."""
    if EMPTY not in circle:  # the usual case: every place holds a card
        return (martin + steps) % CIRCLE_SIZE
    pos = martin
    for _ in range(steps):
        pos = (pos + 1) % CIRCLE_SIZE
        while circle[pos] == EMPTY:
            pos = (pos + 1) % CIRCLE_SIZE
    return pos


def step_target(state: FirstStoneAgeState, steps: int) -> int:
    """The slot Martin reaches moving ``steps`` cards onward (empty places are skipped)."""
    return circle_step_target(state.circle, state.martin, steps)


# --- the cards nobody has seen --------------------------------------------------------------------


def unknown_pool(state: FirstStoneAgeState) -> list[int]:
    """Per kind, how many cards have no fixed kind yet (the cards chance picks among)."""
    return state.unknown[:]


def count_unknown(state: FirstStoneAgeState) -> list[int]:
    """``unknown`` counted afresh: per kind, the cards in play less those lying anywhere with that kind."""
    circle = state.circle
    pile = state.pile
    pool = [n - circle.count(k) - pile.count(k) for k, n in enumerate(DEALT_COUNTS[state.num_players < 4])]
    if state.top >= 0:
        pool[state.top] -= 1
    guff_as = state.guff_as
    for p, have in enumerate(state.have):  # what cards_of(state, p) lists
        if not have:
            continue
        guff = guff_as[p]
        if guff >= 0:
            have &= ~(1 << guff)
            pool[GUFF] -= 1
        while have:
            low = have & -have
            pool[low.bit_length() - 1] -= 1
            have ^= low
    return pool


def hidden_kinds(state: FirstStoneAgeState) -> list[int]:
    """The kinds of all cards nobody has seen (face-down circle cards never turned up and the
    unseen draw-pile cards), sorted: what a player knows about them as a multiset."""
    pool = unknown_pool(state)
    kinds = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
    for s in range(CIRCLE_SIZE):
        if state.circle[s] >= 0 and not state.seen >> s & 1:
            kinds.append(state.circle[s])
    kinds.extend(k for k in state.pile[: state.pile_hidden] if k >= 0)
    kinds.sort()
    return kinds


def count_shown(state: FirstStoneAgeState) -> int:
    """Per kind k, at bits ``4 * k``, how many seen cards of kind k lie in the circle (what ``shown`` holds)."""
    shown = 0
    for s, kind in enumerate(state.circle):
        if kind >= 0 and state.seen >> s & 1:  # (a seen card has a kind; a state read from JSON is checked after)
            shown += 1 << (SHOWN_BITS * kind)
    return shown


# --- the stalemate --------------------------------------------------------------------------------


def is_stalemate(state: FirstStoneAgeState) -> bool:
    """Whether no card of the circle can ever be kept again, as everyone can tell.

    The circle only changes when a card is kept, so once no player can keep any card it
    might hold — a seen card by its kind, an unseen one by any kind among the unseen cards —
    the game can never end with a winner.
    """
    wanted = state.wanted
    if _SHOWN_FIELD[wanted] & state.shown:  # a seen card some seat would keep: the usual answer
        return False
    if not wanted:
        return True
    return not (_unseen_in_circle(state) and _hidden_mask(state) & wanted)


def _unseen_in_circle(state: FirstStoneAgeState) -> bool:
    """Whether some card lies face down in the circle, never seen."""
    seen = state.seen
    return any(kind != EMPTY and not seen >> s & 1 for s, kind in enumerate(state.circle))


def _hidden_mask(state: FirstStoneAgeState) -> int:
    """Bit k: some card nobody has seen may be of kind k (the kinds of ``hidden_kinds``)."""
    mask = 0
    for k, n in enumerate(state.unknown):
        if n > 0:
            mask |= 1 << k
    circle = state.circle
    seen = state.seen
    for s in range(CIRCLE_SIZE):
        if circle[s] >= 0 and not seen >> s & 1:
            mask |= 1 << circle[s]
    for k in state.pile[: state.pile_hidden]:
        if k >= 0:
            mask |= 1 << k
    return mask
