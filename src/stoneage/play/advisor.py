"""The advisor: one judge of every choice, read by the hint, the warnings, "Why?" and the analysis.

Every legal choice at a decision is valued by one evaluator (``play/valuation.py``: exact over
small chance steps and the seat's own follow-up choices, then the game's calibrated chance of
winning), so the same position always gets the same values, and two choices with the same
outcomes the same value. From those values:

- an :class:`Assessment` of a move: what it lost against the advisor's best choice, and its class
  (good, inaccuracy, mistake, blunder by :data:`THRESHOLDS`);
- the **warnings** before a move: the game's rule-certain warnings (``PlayKit.warn``: tools spent
  for nothing, a purchase declined that could be paid, a certain −10 for hunger), shown only when
  an unwarned choice is valued at least as well (so a warning never contradicts the values);
- the **hint**: the kit's hint bot's choice (a search within its clock), unless it is warned or
  the values class it below *good*; then the best unwarned choice by the values. So a person who
  follows a hint never meets the "Are you sure?" question, and the analysis never calls it a mistake.

The session and the game server both ask an ``Advisor``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from stoneage.bots.base import Bot
from stoneage.bots.registry import check_plays, make_bot
from stoneage.core.contract import Game, State
from stoneage.core.i18n import pgettext
from stoneage.play.kit import PlayKit
from stoneage.play.valuation import EQUAL, Choice, value_choices
from stoneage.play.warnings import warnings_for

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
THRESHOLDS: tuple[tuple[str, float], ...] = ((BLUNDER, 0.20), (MISTAKE, 0.10), (INACCURACY, 0.05))
"""A choice that loses at least this much winning chance (0..1) gets this class, worst first."""
LABELS = (GOOD, INACCURACY, MISTAKE, BLUNDER)
"""The classes of a choice, best first (``label_words`` says them)."""
KEPT = 64
"""Decisions whose values an advisor keeps (a hint, then its warnings, then "why?" ask the same one)."""


def classify(loss: float) -> str:
    """The class of a choice that lost ``loss`` winning chance."""
    for label, bound in THRESHOLDS:
        if loss >= bound:
            return label
    return GOOD


def label_words(label: str) -> str:
    """A choice's class in words, in the current language ("good" as in a good move, not a good)."""
    return {GOOD: pgettext("decision", "good"), INACCURACY: pgettext("decision", "inaccuracy"),
            MISTAKE: pgettext("decision", "mistake"), BLUNDER: pgettext("decision", "blunder")}[label]


@dataclass(frozen=True)
class Assessment:
    """What the advisor thinks of one move at a decision."""

    seat: int
    action: int
    best: int
    """The advisor's best choice (never a warned one while an unwarned one is legal)."""
    values: tuple[float, ...]
    """Every seat's chance of winning after the move."""
    best_values: tuple[float, ...]
    """Every seat's chance of winning after the best choice."""
    choices: tuple[Choice, ...]
    """Every legal choice with its values, best first for the seat."""

    @property
    def loss(self) -> float:
        """Winning chance the move loses against the best choice (0 when they are equal or it is better)."""
        loss = self.best_values[self.seat] - self.values[self.seat]
        return round(loss, 4) if loss > EQUAL else 0.0

    @property
    def label(self) -> str:
        """The move's class by :data:`THRESHOLDS`."""
        return classify(self.loss)

    @property
    def matters(self) -> bool:
        """Whether some legal choice would have lost at least the inaccuracy threshold: a decision
        where a player can go wrong (accuracy counts only these)."""
        worst = self.choices[-1].values[self.seat]
        return self.best_values[self.seat] - worst >= THRESHOLDS[-1][1]


class Advisor:
    """Values, hints and warnings for one game; the hint bot is the kit's unless told (made on first use)."""

    def __init__(self, game: Game, kit: PlayKit, seed: int) -> None:
        self.game = game
        self.kit = kit
        self.seed = seed
        self._spec = kit.hint_bot
        self._bot: Bot | None = None
        self._values: OrderedDict[tuple[int, ...], tuple[Choice, ...]] = OrderedDict()

    @property
    def spec(self) -> str:
        """The hint bot's spec (the kit's ``hint_bot`` unless set)."""
        return self._spec

    @spec.setter
    def spec(self, spec: str) -> None:
        self._spec = spec
        self._bot = None

    def bot(self) -> Bot:
        """The hint bot (``BotSpecError`` if its spec cannot be made or cannot play this game)."""
        if self._bot is None:
            bot = make_bot(self._spec, seed=self.seed)
            check_plays(bot, self._spec, self.game.name)
            self._bot = bot
        return self._bot

    def choices(self, state: State) -> tuple[Choice, ...]:
        """Every legal choice of the seat to move with its values, best first for that seat (ties in
        the order of the legal actions); kept for the last :data:`KEPT` decisions."""
        key = tuple(state.history())
        found = self._values.get(key)
        if found is None:
            seat = state.current_player()
            valued = value_choices(state, seat, self.seed + state.move_number(), self.kit.worlds)
            found = tuple(sorted(valued, key=lambda choice: -choice.values[seat]))
            self._values[key] = found
            while len(self._values) > KEPT:
                self._values.popitem(last=False)
        return found

    def assess(self, state: State, action: int) -> Assessment:
        """What the advisor thinks of the seat to move playing ``action`` in ``state`` (not changed)."""
        seat = state.current_player()
        choices = self.choices(state)
        best = self._best(state, choices)
        played = next(choice for choice in choices if choice.action == action)
        return Assessment(seat, action, best.action, played.values, best.values, choices)

    def _best(self, state: State, choices: tuple[Choice, ...]) -> Choice:
        """The best choice the advisor does not warn of (one always exists: a warning needs a choice
        valued as well that is not warned of)."""
        return next(choice for choice in choices if not self.warnings(state, choice.action))

    def warnings(self, state: State, action: int) -> list[str]:
        """What the seat to move should know before playing ``action``: the game's warnings, when an
        unwarned choice is valued at least as well (empty: nothing to warn of)."""
        found = warnings_for(self.kit, state, action)
        if not found:
            return []
        seat = state.current_player()
        choices = self.choices(state)
        mine = next(choice for choice in choices if choice.action == action).values[seat]
        # best first: the first unwarned choice is the best one, so no other needs the rules' check
        unwarned = next((choice for choice in choices if not warnings_for(self.kit, state, choice.action)), None)
        return found if unwarned is not None and unwarned.values[seat] >= mine - EQUAL else []

    def hint(self, state: State, seat: int) -> int:
        """The move to suggest to ``seat`` in ``state`` (not changed): the hint bot's, unless it is
        warned or classed below good; then the advisor's best unwarned choice."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        choice = self.bot().step(state.clone(), seat)
        judged = self.assess(state, choice)
        return choice if judged.label == GOOD and not self.warnings(state, choice) else judged.best
