"""Buying a civilization card (and its top effect, dice for all included) or a building tile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import (
    AGRICULTURE as AGRICULTURE_EFFECT,
    CARD_SLOT0,
    CARDS,
    DICE_FOR_ALL,
    EXTRA_CARD,
    FOOD as FOOD_EFFECT,
    ONE_USE_TOOL,
    POINTS,
    RESOURCE,
    RESOURCE_AMOUNT,
    RESOURCE_ROLL,
    STACK0,
    TILE_KIND,
    TOOL,
    TWO_RESOURCES as TWO_RESOURCES_EFFECT,
)
from stoneage.games.stone_age.gains import agriculture_step, pay, tool_step
from stoneage.games.stone_age.layout import (
    BUILDINGS,
    CARDS as CARD_MASK,
    FOOD,
    ONE_USE,
    SCORE,
    STRIDE,
    TWO_RESOURCES,
    WOOD,
)
from stoneage.games.stone_age.payment import BUILDING_TABLE, CARD_TABLE, payable, points
from stoneage.games.stone_age.stages import (
    BUY_BUILDING,
    BUY_CARD,
    DEAL_BUILDING,
    DICE_ROLL,
    EXTRA_DRAW,
    PICK,
    ROLL,
    TAKE_NOW,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

DICE_REWARD_RESOURCE: Final = {1: 0, 2: 1, 3: 2, 4: 3}
"""Dice for all: die face -> resource; 5 is a tool step, 6 an agriculture step."""


def payable_now(state: StoneAgeState, p: int) -> list[int]:
    """The payment actions of the pending purchase that seat ``p`` can pay, in action order."""
    base = p * STRIDE
    wood, clay, stone, gold = state.players[base + WOOD : base + WOOD + 4]
    if state.stage == BUY_CARD:
        return payable(CARD_TABLE, state.slot + 1, wood, clay, stone, gold)
    return payable(BUILDING_TABLE, TILE_KIND[state.tops[state.slot]], wood, clay, stone, gold)


def offer(state: StoneAgeState, p: int, loc: int) -> bool:
    """``p``'s figure on a card slot or building stack: offer the purchase; True if nobody can pay."""
    state.stage = BUY_CARD if loc < STACK0 else BUY_BUILDING
    state.slot = loc - CARD_SLOT0 if loc < STACK0 else loc - STACK0
    base = p * STRIDE
    pl = state.players
    options = payable_now(state, p)
    if not options and not pl[base + TWO_RESOURCES]:
        return True  # nothing to decide: the figure comes back, the card/tile stays
    options.append(A.DECLINE)
    if pl[base + TWO_RESOURCES]:
        options.extend(A.TAKES)
    state.offer(options)
    return False


def buy_card(state: StoneAgeState, action: int) -> bool:
    """Pay for the card and apply its top; False when a node (a roll, a draw, a choice) follows."""
    p = state.cur
    pl = state.players
    pay(pl, p, A.MIXES[action - A.PAY + 1])
    card_id = state.display[state.slot]
    state.display[state.slot] = 0
    base = p * STRIDE
    pl[base + CARD_MASK] |= 1 << (card_id - 1)
    card = CARDS[card_id - 1]
    effect = card.effect
    if effect == FOOD_EFFECT:
        pl[base + FOOD] += card.value
    elif effect == RESOURCE:
        pl[base + WOOD + card.value] += RESOURCE_AMOUNT.get(card_id, 1)
    elif effect == POINTS:
        pl[base + SCORE] += card.value
    elif effect == TOOL:
        tool_step(pl, p)
    elif effect == AGRICULTURE_EFFECT:
        agriculture_step(pl, p)
    elif effect == ONE_USE_TOOL:
        pl[base + ONE_USE] |= 1 << A.ONE_USE_VALUES.index(card.value)
    elif effect == TWO_RESOURCES_EFFECT:
        pl[base + TWO_RESOURCES] += 1
        if state.game.two_resources_at_once:
            state.stage = TAKE_NOW
            return False
    elif effect == RESOURCE_ROLL:
        state.stage = ROLL
        state.gather = card.value + 1  # the gathering location of that resource
        state.dice_count = 2
        for rules in state.expansion_rules:
            rules.gathering(state, state.gather, 0)
        return False
    elif effect == EXTRA_CARD:
        if state.deck:
            state.stage = EXTRA_DRAW
            return False
    elif effect == DICE_FOR_ALL:
        state.stage = DICE_ROLL
        state.slot = p
        return False
    return True


def buy_building(state: StoneAgeState, action: int) -> bool:
    """Pay for the top tile and score it; False when the next tile is turned up."""
    p = state.cur
    mix = A.MIXES[action - A.PAY + 1]
    pl = state.players
    pay(pl, p, mix)
    base = p * STRIDE
    stack = state.slot
    tile = state.tops[stack]
    pl[base + SCORE] += points(mix)
    pl[base + BUILDINGS] |= 1 << tile
    state.tops[stack] = -1
    state.stack_left[stack] -= 1
    if state.stack_left[stack]:
        state.stage = DEAL_BUILDING
        return False
    return True


def next_pick(state: StoneAgeState) -> None:
    """Dice for all: the next seat picks a die, on its own when the dice left all show one face."""
    while state.dice_left:
        faces = state.dice_left
        if faces.count(faces[0]) != len(faces):
            state.stage = PICK
            return
        state.auto_step("forced_pick", state.cur)
        pick(state, state.cur, faces[0])
    state.continue_play()


def pick(state: StoneAgeState, p: int, face: int) -> None:
    """``p`` takes a die of dice for all and its reward; the next seat clockwise is to pick."""
    faces = list(state.dice_left)
    faces.remove(face)
    state.dice_left = tuple(faces)
    pl = state.players
    if face in DICE_REWARD_RESOURCE:
        pl[p * STRIDE + WOOD + DICE_REWARD_RESOURCE[face]] += 1
    elif face == 5:
        tool_step(pl, p)
    else:
        agriculture_step(pl, p)
    state.cur = (p + 1) % state.num_players
