"""The Mammoth Herd's part of the JSON state (its ``mammoth`` section and three numbers per seat),
as a viewer sees it, read back, and checked (docs/state-format.md, docs/mammoth-herd.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.contract import JSON
from stoneage.core.errors import StateFormatError
from stoneage.core.fields import FieldReader, check_integer
from stoneage.core.i18n import _
from stoneage.games.stone_age import stages as S
from stoneage.games.stone_age.data import AREA_CAPACITY, LOCATIONS, NUM_LOCATIONS, RESOURCES
from stoneage.games.stone_age.mammoth_state import (
    BONUS,
    MAMMOTH_BACK,
    MAMMOTH_TILE,
    TAME_MOVE,
    TAME_ROLL,
    TAMING,
    HerdState,
    herd_of,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


def herd_json(state: StoneAgeState, hidden: bool) -> JSON:
    """The herd, this round's tile and the taming contest (the pile's faces unless ``hidden``)."""
    herd = herd_of(state)
    tiles = state.game.mammoth_tiles
    pile = [t + 1 for t in range(len(tiles)) if herd.pile >> t & 1]
    bonus = herd.bonus_tile
    return {
        "herd": LOCATIONS[herd.herd] if herd.herd >= 0 else None,
        "bonus_tile": bonus + 1 if bonus >= 0 else None,
        "bonus": {"one": tiles[bonus].one.words(), "all": tiles[bonus].all.words()} if bonus >= 0 else None,
        "next_back": RESOURCES[herd.next_back] if herd.next_back >= 0 else None,
        **({"pile_size": len(pile)} if hidden else {"pile": pile}),
        "tamers": herd.tamers,
        "tame_rolls": [list(r) for r in herd.tame_rolls],
        "bonus_queue": [list(step) for step in herd.bonus_queue],
        "reconstructed_tiles": not state.game.params().get("mammoth_tiles"),
    }


def read_herd(state: StoneAgeState, m: FieldReader) -> HerdState:
    """The herd's part of the position from the ``mammoth`` section (the seats' numbers come later)."""
    num_players = state.num_players
    count = len(state.game.mammoth_tiles)
    herd = m.raw("herd")
    area = -1
    if herd is not None:
        if herd not in LOCATIONS[1:5]:
            raise StateFormatError(_("{field}: {value} is not a resource area (or null)").format(
                field="mammoth.herd", value=repr(herd)))
        area = LOCATIONS.index(herd)
    bonus = m.integer("bonus_tile", 1, count) - 1 if m.raw("bonus_tile") is not None else -1
    back = m.choice("next_back", RESOURCES) if m.raw("next_back") is not None else -1
    pile = 0
    for tile in m.id_set("pile", 1, count):
        pile |= 1 << (tile - 1)
    if bonus >= 0 and pile >> bonus & 1:
        raise StateFormatError(_("{field}: the face-up tile cannot also be in the pile").format(
            field="mammoth.bonus_tile"))
    tamers = m.integer("tamers", 0, 7)
    rolls = m.raw("tame_rolls")
    if not isinstance(rolls, list) or (rolls and len(rolls) != num_players):
        raise StateFormatError(_("{field}: expected [] or {count} lists of dice").format(
            field="mammoth.tame_rolls", count=num_players))
    for i, roll in enumerate(rolls):
        if not isinstance(roll, list) or len(roll) > 7 or any(
                isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in roll):
            raise StateFormatError(_("{field}: expected up to 7 die faces 1..6").format(
                field=f"mammoth.tame_rolls[{i}]"))
    queue = m.items("bonus_queue")
    for i, step in enumerate(queue):
        if not isinstance(step, list) or len(step) != 2:
            raise StateFormatError(_("{field}: expected [seat, 0 (card) or 1 (choice)]").format(
                field=f"mammoth.bonus_queue[{i}]"))
        check_integer(step[0], f"mammoth.bonus_queue[{i}][0]", 0, num_players - 1)
        check_integer(step[1], f"mammoth.bonus_queue[{i}][1]", 0, 1)
    return HerdState(area, bonus, back, pile, tamers, tuple(tuple(sorted(roll, reverse=True)) for roll in rolls),
                     tuple((seat, step) for seat, step in queue), [0] * num_players, [0] * num_players,
                     [0] * num_players)


def read_seat(state: StoneAgeState, seat: int, entry: FieldReader) -> None:
    """A seat's tiles won, figures on the tile and bonus points."""
    herd = herd_of(state)
    herd.won[seat] = entry.integer("mammoth_tiles", 0, len(state.game.mammoth_tiles))
    herd.on_tile[seat] = entry.integer("on_tile", 0, AREA_CAPACITY)  # the figures of one gathering
    herd.points[seat] = entry.integer("mammoth_points", 0)


def _fail(field: str, message: str) -> StateFormatError:
    return StateFormatError(_("{field}: {message}").format(field=field, message=message))


def check_herd(state: StoneAgeState) -> None:
    """Raise ``StateFormatError`` unless the herd's part agrees with its tiles, the phase and the stage."""
    herd = herd_of(state)
    num_players = state.num_players
    tiles = state.game.mammoth_tiles
    bonus = herd.bonus_tile
    expected_herd = tiles[bonus].back + 1 if bonus >= 0 else -1
    if herd.herd != expected_herd:
        where = f"tile {bonus + 1}'s back, {LOCATIONS[expected_herd]!r}" if bonus >= 0 else "null with no face-up tile"
        raise _fail("mammoth.herd", _("the herd stands where the face-up tile says: {where}").format(where=where))
    if herd.next_back >= 0 and not any(
            herd.pile >> t & 1 and tiles[t].back == herd.next_back for t in range(len(tiles))):
        raise _fail("mammoth.next_back", _("no tile in the pile has that back"))
    on_tile = herd.on_tile
    if any(on_tile) and (bonus < 0 or state.phase not in (S.ACTIONS, TAMING)):
        seat = next(p for p in range(num_players) if on_tile[p])
        raise _fail(f"players[{seat}].on_tile", _("figures on the bonus tile, but no tile is being tamed this round"))
    for p in range(num_players):  # the figures on the tile came from one gathering in the herd's area
        if on_tile[p] and herd.herd >= 0 and state.board[NUM_LOCATIONS + herd.herd * num_players + p]:
            raise _fail(f"players[{p}].on_tile", _("figures on the tile while the seat still has "
                                                   "figures to gather with in the herd's area, {where}").format(
                where=repr(LOCATIONS[herd.herd])))
        if on_tile[p] and herd.tamers and p == state.cur:
            raise _fail(f"players[{p}].on_tile", _("figures on the tile already, and more about to move there"))
    if state.phase == TAMING:
        if bonus < 0:
            raise _fail("mammoth.bonus_tile", _("null during the taming contest (it is the tile being tamed)"))
        if len(herd.tame_rolls) != num_players:
            raise _fail("mammoth.tame_rolls", _("during the taming contest, one list per seat ({players})").format(
                players=num_players))
        for p, roll in enumerate(herd.tame_rolls):
            if roll and len(roll) != on_tile[p]:
                raise _fail(f"mammoth.tame_rolls[{p}]", _("{dice} dice for {figures} figures on the tile").format(
                    dice=len(roll), figures=on_tile[p]))
    elif herd.tame_rolls:
        raise _fail("mammoth.tame_rolls", _("dice outside the taming contest (expected [])"))
    if herd.bonus_queue and not (state.phase == TAMING and state.stage in (S.EXTRA_DRAW, S.TAKE_NOW)):
        raise _fail("mammoth.bonus_queue", _("bonus steps are only waiting while a bonus card is drawn or taken"))
    if herd.tamers and not (state.phase == S.ACTIONS and state.stage in (S.ROLL, S.TOOLS, TAME_MOVE)
                            and state.gather == herd.herd):
        raise _fail("mammoth.tamers", _("figures may move onto the tile only right after gathering in the herd's area"))
    _check_stage(state, herd)


def _check_stage(state: StoneAgeState, herd: HerdState) -> None:
    """The data the pending stage of the expansion works on exists."""
    stage = state.stage
    cur = state.cur
    if stage == MAMMOTH_BACK and herd.next_back >= 0:
        raise _fail("mammoth.next_back", _("the back of the pile's top tile is known already at 'mammoth_back'"))
    if stage == MAMMOTH_TILE and (herd.bonus_tile >= 0 or herd.next_back < 0):
        raise _fail("mammoth.bonus_tile", _("a tile is turned up only when none is face up and the next back is known"))
    if stage == TAME_MOVE and not herd.tamers:
        raise _fail("mammoth.tamers", _("0 figures may move onto the tile at a 'tame_move' decision"))
    if stage == TAME_ROLL:
        if len(herd.tame_rolls) != state.num_players:
            raise _fail("mammoth.tame_rolls", _("a taming roll needs one list of dice per seat ({players})").format(
                players=state.num_players))
        if not herd.on_tile[cur]:
            raise _fail("pending.player", _("seat {seat} rolls for the tile but has no figure on it").format(seat=cur))
        if herd.tame_rolls[cur]:
            raise _fail("mammoth.tame_rolls", _("seat {seat} is to roll but has rolled already").format(seat=cur))
    if stage == BONUS and not herd.on_tile[cur]:
        raise _fail("pending.player", _("seat {seat} takes the bonus but has no figure on the tile").format(seat=cur))
