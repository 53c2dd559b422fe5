"""The running tallies (``unknown``, ``wants``, ``wanted``, ``shown``): kept up to date by the rules.

They answer at every turn what counting the cards would (the stalemate test, the chance tables):
the rules change them step by step as cards are turned up, kept and refilled (``shown`` and
``unknown``, in ``turn.py``) and as huts are dealt and built (``set_wants``); ``recount`` sets them
afresh from the cards where they lie (a state read from JSON, or edited by hand). Their plain
definitions are the counts of ``view.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.first_stone_age.view import count_shown, count_unknown, keepable_kinds, wanted_kinds

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.state import FirstStoneAgeState


def recount(state: FirstStoneAgeState) -> None:
    """Set the running tallies from the cards where they lie (after the fields were set otherwise than by play)."""
    state.unknown = count_unknown(state)
    state.wants = [keepable_kinds(state, p) for p in range(state.num_players)]
    state.wanted = wanted_kinds(state)
    state.shown = count_shown(state)


def set_wants(state: FirstStoneAgeState, p: int) -> None:
    """Seat ``p``'s hut or goods changed: update ``wants`` and ``wanted``."""
    state.wants[p] = keepable_kinds(state, p)
    state.wanted = wanted_kinds(state)

