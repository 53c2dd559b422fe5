"""The state of Stone Age Junior: plain ints and lists, a stage that says who decides what.

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
from typing import TYPE_CHECKING, Final

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
from stoneage.games.stone_age_junior.data import (
    BUILDING_SITE,
    BUILDS,
    CARD_COUNTS,
    CARD_ITEM,
    DOG_ITEM,
    DOG_SPACE,
    GOOD_AT_SPACE,
    GOODS_IN_BOX,
    GUFF,
    GUFF_ITEM,
    MARTIN_START,
    NUM_DOGS,
    NUM_GOODS,
    NUM_HUTS,
    NUM_KINDS,
    NUM_POSITIONS,
    NUM_STACKS,
    NUM_TILES,
    ON_TRADING_POST,
    RING_SIZE,
    SPACE_OF_GOOD,
    STACK_SIZE,
    START_SPACE,
    TRADING_POST,
    goods_per_kind,
    tile_target,
)
from stoneage.games.stone_age_junior.facts import FACT_KINDS as JUNIOR_FACT_KINDS, action_fact, log_fact, step_fact
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

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.game import StoneAgeJuniorGame

# Per build action: goods tiles per good, goods cards per kind (Guff = 5), dog tiles.
BUILD_NEEDS: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = tuple(
    (
        tuple(items.count(g) for g in range(NUM_GOODS)),
        (*(items.count(CARD_ITEM + g) for g in range(NUM_GOODS)), items.count(GUFF_ITEM)),
        items.count(DOG_ITEM),
    )
    for _, items in BUILDS
)
BUILDS_OF_HUT: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, (number, _) in enumerate(BUILDS) if number == h + 1) for h in range(NUM_HUTS)
)

# What a seat holds and what a build needs, packed into one int: a byte per goods tile of good g
# (byte g), per goods card of kind c (byte NUM_GOODS + c) and for the dogs (the last byte); the
# high bit of each byte is a guard, so ``(held | _GUARD) - need`` keeps every guard bit set exactly
# when each count held covers the count needed (counts stay far below 128).
_DOG_SHIFT = 8 * (NUM_GOODS + NUM_KINDS)
_GUARD = sum(0x80 << (8 * f) for f in range(NUM_GOODS + NUM_KINDS + 1))


def _packed_need(k: int) -> int:
    tiles, card_need, dog_need = BUILD_NEEDS[k]
    return (sum(n << (8 * g) for g, n in enumerate(tiles))
            + sum(n << (8 * (NUM_GOODS + c)) for c, n in enumerate(card_need))
            + (dog_need << _DOG_SHIFT))


_DOG_HELD = 1 << NUM_KINDS
"""The bit of a holding mask (below) for dog tiles; bit ``c`` is a goods card of kind ``c``."""


def _holding_needed(k: int) -> int:
    """The holding mask build ``k`` needs: the kinds of goods card it pays with, and a dog if any."""
    _, card_need, dog_need = BUILD_NEEDS[k]
    return sum(1 << c for c, n in enumerate(card_need) if n) | (_DOG_HELD if dog_need else 0)


HutBuilds = tuple[int, dict[int, tuple[tuple[int, int], ...]]]
"""A hut's builds by holding: ``(relevant, by_holding)``; ``by_holding[holding & relevant]`` lists
``(action, packed need)`` of the builds that pay with goods cards of the kinds in ``holding`` only and
with a dog only if ``holding`` has the dog bit, in action order. ``relevant`` has the bits of the card
kinds and dog any of the hut's builds uses."""


def _hut_builds(h: int) -> HutBuilds:
    """The builds of hut ``h + 1`` by holding (see ``HutBuilds``)."""
    candidates = [(A.BUILD + k, _packed_need(k), _holding_needed(k)) for k in BUILDS_OF_HUT[h]]
    relevant = 0
    for candidate in candidates:
        relevant |= candidate[2]
    by_holding: dict[int, list[tuple[int, int]]] = {
        holding: [] for holding in range(relevant + 1) if not holding & ~relevant
    }
    for action, need, needed in candidates:
        free = relevant & ~needed
        extra = free
        while True:  # every holding with the bits of ``needed``: those plus each subset of ``free``
            by_holding[needed | extra].append((action, need))
            if not extra:
                break
            extra = (extra - 1) & free
    return relevant, {holding: tuple(builds) for holding, builds in by_holding.items()}


_BUILDS_OF_HUT_BY_HOLDING: Final = tuple(_hut_builds(h) for h in range(NUM_HUTS))
"""Per hut ``h + 1``, its builds by holding (see ``HutBuilds``): only their counts are left to check."""

_TRADE_ACTIONS = tuple(
    tuple(A.trade(give, take) if give != take else -1 for take in range(NUM_GOODS)) for give in range(NUM_GOODS)
)
"""``_TRADE_ACTIONS[give][take]``: the action of that swap at the trading post."""
_SWAP_ACTIONS: Final = list(range(A.SWAP, A.SWAP + len(A.SWAPS)))
"""The legal actions of every ``SWAP`` node (a shared list, never mutated)."""


def _without(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``cards`` less one card of ``kind`` (which it holds)."""
    i = cards.index(kind)
    return cards[:i] + cards[i + 1 :]


_HALF = NUM_POSITIONS // 2
_LOW_HALF = (1 << _HALF) - 1
_TURNS_BY_HALF: Final = tuple(
    tuple([A.TURN + i for i in places if not half >> (i - places[0]) & 1] for half in range(1 << len(places)))
    for places in (range(_HALF), range(_HALF, NUM_POSITIONS))
)
"""``_TURNS_BY_HALF[0][up & _LOW_HALF]`` and ``_TURNS_BY_HALF[1][up >> _HALF]``: the turn actions of the
face-down places among the first ``_HALF`` places and among the others, by the face-up bits of that
half (lists never mutated). Two tables of 128 lists instead of one of 16,384."""


def _turn_options(up: int) -> list[int]:
    """The turn actions while the tiles of mask ``up`` lie face up, ascending (a fresh list)."""
    return _TURNS_BY_HALF[0][up & _LOW_HALF] + _TURNS_BY_HALF[1][up >> _HALF]


_TARGETS: Final = tuple(tuple(tile_target(tile, space) for space in range(RING_SIZE)) for tile in range(NUM_TILES))
"""``_TARGETS[tile][space]``: ``tile_target(tile, space)``, looked up instead of called on every turn."""


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
            return [(A.REVEAL + t, 1) for t in self.tile_pool()]
        if stage == HUT_REVEAL:
            top = self.stacks[self.reveal_stack][0]
            if top > 0:
                return [(A.HUT + top - 1, 1)]
            return [(A.HUT + h - 1, 1) for h in self.hut_pool()]
        if stage == DRAW_CARD:
            kind = self.pile[0]
            if kind >= 0:
                return [(A.DRAW + kind, 1)]
            return [(A.DRAW + k, n) for k, n in enumerate(self.card_pool()) if n > 0]
        return []

    def chance_table(self) -> tuple[Sequence[int], Sequence[int]]:
        """A tile or hut reveal directly (its outcomes are equally likely); a card draw as the family's."""
        stage = self.stage
        if stage == TILE_REVEAL:
            tile = self.forest[self.tile_pos]
            outcomes = [A.REVEAL + tile] if tile >= 0 else [A.REVEAL + t for t in self.tile_pool()]
        elif stage == HUT_REVEAL:
            top = self.stacks[self.reveal_stack][0]
            outcomes = [A.HUT + top - 1] if top > 0 else [A.HUT + h - 1 for h in self.hut_pool()]
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

    # --- queries -------------------------------------------------------------------------------

    def box(self) -> list[int]:
        """Per good: goods tiles left in the box (1 of each with 2 players, none with 3–4)."""
        return [GOODS_IN_BOX - goods_per_kind(self.num_players)] * NUM_GOODS

    def tile_pool(self) -> list[int]:
        """The forest tiles with no fixed place yet (the ones chance picks among), ascending."""
        fixed = {t for t in self.forest if t >= 0}
        return [t for t in range(NUM_TILES) if t not in fixed]

    def hut_pool(self) -> list[int]:
        """The huts with no fixed place yet (the ones chance picks among), ascending."""
        placed = set(self.face_up)
        for huts in self.built:
            placed.update(huts)
        for stack in self.stacks:
            placed.update(stack)
        return [h for h in range(1, NUM_HUTS + 1) if h not in placed]

    def card_pool(self) -> list[int]:
        """Per card kind, how many goods cards have no fixed kind yet (the ones chance picks among)."""
        if not self.game.cards:
            return [0] * NUM_KINDS
        pool = list(CARD_COUNTS)
        for kind in self.pile:
            if kind >= 0:
                pool[kind] -= 1
        for p in range(self.num_players):
            for kind in self.cards_pub[p]:
                pool[kind] -= 1
            for kind in self.cards_priv[p]:
                pool[kind] -= 1
        return pool

    def cards_of(self, p: int) -> list[int]:
        """All goods cards seat ``p`` holds (kinds, sorted)."""
        return sorted(self.cards_pub[p] + self.cards_priv[p])

    def builds(self, p: int) -> list[int]:
        """The build actions seat ``p`` can pay for with what it holds (any face-up hut), ascending."""
        held = 0
        for g, n in enumerate(self.goods[p]):
            held += n << (8 * g)
        holding = 0
        for kind in self.cards_pub[p]:
            held += 1 << (8 * (NUM_GOODS + kind))
            holding |= 1 << kind
        for kind in self.cards_priv[p]:
            held += 1 << (8 * (NUM_GOODS + kind))
            holding |= 1 << kind
        dogs = self.dogs[p]
        if dogs:
            held += dogs << _DOG_SHIFT
            holding |= _DOG_HELD
        held |= _GUARD
        out = []
        for number in self.face_up:
            if number:
                relevant, by_holding = _BUILDS_OF_HUT_BY_HOLDING[number - 1]
                for action, need in by_holding[holding & relevant]:
                    if (held - need) & _GUARD == _GUARD:
                        out.append(action)
        out.sort()
        return out

    def trades(self, p: int) -> list[int]:
        """The swaps seat ``p`` may make at the trading post in the current visit, ascending.

        A good taken from the post in this visit is not given back in it, nor a good given to the
        post taken back, so a visit is finite; every exchange any sequence of swaps can make is
        still reachable (docs/stone-age-junior.md).
        """
        goods = self.goods[p]
        post = self.post
        given = self.trade_given
        takes = [take for take in range(NUM_GOODS) if post[take] and not given >> take & 1]
        out: list[int] = []
        if not takes:
            return out
        taken = self.trade_taken
        for give in range(NUM_GOODS):
            if goods[give] and not taken >> give & 1:
                actions = _TRADE_ACTIONS[give]
                for take in takes:
                    if take != give:
                        out.append(actions[take])
        return out

    def must_decide_build(self, p: int) -> bool:
        """Whether seat ``p`` on the building site gets the build decision: when it can build, or
        (expansion) holds a face-down goods card — then the others cannot tell from the decision
        being asked whether the hidden cards could pay a hut. (Its ``pass`` tells them afterwards:
        only a player who cannot build takes a goods card.)"""
        return bool(self.cards_priv[p]) or bool(self.builds(p))

    # --- legality ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        stage = self.stage
        if stage < FIRST_DECISION:
            return [a for a, _ in self.chance_weights()]
        if stage == CHOOSE_TILE:
            return _turn_options(self.up)
        if stage == TRADE:
            return [*self.trades(self.cur), A.STOP_TRADING]
        if stage == BUILD:
            return [*self.builds(self.cur), A.PASS]
        if stage == SWAP:
            return _SWAP_ACTIONS
        if stage == MARTIN:
            return [A.STAY] + [A.TRAVEL + g for g in range(NUM_GOODS) if SPACE_OF_GOOD[g] != self.martin]
        return []

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        stage = self.stage
        p = self.cur
        if stage == CHOOSE_TILE:
            self._turn_tile(action - A.TURN)
        elif stage == TILE_REVEAL:
            tile = action - A.REVEAL
            self.forest[self.tile_pos] = tile
            self._revealed(tile)
        elif stage == TRADE:
            if action == A.STOP_TRADING:
                self._event(EV_STOP, p)
                self._end_turn()
                return
            give, take = A.TRADES[action - A.TRADE]
            self.goods[p][give] -= 1
            self.post[give] += 1
            self.post[take] -= 1
            self.goods[p][take] += 1
            self.trade_given |= 1 << give
            self.trade_taken |= 1 << take
            self._event(EV_TRADE, p, give, take)
            if not self.game.one_swap:
                trades = self.trades(p)
                if trades:  # another swap may follow: the node's legal actions, computed once
                    self._legal = [*trades, A.STOP_TRADING]
                    return
            self._end_turn()
        elif stage == BUILD:
            if action == A.PASS:
                self._event(EV_PASS, p)
                if self.builds(p):  # could build and declines: no goods card (decision 9)
                    self._reset()
                else:
                    self._no_build()
            else:
                self._build(action - A.BUILD)
        elif stage == SWAP:
            a, b = A.SWAPS[action - A.SWAP]
            forest = self.forest
            forest[a], forest[b] = forest[b], forest[a]
            seen = self.seen
            if (seen >> a & 1) != (seen >> b & 1):
                self.seen = seen ^ (1 << a) ^ (1 << b)
            self._event(EV_SWAP, p, a, b)
            self._end_turn()
        elif stage == MARTIN:
            if action == A.STAY:
                self._event(EV_STAY, p, self.pos[p])
                self._space_action(self.pos[p])
            else:
                good = action - A.TRAVEL
                space = SPACE_OF_GOOD[good]
                self.martin = space
                self.pos[p] = space
                self._event(EV_TRAVEL, p, space)
                self._take(good)
                self._end_turn()
        elif stage == HUT_REVEAL:
            number = action - A.HUT + 1
            s = self.reveal_stack
            self.stacks[s] = self.stacks[s][1:]
            self.face_up[s] = number
            self._event(EV_HUT, p, s, number)
            if self.phase == PLAY:
                self.reveal_stack = -1
                self._reset()
            elif s + 1 < NUM_STACKS:
                self.reveal_stack = s + 1
            else:
                self.reveal_stack = -1
                self.phase = PLAY
                self._begin_turn()
        else:  # DRAW_CARD
            kind = action - A.DRAW
            del self.pile[0]
            self.pile_hidden -= 1
            self.cards_priv[p] = tuple(sorted((*self.cards_priv[p], kind)))
            self._event(EV_DRAW, p, -1)
            self._reset()

    def _turn_tile(self, place: int) -> None:
        """Turn up the tile in ``place``: a chance node unless everyone has seen it before."""
        self.tile_pos = place
        self._event(EV_TURN, self.cur, place)
        if self.seen >> place & 1:
            self._revealed(self.forest[place])
        else:
            self.stage = TILE_REVEAL

    def _revealed(self, tile: int) -> None:
        """The tile in ``tile_pos`` is face up: the figure moves, then the space's action."""
        p = self.cur
        place = self.tile_pos
        self.up |= 1 << place
        self.seen |= 1 << place
        self.tile_pos = -1
        self._event(EV_REVEAL, p, place, tile)
        space = _TARGETS[tile][self.pos[p]]
        self.pos[p] = space
        self._event(EV_MOVE, p, space, tile)
        if self.martin == space:
            self.stage = MARTIN
        else:
            self._space_action(space)

    def _space_action(self, space: int) -> None:
        if space == BUILDING_SITE:
            p = self.cur
            builds = self.builds(p)
            if builds or self.cards_priv[p]:  # must_decide_build(p); the node's legal actions, computed once
                self.stage = BUILD
                self._legal = [*builds, A.PASS]
            else:
                self._no_build()
        elif space == DOG_SPACE:
            self._dog()
            self._end_turn()
        elif space == TRADING_POST:
            self.trade_given = self.trade_taken = 0
            trades = self.trades(self.cur)
            if trades:
                self.stage = TRADE
                self._legal = [*trades, A.STOP_TRADING]  # the node's legal actions, computed once
            else:
                self._end_turn()
        else:
            self._take(GOOD_AT_SPACE[space])
            self._end_turn()

    def _take(self, good: int) -> None:
        """The good of a goods space, if any is left there."""
        p = self.cur
        if self._trace is not None:  # what _step tests, without the call on most turns
            self._step(TAKE_STEP, p)
        if self.supply[good]:
            self.supply[good] -= 1
            self.goods[p][good] += 1
            self._event(EV_TAKE, p, good)
        else:
            self._event(EV_EMPTY, p, good)

    def _dog(self) -> None:
        """A dog from the storage; if both are out, from the next player clockwise holding one."""
        p = self.cur
        self._step(DOG_STEP, p)
        if self.dog_storage:
            self.dog_storage -= 1
            self.dogs[p] += 1
            self._event(EV_DOG, p, -1)
            return
        if self.dogs[p] == NUM_DOGS:
            self._event(EV_NO_DOG, p)
            return
        num_players = self.num_players
        for k in range(1, num_players):
            q = (p + k) % num_players
            if self.dogs[q]:
                self.dogs[q] -= 1
                self.dogs[p] += 1
                self._event(EV_DOG, p, q)
                return
        raise AssertionError("a dog is neither in the storage nor held")  # pragma: no cover

    def _build(self, index: int) -> None:
        """Build with ``BUILDS[index]``: goods to their spaces, dogs to the storage, cards under the pile."""
        p = self.cur
        number, items = BUILDS[index]
        s = self.face_up.index(number)
        goods = self.goods[p]
        for item in items:
            if item < CARD_ITEM:
                goods[item] -= 1
                self.supply[item] += 1
            elif item == DOG_ITEM:
                self.dogs[p] -= 1
                self.dog_storage += 1
            else:
                kind = GUFF if item == GUFF_ITEM else item - CARD_ITEM
                if kind in self.cards_pub[p]:
                    self.cards_pub[p] = _without(self.cards_pub[p], kind)
                else:
                    self.cards_priv[p] = _without(self.cards_priv[p], kind)
                self.pile.append(kind)
        self.built[p] = (*self.built[p], number)
        self.face_up[s] = 0
        self._event(EV_BUILD, p, number, s, index)
        if self.winner() == p:
            self._win(p)
            return
        if self.stacks[s]:
            self.reveal_stack = s
            self.stage = HUT_REVEAL
        else:
            self._reset()

    def _no_build(self) -> None:
        """The player cannot build: with the expansion take the pile's top goods card; then the reset."""
        p = self.cur
        if self.game.cards:
            if self.pile_hidden:
                self.stage = DRAW_CARD
                return
            self._step(CARD_STEP, p)
            if not self.pile:
                self._event(EV_NO_CARD, p)
            else:
                kind = self.pile.pop(0)
                self.cards_pub[p] = tuple(sorted((*self.cards_pub[p], kind)))
                self._event(EV_DRAW, p, kind)
        self._reset()

    def _reset(self) -> None:
        """All forest tiles face down; the player then swaps two of them."""
        self._step(RESET_STEP, self.cur)
        self.up = 0
        self._event(EV_RESET, self.cur)
        self.stage = SWAP

    def _begin_turn(self) -> None:
        self.turn += 1
        self.trade_given = self.trade_taken = 0
        self.stage = CHOOSE_TILE
        up = self.up
        down = ALL_PLACES & ~up
        if not down & (down - 1):  # a single face-down tile: no choice, it is turned at once
            self._step(FORCED_TURN_STEP, self.cur)
            self._turn_tile(down.bit_length() - 1)
        else:  # the node's legal actions, computed once
            self._legal = _turn_options(up)

