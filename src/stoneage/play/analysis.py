"""Game analysis: how much winning chance each decision of a record lost, and how much came from luck.

At every real decision (more than one legal action) the analysing search bot searches the position
as the deciding seat knew it (determinized from its infostate), with the move played always among
the root's candidates and searched at least ``MIN_VISITS`` times. Its root statistics give, per seat:

- ``before``: the root's mean value (the position's winning chances),
- ``after``: the mean value of the move played,
- ``best``: the mean value of the bot's own choice (its most visited move).

The chance a decision lost is ``best − after`` for the deciding seat (never below 0), classified by
:data:`THRESHOLDS`. The bot's choice agrees with the advisor (``play/advisor.py``): a move the
game's warnings flag is never the best one while an unwarned move was searched, and a move that leaves
the very same position as the best one lost nothing. Luck is the change over chance steps: from one
decision's ``after`` to the next decision's ``before`` (or the final result) when dice or draws came
in between. Results are plain, JSON-able dataclasses (:class:`Analysis`), the same for every game.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from itertools import pairwise
from typing import Any

from stoneage.bots.mcts import MCTSBot, Node
from stoneage.bots.registry import make_bot
from stoneage.core.contract import JSON, State
from stoneage.core.errors import RecordError, StoneAgeError
from stoneage.core.i18n import _, pgettext
from stoneage.core.record import game_from_record, replay
from stoneage.core.registry import game_info
from stoneage.core.shape import Shape, check_integer, check_list, check_number
from stoneage.play.events import describe
from stoneage.play.kit import PlayKit, play_kit
from stoneage.play.warnings import warnings_for

ANALYSIS_VERSION = 2
"""Bumped whenever the numbers an analysis gives would change; a cache of another version is redone."""
DEFAULT_BOT = "hard"
"""The analysing bot when none is named (``mcts:iterations=300``)."""
DEFAULT_ITERATIONS = 100
"""Search iterations per decision when the command names no depth: a 4-player game in ≤ 2 minutes."""
MIN_VISITS = 16
"""Searches of the move played at least, so its value is an estimate and not a guess."""

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
THRESHOLDS: tuple[tuple[str, float], ...] = ((BLUNDER, 0.20), (MISTAKE, 0.10), (INACCURACY, 0.05))
"""A decision that lost at least this much winning chance (0..1) gets this class, worst first."""
LABELS = (GOOD, INACCURACY, MISTAKE, BLUNDER)
"""The classes of a decision, best first (``label_words`` says them)."""


def label_words(label: str) -> str:
    """A decision's class in words, in the current language ("good" as in a good move, not a good)."""
    return {GOOD: pgettext("decision", "good"), INACCURACY: pgettext("decision", "inaccuracy"),
            MISTAKE: pgettext("decision", "mistake"), BLUNDER: pgettext("decision", "blunder")}[label]
WORST_SHOWN = 3
"""The biggest mistakes listed per player."""


class AnalysisError(StoneAgeError):
    """An analysis that cannot be made: a bot that does not search, or a record without decisions."""


def classify(loss: float) -> str:
    """The class of a decision that lost ``loss`` winning chance."""
    for label, bound in THRESHOLDS:
        if loss >= bound:
            return label
    return GOOD


@dataclass(frozen=True)
class Decision:
    """One real decision of the record, as the analysing bot saw it."""

    step: int
    """Index of the action in the record's action list (0 for the first)."""
    seat: int
    move: str
    """The move played, in words."""
    best_move: str
    """The analysing bot's own choice, in words."""
    before: list[float]
    """Every seat's winning chance before the move."""
    after: list[float]
    """Every seat's winning chance after the move played."""
    best: list[float]
    """Every seat's winning chance after the bot's own choice."""
    loss: float
    """Winning chance the deciding seat lost by its move (``best − after``, at least 0)."""
    label: str


@dataclass(frozen=True)
class LuckEvent:
    """The dice and draws between two estimates, and how much they moved every seat's chance."""

    step: int
    """Index of the last chance action of the stretch."""
    events: list[str]
    """Each chance outcome, in words."""
    swing: list[float]
    """Per seat, the change in winning chance they brought."""


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's game: accuracy, counts per class, luck and skill."""

    seat: int
    decisions: int
    accuracy: float
    """Percent of the seat's decisions that lost less than the inaccuracy threshold."""
    mean_loss: float
    """Mean winning chance lost per decision."""
    counts: dict[str, int]
    luck: float
    """Sum of the seat's swings over chance steps."""
    skill: float
    """Minus the sum of the chance the seat's own decisions lost."""
    worst: list[int]
    """Steps of the seat's biggest mistakes (inaccuracy or worse), worst first."""


@dataclass(frozen=True)
class Analysis:
    """The analysis of one record: decisions, luck, per-seat summaries and the curve."""

    game: str
    players: int
    bot: str
    iterations: int
    """Search iterations per decision (the bot's own when none were asked for)."""
    key: str
    """What the analysis is of: the record's hash, the bot, the depth and ``ANALYSIS_VERSION``."""
    decisions: list[Decision]
    luck: list[LuckEvent]
    summaries: list[PlayerSummary]
    curve: list[tuple[int, list[float]]]
    """(step, every seat's winning chance) before each decision, then the result if the game ended."""
    seconds: float = 0.0
    version: int = ANALYSIS_VERSION
    finished: bool = field(default=False)

    def to_json(self) -> JSON:
        """The analysis as plain JSON data."""
        data: dict[str, Any] = asdict(self)
        data["curve"] = [[step, chances] for step, chances in self.curve]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Analysis:
        """An analysis from ``to_json`` data, every field checked by type and range (seats and
        chances per player, known labels, steps of its own decisions); ``AnalysisError`` if it is not one."""
        try:
            return _from_json(data)
        except AnalysisError as error:
            raise AnalysisError(_("not an analysis of this version: {problem}").format(problem=error)) from None

    def decision_at(self, step: int) -> Decision:
        """The decision at ``step``."""
        return next(d for d in self.decisions if d.step == step)


def _names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


def _from_json(data: Any) -> Analysis:
    top = Shape(data, "", AnalysisError, _names(Analysis))
    if type(data["version"]) is not int or data["version"] != ANALYSIS_VERSION:
        raise top.fail("version", str(ANALYSIS_VERSION))
    try:
        info = game_info(top.text("game", 100))
    except StoneAgeError:
        raise top.fail("game", _("a registered game")) from None
    players = top.integer("players", info.min_players, info.max_players)
    seat = players - 1
    decisions = [Decision(d.integer("step", 0), d.integer("seat", 0, seat), d.text("move"), d.text("best_move"),
                          d.numbers("before", players), d.numbers("after", players), d.numbers("best", players),
                          d.number("loss", 0), _label(d))
                 for d in top.objects("decisions", _names(Decision))]
    luck = [LuckEvent(e.integer("step", 0), e.texts("events"), e.numbers("swing", players))
            for e in top.objects("luck", _names(LuckEvent))]
    steps = {d.step for d in decisions}
    summaries = []
    for index, s in enumerate(top.objects("summaries", _names(PlayerSummary), players)):
        counts = Shape(s.raw("counts"), s.name("counts"), AnalysisError, LABELS)
        worst = s.integers("worst", 0)
        if not set(worst) <= steps:
            raise s.fail(s.name("worst"), _("steps of the analysis's decisions"))
        summaries.append(PlayerSummary(s.integer("seat", index, index), s.integer("decisions", 0),
                                       s.number("accuracy"), s.number("mean_loss"),
                                       {label: counts.integer(label, 0) for label in LABELS},
                                       s.number("luck"), s.number("skill"), worst))
    curve = []
    for index, point in enumerate(top.items("curve")):
        where = f"curve[{index}]"
        pair = check_list(point, where, AnalysisError, 2)
        curve.append((check_integer(pair[0], f"{where}[0]", AnalysisError, 0),
                      [check_number(c, f"{where}[1][{i}]", AnalysisError)
                       for i, c in enumerate(check_list(pair[1], f"{where}[1]", AnalysisError, players))]))
    return Analysis(game=info.name, players=players, bot=top.text("bot", 1000), iterations=top.integer("iterations", 0),
                    key=top.text("key", 1000), decisions=decisions, luck=luck, summaries=summaries, curve=curve,
                    seconds=top.number("seconds", 0), version=ANALYSIS_VERSION, finished=top.boolean("finished"))


def _label(decision: Shape) -> str:
    label = decision.raw("label")
    if label not in LABELS:
        raise decision.fail(decision.name("label"), ", ".join(LABELS))
    return str(label)


def record_key(record: JSON, bot: str, iterations: int) -> str:
    """What an analysis is of, as one string: the record's hash, the bot spec, the depth, the version."""
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:24]
    return f"{digest}/{bot}/{iterations}/v{ANALYSIS_VERSION}"


def search_bot(spec: str, iterations: int, seed: int) -> MCTSBot:
    """The analysing bot: ``spec`` (the person's ``--bot`` or the server's configuration, never a
    record's) must make a search bot; ``iterations`` (if > 0) sets its depth."""
    bot = make_bot(spec, seed=seed, trusted=True)
    if not isinstance(bot, MCTSBot):
        bot.close()
        raise AnalysisError(_("bot {spec!r} does not search; analysis needs a search bot such as hard or mcts").format(
            spec=spec))
    if iterations > 0:
        bot.iterations, bot.seconds = iterations, 0.0
    bot.max_seconds = max(bot.max_seconds, 60.0)  # the depth decides, not the clock of a loaded machine
    return bot


def _mean(node: Node) -> list[float]:
    return [v / node.visits for v in node.value] if node.visits else [0.0] * len(node.value)


def analyse_decision(bot: MCTSBot, state: State, played: int,
                     warned: Callable[[int], bool] = lambda _action: False,
                     ) -> tuple[list[float], list[float], list[float], int]:
    """Search ``state`` for its current seat: (before, after played, after best, best action).

    The best action is the search's choice among the moves ``warned`` does not flag (the game's
    warnings: the advisor never suggests those), or among all if it flags every move searched."""
    player = state.current_player()
    seats = len(state.returns())
    root = Node(seats)
    candidates = bot._candidates(state, player)
    if played not in candidates:
        candidates.insert(0, played)
    root.untried = candidates
    start = time.perf_counter()
    limit = bot.seconds or bot.max_seconds
    done = 0
    while done < max(bot.iterations, len(candidates)) or (bot.seconds and time.perf_counter() - start < limit):
        bot._iterate(root, state.resample_from_infostate(player, bot.rng), player, seats)
        done += 1
        if time.perf_counter() - start >= limit:
            break
    searched = [item for item in root.children.items() if not warned(item[0])] or list(root.children.items())
    best_action = max(searched, key=lambda item: (item[1].visits, item[1].value[player]))[0]
    child = root.children.setdefault(played, Node(seats))
    while child.visits < MIN_VISITS:  # after the choice, so the extra searches cannot sway it
        sample = state.resample_from_infostate(player, bot.rng)
        sample.apply_action(played)
        bot._iterate(child, sample, player, seats)
    return _mean(root), _mean(child), _mean(root.children[best_action]), best_action


def _warned(kit: PlayKit, state: State) -> Callable[[int], bool]:
    """Whether the game's warnings flag a move in ``state``."""
    return lambda action: bool(warnings_for(kit, state, action))


def same_position(state: State, one: int, other: int) -> bool:
    """Whether two moves leave the very same position (all but the move's own place in the history):
    then neither can be worse than the other."""
    first, second = state.clone(), state.clone()
    first.apply_action(one)
    second.apply_action(other)
    return _without_history(first.to_json()) == _without_history(second.to_json())


def _without_history(data: JSON) -> JSON:
    return {key: value for key, value in data.items() if key != "history"}


def _words(state: State, action: int) -> str:
    return describe(state, action).strip() or state.action_to_string(action)


def analyse_steps(record: JSON, steps: Sequence[int], bot: str, iterations: int,
                  on_done: Callable[[int], None] | None = None) -> list[Decision]:
    """The decisions at ``steps`` (indices of real decisions in the record), each searched with its own
    seed (the step), so the result does not depend on how steps are shared among workers; ``on_done(1)``
    after each."""
    game = game_from_record(record)
    kit = play_kit(game)
    state = game.new_initial_state()
    wanted = set(steps)
    out: list[Decision] = []
    actions: list[str] = record["actions"]
    for index, text in enumerate(actions[: max(wanted) + 1] if wanted else []):
        action = state.string_to_action(text)
        if index in wanted:
            seat = state.current_player()
            searcher = search_bot(bot, iterations, seed=index)
            before, after, best, best_action = analyse_decision(searcher, state, action, _warned(kit, state))
            equal = best_action == action or same_position(state, action, best_action)
            loss = 0.0 if equal else max(0.0, best[seat] - after[seat])
            out.append(Decision(index, seat, _words(state, action), _words(state, best_action), before, after,
                                best, round(loss, 4), classify(loss)))
            if on_done:
                on_done(1)
        state.apply_action(action)
    return out


def decision_steps(record: JSON) -> tuple[list[int], list[int], State]:
    """(steps of real decisions, steps of chance actions, the final state) of a valid record."""
    game, _final = replay(record)
    state = game.new_initial_state()
    decisions, chances = [], []
    for index, text in enumerate(record["actions"]):
        action = state.string_to_action(text)
        if state.is_chance_node():
            chances.append(index)
        elif len(state.legal_actions()) > 1:
            decisions.append(index)
        state.apply_action(action)
    return decisions, chances, state


def chance_words(record: JSON, chances: Sequence[int]) -> dict[int, str]:
    """Each chance action of the record, in words."""
    state = game_from_record(record).new_initial_state()
    out = {}
    wanted = set(chances)
    for index, text in enumerate(record["actions"]):
        action = state.string_to_action(text)
        if index in wanted:
            out[index] = _words(state, action)
        state.apply_action(action)
    return out


Runner = Callable[[JSON, list[int], str, int, Callable[[int], None]], list[Decision]]
"""Analyses the decisions at the given steps (record, steps, bot, iterations, on_done(count))."""


def serial_runner(record: JSON, steps: list[int], bot: str, iterations: int,
                  on_done: Callable[[int], None]) -> list[Decision]:
    """Analyse the steps one by one in this process, reporting each."""
    return analyse_steps(record, steps, bot, iterations, on_done)


def analyse(record: JSON, bot: str = DEFAULT_BOT, iterations: int = DEFAULT_ITERATIONS,
            runner: Runner | None = None, on_done: Callable[[int], None] | None = None,
            on_total: Callable[[int], None] | None = None) -> Analysis:
    """Analyse a record (``RecordError`` if it does not replay; ``AnalysisError`` for a bot that
    does not search). ``iterations`` 0 keeps the bot's own depth."""
    if not isinstance(record, dict):
        raise RecordError(_("a record is a JSON object, not {kind}").format(kind=type(record).__name__))
    depth = search_bot(bot, iterations, seed=0).iterations  # AnalysisError / BotSpecError before any work
    start = time.perf_counter()
    steps, chances, final = decision_steps(record)
    if on_total:
        on_total(len(steps))
    decisions = sorted((runner or serial_runner)(record, steps, bot, iterations, on_done or (lambda _n: None)),
                       key=lambda d: d.step)
    seats = len(final.returns())
    luck = _luck(decisions, chances, chance_words(record, chances), final)
    curve = [(d.step, d.before) for d in decisions]
    if final.is_terminal():
        curve.append((len(record["actions"]), [float(r) for r in final.returns()]))
    return Analysis(game=str(record["game"]), players=seats, bot=bot, iterations=depth,
                    key=record_key(record, bot, iterations), decisions=decisions, luck=luck,
                    summaries=[_summary(seat, decisions, luck) for seat in range(seats)], curve=curve,
                    seconds=round(time.perf_counter() - start, 2), finished=final.is_terminal())


def _luck(decisions: list[Decision], chances: list[int], words: dict[int, str], final: State) -> list[LuckEvent]:
    """The swing over each stretch of chance steps between two estimates."""
    marks: list[tuple[int, list[float], list[float]]] = [(d.step, d.before, d.after) for d in decisions]
    if final.is_terminal():
        result = [float(r) for r in final.returns()]
        marks.append((1 << 30, result, result))
    out = []
    for (step, _before, after), (next_step, next_before, _after) in pairwise(marks):
        between = [c for c in chances if step < c < next_step]
        if between:
            swing = [round(b - a, 4) for a, b in zip(after, next_before, strict=True)]
            out.append(LuckEvent(between[-1], [words[c] for c in between], swing))
    return out


def _summary(seat: int, decisions: list[Decision], luck: list[LuckEvent]) -> PlayerSummary:
    own = [d for d in decisions if d.seat == seat]
    counts = {label: sum(1 for d in own if d.label == label) for label in LABELS}
    worst = sorted((d for d in own if d.label != GOOD), key=lambda d: -d.loss)[:WORST_SHOWN]
    return PlayerSummary(
        seat=seat, decisions=len(own),
        accuracy=round(100.0 * counts[GOOD] / len(own), 1) if own else 100.0,
        mean_loss=round(sum(d.loss for d in own) / len(own), 4) if own else 0.0,
        counts=counts, luck=round(sum(e.swing[seat] for e in luck), 4),
        skill=round(-sum(d.loss for d in own), 4), worst=[d.step for d in worst])
