"""The Mammoth Herd's own part of a position, and its stages and phase (docs/mammoth-herd.md).

The base state keeps an expansion's part in ``state.extras`` under the expansion's name and never
reads it: cloning, JSON, observations and checks go through the expansion's hooks
(``expansion.py``). ``herd_of`` is the typed way in for the modules that encode a whole position
(the tensors, the facts, the read model).

The stage and phase numbers come from the ranges ``stages.py`` keeps for expansions; their names are
part of the JSON state format and never change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from stoneage.games.stone_age.expansion import ExpansionState

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

NAME: Final = "mammoth"
"""The expansion's option name, and the key of its part in ``state.extras``."""

MAMMOTH_BACK: Final = 5  # chance: the back of the pile's top tile
MAMMOTH_TILE: Final = 6  # chance: the tile turned up
TAME_ROLL: Final = 7  # chance: a contender's taming roll
TAME_MOVE: Final = 16  # decision: figures that gathered in the herd's area move onto the tile
BONUS: Final = 17  # decision: the single winner's bonus
STAGE_NAMES: Final = {MAMMOTH_BACK: "mammoth_back", MAMMOTH_TILE: "mammoth_tile", TAME_ROLL: "tame_roll",
                      TAME_MOVE: "tame_move", BONUS: "bonus"}

TAMING: Final = 5
"""The phase of the taming contest, after the actions and before feeding."""
PHASE_NAMES: Final = {TAMING: "taming"}

CARD_STEP: Final = 0
"""A bonus step waiting in ``HerdState.bonus_queue``: a face-down card from the deck."""
CHOICE_STEP: Final = 1
"""A bonus step waiting in ``HerdState.bonus_queue``: two resources of the seat's choice."""


class HerdState(ExpansionState):
    """The herd, this round's bonus tile, the pile, the taming contest and what each seat won."""

    __slots__ = (
        "bonus_queue",
        "bonus_tile",
        "herd",
        "next_back",
        "on_tile",
        "pile",
        "points",
        "tame_rolls",
        "tamers",
        "won",
    )

    herd: int  # the gathering area the herd stands on this round, -1 when none
    bonus_tile: int  # this round's face-up bonus tile, -1 when none
    next_back: int  # resource on the back of the pile's top tile, -1 when unknown or no pile
    pile: int  # bitmask of bonus tiles still face down in the pile
    tamers: int  # figures of the current gatherer that may move onto the bonus tile
    tame_rolls: tuple[tuple[int, ...], ...]  # per seat, its taming roll (highest first); () outside the contest
    bonus_queue: tuple[tuple[int, int], ...]  # (seat, step) bonus steps still to do: CARD_STEP or CHOICE_STEP
    won: list[int]  # per seat, bonus tiles won
    on_tile: list[int]  # per seat, figures standing on this round's bonus tile
    points: list[int]  # per seat, points from bonuses (already on the score track)

    def __init__(self, herd: int, bonus_tile: int, next_back: int, pile: int, tamers: int,
                 tame_rolls: tuple[tuple[int, ...], ...], bonus_queue: tuple[tuple[int, int], ...],
                 won: list[int], on_tile: list[int], points: list[int]) -> None:
        self.herd = herd
        self.bonus_tile = bonus_tile
        self.next_back = next_back
        self.pile = pile
        self.tamers = tamers
        self.tame_rolls = tame_rolls
        self.bonus_queue = bonus_queue
        self.won = won
        self.on_tile = on_tile
        self.points = points

    def clone(self) -> HerdState:
        return HerdState(self.herd, self.bonus_tile, self.next_back, self.pile, self.tamers, self.tame_rolls,
                         self.bonus_queue, self.won[:], self.on_tile[:], self.points[:])


def new_herd(num_players: int, num_tiles: int) -> HerdState:
    """The start of a game: every tile in the pile, nothing face up, nothing won."""
    return HerdState(-1, -1, -1, (1 << num_tiles) - 1, 0, (), (), [0] * num_players, [0] * num_players,
                     [0] * num_players)


def herd_of(state: StoneAgeState) -> HerdState:
    """The Mammoth Herd's part of ``state`` (a game played with the expansion)."""
    return cast(HerdState, state.extras[NAME])
