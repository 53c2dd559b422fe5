"""The state of Stone Age Junior: plain ints and lists, a stage that says who decides what.

This module holds the position and the contract; the rules are plain functions in one module per
part of the rulebook (``turn.py``: turning up a forest tile and moving; ``gathering.py``: the
spaces' actions and Martin; ``building.py``: the building site, the goods cards, the reset and the
swap), which ``_apply`` calls by stage. Read-only questions are ``view.py``'s.

Chance is explicit and lazy: a forest tile nobody has seen, a face-down hut and a goods card
nobody has seen have no identity until they are turned up; then chance picks among the ones not
placed yet (exact weights). Every step ends in exactly one pending node — a player's decision or a
chance event; steps the rules leave no choice in (taking a good, the dog, moving by the tile) happen
on their own, each marked for ``apply_traced`` (kinds in ``STEPS``).

Hidden things may also carry a fixed identity (``resample_from_infostate`` draws such a world);
turning one up is then a chance node with that single outcome.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from stoneage.core.contract import JSON, check_seat
from stoneage.core.facts import Fact
from stoneage.games.family.state import (
    OVER as OVER,
    PHASES as PHASES,
    PLAY as PLAY,
    SETUP as SETUP,
    Event as Event,
    FamilyState,
)
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.building import SWAP_ACTIONS, card_drawn, decide_build, hut_revealed, swap
from stoneage.games.stone_age_junior.data import (
    CARD_COUNTS,
    MARTIN_START,
    NUM_DOGS,
    NUM_GOODS,
    NUM_HUTS,
    NUM_KINDS,
    NUM_POSITIONS,
    NUM_STACKS,
    NUM_TILES,
    ON_TRADING_POST,
    STACK_SIZE,
    START_SPACE,
    goods_per_kind,
)
from stoneage.games.stone_age_junior.facts import FACT_KINDS as JUNIOR_FACT_KINDS, action_fact, log_fact, step_fact
from stoneage.games.stone_age_junior.gathering import martin, martin_options, trade
from stoneage.games.stone_age_junior.stages import (
    ALL_PLACES as ALL_PLACES,
    BUILD as BUILD,
    CARD_STEP as CARD_STEP,
    CHOOSE_TILE as CHOOSE_TILE,
    DOG_STEP as DOG_STEP,
    DRAW_CARD as DRAW_CARD,
    EV_BUILD as EV_BUILD,
    EV_DOG as EV_DOG,
    EV_DRAW as EV_DRAW,
    EV_EMPTY as EV_EMPTY,
    EV_HUT as EV_HUT,
    EV_MOVE as EV_MOVE,
    EV_NO_CARD as EV_NO_CARD,
    EV_NO_DOG as EV_NO_DOG,
    EV_PASS as EV_PASS,
    EV_RESET as EV_RESET,
    EV_REVEAL as EV_REVEAL,
    EV_STAY as EV_STAY,
    EV_STOP as EV_STOP,
    EV_SWAP as EV_SWAP,
    EV_TAKE as EV_TAKE,
    EV_TRADE as EV_TRADE,
    EV_TRAVEL as EV_TRAVEL,
    EV_TURN as EV_TURN,
    EV_WIN as EV_WIN,
    EVENTS as EVENTS,
    FIRST_DECISION as FIRST_DECISION,
    FORCED_TURN_STEP as FORCED_TURN_STEP,
    GAME_OVER as GAME_OVER,
    HUT_REVEAL as HUT_REVEAL,
    MARTIN as MARTIN,
    RESET_STEP as RESET_STEP,
    STAGES as STAGES,
    STEPS as STEPS,
    SWAP as SWAP,
    TAKE_STEP as TAKE_STEP,
    TILE_REVEAL as TILE_REVEAL,
    TRADE as TRADE,
    UNKNOWN as UNKNOWN,
)
from stoneage.games.stone_age_junior.turn import begin_turn, tile_drawn, turn_options, turn_tile
from stoneage.games.stone_age_junior.view import builds, card_pool, hut_pool, tile_pool, trades

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.game import StoneAgeJuniorGame


class StoneAgeJuniorState(FamilyState["StoneAgeJuniorGame"]):
    """A position of Stone Age Junior. Read it through the contract; fields are plain ints."""

    FIRST_DECISION = CHOOSE_TILE
    GAME_OVER = GAME_OVER
    STAGE_NAMES = STAGES
    FACT_KINDS = JUNIOR_FACT_KINDS
    NOTATION = A.NOTATION
    WIN_EVENT = EV_WIN

    __slots__ = (
        "cards_priv",
        "cards_pub",
        "dog_storage",
        "dogs",
        "face_up",
        "forest",
        "goods",
        "martin",
        "pile",
        "pile_hidden",
        "pos",
        "post",
        "reveal_stack",
        "seen",
        "stacks",
        "supply",
        "tile_pos",
        "trade_given",
        "trade_taken",
        "up",
    )

    cur: int  # the seat whose turn it is (deciding, or the one a chance event happens to)
    pos: list[int]  # per seat: the ring space of the figure
    supply: list[int]  # per good: goods on its own space
    post: list[int]  # per good: goods on the trading post
    goods: list[list[int]]  # per seat, per good: goods behind the settlement board
    dogs: list[int]  # per seat: dog tiles held (open)
    dog_storage: int  # dog tiles in the storage
    forest: list[int]  # per forest place: tile 0..13 or UNKNOWN
    seen: int  # bit i: the tile in place i has been turned up before (its identity is public)
    up: int  # bit i: the tile in place i lies face up now
    tile_pos: int  # the place of the tile being turned up (-1 otherwise)
    stacks: list[tuple[int, ...]]  # per stack: the face-down huts, top first (numbers or UNKNOWN)
    face_up: list[int]  # per stack: the number of its face-up hut, 0 when none
    reveal_stack: int  # the stack whose next hut turns up (-1 otherwise)
    martin: int  # expansion: the ring space of Martin; -1 without the expansion
    pile: list[int]  # expansion: the goods-card pile top to bottom (kinds or UNKNOWN)
    pile_hidden: int  # the first pile_hidden cards of the pile nobody has seen
    cards_pub: list[tuple[int, ...]]  # per seat: goods cards held whose kind everyone knows (sorted)
    cards_priv: list[tuple[int, ...]]  # per seat: goods cards held whose kind only the holder knows (sorted)
    # (stacks and cards are tuples, replaced when they change, so a clone copies only the outer lists)
    trade_given: int  # bit g: good g was given to the trading post in this visit
    trade_taken: int  # bit g: good g was taken from the trading post in this visit

    def __init__(self, game: StoneAgeJuniorGame | None = None) -> None:
        """The initial state of ``game``; without one, a shell for ``clone`` and ``state_from_json`` to fill."""
        if game is None:
            return
        num_players = game.num_players
        per_kind = goods_per_kind(num_players)
        self._start_family(game)
        self.stage = HUT_REVEAL
        self.cur = game.first_player
        self.pos = [START_SPACE] * num_players
        self.supply = [per_kind - ON_TRADING_POST] * NUM_GOODS
        self.post = [ON_TRADING_POST] * NUM_GOODS
        self.goods = [[0] * NUM_GOODS for _ in range(num_players)]
        self.dogs = [0] * num_players
        self.dog_storage = NUM_DOGS
        self.forest = [UNKNOWN] * NUM_POSITIONS
        self.seen = 0
        self.up = 0
        self.tile_pos = -1
        self.stacks = [(UNKNOWN,) * STACK_SIZE for _ in range(NUM_STACKS)]
        self.face_up = [0] * NUM_STACKS
        self.reveal_stack = 0
        self.martin = MARTIN_START if game.cards else -1
        self.pile = [UNKNOWN] * sum(CARD_COUNTS) if game.cards else []
        self.pile_hidden = len(self.pile)
        self.cards_pub = [()] * num_players
        self.cards_priv = [()] * num_players
        self.trade_given = 0
        self.trade_taken = 0

    # --- contract ---------------------------------------------------------------------------

    def chance_weights(self) -> list[tuple[int, int]]:
        stage = self.stage
        if stage == TILE_REVEAL:
            tile = self.forest[self.tile_pos]
            if tile >= 0:
                return [(A.REVEAL + tile, 1)]
            return [(A.REVEAL + t, 1) for t in tile_pool(self)]
        if stage == HUT_REVEAL:
            top = self.stacks[self.reveal_stack][0]
            if top > 0:
                return [(A.HUT + top - 1, 1)]
            return [(A.HUT + h - 1, 1) for h in hut_pool(self)]
        if stage == DRAW_CARD:
            kind = self.pile[0]
            if kind >= 0:
                return [(A.DRAW + kind, 1)]
            return [(A.DRAW + k, n) for k, n in enumerate(card_pool(self)) if n > 0]
        return []

    def chance_table(self) -> tuple[Sequence[int], Sequence[int]]:
        """A tile or hut reveal directly (its outcomes are equally likely); a card draw as the family's."""
        stage = self.stage
        if stage == TILE_REVEAL:
            tile = self.forest[self.tile_pos]
            outcomes = [A.REVEAL + tile] if tile >= 0 else [A.REVEAL + t for t in tile_pool(self)]
        elif stage == HUT_REVEAL:
            top = self.stacks[self.reveal_stack][0]
            outcomes = [A.HUT + top - 1] if top > 0 else [A.HUT + h - 1 for h in hut_pool(self)]
        else:
            return super().chance_table()
        if self._legal is None:
            self._legal = outcomes  # what _compute_legal gives at a chance node; never mutated
        return outcomes, range(1, len(outcomes) + 1)

    def fact(self, action: int) -> Fact:
        return action_fact(self, action)

    def step_fact(self, kind: str, seat: int) -> Fact:
        return step_fact(self, kind, seat)

    def _entry_fact(self, event: Event) -> Fact:
        return log_fact(event)

    def _observe(self, seat: int | None) -> JSON:
        from stoneage.games.stone_age_junior.serialize import observation

        return observation(self, seat)

    def to_json(self) -> JSON:
        from stoneage.games.stone_age_junior.serialize import state_to_json

        return state_to_json(self)

    def observation_tensor(self, player: object) -> list[float]:
        """The game's encoder (``StoneAgeJuniorGame.tensors()``) fills it."""
        return self.game.tensors().observation(self, check_seat(player, self.num_players))

    def information_state_tensor(self, player: object) -> list[float]:
        """The observation tensor followed by what a perfect memory of the game knows."""
        return self.game.tensors().information_state(self, check_seat(player, self.num_players))

    def _copy_into(self, other: StoneAgeJuniorState) -> None:
        other.pos = self.pos[:]
        other.supply = self.supply[:]
        other.post = self.post[:]
        other.goods = [*map(list.copy, self.goods)]
        other.dogs = self.dogs[:]
        other.dog_storage = self.dog_storage
        other.forest = self.forest[:]
        other.seen = self.seen
        other.up = self.up
        other.tile_pos = self.tile_pos
        other.stacks = self.stacks[:]
        other.face_up = self.face_up[:]
        other.reveal_stack = self.reveal_stack
        other.martin = self.martin
        other.pile = self.pile[:]
        other.pile_hidden = self.pile_hidden
        other.cards_pub = self.cards_pub[:]
        other.cards_priv = self.cards_priv[:]
        other.trade_given = self.trade_given
        other.trade_taken = self.trade_taken

    def _redraw(self, player: int, generator: random.Random) -> None:
        """Everything ``player`` cannot know is drawn anew, consistently with the public
        information.

        Redrawn: the forest tiles in places never turned up (a random arrangement of the tiles not
        seen anywhere; swaps are public, so a seen tile stays known wherever it was moved), the
        face-down huts of the stacks (a random arrangement of the huts neither face up nor built,
        stack sizes kept) and, with the expansion, the goods cards nobody but their holder has
        seen: the unseen cards of the pile and the other players' face-down cards (a random
        arrangement of the cards not publicly accounted for and not held face down by
        ``player``). Goods tiles and dogs are never redrawn: every move of them is public.

        Not conditioned on: what a ``pass`` tells with the expansion (a pass without a goods card
        shows the hand could pay a hut at that moment); redrawn hands need not have been able to.
        """
        # Forest tiles.
        places = [i for i in range(NUM_POSITIONS) if not self.seen >> i & 1]
        known = {self.forest[i] for i in range(NUM_POSITIONS) if self.seen >> i & 1}
        tiles = [t for t in range(NUM_TILES) if t not in known]
        generator.shuffle(tiles)
        for i, tile in zip(places, tiles, strict=True):
            self.forest[i] = tile
        # Huts.
        placed = set(self.face_up)
        for huts in self.built:
            placed.update(huts)
        pool = [h for h in range(1, NUM_HUTS + 1) if h not in placed]
        generator.shuffle(pool)
        self.stacks = [tuple(pool.pop() for _ in stack) for stack in self.stacks]
        # Goods cards.
        if self.game.cards:
            counts = list(CARD_COUNTS)
            for kind in self.pile[self.pile_hidden :]:
                counts[kind] -= 1
            for p in range(self.num_players):
                for kind in self.cards_pub[p]:
                    counts[kind] -= 1
            for kind in self.cards_priv[player]:
                counts[kind] -= 1
            kinds = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
            generator.shuffle(kinds)
            for j in range(self.pile_hidden):
                self.pile[j] = kinds.pop()
            for p in range(self.num_players):
                if p != player:
                    self.cards_priv[p] = tuple(sorted(kinds.pop() for _ in self.cards_priv[p]))
            assert not kinds

    def with_tiles_shuffled(self, places: Sequence[int], generator: random.Random) -> StoneAgeJuniorState:
        """A copy in which the tiles of these face-down ``places`` lie shuffled among them: the world
        of a player who does not remember them (search draws it after ``resample_from_infostate``).
        Raises ``ValueError`` for a place that is not a face-down forest place."""
        for place in places:
            if not 0 <= place < NUM_POSITIONS or self.up >> place & 1:
                raise ValueError(f"place {place!r} is not a face-down forest place")
        other = self.clone()
        tiles = [self.forest[place] for place in places]
        generator.shuffle(tiles)
        for place, tile in zip(places, tiles, strict=True):
            other.forest[place] = tile
        return other

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat: huts built (the only thing that scores) and the total."""
        return [{"huts": len(b), "total": len(b)} for b in self.built]

    # --- legality ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        stage = self.stage
        if stage < FIRST_DECISION:
            return [a for a, _ in self.chance_weights()]
        if stage == CHOOSE_TILE:
            return turn_options(self.up)
        if stage == TRADE:
            return [*trades(self, self.cur), A.STOP_TRADING]
        if stage == BUILD:
            return [*builds(self, self.cur), A.PASS]
        if stage == SWAP:
            return SWAP_ACTIONS
        if stage == MARTIN:
            return martin_options(self)
        return []

    # --- applying actions: one rule function per stage ----------------------------------------

    def _apply(self, action: int) -> None:
        stage = self.stage
        if stage == CHOOSE_TILE:
            turn_tile(self, action - A.TURN)
        elif stage == TILE_REVEAL:
            tile_drawn(self, action - A.REVEAL)
        elif stage == TRADE:
            trade(self, action)
        elif stage == BUILD:
            decide_build(self, action)
        elif stage == SWAP:
            swap(self, action - A.SWAP)
        elif stage == MARTIN:
            martin(self, action)
        elif stage == HUT_REVEAL:
            hut_revealed(self, action - A.HUT + 1)
        else:  # DRAW_CARD
            card_drawn(self, action - A.DRAW)

    def _begin_turn(self) -> None:
        """Start the turn of ``cur`` (the family's ``end_turn`` calls it): ``turn.begin_turn``."""
        begin_turn(self)
