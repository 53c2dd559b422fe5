"""What a loaded state must satisfy beyond its field types: only what the rules can reach.

``state_from_json`` reads every field with its type and range, then calls ``check_state``: the
pending stage belongs to the phase (and to an expansion the game is played with), the seat and
the data the stage works on exist (a card to buy, a tile to deal onto, dice to roll, a seat to
pick), the board holds figures only where placements can put them, and what the Mammoth Herd
keeps between its steps agrees with its tiles. Each failure is a ``StateFormatError`` naming the
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
from stoneage.games.stone_age.layout import ON_TILE, STRIDE, TWO_RESOURCES
from stoneage.games.stone_age.placement import placements

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

PHASES_OF_STAGE: dict[int, frozenset[int]] = {
    S.DEAL_CARD: frozenset({S.SETUP}),
    S.DEAL_BUILDING: frozenset({S.SETUP, S.ACTIONS}),  # a new top after a purchase
    S.ROLL: frozenset({S.ACTIONS}),
    S.DICE_ROLL: frozenset({S.ACTIONS}),
    S.EXTRA_DRAW: frozenset({S.ACTIONS, S.TAMING}),  # the extra-card effect; a mammoth card bonus
    S.MAMMOTH_BACK: frozenset({S.SETUP}),
    S.MAMMOTH_TILE: frozenset({S.SETUP}),
    S.TAME_ROLL: frozenset({S.TAMING}),
    S.PLACE: frozenset({S.PLACEMENT}),
    S.RESOLVE: frozenset({S.ACTIONS}),
    S.TOOLS: frozenset({S.ACTIONS}),
    S.BUY_CARD: frozenset({S.ACTIONS}),
    S.BUY_BUILDING: frozenset({S.ACTIONS}),
    S.PICK: frozenset({S.ACTIONS}),
    S.FEED: frozenset({S.FEEDING}),
    S.TAKE_NOW: frozenset({S.ACTIONS, S.TAMING, S.FINAL}),
    S.TAME_MOVE: frozenset({S.ACTIONS}),
    S.BONUS: frozenset({S.TAMING}),
    S.GAME_OVER: frozenset({S.OVER}),
}
"""The phases in which each stage can be pending."""

RESOLVER_STAGES = frozenset({S.RESOLVE, S.ROLL, S.TOOLS, S.BUY_CARD, S.BUY_BUILDING, S.DICE_ROLL, S.TAME_MOVE,
                             S.DEAL_BUILDING, S.EXTRA_DRAW, S.TAKE_NOW})
"""Stages of the actions phase whose ``player`` is the seat resolving its locations."""

EXPANSION_STAGES = frozenset({S.MAMMOTH_BACK, S.MAMMOTH_TILE, S.TAME_ROLL, S.TAME_MOVE, S.BONUS})
EXPANSION_PHASES = frozenset({S.TAMING})

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
    if state.game.mammoth:
        _check_mammoth(state)


def _check_expansion(state: StoneAgeState) -> None:
    """Stages and phases of an expansion only in a game played with it."""
    owned = {s for rules in state.expansion_rules for s in rules.stages}
    phases_owned = {p for rules in state.expansion_rules for p in rules.phases}
    if state.stage in EXPANSION_STAGES and state.stage not in owned:
        raise _fail("pending.stage", _("{stage} belongs to the Mammoth Herd, which this game is played without").format(
            stage=repr(S.STAGES[state.stage])))
    if state.phase in EXPANSION_PHASES and state.phase not in phases_owned:
        raise _fail("phase", _("{phase} belongs to the Mammoth Herd, which this game is played without").format(
            phase=repr(S.PHASES[state.phase])))


def _check_phase(state: StoneAgeState) -> None:
    stage, phase = state.stage, state.phase
    name = S.STAGES[stage]
    if phase not in PHASES_OF_STAGE[stage]:
        allowed = " or ".join(repr(S.PHASES[p]) for p in sorted(PHASES_OF_STAGE[stage]))
        raise _fail("pending.stage", _("{name} has no legal action in phase {phase} (it is pending "
                                       "only in {allowed})").format(
            name=repr(name), phase=repr(S.PHASES[phase]), allowed=allowed))


def _resolving_seat(state: StoneAgeState) -> int:
    """The seat whose turn it is in the actions or feeding phase (``order`` seats are done)."""
    num_players = state.num_players
    if state.order >= num_players:
        raise _fail("pending.order", _("{done} seats done, but phase {phase} is still waiting on "
                                       "one (at most {last})").format(
            done=state.order, phase=repr(S.PHASES[state.phase]), last=num_players - 1))
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
                phase=repr(S.PHASES[state.phase])))
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
                phase=repr(S.PHASES[state.phase])))
    if state.phase == S.OVER:
        for p in range(num_players):
            if state.players[p * STRIDE + TWO_RESOURCES]:
                raise _fail(f"players[{p}].two_resources", _("an unused token once the game is over "
                                                             "(every token is taken before final scoring)"))


def _check_mammoth(state: StoneAgeState) -> None:
    num_players = state.num_players
    pl = state.players
    tiles = state.game.mammoth_tiles
    bonus = state.bonus_tile
    expected_herd = tiles[bonus].back + 1 if bonus >= 0 else -1
    if state.herd != expected_herd:
        where = f"tile {bonus + 1}'s back, {LOCATIONS[expected_herd]!r}" if bonus >= 0 else "null with no face-up tile"
        raise _fail("mammoth.herd", _("the herd stands where the face-up tile says: {where}").format(where=where))
    if state.next_back >= 0 and not any(
            state.mammoth_pile >> t & 1 and tiles[t].back == state.next_back for t in range(len(tiles))):
        raise _fail("mammoth.next_back", _("no tile in the pile has that back"))
    on_tile = [pl[p * STRIDE + ON_TILE] for p in range(num_players)]
    if any(on_tile) and (bonus < 0 or state.phase not in (S.ACTIONS, S.TAMING)):
        seat = next(p for p in range(num_players) if on_tile[p])
        raise _fail(f"players[{seat}].on_tile", _("figures on the bonus tile, but no tile is being tamed this round"))
    for p in range(num_players):  # the figures on the tile came from one gathering in the herd's area
        if on_tile[p] and state.herd >= 0 and state.board[NUM_LOCATIONS + state.herd * num_players + p]:
            raise _fail(f"players[{p}].on_tile", _("figures on the tile while the seat still has "
                                                   "figures to gather with in the herd's area, {where}").format(
                where=repr(LOCATIONS[state.herd])))
        if on_tile[p] and state.tamers and p == state.cur:
            raise _fail(f"players[{p}].on_tile", _("figures on the tile already, and more about to move there"))
    if state.phase == S.TAMING:
        if bonus < 0:
            raise _fail("mammoth.bonus_tile", _("null during the taming contest (it is the tile being tamed)"))
        if len(state.tame_rolls) != num_players:
            raise _fail("mammoth.tame_rolls", _("during the taming contest, one list per seat ({players})").format(
                players=num_players))
        for p, roll in enumerate(state.tame_rolls):
            if roll and len(roll) != on_tile[p]:
                raise _fail(f"mammoth.tame_rolls[{p}]", _("{dice} dice for {figures} figures on the tile").format(
                    dice=len(roll), figures=on_tile[p]))
    elif state.tame_rolls:
        raise _fail("mammoth.tame_rolls", _("dice outside the taming contest (expected [])"))
    if state.bonus_queue and not (state.phase == S.TAMING and state.stage in (S.EXTRA_DRAW, S.TAKE_NOW)):
        raise _fail("mammoth.bonus_queue", _("bonus steps are only waiting while a bonus card is drawn or taken"))
    if state.tamers and not (state.phase == S.ACTIONS and state.stage in (S.ROLL, S.TOOLS, S.TAME_MOVE)
                             and state.gather == state.herd):
        raise _fail("mammoth.tamers", _("figures may move onto the tile only right after gathering in the herd's area"))


def _check_seat(state: StoneAgeState) -> None:
    """In the actions phase, the pending seat is the one resolving (dice for all aside)."""
    stage = state.stage
    name = S.STAGES[stage]
    if state.dice_left and stage != S.PICK:
        raise _fail("pending.dice_left", _("dice for all left over at {name} (expected [])").format(name=repr(name)))
    if state.phase == S.ACTIONS:
        seat = _resolving_seat(state)
        if stage in RESOLVER_STAGES and state.cur != seat:
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
    elif stage == S.MAMMOTH_BACK and state.next_back >= 0:
        raise _fail("mammoth.next_back", _("the back of the pile's top tile is known already at 'mammoth_back'"))
    elif stage == S.MAMMOTH_TILE and (state.bonus_tile >= 0 or state.next_back < 0):
        raise _fail("mammoth.bonus_tile", _("a tile is turned up only when none is face up and the next back is known"))
    elif stage == S.TAME_MOVE and not state.tamers:
        raise _fail("mammoth.tamers", _("0 figures may move onto the tile at a 'tame_move' decision"))
    elif stage == S.TAME_ROLL:
        if len(state.tame_rolls) != num_players:
            raise _fail("mammoth.tame_rolls", _("a taming roll needs one list of dice per seat ({players})").format(
                players=num_players))
        if not pl[cur * STRIDE + ON_TILE]:
            raise _fail("pending.player", _("seat {seat} rolls for the tile but has no figure on it").format(seat=cur))
        if state.tame_rolls[cur]:
            raise _fail("mammoth.tame_rolls", _("seat {seat} is to roll but has rolled already").format(seat=cur))
    elif stage == S.BONUS and not pl[cur * STRIDE + ON_TILE]:
        raise _fail("pending.player", _("seat {seat} takes the bonus but has no figure on the tile").format(seat=cur))
