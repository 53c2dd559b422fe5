"""The building site (docs/stone-age-junior.md, "A turn" 3–4, "The expansion", decisions 3–11):
building a face-up hut or passing, the goods card of a player who cannot build, the next hut of a
stack turning up (also at the setup), the win, then the reset of the forest and the swap of two
of its tiles that end the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import BUILDS, CARD_ITEM, DOG_ITEM, GUFF, GUFF_ITEM, NUM_STACKS
from stoneage.games.stone_age_junior.stages import (
    BUILD,
    CARD_STEP,
    DRAW_CARD,
    EV_BUILD,
    EV_DRAW,
    EV_HUT,
    EV_NO_CARD,
    EV_PASS,
    EV_RESET,
    EV_SWAP,
    HUT_REVEAL,
    PLAY,
    RESET_STEP,
    SWAP,
)
from stoneage.games.stone_age_junior.view import builds

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

SWAP_ACTIONS: Final = list(range(A.SWAP, A.SWAP + len(A.SWAPS)))
"""The legal actions of every ``SWAP`` node (a shared list, never mutated)."""


def _without(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``cards`` less one card of ``kind`` (which it holds)."""
    i = cards.index(kind)
    return cards[:i] + cards[i + 1 :]


def visit_building_site(state: StoneAgeJuniorState) -> None:
    """The figure of ``cur`` is on the building site: the build decision, or straight on without one."""
    p = state.cur
    options = builds(state, p)
    if options or state.cards_priv[p]:  # must_decide_build(p); the node's legal actions, computed once
        state.stage = BUILD
        state.offer([*options, A.PASS])
    else:
        no_build(state)


def decide_build(state: StoneAgeJuniorState, action: int) -> None:
    """The build decision: build with ``action``'s payment, or pass (a goods card only if it could not build)."""
    if action == A.PASS:
        p = state.cur
        state.log_event(EV_PASS, p)
        if builds(state, p):  # could build and declines: no goods card (decision 9)
            reset(state)
        else:
            no_build(state)
    else:
        build(state, action - A.BUILD)


def build(state: StoneAgeJuniorState, index: int) -> None:
    """Build with ``BUILDS[index]``: goods to their spaces, dogs to the storage, cards under the pile."""
    p = state.cur
    number, items = BUILDS[index]
    s = state.face_up.index(number)
    goods = state.goods[p]
    for item in items:
        if item < CARD_ITEM:
            goods[item] -= 1
            state.supply[item] += 1
        elif item == DOG_ITEM:
            state.dogs[p] -= 1
            state.dog_storage += 1
        else:
            kind = GUFF if item == GUFF_ITEM else item - CARD_ITEM
            if kind in state.cards_pub[p]:
                state.cards_pub[p] = _without(state.cards_pub[p], kind)
            else:
                state.cards_priv[p] = _without(state.cards_priv[p], kind)
            state.pile.append(kind)
    state.built[p] = (*state.built[p], number)
    state.face_up[s] = 0
    state.log_event(EV_BUILD, p, number, s, index)
    if state.winner() == p:
        state.win(p)
        return
    if state.stacks[s]:
        state.reveal_stack = s
        state.stage = HUT_REVEAL
    else:
        reset(state)


def hut_revealed(state: StoneAgeJuniorState, number: int) -> None:
    """Hut ``number`` turns face up on ``reveal_stack``; then the reset, or (setup) the next stack or the first turn."""
    s = state.reveal_stack
    state.stacks[s] = state.stacks[s][1:]
    state.face_up[s] = number
    state.log_event(EV_HUT, state.cur, s, number)
    if state.phase == PLAY:
        state.reveal_stack = -1
        reset(state)
    elif s + 1 < NUM_STACKS:
        state.reveal_stack = s + 1
    else:
        state.reveal_stack = -1
        state.phase = PLAY
        state._begin_turn()


def no_build(state: StoneAgeJuniorState) -> None:
    """The player cannot build: with the expansion take the pile's top goods card; then the reset."""
    p = state.cur
    if state.game.cards:
        if state.pile_hidden:
            state.stage = DRAW_CARD
            return
        state.auto_step(CARD_STEP, p)
        if not state.pile:
            state.log_event(EV_NO_CARD, p)
        else:
            kind = state.pile.pop(0)
            state.cards_pub[p] = tuple(sorted((*state.cards_pub[p], kind)))
            state.log_event(EV_DRAW, p, kind)
    reset(state)


def card_drawn(state: StoneAgeJuniorState, kind: int) -> None:
    """Chance has decided the pile's top card, nobody has seen it: ``cur`` takes it face down; then the reset."""
    p = state.cur
    del state.pile[0]
    state.pile_hidden -= 1
    state.cards_priv[p] = tuple(sorted((*state.cards_priv[p], kind)))
    state.log_event(EV_DRAW, p, -1)
    reset(state)


def reset(state: StoneAgeJuniorState) -> None:
    """All forest tiles face down; the player then swaps two of them."""
    state.auto_step(RESET_STEP, state.cur)
    state.up = 0
    state.log_event(EV_RESET, state.cur)
    state.stage = SWAP


def swap(state: StoneAgeJuniorState, index: int) -> None:
    """Swap the tiles of the two places of ``SWAPS[index]`` (whether each was seen goes with it); the turn ends."""
    a, b = A.SWAPS[index]
    forest = state.forest
    forest[a], forest[b] = forest[b], forest[a]
    seen = state.seen
    if (seen >> a & 1) != (seen >> b & 1):
        state.seen = seen ^ (1 << a) ^ (1 << b)
    state.log_event(EV_SWAP, state.cur, a, b)
    state.end_turn()
