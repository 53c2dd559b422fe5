"""Measure the bots (numbers for docs/bots.md): ``python3 -m stoneage.bots.bench WHAT``.

* ``evaluate`` — CPU µs per Stone Age evaluation over 200 fixed positions (median of 5 runs);
* ``hard`` — CPU seconds for ``make_bot("hard")`` to decide those 200 positions (median of 3);
* ``greedy`` — two-player games of ``greedy`` against ``random`` and against the unbounded greedy
  (``greedy:budget=1000000000``, the look-ahead before the budget), seats alternating, with wins
  and CPU milliseconds per decision.

The positions are a pure function of the code: random bots play seeded 2-, 3- and 4-player games
and every seventh decision with a choice is kept. Times are CPU time of this process, so other
work on the machine disturbs them less than wall time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from stoneage.bots.base import Bot
from stoneage.bots.evaluation import evaluate
from stoneage.bots.match import play_match
from stoneage.bots.registry import make_bot
from stoneage.core.contract import State
from stoneage.core.registry import load_game


def positions(count: int = 200) -> list[tuple[State, int]]:
    """``count`` Stone Age decisions with a choice, and the seat deciding each."""
    out: list[tuple[State, int]] = []
    seed = 0
    while len(out) < count:
        game = load_game("stone_age", players=2 + seed % 3, seed=seed)
        bots = [make_bot("random", seed=seed * 10 + seat) for seat in range(game.num_players)]
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome())
                continue
            seat = state.current_player()
            if len(state.legal_actions()) > 1 and decisions % 7 == 0:
                out.append((state.clone(), seat))
            decisions += 1
            state.apply_action(bots[seat].step(state, seat))
        seed += 1
    return out


def time_evaluate(runs: int = 5, repeat: int = 20) -> list[float]:
    """CPU µs per evaluation, one number per run."""
    cases = positions()
    out = []
    for _ in range(runs):
        start = time.process_time()
        for _ in range(repeat):
            for state, seat in cases:
                evaluate(state, seat)
        out.append((time.process_time() - start) / (repeat * len(cases)) * 1e6)
    return out


def time_hard(runs: int = 3) -> list[float]:
    """CPU seconds for ``hard`` to decide the 200 positions, one number per run."""
    cases = positions()
    out = []
    for _ in range(runs):
        bot = make_bot("hard", seed=1)
        start = time.process_time()
        for state, seat in cases:
            bot.step(state, seat)
        out.append(time.process_time() - start)
    return out


class _Timed(Bot):
    """A bot wrapped to add up its CPU time per decision."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.decisions = 0

    def step(self, state: State, player: int) -> int:
        start = time.process_time()
        action = self.bot.step(state, player)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def duel(first: str, second: str, games: int, seed: int = 1000) -> tuple[float, float, float]:
    """``first``'s wins against ``second`` over two-player games (seats alternating, game seeds
    from ``seed``), and each side's CPU milliseconds per decision."""
    wins = 0.0
    a_time = b_time = 0.0
    a_count = b_count = 0
    for g in range(games):
        a, b = _Timed(make_bot(first, seed=g)), _Timed(make_bot(second, seed=g + 500))
        bots: list[Bot] = [a, b] if g % 2 == 0 else [b, a]
        final = play_match(load_game("stone_age", players=2, seed=seed + g), bots)
        wins += final.returns()[bots.index(a)]
        a_time, a_count = a_time + a.seconds, a_count + a.decisions
        b_time, b_count = b_time + b.seconds, b_count + b.decisions
    return wins, a_time / max(1, a_count) * 1e3, b_time / max(1, b_count) * 1e3


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m stoneage.bots.bench", description="Measure the bots.")
    parser.add_argument("what", choices=("evaluate", "hard", "greedy"))
    parser.add_argument("--games", type=int, default=20, help="games per greedy duel (default 20)")
    args = parser.parse_args(argv)
    if args.what == "evaluate":
        _show("evaluate: CPU µs per call", time_evaluate())
    elif args.what == "hard":
        _show("hard: CPU s per 200 decisions", time_hard())
    else:
        _duels(args.games)


def _show(label: str, runs: list[float]) -> None:
    print(f"{label}: median {statistics.median(runs):.2f} (runs {', '.join(f'{r:.2f}' for r in runs)})")


def _duels(games: int) -> None:
    for other in ("random", "greedy:budget=1000000000"):
        wins, mine, theirs = duel("greedy", other, games)
        print(f"greedy vs {other}: {wins:g} of {games} won; ms per decision {mine:.1f} vs {theirs:.1f}")


if __name__ == "__main__":
    main()
