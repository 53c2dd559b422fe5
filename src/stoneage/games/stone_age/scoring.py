"""Final scoring and the tie-break (stone-age.md §5, "Final scoring")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stoneage.games.stone_age.data import (
    CARDS,
    FARMER,
    GREEN_SYMBOLS,
    HUT_BUILDER,
    NUM_CARDS,
    POINTS,
    SHAMAN,
    TILE_KIND,
    TOOLMAKER_FIGURE,
)
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    BUILDINGS,
    CARDS as CARD_MASK,
    FIGURES,
    PENALTIES,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    USED,
    WOOD,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState


def card_ids(mask: int) -> list[int]:
    """The card ids in a card bitmask, ascending."""
    return [bit + 1 for bit in set_bits(mask & ((1 << NUM_CARDS) - 1))]


def tile_ids(mask: int) -> list[int]:
    """The building tile ids in a tile bitmask, ascending."""
    return set_bits(mask & ((1 << len(TILE_KIND)) - 1))


def set_bits(mask: int) -> list[int]:
    """The positions of the bits set in ``mask`` (non-negative), ascending: one step per set bit."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    return bits


def green_score(symbol_counts: Sequence[int]) -> int:
    """Sets of different green symbols, each scoring its size squared."""
    counts = list(symbol_counts)
    total = 0
    while True:
        size = sum(1 for n in counts if n)
        if not size:
            return total
        total += size * size
        counts = [max(n - 1, 0) for n in counts]


def tool_value(players: Sequence[int], player: int) -> int:
    """Total value of a player's permanent tool tiles (one-use tools excluded)."""
    base = player * STRIDE
    return sum(v * (players[base + READY + v - 1] + players[base + USED + v - 1]) for v in (1, 2, 3, 4))


def breakdown(players: Sequence[int], player: int) -> dict[str, int]:
    """The final score of one player, part by part (``total`` is the final score)."""
    base = player * STRIDE
    cards = [CARDS[i - 1] for i in card_ids(players[base + CARD_MASK] | players[base + SECRET_CARDS])]
    green = [0] * len(GREEN_SYMBOLS)
    sand = [0, 0, 0, 0]
    for c in cards:
        if c.green >= 0:
            green[c.green] += 1
        else:
            sand[c.sand] += c.figures
    card_points = sum(c.value for c in cards if c.effect == POINTS and not _secret(players, base, c.id))
    penalties = -10 * players[base + PENALTIES]
    track = players[base + SCORE]
    parts = {
        "buildings": track - card_points - penalties,  # an expansion takes out its own points
        "card_points": card_points,
        "penalties": penalties,
        "green": green_score(green),
        "farmers": sand[FARMER] * players[base + AGRICULTURE],
        "tool_makers": sand[TOOLMAKER_FIGURE] * tool_value(players, player),
        "hut_builders": sand[HUT_BUILDER] * bin(players[base + BUILDINGS]).count("1"),
        "shamans": sand[SHAMAN] * players[base + FIGURES],
        "resources": sum(players[base + WOOD: base + WOOD + 4]),
    }
    parts["total"] = track + sum(
        parts[k] for k in ("green", "farmers", "tool_makers", "hut_builders", "shamans", "resources")
    )
    return parts


def _secret(players: Sequence[int], base: int, card_id: int) -> bool:
    return bool(players[base + SECRET_CARDS] >> (card_id - 1) & 1)


def tie_break(players: Sequence[int], player: int) -> int:
    """Agriculture + tool value + figures: the tie-break sum."""
    base = player * STRIDE
    return players[base + AGRICULTURE] + tool_value(players, player) + players[base + FIGURES]


def winners(totals: Sequence[int], tie_breaks: Sequence[int]) -> list[int]:
    """Seats with the best (score, tie-break); several on a full tie (a shared win)."""
    best = max(zip(totals, tie_breaks, strict=False))
    return [p for p, key in enumerate(zip(totals, tie_breaks, strict=False)) if key == best]


def final_breakdowns(state: StoneAgeState) -> tuple[dict[str, int], ...]:
    """Every seat's final score part by part, the expansions' parts included."""
    parts = tuple(breakdown(state.players, p) for p in range(state.num_players))
    for rules in state.expansion_rules:
        rules.final_scoring(state, parts)
    return parts
