"""The actions phase: each seat resolves its locations; gathering rolls, tools and the village.

Purchases (cards, buildings, dice for all) live in ``purchases.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import CARD_SLOT0, DIVISOR, HUT, MAX_FIGURES, NUM_LOCATIONS, RIVER, TOOLMAKER
from stoneage.games.stone_age.gains import agriculture_step, tool_step
from stoneage.games.stone_age.layout import FIGURES, FOOD, ONE_USE, READY, STRIDE, USED, WOOD
from stoneage.games.stone_age.payment import tool_bonus
from stoneage.games.stone_age.purchases import offer
from stoneage.games.stone_age.stages import FEEDING, RESOLVE, ROLL, TOOLS

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

STEP_KINDS: Final = ("resolve",) * (RIVER + 1) + ("toolmaker", "hut", "field")
"""The automatic step's kind when a seat's last location resolves on its own, by location
(a card slot or building stack is a ``resolve``, or a ``no_purchase`` when nobody can pay)."""


def next_resolution(state: StoneAgeState) -> None:
    """From the first player on, each seat resolves its locations; it chooses among two or more."""
    num_players = state.num_players
    board = state.board
    while state.order < num_players:
        p = (state.first + state.order) % num_players
        mine = board[NUM_LOCATIONS + p :: num_players]  # p's figures per location
        left = NUM_LOCATIONS - mine.count(0)
        if left > 1:
            state.stage = RESOLVE
            state.cur = p
            return
        if left:
            if not resolve(state, p, mine.index(max(mine)), auto=True):
                return
        else:
            state.order += 1
    for rules in state.expansion_rules:
        if rules.before_feeding(state):
            return
    state.begin(FEEDING)


def resolve(state: StoneAgeState, p: int, loc: int, auto: bool = False) -> bool:
    """Resolve ``p``'s figures on ``loc``; False when a decision or chance node is pending.

    ``auto``: the rules resolve it on their own (``p``'s last location), an automatic step.
    """
    state.cur = p
    board = state.board
    index = NUM_LOCATIONS + loc * state.num_players + p
    if loc >= CARD_SLOT0:
        nobody_pays = offer(state, p, loc)
        if nobody_pays:
            state.auto_step("no_purchase", p)
        elif auto:
            state.auto_step("resolve", p)
        board[loc] -= board[index]  # the figure comes back
        board[index] = 0
        return nobody_pays
    if auto:
        state.auto_step(STEP_KINDS[loc], p)
    count = board[index]  # the figures come back
    board[index] = 0
    board[loc] -= count
    pl = state.players
    if loc <= RIVER:
        state.stage = ROLL
        state.gather = loc
        state.dice_count = count
        for rules in state.expansion_rules:
            rules.gathering(state, loc, count)
        return False
    if loc == TOOLMAKER:
        tool_step(pl, p)
    elif loc == HUT:
        if pl[p * STRIDE + FIGURES] < MAX_FIGURES:
            pl[p * STRIDE + FIGURES] += 1
    else:  # FIELD
        agriculture_step(pl, p)
    return True


def rolled(state: StoneAgeState, total: int) -> None:
    """The gathering dice show ``total``: choose tools if any are ready, else take the yield."""
    state.rolled = total
    base = state.cur * STRIDE
    pl = state.players
    if pl[base + ONE_USE] or pl[base + READY] or pl[base + READY + 1] or pl[base + READY + 2] or pl[base + READY + 3]:
        state.stage = TOOLS
    else:
        _yield(state, total)


_TOOL_BONUS: Final = tuple(tool_bonus(A.TOOL_SETS[i >> 3], i & 7) for i in range(len(A.TOOL_SETS) * 8))
"""What each tools action (less ``A.TOOLS``) adds to the roll."""


def use_tools(state: StoneAgeState, action: int) -> None:
    """Add the tools a tools action names to the roll (spending them) and take the yield."""
    tool_set = A.TOOL_SETS[(action - A.TOOLS) >> 3]
    mask = (action - A.TOOLS) & 7
    pl = state.players
    base = state.cur * STRIDE
    for v in range(4):
        if tool_set[v]:
            pl[base + READY + v] -= tool_set[v]
            pl[base + USED + v] += tool_set[v]
    pl[base + ONE_USE] &= ~mask
    _yield(state, state.rolled + _TOOL_BONUS[action - A.TOOLS])


def _yield(state: StoneAgeState, total: int) -> None:
    base = state.cur * STRIDE
    gather = state.gather
    if gather:
        state.players[base + WOOD + gather - 1] += total // DIVISOR[gather]
    else:
        state.players[base + FOOD] += total // DIVISOR[0]
    for rules in state.expansion_rules:
        if rules.after_gathering(state):
            return
    state.continue_play()
