"""Statistics of finished games: each player's own (private to their key) and the public leaderboard.

Everything is computed from the stored results, so it can never disagree with the records. Ratings
are openskill's Plackett-Luce, ranked by final score, in the order the games finished; bots are
rated too (as ``bot:<level>``), and a person seat without a personal key rates as a one-off guest.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from stoneage.core.contract import JSON
from stoneage.sim.ratings import rate
from stoneage.web.store import BOT, GameRow, Store


def _entrant(row: GameRow, seat: int) -> str:
    held = row.seats[seat]
    if held.kind == BOT:
        return f"bot:{held.bot}"
    return f"player:{held.player_id}" if held.player_id else f"guest:{row.id}:{seat}"


async def player_stats(store: Store, player_id: str) -> JSON:
    """Games, wins and average score per game and player count, for one player."""
    table: dict[tuple[str, int], dict[str, Any]] = defaultdict(lambda: {"games": 0, "wins": 0, "points": 0})
    for row, seat in await store.games_of_player(player_id):
        if row.result is None:
            continue
        entry = table[(row.game, row.players)]
        entry["games"] += 1
        entry["wins"] += seat in row.result["winners"]
        entry["points"] += row.result["scores"][seat]
    rows = [{"game": game, "players": players, "games": entry["games"], "wins": entry["wins"],
             "average_score": round(entry["points"] / entry["games"], 2)}
            for (game, players), entry in sorted(table.items())]
    return {"games": sum(r["games"] for r in rows), "wins": sum(r["wins"] for r in rows), "by_game": rows}


async def leaderboard(store: Store, game: str, limit: int = 100) -> list[JSON]:
    """Everyone rated from the finished games of ``game`` (guests left out), best first."""
    finished = [row for row in await store.finished(game) if row.result is not None]
    tables = [([_entrant(row, seat) for seat in range(row.players)], row.result["scores"])
              for row in finished if row.result is not None]
    wins: dict[str, int] = defaultdict(int)
    for row in finished:
        for seat in row.result["winners"] if row.result else ():
            wins[_entrant(row, seat)] += 1
    rated = [r for r in rate(tables) if not r.bot.startswith("guest:")]
    names = await store.player_names([r.bot.split(":", 1)[1] for r in rated if r.bot.startswith("player:")])
    board = []
    for rating in rated[:limit]:
        kind, _, ident = rating.bot.partition(":")
        board.append({"name": names.get(ident, "?") if kind == "player" else ident, "kind": kind,
                      "rating": round(rating.ordinal, 2), "mu": round(rating.mu, 2),
                      "sigma": round(rating.sigma, 2), "games": rating.games, "wins": wins[rating.bot]})
    return board
