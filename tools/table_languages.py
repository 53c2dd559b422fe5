"""Measure the game server's CPU per move at a table whose seats read different languages.

    python tools/table_languages.py [--game stone_age] [--players 4] [--moves 400] [--rounds 5]

A ``web.room.Room`` with one connected client per seat plays the same seeded game twice: every seat
reading English, then each seat another language (English, German, Korean, Portuguese). It prints
the CPU seconds per move of ``Room.apply`` (apply the move, tell every client its update) for both
tables, the best of ``--rounds`` alternating runs, and their ratio (docs/performance.md,
"Languages at one table").
"""

from __future__ import annotations

import argparse
import random
import time

from stoneage.core.contract import CHANCE
from stoneage.core.i18n import LANGUAGES
from stoneage.core.registry import load_game
from stoneage.web.room import Room
from stoneage.web.store import PERSON, GameRow, SeatRow


class Client:
    """A connected client that drops what it is sent (the server's work is what is measured)."""

    def __init__(self, viewer: int, lang: str) -> None:
        self.viewer = viewer
        self.lang = lang

    def send_text(self, text: str) -> None:
        """Nothing to do: the message was built."""


def actions(game_name: str, players: int, moves: int, seed: int) -> list[int]:
    """A seeded game's first ``moves`` actions (decisions uniformly random, chance from the seed)."""
    state = load_game(game_name, players=players, seed=seed).new_initial_state()
    rng, out = random.Random(seed), []
    while len(out) < moves and not state.is_terminal():
        action = state.sample_chance_outcome() if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        out.append(action)
        state.apply_action(action)
    return out


def cpu_per_move(game_name: str, players: int, seed: int, langs: list[str], moves: list[int]) -> float:
    """CPU seconds per ``Room.apply`` at a table whose seat ``i`` reads ``langs[i]``."""
    row = GameRow("bench", game_name, players, seed, {}, {}, "running",
                  seats=tuple(SeatRow(seat, PERSON, name=f"Seat {seat + 1}") for seat in range(players)))
    room = Room(row, load_game(game_name, players=players, seed=seed))
    room.clients.update(Client(seat, langs[seat]) for seat in range(players))
    start = time.process_time()
    for action in moves:
        room.apply(action)
    return (time.process_time() - start) / len(moves)


def main() -> None:
    """Run both tables ``--rounds`` times, alternating, and print the best of each and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stone_age")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    codes = list(LANGUAGES)
    mixed = [codes[seat % len(codes)] for seat in range(args.players)]
    one = ["en"] * args.players
    moves = actions(args.game, args.players, args.moves, args.seed)
    cpu_per_move(args.game, args.players, args.seed, mixed, moves)  # warm up: catalogs, imports
    best = {"one": float("inf"), "mixed": float("inf")}
    for _ in range(args.rounds):
        best["one"] = min(best["one"], cpu_per_move(args.game, args.players, args.seed, one, moves))
        best["mixed"] = min(best["mixed"], cpu_per_move(args.game, args.players, args.seed, mixed, moves))
    print(f"{args.game}, {args.players} seats, {len(moves)} moves, best of {args.rounds}")
    print(f"one language ({', '.join(one)}): {best['one'] * 1000:.3f} ms CPU per move")
    print(f"{len(set(mixed))} languages ({', '.join(mixed)}): {best['mixed'] * 1000:.3f} ms CPU per move")
    print(f"ratio: {best['mixed'] / best['one']:.2f}x")


if __name__ == "__main__":
    main()
