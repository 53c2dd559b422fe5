"""The engine benchmark behind ``stoneage bench``: for any registered game, random-game throughput,
steps, clone cost, state size, and how long bots take per decision; saved as JSON and compared.
"""

from __future__ import annotations

import argparse
import inspect
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from stoneage.core.contract import State
from stoneage.core.errors import StoneAgeError
from stoneage.core.files import read_json_file
from stoneage.core.i18n import _, pgettext
from stoneage.core.limits import GAMES, MAX_POSITIONS, SEED, whole_number
from stoneage.core.native import build_of
from stoneage.core.output import claim, write_text_atomic
from stoneage.core.playout import play_random, random_action
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names, load_game
from stoneage.core.shape import Shape, check_text
from stoneage.core.text import cells, ljust, rjust

FORMAT = 1
"""Version of the ``--json`` file."""
RESULT_FIELDS = ("players", "games", "games_per_second", "steps_per_second", "steps_per_game", "clone_microseconds",
                 "state_bytes")
"""The fields every result of a ``--json`` file holds (``game``, the options and ``bots`` may be missing)."""
TIMING_FIELDS = ("bot", "decisions", "median_ms", "worst_ms", "iterations_per_second", "note")
DEFAULT_BOTS = ("random", "greedy")


class BenchError(StoneAgeError):
    """A bad ``bench`` setting: bots, players, options, or a results file that cannot be used."""


@dataclass
class BotTiming:
    """How long one bot takes per decision on the same sampled positions."""

    bot: str
    decisions: int = 0
    median_ms: float = 0.0
    worst_ms: float = 0.0
    iterations_per_second: float | None = None
    """Search iterations per second, for bots that report ``last_iterations`` (MCTS)."""
    note: str = ""
    """Why the bot was skipped (it plays other games only), else empty."""


@dataclass
class BenchResult:
    """One game at one player count: throughput of uniform-random complete games, and bot timings."""

    players: int
    games: int
    games_per_second: float
    steps_per_second: float
    steps_per_game: float
    clone_microseconds: float
    state_bytes: float
    game: str = DEFAULT_GAME
    expansions: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    bots: list[BotTiming] = field(default_factory=list)

    def key(self) -> str:
        """What a comparison matches on: game, options and players."""
        options = "+".join((*self.expansions, *self.variants)) or "base"
        return f"{self.game}/{options}/{self.players}p"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["expansions"], data["variants"] = list(self.expansions), list(self.variants)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BenchResult:
        values = dict(data)
        values["expansions"] = tuple(values.get("expansions", ()))
        values["variants"] = tuple(values.get("variants", ()))
        values["bots"] = [BotTiming(**bot) for bot in values.get("bots", ())]
        return cls(**values)


# --- the engine -----------------------------------------------------------------------------------------


def build(games: Sequence[str] = ()) -> str:
    """Which build of the engine runs: ``pure Python``, ``compiled`` or ``mixed (...)``.

    Looks at the module of each game's class and state class: a compiled extension's file ends in
    one of ``importlib.machinery.EXTENSION_SUFFIXES`` (``.so``, ``.pyd``), Python source in ``.py``.
    """
    modules: list[str] = []
    for name in games or game_names():
        game = load_game(name, players=game_info(name).min_players)
        modules += [type(game).__module__, type(game.new_initial_state()).__module__]
    return build_of(modules)


def random_game_states(game: str, players: int, seed: int, expansions: Sequence[str] = (),
                       variants: Sequence[str] = ()) -> list[State]:
    """Every state of one uniform-random game, from the first to the last."""
    state = load_game(game, players=players, seed=seed, expansions=list(expansions),
                      variants=list(variants)).new_initial_state()
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
        states.append(state.clone())
    return states


def mid_game_state(players: int, seed: int, steps: int = 300, expansions: Sequence[str] = (),
                   game: str = DEFAULT_GAME, variants: Sequence[str] = ()) -> State:
    """A state ``steps`` random steps into a game (or its middle, if the game is shorter)."""
    states = random_game_states(game, players, seed, expansions, variants)
    return states[min(steps, len(states) // 2)]


def decision_positions(game: str, players: int, seed: int, count: int, expansions: Sequence[str] = (),
                       variants: Sequence[str] = ()) -> list[State]:
    """``count`` positions where a player has a real choice (two legal actions or more), spread
    evenly over uniform-random games."""
    positions: list[State] = []
    for attempt in range(100):
        states = random_game_states(game, players, seed + attempt, expansions, variants)
        positions += [s for s in states if not s.is_terminal() and not s.is_chance_node()
                      and len(s.legal_actions()) > 1]
        if len(positions) >= count:
            break
    if not positions:
        return []
    step = len(positions) / count
    return [positions[int(i * step)] for i in range(min(count, len(positions)))]


def heaviest_position(game: str, players: int, seed: int, expansions: Sequence[str] = (),
                      variants: Sequence[str] = ()) -> State | None:
    """The decision with the most legal actions in the uniform-random game ``seed`` (a bot's
    worst case is usually there: a payment with hundreds of mixes), or None if it has none."""
    states = [s for s in random_game_states(game, players, seed, expansions, variants)
              if not s.is_terminal() and not s.is_chance_node() and len(s.legal_actions()) > 1]
    return max(states, key=lambda s: len(s.legal_actions())) if states else None


def bot_positions(game: str, players: int, seed: int, count: int, expansions: Sequence[str] = (),
                  variants: Sequence[str] = ()) -> list[State]:
    """What bots are timed on: ``count`` positions, the heaviest decision of a random game and
    ``count − 1`` spread over random games (``decision_positions``), so "worst ms" sees the worst."""
    heaviest = heaviest_position(game, players, seed, expansions, variants) if count > 1 else None
    spread = decision_positions(game, players, seed, count - (heaviest is not None), expansions, variants)
    return [*spread, heaviest] if heaviest is not None else spread


def clone_cost(state: State, repeat: int = 20000) -> float:
    """Median microseconds per ``clone()`` over five timed batches."""
    runs = []
    for _batch in range(5):
        start = time.perf_counter()
        for _time in range(repeat):
            state.clone()
        runs.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(runs)


def state_memory(state: State, copies: int = 10000) -> float:
    """Bytes each clone of ``state`` adds (what a search tree pays per stored state)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [state.clone() for _copy in range(copies)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / copies


# --- bots -----------------------------------------------------------------------------------------------


def make_bench_bot(spec: str, game: str, seed: int = 0) -> Any:
    """The bot ``stoneage.bots.make_bot`` gives for ``spec`` (for ``game``, if it takes a game)."""
    from stoneage.bots.registry import make_bot

    takes = inspect.signature(make_bot).parameters
    trusted: dict[str, Any] = {"trusted": True} if "trusted" in takes else {}  # the person's own --bots
    if "game" in takes:
        return make_bot(spec, seed, game=game, **trusted)  # type: ignore[call-arg]
    return make_bot(spec, seed, **trusted)


def time_bot(spec: str, game: str, positions: Sequence[State], seed: int = 0) -> BotTiming:
    """Time ``spec``'s ``step`` on each position (a fresh clone each time)."""
    bot = make_bench_bot(spec, game, seed)
    games = getattr(bot, "games", None)  # a bot made for some games only says which
    if games is not None and game not in games:
        return BotTiming(spec, note=f"skipped: plays {' and '.join(games)} only")  # English in the JSON file
    times: list[float] = []
    iterations = 0
    searched = 0.0
    for position in positions:
        state = position.clone()
        player = state.current_player()
        start = time.perf_counter()
        bot.step(state, player)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        done = getattr(bot, "last_iterations", None)
        if isinstance(done, int) and done > 0:
            iterations += done
            searched += elapsed
    if not times:
        return BotTiming(spec, note="skipped: no decision positions")
    return BotTiming(
        bot=spec,
        decisions=len(times),
        median_ms=statistics.median(times) * 1e3,
        worst_ms=max(times) * 1e3,
        iterations_per_second=iterations / searched if searched > 0 else None,
    )


# --- one measurement ------------------------------------------------------------------------------------


def bench(players: int, games: int, seed: int = 0, expansions: Sequence[str] = (), game: str = DEFAULT_GAME,
          variants: Sequence[str] = (), bots: Sequence[str] = (), positions: int = 25) -> BenchResult:
    """Time ``games`` uniform-random complete games of ``game`` at ``players``, then each bot of ``bots``
    on ``positions`` decision positions."""
    game_list = [load_game(game, players=players, seed=seed + i, expansions=list(expansions),
                           variants=list(variants)) for i in range(games)]
    steps = 0
    start = time.perf_counter()
    for i, loaded in enumerate(game_list):
        steps += play_random(loaded.new_initial_state(), random.Random(seed + i))
    elapsed = time.perf_counter() - start
    mid = mid_game_state(players, seed, expansions=expansions, game=game, variants=variants)
    sample = bot_positions(game, players, seed, positions, expansions, variants) if bots else []
    return BenchResult(
        players=players,
        games=games,
        games_per_second=games / elapsed,
        steps_per_second=steps / elapsed,
        steps_per_game=steps / games,
        clone_microseconds=clone_cost(mid),
        state_bytes=state_memory(mid),
        game=game,
        expansions=tuple(expansions),
        variants=tuple(variants),
        bots=[time_bot(spec, game, sample, seed) for spec in bots],
    )


# --- the command ----------------------------------------------------------------------------------------


_POSITIONS = whole_number(1, MAX_POSITIONS, "positions")


def _player_list(text: str) -> list[int]:
    counts = []
    for part in text.split(","):
        count = part.strip()
        if not (count.isascii() and count.isdigit()) or len(count) > 3:
            raise argparse.ArgumentTypeError(
                _("players is a list of counts like 2,3,4, not {value!r}").format(value=text))
        counts.append(int(count))
    return counts


def split_specs(text: str) -> list[str]:
    """``"mcts:iterations=100,c=1.4,greedy"`` -> ``["mcts:iterations=100,c=1.4", "greedy"]``
    (a part with ``=`` but no ``:`` continues the spec before it)."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``stoneage bench``."""
    name, file = pgettext("metavar", "NAME"), pgettext("metavar", "FILE")
    parser.add_argument("--game", action="append", choices=[*game_names(), "all"], metavar=name,
                        help=_("game to measure, repeatable, or all (default stone_age): {games}").format(
                            games=", ".join(game_names())))
    parser.add_argument("--games", type=GAMES, default=200, metavar=pgettext("metavar", "GAMES"),
                        help=_("random games per player count (default 200)"))
    parser.add_argument("--players", type=_player_list, metavar="N[,N...]",
                        help=_("player counts, e.g. 2,3,4 (default: every count the game allows)"))
    parser.add_argument("--seed", type=SEED, default=0, metavar=pgettext("metavar", "SEED"))
    parser.add_argument("--expansion", action="append", default=[], metavar=name,
                        help=_("an expansion of the game, e.g. mammoth (repeatable)"))
    parser.add_argument("--variant", action="append", default=[], metavar=name,
                        help=_("a house rule of the game, e.g. hunt_repeat (repeatable)"))
    parser.add_argument("--bots", type=split_specs, default=list(DEFAULT_BOTS),
                        metavar=pgettext("metavar", "SPEC,SPEC,..."),
                        help=_("bots whose decision time to measure (default random,greedy; none: --bots '')"))
    parser.add_argument("--positions", type=_POSITIONS, default=25, metavar=pgettext("metavar", "POSITIONS"),
                        help=_("decision positions each bot is timed on (default 25)"))
    parser.add_argument("--json", metavar=file, help=_("also write the results to FILE (JSON), for --compare"))
    parser.add_argument("--compare", metavar=file, help=_("print each number's ratio to an earlier --json FILE"))


def check_options(game: str, players: Sequence[int] | None, expansions: Sequence[str],
                  variants: Sequence[str]) -> list[int]:
    """The player counts to measure, after checking them and the options against the game's description."""
    info = game_info(game)
    counts = list(players) if players else list(range(info.min_players, info.max_players + 1))
    for count in counts:
        info.resolve({"players": count, "expansions": list(expansions), "variants": list(variants)})
    return counts


def load_bench_file(path: str) -> dict[str, Any]:
    """An earlier ``--json`` file: read bounded (``core/files.py``), every result checked by type."""
    data = read_json_file(path, _("bench file"), BenchError)
    if (not isinstance(data, dict) or type(data.get("format")) is not int or data.get("format") != FORMAT
            or not isinstance(data.get("results"), list)):
        raise BenchError(_("{path!r} is not a 'stoneage bench --json' file (format {format})").format(
            path=path, format=FORMAT))
    try:
        for index, item in enumerate(data["results"]):
            check_result(item, f"results[{index}]")
        for key in ("date", "build"):
            if key in data:
                check_text(data[key], key, BenchError, 200)
    except BenchError as error:
        raise BenchError(_("{path!r} is not a 'stoneage bench --json' file: {error}").format(
            path=path, error=error)) from None
    return data


def check_result(data: Any, where: str) -> None:
    """``BenchError`` naming the field unless ``data`` is a ``BenchResult.to_json``."""
    shape = Shape(data, where, BenchError, RESULT_FIELDS, optional=("game", "expansions", "variants", "bots"))
    shape.integer("players", 1, 99)
    shape.integer("games", 0)
    for key in ("games_per_second", "steps_per_second", "steps_per_game", "clone_microseconds", "state_bytes"):
        shape.number(key, 0)
    if "game" in data:
        shape.text("game", 100)
    for key in ("expansions", "variants"):
        if key in data:
            shape.texts(key, None, 100)
    bots = shape.items("bots") if "bots" in data else []
    for index, item in enumerate(bots):
        bot = Shape(item, f"{where}.bots[{index}]", BenchError, TIMING_FIELDS[:4], optional=TIMING_FIELDS[4:])
        bot.text("bot", 1000)
        bot.integer("decisions", 0)
        bot.number("median_ms", 0)
        bot.number("worst_ms", 0)
        if bot.raw("iterations_per_second") is not None:
            bot.number("iterations_per_second", 0)
        if "note" in item:
            bot.text("note", 1000)


def _number(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _columns(*headers: tuple[str, int]) -> list[int]:
    """Each column's width: at least its usual one, wider if its translated header needs it."""
    return [max(width, cells(header)) for header, width in headers]


def _shown_note(note: str) -> str:
    """A bot timing's note (kept in English in the ``--json`` file), in the current language."""
    prefix, suffix = "skipped: plays ", " only"
    if note.startswith(prefix) and note.endswith(suffix):
        games = note[len(prefix):-len(suffix)].split(" and ")
        shown = games[0] if len(games) < 2 else _("{names} and {last}").format(names=", ".join(games[:-1]),
                                                                               last=games[-1])
        return _("skipped: plays {games} only").format(games=shown)
    if note == "skipped: no decision positions":
        return _("skipped: no decision positions")
    return note


def format_throughput(results: Sequence[BenchResult]) -> list[str]:
    headers = (pgettext("bench column", "players"), pgettext("bench column", "games"),
               pgettext("bench column", "games/s"), pgettext("bench column", "steps/s"),
               pgettext("bench column", "steps/game"), pgettext("bench column", "clone µs"),
               pgettext("bench column", "state B"))
    widths = _columns(*zip(headers, (7, 6, 9, 10, 11, 9, 8), strict=True))
    lines = [" ".join(rjust(header, width) for header, width in zip(headers, widths, strict=True))]
    for r in results:
        entries = (f"{r.players}", f"{r.games}", f"{r.games_per_second:.1f}", f"{r.steps_per_second:.0f}",
                   f"{r.steps_per_game:.1f}", f"{r.clone_microseconds:.2f}", f"{r.state_bytes:.0f}")
        lines.append(" ".join(rjust(cell, width) for cell, width in zip(entries, widths, strict=True)))
    return lines


def format_bots(results: Sequence[BenchResult]) -> list[str]:
    players, bot = pgettext("bench column", "players"), pgettext("bench column", "bot")
    headers = (pgettext("bench column", "decisions"), pgettext("bench column", "median ms"),
               pgettext("bench column", "worst ms"), pgettext("bench column", "mcts it/s"))
    players_width, bot_width = _columns((players, 7), (bot, max((cells(t.bot) for r in results for t in r.bots),
                                                                default=3)))
    widths = _columns(*zip(headers, (9, 10, 9, 10), strict=True))
    lines = [f"{rjust(players, players_width)}  {ljust(bot, bot_width)} "
             + " ".join(rjust(header, width) for header, width in zip(headers, widths, strict=True))]
    for r in results:
        for t in r.bots:
            start = f"{rjust(str(r.players), players_width)}  {ljust(t.bot, bot_width)} "
            if t.note:
                lines.append(start + _shown_note(t.note))
                continue
            entries = (f"{t.decisions}", f"{t.median_ms:.3f}", f"{t.worst_ms:.3f}",
                       _number(t.iterations_per_second, 0))
            lines.append(start + " ".join(rjust(cell, width) for cell, width in zip(entries, widths, strict=True)))
    return lines


def format_comparison(results: Sequence[BenchResult], earlier: dict[str, Any], path: str) -> list[str]:
    """Per game and player count, new / old for each number (throughput: above 1 is faster;
    costs: below 1 is cheaper)."""
    old = {BenchResult.from_json(item).key(): BenchResult.from_json(item) for item in earlier["results"]}
    headers = (pgettext("bench column", "games/s"), pgettext("bench column", "steps/s"),
               pgettext("bench column", "clone"), pgettext("bench column", "state"))
    widths = _columns(*((header, 8) for header in headers))
    lines = [_("Compared with {path} ({date}, {build}): new / old").format(
                 path=path, date=earlier.get("date", "?"), build=_shown_build(str(earlier.get("build", "?")))),
             f"{'':<28} " + " ".join(rjust(header, width) for header, width in zip(headers, widths, strict=True))
             + "  " + pgettext("bench column", "bot median ms")]
    for r in results:
        before = old.get(r.key())
        if before is None:
            lines.append(f"{r.key():<28} " + _("not in the earlier run"))
            continue
        bots = []
        earlier_bots = {t.bot: t for t in before.bots if not t.note}
        for t in r.bots:
            previous = earlier_bots.get(t.bot)
            if not t.note and previous is not None and previous.median_ms > 0:
                bots.append(f"{t.bot} ×{t.median_ms / previous.median_ms:.2f}")
        entries = (_ratio(r.games_per_second, before.games_per_second),
                   _ratio(r.steps_per_second, before.steps_per_second),
                   _ratio(r.clone_microseconds, before.clone_microseconds), _ratio(r.state_bytes, before.state_bytes))
        row = " ".join(rjust(cell, width) for cell, width in zip(entries, widths, strict=True))
        lines.append(f"{r.key():<28} {row}  {', '.join(bots) or '-'}")
    lines.append(_("(games/s and steps/s above 1 are faster; clone, state and bot times below 1 are cheaper)"))
    return lines


def _shown_build(engine: str) -> str:
    """``build()``'s answer (kept in English in the ``--json`` file), in the current language."""
    if engine == "pure Python":
        return _("pure Python")
    if engine == "compiled":
        return _("compiled")
    if engine.startswith("mixed (compiled: ") and engine.endswith(")"):
        return _("mixed (compiled: {modules})").format(modules=engine[len("mixed (compiled: "):-1])
    return engine


def _ratio(new: float, old: float) -> str:
    return f"×{new / old:.2f}" if old > 0 else "-"


def run_command(args: argparse.Namespace) -> int:
    """``stoneage bench``: measure, print, and optionally save and compare."""
    names = game_names() if args.game and "all" in args.game else list(dict.fromkeys(args.game or [DEFAULT_GAME]))
    plan = [(name, check_options(name, args.players, args.expansion, args.variant)) for name in names]
    for spec in args.bots:
        make_bench_bot(spec, names[0])  # an unknown bot or parameter fails before anything is measured
    earlier = load_bench_file(args.compare) if args.compare else None
    with claim(BenchError, args.json):  # one writer of --json, checked before anything is measured
        return _measure(args, names, plan, earlier)


def _measure(args: argparse.Namespace, names: list[str], plan: list[tuple[str, list[int]]],
             earlier: dict[str, Any] | None) -> int:
    engine = build(names)
    results: list[BenchResult] = []
    for index, (name, counts) in enumerate(plan):
        rows = [bench(count, args.games, args.seed, args.expansion, name, args.variant, args.bots, args.positions)
                for count in counts]
        results += rows
        options = ", ".join([*args.expansion, *args.variant]) or _("base game")
        if index:
            print()
        print("\n".join(format_throughput(rows)))
        print("  " + _("{game} ({options}): {games} uniform-random games per player count, one process").format(
            game=name, options=options, games=args.games))
        if args.bots:
            print()
            print("\n".join(format_bots(rows)))
            print("  " + _("{game}: each bot timed on the same {positions} decision positions from random "
                           "games, among them the one with the most legal actions").format(
                               game=name, positions=args.positions))
    print("\n" + _("Engine: {engine}; {python} on {machine}").format(
        engine=_shown_build(engine), python=f"{platform.python_implementation()} {platform.python_version()}",
        machine=platform.machine()))
    if earlier is not None:
        print()
        print("\n".join(format_comparison(results, earlier, args.compare)))
    if args.json:
        document = {"format": FORMAT, "date": date.today().isoformat(), "build": engine,
                    "python": f"{platform.python_implementation()} {platform.python_version()}",
                    "machine": platform.machine(), "argv": sys.argv[1:],
                    "results": [r.to_json() for r in results]}
        write_text_atomic(args.json, json.dumps(document, indent=1) + "\n", BenchError)
        print("\n" + _("Results written to {path} (compare a later run with: stoneage bench ... --compare {path})")
              .format(path=args.json))
    return 0
