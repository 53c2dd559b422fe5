"""My First Stone Age's expert memory bot, ``memory_expert``: exact expectation over what it remembers.

It remembers like ``memory`` (``recall``, ``span``; ``memory_bots``) and believes what a memory
can: a circle place it remembers holds that card; a place it does not (never seen, or forgotten)
holds any card it cannot place, each as likely as their numbers say (the unseen draw-pile cards
are exchangeable with them).

Each move is chosen by an expectimax over that belief, ``depth`` turns deep (by default one turn
more than there are other players, at least 3: the bot's move and every other player's answer, and
with two players the bot's move after that): for every move of Martin every card the place may
show, with its chance; what the mover keeps (a good its hut needs, Guff while it holds no dog), the
card that fills the gap (the draw pile's top: everyone sees it), the cards turned back (now known to
a perfect memory), the hut completed (a new hut nobody has seen needs each good with chance 9/15,
so a hut completed now is worth more than the same hut later). The bot takes the move best for it:
its own expected keeps, less ``denial`` times the others' average (default 1: a card left to the
next player costs as much as one kept gains). The other players are expected to play as keepers
(``memory``'s rule, what a player with a good memory does): Martin to the place each most expects
to keep, of equal ones the place that leaves its next player least to reach (weighed
``KEEPER_DENIAL``), moves still equal each as likely. Guff is kept as the good whose absence leaves
the best such expectation (docs/first-stone-age.md, "The expert").
"""

from __future__ import annotations

from stoneage.bots.first_stone_age.memory_bots import DENIAL_TURNS, UNSEEN, Memory, MemoryBot, Obs
from stoneage.bots.params import fraction
from stoneage.bots.registry import BotSpecError
from stoneage.core.i18n import _
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import CARD_NAMES, GOODS, GUFF, MOVE_MAX
from stoneage.games.first_stone_age.stages import EMPTY
from stoneage.games.first_stone_age.view import circle_step_target

UNKNOWN = -1
"""A place (or the draw pile's top, inside the search) holding a card the bot cannot name."""
KEEP = 1.0
"""Worth of a card kept."""
HUT = 1.0
"""Worth of a hut completed, on top of its last card."""
WIN = 50.0
"""Worth of the third hut."""
FRESH = -1
"""The needs of a hut nobody has seen yet (just dealt inside the search)."""
FRESH_KEEP = KEEP * 9 / 15
"""Expected worth of a good turned up for such a hut: each good is on 9 of the 15 huts."""
MAX_DEPTH = 4
KEEPER_DENIAL = 0.25
"""How much a keeper (the model of the other players) weighs what its next player can reach
(``memory``'s default ``denial``): it only decides between moves equally likely to keep."""
KIND_INDEX = {name: k for k, name in enumerate(CARD_NAMES)}


class Belief:
    """A position as the bot believes it: the circle, the cards it cannot place, every hut's needs."""

    __slots__ = ("built", "circle", "dog", "martin", "needs", "pile", "pool", "top")

    def __init__(self, circle: list[int], pool: list[int], martin: int, top: int, pile: int, needs: list[int],
                 dog: list[bool], built: list[int]) -> None:
        self.circle = circle
        self.pool = pool
        self.martin = martin
        self.top = top
        self.pile = pile
        self.needs = needs
        self.dog = dog
        self.built = built

    def copy(self) -> Belief:
        return Belief(self.circle[:], self.pool[:], self.martin, self.top, self.pile, self.needs[:], self.dog[:],
                      self.built[:])

    def can_keep(self, seat: int, kind: int) -> bool:
        if self.needs[seat] == FRESH:
            return kind == GUFF
        if kind == GUFF:
            return bool(self.needs[seat]) and not self.dog[seat]
        return bool(self.needs[seat] >> kind & 1)

    def fresh_gain(self, seat: int, kind: int) -> float:
        """What turning up ``kind`` is expected to gain a seat whose new hut nobody has seen yet (each
        good is on 9 of the 15 huts)."""
        return FRESH_KEEP if self.needs[seat] == FRESH and kind != GUFF else 0.0

    def target(self, steps: int) -> int:
        """The place Martin reaches ``steps`` cards on (empty places skipped)."""
        return circle_step_target(self.circle, self.martin, steps)

    def outcomes(self, place: int) -> list[tuple[float, int]]:
        """The cards the place may show, with their chances."""
        kind = self.circle[place]
        if kind >= 0:
            return [(1.0, kind)]
        total = sum(self.pool)
        if total <= 0:
            return []
        return [(n / total, k) for k, n in enumerate(self.pool) if n]

    def keep_chance(self, seat: int, place: int) -> float:
        return sum(chance for chance, kind in self.outcomes(place) if self.can_keep(seat, kind))

    def keep_gain(self, seat: int) -> float:
        """What keeping a card it can keep gains ``seat`` (a hut when it is the last one needed)."""
        needs = self.needs[seat]
        if needs == FRESH or needs & (needs - 1):
            return KEEP
        return KEEP + (WIN if self.built[seat] + 1 >= 3 else HUT)

    def rarest(self, seat: int) -> int:
        """The needed good hardest to find (fewest known places, then fewest unplaced copies)."""
        needed = [g for g in range(len(GOODS)) if self.needs[seat] >> g & 1]
        return min(needed, key=lambda g: (self.circle.count(g), self.pool[g], g))

    def reveal(self, seat: int, place: int, kind: int, good: int | None = None) -> tuple[Belief, float]:
        """The position after ``seat`` turns up ``kind`` beside ``place`` (Guff kept as ``good``, or as
        the rarest needed good), and what the seat gained."""
        after = self.copy()
        after.martin = place
        if after.circle[place] == UNKNOWN:
            after.pool[kind] -= 1
        if not self.can_keep(seat, kind):
            after.circle[place] = kind
            return after, self.fresh_gain(seat, kind)
        if kind == GUFF and after.needs[seat] == FRESH:
            after.dog[seat] = True
            after.circle[place] = self.top if self.pile else EMPTY
            return after, KEEP
        if kind == GUFF:
            after.dog[seat] = True
            kind = after.rarest(seat) if good is None else good
        after.needs[seat] &= ~(1 << kind)
        after.circle[place] = self.top if self.pile else EMPTY
        after.pile = max(0, self.pile - 1)
        after.top = UNKNOWN if after.pile else EMPTY
        if after.needs[seat]:
            return after, KEEP
        after.built[seat] += 1
        after.dog[seat] = False
        after.needs[seat] = FRESH
        return after, KEEP + (WIN if after.built[seat] >= 3 else HUT)


class MemoryExpertBot(MemoryBot):
    """My First Stone Age played by expectimax over what the bot remembers: ``memory_expert``
    (perfect memory), ``memory_expert:recall=0.8`` (forgetful), ``depth`` turns deep (1..4; by
    default ``default_depth`` of the table)."""

    name = "memory_expert"

    def __init__(self, seed: int = 0, recall: float | None = None, span: int = 0, denial: float = 1.0,
                 depth: int | None = None) -> None:
        super().__init__(seed=seed, recall=recall, span=span, denial=0.0)
        self.denial = fraction("denial", denial)
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                                  or not 1 <= depth <= MAX_DEPTH):
            raise BotSpecError(_("depth must be a whole number of turns in 1..{most}, not {value!r}").format(
                most=MAX_DEPTH, value=depth))
        self.depth = depth

    def turns(self, obs: Obs) -> int:
        """How many turns the search looks ahead at this table: ``depth``, else ``default_depth``."""
        return self.depth if self.depth is not None else default_depth(len(obs["players"]))

    def belief(self, obs: Obs, memory: Memory) -> Belief:
        """The position as the bot remembers it."""
        players = obs["players"]
        circle = [EMPTY if card is None else UNKNOWN if card == UNSEEN else KIND_INDEX[card] for card in memory.circle]
        pool = [memory.pool[name] for name in CARD_NAMES]
        pile = obs["draw_pile"]
        top = EMPTY if pile["top"] is None else KIND_INDEX[pile["top"]]
        needs = [sum(1 << GOODS.index(g) for g in p["needs"]) if p["hut"] else 0 for p in players]
        dog = [p["guff_as"] is not None for p in players]
        built = [len(p["built"]) for p in players]
        return Belief(circle, pool, obs["martin"], top, pile["size"], needs, dog, built)

    def move_choice(self, obs: Obs, player: int, memory: Memory, legal: list[int]) -> int:
        """The move of the best expectimax value for the bot (see the module doc)."""
        belief = self.belief(obs, memory)
        denial = self.denial if obs["turn"] <= DENIAL_TURNS else 0.0
        scored = []
        depth = self.turns(obs)
        for action in legal:
            values = self.move_value(belief, player, action - A.MOVE + 1, depth, player)
            scored.append((round(utility(values, player, denial), 9), action))
        best = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score == best])

    def guff_choice(self, obs: Obs, player: int, memory: Memory, legal: list[int]) -> int:
        """Keep Guff as the good whose absence leaves the best expectation; never turn him back."""
        options = [a for a in legal if a != A.TURN_BACK]
        if not options:
            return A.TURN_BACK
        belief = self.belief(obs, memory)
        place = belief.martin
        seats = len(belief.needs)
        depth = self.turns(obs)
        scored = []
        for action in options:
            after, gain = belief.reveal(player, place, GUFF, action - A.KEEP_GUFF)
            values = self.value(after, (player + 1) % seats, depth - 1, player) if depth > 1 else [0.0] * seats
            values[player] += gain
            scored.append((round(utility(values, player, self.denial), 9), action))
        best = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score == best])

    # --- the search --------------------------------------------------------------------------------

    def move_value(self, belief: Belief, seat: int, steps: int, depth: int, me: int | None = None) -> list[float]:
        """Per seat, the expected gains when ``seat`` moves Martin ``steps`` on and the others answer
        (``me``: the bot's seat, ``seat`` by default; every other seat plays as a keeper)."""
        me = seat if me is None else me
        seats = len(belief.needs)
        place = belief.target(steps)
        total = [0.0] * seats
        for chance, kind in belief.outcomes(place):
            if depth <= 1:
                if belief.can_keep(seat, kind):
                    total[seat] += chance * belief.keep_gain(seat)
                else:
                    total[seat] += chance * belief.fresh_gain(seat, kind)
                continue
            after, gain = belief.reveal(seat, place, kind)
            values = self.value(after, (seat + 1) % seats, depth - 1, me)
            values[seat] += gain
            for q in range(seats):
                total[q] += chance * values[q]
        return total

    def value(self, belief: Belief, seat: int, depth: int, me: int) -> list[float]:
        """Per seat, the expected gains from here, ``seat`` to move, ``depth`` turns deep: the bot
        (``me``) takes its best move, another seat the keeper's moves, each equally likely."""
        seats = len(belief.needs)
        if seat != me:
            moves = keeper_moves(belief, seat)
            total = [0.0] * seats
            for steps in moves:
                values = self.move_value(belief, seat, steps, depth, me)
                for q in range(seats):
                    total[q] += values[q] / len(moves)
            return total
        best: list[float] | None = None
        best_score = 0.0
        for steps in range(1, MOVE_MAX + 1):
            values = self.move_value(belief, seat, steps, depth, me)
            score = utility(values, seat, 1.0)
            if best is None or score > best_score + 1e-12:
                best, best_score = values, score
        assert best is not None
        return best


def default_depth(players: int) -> int:
    """The turns searched by default: the bot's move and every other player's answer, and at least
    3 (with two players the bot's own next move too)."""
    return min(MAX_DEPTH, max(3, players))


def keeper_moves(belief: Belief, seat: int) -> list[int]:
    """The moves (steps) a keeper in ``seat`` may make: the highest chance to keep a card, of those
    the least its next player can then reach (weighed ``KEEPER_DENIAL``, only while the keeper has
    a card to gain), as ``memory`` plays; all of them when they are equal."""
    seats = len(belief.needs)
    nxt = (seat + 1) % seats
    targets = [belief.target(steps) for steps in range(1, MOVE_MAX + 1)]
    mine = [belief.keep_chance(seat, place) for place in targets]
    deny = KEEPER_DENIAL if max(mine) > 0 else 0.0
    scored = []
    for steps, place, chance in zip(range(1, MOVE_MAX + 1), targets, mine, strict=True):
        theirs = 0.0
        if deny:
            theirs = max(belief.keep_chance(nxt, circle_step_target(belief.circle, place, more))
                         for more in range(1, MOVE_MAX + 1))
        scored.append((round(chance - deny * theirs, 9), steps))
    best = max(score for score, _ in scored)
    return [steps for score, steps in scored if score == best]


def utility(values: list[float], seat: int, denial: float) -> float:
    """What the expected gains ``values`` are worth to ``seat``: its own, less ``denial`` times the
    others' average."""
    others = len(values) - 1
    return values[seat] - denial * (sum(values) - values[seat]) / others if others else values[seat]

