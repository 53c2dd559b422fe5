"""The advisor: where a hint and the warnings before a move both come from, so they never disagree.

A game's warnings (``PlayKit.warn``) name moves whose loss the rules make certain: tools spent for
nothing, a purchase declined that could be paid, a certain −10 for hunger. A hint is the kit's hint
bot's choice unless the warnings flag it; then it is the unwarned choice the bots' evaluation values
most one step on. So a person who follows a hint never meets the "Are you sure?" question. The session and the game
server both ask an ``Advisor``.
"""

from __future__ import annotations

from stoneage.bots.base import Bot
from stoneage.bots.evaluation import evaluate
from stoneage.bots.registry import check_plays, make_bot
from stoneage.core.contract import Game, State
from stoneage.play.kit import PlayKit
from stoneage.play.warnings import warnings_for


class Advisor:
    """Hints and warnings for one game, from a hint bot (the kit's unless told; made on first use)."""

    def __init__(self, game: Game, kit: PlayKit, seed: int) -> None:
        self.game = game
        self.kit = kit
        self.seed = seed
        self._spec = kit.hint_bot
        self._bot: Bot | None = None

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

    def warnings(self, state: State, action: int) -> list[str]:
        """What the seat to move should know before playing ``action`` (empty: nothing to warn of)."""
        return warnings_for(self.kit, state, action)

    def hint(self, state: State, seat: int) -> int:
        """The move to suggest to ``seat`` in ``state`` (not changed): never one the warnings flag,
        unless every legal move is flagged."""
        choice = self.bot().step(state.clone(), seat)
        if not self.warnings(state, choice):
            return choice
        unwarned = [action for action in state.legal_actions() if not self.warnings(state, action)]
        if not unwarned:
            return choice
        return max(unwarned, key=lambda action: (value_after(state, action, seat), -action))


def value_after(state: State, action: int, seat: int) -> float:
    """``seat``'s chance of winning after ``action``, by the evaluation, which reads only what ``seat``
    may know (a chance step after the action is not expanded: its outcomes may hang on hidden cards)."""
    child = state.clone()
    child.apply_action(action)
    return evaluate(child, seat)[seat]
