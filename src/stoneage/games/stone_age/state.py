"""The Stone Age state: plain lists of ints, a stage that says who decides what, and the rules.

Every step ends in exactly one pending node: a player's decision or a chance event. Steps the
rules leave no choice in (feeding with enough food, the last location to resolve, a purchase
nobody can pay) happen on their own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from stoneage.core.contract import JSON, State
from stoneage.core.dice import MAX_DICE, multiset_ways, sum_counts
from stoneage.core.staged import StagedState
from stoneage.games.stone_age import actions as A, mammoth_rules
from stoneage.games.stone_age.data import (
    AGRICULTURE as AGRICULTURE_EFFECT,
    ALL_CARDS_MASK,
    ALL_TILES_MASK,
    BUILDING_KINDS,
    CARD_SLOT0,
    CARDS,
    DICE_FOR_ALL,
    DISPLAY_SIZE,
    DIVISOR,
    EXTRA_CARD,
    FIELD,
    FOOD as FOOD_EFFECT,
    HUT,
    MAX_AGRICULTURE,
    MAX_FIGURES,
    MAX_TOOL_TILES,
    MAX_TOOL_VALUE,
    NUM_CARDS,
    NUM_LOCATIONS,
    NUM_TILES,
    ONE_USE_TOOL,
    POINTS,
    RESOURCE,
    RESOURCE_AMOUNT,
    RESOURCE_ROLL,
    RIVER,
    STACK0,
    STACK_SIZE,
    START_FIGURES,
    START_FOOD,
    TILE_KIND,
    TOOL,
    TOOLMAKER,
    TWO_RESOURCES as TWO_RESOURCES_EFFECT,
)
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    BUILDINGS,
    CARDS as CARD_MASK,
    FIGURES,
    FOOD,
    MAMMOTH_POINTS,
    MAMMOTH_TILES,
    ON_TILE,
    ONE_USE,
    PENALTIES,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    TWO_RESOURCES,
    UNPLACED,
    USED,
    WOOD,
)
from stoneage.games.stone_age.mammoth import majority_points as mammoth_points
from stoneage.games.stone_age.payment import (
    BUILDING_PAYMENTS,
    CARD_PAYMENTS,
    FEEDINGS,
    affordable,
    points,
    tool_bonus,
    tool_choices,
)
from stoneage.games.stone_age.placement import placements
from stoneage.games.stone_age.scoring import breakdown, tie_break, winners

if TYPE_CHECKING:
    from stoneage.games.stone_age.game import StoneAgeGame

# Phases of a round.
SETUP, PLACEMENT, ACTIONS, FEEDING, OVER, TAMING = range(6)
PHASES = ("setup", "placement", "actions", "feeding", "over", "taming")

# Stages: what the pending node is.
(
    DEAL_CARD, DEAL_BUILDING, ROLL, DICE_ROLL, EXTRA_DRAW, MAMMOTH_BACK, MAMMOTH_TILE, TAME_ROLL,  # chance
    PLACE, RESOLVE, TOOLS, BUY_CARD, BUY_BUILDING, PICK, FEED, TAKE_NOW, TAME_MOVE, BONUS,  # decisions
    GAME_OVER,
) = range(19)
STAGES = (
    "deal_card", "deal_building", "roll", "dice_roll", "extra_draw", "mammoth_back", "mammoth_tile",
    "tame_roll", "place", "resolve", "tools", "buy_card", "buy_building", "pick", "feed", "take_now",
    "tame_move", "bonus", "game_over",
)
FIRST_DECISION = PLACE

_ROLL_WEIGHTS = tuple(
    tuple((A.roll(s), w) for s, w in enumerate(sum_counts(n)) if w) for n in range(MAX_DICE + 1)
)
_DICE_WEIGHTS = {
    n: tuple((A.dice(faces), multiset_ways(faces)) for faces in A.DICE_ROLLS if len(faces) == n)
    for n in (2, 3, 4)
}
_TILES_OF_KIND = tuple(
    tuple(t for t in range(NUM_TILES) if TILE_KIND[t] == k) for k in range(len(BUILDING_KINDS))
)
_DICE_REWARD_RESOURCE = {1: 0, 2: 1, 3: 2, 4: 3}  # die face -> resource; 5 tool, 6 agriculture
_TAME_WEIGHTS = tuple(
    tuple((A.tame_dice(faces), multiset_ways(faces)) for faces in A.TAME_ROLLS if len(faces) == n)
    for n in range(8)
)
_TAKES = tuple(range(A.TAKE, A.TAKE + len(A.PAIRS)))


class StoneAgeState(StagedState):
    """A Stone Age position. Read it through the contract; the fields are plain ints and lists."""

    FIRST_DECISION = PLACE
    GAME_OVER = GAME_OVER
    STAGE_NAMES = STAGES

    __slots__ = (
        "_final",
        "board",
        "bonus_queue",
        "bonus_tile",
        "deck",
        "dice_count",
        "dice_left",
        "display",
        "first",
        "gather",
        "herd",
        "mammoth_pile",
        "next_back",
        "order",
        "phase",
        "players",
        "rolled",
        "round",
        "shortfall",
        "slot",
        "stack_left",
        "tame_rolls",
        "tamers",
        "tops",
        "unseen",
    )

    game: StoneAgeGame
    num_players: int
    players: list[int]  # per-seat fields, see layout.py
    board: list[int]  # per-location totals, then occupancy (layout.occupancy)
    display: list[int]  # card id in display slot s (cost s + 1), 0 when empty
    tops: list[int]  # face-up tile id on each building stack, -1 when none
    stack_left: list[int]  # tiles left on each stack, the face-up one included
    deck: int  # bitmask of cards in the deck (their order is chance's, drawn when needed)
    unseen: int  # bitmask of building tiles nobody has seen
    round: int
    first: int  # first player of the round
    phase: int
    stage: int
    cur: int  # the seat deciding (or acting, at a chance node)
    order: int  # phase progress: seats done (actions, feeding)
    gather: int  # gathering location (0..4) of the pending roll
    dice_count: int  # dice of the pending roll
    rolled: int  # dice sum of the roll waiting for tools
    slot: int  # display slot / stack of the pending deal or purchase; buyer of dice for all
    dice_left: tuple[int, ...]  # dice-for-all faces not yet taken
    shortfall: int  # food missing at the pending feeding decision
    herd: int  # Mammoth Herd: the gathering area the herd stands on this round, -1 when none
    bonus_tile: int  # this round's face-up bonus tile, -1 when none
    next_back: int  # resource on the back of the pile's top tile, -1 when unknown or no pile
    mammoth_pile: int  # bitmask of bonus tiles still face down in the pile
    tamers: int  # figures of the current gatherer that may move onto the bonus tile
    tame_rolls: tuple[tuple[int, ...], ...]  # per seat, its taming roll (highest first)
    bonus_queue: tuple[tuple[int, int], ...]  # (seat, step) bonus steps still to do: 0 card, 1 choice
    _final: tuple[dict[str, int], ...] | None

    def __init__(self, game: StoneAgeGame) -> None:
        np = game.num_players
        self.game = game
        self.num_players = np
        self.players = [0] * (np * STRIDE)
        for p in range(np):
            self.players[p * STRIDE + FIGURES] = START_FIGURES
            self.players[p * STRIDE + FOOD] = START_FOOD
        self.board = [0] * (NUM_LOCATIONS * (np + 1))
        self.display = [0] * DISPLAY_SIZE
        self.tops = [-1] * 4
        self.stack_left = [STACK_SIZE] * np + [0] * (4 - np)
        self.deck = ALL_CARDS_MASK
        self.unseen = ALL_TILES_MASK
        self.round = 1
        self.first = game.first_player
        self.phase = SETUP
        self.stage = DEAL_CARD
        self.cur = self.first
        self.order = 0
        self.gather = self.dice_count = self.rolled = self.slot = self.shortfall = 0
        self.dice_left = ()
        self.tamers = 0
        self.herd = self.bonus_tile = self.next_back = -1
        self.mammoth_pile = (1 << len(game.mammoth_tiles)) - 1 if game.mammoth else 0
        self.tame_rolls = ()
        self.bonus_queue = ()
        self._start_history()
        self._final = None
        self._continue()

    # --- contract ---------------------------------------------------------------------------

    def chance_weights(self) -> list[tuple[int, int]]:
        stage = self.stage
        if stage == ROLL:
            return list(_ROLL_WEIGHTS[self.dice_count])
        if stage == DICE_ROLL:
            return list(_DICE_WEIGHTS[self.num_players])
        if stage in (DEAL_CARD, EXTRA_DRAW):
            deck = self.deck
            return [(A.CARD + i, 1) for i in range(NUM_CARDS) if deck >> i & 1]
        if stage == MAMMOTH_BACK:
            return mammoth_rules.back_weights(self)
        if stage == MAMMOTH_TILE:
            return mammoth_rules.tile_weights(self)
        if stage == TAME_ROLL:
            return list(_TAME_WEIGHTS[self.players[self.cur * STRIDE + ON_TILE]])
        if stage == DEAL_BUILDING:
            counts = [0] * len(BUILDING_KINDS)
            unseen = self.unseen
            for t in range(NUM_TILES):
                if unseen >> t & 1:
                    counts[TILE_KIND[t]] += 1
            return [(A.BUILDING + k, n) for k, n in enumerate(counts) if n]
        return []

    def clone(self) -> StoneAgeState:
        other = StoneAgeState.__new__(StoneAgeState)
        self._copy_plumbing(other)
        other.players = self.players[:]
        other.board = self.board[:]
        other.display = self.display[:]
        other.tops = self.tops[:]
        other.stack_left = self.stack_left[:]
        other.deck = self.deck
        other.unseen = self.unseen
        other.round = self.round
        other.first = self.first
        other.phase = self.phase
        other.order = self.order
        other.gather = self.gather
        other.dice_count = self.dice_count
        other.rolled = self.rolled
        other.slot = self.slot
        other.dice_left = self.dice_left
        other.shortfall = self.shortfall
        other.herd = self.herd
        other.bonus_tile = self.bonus_tile
        other.next_back = self.next_back
        other.mammoth_pile = self.mammoth_pile
        other.tamers = self.tamers
        other.tame_rolls = self.tame_rolls
        other.bonus_queue = self.bonus_queue
        other._final = self._final
        return other

    def resample_from_infostate(self, player: int, generator: random.Random) -> StoneAgeState:
        """A clone where the other players' face-down extra cards are redrawn from what
        ``player`` cannot tell apart: those cards together with the deck."""
        other = self.clone()
        pl = other.players
        hidden = [q for q in range(self.num_players) if q != player and pl[q * STRIDE + SECRET_CARDS]]
        if not hidden:
            return other
        pool = other.deck
        for q in hidden:
            pool |= pl[q * STRIDE + SECRET_CARDS]
        cards = [i for i in range(NUM_CARDS) if pool >> i & 1]
        generator.shuffle(cards)
        for q in hidden:
            count = pl[q * STRIDE + SECRET_CARDS].bit_count()
            pl[q * STRIDE + SECRET_CARDS] = sum(1 << i for i in cards[:count])
            cards = cards[count:]
        other.deck = sum(1 << i for i in cards)
        other._legal = None
        if other._final is not None:
            other._final = other._breakdowns()
        return other

    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def action_to_string(self, action: int) -> str:
        return A.action_name(action)

    def string_to_action(self, text: str) -> int:
        return A.parse_action(text)

    def returns(self) -> list[float]:
        if self.stage != GAME_OVER:
            return [0.0] * self.num_players
        won = self.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    def scores(self) -> list[int]:
        if self._final is not None:
            return [b["total"] for b in self._final]
        return [self.players[p * STRIDE + SCORE] for p in range(self.num_players)]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat, the final score part by part (as it would stand if the game ended now)."""
        if self._final is not None:
            return [dict(b) for b in self._final]
        return list(self._breakdowns())

    def tie_breaks(self) -> list[int]:
        """Per seat, agriculture + tool value + figures."""
        return [tie_break(self.players, p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """The winning seats (several on a full tie); meaningful once terminal."""
        totals = [b["total"] for b in self.score_breakdown()]
        return winners(totals, self.tie_breaks())

    def observation(self, player: int) -> JSON:
        from stoneage.games.stone_age.serialize import observation

        return observation(self, player)

    def to_json(self) -> JSON:
        from stoneage.games.stone_age.serialize import state_to_json

        return state_to_json(self)

    def describe(self, action: int) -> str:
        from stoneage.games.stone_age.narrate import describe

        return describe(self, action)

    def changes_since(self, earlier: State) -> list[str]:
        from stoneage.games.stone_age.narrate import changes

        assert isinstance(earlier, StoneAgeState)
        return changes(earlier, self)

    # --- legality ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        stage = self.stage
        if stage < FIRST_DECISION:
            return [a for a, _ in self.chance_weights()]
        if stage == GAME_OVER:
            return []
        p = self.cur
        base = p * STRIDE
        pl = self.players
        if stage == PLACE:
            out = placements(self, p)
        elif stage == RESOLVE:
            board = self.board
            np = self.num_players
            out = [A.RESOLVE + loc for loc in range(NUM_LOCATIONS)
                   if board[NUM_LOCATIONS + loc * np + p]]
        elif stage == TOOLS:
            ready = (pl[base + READY], pl[base + READY + 1], pl[base + READY + 2], pl[base + READY + 3])
            out = list(tool_choices(ready, pl[base + ONE_USE]))
        elif stage in (BUY_CARD, BUY_BUILDING):
            out = affordable(self._payments(), *pl[base + WOOD: base + WOOD + 4])
            out.append(A.DECLINE)
        elif stage == PICK:
            out = [A.PICK + face - 1 for face in sorted(set(self.dice_left))]
        elif stage == TAKE_NOW:
            out = []
        elif stage == TAME_MOVE:
            out = mammoth_rules.move_options(self)
        elif stage == BONUS:
            out = [A.BONUS_ONE, A.BONUS_ALL]
        else:  # FEED
            out = affordable(FEEDINGS[self.shortfall], *pl[base + WOOD: base + WOOD + 4])
            out.append(A.STARVE)
        if pl[base + TWO_RESOURCES]:
            out = sorted(out + list(_TAKES)) if stage >= TAME_MOVE else out + list(_TAKES)
        return out

    def _payments(self) -> tuple[tuple[int, int, int, int, int], ...]:
        if self.stage == BUY_CARD:
            return CARD_PAYMENTS[self.slot + 1]
        return BUILDING_PAYMENTS[TILE_KIND[self.tops[self.slot]]]

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        stage = self.stage
        if action >= A.TAKE and action < A.ROLL:
            self._take_two_resources(action)
            if stage == TAKE_NOW:
                self._continue()
        elif stage == PLACE:
            self._place(action)
        elif stage == RESOLVE:
            if self._resolve(self.cur, action - A.RESOLVE):
                self._continue()
        elif stage == ROLL:
            self.rolled = action - A.ROLL + 1
            base = self.cur * STRIDE
            pl = self.players
            if pl[base + ONE_USE] or any(pl[base + READY: base + READY + 4]):
                self.stage = TOOLS
            else:
                self._gain(self.rolled)
                if not self.tamers or mammoth_rules.offer_move(self):
                    self._continue()
        elif stage == TOOLS:
            self._use_tools(action)
            if not self.tamers or mammoth_rules.offer_move(self):
                self._continue()
        elif stage == BUY_CARD:
            if action == A.DECLINE or self._buy_card(action):
                self._continue()
        elif stage == BUY_BUILDING:
            if action == A.DECLINE or self._buy_building(action):
                self._continue()
        elif stage == DEAL_CARD:
            card_id = action - A.CARD + 1
            self.deck &= ~(1 << (card_id - 1))
            self.display[self.slot] = card_id
            self._continue()
        elif stage == EXTRA_DRAW:
            bit = 1 << (action - A.CARD)
            self.deck &= ~bit
            self.players[self.cur * STRIDE + SECRET_CARDS] |= bit
            self._continue()
        elif stage == DEAL_BUILDING:
            kind = action - A.BUILDING
            tile = next(t for t in _TILES_OF_KIND[kind] if self.unseen >> t & 1)
            self.unseen &= ~(1 << tile)
            self.tops[self.slot] = tile
            self._continue()
        elif stage == DICE_ROLL:
            self.dice_left = A.DICE_ROLLS[action - A.DICE]
            self.cur = self.slot  # the buyer picks first
            self._next_pick()
        elif stage == PICK:
            self._pick(self.cur, action - A.PICK + 1)
            self._next_pick()
        elif MAMMOTH_BACK <= stage <= TAME_ROLL or stage >= TAME_MOVE:
            mammoth_rules.apply(self, action)
        else:  # FEED
            if action == A.STARVE:
                self._penalty(self.cur)
            else:
                self._pay(self.cur, A.MIXES[action - A.FEED + 1])
            self.order += 1
            self._continue()

    def _continue(self) -> None:
        """Run the automatic steps up to the next decision or chance node."""
        phase = self.phase
        if phase == PLACEMENT:
            self._next_placer(self.cur + 1)
        elif phase == ACTIONS:
            self._next_resolution()
        elif phase == FEEDING:
            self._next_feeding()
        elif phase == SETUP:
            self._next_deal()
        elif phase == TAMING:
            mammoth_rules.next_taming(self)

    # setup and refill

    def _next_deal(self) -> None:
        for slot in range(DISPLAY_SIZE):
            if not self.display[slot]:
                self.stage = DEAL_CARD
                self.slot = slot
                return
        for stack in range(self.num_players):
            if self.tops[stack] < 0 and self.stack_left[stack]:
                self.stage = DEAL_BUILDING
                self.slot = stack
                return
        if self.game.mammoth and mammoth_rules.next_deal(self):
            return
        self.start_placement()

    def start_placement(self) -> None:
        """Every figure goes home and placement begins with the first player."""
        self.phase = PLACEMENT
        pl = self.players
        for p in range(self.num_players):
            pl[p * STRIDE + UNPLACED] = pl[p * STRIDE + FIGURES]
        self._next_placer(self.first)

    # placement

    def _next_placer(self, start: int) -> None:
        np = self.num_players
        for i in range(np):
            p = (start + i) % np
            options = placements(self, p)
            if options:
                self.stage = PLACE
                self.cur = p
                if self.players[p * STRIDE + TWO_RESOURCES]:
                    options.extend(_TAKES)
                self._legal = options
                return
        self.phase = ACTIONS
        self.order = 0
        self._next_resolution()

    def _place(self, action: int) -> None:
        loc, count = divmod(action - A.PLACE, A.MAX_PLACE)
        count += 1
        p = self.cur
        self.board[loc] += count
        self.board[NUM_LOCATIONS + loc * self.num_players + p] += count
        self.players[p * STRIDE + UNPLACED] -= count
        self._next_placer(p + 1)

    # actions

    def _next_resolution(self) -> None:
        np = self.num_players
        board = self.board
        while self.order < np:
            p = (self.first + self.order) % np
            locs = [loc for loc in range(NUM_LOCATIONS) if board[NUM_LOCATIONS + loc * np + p]]
            if len(locs) > 1:
                self.stage = RESOLVE
                self.cur = p
                return
            if locs:
                if not self._resolve(p, locs[0]):
                    return
            else:
                self.order += 1
        if self.bonus_tile >= 0:
            mammoth_rules.start_taming(self)
        else:
            self.start_feeding()

    def start_feeding(self) -> None:
        """Feeding begins with the first player."""
        self.phase = FEEDING
        self.order = 0
        self._next_feeding()

    def _resolve(self, p: int, loc: int) -> bool:
        """Resolve ``p``'s figures on ``loc``; False when a decision or chance node is pending."""
        index = NUM_LOCATIONS + loc * self.num_players + p
        count = self.board[index]
        self.board[index] = 0
        self.board[loc] -= count
        self.cur = p
        base = p * STRIDE
        pl = self.players
        if loc <= RIVER:
            self.stage = ROLL
            self.gather = loc
            self.dice_count = count
            self.tamers = count if loc == self.herd else 0
            return False
        if loc == TOOLMAKER:
            self._tool_step(p)
        elif loc == HUT:
            if pl[base + FIGURES] < MAX_FIGURES:
                pl[base + FIGURES] += 1
        elif loc == FIELD:
            if pl[base + AGRICULTURE] < MAX_AGRICULTURE:
                pl[base + AGRICULTURE] += 1
        else:
            self.stage = BUY_CARD if loc < STACK0 else BUY_BUILDING
            self.slot = loc - CARD_SLOT0 if loc < STACK0 else loc - STACK0
            payable = affordable(self._payments(), *pl[base + WOOD: base + WOOD + 4])
            if not payable and not pl[base + TWO_RESOURCES]:
                return True  # nothing to decide: the figure comes back, the card/tile stays
            payable.append(A.DECLINE)
            if pl[base + TWO_RESOURCES]:
                payable.extend(_TAKES)
            self._legal = payable
            return False
        return True

    def _gain(self, total: int) -> None:
        base = self.cur * STRIDE
        gather = self.gather
        if gather:
            self.players[base + WOOD + gather - 1] += total // DIVISOR[gather]
        else:
            self.players[base + FOOD] += total // DIVISOR[0]

    def _use_tools(self, action: int) -> None:
        index, mask = divmod(action - A.TOOLS, 8)
        tool_set = A.TOOL_SETS[index]
        pl = self.players
        base = self.cur * STRIDE
        for v in range(4):
            if tool_set[v]:
                pl[base + READY + v] -= tool_set[v]
                pl[base + USED + v] += tool_set[v]
        pl[base + ONE_USE] &= ~mask
        self._gain(self.rolled + tool_bonus(tool_set, mask))

    def _tool_step(self, p: int) -> None:
        """One tool step: a new tile of 1 below 3 tiles, else raise a lowest tile (ready first)."""
        pl = self.players
        base = p * STRIDE
        tiles = sum(pl[base + READY: base + READY + 4]) + sum(pl[base + USED: base + USED + 4])
        if tiles < MAX_TOOL_TILES:
            pl[base + READY] += 1
            return
        for v in range(MAX_TOOL_VALUE - 1):  # values 1..3 can be raised
            if pl[base + READY + v]:
                pl[base + READY + v] -= 1
                pl[base + READY + v + 1] += 1
                return
            if pl[base + USED + v]:
                pl[base + USED + v] -= 1
                pl[base + USED + v + 1] += 1
                return

    def _pay(self, p: int, mix: tuple[int, int, int, int]) -> None:
        base = p * STRIDE + WOOD
        pl = self.players
        for r in range(4):
            pl[base + r] -= mix[r]

    def _take_two_resources(self, action: int) -> None:
        base = self.cur * STRIDE
        pair = A.PAIRS[action - A.TAKE]
        pl = self.players
        pl[base + TWO_RESOURCES] -= 1
        for r in range(4):
            pl[base + WOOD + r] += pair[r]

    def _buy_card(self, action: int) -> bool:
        """Pay for the card and apply its top; False when a chance node follows."""
        p = self.cur
        self._pay(p, A.MIXES[action - A.PAY + 1])
        card_id = self.display[self.slot]
        self.display[self.slot] = 0
        pl = self.players
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
            self._tool_step(p)
        elif effect == AGRICULTURE_EFFECT:
            if pl[base + AGRICULTURE] < MAX_AGRICULTURE:
                pl[base + AGRICULTURE] += 1
        elif effect == ONE_USE_TOOL:
            pl[base + ONE_USE] |= 1 << A.ONE_USE_VALUES.index(card.value)
        elif effect == TWO_RESOURCES_EFFECT:
            pl[base + TWO_RESOURCES] += 1
            if self.game.two_resources_at_once:
                self.stage = TAKE_NOW
                return False
        elif effect == RESOURCE_ROLL:
            self.stage = ROLL
            self.gather = card.value + 1  # the gathering location of that resource
            self.dice_count = 2
            self.tamers = 0
            return False
        elif effect == EXTRA_CARD:
            if self.deck:
                self.stage = EXTRA_DRAW
                return False
        elif effect == DICE_FOR_ALL:
            self.stage = DICE_ROLL
            self.slot = p
            return False
        return True

    def _buy_building(self, action: int) -> bool:
        """Pay for the top tile and score it; False when the next tile is turned up."""
        p = self.cur
        mix = A.MIXES[action - A.PAY + 1]
        self._pay(p, mix)
        base = p * STRIDE
        stack = self.slot
        tile = self.tops[stack]
        self.players[base + SCORE] += points(mix)
        self.players[base + BUILDINGS] |= 1 << tile
        self.tops[stack] = -1
        self.stack_left[stack] -= 1
        if self.stack_left[stack]:
            self.stage = DEAL_BUILDING
            return False
        return True

    def _next_pick(self) -> None:
        while self.dice_left:
            faces = self.dice_left
            if faces.count(faces[0]) != len(faces):
                self.stage = PICK
                return
            self._pick(self.cur, faces[0])
        self._continue()

    def _pick(self, p: int, face: int) -> None:
        faces = list(self.dice_left)
        faces.remove(face)
        self.dice_left = tuple(faces)
        base = p * STRIDE
        pl = self.players
        if face in _DICE_REWARD_RESOURCE:
            pl[base + WOOD + _DICE_REWARD_RESOURCE[face]] += 1
        elif face == 5:
            self._tool_step(p)
        elif pl[base + AGRICULTURE] < MAX_AGRICULTURE:
            pl[base + AGRICULTURE] += 1
        self.cur = (p + 1) % self.num_players

    # feeding and the end of a round

    def _next_feeding(self) -> None:
        np = self.num_players
        pl = self.players
        while self.order < np:
            p = (self.first + self.order) % np
            base = p * STRIDE
            food = pl[base + FOOD] + pl[base + AGRICULTURE]
            need = pl[base + FIGURES]
            if food >= need:
                pl[base + FOOD] = food - need
                self.order += 1
                continue
            pl[base + FOOD] = 0
            short = need - food
            resources = sum(pl[base + WOOD: base + WOOD + 4]) + 2 * pl[base + TWO_RESOURCES]
            if resources < short:
                self._penalty(p)
                self.order += 1
                continue
            self.stage = FEED
            self.cur = p
            self.shortfall = short
            return
        self._end_round()

    def _penalty(self, p: int) -> None:
        self.players[p * STRIDE + SCORE] -= 10
        self.players[p * STRIDE + PENALTIES] += 1

    def _end_round(self) -> None:
        np = self.num_players
        if not all(self.stack_left[:np]):
            self._game_over()
            return
        pl = self.players
        for p in range(np):
            base = p * STRIDE
            for v in range(4):
                pl[base + READY + v] += pl[base + USED + v]
                pl[base + USED + v] = 0
        cards = [c for c in self.display if c]
        if self.deck.bit_count() < DISPLAY_SIZE - len(cards):
            self._game_over()
            return
        self.display = cards + [0] * (DISPLAY_SIZE - len(cards))
        self.first = (self.first + 1) % np
        self.round += 1
        self.phase = SETUP
        self._next_deal()

    def _game_over(self) -> None:
        self.phase = OVER
        self.stage = GAME_OVER
        self._final = self._breakdowns()

    def _breakdowns(self) -> tuple[dict[str, int], ...]:
        parts = tuple(breakdown(self.players, p) for p in range(self.num_players))
        if self.game.mammoth:
            won = [self.players[p * STRIDE + MAMMOTH_TILES] for p in range(self.num_players)]
            for p, (part, bonus) in enumerate(zip(parts, mammoth_points(won), strict=True)):
                total = part.pop("total")
                part["mammoth"] = self.players[p * STRIDE + MAMMOTH_POINTS] + bonus
                part["total"] = total + bonus
        return parts
