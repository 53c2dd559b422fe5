"""What a loaded state must satisfy beyond its field types: only what the rules can reach.

``state_from_json`` reads every field with its type and range, then calls ``check_state``: the
pending stage belongs to the phase (and to an expansion the game is played with), the seat and
the data the stage works on exist (a card to buy, a tile to deal onto, dice to roll, a seat to
pick), the board holds figures only where placements can put them, and each expansion's part
agrees with itself (its ``check`` hook). Each failure is a ``StateFormatError`` naming the
field. None of this runs while playing: ``apply_action`` trusts the states the rules make.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.errors import StateFormatError
from stoneage.core.i18n import _
from stoneage.games.stone_age import stages as S
from stoneage.games.stone_age.data import (
    AREA_CAPACITY,
    CARD_SLOT0,
    DISPLAY_SIZE,
    FIELD,
    HUNT,
    HUT,
    LOCATIONS,
    NUM_LOCATIONS,
    RIVER,
    STACK0,
    TOOLMAKER,
)
from stoneage.games.stone_age.expansions import EXPANSIONS, PHASES, STAGES
from stoneage.games.stone_age.layout import STRIDE, TWO_RESOURCES
from stoneage.games.stone_age.placement import placements

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

BASE_PHASES_OF_STAGE: dict[int, frozenset[int]] = {
    S.DEAL_CARD: frozenset({S.SETUP}),
    S.DEAL_BUILDING: frozenset({S.SETUP, S.ACTIONS}),  # a new top after a purchase
    S.ROLL: frozenset({S.ACTIONS}),
    S.DICE_ROLL: frozenset({S.ACTIONS}),
    S.EXTRA_DRAW: frozenset({S.ACTIONS}),  # the extra-card effect
    S.PLACE: frozenset({S.PLACEMENT}),
    S.RESOLVE: frozenset({S.ACTIONS}),
    S.TOOLS: frozenset({S.ACTIONS}),
    S.BUY_CARD: frozenset({S.ACTIONS}),
    S.BUY_BUILDING: frozenset({S.ACTIONS}),
    S.PICK: frozenset({S.ACTIONS}),
    S.FEED: frozenset({S.FEEDING}),
    S.TAKE_NOW: frozenset({S.ACTIONS, S.FINAL}),
    S.GAME_OVER: frozenset({S.OVER}),
}
"""The phases in which each base stage can be pending (an expansion adds its own)."""

BASE_RESOLVER_STAGES = frozenset({S.RESOLVE, S.ROLL, S.TOOLS, S.BUY_CARD, S.BUY_BUILDING, S.DICE_ROLL,
                                  S.DEAL_BUILDING, S.EXTRA_DRAW, S.TAKE_NOW})
"""Stages of the actions phase whose ``player`` is the seat resolving its locations."""

SINGLE_SPACES = (TOOLMAKER, FIELD, *range(CARD_SLOT0, NUM_LOCATIONS))
"""Locations that take one figure (the hut takes exactly two)."""


def _fail(field: str, message: str) -> StateFormatError:
    return StateFormatError(_("{field}: {message}").format(field=field, message=message))


def check_state(state: StoneAgeState) -> None:
    """Raise ``StateFormatError`` naming the field unless ``state`` is one the rules can reach
    in every respect that later play depends on (see the module docstring)."""
    _check_expansion(state)
    _check_phase(state)
    _check_seat(state)
    _check_stage_data(state)
    _check_board(state)
    _check_components(state)
    for rules in state.expansion_rules:
        rules.check(state)


def _check_expansion(state: StoneAgeState) -> None:
    """Stages and phases of an expansion only in a game played with it."""
    played = {rules.name for rules in state.expansion_rules}
    for name, rules in EXPANSIONS.items():
        if name in played:
            continue
        if state.stage in rules.stages:
            raise _fail("pending.stage", _("{stage} belongs to the {expansion} expansion, which this game is "
                                           "played without").format(
                stage=repr(STAGES[state.stage]), expansion=_(rules.title)))
        if state.phase in rules.phases:
            raise _fail("phase", _("{phase} belongs to the {expansion} expansion, which this game is played "
                                   "without").format(
                phase=repr(PHASES[state.phase]), expansion=_(rules.title)))


def _phases_of_stage(state: StoneAgeState, stage: int) -> frozenset[int]:
    phases = BASE_PHASES_OF_STAGE.get(stage, frozenset())
    for rules in state.expansion_rules:
        phases |= rules.phases_of_stage.get(stage, frozenset())
    return phases


def _check_phase(state: StoneAgeState) -> None:
    stage, phase = state.stage, state.phase
    name = STAGES[stage]
    allowed_phases = _phases_of_stage(state, stage)
    if phase not in allowed_phases:
        allowed = " or ".join(repr(PHASES[p]) for p in sorted(allowed_phases))
        raise _fail("pending.stage", _("{name} has no legal action in phase {phase} (it is pending "
                                       "only in {allowed})").format(
            name=repr(name), phase=repr(PHASES[phase]), allowed=allowed))


def _resolving_seat(state: StoneAgeState) -> int:
    """The seat whose turn it is in the actions or feeding phase (``order`` seats are done)."""
    num_players = state.num_players
    if state.order >= num_players:
        raise _fail("pending.order", _("{done} seats done, but phase {phase} is still waiting on "
                                       "one (at most {last})").format(
            done=state.order, phase=repr(PHASES[state.phase]), last=num_players - 1))
    return (state.first + state.order) % num_players


def _check_board(state: StoneAgeState) -> None:
    """Figures only where a placement can put them, and only while placing and resolving."""
    num_players = state.num_players
    board = state.board
    live = state.phase in (S.PLACEMENT, S.ACTIONS)
    for loc, name in enumerate(LOCATIONS):
        counts = board[NUM_LOCATIONS + loc * num_players: NUM_LOCATIONS + (loc + 1) * num_players]
        total = board[loc]
        if not total:
            continue
        if not live:
            raise _fail(f"board.{name}", _("figures on the board in phase {phase} (they are home "
                                           "after the actions phase)").format(
                phase=repr(PHASES[state.phase])))
        if RIVER >= loc > HUNT and total > AREA_CAPACITY:
            raise _fail(f"board.{name}", _("{figures} figures; a gathering area holds at most {most}").format(
                figures=total, most=AREA_CAPACITY))
        if loc in SINGLE_SPACES and total > 1:
            raise _fail(f"board.{name}", _("{figures} figures; the space takes one").format(figures=total))
        if loc == HUT and (total > 2 or any(n not in (0, 2) for n in counts)):
            raise _fail(f"board.{name}", _("the hut takes exactly two figures of one seat"))
        if loc in range(CARD_SLOT0, CARD_SLOT0 + DISPLAY_SIZE) and not state.display[loc - CARD_SLOT0]:
            raise _fail(f"board.{name}", _("a figure on a card space with no card"))
        if loc >= STACK0:
            stack = loc - STACK0
            if stack >= num_players:
                raise _fail(f"board.{name}", _("a figure on stack {number}; a {players}-player game "
                                               "has {players} stacks").format(
                    number=stack + 1, players=num_players))
            if state.tops[stack] < 0:
                raise _fail(f"board.{name}", _("a figure on a building stack that shows no tile"))
    if state.phase == S.ACTIONS:  # seats that have resolved have no figures left out
        for i in range(min(state.order, num_players)):
            p = (state.first + i) % num_players
            if any(board[NUM_LOCATIONS + loc * num_players + p] for loc in range(NUM_LOCATIONS)):
                raise _fail("pending.order", _("seat {seat} is counted as done but still has "
                                               "figures on the board").format(
                    seat=p))


def _check_components(state: StoneAgeState) -> None:
    """Enough cards to refill the display in setup, enough tiles to turn up on every stack."""
    num_players = state.num_players
    needed = sum(state.stack_left[s] - (state.tops[s] >= 0) for s in range(num_players))
    unseen = state.unseen.bit_count()
    if unseen < needed:
        raise _fail("unseen_tiles", _("{unseen} tiles, but the stacks still need {needed} to turn up").format(
            unseen=unseen, needed=needed))
    empty = state.display.count(0)
    if state.phase == S.SETUP and state.deck.bit_count() < empty:
        raise _fail("deck", _("{count} cards cannot fill the {empty} empty display spaces").format(
            count=state.deck.bit_count(), empty=empty))
    if state.phase in (S.FINAL, S.OVER):
        ended = not all(state.stack_left[:num_players]) or state.deck.bit_count() < empty
        if not ended:
            raise _fail("phase", _("{phase}, but no stack is empty and the deck can refill the "
                                   "display (the game has not ended)").format(
                phase=repr(PHASES[state.phase])))
    if state.phase == S.OVER:
        for p in range(num_players):
            if state.players[p * STRIDE + TWO_RESOURCES]:
                raise _fail(f"players[{p}].two_resources", _("an unused token once the game is over "
                                                             "(every token is taken before final scoring)"))


def _check_seat(state: StoneAgeState) -> None:
    """In the actions phase, the pending seat is the one resolving (dice for all aside)."""
    stage = state.stage
    name = STAGES[stage]
    if state.dice_left and stage != S.PICK:
        raise _fail("pending.dice_left", _("dice for all left over at {name} (expected [])").format(name=repr(name)))
    if state.phase == S.ACTIONS:
        seat = _resolving_seat(state)
        resolver = BASE_RESOLVER_STAGES.union(*(rules.resolver_stages for rules in state.expansion_rules))
        if stage in resolver and state.cur != seat:
            raise _fail("pending.player", _("seat {seat} at {name}, but seat {resolving} is resolving").format(
                seat=state.cur, name=repr(name), resolving=seat))
        if stage == S.PICK and state.slot != seat:
            raise _fail("pending.slot", _("the dice-for-all buyer is seat {buyer}, but seat "
                                          "{resolving} is resolving").format(
                buyer=state.slot, resolving=seat))
    elif state.phase == S.FEEDING:
        seat = _resolving_seat(state)
        if state.cur != seat:
            raise _fail("pending.player", _("seat {seat} feeds, but seat {resolving} is the one to feed").format(
                seat=state.cur, resolving=seat))


def _check_stage_data(state: StoneAgeState) -> None:
    """The seat and the data the pending stage works on exist."""
    num_players = state.num_players
    stage = state.stage
    pl = state.players
    cur = state.cur
    if stage == S.DEAL_CARD and state.display[state.slot]:
        raise _fail("pending.slot", _("display space {number} already holds card {card}").format(
            number=state.slot + 1, card=state.display[state.slot]))
    elif stage == S.DEAL_BUILDING:
        slot = state.slot
        if slot >= num_players or state.tops[slot] >= 0 or not state.stack_left[slot]:
            raise _fail("pending.slot", _("stack {number} has no tile to turn up (or already shows one)").format(
                number=slot + 1))
    elif stage == S.ROLL and not state.dice_count:
        raise _fail("pending.dice", _("a roll of 0 dice (a roll has 1..10)"))
    elif stage == S.DICE_ROLL and state.slot != cur:
        raise _fail("pending.slot", _("the dice-for-all buyer is seat {buyer}, but seat {seat} is pending").format(
            buyer=state.slot, seat=cur))
    elif stage == S.EXTRA_DRAW and not state.deck:
        raise _fail("deck", _("an extra card to draw from an empty deck"))
    elif stage == S.PLACE and not placements(state, cur):
        raise _fail("pending.stage", _("'place' has no legal action: seat {seat} has nowhere to place").format(
            seat=cur))
    elif stage == S.RESOLVE and not any(
            state.board[NUM_LOCATIONS + loc * num_players + cur] for loc in range(NUM_LOCATIONS)):
        raise _fail("pending.stage", _("'resolve' has no legal action: seat {seat} has no figures out").format(
            seat=cur))
    elif stage == S.BUY_CARD:
        if not state.display[state.slot]:
            raise _fail("pending.slot", _("'buy_card' has no legal action: display space {number} is empty").format(
                number=state.slot + 1))
        if state.board[CARD_SLOT0 + state.slot]:
            raise _fail("pending.slot", _("a figure is still on card space {number} while its card is bought").format(
                number=state.slot + 1))
    elif stage == S.BUY_BUILDING:
        if state.slot >= num_players or state.tops[state.slot] < 0:
            raise _fail("pending.slot", _("'buy_building' has no legal action: stack {number} shows no tile").format(
                number=state.slot + 1))
        if state.board[STACK0 + state.slot]:
            raise _fail("pending.slot", _("a figure is still on stack {number} while its tile is bought").format(
                number=state.slot + 1))
    elif stage == S.PICK:
        left = len(state.dice_left)
        if not left:
            raise _fail("pending.stage", _("'pick' has no legal action: no dice are left"))
        if left > num_players or state.slot >= num_players or cur != (state.slot + num_players - left) % num_players:
            raise _fail("pending.player", _("seat {seat} picks, but with {left} of {players} dice "
                                            "left after buyer seat {buyer} "
                                            "the picker is another seat (or none)").format(
                seat=cur, left=left, players=num_players, buyer=state.slot))
    elif stage == S.FEED:
        if not state.shortfall:
            raise _fail("pending.shortfall", _("a feeding decision with nothing missing (1..10)"))
    elif stage == S.TAKE_NOW and not pl[cur * STRIDE + TWO_RESOURCES]:
        raise _fail("pending.stage", _("'take_now' has no legal action: seat {seat} has no two-resources token").format(
            seat=cur))
