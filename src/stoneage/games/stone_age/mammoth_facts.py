"""The facts the Mammoth Herd tells (docs/facts.md): its chance outcomes, decisions and steps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from stoneage.core.facts import Fact, FactKind, FactValue
from stoneage.core.seats import CHANCE
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import LOCATIONS, RESOURCES
from stoneage.games.stone_age.facts import goods
from stoneage.games.stone_age.mammoth_state import MAMMOTH_BACK, MAMMOTH_TILE, TAME_ROLL, herd_of

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

FACT_KINDS: Final[tuple[FactKind, ...]] = (
    FactKind("mammoth_back", ("back",)),
    FactKind("mammoth_tile", ("tile", "place", "one", "all")),
    FactKind("tame_roll", ("faces",)),
    FactKind("leave_mammoth"),
    FactKind("tame_move", ("count", "pay")),
    FactKind("tame_bonus", ("bonus", "reward")),
    FactKind("tame_winner", ("alone",)),
    FactKind("tame_tie"),
    FactKind("taming_end"),
)
"""The kinds of fact the Mammoth Herd adds to the base game's."""
_TAME_GOODS: Final = ("food", *RESOURCES)


def herd_fact(state: StoneAgeState, action: int) -> Fact | None:
    """What a Mammoth Herd chance outcome or decision does (asked before it is applied); None for others."""
    stage = state.stage
    seat = state.cur
    if stage == MAMMOTH_BACK and A.MAMMOTH_BACK <= action < A.MAMMOTH_TILE:
        return Fact("mammoth_back", CHANCE, {"back": RESOURCES[action - A.MAMMOTH_BACK]})
    if stage == MAMMOTH_TILE and A.MAMMOTH_TILE <= action < A.TAME_DICE:
        number = action - A.MAMMOTH_TILE
        tile = state.game.mammoth_tiles[number]
        return Fact("mammoth_tile", CHANCE, {"tile": number + 1, "place": LOCATIONS[tile.back + 1],
                                                  "one": tile.one.amounts(), "all": tile.all.amounts()})
    if stage == TAME_ROLL and action >= A.TAME_DICE:
        return Fact("tame_roll", seat, {"faces": A.TAME_ROLLS[action - A.TAME_DICE]})
    if action == A.TAME_NONE:
        return Fact("leave_mammoth", seat)
    if A.TAME_PAY <= action < A.BONUS_ONE:
        mix = A.TAME_MIXES[action - A.TAME_PAY]
        return Fact("tame_move", seat, {"count": sum(mix), "pay": goods(mix, _TAME_GOODS)})
    bonus_tile = herd_of(state).bonus_tile
    if action in (A.BONUS_ONE, A.BONUS_ALL) and bonus_tile >= 0:
        tile = state.game.mammoth_tiles[bonus_tile]
        one = action == A.BONUS_ONE
        return Fact("tame_bonus", seat, {"bonus": "one" if one else "all",
                                         "reward": (tile.one if one else tile.all).amounts()})
    return None


def step_data(state: StoneAgeState, kind: str) -> dict[str, FactValue] | None:
    """The data of a Mammoth Herd automatic step's fact, read as the step began; None for others."""
    if kind == "tame_winner":
        return {"alone": sum(1 for n in herd_of(state).on_tile if n) == 1}
    return None
