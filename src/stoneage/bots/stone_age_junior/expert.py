"""Stone Age Junior's expert memory bot, ``junior_expert``: it plays its choices out from what it remembers.

It remembers like ``junior`` (``memory``/``recall``, ``span``; ``memory_bots``), and believes
what a memory can: a place it remembers holds that tile, a place it does not holds any tile it
cannot place with equal chance; every other hidden thing (the huts below the stacks, the goods
cards nobody has shown) is any that fits what everyone has seen.

**Which forest tile to turn up** (docs/stone-age-junior.md, "The expert"): every choice is played out
to the end of the game ``samples`` times, each time in a world drawn from that belief (the same
worlds for every choice, so they differ only by the choice), with ``junior`` playing every seat
after it — the bot's own included: what a player with a perfect memory does. The bot turns up the
place that won most often (of equal ones, the one that won soonest). Places alike to it are one
choice: the places it cannot name, and places it knows to take its figure to the same space. A
decision never plays more worlds than fit in ``max_seconds`` (at least one).

**Everything else** (the build, Martin) is weighed by the exact expectation, under that belief, of
the position it leads to:

* the bot's own gain in worth (huts built, progress towards the face-up huts, goods and dogs);
* minus ``denial`` times the opponents' average change in worth (a dog taken from them, a hut they
  were close to built away — the hut turning up in its place is averaged over the huts nobody has
  seen) and the turns the opponents can expect before the bot's next one: each in seat order takes
  its best face-down place (by the same expectation), a share ``1 / (seats - 1)`` each, and the
  place turns face up — or, when it is a route to the building site, the forest turns face down
  for the players after it;
* plus ``foresight`` times the turn the bot itself can expect next, from the places the others left:
  with two players the best one, with more the average one.

Landing spaces are played out as the rules do (a good, a dog from the storage or the next holder,
the best exchange at the trading post, the best build or a goods card on the building site, stay or
travel with Martin), so the trade-offs are those of the resulting positions, not of a rule of thumb.
Trades inside a visit and the swap after a reset are ``junior``'s.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, cast

from stoneage.bots.params import fraction, seconds, whole
from stoneage.bots.stone_age_junior.memory_bots import (
    GOOD_INDEX,
    HUT_VALUE,
    SPACE_INDEX,
    SPARE_GOOD,
    TILE_INDEX,
    UNSEEN,
    Holding,
    JuniorBot,
    View,
    cached_progress,
    unplaced,
)
from stoneage.core.contract import State
from stoneage.core.rng import draw
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import (
    BUILDING_SITE,
    BUILDS,
    CARD_COUNTS,
    CARD_ITEM,
    CARD_NAMES,
    DOG_ITEM,
    DOG_SPACE,
    GOOD_AT_SPACE,
    GOODS,
    GUFF,
    GUFF_ITEM,
    HUT_COSTS,
    HUTS_TO_WIN,
    NUM_DOGS,
    NUM_GOODS,
    NUM_HUTS,
    NUM_KINDS,
    NUM_POSITIONS,
    RING,
    RING_SIZE,
    SPACE_OF_GOOD,
    TRADING_POST,
    tile_target,
)
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

Obs = dict[str, Any]
Lottery = list[tuple[float, Obs, bool]]
"""Outcomes of one choice: (probability, the position after it, whether the forest was reset)."""

CERTAIN_WIN = 1000.0
"""Score of an action that wins at once (above any other)."""
CARD_INDEX = {name: k for k, name in enumerate(CARD_NAMES)}
FORESIGHT_TWO = 0.3
"""Default weight of the bot's best next turn at a table of two."""
FORESIGHT_MORE = 1.0
"""Default weight of the bot's average next turn at a table of three or four."""
SAMPLES = 8
"""Default number of worlds each choice of forest place is played out in."""
MAX_SAMPLES = 10_000
"""The most worlds per choice (``samples``)."""
MAX_SECONDS = 0.9
"""Default budget of one decision (wall time)."""
PLAYOUT_LIMIT = 5000
"""Actions a played-out game may take (games between ``junior`` bots take about 75)."""
MAX_SEATS = 4
"""Seats at most (the models of a bot of seed ``s`` are seeded ``s * MAX_SEATS + seat``)."""
SOONER = 1e-6
"""What a played-out win loses per action it took: of choices winning equally often, the sooner."""


class Parts:
    """What a position after an action is worth, before the face-up places are known: the bot's
    gain, the opponents' loss, the bot's and (in seat order) each opponent's place values, and per
    opponent the places it knows to lead to the building site."""

    __slots__ = ("gain", "loss", "mine", "reset", "routes", "theirs", "win")

    def __init__(self, gain: float, loss: float, mine: list[float], theirs: list[list[float]], routes: list[int],
                 reset: bool, win: bool) -> None:
        self.gain = gain
        self.loss = loss
        self.mine = mine
        self.theirs = theirs
        self.routes = routes
        self.reset = reset
        self.win = win


class ExpertView(View):
    """A view whose goods card is drawn from the bot's belief about the pile."""

    __slots__ = ("next_card",)

    def __init__(self, obs: Obs, me: int, denial: float, next_card: list[float] | None) -> None:
        super().__init__(obs, me, denial)
        self.next_card = next_card

    def best_exchange(self, tiles: list[int], extra: list[int], jokers: int, post: list[int], given: set[int],
                      taken: set[int], depth: int) -> float:
        if given or taken:
            return super().best_exchange(tiles, extra, jokers, post, given, taken, depth)
        return cached_exchange(self.costs, tuple(tiles), tuple(extra), jokers, tuple(post), depth)

    def card_value(self, held: Holding) -> float:
        """The expected worth of the next goods card, by the bot's belief about the pile."""
        if self.next_card is None:
            return super().card_value(held)
        before = self.progress(held.goods, held.jokers)
        total = 0.0
        for kind, chance in enumerate(self.next_card):
            if not chance:
                continue
            if kind == GUFF:
                worth = self.progress(held.goods, held.jokers + 1)
            else:
                goods = held.goods[:]
                goods[kind] += 1
                worth = self.progress(goods, held.jokers)
            total += chance * (worth - before)
        return total + SPARE_GOOD


class JuniorExpertBot(JuniorBot):
    """Stone Age Junior played from what the bot remembers: ``junior_expert`` (perfect memory),
    ``junior_expert:memory=0.8`` (forgetful).

    ``samples`` (1..``MAX_SAMPLES``, default 8) worlds per choice of forest place, within
    ``max_seconds`` (default 0.9, at most an hour); ``denial`` (0..1, default 1) weighs what the
    opponents gain and ``foresight`` (0..1, by default ``default_foresight`` of the table) the
    bot's own next turn in its builds and Martin.
    """

    name = "junior_expert"

    def __init__(self, seed: int = 0, memory: float | None = None, recall: float | None = None, span: int = 0,
                 denial: float = 1.0, foresight: float | None = None, samples: int = SAMPLES,
                 max_seconds: float = MAX_SECONDS) -> None:
        super().__init__(seed=seed, memory=memory, recall=recall, span=span, denial=denial)
        self.foresight = None if foresight is None else fraction("foresight", foresight)
        self.samples = whole("samples", samples, 1, MAX_SAMPLES)
        self.max_seconds = seconds("max_seconds", max_seconds)
        self.worlds = random.Random(seed * 2 + 1)
        """Draws the worlds choices are played out in (apart from ``rng``, which breaks ties)."""
        self.models: list[JuniorBot] = []
        """Per seat, the bot that plays it in a played-out game."""

    def foresight_at(self, seats: int) -> float:
        """The weight of the bot's own next turn at a table of ``seats``: ``foresight``, else the default."""
        return self.foresight if self.foresight is not None else default_foresight(seats)

    # --- decisions -------------------------------------------------------------------------------

    def decide(self, state: State, obs: Obs, legal: list[int]) -> int:
        """A forest tile played out (``play_out``); any other decision as ``JuniorBot`` dispatches it."""
        if obs["pending"]["stage"] == "turn":
            return self.play_out(state, obs, legal)
        return super().decide(state, obs, legal)

    def play_out(self, state: State, obs: Obs, legal: list[int]) -> int:
        """The forest place that wins most often when the game is played out to its end by
        ``junior`` in every seat, in worlds drawn from what the bot remembers; places alike to the
        bot (unknown ones; known ones taking its figure to the same space) are one choice."""
        me: int = obs["observer"]
        forest = self.remember(obs)
        choices = alike_places(forest, SPACE_INDEX[obs["figures"][me]], legal)
        if len(choices) == 1:
            return self.rng.choice(choices[0])
        if len(self.models) != len(obs["players"]):
            self.models = [JuniorBot(seed=self.seed * MAX_SEATS + seat) for seat in range(len(obs["players"]))]
        forgotten = [place for place, tile in enumerate(forest) if tile == UNSEEN and obs["forest"][place] == "down"]
        deadline = time.perf_counter() + self.max_seconds
        wins = [0.0] * len(choices)
        for sample in range(self.samples):
            shares = self.one_world(state, me, forgotten, choices, deadline if sample else None)
            if shares is None:
                break
            wins = [won + share for won, share in zip(wins, shares, strict=True)]
        top = max(wins)
        return self.rng.choice([action for won, choice in zip(wins, choices, strict=True) if won >= top - 1e-9
                                for action in choice])

    def one_world(self, state: State, me: int, forgotten: list[int], choices: list[list[int]],
                  deadline: float | None) -> list[float] | None:
        """Each choice's share of the win in one world drawn from what the bot remembers (the same
        world for all, so they differ only by the choice); ``None`` when ``deadline`` passes first."""
        world = cast(StoneAgeJuniorState, state.resample_from_infostate(me, self.worlds))
        world = world.with_tiles_shuffled(forgotten, self.worlds)
        shares = []
        for choice in choices:
            if deadline is not None and time.perf_counter() > deadline:
                return None
            shares.append(self.played_out(world, choice[0], me))
        return shares

    def played_out(self, world: StoneAgeJuniorState, action: int, me: int) -> float:
        """Seat ``me``'s share of the win after ``action`` in ``world``, every seat then played by its
        model, less ``SOONER`` per action it took to win (so of equal chances the sooner win counts)."""
        game = world.clone()
        game.apply_action(action)
        for played in range(PLAYOUT_LIMIT):
            if game.is_terminal():
                share = game.returns()[me]
                return share - SOONER * played if share else 0.0
            if game.is_chance_node():
                game.apply_action(game.sample_chance_outcome(self.worlds))
            else:
                seat = game.current_player()
                game.apply_action(self.models[seat].step(game, seat))
        return 0.0  # pragma: no cover - games end long before

    def build_choice(self, view: View, legal: list[int]) -> int:
        """Build the hut (and pay it the way) that leaves the best position; else pass."""
        builds = [a for a in legal if a != A.PASS]
        if not builds:
            return A.PASS
        ctx = Context(self, view.obs, self.remember(view.obs))
        scored = []
        for action in builds:
            lottery = ctx.build(ctx.obs, ctx.me, action - A.BUILD)
            scored.append((round(ctx.score(ctx.parts(lottery), ctx.up), 9), action))
        return self.best(scored)

    def martin_choice(self, view: View, legal: list[int]) -> int:
        """Stay or travel with Martin: whichever leaves the best expected position."""
        ctx = Context(self, view.obs, self.remember(view.obs))
        here = view.figure(view.me)
        scored = []
        for action in legal:
            if action == A.STAY:
                lottery = ctx.act(ctx.obs, ctx.me, here)
            else:
                lottery = ctx.travel(ctx.obs, ctx.me, action - A.TRAVEL)
            scored.append((round(ctx.score(ctx.parts(lottery), ctx.up), 9), action))
        return self.best(scored)

    # --- memory of the pile -------------------------------------------------------------------------

    def next_card(self, obs: Obs) -> list[float] | None:
        """Per card kind, the chance the next goods card drawn is of it (``None`` without the expansion)."""
        if obs["pile"] is None:
            return None
        now = obs["turn"]
        unseen = sum(CARD_COUNTS)
        below: list[int | None] = []
        for event in obs["log"]:
            if event["event"] == "draw":
                if unseen:
                    unseen -= 1
                elif below:
                    below.pop(0)
            elif event["event"] == "build":
                kept = self.remembers_pile(event, now)
                below.extend(CARD_INDEX[item.removesuffix("_card")] if kept else None
                             for item in event["paid"] if item not in GOOD_INDEX and item != "dog")
        if not unseen and below and below[0] is not None:
            chances = [0.0] * NUM_KINDS
            chances[below[0]] = 1.0
            return chances
        counts = list(CARD_COUNTS)
        for data in obs["players"]:
            for name in data["cards_public"]:
                counts[CARD_INDEX[name]] -= 1
        for name in obs["players"][obs["observer"]]["cards_hidden"]:
            counts[CARD_INDEX[name]] -= 1
        for kind in below:
            if kind is not None:
                counts[kind] -= 1
        total = sum(max(0, n) for n in counts)
        if total <= 0:
            return [0.0] * NUM_KINDS
        return [max(0, n) / total for n in counts]

    def remembers_pile(self, event: Obs, now: int) -> bool:
        """Whether the cards a ``build`` event put under the pile are still in mind at turn ``now``."""
        age: int = now - event["turn"]
        if self.span and age >= self.span:
            return False
        if self.memory >= 1.0 or age <= 0:
            return True
        return draw(self.seed, event["at"] * 512 + 511, 1 << 53) / (1 << 53) < self.memory**age


class Context:
    """One decision: the position as the bot sees it and the positions its choices lead to."""

    __slots__ = ("bot", "foresight", "forest", "me", "next_card", "obs", "opponents", "pool", "seats", "up",
                 "worth_before")

    def __init__(self, bot: JuniorExpertBot, obs: Obs, forest: list[str]) -> None:
        self.bot = bot
        self.obs = obs
        self.forest = forest
        self.me: int = obs["observer"]
        self.seats = len(obs["players"])
        self.opponents = [(self.me + k) % self.seats for k in range(1, self.seats)]
        self.foresight = bot.foresight_at(self.seats)
        self.pool = unplaced(forest)
        self.up = sum(1 << p for p, shown in enumerate(obs["forest"]) if shown != "down")
        self.next_card = bot.next_card(obs)
        self.worth_before = self.worths(obs)

    def view(self, obs: Obs) -> ExpertView:
        return ExpertView(obs, self.me, self.bot.denial, self.next_card)

    # --- what a position is worth ----------------------------------------------------------------

    def worths(self, obs: Obs) -> list[float]:
        """Per seat: huts built, progress towards the face-up huts, goods and jokers held."""
        view = self.view(obs)
        out = []
        for seat in range(self.seats):
            held = view.holding(seat)
            out.append(HUT_VALUE * held.built + view.progress(held.goods, held.jokers)
                       + SPARE_GOOD * (sum(held.goods) + held.jokers))
        return out

    def place_values(self, obs: Obs, seat: int) -> list[float]:
        """Per forest place, what turning it up next is expected to be worth to ``seat``."""
        view = self.view(obs)
        values = [view.space_value(seat, space, hurt=False) for space in range(RING_SIZE)]
        pos = SPACE_INDEX[obs["figures"][seat]]
        unknown = sum(values[tile_target(t, pos)] for t in self.pool) / len(self.pool) if self.pool else 0.0
        return [values[tile_target(TILE_INDEX[tile], pos)] if tile != UNSEEN else unknown for tile in self.forest]

    def routes(self, obs: Obs, seat: int) -> int:
        """The forest places ``seat`` knows to take its figure to the building site (a bit each)."""
        pos = SPACE_INDEX[obs["figures"][seat]]
        return sum(1 << place for place, tile in enumerate(self.forest)
                   if tile != UNSEEN and tile_target(TILE_INDEX[tile], pos) == BUILDING_SITE)

    def parts(self, lottery: Lottery) -> list[Parts]:
        """Each outcome's parts, weighed by its chance (``score`` adds them up)."""
        out = []
        before = self.worth_before
        me = self.me
        for chance, obs, reset in lottery:
            after = self.worths(obs)
            win = len(obs["players"][me]["built"]) >= HUTS_TO_WIN
            loss = sum(after[q] - before[q] for q in range(self.seats) if q != me) / (self.seats - 1)
            mine = [chance * v for v in self.place_values(obs, me)] if self.foresight and not win else []
            seats = [] if win else self.opponents
            theirs = [[chance * v for v in self.place_values(obs, seat)] for seat in seats]
            routes = [self.routes(obs, seat) for seat in seats]
            out.append(Parts(chance * (after[me] - before[me]), chance * loss, mine, theirs, routes, reset, win))
        return out

    def score(self, options: list[Parts] | Iterable[Parts], up: int) -> float:
        """The expected worth of a lottery (its outcomes' parts) with the places of ``up`` face up."""
        total = 0.0
        bot = self.bot
        for parts in options:
            if parts.win:
                return CERTAIN_WIN
            theirs, face_up = self.their_turns(parts, 0 if parts.reset else up)
            total += parts.gain - bot.denial * (parts.loss + theirs)
            if parts.mine:
                ahead = best_down(parts.mine, face_up) if self.seats == 2 else mean_down(parts.mine, face_up)
                total += self.foresight * ahead
        return total

    def their_turns(self, parts: Parts, face_up: int) -> tuple[float, int]:
        """The opponents' turns before the bot's next one, each taking its best face-down place in
        seat order (a route to the building site turns the forest face down): their average worth
        and the places face up after them."""
        total = 0.0
        for values, routes in zip(parts.theirs, parts.routes, strict=True):
            place = best_place(values, face_up)
            if place is None:
                break
            total += values[place]
            face_up = 0 if routes >> place & 1 else face_up | 1 << place
        return total / (self.seats - 1), face_up

    # --- the positions a landing leads to -----------------------------------------------------------

    def act(self, obs: Obs, seat: int, space: int) -> Lottery:
        """The figure of ``seat`` on ``space`` and its action there (the best, where it chooses)."""
        obs = moved(obs, seat, space)
        if space == BUILDING_SITE:
            return self.building_site(obs, seat)
        if space == DOG_SPACE:
            return [(1.0, take_dog(obs, seat), False)]
        if space == TRADING_POST:
            return [(1.0, self.trade(obs, seat), False)]
        return [(1.0, take_good(obs, seat, GOOD_AT_SPACE[space]), False)]

    def travel(self, obs: Obs, seat: int, good: int) -> Lottery:
        space = SPACE_OF_GOOD[good]
        obs = moved(obs, seat, space)
        obs["martin"] = RING[space]
        return [(1.0, take_good(obs, seat, good), False)]

    def trade(self, obs: Obs, seat: int) -> Obs:
        """After the best exchange at the trading post (by the bot's progress)."""
        view = self.view(obs)
        held = view.holding(seat)
        one = "one_swap" in obs["variants"]
        best_tiles, best_post = best_trade(view, held, view.post(), 1 if one else NUM_GOODS * 4)
        if best_tiles == held.tiles:
            return obs
        data = dict(obs["players"][seat])
        data["goods"] = dict(zip(GOODS, best_tiles, strict=True))
        return replace_player(obs, seat, data, trading_post=dict(zip(GOODS, best_post, strict=True)))

    def building_site(self, obs: Obs, seat: int) -> Lottery:
        """The best build, else (expansion) a goods card; then the reset."""
        held = self.view(obs).holding(seat)
        legal = payable(obs, held)
        if legal:
            best: tuple[float, Lottery] | None = None
            for index in legal:
                lottery = self.build(obs, seat, index)
                worth = sum(chance * self.worths(after)[seat] for chance, after, _ in lottery)
                if best is None or worth > best[0] + 1e-9:
                    best = (worth, lottery)
            assert best is not None
            return best[1]
        if self.next_card is None or not obs["pile"]["size"]:
            return [(1.0, obs, True)]
        out: Lottery = []
        for kind, chance in enumerate(self.next_card):
            if chance:
                data = dict(obs["players"][seat])
                data["cards_public"] = [*data["cards_public"], CARD_NAMES[kind]]
                out.append((chance, replace_player(obs, seat, data, pile={"size": obs["pile"]["size"] - 1}), True))
        return out or [(1.0, obs, True)]

    def build(self, obs: Obs, seat: int, index: int) -> Lottery:
        """``BUILDS[index]`` paid by ``seat``; the hut turning up in its place averaged over the huts
        nobody has seen."""
        number, items = BUILDS[index]
        data = dict(obs["players"][seat])
        goods = dict(data["goods"])
        dogs = data["dogs"]
        cards = [*data["cards_public"], *data["cards_hidden"]]
        supply = dict(obs["supply"])
        for item in items:
            if item < CARD_ITEM:
                goods[GOODS[item]] -= 1
                supply[GOODS[item]] += 1
            elif item == DOG_ITEM:
                dogs -= 1
            else:
                cards.remove("guff" if item == GUFF_ITEM else GOODS[item - CARD_ITEM])
        data.update(goods=goods, dogs=dogs, cards_public=cards, cards_hidden=[], built=[*data["built"], number])
        after = replace_player(obs, seat, data, supply=supply, dog_storage=obs["dog_storage"] + items.count(DOG_ITEM))
        if len(data["built"]) >= HUTS_TO_WIN:
            return [(1.0, after, True)]
        stacks = obs["huts"]
        stack = next(s for s, pile in enumerate(stacks) if pile["face_up"] and pile["face_up"]["number"] == number)
        empty = [*stacks]
        empty[stack] = {"face_up": None, "below": 0}
        if not stacks[stack]["below"]:
            return [(1.0, {**after, "huts": empty}, True)]
        seen = {pile["face_up"]["number"] for pile in stacks if pile["face_up"]}
        for other in obs["players"]:
            seen.update(other["built"])
        pool = [h for h in range(1, NUM_HUTS + 1) if h not in seen]
        out: Lottery = []
        for hut in pool:
            huts = [*empty]
            cost = HUT_COSTS[hut - 1]
            shown = [GOODS[g] for g in range(NUM_GOODS) for _ in range(cost[g])]
            huts[stack] = {"face_up": {"number": hut, "goods": shown}, "below": stacks[stack]["below"] - 1}
            out.append((1.0 / len(pool), {**after, "huts": huts}, True))
        return out or [(1.0, {**after, "huts": empty}, True)]


@lru_cache(maxsize=1 << 14)
def cached_exchange(costs: tuple[tuple[int, ...], ...], tiles: tuple[int, ...], extra: tuple[int, ...], jokers: int,
                    post: tuple[int, ...], depth: int) -> float:
    """The best progress a visit to the trading post can reach (``View.best_exchange`` from the start
    of a visit), remembered."""
    best = 0.0

    def visit(reached: list[int], _post: list[int]) -> None:
        nonlocal best
        best = max(best, cached_progress(costs, tuple(t + e for t, e in zip(reached, extra, strict=True)), jokers))

    visit_exchanges(list(tiles), list(post), depth, visit)
    return best


Visit = Callable[[list[int], list[int]], None]
"""Called with a holding's goods tiles and the trading post's."""


def visit_exchanges(tiles: list[int], post: list[int], depth: int, visit: Visit) -> None:
    """Call ``visit(tiles, post)`` once for every holding and trading post reachable by up to ``depth``
    one-for-one exchanges (a good given is not taken back, a good taken not given again), the start
    first, depth first; the lists passed are changed afterwards, so ``visit`` copies what it keeps."""
    seen: set[tuple[tuple[int, ...], tuple[int, ...], int, int]] = set()

    def search(given: int, taken: int, depth: int) -> None:
        key = (tuple(tiles), tuple(post), given, taken)
        if key in seen:
            return
        seen.add(key)
        visit(tiles, post)
        if depth <= 0:
            return
        for give in range(NUM_GOODS):
            if not tiles[give] or taken >> give & 1:
                continue
            for take in range(NUM_GOODS):
                if take == give or not post[take] or given >> take & 1:
                    continue
                tiles[give] -= 1
                tiles[take] += 1
                post[give] += 1
                post[take] -= 1
                search(given | 1 << give, taken | 1 << take, depth - 1)
                tiles[give] += 1
                tiles[take] -= 1
                post[give] -= 1
                post[take] += 1

    search(0, 0, depth)


def alike_places(forest: list[str], space: int, legal: list[int]) -> list[list[int]]:
    """The ``turn`` actions of ``legal`` grouped by what they do for a figure on ``space`` as far
    as the bot knows (the forest it remembers): one group per space a known tile takes it to, one
    for the places it cannot name; in the order of their first actions."""
    groups: dict[int, list[int]] = {}
    for action in legal:
        tile = forest[action - A.TURN]
        groups.setdefault(-1 if tile == UNSEEN else tile_target(TILE_INDEX[tile], space), []).append(action)
    return list(groups.values())


def best_place(values: list[float], up: int) -> int | None:
    """The place of the best of ``values`` not face up in ``up`` (the first of equal ones; ``None``
    when none is left)."""
    best = None
    for place in range(NUM_POSITIONS):
        if not up >> place & 1 and (best is None or values[place] > values[best]):
            best = place
    return best


def best_down(values: list[float], up: int) -> float:
    """The best of ``values`` over the places not face up in ``up`` (0 when none is left)."""
    place = best_place(values, up)
    return values[place] if place is not None else 0.0


def mean_down(values: list[float], up: int) -> float:
    """The average of ``values`` over the places not face up in ``up`` (0 when none is left)."""
    down = [values[place] for place in range(NUM_POSITIONS) if not up >> place & 1]
    return sum(down) / len(down) if down else 0.0


def default_foresight(seats: int) -> float:
    """The weight of the bot's own next turn by default: 0.3 of the best place with two players, 1 of
    the average place with more."""
    return FORESIGHT_TWO if seats == 2 else FORESIGHT_MORE


def moved(obs: Obs, seat: int, space: int) -> Obs:
    figures = [*obs["figures"]]
    figures[seat] = RING[space]
    return {**obs, "figures": figures}


def replace_player(obs: Obs, seat: int, data: Obs, **changes: Any) -> Obs:
    players = [*obs["players"]]
    players[seat] = data
    return {**obs, "players": players, **changes}


def take_good(obs: Obs, seat: int, good: int) -> Obs:
    name = GOODS[good]
    if not obs["supply"][name]:
        return obs
    data = dict(obs["players"][seat])
    data["goods"] = {**data["goods"], name: data["goods"][name] + 1}
    return replace_player(obs, seat, data, supply={**obs["supply"], name: obs["supply"][name] - 1})


def take_dog(obs: Obs, seat: int) -> Obs:
    """A dog from the storage, else from the next holder clockwise (nothing when ``seat`` holds both)."""
    players = [*obs["players"]]
    if obs["dog_storage"]:
        players[seat] = {**players[seat], "dogs": players[seat]["dogs"] + 1}
        return {**obs, "players": players, "dog_storage": obs["dog_storage"] - 1}
    if players[seat]["dogs"] >= NUM_DOGS:
        return obs
    seats = len(players)
    for k in range(1, seats):
        other = (seat + k) % seats
        if players[other]["dogs"]:
            players[other] = {**players[other], "dogs": players[other]["dogs"] - 1}
            players[seat] = {**players[seat], "dogs": players[seat]["dogs"] + 1}
            return {**obs, "players": players}
    return obs  # pragma: no cover - a dog is always somewhere


def payable(obs: Obs, held: Holding) -> list[int]:
    """The indices into ``BUILDS`` of the face-up huts ``held`` can pay, from what the observation shows."""
    faces = {pile["face_up"]["number"] for pile in obs["huts"] if pile["face_up"]}
    cards = [0] * NUM_KINDS
    for g in range(NUM_GOODS):
        cards[g] = held.goods[g] - held.tiles[g]
    cards[GUFF] = held.guff
    out = []
    for index, (number, items) in enumerate(BUILDS):
        if number not in faces:
            continue
        tiles = [items.count(g) for g in range(NUM_GOODS)]
        need_cards = [items.count(CARD_ITEM + g) for g in range(NUM_GOODS)] + [items.count(GUFF_ITEM)]
        if (all(t <= h for t, h in zip(tiles, held.tiles, strict=True))
                and all(n <= c for n, c in zip(need_cards, cards, strict=True))
                and items.count(DOG_ITEM) <= held.dogs):
            out.append(index)
    return out


def best_trade(view: View, held: Holding, post: list[int], depth: int) -> tuple[list[int], list[int]]:
    """The goods tiles and trading post after the exchange that leaves the most progress (the first
    found of equal ones; no swap when none improves)."""
    extra = [a - b for a, b in zip(held.goods, held.tiles, strict=True)]

    def worth(tiles: list[int]) -> float:
        return view.progress([t + e for t, e in zip(tiles, extra, strict=True)], held.jokers)

    best = (worth(held.tiles) + 1e-9, held.tiles[:], post[:])

    def visit(tiles: list[int], after: list[int]) -> None:
        nonlocal best
        value = worth(tiles)
        if value > best[0]:
            best = (value, tiles[:], after[:])

    visit_exchanges(held.tiles[:], post[:], depth, visit)
    return best[1], best[2]
