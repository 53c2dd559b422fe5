"""The view model: what a screen must show one viewer now, as data.

A view is built for a seat or for a spectator (``PUBLIC``) from what that viewer may know only
(its observation, or the public observation), so every face — the terminal, the web page, a bot
protocol — renders the same model and none can show what its viewer may not see. At the end a
``result`` panel adds the final breakdown, which the rules make public. Panels carry
their content twice: as lines of words (plain mode, screen readers) and as structured data.

``build_views`` builds every viewer's view of one step at once (the game server, after each action):
each exactly what ``build_view`` gives that viewer alone, what they share built once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from stoneage.core.contract import JSON, PUBLIC, TERMINAL, Game, State
from stoneage.core.errors import PlayerError
from stoneage.core.i18n import _
from stoneage.core.record import result_of
from stoneage.play.events import Event, choice_fact
from stoneage.play.kit import PlayKit, play_kit
from stoneage.play.menus import Menu, all_actions


@dataclass(frozen=True)
class Panel:
    """One region of the screen: a board, the players, the odds."""

    name: str
    """A stable identifier (``"board"``, ``"players"``, ...)."""
    title: str
    lines: tuple[str, ...]
    """The panel in words."""
    data: Any = None
    """The panel as JSON-ready data, for faces that draw."""

    def to_json(self) -> JSON:
        """The panel, JSON-ready."""
        return {"name": self.name, "title": self.title, "lines": list(self.lines), "data": self.data}


@dataclass(frozen=True)
class View:
    """Everything one viewer's screen shows at one moment."""

    game: str
    viewer: int
    """The seat whose eyes these are, or ``PUBLIC`` for a spectator."""
    to_move: int
    """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
    status: str
    """One line: whose turn it is, or that the game is over."""
    panels: tuple[Panel, ...]
    decision: Menu | None
    """The viewer's pending decision, when it is the viewer's turn."""
    events: tuple[Event, ...]
    """The latest events, as this viewer may know them."""
    choice_facts: Mapping[int, JSON] = field(default_factory=dict)
    """Per action of ``decision``, what choosing it would do, as data for this viewer (boards read it)."""

    def panel(self, name: str) -> Panel:
        """The panel called ``name``; ``KeyError`` if there is none."""
        for panel in self.panels:
            if panel.name == name:
                return panel
        raise KeyError(name)

    def to_json(self) -> JSON:
        """The view, JSON-ready (the decision as labelled actions)."""
        decision = None
        if self.decision is not None:
            decision = {"prompt": self.decision.prompt, "info": list(self.decision.info),
                        "choices": [_choice_json(c, self.choice_facts) for c in self.decision.choices]}
        return {
            "game": self.game, "viewer": self.viewer, "to_move": self.to_move, "over": self.to_move == TERMINAL,
            "status": self.status,
            "panels": [p.to_json() for p in self.panels], "decision": decision,
            "events": [e.to_json() for e in self.events],
        }


def _choice_json(choice: Any, facts: Mapping[int, JSON]) -> JSON:
    data: JSON = {"label": choice.label}
    if choice.loc is not None:
        data["loc"] = choice.loc
    if choice.count is not None:
        data["count"] = choice.count
    if choice.is_group:
        data["choices"] = [_choice_json(c, facts) for c in choice.children]
    else:
        data["action"] = choice.action
        if choice.action in facts:
            data["fact"] = facts[choice.action]
    return data


def observe(game: Game, state: State, viewer: int) -> JSON:
    """What ``viewer`` (a seat or ``PUBLIC``) may know of ``state``; ``PlayerError`` for no such seat."""
    if viewer == PUBLIC:
        return state.public_observation()
    _check_viewer(game, viewer)
    return state.observation(viewer)


def _check_viewer(game: Game, viewer: int) -> None:
    """``PlayerError`` unless ``viewer`` is a seat of ``game`` or ``PUBLIC``."""
    if viewer != PUBLIC and (type(viewer) is not int or not 0 <= viewer < game.num_players):
        raise PlayerError(_("no seat {seat}: viewers are seats 0..{last} or PUBLIC")
                          .format(seat=repr(viewer), last=game.num_players - 1))


def generic_panels(observation: JSON, names: Sequence[str]) -> list[Panel]:
    """One panel listing an observation's fields, for games whose kit draws no panels."""
    lines = tuple(f"{key}: {value}" for key, value in observation.items())
    return [Panel("observation", _("The table"), lines, observation)]


def build_view(game: Game, state: State, viewer: int, names: Sequence[str], events: Sequence[Event] = ()) -> View:
    """The view of ``state`` for ``viewer``, with the seat ``names`` and the latest ``events``."""
    kit = play_kit(game)
    observation = observe(game, state, viewer)
    panels = (kit.panels or generic_panels)(observation, names)
    to_move = state.current_player()
    decision = None
    if to_move == viewer and to_move >= 0:
        decision = kit.decision_menu(state, names)
    status, result = _status(kit, state, to_move, names)
    if result is not None:
        panels.append(result)
    return View(game.name, viewer, to_move, status, tuple(panels), decision, tuple(events),
                _choice_facts(state, decision, viewer))


def _choice_facts(state: State, decision: Menu | None, viewer: int) -> dict[int, JSON]:
    """What each action of ``decision`` would do, as data for ``viewer`` (``State.fact``, redacted)."""
    return {} if decision is None else {action: choice_fact(state, action, viewer) for action in all_actions(decision)}


def _status(kit: PlayKit, state: State, to_move: int, names: Sequence[str]) -> tuple[str, Panel | None]:
    """The status line, and the ``result`` panel once the game is over (the same for every viewer)."""
    if to_move == TERMINAL:
        return _("The game is over."), Panel("result", _("Final scores"), tuple(kit.result_lines(state, names)),
                                             result_of(state))
    if to_move >= 0:
        return _("{name} to decide.").format(name=names[to_move]), None
    return _("Chance acts."), None


# --- every viewer of a step at once ---------------------------------------------------------------


_T = TypeVar("_T")
_Built = dict[Hashable, tuple[tuple[object, ...], Any]]


class Memo:
    """What ``shared`` built, by tag and parts, for one step or, handed to ``build_views`` again and
    again in one language, for a run of steps: a part a kit gives again as the very same object
    (Stone Age's seat entries while the seat's row is unchanged) is not built again. Each step keeps
    what it used and lets the rest go."""

    def __init__(self) -> None:
        self.earlier: _Built = {}
        self.now: _Built = {}

    def next_step(self) -> None:
        """Begin a step: what the last one used stays at hand."""
        self.earlier, self.now = self.now, {}

    def find(self, key: Hashable) -> tuple[tuple[object, ...], Any] | None:
        """What was built under ``key`` in this step or the last, kept for this one."""
        found = self.now.get(key)
        if found is None:
            found = self.earlier.get(key)
            if found is not None:
                self.now[key] = found
        return found


_STEP: ContextVar[Memo | None] = ContextVar("_STEP", default=None)
"""While ``build_views`` builds a step's views: what ``shared`` built."""


def shared(tag: Hashable, parts: tuple[object, ...], make: Callable[..., _T], *args: Any) -> _T:
    """``make(*args)``, built once per ``build_views`` for the same ``tag`` and ``parts``: the very objects
    (compared by identity) it is made from. Anything else it reads must be the same for every viewer of
    the step (the seat names, the language: one ``build_views`` call has one of each) or be folded into
    ``tag``; with a ``Memo`` kept over steps, the same for every step of the run (the language is) or
    folded into ``tag`` (the seat names are). Outside ``build_views`` (one view alone), simply ``make(*args)``."""
    memo = _STEP.get()
    if memo is None:
        return make(*args)
    key = (tag, *map(id, parts))
    found = memo.find(key)
    if found is not None and all(a is b for a, b in zip(found[0], parts, strict=True)):
        value: _T = found[1]
        return value
    value = make(*args)
    memo.now[key] = (parts, value)  # the parts kept alive: their ids stay theirs while kept
    return value


def observe_all(game: Game, state: State, viewers: Sequence[int]) -> dict[int, JSON]:
    """Every viewer's observation of ``state`` (``observe``), the parts they share built once where the
    game's kit can (``PlayKit.observations``)."""
    kit = play_kit(game)
    if kit.observations is None:
        return {viewer: observe(game, state, viewer) for viewer in viewers}
    for viewer in viewers:
        _check_viewer(game, viewer)
    return kit.observations(state, viewers)


def build_views(game: Game, state: State, events: Mapping[int, Sequence[Event]],
                names: Sequence[str], memo: Memo | None = None,
                observations: Mapping[int, JSON] | None = None) -> dict[int, View]:
    """The view of ``state`` for every viewer in ``events`` (viewer -> its latest events): for each, exactly
    ``build_view(game, state, viewer, names, events[viewer])``, with what the viewers share (the status,
    the result, the panels a kit builds through ``shared``, the observations of a kit that offers
    ``observations``) built once. Give the same ``memo`` for each step of a game in one language to
    reuse what earlier steps built, and ``observations`` (``observe_all``) when they are known already
    (the viewers of other languages at the same table share them)."""
    kit = play_kit(game)
    build = kit.panels or generic_panels
    if observations is None:
        observations = observe_all(game, state, list(events))
    to_move = state.current_player()
    status, result = _status(kit, state, to_move, names)
    views: dict[int, View] = {}
    memo = memo or Memo()
    memo.next_step()
    step = _STEP.set(memo)
    try:
        for viewer, told in events.items():
            panels = build(observations[viewer], names)
            if result is not None:
                panels.append(result)
            decision = (kit.decision_menu(state, names, observations[viewer]) if to_move == viewer and to_move >= 0
                        else None)
            views[viewer] = View(game.name, viewer, to_move, status, tuple(panels), decision, tuple(told),
                                 _choice_facts(state, decision, viewer))
    finally:
        _STEP.reset(step)
    return views
