"""What the children's games' numeric observations share: seats from the viewer's point of view,
the phase and pending node, the hut race and the turn count.

A game's encoder lists ``family_slots`` first, then its own; the information state is the
observation's slots followed by the memory slots, so ``information_state[:observation.size]`` is
the observation. Encoders write into a plain list by slot start (no per-value lookups): fast.
"""

from __future__ import annotations

from typing import Any

from stoneage.core.tensor import Layout
from stoneage.games.family.data import HUTS_TO_WIN
from stoneage.games.family.state import PHASES, FamilyState

Slots = list[tuple[str, int, str]]

TURN_CEILING = 1000
"""The turn count is divided by this (and clipped): longer games read 1."""
NUM_HUTS = 15
"""Both children's games number their huts 1..15."""


def seat_order(player: int, num_players: int) -> list[int]:
    """The seats as ``player`` sees them: its own first, then the next in turn order."""
    return [(player + k) % num_players for k in range(num_players)]


def family_slots(num_players: int, stages: tuple[str, ...]) -> Slots:
    """The slots every children's game starts with (seat blocks relative to the viewer)."""
    n = num_players
    return [
        ("phase", len(PHASES), "one-hot: setup, play, over"),
        ("stage", len(stages), "one-hot of the pending node: " + ", ".join(stages)),
        ("pending_seat", n, "one-hot of the seat deciding or the seat a chance event concerns "
                            "(relative: 0 = the viewer); zeros once the game is over"),
        ("winner", n, "one-hot of the winning seat (relative); zeros while playing or after a stalemate"),
        ("turn", 1, f"turns begun / {TURN_CEILING} (clipped)"),
        ("huts_built", n, f"per seat (relative), huts built / {HUTS_TO_WIN}"),
        ("built_huts", n * NUM_HUTS, "per seat (relative), 1 for each hut number 1..15 it has built"),
    ]


def starts(layout: Layout) -> dict[str, int]:
    """Each slot's first index, for writing without lookups by name in the hot path."""
    return {slot.name: slot.start for slot in layout}


def put_family(vector: list[float], at: dict[str, int], state: FamilyState[Any], seats: list[int]) -> None:
    """Write the family slots of ``state`` as seen from ``seats[0]`` (``seats`` from ``seat_order``)."""
    n = len(seats)
    over = state.stage == state.GAME_OVER
    vector[at["phase"] + state.phase] = 1.0
    vector[at["stage"] + state.stage] = 1.0
    player = seats[0]
    if not over:
        vector[at["pending_seat"] + (state.cur - player) % n] = 1.0
    else:
        won = state.winner()
        if won >= 0:
            vector[at["winner"] + (won - player) % n] = 1.0
    vector[at["turn"]] = min(state.turn / TURN_CEILING, 1.0)
    built_at, huts_at = at["huts_built"], at["built_huts"]
    for rel, seat in enumerate(seats):
        huts = state.built[seat]
        vector[built_at + rel] = min(len(huts) / HUTS_TO_WIN, 1.0)
        for number in huts:
            vector[huts_at + rel * NUM_HUTS + number - 1] = 1.0
