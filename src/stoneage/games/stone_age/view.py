"""A read-only view of a Stone Age position for programs (bots, analyses): plain ints and tuples.

The state keeps its numbers in flat lists laid out for fast copying (``layout.py``); that layout
is the engine's business and may change. This module is the one place outside the rules that
reads it, and it promises these names instead:

* :func:`cards_seen` — the one rule of what a viewer sees of a seat's cards (the observations,
  the tensors, this view and the facts all ask it);
* :func:`holdings` — what one seat owns (:class:`Holdings`), as another seat may know it;
* :func:`table` — the shared situation (:class:`Table`): round, phase, the pending decision,
  the card display, the building stacks, the deck, the Mammoth Herd;
* :func:`placed` and :func:`occupied` — figures on the board's locations.

Everything returned is a fresh tuple of ints (or strings), so nothing here can change the state.
It is built for search, which reads positions hundreds of thousands of times: each call is a
few list reads, with no observation or JSON built.

Locations are numbered as ``data.LOCATIONS`` (0 hunting grounds, 1–4 forest, clay pit, quarry,
river, 5 toolmaker, 6 hut, 7 field, 8–11 the card display slots by cost 1–4, 12–15 the building
stacks). Cards are bitmasks over card ids (bit ``id - 1``), as in ``scoring.card_ids``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from stoneage.core.contract import OMNISCIENT
from stoneage.games.stone_age.actions import ONE_USE_VALUES
from stoneage.games.stone_age.data import NUM_LOCATIONS
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    BUILDINGS,
    CARDS,
    FIGURES,
    FOOD,
    ONE_USE,
    PENALTIES,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    TWO_RESOURCES,
    UNPLACED,
    USED,
    WOOD,
)
from stoneage.games.stone_age.mammoth_state import herd_of
from stoneage.games.stone_age.stages import GAME_OVER

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

__all__ = ["Holdings", "Table", "cards_seen", "holdings", "occupied", "placed", "sees_face_down", "table"]

_ONE_USE: Final = tuple(
    tuple(v for i, v in enumerate(ONE_USE_VALUES) if mask >> i & 1)
    for mask in range(1 << len(ONE_USE_VALUES))
)
_new: Final = tuple.__new__  # Final: compiled code keeps both in C statics, not the module's dict


class Holdings(NamedTuple):
    """What one seat owns, as an observer may know it (from :func:`holdings`)."""

    figures: int
    """Figures the seat owns (5..10)."""
    unplaced: int
    """Figures still at home during placement."""
    food: int
    resources: tuple[int, int, int, int]
    """Wood, clay, stone, gold."""
    agriculture: int
    """The food track (0..10)."""
    score: int
    """The score track (buildings, point cards, −10 penalties, Mammoth Herd tiles)."""
    tools: int
    """Total value of the seat's tool tiles, used this round or not."""
    ready_tools: int
    """Value of the tool tiles not yet used this round."""
    one_use_tools: tuple[int, ...]
    """Values of the unused one-use tools, lowest first."""
    two_resources: int
    """Unused cards that give two resources of one's choice (0 or 1)."""
    cards: int
    """Bitmask of the civilization cards bought (bit ``id - 1``). They lie face down unless the
    ``open_cards`` variant is on, but everyone saw them bought from the display, so any seat
    that remembers the game knows them."""
    face_down: int
    """How many face-down extra cards the seat holds (anyone may count them)."""
    secret_cards: int
    """Bitmask of those face-down cards when the observer sees them (``cards_seen``: the seat
    itself, or anyone once the game is over), else 0."""
    buildings: int
    """How many building tiles the seat owns."""
    penalties: int
    """−10 feeding penalties taken."""
    mammoth_tiles: int
    """Mammoth Herd: bonus tiles won (0 without the expansion)."""
    on_tile: int
    """Mammoth Herd: figures standing on this round's bonus tile."""

    @property
    def wood(self) -> int:
        return self.resources[0]

    @property
    def clay(self) -> int:
        return self.resources[1]

    @property
    def stone(self) -> int:
        return self.resources[2]

    @property
    def gold(self) -> int:
        return self.resources[3]


class Table(NamedTuple):
    """The situation everyone at the table sees (from :func:`table`)."""

    players: int
    round: int
    phase: str
    """The phase by name, as in the JSON state (``StoneAgeState.PHASE_NAMES``: ``"placement"``, ``"actions"``,
    ``"feeding"``, …)."""
    stage: str
    """The pending node by name, as in the JSON state (``"place"``, ``"roll"``, ``"tools"``, …)."""
    seat: int
    """The seat deciding at the pending node (or acting, at a chance node)."""
    gather: int
    """The location (0..4) of the roll pending or waiting for tools."""
    dice: int
    """The number of dice of the pending roll."""
    rolled: int
    """The dice sum waiting for tools (stage ``"tools"``)."""
    shortfall: int
    """Food missing at the pending feeding decision."""
    deck: int
    """Cards left in the deck."""
    stacks: tuple[int, ...]
    """Tiles left on each building stack, the face-up one included (one entry per player)."""
    tops: tuple[int, ...]
    """The face-up building tile id on each stack, −1 when the stack is empty."""
    display: tuple[int, int, int, int]
    """The card id in each display slot (slot ``s`` costs ``s + 1`` resources), 0 when empty."""
    mammoth: bool
    """Whether the Mammoth Herd expansion is in play."""
    herd: int
    """Mammoth Herd: the location the herd stands on this round, −1 when none."""


def cards_seen(state: StoneAgeState, seat: int, viewer: int) -> tuple[bool, bool]:
    """Whether ``viewer`` (a seat, ``PUBLIC`` or ``OMNISCIENT``) sees ``seat``'s cards: (the
    civilization cards it bought, the extra cards it drew face down).

    Stone Age's one hiding rule: a seat sees its own cards, and once the game is over everyone
    sees every card. Before that, bought cards lie face up with the ``open_cards`` variant and
    face down otherwise (though everyone watched them leave the display), and the extra cards a
    seat drew face down are hidden from every other seat.
    """
    if viewer in (seat, OMNISCIENT) or state.stage == GAME_OVER:
        return True, True
    return "open_cards" in state.game.variants, False


def sees_face_down(state: StoneAgeState, seat: int, viewer: int) -> bool:
    """Whether ``viewer`` sees the extra cards ``seat`` drew face down (``cards_seen``)."""
    return cards_seen(state, seat, viewer)[1]


def holdings(state: StoneAgeState, seat: int, observer: int | None = None) -> Holdings:
    """What ``seat`` owns, as ``observer`` (by default the seat itself) may know it."""
    pl = state.players
    b = seat * STRIDE
    r = b + READY
    u = b + USED
    secret = pl[b + SECRET_CARDS]
    herd = herd_of(state) if state.game.mammoth else None
    return _new(Holdings, (
        pl[b + FIGURES],
        pl[b + UNPLACED],
        pl[b + FOOD],
        (pl[b + WOOD], pl[b + WOOD + 1], pl[b + WOOD + 2], pl[b + WOOD + 3]),
        pl[b + AGRICULTURE],
        pl[b + SCORE],
        pl[r] + pl[u] + 2 * (pl[r + 1] + pl[u + 1]) + 3 * (pl[r + 2] + pl[u + 2]) + 4 * (pl[r + 3] + pl[u + 3]),
        pl[r] + 2 * pl[r + 1] + 3 * pl[r + 2] + 4 * pl[r + 3],
        _ONE_USE[pl[b + ONE_USE]],
        pl[b + TWO_RESOURCES],
        pl[b + CARDS],
        secret.bit_count(),
        secret if observer is None or sees_face_down(state, seat, observer) else 0,
        pl[b + BUILDINGS].bit_count(),
        pl[b + PENALTIES],
        herd.won[seat] if herd is not None else 0,
        herd.on_tile[seat] if herd is not None else 0,
    ))


def table(state: StoneAgeState) -> Table:
    """The shared situation: round, phase, pending decision, display, stacks, deck, herd."""
    num_players = state.num_players
    return _new(Table, (
        num_players,
        state.round,
        state.PHASE_NAMES[state.phase],
        state.STAGE_NAMES[state.stage],
        state.cur,
        state.gather,
        state.dice_count,
        state.rolled,
        state.shortfall,
        state.deck.bit_count(),
        tuple(state.stack_left[:num_players]),
        tuple(state.tops[:num_players]),
        tuple(state.display),
        bool(state.game.mammoth),
        herd_of(state).herd if state.game.mammoth else -1,
    ))


def placed(state: StoneAgeState, seat: int) -> tuple[int, ...]:
    """The figures ``seat`` has on each location (``NUM_LOCATIONS`` entries, by location)."""
    return tuple(state.board[NUM_LOCATIONS + seat::state.num_players])


def occupied(state: StoneAgeState) -> tuple[int, ...]:
    """The figures of all seats together on each location."""
    return tuple(state.board[:NUM_LOCATIONS])
