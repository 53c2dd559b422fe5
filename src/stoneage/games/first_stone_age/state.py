"""The state of My First Stone Age: plain ints and lists, a stage that says who decides what.

Chance is explicit and lazy: a card nobody has seen has no kind until it is turned up, and then
chance picks it among the cards nobody has seen (exact weights). Every step ends in exactly one
pending node — a player's decision or a chance event; steps the rules leave no choice in (keeping
a needed good, turning back a card, refilling the gap, building) happen on their own, each marked
for ``apply_traced`` (kinds in ``STEPS``).

Hidden cards may also carry a fixed kind (``resample_from_infostate`` draws such a world); turning
one up is then a chance node with that single outcome.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from stoneage.core.contract import CHANCE, JSON, check_seat
from stoneage.core.facts import Fact
from stoneage.games.family.state import (
    GAME_END,
    OVER as OVER,
    PHASES as PHASES,
    PLAY as PLAY,
    SETUP as SETUP,
    Event as Event,
    FamilyState,
)
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import (
    CARD_COUNTS,
    CIRCLE_SIZE,
    GUFF,
    HUT_MASKS,
    HUTS,
    MOVE_MAX,
    NUM_GOODS_CARDS,
    NUM_HUTS,
    NUM_KINDS,
    REMOVED_FEW_PLAYERS,
)
from stoneage.games.first_stone_age.facts import FACT_KINDS as FIRST_FACT_KINDS, action_fact, log_fact, step_fact
from stoneage.games.first_stone_age.stages import (
    BUILD_STEP as BUILD_STEP,
    DEAL_HUT as DEAL_HUT,
    DRAW_TOP as DRAW_TOP,
    EMPTY as EMPTY,
    EV_BUILD as EV_BUILD,
    EV_DRAW as EV_DRAW,
    EV_HUT as EV_HUT,
    EV_KEEP as EV_KEEP,
    EV_MOVE as EV_MOVE,
    EV_REFILL as EV_REFILL,
    EV_REVEAL as EV_REVEAL,
    EV_STALEMATE as EV_STALEMATE,
    EV_START as EV_START,
    EV_TURN_BACK as EV_TURN_BACK,
    EV_UNDER as EV_UNDER,
    EV_WIN as EV_WIN,
    EVENTS as EVENTS,
    FIRST_DECISION as FIRST_DECISION,
    GAME_OVER as GAME_OVER,
    GUFF_CHOICE as GUFF_CHOICE,
    KEEP_STEP as KEEP_STEP,
    MOVE as MOVE,
    REVEAL_CARD as REVEAL_CARD,
    STAGES as STAGES,
    START as START,
    STEPS as STEPS,
    TURN_BACK_STEP as TURN_BACK_STEP,
    UNKNOWN as UNKNOWN,
    removed_cards as removed_cards,
)

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.game import FirstStoneAgeGame


def step_target(circle: list[int], martin: int, steps: int) -> int:
    """The slot Martin reaches from ``martin`` moving ``steps`` cards onward (``EMPTY`` places skipped)."""
    if EMPTY not in circle:  # the usual case: every place holds a card
        return (martin + steps) % CIRCLE_SIZE
    pos = martin
    for _ in range(steps):
        pos = (pos + 1) % CIRCLE_SIZE
        while circle[pos] == EMPTY:
            pos = (pos + 1) % CIRCLE_SIZE
    return pos


_DEALT_COUNTS = tuple(
    tuple(n - removed.count(kind) for kind, n in enumerate(CARD_COUNTS)) for removed in ((), REMOVED_FEW_PLAYERS)
)
"""Per kind, the cards in play: ``[0]`` with 4 players, ``[1]`` with fewer (``removed_cards``)."""

_MOVE_ACTIONS: Final = list(range(A.MOVE, A.MOVE + MOVE_MAX))
"""The legal actions of every ``MOVE`` node (a shared list, never mutated)."""
_GUFF_BIT: Final = 1 << GUFF
_SHOWN_BITS: Final = 4
"""Bits per kind in ``shown`` (a count up to 15; the circle holds 9 cards)."""
_SHOWN_FIELD: Final = tuple(
    sum(((1 << _SHOWN_BITS) - 1) << (_SHOWN_BITS * k) for k in range(NUM_KINDS) if kinds >> k & 1)
    for kinds in range(1 << NUM_KINDS)
)
"""Per bitmask of kinds, the mask of those kinds' counts in ``shown``."""
_ONE: Final = (1,)
"""The running totals of a chance node with a single outcome."""
_HUTS_LOW: Final = 8
"""Huts 1..8 are the low bits of ``hut_pile``, huts 9..15 the high bits (see ``hut_actions``)."""
_HUT_ACTIONS_BY_HALF: Final = tuple(
    [[A.HUT + first + h for h in range(size) if bits >> h & 1] for bits in range(1 << size)]
    for first, size in ((0, _HUTS_LOW), (_HUTS_LOW, NUM_HUTS - _HUTS_LOW))
)
"""Per half of the hut pile's bits (low, high), per value of those bits: the actions dealing those huts."""


def hut_actions(hut_pile: int) -> list[int]:
    """The actions dealing each hut of ``hut_pile`` (bit h - 1: hut h), in order.

    Two table lookups, one per half of the bits, instead of a test of each of the 15 bits: the
    hut pile is dealt from a dozen times a game.
    """
    low, high = _HUT_ACTIONS_BY_HALF
    return low[hut_pile & ((1 << _HUTS_LOW) - 1)] + high[hut_pile >> _HUTS_LOW]


class FirstStoneAgeState(FamilyState["FirstStoneAgeGame"]):
    """A position of My First Stone Age. Read it through the contract; fields are plain ints."""

    FIRST_DECISION = START
    GAME_OVER = GAME_OVER
    STAGE_NAMES = STAGES
    FACT_KINDS = FIRST_FACT_KINDS
    NOTATION = A.NOTATION
    WIN_EVENT = EV_WIN

    __slots__ = (
        "circle",
        "guff_as",
        "have",
        "hut_order",
        "hut_pile",
        "huts",
        "martin",
        "pile",
        "pile_hidden",
        "seen",
        "shown",
        "top",
        "unknown",
        "wanted",
        "wants",
    )

    cur: int  # the seat deciding, or the seat a chance event happens to (reveal, draw, hut)
    martin: int  # circle slot Martin stands beside, -1 before the start
    circle: list[int]  # per slot: card kind, UNKNOWN (hidden, unfixed) or EMPTY
    seen: int  # bit s: everyone has seen the card in slot s (its kind is public)
    top: int  # kind of the face-up top card of the draw pile, or EMPTY
    pile: list[int]  # the draw pile below its top card, top to bottom (kinds or UNKNOWN)
    pile_hidden: int  # the first pile_hidden cards of ``pile`` nobody has seen
    huts: list[int]  # per seat: number of the hut card being collected for, 0 when none
    have: list[int]  # per seat: bitmask of the goods collected (Guff counted as its good)
    guff_as: list[int]  # per seat: the good Guff stands for, -1 when the seat does not hold Guff
    hut_pile: int  # bit h - 1: hut h is in the hut pile
    hut_order: tuple[int, ...]  # huts at the top of the hut pile whose order is fixed (resampling)
    # Running tallies, kept up to date step by step rather than counted where they are read (the
    # stalemate test at every turn, the chance tables); ``recount`` sets them from the fields
    # above, and the tests compare them with their plain definitions (in brackets):
    unknown: list[int]  # per kind: the cards whose kind chance has not fixed yet (``count_unknown``)
    wants: list[int]  # per seat: bit k when it would keep a card of kind k (``keepable_kinds``)
    wanted: int  # bit k: some seat would keep a card of kind k (``wanted_kinds``)
    shown: int  # 4 bits per kind k at 4 * k: how many seen cards of kind k lie in the circle (``count_shown``)

    def __init__(self, game: FirstStoneAgeGame | None = None) -> None:
        """The initial state of ``game``; without one, a shell for ``clone`` and ``state_from_json`` to fill."""
        if game is None:
            return
        num_players = game.num_players
        self._start_family(game)
        self.stage = DEAL_HUT
        self.cur = 0
        self.martin = -1
        self.circle = [UNKNOWN] * CIRCLE_SIZE
        self.seen = 0
        self.top = EMPTY
        in_play = NUM_GOODS_CARDS - len(removed_cards(num_players))
        self.pile = [UNKNOWN] * (in_play - CIRCLE_SIZE)
        self.pile_hidden = len(self.pile)
        self.huts = [0] * num_players
        self.have = [0] * num_players
        self.guff_as = [-1] * num_players
        self.hut_pile = (1 << NUM_HUTS) - 1
        self.hut_order = ()
        self.unknown = list(_DEALT_COUNTS[num_players < 4])  # no card has a kind yet
        self.wants = [0] * num_players  # no seat has a hut yet
        self.wanted = 0
        self.shown = 0  # no card is seen yet

    # --- contract ---------------------------------------------------------------------------

    def chance_weights(self) -> list[tuple[int, int]]:
        stage = self.stage
        if stage == REVEAL_CARD:
            return self._kind_weights(A.REVEAL, self.circle[self.martin])
        if stage == DRAW_TOP:
            return self._kind_weights(A.DRAW, self.pile[0])
        if stage == DEAL_HUT:
            if self.hut_order:
                return [(A.HUT + self.hut_order[0] - 1, 1)]
            pile = self.hut_pile
            return [(action, 1) for action in hut_actions(pile)]
        return []

    def chance_table(self) -> tuple[Sequence[int], Sequence[int]]:
        """Built directly rather than from ``chance_weights`` (the same outcomes and totals)."""
        stage = self.stage
        if stage == REVEAL_CARD:
            base = A.REVEAL
            kind = self.circle[self.martin]
        elif stage == DRAW_TOP:
            base = A.DRAW
            kind = self.pile[0]
        elif stage == DEAL_HUT:  # equally likely huts
            if self.hut_order:
                outcomes = [A.HUT + self.hut_order[0] - 1]
            else:
                outcomes = hut_actions(self.hut_pile)
            if self._legal is None:
                self._legal = outcomes
            return outcomes, range(1, len(outcomes) + 1)
        else:
            return super().chance_table()
        if kind >= 0:
            outcomes = [base + kind]
            totals: Sequence[int] = _ONE
        else:
            outcomes = []
            running: list[int] = []
            total = 0
            for k, n in enumerate(self.unknown):
                if n > 0:
                    total += n
                    outcomes.append(base + k)
                    running.append(total)
            totals = running
        if self._legal is None:
            self._legal = outcomes  # what _compute_legal gives at a chance node; never mutated
        return outcomes, totals

    def fact(self, action: int) -> Fact:
        return action_fact(self, action)

    def step_fact(self, kind: str, seat: int) -> Fact:
        return step_fact(self, kind, seat)

    def _entry_fact(self, event: Event) -> Fact:
        return log_fact(event)

    def _observe(self, seat: int | None) -> JSON:
        from stoneage.games.first_stone_age.serialize import observation

        return observation(self, seat)

    def to_json(self) -> JSON:
        from stoneage.games.first_stone_age.serialize import state_to_json

        return state_to_json(self)

    def observation_tensor(self, player: object) -> list[float]:
        """The game's encoder (``FirstStoneAgeGame.tensors()``) fills it."""
        return self.game.tensors().observation(self, check_seat(player, self.num_players))

    def information_state_tensor(self, player: object) -> list[float]:
        """The observation tensor followed by what a perfect memory of the game knows."""
        return self.game.tensors().information_state(self, check_seat(player, self.num_players))

    def _copy_into(self, other: FirstStoneAgeState) -> None:
        other.martin = self.martin
        other.circle = self.circle[:]
        other.seen = self.seen
        other.top = self.top
        other.pile = self.pile[:]
        other.pile_hidden = self.pile_hidden
        other.huts = self.huts[:]
        other.have = self.have[:]
        other.guff_as = self.guff_as[:]
        other.hut_pile = self.hut_pile
        other.hut_order = self.hut_order
        other.unknown = self.unknown[:]
        other.wants = self.wants[:]
        other.wanted = self.wanted
        other.shown = self.shown

    def _redraw(self, player: int, generator: random.Random) -> None:
        """Every card nobody has seen gets a kind drawn anew, and the hut pile an order.

        Every turned-up card is seen by all, so all players share one information state (with
        perfect memory): the redrawn cards are the face-down circle cards never seen since they
        were laid, and the draw-pile cards below the top that nobody has seen. Their kinds are a
        random arrangement of exactly the cards not publicly accounted for; seen cards keep theirs.
        The removed cards are public (one of each good), so they stay.
        """
        kinds = self.hidden_kinds()
        generator.shuffle(kinds)
        hidden_slots = [s for s in range(CIRCLE_SIZE) if self.circle[s] != EMPTY and not self.seen >> s & 1]
        for s in hidden_slots:
            self.circle[s] = kinds.pop()
        for i in range(self.pile_hidden):
            self.pile[i] = kinds.pop()
        self.unknown = [0] * NUM_KINDS  # every card has a kind now
        huts = [h + 1 for h in range(NUM_HUTS) if self.hut_pile >> h & 1]
        generator.shuffle(huts)
        self.hut_order = tuple(huts)

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat: huts built, goods collected toward the current hut (Guff included), total."""
        return [
            {"huts": len(self.built[p]), "goods": self.have[p].bit_count(), "total": len(self.built[p])}
            for p in range(self.num_players)
        ]

    # --- queries -------------------------------------------------------------------------------

    def unknown_pool(self) -> list[int]:
        """Per kind, how many cards have no fixed kind yet (the cards chance picks among)."""
        return self.unknown[:]

    def count_unknown(self) -> list[int]:
        """``unknown`` counted afresh: per kind, the cards in play less those lying anywhere with that kind."""
        circle = self.circle
        pile = self.pile
        pool = [n - circle.count(k) - pile.count(k) for k, n in enumerate(_DEALT_COUNTS[self.num_players < 4])]
        if self.top >= 0:
            pool[self.top] -= 1
        guff_as = self.guff_as
        for p, have in enumerate(self.have):  # what cards_of(p) lists
            if not have:
                continue
            guff = guff_as[p]
            if guff >= 0:
                have &= ~(1 << guff)
                pool[GUFF] -= 1
            while have:
                low = have & -have
                pool[low.bit_length() - 1] -= 1
                have ^= low
        return pool

    def hidden_kinds(self) -> list[int]:
        """The kinds of all cards nobody has seen (face-down circle cards never turned up and the
        unseen draw-pile cards), sorted: what a player knows about them as a multiset."""
        pool = self.unknown_pool()
        kinds = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
        for s in range(CIRCLE_SIZE):
            if self.circle[s] >= 0 and not self.seen >> s & 1:
                kinds.append(self.circle[s])
        kinds.extend(k for k in self.pile[: self.pile_hidden] if k >= 0)
        kinds.sort()
        return kinds

    def cards_of(self, p: int) -> list[int]:
        """The goods cards seat ``p`` has collected (kinds; Guff as ``GUFF``)."""
        out = [g for g in range(5) if self.have[p] >> g & 1 and g != self.guff_as[p]]
        if self.guff_as[p] >= 0:
            out.append(GUFF)
        return out

    def needs(self, p: int) -> int:
        """Bitmask of the goods seat ``p``'s hut still needs (0 without a hut)."""
        h = self.huts[p]
        return HUT_MASKS[h - 1] & ~self.have[p] if h else 0

    def can_keep(self, p: int, kind: int) -> bool:
        """Whether seat ``p`` would keep a revealed card of ``kind`` (Guff: may keep)."""
        need = self.needs(p)
        if kind == GUFF:
            return bool(need) and self.guff_as[p] < 0
        return bool(need >> kind & 1)

    def step_target(self, steps: int) -> int:
        """The slot Martin reaches moving ``steps`` cards onward (empty places are skipped)."""
        return step_target(self.circle, self.martin, steps)

    def keepable_kinds(self, p: int) -> int:
        """Bit k: seat ``p`` would keep a revealed card of kind k (``can_keep``): what ``wants[p]`` holds."""
        h = self.huts[p]
        need = HUT_MASKS[h - 1] & ~self.have[p] if h else 0  # needs(p)
        if need and self.guff_as[p] < 0:
            return need | _GUFF_BIT
        return need

    def wanted_kinds(self) -> int:
        """Bit k: some seat would keep a card of kind k (what ``wanted`` holds)."""
        wanted = 0
        for wants in self.wants:
            wanted |= wants
        return wanted

    def count_shown(self) -> int:
        """Per kind k, at bits ``4 * k``, how many seen cards of kind k lie in the circle (what ``shown`` holds)."""
        shown = 0
        for s, kind in enumerate(self.circle):
            if kind >= 0 and self.seen >> s & 1:  # (a seen card has a kind; a state read from JSON is checked after)
                shown += 1 << (_SHOWN_BITS * kind)
        return shown

    def recount(self) -> None:
        """Set the running tallies (``unknown``, ``wants``, ``wanted``, ``shown``) from the cards where they lie.

        Play keeps them up to date step by step; a state made otherwise (read from JSON, or
        edited by hand) calls this once.
        """
        self.unknown = self.count_unknown()
        self.wants = [self.keepable_kinds(p) for p in range(self.num_players)]
        self.wanted = self.wanted_kinds()
        self.shown = self.count_shown()

    def _set_wants(self, p: int) -> None:
        """Seat ``p``'s hut or goods changed: update ``wants`` and ``wanted``."""
        self.wants[p] = self.keepable_kinds(p)
        self.wanted = self.wanted_kinds()

    def _show(self, kind: int, count: int) -> None:
        """``count`` (1 or -1) seen cards of ``kind`` more in the circle."""
        self.shown += count << (_SHOWN_BITS * kind)

    def is_stalemate(self) -> bool:
        """Whether no card of the circle can ever be kept again, as everyone can tell.

        The circle only changes when a card is kept, so once no player can keep any card it
        might hold — a seen card by its kind, an unseen one by any kind among the unseen cards —
        the game can never end with a winner.
        """
        wanted = self.wanted
        if _SHOWN_FIELD[wanted] & self.shown:  # a seen card some seat would keep: the usual answer
            return False
        if not wanted:
            return True
        return not (self._unseen_in_circle() and self._hidden_mask() & wanted)

    def _unseen_in_circle(self) -> bool:
        """Whether some card lies face down in the circle, never seen."""
        seen = self.seen
        return any(kind != EMPTY and not seen >> s & 1 for s, kind in enumerate(self.circle))

    def _hidden_mask(self) -> int:
        """Bit k: some card nobody has seen may be of kind k (the kinds of ``hidden_kinds``)."""
        mask = 0
        for k, n in enumerate(self.unknown):
            if n > 0:
                mask |= 1 << k
        circle = self.circle
        seen = self.seen
        for s in range(CIRCLE_SIZE):
            if circle[s] >= 0 and not seen >> s & 1:
                mask |= 1 << circle[s]
        for k in self.pile[: self.pile_hidden]:
            if k >= 0:
                mask |= 1 << k
        return mask

    # --- legality ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        stage = self.stage
        if stage < FIRST_DECISION:
            return [a for a, _ in self.chance_weights()]
        if stage == MOVE:
            return _MOVE_ACTIONS
        if stage == START:
            return [A.START + s for s in range(CIRCLE_SIZE) if self.circle[s] != EMPTY]
        if stage == GUFF_CHOICE:
            need = self.needs(self.cur)
            return [A.KEEP_GUFF + g for g in range(5) if need >> g & 1] + [A.TURN_BACK]
        return []

    def _kind_weights(self, base: int, kind: int) -> list[tuple[int, int]]:
        if kind >= 0:
            return [(base + kind, 1)]
        pool = self.unknown
        return [(base + k, n) for k, n in enumerate(pool) if n > 0]

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        stage = self.stage
        if stage == MOVE:
            steps = action - A.MOVE + 1
            self.martin = step_target(self.circle, self.martin, steps)
            self._event(EV_MOVE, self.cur, self.martin, z=steps)
            if self.seen >> self.martin & 1:
                self._revealed(self.circle[self.martin])
            else:
                self.stage = REVEAL_CARD
        elif stage == REVEAL_CARD:
            self._turn_up(action - A.REVEAL)
        elif stage == GUFF_CHOICE:
            if action == A.TURN_BACK:
                self._turn_back(GUFF)
            else:
                self._keep(GUFF, action - A.KEEP_GUFF)
        elif stage == DRAW_TOP:
            kind = action - A.DRAW
            if self.pile[0] == UNKNOWN:
                self.unknown[kind] -= 1
            del self.pile[0]
            self.pile_hidden -= 1
            self.top = kind
            self._event(EV_DRAW, y=kind)
            if self.phase == SETUP:
                self.stage = START
                self.cur = self.game.first_player
            else:
                self._build_check()
        elif stage == DEAL_HUT:
            number = action - A.HUT + 1
            self.hut_pile &= ~(1 << (number - 1))
            if self.hut_order:
                self.hut_order = self.hut_order[1:]
            self.huts[self.cur] = number
            self._set_wants(self.cur)
            self._event(EV_HUT, self.cur, z=number)
            if self.phase == PLAY:
                self._end_turn()
            elif self.cur + 1 < self.num_players:
                self.cur += 1
            elif self._next_top():
                self.stage = START
                self.cur = self.game.first_player
        else:  # START
            self.martin = action - A.START
            self._event(EV_START, self.cur, self.martin)
            self.phase = PLAY
            self._begin_turn()

    def _turn_up(self, kind: int) -> None:
        """The card beside Martin, never seen, shows ``kind``: seen by all from now on."""
        slot = self.martin
        if self.circle[slot] == UNKNOWN:
            self.unknown[kind] -= 1
        self.circle[slot] = kind
        self.seen |= 1 << slot
        self._show(kind, 1)
        self._revealed(kind)

    def _revealed(self, kind: int) -> None:
        """The card beside Martin is face up (and seen): keep it, offer Guff, or turn it back."""
        slot = self.martin
        p = self.cur
        self._event(EV_REVEAL, p, slot, kind)
        if not self.wants[p] >> kind & 1:  # can_keep(p, kind)
            if self._trace is not None:  # what _step tests, without the call on most turns
                self._step(TURN_BACK_STEP, p)
            self._turn_back(kind)
        elif kind == GUFF:
            self.stage = GUFF_CHOICE
        else:
            self._step(KEEP_STEP, p)
            self._keep(kind, kind)

    def _turn_back(self, kind: int) -> None:
        self._event(EV_TURN_BACK, self.cur, self.martin, kind)
        self._end_turn()

    def _keep(self, kind: int, good: int) -> None:
        """Keep the revealed card as ``good``; the top of the draw pile fills the gap face down."""
        p = self.cur
        slot = self.martin
        self.have[p] |= 1 << good
        if kind == GUFF:
            self.guff_as[p] = good
        self._set_wants(p)
        self._event(EV_KEEP, p, slot, kind, good)
        self._show(kind, -1)
        if self.top == EMPTY:
            self.circle[slot] = EMPTY
            self.seen &= ~(1 << slot)
            self._build_check()
            return
        self.circle[slot] = self.top
        self._show(self.top, 1)  # the top card, seen by all, fills the gap
        self._event(EV_REFILL, x=slot, y=self.top)
        self.top = EMPTY
        if self._next_top():
            self._build_check()

    def _next_top(self) -> bool:
        """Turn up the next card of the draw pile; False when chance must pick it."""
        if not self.pile:
            return True
        if self.pile_hidden:
            self.stage = DRAW_TOP
            return False
        self.top = self.pile.pop(0)
        self._event(EV_DRAW, y=self.top)
        return True

    def _build_check(self) -> None:
        """End of the turn: build the hut if its goods are complete, then the next player."""
        p = self.cur
        h = self.huts[p]
        if not h or self.have[p] != HUT_MASKS[h - 1]:
            self._end_turn()
            return
        self._step(BUILD_STEP, p)
        self.built[p] = (*self.built[p], h)
        self._event(EV_BUILD, p, z=h)
        guff = self.guff_as[p]
        for good in HUTS[h - 1]:
            card = GUFF if good == guff else good
            self.pile.append(card)
            self._event(EV_UNDER, p, y=card)
        self.have[p] = 0
        self.guff_as[p] = -1
        self.huts[p] = 0
        self._set_wants(p)
        if self.top == EMPTY:
            self._next_top()  # the pile held only seen cards: no chance here
        if self.winner() == p:
            self._win(p)
        elif self.hut_pile:
            self.stage = DEAL_HUT
        else:
            self._end_turn()

    def _begin_turn(self) -> None:
        self.turn += 1
        self.stage = MOVE
        if self.is_stalemate():
            self._step(GAME_END, CHANCE)
            self._event(EV_STALEMATE)
            self._game_over()
