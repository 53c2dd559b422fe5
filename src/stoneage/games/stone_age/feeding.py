"""Feeding: food and agriculture feed the figures; a shortfall is paid with resources or costs 10."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.gains import pay
from stoneage.games.stone_age.layout import AGRICULTURE, FIGURES, FOOD, PENALTIES, SCORE, STRIDE, TWO_RESOURCES, WOOD
from stoneage.games.stone_age.round_end import end_round
from stoneage.games.stone_age.stages import FEED

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


def next_feeding(state: StoneAgeState) -> None:
    """From the first player on, feed each seat; ask only one that can cover a shortfall."""
    num_players = state.num_players
    pl = state.players
    while state.order < num_players:
        p = (state.first + state.order) % num_players
        base = p * STRIDE
        food = pl[base + FOOD] + pl[base + AGRICULTURE]
        need = pl[base + FIGURES]
        if food >= need:
            state.auto_step("feeding", p)
            pl[base + FOOD] = food - need
            state.order += 1
            continue
        short = need - food
        resources = sum(pl[base + WOOD: base + WOOD + 4]) + 2 * pl[base + TWO_RESOURCES]
        if resources < short:
            state.auto_step("starve", p)
            pl[base + FOOD] = 0
            penalty(state, p)
            state.order += 1
            continue
        state.auto_step("feeding", p)  # all food is paid; the shortfall is the seat's to settle
        pl[base + FOOD] = 0
        state.stage = FEED
        state.cur = p
        state.shortfall = short
        return
    end_round(state)


def feed(state: StoneAgeState, action: int) -> None:
    """The pending seat pays its shortfall with resources (a feed action) or starves."""
    if action == A.STARVE:
        penalty(state, state.cur)
    else:
        pay(state.players, state.cur, A.MIXES[action - A.FEED + 1])
    state.order += 1
    next_feeding(state)


def penalty(state: StoneAgeState, p: int) -> None:
    """The −10 of a seat that does not feed its figures."""
    state.players[p * STRIDE + SCORE] -= 10
    state.players[p * STRIDE + PENALTIES] += 1
