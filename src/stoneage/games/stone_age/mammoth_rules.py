"""The Mammoth Herd's rules, attached to the base game through the expansion hooks: the herd and
bonus tile at the start of a round, moving figures onto the tile after gathering in the herd's
area, the taming contest before feeding, the bonuses, and the final majority (mammoth-herd.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.contract import CHANCE
from stoneage.core.dice import multiset_ways
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import MAX_AGRICULTURE, RESOURCES
from stoneage.games.stone_age.expansion import Expansion
from stoneage.games.stone_age.gains import tool_step
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    FOOD,
    MAMMOTH_POINTS,
    MAMMOTH_TILES,
    ON_TILE,
    SCORE,
    STRIDE,
    TWO_RESOURCES,
    WOOD,
)
from stoneage.games.stone_age.mammoth import Bonus, majority_points
from stoneage.games.stone_age.stages import (
    BONUS,
    EXTRA_DRAW,
    FEEDING,
    MAMMOTH_BACK,
    MAMMOTH_TILE,
    TAKE_NOW,
    TAME_MOVE,
    TAME_ROLL,
    TAMING,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

CARD_STEP, CHOICE_STEP = 0, 1
_MOVES = tuple(
    tuple((A.TAME_PAY + i, mix) for i, mix in enumerate(A.TAME_MIXES) if sum(mix) <= k) for k in range(8)
)


class MammothHerd(Expansion):
    """The Mammoth Herd mini-expansion."""

    name = "mammoth"
    stages = frozenset({MAMMOTH_BACK, MAMMOTH_TILE, TAME_ROLL, TAME_MOVE, BONUS})
    phases = frozenset({TAMING})

    def deal(self, state: StoneAgeState) -> bool:
        """At the start of a round: turn up the bonus tile and learn the next back."""
        if state.bonus_tile < 0:
            if not state.mammoth_pile:
                state.herd = -1  # the whole herd is tamed: normal rules
                return False
            state.stage = MAMMOTH_TILE if state.next_back >= 0 else MAMMOTH_BACK
            return True
        if state.next_back < 0 and state.mammoth_pile:
            state.stage = MAMMOTH_BACK
            return True
        return False

    def gathering(self, state: StoneAgeState, location: int, figures: int) -> None:
        state.tamers = figures if location == state.herd else 0

    def after_gathering(self, state: StoneAgeState) -> bool:
        """After gathering in the herd's area: ask whether to move figures (if there is a way to pay)."""
        if not state.tamers:
            return False
        base = state.cur * STRIDE
        pl = state.players
        if pl[base + FOOD] + sum(pl[base + WOOD: base + WOOD + 4]) + pl[base + TWO_RESOURCES] == 0:
            state.tamers = 0
            return False
        state.stage = TAME_MOVE
        return True

    def before_feeding(self, state: StoneAgeState) -> bool:
        """After all actions, before feeding: the contest for this round's tile."""
        if state.bonus_tile < 0:
            return False
        state.phase = TAMING
        state.order = 0
        state.tame_rolls = tuple(() for _ in range(state.num_players))
        contenders = _contenders(state)
        if not contenders:
            _finish(state)  # nobody on the tile: it goes back to the box
        elif len(contenders) == 1:
            state.auto_step("tame_winner", contenders[0])  # a lone contender wins without rolling
            state.cur = contenders[0]
            state.stage = BONUS
        else:
            _next_roll(state)
        return True

    def resume(self, state: StoneAgeState) -> None:
        """Hand out the bonus steps that need a draw or a choice, then end the contest."""
        while state.bonus_queue:
            (p, step), state.bonus_queue = state.bonus_queue[0], state.bonus_queue[1:]
            state.cur = p
            if step == CHOICE_STEP:
                state.players[p * STRIDE + TWO_RESOURCES] += 1  # taken at once, like the card
                state.stage = TAKE_NOW
                return
            if state.deck:
                state.stage = EXTRA_DRAW
                return
        _finish(state)

    def chance_weights(self, state: StoneAgeState) -> list[tuple[int, int]]:
        if state.stage == MAMMOTH_BACK:
            return back_weights(state)
        if state.stage == MAMMOTH_TILE:
            return tile_weights(state)
        return list(_TAME_WEIGHTS[state.players[state.cur * STRIDE + ON_TILE]])

    def legal_actions(self, state: StoneAgeState) -> list[int]:
        if state.stage == TAME_MOVE:
            return move_options(state)
        return [A.BONUS_ONE, A.BONUS_ALL]

    def apply(self, state: StoneAgeState, action: int) -> None:
        stage = state.stage
        if stage == MAMMOTH_BACK:
            state.next_back = action - A.MAMMOTH_BACK
            state.continue_play()
        elif stage == MAMMOTH_TILE:
            tile = action - A.MAMMOTH_TILE
            state.mammoth_pile &= ~(1 << tile)
            state.bonus_tile = tile
            state.herd = state.game.mammoth_tiles[tile].back + 1  # the resource's gathering area
            state.next_back = -1
            state.continue_play()
        elif stage == TAME_MOVE:
            if action != A.TAME_NONE:
                mix = A.TAME_MIXES[action - A.TAME_PAY]
                base = state.cur * STRIDE
                pl = state.players
                pl[base + FOOD] -= mix[0]
                for r in range(4):
                    pl[base + WOOD + r] -= mix[r + 1]
                pl[base + ON_TILE] += sum(mix)
            state.tamers = 0
            state.continue_play()
        elif stage == TAME_ROLL:
            faces = A.TAME_ROLLS[action - A.TAME_DICE]
            rolls = list(state.tame_rolls)
            rolls[state.cur] = tuple(sorted(faces, reverse=True))
            state.tame_rolls = tuple(rolls)
            _next_roll(state)
        else:  # BONUS: the single winner chooses, and keeps the tile
            won = state.game.mammoth_tiles[state.bonus_tile]
            _give(state, state.cur, won.one if action == A.BONUS_ONE else won.all)
            state.players[state.cur * STRIDE + MAMMOTH_TILES] += 1
            state.order = 1
            self.resume(state)

    def final_scoring(self, state: StoneAgeState, parts: tuple[dict[str, int], ...]) -> None:
        """10 points to each seat with the most tiles; the ``mammoth`` part holds the bonus points too."""
        pl = state.players
        won = [pl[p * STRIDE + MAMMOTH_TILES] for p in range(state.num_players)]
        for p, (part, bonus) in enumerate(zip(parts, majority_points(won), strict=True)):
            total = part.pop("total")
            part["mammoth"] = pl[p * STRIDE + MAMMOTH_POINTS] + bonus
            part["total"] = total + bonus


_TAME_WEIGHTS = tuple(
    tuple((A.tame_dice(faces), multiset_ways(faces)) for faces in A.TAME_ROLLS if len(faces) == n)
    for n in range(8)
)


def _tiles(state: StoneAgeState, pile: int) -> list[int]:
    return [t for t in range(len(state.game.mammoth_tiles)) if pile >> t & 1]


def back_weights(state: StoneAgeState) -> list[tuple[int, int]]:
    """Chance over the back of the pile's top tile: each resource weighted by its tiles left."""
    counts = [0] * len(RESOURCES)
    for t in _tiles(state, state.mammoth_pile):
        counts[state.game.mammoth_tiles[t].back] += 1
    return [(A.MAMMOTH_BACK + r, n) for r, n in enumerate(counts) if n]


def tile_weights(state: StoneAgeState) -> list[tuple[int, int]]:
    """Chance over the face of the top tile: the unseen tiles with the back everyone sees."""
    tiles = state.game.mammoth_tiles
    return [(A.MAMMOTH_TILE + t, 1) for t in _tiles(state, state.mammoth_pile) if tiles[t].back == state.next_back]


def move_options(state: StoneAgeState) -> list[int]:
    """Moving none, or 1.. of the gathering figures onto the tile, each paid with a food or resource."""
    base = state.cur * STRIDE
    pl = state.players
    food, wood, clay, stone, gold = pl[base + FOOD], *pl[base + WOOD: base + WOOD + 4]
    out = [A.TAME_NONE]
    out.extend(a for a, (f, w, c, s, g) in _MOVES[state.tamers]
               if f <= food and w <= wood and c <= clay and s <= stone and g <= gold)
    return out


def _contenders(state: StoneAgeState) -> list[int]:
    num_players = state.num_players
    seats = [(state.first + i) % num_players for i in range(num_players)]
    return [p for p in seats if state.players[p * STRIDE + ON_TILE]]


def _next_roll(state: StoneAgeState) -> None:
    contenders = _contenders(state)
    for p in contenders:
        if not state.tame_rolls[p]:
            state.cur = p
            state.stage = TAME_ROLL
            return
    best = max(state.tame_rolls[p] for p in contenders)
    winners = [p for p in contenders if state.tame_rolls[p] == best]
    if len(winners) == 1:
        state.auto_step("tame_winner", winners[0])
        state.cur = winners[0]
        state.stage = BONUS
        return
    state.auto_step("tame_tie", CHANCE)
    tile = state.game.mammoth_tiles[state.bonus_tile]
    for p in winners:  # a full tie: each gets the "all" bonus, the tile goes to the box
        _give(state, p, tile.all)
    state.order = 1
    state.continue_play()


def _give(state: StoneAgeState, p: int, bonus: Bonus) -> None:
    pl = state.players
    base = p * STRIDE
    pl[base + FOOD] += bonus.food
    for r, amount in enumerate((bonus.wood, bonus.clay, bonus.stone, bonus.gold)):
        pl[base + WOOD + r] += amount
    pl[base + SCORE] += bonus.points
    pl[base + MAMMOTH_POINTS] += bonus.points
    pl[base + AGRICULTURE] = min(MAX_AGRICULTURE, pl[base + AGRICULTURE] + bonus.agriculture)
    for _ in range(bonus.tools):
        tool_step(pl, p)
    steps = [(p, CARD_STEP)] * bonus.cards + [(p, CHOICE_STEP)] * (bonus.choice // 2)
    state.bonus_queue = state.bonus_queue + tuple(steps)


def _finish(state: StoneAgeState) -> None:
    state.auto_step("taming_end", CHANCE)
    pl = state.players
    for p in range(state.num_players):
        pl[p * STRIDE + ON_TILE] = 0
    state.bonus_tile = -1
    state.herd = -1
    state.tame_rolls = ()
    state.begin(FEEDING)
