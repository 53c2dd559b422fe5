"""Why a move: a bot's move, the hint a person was given, or the person's own move, in words.

The hint and the person's own move are explained from the advisor's values (``play/advisor.py``):
:func:`explain_hint` names the hinted move, its chance of winning and the best alternatives with what
each loses against the hint and its class; :func:`review_move` tells a move played what the advisor
thought of it (its class, what it lost against the advisor's best, and that best move). Both are
game-neutral: the advisor values every game's choices the same way.

A bot's move is explained by the bot's own ranking (:func:`explain`). Game-neutral: any bot that can
rank its choices (a :class:`Ranker`: ``ranked(state, player)``, as the greedy bot does) is asked; a
Monte Carlo tree search is asked through its root children (visit share and mean value after a
search of its own budget); any other bot is explained by the default ranking, a one-step look ahead
through ``evaluate``. The explaining bot is a fresh one made from the seat's spec, so explaining
never changes the playing bot's random stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from stoneage.bots import Bot, make_bot
from stoneage.bots.evaluation import evaluate
from stoneage.bots.greedy import GreedyBot
from stoneage.bots.registry import PRESETS, is_command_spec, parse_spec
from stoneage.core.contract import OMNISCIENT, State
from stoneage.core.i18n import _, ngettext
from stoneage.play.advisor import Advisor, label_words
from stoneage.play.events import describe
from stoneage.play.kit import play_kit
from stoneage.play.valuation import EQUAL

TOP = 3
"""How many alternatives an explanation names."""


@runtime_checkable
class Ranker(Protocol):
    """A bot that can value every legal action for ``player`` (higher is better, about 0..1)."""

    def ranked(self, state: State, player: int) -> list[tuple[int, float]]:
        """Every legal action with its value."""
        ...


@dataclass(frozen=True)
class Choice:
    """One move weighed: its notation, its description and its value (a win chance in 0..1)."""

    action: int
    notation: str
    description: str
    value: float
    share: float | None = None
    """The share of the search's visits it got (tree search only)."""


@dataclass(frozen=True)
class Explanation:
    """A bot's move and what it weighed against it."""

    seat: int
    bot: str
    played: Choice
    alternatives: list[Choice] = field(default_factory=list)
    """The best other moves, best first."""
    method: str = ""
    """How the values were found, in words."""

    @property
    def action(self) -> int:
        """The move explained."""
        return self.played.action

    def lines(self, name: str) -> list[str]:
        """The explanation in words; ``name``: the seat's name."""
        out = [_("Why {name} played {action}:").format(name=name, action=self.played.notation),
               "  " + choice_line(self.played)]
        if self.alternatives:
            out.append(_("Its best alternatives:"))
            out += ["  " + choice_line(choice) for choice in self.alternatives]
        else:
            out.append(_("It had no other choice."))
        if self.method:
            out.append(self.method)
        return out


@dataclass(frozen=True)
class Weighed:
    """An alternative to the hint: the choice, what it loses against the hint (winning chance, 0..1;
    below 0 when it is valued higher) and its class by the advisor (against the advisor's best)."""

    choice: Choice
    lost: float
    label: str


@dataclass(frozen=True)
class HintExplanation:
    """The hint a seat was given, weighed by the advisor against the seat's other choices."""

    seat: int
    hint: Choice
    label: str
    """The hint's class (good, unless the hint bot's move was the only unwarned one)."""
    alternatives: list[Weighed] = field(default_factory=list)
    """The best other choices, best first."""

    @property
    def action(self) -> int:
        """The move explained: the hint."""
        return self.hint.action

    def lines(self, name: str) -> list[str]:
        """The explanation in words (``name``: the seat's name; the hint is the seat's own)."""
        out = [_("Why {move}? (the hint)").format(move=self.hint.notation), "  " + choice_line(self.hint)]
        if self.alternatives:
            out.append(_("Its best alternatives, with what each loses against the hint:"))
            out += ["  " + f"{choice_line(other.choice)} ({difference(other)})" for other in self.alternatives]
        else:
            out.append(_("It is the only choice."))
        return out


def difference(other: Weighed) -> str:
    """``−6 points, inaccuracy``: what an alternative loses against the hint (in percentage points of
    winning chance) and its class; ``as good as the hint`` when it loses nothing."""
    if abs(other.lost) <= EQUAL:
        return _("as good as the hint")
    points = round(abs(other.lost) * 100)
    if not points:
        return _("about as good as the hint")
    if other.lost > 0:
        # TRANSLATORS: an alternative to the hint loses {points} percentage points of winning chance;
        # {label} is its class (good, inaccuracy, mistake, blunder)
        text = ngettext("−{points} point, {label}", "−{points} points, {label}", points)
    else:
        # TRANSLATORS: an alternative valued {points} percentage points of winning chance above the hint
        text = ngettext("+{points} point, {label}", "+{points} points, {label}", points)
    return text.format(points=points, label=label_words(other.label))


@dataclass(frozen=True)
class MoveReview:
    """What the advisor thought of a move a person played."""

    seat: int
    played: Choice
    label: str
    """Its class (good, inaccuracy, mistake, blunder)."""
    loss: float
    """Winning chance (0..1) it lost against the advisor's best."""
    best: Choice | None
    """The advisor's best choice, when it is another move the viewer may be shown."""
    first: bool
    """Whether the move is the advisor's best choice itself."""

    @property
    def action(self) -> int:
        """The move reviewed."""
        return self.played.action

    def lines(self, name: str) -> list[str]:
        """The review in words (``name``: the seat's name)."""
        out = [_("Your move {move}: {label}").format(move=self.played.notation, label=label_words(self.label)),
               "  " + choice_line(self.played)]
        if self.loss > 0:
            points = max(1, round(self.loss * 100))
            out.append(ngettext("It lost {points} percentage point of winning chance against the advisor's best:",
                                "It lost {points} percentage points of winning chance against the advisor's best:",
                                points).format(points=points))
        elif self.first:
            out.append(_("It was the advisor's best choice."))
        elif self.best is not None:
            out.append(_("It was as good as the advisor's best choice:"))
        else:
            out.append(_("It was as good as the advisor's best choice."))
        if self.best is not None and not self.first:
            out.append("  " + choice_line(self.best))
        return out


Answer = Explanation | HintExplanation | MoveReview
"""What "Why?" answers: a bot's move, the hint, or the person's own move."""


def explain_hint(advisor: Advisor, state: State, action: int, *, viewer: int = OMNISCIENT,
                 top: int = TOP) -> HintExplanation:
    """Why the hint ``action`` in ``state`` (the seat to move's decision; not changed): its chance of
    winning and the ``top`` best other choices, each with what it loses against the hint and its class,
    described as ``viewer`` may read them (another viewer is shown none of the seat's private moves)."""
    assessment = advisor.assess(state, action)
    seat = assessment.seat
    mine = assessment.values[seat]
    others = [choice for choice in assessment.choices
              if choice.action != action and _may_show(state, seat, choice.action, viewer)][:top]
    alternatives = [Weighed(_choice(state, choice.action, choice.values[seat], None, viewer),
                            mine - choice.values[seat], advisor.assess(state, choice.action).label)
                    for choice in others]
    return HintExplanation(seat, _choice(state, action, mine, None, viewer), assessment.label, alternatives)


def review_move(advisor: Advisor, state: State, action: int, *, viewer: int = OMNISCIENT) -> MoveReview:
    """What the advisor thought of the seat to move in ``state`` playing ``action`` (``state``: before
    the move; not changed): its class, what it lost against the advisor's best, and that best move
    when ``viewer`` may be shown it."""
    assessment = advisor.assess(state, action)
    seat = assessment.seat
    first = assessment.best == action
    best = None if first or not _may_show(state, seat, assessment.best, viewer) else _choice(
        state, assessment.best, assessment.best_values[seat], None, viewer)
    return MoveReview(seat, _choice(state, action, assessment.values[seat], None, viewer), assessment.label,
                      assessment.loss, best, first)


def _may_show(state: State, seat: int, action: int, viewer: int) -> bool:
    """Whether ``viewer`` may be shown that ``seat`` could play ``action`` (not a move that tells what
    it holds face down, ``PlayKit.private_move``, unless the viewer is the seat itself)."""
    private = play_kit(state.get_game()).private_move
    return private is None or viewer in (seat, OMNISCIENT) or not private(state, action)


def choice_line(choice: Choice) -> str:
    """``place forest 3 — 3 figures to the forest: win chance 41 %`` (and the visit share of a search)."""
    value = _("win chance {percent} %").format(percent=round(choice.value * 100))
    if choice.share is not None:
        value = _("{value}, search share {percent} %").format(value=value, percent=round(choice.share * 100))
    description = choice.description.strip()
    text = f"{choice.notation} — {description}" if description and description != choice.notation else choice.notation
    return f"{text}: {value}"


def ranking(state: State, seat: int, bot: Bot) -> tuple[list[tuple[int, float, float | None]], str]:
    """Every action the bot weighed, ``(action, value, visit share or None)``, best first, and how
    the values were found in words."""
    if isinstance(bot, Ranker):
        pairs = bot.ranked(state.clone(), seat)
        return sorted(((a, v, None) for a, v in pairs), key=lambda row: -row[1]), _(
            "Values: the bot's own look ahead.")
    if hasattr(bot, "_iterate") and hasattr(bot, "iterations"):
        return search_ranking(state, seat, bot), _("Values: a fresh search of the bot's budget.")
    pairs = GreedyBot(seed=0).ranked(state.clone(), seat)
    return sorted(((a, v, None) for a, v in pairs), key=lambda row: -row[1]), _(
        "Values: a one-step look ahead (this bot cannot tell its own).")


def search_ranking(state: State, seat: int, bot: Any) -> list[tuple[int, float, float | None]]:
    """The root children of a tree search by ``bot`` (the MCTS bot): most visited first."""
    from stoneage.bots.mcts import Node  # the tree search's own node: an adapter, not a copy

    seats = len(state.returns())
    root = Node(seats)
    for _done in range(max(1, int(bot.iterations or 200))):
        bot._iterate(root, state.resample_from_infostate(seat, bot.rng), seat, seats)
    total = sum(child.visits for child in root.children.values()) or 1
    rows = [(action, child.value[seat] / child.visits if child.visits else 0.0, child.visits / total)
            for action, child in root.children.items()]
    return sorted(rows, key=lambda row: (-(row[2] or 0.0), -row[1]))


def explain(state: State, seat: int, action: int, bot_spec: str, *, seed: int = 0, top: int = TOP,
            viewer: int = OMNISCIENT, trusted: bool = False) -> Explanation:
    """Why the bot ``bot_spec`` in ``seat`` played ``action`` in ``state`` (the state before the move),
    the moves described as ``viewer`` may read them (a seat, ``PUBLIC``; default: everything); another
    viewer is shown no alternative that would tell what the seat holds face down (``PlayKit.private_move``).
    ``trusted``: the spec is the person's own, so it may name a file (``make_bot``)."""
    legal = state.legal_actions()
    if len(legal) <= 1:
        return Explanation(seat, bot_spec, _choice(state, action, value_alone(state, seat, action), None, viewer))
    bot = GreedyBot(seed=seed) if runs_a_program(bot_spec) else make_bot(bot_spec, seed=seed, trusted=trusted)
    try:
        rows, method = ranking(state, seat, bot)
    finally:
        bot.close()
    if runs_a_program(bot_spec):
        method = _("Values: a one-step look ahead (this bot cannot tell its own).")
    private = play_kit(state.get_game()).private_move
    if private is not None and viewer not in (seat, OMNISCIENT):  # what the bot holds face down stays hidden
        rows = [row for row in rows if row[0] == action or not private(state, row[0])]
    values = {a: (v, share) for a, v, share in rows}
    # a move the ranking left out (a fresh search's narrowed root) is valued alone
    value, share = values.get(action) or (value_alone(state, seat, action), None)
    others = [_choice(state, a, v, s, viewer) for a, v, s in rows if a != action][:top]
    return Explanation(seat, bot_spec, _choice(state, action, value, share, viewer), others, method)


def runs_a_program(spec: str) -> bool:
    """Whether the bot ``spec`` is another program (``cmd:…`` or a preset of one): it is not started
    again to explain a move."""
    return is_command_spec(spec) or is_command_spec(PRESETS.get(parse_spec(spec)[0], ""))


def value_alone(state: State, seat: int, action: int) -> float:
    """The heuristic value for ``seat`` of the position right after ``action``."""
    child = state.clone()
    child.apply_action(action)
    return evaluate(child, seat)[seat]


def _choice(state: State, action: int, value: float, share: float | None, viewer: int) -> Choice:
    return Choice(action, state.action_to_string(action), describe(state, action, viewer), value, share)
