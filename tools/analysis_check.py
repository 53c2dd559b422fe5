"""Measure what docs/analysis.md promises of the analysis: stable labels, accuracy that separates players.

    python tools/analysis_check.py stability [--games 20] [--seeds 0 1] [--jobs 2]
    python tools/analysis_check.py accuracy [--games 50] [--levels random easy medium hard expert]
                                   [--opponent SPEC] [--jobs 2]

``stability`` plays seeded games of every game and several player counts with each kit's default
bots, analyses each record with two seeds, and counts the decisions that got the same label and the
differences of the win-chance curves (percentage points, p95 and max). ``accuracy`` plays two-player
Stone Age games of each level against itself (or ``--opponent``, the seats swapped every other
game) and prints the mean accuracy of the level's seats, their decisions that mattered and their
mean chance lost. ``--records DIR`` keeps the records (a record already there is read,
not played again). Both print markdown tables.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TypeVar

from tqdm import tqdm

from stoneage.bots import make_bot
from stoneage.core.contract import JSON
from stoneage.core.record import make_record
from stoneage.core.registry import load_game
from stoneage.play.analysis import Analysis, PlayerSummary, analyse
from stoneage.play.kit import play_kit

STABILITY_CASES: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("stone_age", 2, ()), ("stone_age", 3, ()), ("stone_age", 4, ()), ("stone_age", 3, ("mammoth",)),
    ("first_stone_age", 2, ()), ("first_stone_age", 4, ()), ("stone_age_junior", 2, ()), ("stone_age_junior", 4, ()))
"""Games and player counts the stability games cycle through."""

T = TypeVar("T")
R = TypeVar("R")


def play_record(name: str, players: int, expansions: tuple[str, ...], specs: list[str], seed: int) -> JSON:
    """A whole seeded game between bots of ``specs`` (one per seat), as a record."""
    options: dict[str, Any] = {"expansions": list(expansions)} if expansions else {}
    game = load_game(name, players=players, seed=seed, **options)
    bots = [make_bot(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].step(state, seat))
    return make_record(game, state)


def kept(folder: Path | None, label: str, make: Callable[[], JSON]) -> JSON:
    """The record ``label`` from ``folder`` if it is there, else made (and kept there)."""
    path = folder / f"{label}.json" if folder else None
    if path is not None and path.exists():
        record: JSON = json.loads(path.read_text())
        return record
    record = make()
    if path is not None:
        path.write_text(json.dumps(record))
    return record


def mapped(work: Callable[[T], R], items: list[T], jobs: int, what: str) -> Iterator[R]:
    """``work`` over ``items`` in ``jobs`` processes (in order), with a progress bar."""
    with tqdm(total=len(items), unit=what, file=sys.stderr, dynamic_ncols=True) as bar:
        if jobs <= 1:
            for item in items:
                yield work(item)
                bar.update()
            return
        with get_context("spawn").Pool(jobs) as pool:
            for result in pool.imap(work, items):
                yield result
                bar.update()


def percentile(values: Iterable[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))] if ordered else 0.0


# --- stability -----------------------------------------------------------------------------------

def stability_job(task: tuple[int, str | None, list[int]]) -> tuple[str, list[Analysis]]:
    """One stability game: its label and its analyses, one per seed."""
    index, folder, seeds = task
    name, players, expansions = STABILITY_CASES[index % len(STABILITY_CASES)]
    seed = 5000 + index
    bot = play_kit(name).default_bot
    label = f"{name}{'+' + '+'.join(expansions) if expansions else ''}-{players}p"
    record = kept(Path(folder) if folder else None, f"stability-{label}-{seed}",
                  lambda: play_record(name, players, expansions, [bot] * players, seed))
    return label, [analyse(record, analysis_seed) for analysis_seed in seeds]


def stability(args: argparse.Namespace) -> None:
    tasks = [(index, args.records, args.seeds) for index in range(args.games)]
    rows: dict[str, list[tuple[int, int, list[float]]]] = {}
    for label, analyses in mapped(stability_job, tasks, args.jobs, "game"):
        first, *others = analyses
        for other in others:
            same = sum(a.label == b.label for a, b in zip(first.decisions, other.decisions, strict=True))
            gaps = [100 * abs(x - y) for (_s, a), (_t, b) in zip(first.curve, other.curve, strict=True)
                    for x, y in zip(a, b, strict=True)]
            rows.setdefault(label, []).append((same, len(first.decisions), gaps))
    print(f"Stability: {args.games} games, each analysed with seeds {', '.join(map(str, args.seeds))}\n")
    print("| game, players | games | decisions | same label | curve gap p95 | curve gap max |")
    print("|---|---:|---:|---:|---:|---:|")
    everything: list[tuple[int, int, list[float]]] = []
    for label, found in [*sorted(rows.items()), ("all", [])]:
        found = found or everything
        same, total = sum(f[0] for f in found), sum(f[1] for f in found)
        gaps = [gap for f in found for gap in f[2]]
        print(f"| {label} | {len(found)} | {total:,} | {100 * same / max(1, total):.1f} % | "
              f"{percentile(gaps, 0.95):.2f} | {max(gaps, default=0.0):.2f} |")
        if label != "all":
            everything += found


# --- accuracy ------------------------------------------------------------------------------------

def accuracy_job(task: tuple[str, str, int, str | None]) -> tuple[str, list[PlayerSummary], int, int]:
    """One accuracy game of ``level`` against ``opponent`` (itself when empty; seats swapped on odd
    seeds), analysed: the level's seats' summaries, its decisions that mattered and all its decisions."""
    level, opponent, seed, folder = task
    specs = [level, opponent or level] if seed % 2 == 0 else [opponent or level, level]
    name = "-".join(spec.replace(":", "_") for spec in specs)
    record = kept(Path(folder) if folder else None, f"accuracy-{name}-{seed}",
                  lambda: play_record("stone_age", 2, (), specs, seed))
    analysis = analyse(record)
    seats = [seat for seat, spec in enumerate(specs) if spec == level]
    own = [d for d in analysis.decisions if d.seat in seats]
    return level, [analysis.summaries[seat] for seat in seats], sum(d.matters for d in own), len(own)


def accuracy(args: argparse.Namespace) -> None:
    tasks = [(level, args.opponent, 7000 + game, args.records) for level in args.levels for game in range(args.games)]
    found: dict[str, list[tuple[list[PlayerSummary], int, int]]] = {level: [] for level in args.levels}
    for level, *result in mapped(accuracy_job, tasks, args.jobs, "game"):
        found[level].append((result[0], result[1], result[2]))
    against = f"against {args.opponent}" if args.opponent else "against itself"
    print(f"Accuracy: two-player Stone Age, {args.games} games of each level {against}\n")
    print("| level | games | seat-games | mean accuracy | decisions that mattered | mean chance lost (points) |")
    print("|---|---:|---:|---:|---:|---:|")
    for level, games in found.items():
        seats = [summary for summaries, _mattered, _total in games for summary in summaries]
        mattered, decisions = sum(g[1] for g in games), sum(g[2] for g in games)
        mean = sum(s.accuracy for s in seats) / max(1, len(seats))
        lost = 100 * sum(s.mean_loss for s in seats) / max(1, len(seats))
        print(f"| {level} | {len(games)} | {len(seats)} | {mean:.1f} % | {mattered:,} of {decisions:,} | "
              f"{lost:.2f} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--records", help="a folder to keep the games' records in (and read them from)")
    commands = parser.add_subparsers(dest="command", required=True)
    stable = commands.add_parser("stability", help="the same games analysed with two seeds")
    stable.add_argument("--games", type=int, default=20)
    stable.add_argument("--seeds", type=int, nargs=2, default=[0, 1])
    stable.set_defaults(run=stability)
    accurate = commands.add_parser("accuracy", help="mean accuracy of each level")
    accurate.add_argument("--games", type=int, default=50)
    accurate.add_argument("--levels", nargs="+", default=["random", "easy", "medium", "hard", "expert"])
    accurate.add_argument("--opponent", default="", help="every level plays this bot (default: itself)")
    accurate.set_defaults(run=accuracy)
    args = parser.parse_args(argv)
    if args.records:
        Path(args.records).mkdir(parents=True, exist_ok=True)
    args.run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
