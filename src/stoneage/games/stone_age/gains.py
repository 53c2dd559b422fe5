"""Changes to one player's holdings that several phases share: tool steps, agriculture, payments."""

from __future__ import annotations

from stoneage.games.stone_age.actions import PAIRS, TAKE
from stoneage.games.stone_age.data import MAX_AGRICULTURE, MAX_TOOL_TILES, MAX_TOOL_VALUE
from stoneage.games.stone_age.layout import AGRICULTURE, READY, STRIDE, TWO_RESOURCES, USED, WOOD


def tool_step(players: list[int], p: int) -> None:
    """One tool step: a new tile of 1 below 3 tiles, else raise a lowest tile (ready first)."""
    base = p * STRIDE
    tiles = sum(players[base + READY: base + READY + 4]) + sum(players[base + USED: base + USED + 4])
    if tiles < MAX_TOOL_TILES:
        players[base + READY] += 1
        return
    for v in range(MAX_TOOL_VALUE - 1):  # values 1..3 can be raised
        if players[base + READY + v]:
            players[base + READY + v] -= 1
            players[base + READY + v + 1] += 1
            return
        if players[base + USED + v]:
            players[base + USED + v] -= 1
            players[base + USED + v + 1] += 1
            return


def agriculture_step(players: list[int], p: int) -> None:
    """One step up the agriculture track (nothing at the top, 10)."""
    index = p * STRIDE + AGRICULTURE
    if players[index] < MAX_AGRICULTURE:
        players[index] += 1


def pay(players: list[int], p: int, mix: tuple[int, int, int, int]) -> None:
    """Take a mix of (wood, clay, stone, gold) from ``p``."""
    base = p * STRIDE + WOOD
    for r in range(4):
        players[base + r] -= mix[r]


def take_two_resources(players: list[int], p: int, action: int) -> None:
    """Use one two-resources token of ``p`` for the pair that ``action`` (a take) names."""
    base = p * STRIDE
    pair = PAIRS[action - TAKE]
    players[base + TWO_RESOURCES] -= 1
    for r in range(4):
        players[base + WOOD + r] += pair[r]
