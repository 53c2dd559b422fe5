"""Stone Age's warnings before a person's move: starving, a wasted purchase, tools spent for nothing.

Each check is exact by the rules as docs/rules.md reads them (feeding shortfall, tools, purchases):

* **starving** — after the move the seat cannot feed its figures this round even if every die
  still to roll shows 6 and every tool is added to every roll: the food, agriculture, resources
  and two-resources tokens it holds, plus the most its figures still on the board (or a pending
  roll, tools choice or purchase) can bring, fall short of its figures (one more with a figure on
  the hut). While it still has figures to place, nothing is certain (no warning). Starving on
  purpose (the ``starve`` choice when resources could pay) is warned too. With the Mammoth Herd,
  whose bonuses come before feeding, only that last check is made.
* **a wasted purchase** — declining a card or building the seat placed a figure on and can pay.
* **tools spent for nothing** — fewer of the chosen tools give the same yield.
"""

from __future__ import annotations

from typing import cast

from stoneage.core.contract import State
from stoneage.core.i18n import _
from stoneage.games.stone_age import actions as A, view
from stoneage.games.stone_age.data import (
    AGRICULTURE as AGRICULTURE_EFFECT,
    CARD_SLOT0,
    CARDS,
    DICE_FOR_ALL,
    DISPLAY_SIZE,
    DIVISOR,
    FIELD,
    FOOD as FOOD_EFFECT,
    HUT,
    MAX_FIGURES,
    ONE_USE_TOOL,
    RESOURCE,
    RESOURCE_AMOUNT,
    RESOURCE_ROLL,
    RIVER,
    TOOL,
    TOOLMAKER,
    TWO_RESOURCES as TWO_RESOURCES_EFFECT,
)
from stoneage.games.stone_age.payment import tool_bonus
from stoneage.games.stone_age.stages import (
    ACTIONS,
    BUY_BUILDING,
    BUY_CARD,
    DICE_ROLL,
    FEED,
    FEEDING,
    PICK,
    PLACEMENT,
    ROLL,
    TOOLS,
)
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.play.stone_age.menu import tools_name


def holdings(state: StoneAgeState, p: int) -> int:
    """What ``p``'s resources and two-resources tokens can pay towards a food shortfall."""
    held = view.holdings(state, p)
    return sum(held.resources) + 2 * held.two_resources


def feeding_need(state: StoneAgeState, p: int) -> int:
    """The food ``p`` must find at feeding: its figures (one more from a figure on the hut), or the
    shortfall of the feeding decision it faces."""
    if state.stage == FEED and state.cur == p:
        return state.shortfall
    figures = view.holdings(state, p).figures
    on_hut = view.placed(state, p)[HUT]
    return figures + (1 if on_hut and figures < MAX_FIGURES else 0)


def _card_gain(card_id: int, tools: int) -> tuple[int, int]:
    """(the most a card's top brings towards feeding, the tool bonus it adds) — before its price."""
    card = CARDS[card_id - 1]
    effect = card.effect
    if effect == FOOD_EFFECT:
        return card.value, 0
    if effect == RESOURCE:
        return RESOURCE_AMOUNT.get(card_id, 1), 0
    if effect == RESOURCE_ROLL:
        return (12 + tools) // DIVISOR[card.value + 1], 0
    if effect in (AGRICULTURE_EFFECT, DICE_FOR_ALL):
        return 1, 0
    if effect == TWO_RESOURCES_EFFECT:
        return 2, 0
    if effect == TOOL:
        return 0, 1
    if effect == ONE_USE_TOOL:
        return 0, card.value
    return 0, 0  # points, an extra card


def feeding_reach(state: StoneAgeState, p: int) -> int | None:
    """The most ``p`` can pay at this round's feeding (food, agriculture, resources, tokens and the
    best every pending roll and purchase can bring); ``None`` when that cannot be told (figures
    still to place, the Mammoth Herd, past the feeding)."""
    if state.game.mammoth or state.phase not in (PLACEMENT, ACTIONS, FEEDING):
        return None
    held = view.holdings(state, p)
    if state.phase == FEEDING:
        if state.stage == FEED and state.cur == p:
            return holdings(state, p)
        fed = (p - state.first) % state.num_players < state.order
        return None if fed else held.food + held.agriculture + holdings(state, p)
    if state.phase == PLACEMENT and held.unplaced:
        return None
    reach = held.food + held.agriculture + holdings(state, p)
    tools = held.ready_tools + sum(held.one_use_tools)
    rolls: list[tuple[int, int]] = []  # (the highest sum, the divisor)
    cards: list[tuple[int, int]] = []  # (card id, its price) of a purchase ahead
    num_players = state.num_players
    others_placing = state.phase == PLACEMENT and any(
        view.holdings(state, q).unplaced for q in range(num_players) if q != p)
    mine, everyone = view.placed(state, p), view.occupied(state)
    for loc in range(CARD_SLOT0 + DISPLAY_SIZE):
        if not mine[loc]:
            if (loc >= CARD_SLOT0 and (everyone[loc] or others_placing)
                    and _is_dice_for_all(state, loc - CARD_SLOT0)):
                reach += 1  # another seat's dice for all (or one it may still take) gives everyone a die
            continue
        if loc <= RIVER:
            rolls.append((6 * mine[loc], DIVISOR[loc]))
        elif loc == TOOLMAKER:
            tools += 1
        elif loc == FIELD:
            reach += 1
        elif loc >= CARD_SLOT0:
            cards.append((state.display[loc - CARD_SLOT0], loc - CARD_SLOT0 + 1))
    if state.stage == ROLL and state.cur == p:
        rolls.append((6 * state.dice_count, DIVISOR[state.gather]))
    elif state.stage == TOOLS and state.cur == p:
        rolls.append((state.rolled, DIVISOR[state.gather]))
    elif state.stage in (DICE_ROLL, PICK):
        reach += 1
    elif state.stage == BUY_CARD:
        if state.cur == p:
            cards.append((state.display[state.slot], state.slot + 1))
        elif _is_dice_for_all(state, state.slot):
            reach += 1
    tools += sum(_card_gain(card_id, 0)[1] for card_id, _price in cards if card_id)
    for card_id, price in cards:
        if card_id:
            reach += max(0, _card_gain(card_id, tools)[0] - price)
    return reach + sum((top + tools) // divisor for top, divisor in rolls)


def _is_dice_for_all(state: StoneAgeState, slot: int) -> bool:
    card_id = state.display[slot]
    return bool(card_id) and CARDS[card_id - 1].effect == DICE_FOR_ALL


def starving(state: StoneAgeState, action: int) -> list[str]:
    """A warning if ``action`` makes this round's −10 for hunger certain (see the module)."""
    p = state.cur
    if action == A.STARVE:
        return [_("You could pay the shortfall with resources: starving costs 10 points.")]
    before = feeding_reach(state, p)
    if before is not None and before < feeding_need(state, p):
        return []  # short already: this move changes nothing
    after = state.clone()
    after.apply_action(action)
    if view.holdings(after, p).penalties > view.holdings(state, p).penalties:
        return [_("This leaves you short of food: −10 points.")]
    reach = feeding_reach(after, p)
    if reach is None or reach >= feeding_need(after, p):
        return []
    return [_("This leaves you short of food: −10 points (at most {reach} of the {need} food your "
              "figures need, even with every die a 6).").format(reach=reach, need=feeding_need(after, p))]


def wasted_purchase(state: StoneAgeState, action: int) -> list[str]:
    """A warning for declining a card or building the seat can pay for."""
    if action != A.DECLINE or state.stage not in (BUY_CARD, BUY_BUILDING):
        return []
    if not any(A.PAY <= a < A.DECLINE for a in state.legal_actions()):
        return []
    if state.stage == BUY_CARD:
        return [_("You can pay for this card: declining wastes the figure you placed on it.")]
    return [_("You can pay for this building: declining wastes the figure you placed on it.")]


def _tools_of(action: int) -> tuple[tuple[int, int, int, int], int]:
    index, mask = divmod(action - A.TOOLS, 8)
    return A.TOOL_SETS[index], mask


def wasted_tools(state: StoneAgeState, action: int) -> list[str]:
    """A warning when fewer of the chosen tools give the same yield (the rest are spent for nothing)."""
    if state.stage != TOOLS or not A.TOOLS <= action < A.PAY:
        return []
    chosen, mask = _tools_of(action)
    divisor = DIVISOR[state.gather]
    harvest = (state.rolled + tool_bonus(chosen, mask)) // divisor
    fewer = []
    for other in state.legal_actions():
        if not A.TOOLS <= other < A.PAY:
            continue  # a two-resources token taken first
        tiles, other_mask = _tools_of(other)
        if (other != action and all(n <= m for n, m in zip(tiles, chosen, strict=True))
                and other_mask & mask == other_mask and (state.rolled + tool_bonus(tiles, other_mask)) // divisor
                == harvest):
            fewer.append((tool_bonus(tiles, other_mask), other))
    if not fewer:
        return []
    return [_("Fewer tools give the same yield: {action} keeps the rest.").format(action=tools_name(min(fewer)[1]))]


def warn(state: State, action: int) -> list[str]:
    """Every warning for the seat to move playing ``action`` (the play kit's ``warn``)."""
    game_state = cast(StoneAgeState, state)
    if game_state.cur < 0 or state.current_player() < 0:
        return []
    return [*starving(game_state, action), *wasted_purchase(game_state, action), *wasted_tools(game_state, action)]
