"""Calibrate and measure Stone Age's win chance on self-play games (issue 34).

    python tools/calibration.py [--players 2 4] [--bot SPEC] [--fit-games N] [--test-games N]
                                [--games-dir DIR] [--every K] [--plot PNG]

For each number of players it plays (or reads back from ``--games-dir``) self-play games of one bot
spec at every seat: the fitting games on seeds ``--fit-seed`` onwards, the held-out games on seeds
``--test-seed`` onwards. Game seed S deals the game (``load_game(..., seed=S)``), draws chance
from ``random.Random(S)``, and seats bots ``make_bot(SPEC, seed=S * 8 + seat)``; with a bot bound by
iterations (and a generous ``max_seconds``) the games do not depend on the clock.

From every ``--every``-th real decision (more than one legal action) of the fitting games it fits,
per number of players, the temperature of the learned worths (``calibrated.TEMPERATURE``: the
softmax of ``worths(state, seat to move) / T`` minimising the log loss against the final
``returns()``) and the score-lead baseline (each seat's ``sigmoid(a * lead + b)``, ``lead`` its
current score minus the best rival's, normalised so the seats sum to 1). On the held-out games it
values every real decision as the analysis's curve does (``value_choices`` and the best choice
of the seat to move, with the fitted temperature) and prints a markdown table of Brier scores
(mean over positions and seats of ``(p - outcome)**2``): the calibrated curve; the learned worths
at the position with the fitted temperature and as learned (T = 1); the score-lead baseline; and
1/players. It also gives the jump of a seat's curve between its consecutive decisions (percentage
points) and draws the reliability plot of the curve (``--plot``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm  # type: ignore[import-untyped]

from stoneage.bots.registry import make_bot
from stoneage.bots.stone_age import calibrated
from stoneage.bots.stone_age.learned import LearnedValue, load_weights, softmax
from stoneage.core.contract import JSON
from stoneage.core.errors import StoneAgeError
from stoneage.core.record import game_from_record, load_record, make_record, save_record
from stoneage.core.registry import load_game
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.play.valuation import value_choices

GAME = "stone_age"
DEFAULT_BOT = "expert:iterations=30,max_seconds=60"
BINS = 10
"""Equal-width bins of the predicted chance in the reliability plot."""


@dataclass
class Position:
    """One real decision: who moves, what it may know, the current scores and how the game ended."""

    game: int
    seat: int
    worths: list[float]
    scores: list[int]
    outcome: list[float]
    curve: list[float] = field(default_factory=list)


@dataclass
class Result:
    """What one table size measured."""

    players: int
    fit_games: int
    test_games: int
    fit_positions: int
    test_positions: int
    temperature: float
    used_temperature: float
    lead_slope: float
    lead_bias: float
    brier: dict[str, float]
    jumps: list[float]
    reliability: list[tuple[float, float, int]]


def game_seeds(first: int, count: int) -> range:
    """The seeds of ``count`` games from ``first``."""
    return range(first, first + count)


def play_game(players: int, seed: int, spec: str) -> JSON:
    """The record of one self-play game of ``spec`` at every seat (its spec under ``"bot"``)."""
    game = load_game(GAME, players=players, seed=seed)
    state = game.new_initial_state()
    bots = [make_bot(spec, seed=seed * 8 + seat, trusted=True) for seat in range(players)]
    rng = random.Random(seed)
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                seat = state.current_player()
                state.apply_action(bots[seat].step(state, seat))
    finally:
        for bot in bots:
            bot.close()
    record = make_record(game, state)
    record["bot"] = spec
    return record


def game_actions(players: int, seed: int, spec: str, folder: Path | None) -> list[str]:
    """One game's actions: read from ``folder`` when it holds the game's record, else played (and
    written there when a folder is given)."""
    if folder is None:
        return list(play_game(players, seed, spec)["actions"])
    path = folder / f"{GAME}-{players}p-seed{seed}.json"
    if path.exists():
        record = load_record(path)
        if record.get("players") != players or record.get("seed") != seed or record.get("bot", spec) != spec:
            raise SystemExit(f"calibration: {path} is not the {players}-player game of seed {seed} by {spec!r}; "
                             "use another --games-dir or remove it")
        return list(record["actions"])
    record = play_game(players, seed, spec)
    save_record(record, path)
    return list(record["actions"])


def positions_of(players: int, seed: int, actions: Sequence[str], every: int, model: LearnedValue,
                 curve: bool) -> list[Position]:
    """Every ``every``-th real decision of one game (each as its seat to move sees it) with the final
    outcome; with ``curve``, each valued as the analysis's curve (the best choice's values)."""
    record = {"format": 1, "game": GAME, "players": players, "seed": seed, "options": {}, "actions": []}
    state = game_from_record(record).new_initial_state()
    found: list[Position] = []
    index = 0
    for text in actions:
        action = state.string_to_action(text)
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            assert isinstance(state, StoneAgeState)
            seat = state.current_player()
            if index % every == 0:
                position = Position(seed, seat, model.worths(state, seat), state.scores(), [])
                if curve:
                    best = max(value_choices(state, seat, seed), key=lambda choice: choice.values[seat])
                    position.curve = list(best.values)
                found.append(position)
            index += 1
        state.apply_action(action)
    if not state.is_terminal():
        raise SystemExit(f"calibration: the {players}-player game of seed {seed} does not finish")
    returns = state.returns()
    total = sum(returns)
    outcome = [value / total for value in returns] if total > 0 else [1.0 / players] * players
    for position in found:
        position.outcome = outcome
    return found


def brier(predictions: Sequence[Sequence[float]], outcomes: Sequence[Sequence[float]]) -> float:
    """The mean over positions and seats of ``(p - outcome)**2``."""
    total = 0.0
    count = 0
    for predicted, outcome in zip(predictions, outcomes, strict=True):
        for p, o in zip(predicted, outcome, strict=True):
            total += (p - o) ** 2
            count += 1
    return total / max(1, count)


def log_loss(predictions: Sequence[Sequence[float]], outcomes: Sequence[Sequence[float]]) -> float:
    """The mean cross-entropy of the outcomes (shared wins count as shares) under the predictions."""
    total = 0.0
    for predicted, outcome in zip(predictions, outcomes, strict=True):
        total -= sum(o * math.log(max(p, 1e-12)) for p, o in zip(predicted, outcome, strict=True))
    return total / max(1, len(predictions))


def tempered(worths: Sequence[float], temperature: float) -> list[float]:
    """The softmax of the worths divided by ``temperature``."""
    return softmax([worth / temperature for worth in worths])


def lead_chances(scores: Sequence[int], slope: float, bias: float) -> list[float]:
    """The score-lead baseline: each seat's ``sigmoid(slope * lead + bias)`` normalised to sum 1."""
    raw = []
    for seat, score in enumerate(scores):
        rival = max(s for other, s in enumerate(scores) if other != seat)
        raw.append(1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, slope * (score - rival) + bias)))))
    total = sum(raw)
    return [value / total for value in raw]


def minimise(loss: Callable[[float], float], low: float, high: float, steps: int = 40) -> float:
    """The argument in [low, high] of a one-dimensional loss: a log-spaced grid, then golden section
    around its best point (``low`` > 0)."""
    grid = [float(low * (high / low) ** (i / steps)) for i in range(steps + 1)]
    losses = [loss(x) for x in grid]
    best = losses.index(min(losses))
    a, b = grid[max(0, best - 1)], grid[min(steps, best + 1)]
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if loss(c) < loss(d):
            b = d
        else:
            a = c
    return (a + b) / 2


def fit_temperature(positions: Sequence[Position]) -> float:
    """The temperature minimising the log loss of the tempered worths at ``positions``."""
    outcomes = [p.outcome for p in positions]
    return minimise(lambda t: log_loss([tempered(p.worths, t) for p in positions], outcomes), 0.05, 20.0)


def fit_lead(positions: Sequence[Position]) -> tuple[float, float]:
    """Slope and bias of the score-lead baseline minimising its log loss (alternating 1-D searches;
    with two players the bias cancels and stays 0)."""
    outcomes = [p.outcome for p in positions]
    slope, bias = 0.05, 0.0

    def loss(s: float, b: float) -> float:
        return log_loss([lead_chances(p.scores, s, b) for p in positions], outcomes)

    several = bool(positions) and len(positions[0].scores) > 2
    for _ in range(4 if several else 1):
        def by_slope(s: float, b: float = bias) -> float:
            return loss(s, b)

        slope = minimise(by_slope, 0.001, 2.0)
        if several:
            def by_bias(b: float, s: float = slope) -> float:
                return loss(s, b - 10.0)

            bias = minimise(by_bias, 1.0, 20.0, steps=60) - 10.0
    return slope, bias


def reliability(predictions: Sequence[Sequence[float]],
                outcomes: Sequence[Sequence[float]]) -> list[tuple[float, float, int]]:
    """Per bin of the predicted chance (every seat at every position): mean predicted, observed
    win frequency and count; empty bins are left out."""
    sums = [[0.0, 0.0, 0] for _ in range(BINS)]
    for predicted, outcome in zip(predictions, outcomes, strict=True):
        for p, o in zip(predicted, outcome, strict=True):
            row = sums[min(BINS - 1, int(p * BINS))]
            row[0] += p
            row[1] += o
            row[2] += 1
    return [(float(p) / int(n), float(o) / int(n), int(n)) for p, o, n in sums if n]


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def curve_jumps(positions: Sequence[Position]) -> list[float]:
    """The absolute change of a seat's curve between its consecutive decisions, in points."""
    jumps = []
    last: dict[tuple[int, int], float] = {}
    for position in positions:
        key = (position.game, position.seat)
        value = position.curve[position.seat]
        if key in last:
            jumps.append(100.0 * abs(value - last[key]))
        last[key] = value
    return jumps


def measure(players: int, args: argparse.Namespace, model: LearnedValue) -> Result:
    """Play or read the games of one table size, fit on the fitting games, measure on the others."""
    folder: Path | None = args.games_dir
    fit: list[Position] = []
    for seed in tqdm(game_seeds(args.fit_seed, args.fit_games), desc=f"{players}p fitting games", file=sys.stderr):
        fit += positions_of(players, seed, game_actions(players, seed, args.bot, folder), args.every, model, False)
    if not fit:
        raise SystemExit("calibration: no decisions to fit on (--fit-games 0?)")
    temperature = round(fit_temperature(fit), 2)  # as calibrated.TEMPERATURE will hold it
    slope, bias = fit_lead(fit)
    used = calibrated.TEMPERATURE.get(players, 1.0) if args.keep_temperature else temperature
    calibrated.TEMPERATURE[players] = used
    test: list[Position] = []
    whole: list[Position] = []
    for number, seed in enumerate(tqdm(game_seeds(args.test_seed, args.test_games), desc=f"{players}p held-out games",
                                       file=sys.stderr)):
        actions = game_actions(players, seed, args.bot, folder)
        if number < args.jump_games:  # every decision, for the jumps; every test_every-th of them counted too
            played = positions_of(players, seed, actions, 1, model, True)
            whole += played
            test += played[::args.test_every]
        else:
            test += positions_of(players, seed, actions, args.test_every, model, True)
    if not test:
        raise SystemExit("calibration: no held-out decisions (--test-games 0?)")
    outcomes = [p.outcome for p in test]
    scores = {
        "curve": brier([p.curve for p in test], outcomes),
        "position": brier([tempered(p.worths, used) for p in test], outcomes),
        "raw": brier([tempered(p.worths, 1.0) for p in test], outcomes),
        "lead": brier([lead_chances(p.scores, slope, bias) for p in test], outcomes),
        "uniform": brier([[1.0 / players] * players for _ in test], outcomes),
    }
    return Result(players, args.fit_games, args.test_games, len(fit), len(test), temperature, used, slope, bias,
                  scores, curve_jumps(whole), reliability([p.curve for p in test], outcomes))


def draw(results: Sequence[Result], path: Path, bot: str) -> None:
    """The reliability plot of the curve: predicted chance by bin against the observed win frequency."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    figure, (top, bottom) = plt.subplots(2, 1, figsize=(5.2, 6.0), height_ratios=[3, 1], sharex=True)
    top.plot([0, 1], [0, 1], color="0.6", linestyle="--", linewidth=1, label="perfectly calibrated")
    width = 1.0 / BINS / (len(results) + 1)
    for index, result in enumerate(results):
        predicted = [row[0] for row in result.reliability]
        observed = [row[1] for row in result.reliability]
        label = (f"{result.players} players (T = {result.used_temperature:.2f}, "
                 f"Brier {result.brier['curve']:.3f})")
        line = top.plot(predicted, observed, marker="o", markersize=4, linewidth=1.5, label=label)[0]
        bottom.bar([int(p * BINS) / BINS + (index + 0.5) * width for p in predicted],
                   [row[2] for row in result.reliability], width=width, align="edge", color=line.get_color())
    top.set_xlim(0, 1)
    top.set_ylim(0, 1)
    top.set_ylabel("observed win frequency")
    top.set_title(f"Stone Age win chance on held-out self-play games\n{bot} at every seat", fontsize=9)
    top.legend(fontsize=8, loc="upper left")
    top.grid(alpha=0.3)
    bottom.yaxis.set_major_formatter(FuncFormatter(lambda count, _position: f"{count:,.0f}"))
    bottom.set_ylabel("seat-positions")
    bottom.set_xlabel("predicted chance of winning (analysis curve)")
    bottom.grid(alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100)
    plt.close(figure)


def table(results: Sequence[Result], args: argparse.Namespace) -> str:
    """The results as markdown."""
    lines = [
        f"Bot `{args.bot}` at every seat; fitting seeds {args.fit_seed}..{args.fit_seed + args.fit_games - 1} "
        f"(every {args.every} real decision(s) apart), "
        f"held-out seeds {args.test_seed}..{args.test_seed + args.test_games - 1} "
        f"(every {args.test_every} real decision(s) apart; the jumps from every decision of the first "
        f"{min(args.jump_games, args.test_games)}). Brier score, lower is better.",
        "",
        "| players | games fit / held out | positions held out | T fitted (used) | calibrated curve "
        "| worths, fitted T | worths, T = 1 | score lead | 1/players | jump median / p95 / max (points) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        b = r.brier
        jumps = r.jumps
        median = statistics.median(jumps) if jumps else 0.0
        lines.append(
            f"| {r.players} | {r.fit_games} / {r.test_games} | {r.test_positions:,} "
            f"| {r.temperature:.2f} ({r.used_temperature:.2f}) | **{b['curve']:.4f}** | {b['position']:.4f} "
            f"| {b['raw']:.4f} | {b['lead']:.4f} | {b['uniform']:.4f} "
            f"| {median:.1f} / {percentile(jumps, 0.95):.1f} / {max(jumps, default=0.0):.1f} |")
    lines.append("")
    lines.append("Score lead: each seat's sigmoid(a * (score - best rival's) + b), normalised over the seats; "
                 + "; ".join(f"{r.players} players a = {r.lead_slope:.4f}, b = {r.lead_bias:.3f}" for r in results)
                 + ".")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 3, 4],
                        help="numbers of players (default 2 4)")
    parser.add_argument("--bot", default=DEFAULT_BOT, help=f"bot spec at every seat (default {DEFAULT_BOT!r})")
    parser.add_argument("--fit-games", type=int, default=100, help="fitting games per table size (default 100)")
    parser.add_argument("--test-games", type=int, default=200, help="held-out games per table size (default 200)")
    parser.add_argument("--fit-seed", type=int, default=1, help="seed of the first fitting game (default 1)")
    parser.add_argument("--test-seed", type=int, default=100001,
                        help="seed of the first held-out game (default 100001)")
    parser.add_argument("--every", type=int, default=1, help="fit on every K-th real decision (default 1)")
    parser.add_argument("--test-every", type=int, default=2,
                        help="measure on every K-th real decision of the held-out games (default 2)")
    parser.add_argument("--jump-games", type=int, default=100,
                        help="held-out games whose every decision is valued, for the jumps (default 100)")
    parser.add_argument("--games-dir", type=Path, default=None,
                        help="read the games' records from this folder, writing those it lacks (default: none)")
    parser.add_argument("--plot", type=Path, default=Path("docs/images/calibration.png"),
                        help="reliability plot to write (default docs/images/calibration.png)")
    parser.add_argument("--keep-temperature", action="store_true",
                        help="measure with calibrated.TEMPERATURE as it is, not the fitted one")
    parser.add_argument("--json", type=Path, default=None, help="also write the results as JSON here")
    args = parser.parse_args(argv)
    for name in ("fit_games", "test_games", "every", "test_every"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.fit_seed <= args.test_seed < args.fit_seed + args.fit_games or \
            args.test_seed <= args.fit_seed < args.test_seed + args.test_games:
        parser.error("the fitting and held-out seeds overlap: move --test-seed")
    try:
        make_bot(args.bot, trusted=True).close()
        if args.games_dir is not None:
            args.games_dir.mkdir(parents=True, exist_ok=True)
        model = LearnedValue(load_weights())
        results = [measure(players, args, model) for players in args.players]
        draw(results, args.plot, args.bot)
    except (StoneAgeError, OSError) as error:
        print(f"calibration: {error}", file=sys.stderr)
        return 1
    print(table(results, args))
    print(f"\nTEMPERATURE fitted: {{{', '.join(f'{r.players}: {r.temperature:.2f}' for r in results)}}}; "
          f"reliability plot: {args.plot}")
    if args.json is not None:
        args.json.write_text(json.dumps([vars(r) for r in results], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

