"""The Stone Age state: plain lists of ints, a stage that says who decides what, and the dispatch.

The rules live in one module per phase (``setup``, ``placement``, ``resolution`` and
``purchases``, ``feeding``, ``round_end``, ``scoring``); this module keeps the position, the
contract and the dispatch of each action to its rules. Expansions attach through the hooks of
``expansion.py``. Every step ends in exactly one pending node: a player's decision or a chance
event. Steps the rules leave no choice in (feeding with enough food, the last location to
resolve, a purchase nobody can pay) happen on their own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import accumulate, compress
from typing import TYPE_CHECKING, ClassVar, Final

from stoneage.core.contract import JSON, State, check_seat
from stoneage.core.dice import MAX_DICE, multiset_ways, sum_counts
from stoneage.core.facts import Fact, FactKind
from stoneage.core.staged import StagedState
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import (
    ALL_CARDS_MASK,
    ALL_TILES_MASK,
    BUILDING_KINDS,
    DISPLAY_SIZE,
    NUM_CARDS,
    NUM_LOCATIONS,
    NUM_TILES,
    STACK_SIZE,
    START_FIGURES,
    START_FOOD,
    TILE_KIND,
)
from stoneage.games.stone_age.expansion import Expansion, ExpansionState
from stoneage.games.stone_age.expansions import EXPANSIONS, PHASES, STAGES
from stoneage.games.stone_age.facts import BASE_FACT_KINDS
from stoneage.games.stone_age.feeding import feed, next_feeding
from stoneage.games.stone_age.gains import take_two_resources
from stoneage.games.stone_age.layout import (
    FIGURES,
    FOOD,
    ONE_USE,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    TWO_RESOURCES,
    WOOD,
)
from stoneage.games.stone_age.payment import FEEDING_TABLE, payable, tool_actions
from stoneage.games.stone_age.placement import next_placer, place, placements, start_placement
from stoneage.games.stone_age.purchases import buy_building, buy_card, next_pick, payable_now, pick
from stoneage.games.stone_age.resolution import next_resolution, resolve, rolled, use_tools
from stoneage.games.stone_age.round_end import next_final_take
from stoneage.games.stone_age.scoring import final_breakdowns, tie_break, winners
from stoneage.games.stone_age.setup import next_deal
from stoneage.games.stone_age.stages import (
    ACTIONS,
    BUY_BUILDING,
    BUY_CARD,
    DEAL_BUILDING,
    DEAL_CARD,
    DICE_ROLL,
    EXTRA_DRAW,
    FEED,
    FEEDING,
    FINAL,
    FIRST_DECISION,
    GAME_OVER,
    OVER,
    PICK,
    PLACE,
    PLACEMENT,
    RESOLVE,
    ROLL,
    SETUP,
    TAKE_NOW,
    TOOLS,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age.game import StoneAgeGame

__all__ = [  # the stages and phases are read from here too (``state.PLACEMENT``)
    "ACTIONS", "BUY_BUILDING", "BUY_CARD", "DEAL_BUILDING", "DEAL_CARD", "DICE_ROLL", "EXTRA_DRAW", "FEED",
    "FEEDING", "FINAL", "FIRST_DECISION", "GAME_OVER", "OVER", "PHASES", "PICK", "PLACE", "PLACEMENT", "RESOLVE",
    "ROLL", "SETUP", "STAGES", "TAKE_NOW", "StoneAgeState",
]

_NO_EXTRAS: Final[dict[str, ExpansionState]] = {}
"""The extras of a game without expansions, shared by all its states (never changed)."""

_ROLL_WEIGHTS: Final = tuple(
    tuple((A.roll(s), w) for s, w in enumerate(sum_counts(n)) if w) for n in range(MAX_DICE + 1)
)
_DICE_WEIGHTS: Final = {
    n: tuple((A.dice(faces), multiset_ways(faces)) for faces in A.DICE_ROLLS if len(faces) == n)
    for n in (2, 3, 4)
}
ChanceTable = tuple[list[int], tuple[int, ...]]
"""A chance node's outcomes and running weight totals (``State.chance_table``); the outcome list
doubles as the node's legal actions, so it is shared and never mutated."""


def _table(weights: tuple[tuple[int, int], ...]) -> ChanceTable:
    return [a for a, _ in weights], tuple(accumulate(w for _, w in weights))


_ROLL_TABLES: Final = tuple(_table(weights) for weights in _ROLL_WEIGHTS)
_DICE_TABLES: Final = {n: _table(weights) for n, weights in _DICE_WEIGHTS.items()}
_RESOLVE_ACTIONS: Final = tuple(A.RESOLVE + loc for loc in range(NUM_LOCATIONS))
_TILES_OF_KIND: Final = tuple(
    tuple(t for t in range(NUM_TILES) if TILE_KIND[t] == k) for k in range(len(BUILDING_KINDS))
)


class StoneAgeState(StagedState["StoneAgeGame"]):
    """A Stone Age position. Read it through the contract; the fields are plain ints and lists."""

    FIRST_DECISION = PLACE
    GAME_OVER = GAME_OVER
    STAGE_NAMES = STAGES
    PHASE_NAMES: ClassVar[tuple[str, ...]] = PHASES
    FACT_KINDS: ClassVar[tuple[FactKind, ...]] = (
        *BASE_FACT_KINDS, *(kind for rules in EXPANSIONS.values() for kind in rules.fact_kinds))

    __slots__ = (
        "board",
        "deck",
        "dice_count",
        "dice_left",
        "display",
        "extras",
        "final",
        "first",
        "gather",
        "order",
        "phase",
        "players",
        "rolled",
        "round",
        "shortfall",
        "slot",
        "stack_left",
        "tops",
        "unseen",
    )

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
    extras: dict[str, ExpansionState]  # each expansion's own part, by name (expansion.py); shared when empty
    final: tuple[dict[str, int], ...] | None  # the final score breakdowns, once the game is over

    def __init__(self, game: StoneAgeGame | None = None) -> None:
        """The initial state of ``game``; without one, a shell for ``clone`` and ``state_from_json`` to fill."""
        if game is None:
            return
        num_players = game.num_players
        self.game = game
        self.num_players = num_players
        self.players = [0] * (num_players * STRIDE)
        for p in range(num_players):
            self.players[p * STRIDE + FIGURES] = START_FIGURES
            self.players[p * STRIDE + FOOD] = START_FOOD
        self.board = [0] * (NUM_LOCATIONS * (num_players + 1))
        self.display = [0] * DISPLAY_SIZE
        self.tops = [-1] * 4
        self.stack_left = [STACK_SIZE] * num_players + [0] * (4 - num_players)
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
        self.extras = {rules.name: rules.new_state(game) for rules in game.rules} if game.rules else _NO_EXTRAS
        self._start_history()
        self.final = None
        self.continue_play()

    @property
    def expansion_rules(self) -> tuple[Expansion, ...]:
        """The rules of the expansions this game is played with, whose hooks the base rules call."""
        return self.game.rules

    def _owner(self, stage_or_phase: int, of_phase: bool = False) -> Expansion:
        for rules in self.expansion_rules:
            if stage_or_phase in (rules.phases if of_phase else rules.stages):
                return rules
        raise AssertionError(f"no expansion owns {'phase' if of_phase else 'stage'} {stage_or_phase}")

    # --- contract ---------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.stage == GAME_OVER  # the base's test, with the stage a constant the compiler inlines

    def is_chance_node(self) -> bool:
        return self.stage < FIRST_DECISION

    def chance_weights(self) -> list[tuple[int, int]]:
        stage = self.stage
        if stage == ROLL:
            return list(_ROLL_WEIGHTS[self.dice_count])
        if stage == DICE_ROLL:
            return list(_DICE_WEIGHTS[self.num_players])
        if stage in (DEAL_CARD, EXTRA_DRAW):
            return [(card, 1) for card in self._deck_cards()]
        if stage == DEAL_BUILDING:
            counts = [0] * len(BUILDING_KINDS)
            unseen = self.unseen
            for t in range(NUM_TILES):
                if unseen >> t & 1:
                    counts[TILE_KIND[t]] += 1
            return [(A.BUILDING + k, n) for k, n in enumerate(counts) if n]
        if stage < FIRST_DECISION:
            return self._owner(stage).chance_weights(self)
        return []

    def chance_table(self) -> tuple[Sequence[int], Sequence[int]]:
        stage = self.stage
        if stage == ROLL:
            return _ROLL_TABLES[self.dice_count]
        if stage == DICE_ROLL:
            return _DICE_TABLES[self.num_players]
        if stage in (DEAL_CARD, EXTRA_DRAW):
            cards = self._deck_cards()
            if self._legal is None:
                self._legal = cards  # the node's legal actions, not computed again (never mutated)
            return cards, range(1, len(cards) + 1)
        return super().chance_table()

    def _deck_cards(self) -> list[int]:
        """The card outcomes of a deal: every card left in the deck, equally likely."""
        deck = self.deck
        return [A.CARD + i for i in range(NUM_CARDS) if deck >> i & 1]

    def clone(self) -> StoneAgeState:
        other = StoneAgeState()
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
        extras = self.extras
        other.extras = {name: part.clone() for name, part in extras.items()} if extras else extras
        other.final = self.final
        return other

    def resample_from_infostate(self, player: object, generator: random.Random) -> StoneAgeState:
        """A clone where the other players' face-down extra cards are redrawn from what
        ``player`` cannot tell apart: those cards together with the deck.

        Bought cards stay: they lie face down, but everyone saw them bought from the display.
        Once the game is over every card is shown, and nothing is redrawn.
        """
        seat = check_seat(player, self.num_players)
        other = self.clone()
        if self.stage == GAME_OVER:
            return other
        pl = other.players
        hidden = [q for q in range(self.num_players) if q != seat and pl[q * STRIDE + SECRET_CARDS]]
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
        return other

    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    def action_to_string(self, action: object) -> str:
        return A.action_name(action)

    def string_to_action(self, text: object) -> int:
        return A.parse_action(text)

    def returns(self) -> list[float]:
        if self.stage != GAME_OVER:
            return [0.0] * self.num_players
        won = self.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    def scores(self) -> list[int]:
        if self.final is not None:
            return [b["total"] for b in self.final]
        return [self.players[p * STRIDE + SCORE] for p in range(self.num_players)]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat, the final score part by part (as it would stand if the game ended now)."""
        if self.final is not None:
            return [dict(b) for b in self.final]
        return list(final_breakdowns(self))

    def tie_breaks(self) -> list[int]:
        """Per seat, agriculture + tool value + figures."""
        return [tie_break(self.players, p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """The winning seats (several on a full tie); meaningful once terminal."""
        totals = [b["total"] for b in self.score_breakdown()]
        return winners(totals, self.tie_breaks())

    def observation(self, player: object) -> JSON:
        from stoneage.games.stone_age.serialize import observation

        return observation(self, check_seat(player, self.num_players))

    def public_observation(self) -> JSON:
        from stoneage.games.stone_age.serialize import public_observation

        return public_observation(self)

    def observation_tensor(self, player: object) -> list[float]:
        from stoneage.games.stone_age.tensor import observation_tensor

        return observation_tensor(self, check_seat(player, self.num_players))

    def information_state_tensor(self, player: object) -> list[float]:
        from stoneage.games.stone_age.tensor import information_state_tensor

        return information_state_tensor(self, check_seat(player, self.num_players))

    def to_json(self) -> JSON:
        from stoneage.games.stone_age.serialize import state_to_json

        return state_to_json(self)

    def fact(self, action: int) -> Fact:
        from stoneage.games.stone_age.facts import action_fact

        return action_fact(self, action)

    def step_fact(self, kind: str, seat: int) -> Fact:
        from stoneage.games.stone_age.facts import step_fact

        return step_fact(self, kind, seat)

    def holdings(self) -> list[dict[str, int]]:
        from stoneage.games.stone_age.facts import holdings

        return holdings(self)

    def details_since(self, earlier: State) -> list[Fact]:
        from stoneage.games.stone_age.facts import details_since

        assert isinstance(earlier, StoneAgeState)
        return details_since(self, earlier)

    # --- what the rule modules call ------------------------------------------------------------

    def continue_play(self) -> None:
        """Run the automatic steps of the current phase up to the next decision or chance node."""
        phase = self.phase
        if phase == PLACEMENT:
            next_placer(self, self.cur + 1)
        elif phase == ACTIONS:
            next_resolution(self)
        elif phase == FEEDING:
            next_feeding(self)
        elif phase == SETUP:
            next_deal(self)
        elif phase == FINAL:
            next_final_take(self)
        else:
            self._owner(phase, of_phase=True).resume(self)

    def begin(self, phase: int) -> None:
        """Enter ``phase`` (seats then go from the first player on) and run up to the next node."""
        self.phase = phase
        if phase == PLACEMENT:
            start_placement(self)
            return
        if phase in (ACTIONS, FEEDING):
            self.order = 0
        self.continue_play()

    def load_history(self, actions: list[int]) -> None:
        """Rebuild the history from a list (when loading a state)."""
        self._set_history(actions)

    # --- legality ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        stage = self.stage
        if stage < FIRST_DECISION:
            if stage == ROLL:
                return _ROLL_TABLES[self.dice_count][0]
            if stage == DICE_ROLL:
                return _DICE_TABLES[self.num_players][0]
            if stage in (DEAL_CARD, EXTRA_DRAW):
                return self._deck_cards()
            return [a for a, _ in self.chance_weights()]
        if stage == GAME_OVER:
            return []
        p = self.cur
        base = p * STRIDE
        pl = self.players
        if stage == PLACE:
            out = placements(self, p)
        elif stage == RESOLVE:
            mine = self.board[NUM_LOCATIONS + p :: self.num_players]  # p's figures per location
            out = list(compress(_RESOLVE_ACTIONS, mine))
        elif stage == TOOLS:
            out = tool_actions(pl[base + READY], pl[base + READY + 1], pl[base + READY + 2], pl[base + READY + 3],
                               pl[base + ONE_USE])
        elif stage in (BUY_CARD, BUY_BUILDING):
            out = payable_now(self, p)
            out.append(A.DECLINE)
        elif stage == PICK:
            out = [A.PICK + face - 1 for face in sorted(set(self.dice_left))]
        elif stage == TAKE_NOW:
            out = []
        elif stage == FEED:
            out = payable(FEEDING_TABLE, self.shortfall, pl[base + WOOD], pl[base + WOOD + 1], pl[base + WOOD + 2],
                          pl[base + WOOD + 3])
            out.append(A.STARVE)
        else:
            out = self._owner(stage).legal_actions(self)
        if pl[base + TWO_RESOURCES]:
            out = out + list(A.TAKES) if not out or out[-1] < A.TAKE else sorted(out + list(A.TAKES))
        return out

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        stage = self.stage
        if action >= A.TAKE and action < A.ROLL:
            take_two_resources(self.players, self.cur, action)
            if stage == TAKE_NOW:
                self.continue_play()
        elif stage == PLACE:
            place(self, action)
        elif stage == RESOLVE:
            if resolve(self, self.cur, action - A.RESOLVE):
                self.continue_play()
        elif stage == ROLL:
            rolled(self, action - A.ROLL + 1)
        elif stage == TOOLS:
            use_tools(self, action)
        elif stage == BUY_CARD:
            if action == A.DECLINE or buy_card(self, action):
                self.continue_play()
        elif stage == BUY_BUILDING:
            if action == A.DECLINE or buy_building(self, action):
                self.continue_play()
        elif stage == DEAL_CARD:
            card_id = action - A.CARD + 1
            self.deck &= ~(1 << (card_id - 1))
            self.display[self.slot] = card_id
            self.continue_play()
        elif stage == EXTRA_DRAW:
            bit = 1 << (action - A.CARD)
            self.deck &= ~bit
            self.players[self.cur * STRIDE + SECRET_CARDS] |= bit
            self.continue_play()
        elif stage == DEAL_BUILDING:
            kind = action - A.BUILDING
            tile = next(t for t in _TILES_OF_KIND[kind] if self.unseen >> t & 1)
            self.unseen &= ~(1 << tile)
            self.tops[self.slot] = tile
            self.continue_play()
        elif stage == DICE_ROLL:
            self.dice_left = A.DICE_ROLLS[action - A.DICE]
            self.cur = self.slot  # the buyer picks first
            next_pick(self)
        elif stage == PICK:
            pick(self, self.cur, action - A.PICK + 1)
            next_pick(self)
        elif stage == FEED:
            feed(self, action)
        else:
            self._owner(stage).apply(self, action)
