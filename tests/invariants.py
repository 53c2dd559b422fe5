"""Invariants that must hold in every reachable Stone Age state."""

from __future__ import annotations

from stoneage.games.stone_age import state as S
from stoneage.games.stone_age.data import AREA_CAPACITY, LOCATIONS
from stoneage.games.stone_age.serialize import check_consistency
from stoneage.games.stone_age.state import StoneAgeState


def check_invariants(state: StoneAgeState) -> None:
    """Cards, tiles and figures conserved; nothing negative; capacities respected."""
    check_consistency(state)
    data = state.to_json()
    for seat, p in enumerate(data["players"]):
        assert 5 <= p["figures"] <= 10, (seat, p["figures"])
        assert p["food"] >= 0 and p["unplaced"] >= 0
        assert all(n >= 0 for n in p["resources"].values())
        assert 0 <= p["agriculture"] <= 10
        tiles = p["tools_ready"] + p["tools_used"]
        assert len(tiles) <= 3 and all(1 <= v <= 4 for v in tiles)
        placed = sum(data["board"][name][seat] for name in LOCATIONS)
        if state.phase == S.PLACEMENT:
            assert placed + p["unplaced"] == p["figures"]
        else:
            assert placed <= p["figures"]
    for part in state.score_breakdown():
        assert part["buildings"] >= 0 and part["card_points"] % 3 == 0 and part["penalties"] % 10 == 0
    board = data["board"]
    for name in ("forest", "claypit", "quarry", "river"):
        assert sum(board[name]) <= AREA_CAPACITY
    for name in ("toolmaker", "field", *[n for n in LOCATIONS if n.startswith(("card", "building"))]):
        assert sum(board[name]) <= 1
    assert sum(board["hut"]) in (0, 2)
    if state.num_players < 4:
        assert sum(1 for name in ("toolmaker", "hut", "field") if sum(board[name])) <= 2
        for name in ("forest", "claypit", "quarry", "river"):
            assert sum(1 for n in board[name] if n) <= state.num_players - 1
