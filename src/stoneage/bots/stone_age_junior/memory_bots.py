"""Bots for Stone Age Junior (the board game) that remember the forest — perfectly or like a child.

A :class:`JuniorBot` sees only its observation: the ring, the goods on the spaces and on the
trading post, the dogs, the face-up huts and forest tiles, every player's public holdings, and the
public log of every forest tile turned up and every swap. How much of that log it *remembers* is
its memory setting (docs/stone-age-junior.md, "Bots"), the model of the card game's ``memory`` bot
(``stoneage.bots.first_stone_age``) applied to forest tiles:

* ``memory`` (0..1, also spelled ``recall``): after each turn, every log entry the bot remembers —
  a tile seen in a place, a swap of two places — is kept in mind with probability ``memory`` and
  forgotten otherwise (an entry ``a`` turns old is still known with probability ``memory ** a``;
  once forgotten it stays forgotten). ``memory=1`` is a perfect memory, ``memory=0`` remembers
  nothing from earlier turns.
* ``span`` (turns, 0 = no limit): entries ``span`` or more turns old are forgotten anyway.

A forgotten sighting leaves the place unknown; a forgotten *swap* is worse: the bot still believes
the tiles lie where it saw them (what a child who missed the swap believes). Forgetting is drawn per
log entry from the bot's seed (a hash of the seed and the entry), so the same bot seed gives the
same memory however often and in whatever order ``step`` is called.

The play (every decision from the observation and the legal actions only):

* *Turn a tile*: each face-down place is worth the value of the space it would take the figure to,
  for a remembered tile, or the average over the tiles the bot cannot place; the best place wins.
  A space is worth what it does for the bot's *progress* towards a face-up hut (below): a good it
  needs, a dog, the best exchange at the trading post, the building site when it can build (a
  hut; the winning hut most of all) or a goods card (expansion), Martin's best trip.
* *Trade*: the sequence of swaps that leaves the best progress (searched exactly); stop otherwise.
* *Build*: always when possible, paying so that what is left is worth most (keeping dogs).
* *Swap*: with ``denial`` > 0, the two remembered tiles whose worth differs most for the next
  player (the one it would want most where the one it wants least was) — harmless to a perfect
  memory, confusing to one that forgets swaps; else (or knowing too little) at random.

Progress: for each face-up hut the number of goods still missing (goods tiles and cards count,
dogs and the Guff card stand in for up to two); a hut within reach counts most, the other huts a
little (so goods useful for several huts are preferred).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from stoneage.bots.base import Bot
from stoneage.bots.params import fraction, require_game, turns
from stoneage.bots.registry import BotSpecError
from stoneage.core.contract import State
from stoneage.core.rng import draw
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import (
    BUILDING_SITE,
    BUILDS,
    CARD_COUNTS,
    CARD_ITEM,
    DOG_ITEM,
    DOG_SPACE,
    GOOD_AT_SPACE,
    GOODS,
    GUFF,
    HUTS_TO_WIN,
    MAX_DOGS_PER_HUT,
    NUM_DOGS,
    NUM_GOODS,
    NUM_POSITIONS,
    RING,
    RING_SIZE,
    SPACE_OF_GOOD,
    TILE_NAMES,
    TRADING_POST,
    tile_target,
)

UNSEEN = "unknown"
"""A forest place holding a tile the bot does not know (never seen, or forgotten)."""

Obs = dict[str, Any]

PROGRESS = (1.0, 0.45, 0.2, 0.08)
"""Worth of a face-up hut by the number of goods still missing (0, 1, 2, 3)."""
OTHER_HUTS = 0.3
"""Share of the worth of the face-up huts other than the closest one."""
HUT_VALUE = 2.0
"""Worth of building a hut (a win: ``WIN_VALUE``)."""
WIN_VALUE = 10.0
SPARE_GOOD = 0.02
"""Worth of a good no face-up hut needs (something to trade)."""
TILE_INDEX = {name: t for t, name in enumerate(TILE_NAMES)}
GOOD_INDEX = {name: g for g, name in enumerate(GOODS)}
SPACE_INDEX = {name: s for s, name in enumerate(RING)}


class Holding:
    """What a seat holds, as far as the bot can tell: goods (tiles and cards per good) and jokers
    (dog tiles and the Guff card), and how many huts it has built."""

    __slots__ = ("built", "dogs", "goods", "guff", "tiles")

    def __init__(self, tiles: list[int], cards: list[int], dogs: int, guff: int, built: int) -> None:
        self.tiles = tiles
        self.goods = [t + c for t, c in zip(tiles, cards, strict=True)]
        self.dogs = dogs
        self.guff = guff
        self.built = built

    @classmethod
    def of(cls, data: Obs) -> Holding:
        """From an observation's ``players[p]``: goods tiles, dogs, and the cards whose kind is told."""
        cards = [0] * NUM_GOODS
        guff = 0
        for name in [*data["cards_public"], *data["cards_hidden"]]:
            if name == "guff":
                guff += 1
            elif name in GOOD_INDEX:
                cards[GOOD_INDEX[name]] += 1
        return cls([data["goods"][g] for g in GOODS], cards, data["dogs"], guff, len(data["built"]))

    @property
    def jokers(self) -> int:
        return self.dogs + self.guff


def missing(cost: tuple[int, ...], goods: list[int], jokers: int) -> int:
    """Goods still missing for a hut of ``cost`` (per good) after up to two jokers."""
    short = sum(max(0, need - have) for need, have in zip(cost, goods, strict=True))
    return short - min(short, jokers, MAX_DOGS_PER_HUT)


def progress(costs: list[tuple[int, ...]], goods: list[int], jokers: int) -> float:
    """How close these goods and jokers are to the huts of ``costs`` (see the module doc)."""
    if not costs:
        return 0.0
    worths = []
    for cost in costs:
        gap = missing(cost, goods, jokers)
        worths.append(PROGRESS[gap] if gap < len(PROGRESS) else 0.0)
    best = max(worths)
    return best + OTHER_HUTS * (sum(worths) - best)


@lru_cache(maxsize=1 << 16)
def cached_progress(costs: tuple[tuple[int, ...], ...], goods: tuple[int, ...], jokers: int) -> float:
    """``progress`` remembered: the same few holdings are valued again and again."""
    return progress(list(costs), list(goods), jokers)


class JuniorBot(Bot):
    """Stone Age Junior from memory: ``junior`` (= ``junior:memory=1.0``) perfect,
    ``junior:memory=0.3`` forgetful, ``junior:span=4`` remembers the last four turns.

    ``denial`` (0..1, default 0.3) weighs hurting others: a dog taken from a player, a swap that
    misleads the next player; 0 switches it off (swaps at random).
    """

    name = "junior"
    games = ("stone_age_junior",)
    """The games this bot plays (faces check it before a game starts)."""
    default_memory = 1.0

    def __init__(self, seed: int = 0, memory: float | None = None, recall: float | None = None, span: int = 0,
                 denial: float = 0.3) -> None:
        if memory is not None and recall is not None:
            raise BotSpecError("give memory or recall (the same setting), not both")
        value = memory if memory is not None else recall if recall is not None else self.default_memory
        self.seed = seed
        self.memory = fraction("memory", value)
        self.span = turns("span", span)
        self.denial = fraction("denial", denial)
        self.rng = random.Random(seed)
        self._chance: dict[tuple[int, int], float] = {}

    # --- the decision ----------------------------------------------------------------------------

    def step(self, state: State, player: int) -> int:
        obs = state.observation(player)
        require_game(self.name, obs, self.games, "stone_age_junior (Stone Age Junior)")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.decide(state, obs, legal)

    def decide(self, state: State, obs: Obs, legal: list[int]) -> int:
        """One of ``legal`` (two or more) for the seat ``obs`` is seen by, by the stage pending."""
        stage = obs["pending"]["stage"]
        view = View(obs, obs["observer"], self.denial)
        if stage == "turn":
            return self.turn_choice(view, self.remember(obs), legal)
        if stage == "trade":
            return self.trade_choice(view, legal)
        if stage == "build":
            return self.build_choice(view, legal)
        if stage == "martin":
            return self.martin_choice(view, legal)
        if stage == "swap":
            return self.swap_choice(view, self.remember(obs), legal)
        return self.rng.choice(legal)  # pragma: no cover - every decision stage is handled above

    def best(self, scored: list[tuple[float, int]]) -> int:
        """The action of the highest score; ties go to the seeded random generator."""
        top = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score >= top - 1e-9])

    def turn_choice(self, view: View, forest: list[str], legal: list[int]) -> int:
        """The face-down place whose tile most likely takes the figure somewhere useful."""
        me = view.me
        values = [view.space_value(me, space) for space in range(RING_SIZE)]
        pos = view.figure(me)
        pool = unplaced(forest)
        scored = []
        for action in legal:
            tile = forest[action - A.TURN]
            if tile != UNSEEN:
                worth = values[tile_target(TILE_INDEX[tile], pos)]
            elif pool:
                worth = sum(values[tile_target(t, pos)] for t in pool) / len(pool)
            else:  # pragma: no cover - an unknown place always leaves a tile unplaced
                worth = 0.0
            scored.append((round(worth, 9), action))
        return self.best(scored)

    def trade_choice(self, view: View, legal: list[int]) -> int:
        """The swap that starts the best exchange; stop when none improves on keeping the goods."""
        pending = view.obs["pending"]["trade"]
        given = {GOOD_INDEX[g] for g in pending["given"]}
        taken = {GOOD_INDEX[g] for g in pending["taken"]}
        me = view.holding(view.me)
        post = view.post()
        one_swap = "one_swap" in view.obs["variants"]
        keep = view.progress(me.goods, me.jokers)
        scored = []
        for action in legal:
            if action == A.STOP_TRADING:
                scored.append((round(keep, 9) + 1e-6, action))  # equal: rather stop
                continue
            give, take = A.TRADES[action - A.TRADE]
            tiles = me.tiles[:]
            tiles[give] -= 1
            tiles[take] += 1
            after = post[:]
            after[give] += 1
            after[take] -= 1
            extra = [a - b for a, b in zip(me.goods, me.tiles, strict=True)]
            worth = view.best_exchange(tiles, extra, me.jokers, after, given | {give}, taken | {take},
                                       0 if one_swap else NUM_GOODS * 4)
            scored.append((round(worth, 9), action))
        return self.best(scored)

    def build_choice(self, view: View, legal: list[int]) -> int:
        """Build whenever possible, paying so that the rest is worth most; else pass."""
        builds = [a for a in legal if a != A.PASS]
        if not builds:
            return A.PASS
        me = view.holding(view.me)
        scored = []
        for action in builds:
            number, items = BUILDS[action - A.BUILD]
            goods = me.goods[:]
            jokers = me.jokers
            for item in items:
                if item < CARD_ITEM:
                    goods[item] -= 1
                elif item < DOG_ITEM:
                    goods[item - CARD_ITEM] -= 1
                else:
                    jokers -= 1
            costs = [cost for hut, cost in view.huts if hut != number]
            worth = progress(costs, goods, jokers) + 0.05 * jokers + 0.01 * sum(goods)
            scored.append((round(worth, 9), action))
        return self.best(scored)

    def martin_choice(self, view: View, legal: list[int]) -> int:
        """Stay on Martin's space or travel on with him: whichever does more for the bot."""
        me = view.me
        scored = []
        for action in legal:
            if action == A.STAY:
                worth = view.space_value(me, view.figure(me), martin=False)
            else:
                worth = view.goods_value(me, action - A.TRAVEL)
            scored.append((round(worth, 9), action))
        return self.best(scored)

    def swap_choice(self, view: View, forest: list[str], legal: list[int]) -> int:
        """Mislead the next player: swap the remembered tile it would want most with the one it
        would want least (or with a place the bot does not know)."""
        if self.denial <= 0:
            return self.rng.choice(legal)
        nxt = (view.me + 1) % len(view.obs["players"])
        pos = view.figure(nxt)
        values = [view.space_value(nxt, space, hurt=False) for space in range(RING_SIZE)]
        known = [(values[tile_target(TILE_INDEX[tile], pos)], place)
                 for place, tile in enumerate(forest) if tile != UNSEEN]
        unknown = [place for place, tile in enumerate(forest) if tile == UNSEEN]
        if not known:
            return self.rng.choice(legal)
        known.sort()
        high, low = known[-1][0], known[0][0]
        best = self.rng.choice([place for worth, place in known if worth >= high - 1e-9])
        if len(known) >= 2 and high - low > 1e-9:
            worst = self.rng.choice([place for worth, place in known if worth <= low + 1e-9])
        elif unknown:
            worst = self.rng.choice(unknown)
        else:
            return self.rng.choice(legal)
        return A.swap(best, worst)

    # --- memory --------------------------------------------------------------------------------

    def remembers(self, event: Obs, now: int) -> bool:
        """Whether a log ``event`` (a tile turned up, a swap) is still in mind at turn ``now``."""
        age: int = now - event["turn"]
        if self.span and age >= self.span:
            return False
        if self.memory >= 1.0 or age <= 0:
            return True
        place = event["place"] if event["event"] == "reveal" else 32 + event["places"][0] * 16 + event["places"][1]
        key = (event["at"], place)
        chance = self._chance.get(key)
        if chance is None:
            chance = self._chance[key] = draw(self.seed, event["at"] * 512 + place, 1 << 53) / (1 << 53)
        return chance < self.memory**age

    def remember(self, obs: Obs) -> list[str]:
        """Per forest place, the tile the bot believes lies there, or ``UNSEEN``.

        With a perfect memory this is ``memory.remembered_forest(obs)``. A forgotten sighting is
        simply not known; a forgotten swap leaves the two tiles where the bot last saw them.
        """
        now = obs["turn"]
        forest = [UNSEEN] * NUM_POSITIONS
        for event in obs["log"]:
            kind = event["event"]
            if kind == "reveal":
                if self.remembers(event, now):
                    place_tile(forest, event["place"], event["tile"])
            elif kind == "swap" and self.remembers(event, now):
                a, b = event["places"]
                forest[a], forest[b] = forest[b], forest[a]
        for place, shown in enumerate(obs["forest"]):
            if shown != "down":
                place_tile(forest, place, shown)
        return forest


class JuniorChildBot(JuniorBot):
    """A child-friendly opponent: ``junior`` with a child's memory (``memory`` 0.5 by default)."""

    name = "junior_child"
    default_memory = 0.5


def place_tile(forest: list[str], place: int, tile: str) -> None:
    """Believe ``tile`` lies in ``place`` (and so nowhere else)."""
    for other, known in enumerate(forest):
        if known == tile:
            forest[other] = UNSEEN
    forest[place] = tile


def unplaced(forest: list[str]) -> list[int]:
    """The tiles (0..13) the bot cannot place: neither remembered nor face up anywhere."""
    placed = {TILE_INDEX[t] for t in forest if t != UNSEEN}
    return [t for t in range(len(TILE_NAMES)) if t not in placed]


class View:
    """The public situation from the observation, and what each ring space is worth to a seat."""

    __slots__ = ("_holdings", "costs", "denial", "huts", "me", "obs")

    def __init__(self, obs: Obs, me: int, denial: float) -> None:
        self.obs = obs
        self.me = me
        self.denial = denial
        self.huts: list[tuple[int, tuple[int, ...]]] = []
        for stack in obs["huts"]:
            face = stack["face_up"]
            if face is not None:
                cost = Counter(face["goods"])
                self.huts.append((face["number"], tuple(cost[g] for g in GOODS)))
        self.costs = tuple(cost for _, cost in self.huts)
        self._holdings: dict[int, Holding] = {}

    def holding(self, seat: int) -> Holding:
        found = self._holdings.get(seat)
        if found is None:
            found = self._holdings[seat] = Holding.of(self.obs["players"][seat])
        return found

    def figure(self, seat: int) -> int:
        return SPACE_INDEX[self.obs["figures"][seat]]

    def post(self) -> list[int]:
        return [self.obs["trading_post"][g] for g in GOODS]

    def progress(self, goods: list[int], jokers: int) -> float:
        return cached_progress(self.costs, tuple(goods), jokers)

    def worth(self, seat: int) -> float:
        held = self.holding(seat)
        return self.progress(held.goods, held.jokers)

    def can_build(self, held: Holding) -> bool:
        return any(missing(cost, held.goods, held.jokers) == 0 for _, cost in self.huts)

    # --- what a space does for a seat -------------------------------------------------------------

    def space_value(self, seat: int, space: int, martin: bool = True, hurt: bool = True) -> float:
        """What landing on ``space`` is worth to ``seat`` (its progress gained; a hut is more)."""
        obs = self.obs
        if martin and obs["martin"] is not None and SPACE_INDEX[obs["martin"]] == space:
            stay = self.space_value(seat, space, martin=False, hurt=hurt)
            travel = [self.goods_value(seat, g) for g in range(NUM_GOODS) if SPACE_OF_GOOD[g] != space]
            return max([stay, *travel])
        held = self.holding(seat)
        if space == BUILDING_SITE:
            if self.can_build(held):
                return WIN_VALUE if held.built + 1 >= HUTS_TO_WIN else HUT_VALUE
            if obs["pile"] is not None and obs["pile"]["size"] > 0:
                return self.card_value(held)
            return 0.0
        if space == DOG_SPACE:
            return self.dog_value(seat, held, hurt)
        if space == TRADING_POST:
            extra = [a - b for a, b in zip(held.goods, held.tiles, strict=True)]
            depth = 1 if "one_swap" in obs["variants"] else NUM_GOODS * 4
            best = self.best_exchange(held.tiles[:], extra, held.jokers, self.post(), set(), set(), depth)
            return best - self.progress(held.goods, held.jokers)
        return self.goods_value(seat, GOOD_AT_SPACE[space])

    def goods_value(self, seat: int, good: int) -> float:
        """Taking one ``good`` from its space (nothing if the space is empty)."""
        if not self.obs["supply"][GOODS[good]]:
            return 0.0
        held = self.holding(seat)
        goods = held.goods[:]
        goods[good] += 1
        return self.progress(goods, held.jokers) - self.progress(held.goods, held.jokers) + SPARE_GOOD

    def dog_value(self, seat: int, held: Holding, hurt: bool) -> float:
        """A dog from the storage, or from the next player clockwise who holds one."""
        before = self.progress(held.goods, held.jokers)
        gain = self.progress(held.goods, held.jokers + 1) - before + SPARE_GOOD
        if self.obs["dog_storage"]:
            return gain
        if held.dogs >= NUM_DOGS:
            return 0.0
        seats = len(self.obs["players"])
        for k in range(1, seats):
            other = (seat + k) % seats
            victim = self.holding(other)
            if victim.dogs:
                loss = self.progress(victim.goods, victim.jokers) - self.progress(victim.goods, victim.jokers - 1)
                return gain + (self.denial * loss if hurt else 0.0)
        return 0.0  # pragma: no cover - a dog is always somewhere

    def card_value(self, held: Holding) -> float:
        """The average worth of a goods card from the pile (every kind as often as in the game)."""
        before = self.progress(held.goods, held.jokers)
        total = 0.0
        for kind, count in enumerate(CARD_COUNTS):
            if kind == GUFF:
                worth = self.progress(held.goods, held.jokers + 1)
            else:
                goods = held.goods[:]
                goods[kind] += 1
                worth = self.progress(goods, held.jokers)
            total += count * (worth - before)
        return total / sum(CARD_COUNTS) + SPARE_GOOD

    def best_exchange(self, tiles: list[int], extra: list[int], jokers: int, post: list[int], given: set[int],
                      taken: set[int], depth: int) -> float:
        """The best progress reachable by more swaps at the trading post (a good taken is not given
        back, a good given not taken back, as the engine allows), ``depth`` swaps at most."""
        seen: dict[tuple[tuple[int, ...], tuple[int, ...], frozenset[int], frozenset[int]], float] = {}

        def search(tiles: list[int], post: list[int], given: frozenset[int], taken: frozenset[int],
                   depth: int) -> float:
            key = (tuple(tiles), tuple(post), given, taken)
            if key in seen:
                return seen[key]
            best = self.progress([t + e for t, e in zip(tiles, extra, strict=True)], jokers)
            if depth > 0:
                for give in range(NUM_GOODS):
                    if not tiles[give] or give in taken:
                        continue
                    for take in range(NUM_GOODS):
                        if take == give or not post[take] or take in given:
                            continue
                        tiles[give] -= 1
                        tiles[take] += 1
                        post[give] += 1
                        post[take] -= 1
                        best = max(best, search(tiles, post, given | {give}, taken | {take}, depth - 1))
                        tiles[give] += 1
                        tiles[take] -= 1
                        post[give] -= 1
                        post[take] += 1
            seen[key] = best
            return best

        return search(tiles[:], post[:], frozenset(given), frozenset(taken), depth)
