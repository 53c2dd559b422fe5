"""A turn, step 3 away from the building site (docs/stone-age-junior.md, "A turn" and "The expansion"):
the space's action — a good from a goods space, a dog from the storage or the next holder, swaps at
the trading post — and Martin's choice to stay or travel with him to a goods space. The building
site's action is ``building.py``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.building import visit_building_site
from stoneage.games.stone_age_junior.data import (
    BUILDING_SITE,
    DOG_SPACE,
    GOOD_AT_SPACE,
    NUM_DOGS,
    NUM_GOODS,
    SPACE_OF_GOOD,
    TRADING_POST,
)
from stoneage.games.stone_age_junior.stages import (
    DOG_STEP,
    EV_DOG,
    EV_EMPTY,
    EV_NO_DOG,
    EV_STAY,
    EV_STOP,
    EV_TAKE,
    EV_TRADE,
    EV_TRAVEL,
    TAKE_STEP,
    TRADE,
)
from stoneage.games.stone_age_junior.view import trades

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState


def space_action(state: StoneAgeJuniorState, space: int) -> None:
    """The action of the space the figure of ``cur`` has come to (or stays on)."""
    if space == BUILDING_SITE:
        visit_building_site(state)
    elif space == DOG_SPACE:
        dog(state)
        state.end_turn()
    elif space == TRADING_POST:
        state.trade_given = state.trade_taken = 0
        options = trades(state, state.cur)
        if options:
            state.stage = TRADE
            state.offer([*options, A.STOP_TRADING])  # the node's legal actions, computed once
        else:
            state.end_turn()
    else:
        take(state, GOOD_AT_SPACE[space])
        state.end_turn()


def take(state: StoneAgeJuniorState, good: int) -> None:
    """The good of a goods space, if any is left there."""
    p = state.cur
    if state.trace is not None:  # what auto_step tests, without the call on most turns
        state.auto_step(TAKE_STEP, p)
    if state.supply[good]:
        state.supply[good] -= 1
        state.goods[p][good] += 1
        state.log_event(EV_TAKE, p, good)
    else:
        state.log_event(EV_EMPTY, p, good)


def dog(state: StoneAgeJuniorState) -> None:
    """A dog from the storage; if both are out, from the next player clockwise holding one."""
    p = state.cur
    state.auto_step(DOG_STEP, p)
    if state.dog_storage:
        state.dog_storage -= 1
        state.dogs[p] += 1
        state.log_event(EV_DOG, p, -1)
        return
    if state.dogs[p] == NUM_DOGS:
        state.log_event(EV_NO_DOG, p)
        return
    num_players = state.num_players
    for k in range(1, num_players):
        q = (p + k) % num_players
        if state.dogs[q]:
            state.dogs[q] -= 1
            state.dogs[p] += 1
            state.log_event(EV_DOG, p, q)
            return
    raise AssertionError("a dog is neither in the storage nor held")  # pragma: no cover


def trade(state: StoneAgeJuniorState, action: int) -> None:
    """A swap at the trading post (another may follow, unless ``one_swap``), or ``stop trading``."""
    p = state.cur
    if action == A.STOP_TRADING:
        state.log_event(EV_STOP, p)
        state.end_turn()
        return
    give, got = A.TRADES[action - A.TRADE]
    state.goods[p][give] -= 1
    state.post[give] += 1
    state.post[got] -= 1
    state.goods[p][got] += 1
    state.trade_given |= 1 << give
    state.trade_taken |= 1 << got
    state.log_event(EV_TRADE, p, give, got)
    if not state.game.one_swap:
        options = trades(state, p)
        if options:  # another swap may follow: the node's legal actions, computed once
            state.offer([*options, A.STOP_TRADING])
            return
    state.end_turn()


def martin_options(state: StoneAgeJuniorState) -> list[int]:
    """Martin's choice: stay, or travel with him to a goods space other than his own."""
    return [A.STAY] + [A.TRAVEL + g for g in range(NUM_GOODS) if SPACE_OF_GOOD[g] != state.martin]


def martin(state: StoneAgeJuniorState, action: int) -> None:
    """Stay on Martin's space (its action as usual), or travel with him and take that space's good."""
    p = state.cur
    if action == A.STAY:
        state.log_event(EV_STAY, p, state.pos[p])
        space_action(state, state.pos[p])
    else:
        good = action - A.TRAVEL
        space = SPACE_OF_GOOD[good]
        state.martin = space
        state.pos[p] = space
        state.log_event(EV_TRAVEL, p, space)
        take(state, good)
        state.end_turn()
