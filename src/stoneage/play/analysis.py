"""Game analysis: how much winning chance each decision of a record lost, and how much came from luck.

Every real decision (more than one legal action) is judged by the advisor (``play/advisor.py``),
the same judge as the hint, the warnings and "Why?": every legal choice valued as the deciding seat
knew the position, chance steps right after it averaged exactly (``play/valuation.py``). Per seat:

- ``before``: the position's winning chances (after the advisor's best choice),
- ``after``: the chances after the move played,
- ``best``: the chances after the advisor's best choice (never a warned move while an unwarned one
  is legal), the same as ``before``.

The chance a decision lost is ``best − after`` for the deciding seat (0 when they are equal, as they
are for moves with the same outcomes), classified by :data:`THRESHOLDS`. The values have no search
luck: analysing a record again gives the same labels; ``seed`` only redraws what the deciding seat
could not see. Luck is the change over chance steps: from one decision's ``after`` to the next
decision's ``before`` (or the final result) when dice or draws came in between. Results are plain,
JSON-able dataclasses (:class:`Analysis`), the same for every game.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from itertools import pairwise
from typing import Any

from stoneage.core.contract import JSON, State
from stoneage.core.errors import RecordError, StoneAgeError
from stoneage.core.i18n import _
from stoneage.core.record import game_from_record, replay
from stoneage.core.registry import game_info
from stoneage.core.shape import Shape, check_integer, check_list, check_number
from stoneage.play.advisor import BLUNDER, GOOD, INACCURACY, LABELS, MISTAKE, THRESHOLDS, Advisor, classify
from stoneage.play.events import describe
from stoneage.play.kit import play_kit

__all__ = ["BLUNDER", "GOOD", "INACCURACY", "LABELS", "MISTAKE", "THRESHOLDS", "Analysis", "AnalysisError",
           "Decision", "LuckEvent", "PlayerSummary", "analyse", "analyse_steps", "classify", "record_key"]

ANALYSIS_VERSION = 3
"""Bumped whenever the numbers an analysis gives would change; a cache of another version is redone."""
JUDGE = "advisor"
"""What judged the decisions (``Analysis.judge``): the advisor's values (``play/valuation.py``)."""
WORST_SHOWN = 3
"""The biggest mistakes listed per player."""


class AnalysisError(StoneAgeError):
    """An analysis that cannot be made: a bot that does not search, or a record without decisions."""


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
    matters: bool
    """Whether some legal choice would have lost at least the inaccuracy threshold (accuracy counts these)."""


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
    mattered: int
    """How many of them mattered (some choice would have lost at least the inaccuracy threshold)."""
    accuracy: float
    """Percent of the seat's decisions that mattered (some choice would have lost at least the
    inaccuracy threshold) that lost less than it; 100 when none mattered."""
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
    judge: str
    """What judged the decisions (:data:`JUDGE`)."""
    seed: int
    """The seed of the redraws of what a deciding seat could not see."""
    key: str
    """What the analysis is of: the record's hash, the seed and ``ANALYSIS_VERSION``."""
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
                          d.number("loss", 0), _label(d), d.boolean("matters"))
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
                                       s.integer("mattered", 0), s.number("accuracy"), s.number("mean_loss"),
                                       {label: counts.integer(label, 0) for label in LABELS},
                                       s.number("luck"), s.number("skill"), worst))
    curve = []
    for index, point in enumerate(top.items("curve")):
        where = f"curve[{index}]"
        pair = check_list(point, where, AnalysisError, 2)
        curve.append((check_integer(pair[0], f"{where}[0]", AnalysisError, 0),
                      [check_number(c, f"{where}[1][{i}]", AnalysisError)
                       for i, c in enumerate(check_list(pair[1], f"{where}[1]", AnalysisError, players))]))
    return Analysis(game=info.name, players=players, judge=top.text("judge", 100), seed=top.integer("seed", 0),
                    key=top.text("key", 1000), decisions=decisions, luck=luck, summaries=summaries, curve=curve,
                    seconds=top.number("seconds", 0), version=ANALYSIS_VERSION, finished=top.boolean("finished"))


def _label(decision: Shape) -> str:
    label = decision.raw("label")
    if label not in LABELS:
        raise decision.fail(decision.name("label"), ", ".join(LABELS))
    return str(label)


def record_key(record: JSON, seed: int) -> str:
    """What an analysis is of, as one string: the record's hash, the seed, the version."""
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:24]
    return f"{digest}/{JUDGE}/{seed}/v{ANALYSIS_VERSION}"


def _words(state: State, action: int) -> str:
    return describe(state, action).strip() or state.action_to_string(action)


def analyse_steps(record: JSON, steps: Sequence[int], seed: int,
                  on_done: Callable[[int], None] | None = None) -> list[Decision]:
    """The decisions at ``steps`` (indices of real decisions in the record), each judged by the
    advisor alone (so the result does not depend on how steps are shared among workers);
    ``on_done(1)`` after each."""
    game = game_from_record(record)
    advisor = Advisor(game, play_kit(game), seed)
    state = game.new_initial_state()
    wanted = set(steps)
    out: list[Decision] = []
    actions: list[str] = record["actions"]
    for index, text in enumerate(actions[: max(wanted) + 1] if wanted else []):
        action = state.string_to_action(text)
        if index in wanted:
            judged = advisor.assess(state, action)
            best = list(judged.best_values)
            out.append(Decision(index, judged.seat, _words(state, judged.action), _words(state, judged.best), best,
                                list(judged.values), best, judged.loss, judged.label, judged.matters))
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


Runner = Callable[[JSON, list[int], int, Callable[[int], None]], list[Decision]]
"""Analyses the decisions at the given steps (record, steps, seed, on_done(count))."""


def serial_runner(record: JSON, steps: list[int], seed: int, on_done: Callable[[int], None]) -> list[Decision]:
    """Analyse the steps one by one in this process, reporting each."""
    return analyse_steps(record, steps, seed, on_done)


def analyse(record: JSON, seed: int = 0, runner: Runner | None = None, on_done: Callable[[int], None] | None = None,
            on_total: Callable[[int], None] | None = None) -> Analysis:
    """Analyse a record (``RecordError`` if it does not replay)."""
    if not isinstance(record, dict):
        raise RecordError(_("a record is a JSON object, not {kind}").format(kind=type(record).__name__))
    start = time.perf_counter()
    steps, chances, final = decision_steps(record)
    if on_total:
        on_total(len(steps))
    decisions = sorted((runner or serial_runner)(record, steps, seed, on_done or (lambda _n: None)),
                       key=lambda d: d.step)
    seats = len(final.returns())
    luck = _luck(decisions, chances, chance_words(record, chances), final)
    curve = [(d.step, d.before) for d in decisions]
    if final.is_terminal():
        curve.append((len(record["actions"]), [float(r) for r in final.returns()]))
    summaries = [_summary(seat, decisions, luck) for seat in range(seats)]
    return Analysis(game=str(record["game"]), players=seats, judge=JUDGE, seed=seed, key=record_key(record, seed),
                    decisions=decisions, luck=luck, summaries=summaries, curve=curve,
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
    mattered = [d for d in own if d.matters]
    worst = sorted((d for d in own if d.label != GOOD), key=lambda d: -d.loss)[:WORST_SHOWN]
    return PlayerSummary(
        seat=seat, decisions=len(own), mattered=len(mattered),
        accuracy=round(100.0 * sum(1 for d in mattered if d.label == GOOD) / len(mattered), 1) if mattered else 100.0,
        mean_loss=round(sum(d.loss for d in own) / len(own), 4) if own else 0.0,
        counts=counts, luck=round(sum(e.swing[seat] for e in luck), 4),
        skill=round(-sum(d.loss for d in own), 4), worst=[d.step for d in worst])
