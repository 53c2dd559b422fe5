"""Count hints the warnings flag and equal choices labelled mistakes, over positions of seeded bot games.

    python tools/advice_check.py [--positions N] [--seed S]

Plays each game and player count with its kit's default bots and, at every real decision (more
than one legal move), asks the advisor for the hint (where some move is warned of) and the warnings
for it, and labels every legal choice: each one labelled a mistake or a blunder is compared with the
advisor's best choice, every chance step expanded (``play/valuation.py`` ``outcome_distribution``).
Prints, per game and player count, the positions checked, how many had some warned move, how many
hints were warned, the choices labelled mistake or blunder, and how many of those have the same
outcomes as the best choice (the advisor promises 0 for both). See docs/analysis.md.
"""

from __future__ import annotations

import argparse
import random
import sys

from stoneage.bots import make_bot
from stoneage.core.registry import load_game
from stoneage.play.advisor import BLUNDER, MISTAKE, Advisor
from stoneage.play.kit import play_kit
from stoneage.play.valuation import outcome_distribution

CASES = (("stone_age", 2), ("stone_age", 3), ("stone_age", 4), ("first_stone_age", 2), ("first_stone_age", 4),
         ("stone_age_junior", 2), ("stone_age_junior", 4))


def check(name: str, players: int, wanted: int, seed: int) -> tuple[int, int, int, int, int]:
    """(positions checked, positions with a warned move, hints warned, choices labelled mistake or
    blunder, those with the same outcomes as the best choice) for one game and player count."""
    kit = play_kit(name)
    checked = warned_moves = warned_hints = poor = poor_but_equal = 0
    game_seed = seed
    while checked < wanted:
        game = load_game(name, players=players, seed=game_seed)
        advisor = Advisor(game, kit, game_seed)
        bots = [make_bot(kit.default_bot, seed=game_seed * 10 + seat) for seat in range(players)]
        state = game.new_initial_state()
        rng = random.Random(game_seed)
        while not state.is_terminal() and checked < wanted:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                checked += 1
                if any(advisor.warnings(state, action) for action in legal):
                    warned_moves += 1
                    warned_hints += bool(advisor.warnings(state, advisor.hint(state, seat)))
                best = advisor.assess(state, legal[0]).best
                best_outcomes = None
                for action in legal:
                    if advisor.assess(state, action).label in (MISTAKE, BLUNDER):
                        poor += 1
                        best_outcomes = best_outcomes or outcome_distribution(state, best)
                        found = outcome_distribution(state, action)
                        poor_but_equal += found is not None and found == best_outcomes
            state.apply_action(bots[seat].step(state, seat))
        game_seed += 1
    return checked, warned_moves, warned_hints, poor, poor_but_equal


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="decision positions per game and player count")
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    args = parser.parse_args(argv)
    total = [0, 0, 0, 0, 0]
    print("game, players: positions, with a warned move, hints warned, choices labelled mistake or blunder, "
          "of those with the best choice's outcomes")
    for name, players in CASES:
        counts = check(name, players, args.positions, args.seed)
        total = [a + b for a, b in zip(total, counts, strict=True)]
        print(f"{name}, {players}: {', '.join(map(str, counts))}", flush=True)
    print(f"all: {', '.join(map(str, total))}")
    return 1 if total[2] or total[4] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
