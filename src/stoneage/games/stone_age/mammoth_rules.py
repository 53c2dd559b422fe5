"""The Mammoth Herd's rules, attached to the base game through the expansion hooks: the herd and
bonus tile at the start of a round, moving figures onto the tile after gathering in the herd's
area, the taming contest before feeding, the bonuses, and the final majority (mammoth-herd.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from stoneage.core.contract import CHANCE, JSON
from stoneage.core.dice import multiset_ways
from stoneage.core.facts import Fact, FactValue
from stoneage.core.i18n import N_
from stoneage.games.stone_age import actions as A, mammoth_facts, mammoth_format
from stoneage.games.stone_age.data import MAX_AGRICULTURE, RESOURCES
from stoneage.games.stone_age.expansion import Expansion, ExpansionState
from stoneage.games.stone_age.gains import tool_step
from stoneage.games.stone_age.layout import AGRICULTURE, FOOD, SCORE, STRIDE, TWO_RESOURCES, WOOD
from stoneage.games.stone_age.mammoth import Bonus, majority_points
from stoneage.games.stone_age.mammoth_state import (
    BONUS,
    CARD_STEP,
    CHOICE_STEP,
    MAMMOTH_BACK,
    MAMMOTH_TILE,
    NAME,
    PHASE_NAMES,
    STAGE_NAMES,
    TAME_MOVE,
    TAME_ROLL,
    TAMING,
    HerdState,
    herd_of,
    new_herd,
)
from stoneage.games.stone_age.stages import ACTIONS, EXTRA_DRAW, FEEDING, SETUP, TAKE_NOW

if TYPE_CHECKING:
    from stoneage.core.fields import FieldReader
    from stoneage.games.stone_age.game import StoneAgeGame
    from stoneage.games.stone_age.state import StoneAgeState

_MOVES = tuple(
    tuple((A.TAME_PAY + i, mix) for i, mix in enumerate(A.TAME_MIXES) if sum(mix) <= k) for k in range(8)
)


class MammothHerd(Expansion):
    """The Mammoth Herd mini-expansion."""

    name = NAME
    title = N_("Mammoth Herd")
    stages = frozenset(STAGE_NAMES)
    phases = frozenset(PHASE_NAMES)
    stage_names = STAGE_NAMES
    phase_names = PHASE_NAMES
    phases_of_stage: ClassVar[dict[int, frozenset[int]]] = {
        MAMMOTH_BACK: frozenset({SETUP}),
        MAMMOTH_TILE: frozenset({SETUP}),
        TAME_ROLL: frozenset({TAMING}),
        TAME_MOVE: frozenset({ACTIONS}),
        BONUS: frozenset({TAMING}),
        EXTRA_DRAW: frozenset({TAMING}),  # a card bonus
        TAKE_NOW: frozenset({TAMING}),  # a choice bonus
    }
    resolver_stages = frozenset({TAME_MOVE})
    fact_kinds = mammoth_facts.FACT_KINDS

    def new_state(self, game: StoneAgeGame) -> ExpansionState:
        return new_herd(game.num_players, len(game.mammoth_tiles))

    def to_json(self, state: StoneAgeState, hidden: bool) -> JSON:
        return mammoth_format.herd_json(state, hidden)

    def seat_json(self, state: StoneAgeState, seat: int) -> dict[str, int]:
        herd = herd_of(state)
        return {"mammoth_tiles": herd.won[seat], "on_tile": herd.on_tile[seat], "mammoth_points": herd.points[seat]}

    def read_json(self, state: StoneAgeState, section: FieldReader) -> ExpansionState:
        return mammoth_format.read_herd(state, section)

    def read_seat(self, state: StoneAgeState, seat: int, entry: FieldReader) -> None:
        mammoth_format.read_seat(state, seat, entry)

    def check(self, state: StoneAgeState) -> None:
        mammoth_format.check_herd(state)

    def fact(self, state: StoneAgeState, action: int) -> Fact | None:
        return mammoth_facts.herd_fact(state, action)

    def step_data(self, state: StoneAgeState, kind: str, seat: int) -> dict[str, FactValue] | None:
        return mammoth_facts.step_data(state, kind)

    def deal(self, state: StoneAgeState) -> bool:
        """At the start of a round: turn up the bonus tile and learn the next back."""
        herd = herd_of(state)
        if herd.bonus_tile < 0:
            if not herd.pile:
                herd.herd = -1  # the whole herd is tamed: normal rules
                return False
            state.stage = MAMMOTH_TILE if herd.next_back >= 0 else MAMMOTH_BACK
            return True
        if herd.next_back < 0 and herd.pile:
            state.stage = MAMMOTH_BACK
            return True
        return False

    def gathering(self, state: StoneAgeState, location: int, figures: int) -> None:
        herd = herd_of(state)
        herd.tamers = figures if location == herd.herd else 0

    def after_gathering(self, state: StoneAgeState) -> bool:
        """After gathering in the herd's area: ask whether to move figures (if there is a way to pay)."""
        herd = herd_of(state)
        if not herd.tamers:
            return False
        base = state.cur * STRIDE
        pl = state.players
        if pl[base + FOOD] + sum(pl[base + WOOD: base + WOOD + 4]) + pl[base + TWO_RESOURCES] == 0:
            herd.tamers = 0
            return False
        state.stage = TAME_MOVE
        return True

    def before_feeding(self, state: StoneAgeState) -> bool:
        """After all actions, before feeding: the contest for this round's tile."""
        herd = herd_of(state)
        if herd.bonus_tile < 0:
            return False
        state.phase = TAMING
        state.order = 0
        herd.tame_rolls = tuple(() for _ in range(state.num_players))
        contenders = _contenders(state, herd)
        if not contenders:
            _finish(state, herd)  # nobody on the tile: it goes back to the box
        elif len(contenders) == 1:
            state.auto_step("tame_winner", contenders[0])  # a lone contender wins without rolling
            state.cur = contenders[0]
            state.stage = BONUS
        else:
            _next_roll(state, herd)
        return True

    def resume(self, state: StoneAgeState) -> None:
        """Hand out the bonus steps that need a draw or a choice, then end the contest."""
        herd = herd_of(state)
        while herd.bonus_queue:
            (p, step), herd.bonus_queue = herd.bonus_queue[0], herd.bonus_queue[1:]
            state.cur = p
            if step == CHOICE_STEP:
                state.players[p * STRIDE + TWO_RESOURCES] += 1  # taken at once, like the card
                state.stage = TAKE_NOW
                return
            if state.deck:
                state.stage = EXTRA_DRAW
                return
        _finish(state, herd)

    def chance_weights(self, state: StoneAgeState) -> list[tuple[int, int]]:
        herd = herd_of(state)
        if state.stage == MAMMOTH_BACK:
            return back_weights(state, herd)
        if state.stage == MAMMOTH_TILE:
            return tile_weights(state, herd)
        return list(_TAME_WEIGHTS[herd.on_tile[state.cur]])

    def legal_actions(self, state: StoneAgeState) -> list[int]:
        if state.stage == TAME_MOVE:
            return move_options(state, herd_of(state))
        return [A.BONUS_ONE, A.BONUS_ALL]

    def apply(self, state: StoneAgeState, action: int) -> None:
        stage = state.stage
        herd = herd_of(state)
        if stage == MAMMOTH_BACK:
            herd.next_back = action - A.MAMMOTH_BACK
            state.continue_play()
        elif stage == MAMMOTH_TILE:
            tile = action - A.MAMMOTH_TILE
            herd.pile &= ~(1 << tile)
            herd.bonus_tile = tile
            herd.herd = state.game.mammoth_tiles[tile].back + 1  # the resource's gathering area
            herd.next_back = -1
            state.continue_play()
        elif stage == TAME_MOVE:
            if action != A.TAME_NONE:
                mix = A.TAME_MIXES[action - A.TAME_PAY]
                base = state.cur * STRIDE
                pl = state.players
                pl[base + FOOD] -= mix[0]
                for r in range(4):
                    pl[base + WOOD + r] -= mix[r + 1]
                herd.on_tile[state.cur] += sum(mix)
            herd.tamers = 0
            state.continue_play()
        elif stage == TAME_ROLL:
            faces = A.TAME_ROLLS[action - A.TAME_DICE]
            rolls = list(herd.tame_rolls)
            rolls[state.cur] = tuple(sorted(faces, reverse=True))
            herd.tame_rolls = tuple(rolls)
            _next_roll(state, herd)
        else:  # BONUS: the single winner chooses, and keeps the tile
            won = state.game.mammoth_tiles[herd.bonus_tile]
            _give(state, herd, state.cur, won.one if action == A.BONUS_ONE else won.all)
            herd.won[state.cur] += 1
            state.order = 1
            self.resume(state)

    def final_scoring(self, state: StoneAgeState, parts: tuple[dict[str, int], ...]) -> None:
        """10 points to each seat with the most tiles; the ``mammoth`` part holds the bonus points too
        (which the base counted among its buildings' points, being on the score track)."""
        herd = herd_of(state)
        for p, (part, bonus) in enumerate(zip(parts, majority_points(herd.won), strict=True)):
            total = part.pop("total")
            part["buildings"] -= herd.points[p]
            part["mammoth"] = herd.points[p] + bonus
            part["total"] = total + bonus


_TAME_WEIGHTS = tuple(
    tuple((A.tame_dice(faces), multiset_ways(faces)) for faces in A.TAME_ROLLS if len(faces) == n)
    for n in range(8)
)


def _tiles(state: StoneAgeState, pile: int) -> list[int]:
    return [t for t in range(len(state.game.mammoth_tiles)) if pile >> t & 1]


def back_weights(state: StoneAgeState, herd: HerdState) -> list[tuple[int, int]]:
    """Chance over the back of the pile's top tile: each resource weighted by its tiles left."""
    counts = [0] * len(RESOURCES)
    for t in _tiles(state, herd.pile):
        counts[state.game.mammoth_tiles[t].back] += 1
    return [(A.MAMMOTH_BACK + r, n) for r, n in enumerate(counts) if n]


def tile_weights(state: StoneAgeState, herd: HerdState) -> list[tuple[int, int]]:
    """Chance over the face of the top tile: the unseen tiles with the back everyone sees."""
    tiles = state.game.mammoth_tiles
    return [(A.MAMMOTH_TILE + t, 1) for t in _tiles(state, herd.pile) if tiles[t].back == herd.next_back]


def move_options(state: StoneAgeState, herd: HerdState) -> list[int]:
    """Moving none, or 1.. of the gathering figures onto the tile, each paid with a food or resource."""
    base = state.cur * STRIDE
    pl = state.players
    food, wood, clay, stone, gold = pl[base + FOOD], *pl[base + WOOD: base + WOOD + 4]
    out = [A.TAME_NONE]
    out.extend(a for a, (f, w, c, s, g) in _MOVES[herd.tamers]
               if f <= food and w <= wood and c <= clay and s <= stone and g <= gold)
    return out


def _contenders(state: StoneAgeState, herd: HerdState) -> list[int]:
    num_players = state.num_players
    seats = [(state.first + i) % num_players for i in range(num_players)]
    return [p for p in seats if herd.on_tile[p]]


def _next_roll(state: StoneAgeState, herd: HerdState) -> None:
    contenders = _contenders(state, herd)
    for p in contenders:
        if not herd.tame_rolls[p]:
            state.cur = p
            state.stage = TAME_ROLL
            return
    best = max(herd.tame_rolls[p] for p in contenders)
    winners = [p for p in contenders if herd.tame_rolls[p] == best]
    if len(winners) == 1:
        state.auto_step("tame_winner", winners[0])
        state.cur = winners[0]
        state.stage = BONUS
        return
    state.auto_step("tame_tie", CHANCE)
    tile = state.game.mammoth_tiles[herd.bonus_tile]
    for p in winners:  # a full tie: each gets the "all" bonus, the tile goes to the box
        _give(state, herd, p, tile.all)
    state.order = 1
    state.continue_play()


def _give(state: StoneAgeState, herd: HerdState, p: int, bonus: Bonus) -> None:
    pl = state.players
    base = p * STRIDE
    pl[base + FOOD] += bonus.food
    for r, amount in enumerate((bonus.wood, bonus.clay, bonus.stone, bonus.gold)):
        pl[base + WOOD + r] += amount
    pl[base + SCORE] += bonus.points
    herd.points[p] += bonus.points
    pl[base + AGRICULTURE] = min(MAX_AGRICULTURE, pl[base + AGRICULTURE] + bonus.agriculture)
    for _ in range(bonus.tools):
        tool_step(pl, p)
    steps = [(p, CARD_STEP)] * bonus.cards + [(p, CHOICE_STEP)] * (bonus.choice // 2)
    herd.bonus_queue = herd.bonus_queue + tuple(steps)


def _finish(state: StoneAgeState, herd: HerdState) -> None:
    state.auto_step("taming_end", CHANCE)
    for p in range(state.num_players):
        herd.on_tile[p] = 0
    herd.bonus_tile = -1
    herd.herd = -1
    herd.tame_rolls = ()
    state.begin(FEEDING)
