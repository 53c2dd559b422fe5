"""The state of My First Stone Age: the position, the contract and the dispatch of each action to its rules.

The rules live in one module per part of the rulebook (``turn``: Martin placed and moved, a card
turned up, kept or turned back, the gap refilled; ``building``: a hut built, the hut cards dealt;
``draw_pile``: its next card turned up; ``tallies``: the running tallies kept up to date), the
read-only questions in ``view``. Plain ints and lists, a stage that says who decides what.

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
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.building import deal_hut, hut_actions
from stoneage.games.first_stone_age.data import CIRCLE_SIZE, MOVE_MAX, NUM_GOODS_CARDS, NUM_HUTS, NUM_KINDS
from stoneage.games.first_stone_age.facts import FACT_KINDS as FIRST_FACT_KINDS, action_fact, log_fact, step_fact
from stoneage.games.first_stone_age.stages import (
    BUILD_STEP as BUILD_STEP,
    DEAL_HUT as DEAL_HUT,
    DEALT_COUNTS,
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
from stoneage.games.first_stone_age.turn import begin_turn, draw_top, guff_choice, move, start, turn_up
from stoneage.games.first_stone_age.view import hidden_kinds, needs

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.game import FirstStoneAgeGame


_MOVE_ACTIONS: Final = list(range(A.MOVE, A.MOVE + MOVE_MAX))
"""The legal actions of every ``MOVE`` node (a shared list, never mutated)."""
_ONE: Final = (1,)
"""The running totals of a chance node with a single outcome."""


class FirstStoneAgeState(FamilyState["FirstStoneAgeGame"]):
    """A position of My First Stone Age. Read it through the contract and ``view``; fields are plain ints."""

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
    # stalemate test at every turn, the chance tables); ``tallies.recount`` sets them from the
    # fields above, and the tests compare them with their plain definitions in ``view`` (in brackets):
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
        self.unknown = list(DEALT_COUNTS[num_players < 4])  # no card has a kind yet
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
        kinds = hidden_kinds(self)
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
            need = needs(self, self.cur)
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
            move(self, action - A.MOVE + 1)
        elif stage == REVEAL_CARD:
            turn_up(self, action - A.REVEAL)
        elif stage == GUFF_CHOICE:
            guff_choice(self, action)
        elif stage == DRAW_TOP:
            draw_top(self, action - A.DRAW)
        elif stage == DEAL_HUT:
            deal_hut(self, action - A.HUT + 1)
        else:  # START
            start(self, action - A.START)

    def _begin_turn(self) -> None:
        begin_turn(self)
