"""The hooks through which an expansion attaches its rules to the base game.

The base rules never name an expansion: at a few fixed moments of a round they call the hooks
of every expansion the game is played with (``StoneAgeState.expansion_rules``), and the stages
and phases an expansion declares as its own are dispatched to it. Each hook's default does
nothing, so an expansion overrides only what it changes (python-chess's variants, in spirit).

A hook that returns ``True`` has left a node pending (a decision or a chance event) and takes
over; the base flow resumes when the expansion calls ``state.continue_play()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from stoneage.core.errors import IllegalActionError

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


class Expansion:
    """An expansion's rules. Subclasses name themselves and override the hooks they need."""

    name: ClassVar[str] = ""
    """The option name (``expansions=[name]``)."""
    stages: ClassVar[frozenset[int]] = frozenset()
    """The stages whose nodes belong to this expansion (its chance events and decisions)."""
    phases: ClassVar[frozenset[int]] = frozenset()
    """The phases of a round this expansion runs."""

    def deal(self, state: StoneAgeState) -> bool:
        """Round setup, once the display and the building stacks are full; True if a node is pending."""
        return False

    def gathering(self, state: StoneAgeState, location: int, figures: int) -> None:
        """``figures`` of the current seat leave ``location`` (a gathering area) to roll."""

    def after_gathering(self, state: StoneAgeState) -> bool:
        """The gatherer has taken their yield (a roll by figures or by a card); True if a node is pending."""
        return False

    def before_feeding(self, state: StoneAgeState) -> bool:
        """Every location is resolved; True if the expansion takes over the round before feeding.

        An expansion that takes over sets ``phase = FEEDING`` and calls ``continue_play()`` when done.
        """
        return False

    def resume(self, state: StoneAgeState) -> None:
        """Continue the expansion's own phase after a shared node (a card draw, a take) is done."""

    def chance_weights(self, state: StoneAgeState) -> list[tuple[int, int]]:
        """``(outcome, weight)`` pairs at one of the expansion's chance stages."""
        return []

    def legal_actions(self, state: StoneAgeState) -> list[int]:
        """The legal actions at one of the expansion's decision stages."""
        return []

    def apply(self, state: StoneAgeState, action: int) -> None:
        """Apply a legal action at one of the expansion's stages, then continue to the next node."""
        raise IllegalActionError(f"the {self.name or 'base'} expansion has no stage to apply {action}")

    def final_scoring(self, state: StoneAgeState, parts: tuple[dict[str, int], ...]) -> None:
        """Add the expansion's final points to every seat's score breakdown (``total`` included)."""
