"""The hooks through which an expansion attaches its rules to the base game.

The base rules never name an expansion: at a few fixed moments of a round they call the hooks
of every expansion the game is played with (``StoneAgeState.expansion_rules``), and the stages
and phases an expansion declares as its own are dispatched to it. Each hook's default does
nothing, so an expansion overrides only what it changes (python-chess's variants, in spirit).

A hook that returns ``True`` has left a node pending (a decision or a chance event) and takes
over; the base flow resumes when the expansion calls ``state.continue_play()``.

An expansion owns its part of the position (an ``ExpansionState`` in ``state.extras`` under its
name): it makes it, writes and reads its JSON section, shows it to viewers and checks a loaded one.
Its stages and phase take numbers from the ranges ``stages.py`` keeps for expansions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from stoneage.core.contract import JSON
from stoneage.core.errors import IllegalActionError
from stoneage.core.facts import Fact, FactKind, FactValue

if TYPE_CHECKING:
    from stoneage.core.fields import FieldReader
    from stoneage.games.stone_age.game import StoneAgeGame
    from stoneage.games.stone_age.state import StoneAgeState


class ExpansionState:
    """An expansion's own part of a position; the base state clones it and reads nothing else."""

    __slots__ = ()

    def clone(self) -> ExpansionState:
        """An independent copy."""
        raise NotImplementedError


class Expansion:
    """An expansion's rules. Subclasses name themselves and override the hooks they need."""

    name: ClassVar[str] = ""
    """The option name (``expansions=[name]``)."""
    title: ClassVar[str] = ""
    """What a person calls it, untranslated (``_(title)`` translates it)."""
    stages: ClassVar[frozenset[int]] = frozenset()
    """The stages whose nodes belong to this expansion (its chance events and decisions)."""
    phases: ClassVar[frozenset[int]] = frozenset()
    """The phases of a round this expansion runs."""
    stage_names: ClassVar[dict[int, str]] = {}
    """Its stages' names in the JSON state format, by number."""
    phase_names: ClassVar[dict[int, str]] = {}
    """Its phases' names in the JSON state format, by number."""
    phases_of_stage: ClassVar[dict[int, frozenset[int]]] = {}
    """The phases in which each of its stages, and each base stage it also uses, may be pending."""
    resolver_stages: ClassVar[frozenset[int]] = frozenset()
    """Its stages of the actions phase whose seat is the one resolving its locations."""
    fact_kinds: ClassVar[tuple[FactKind, ...]] = ()
    """The kinds of fact it tells (docs/facts.md)."""

    def new_state(self, game: StoneAgeGame) -> ExpansionState:
        """Its part of the position at the start of a game."""
        raise NotImplementedError

    def to_json(self, state: StoneAgeState, hidden: bool) -> JSON:
        """Its section of the JSON state (``hidden``: as a viewer sees it, chance's secrets left out)."""
        return {}

    def seat_json(self, state: StoneAgeState, seat: int) -> dict[str, int]:
        """What it adds to a seat's entry of the JSON state (public numbers)."""
        return {}

    def read_json(self, state: StoneAgeState, section: FieldReader) -> ExpansionState:
        """Its part of the position from its JSON section (``StateFormatError`` names a bad field)."""
        raise NotImplementedError

    def read_seat(self, state: StoneAgeState, seat: int, entry: FieldReader) -> None:
        """Read what it adds to a seat's entry (after ``read_json``)."""

    def check(self, state: StoneAgeState) -> None:
        """Raise ``StateFormatError`` unless its part of a loaded state is one the rules can reach."""

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

    def fact(self, state: StoneAgeState, action: int) -> Fact | None:
        """What ``action`` does at one of its stages, or one of its actions anywhere; None if not its own."""
        return None

    def step_data(self, state: StoneAgeState, kind: str, seat: int) -> dict[str, FactValue] | None:
        """The data of the fact of one of its automatic steps (``auto_step(kind, seat)``); None if not its own."""
        return None

    def final_scoring(self, state: StoneAgeState, parts: tuple[dict[str, int], ...]) -> None:
        """Add the expansion's final points to every seat's score breakdown (``total`` included)."""
