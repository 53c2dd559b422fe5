"""The view model: what a screen must show one viewer now, as data.

A view is built for a seat or for a spectator (``PUBLIC``) from what that viewer may know only
(its observation, or the public observation), so every face — the terminal, the web page, a bot
protocol — renders the same model and none can show what its viewer may not see. At the end a
``result`` panel adds the final breakdown, which the rules make public. Panels carry
their content twice: as lines of words (plain mode, screen readers) and as structured data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stoneage.core.contract import JSON, PUBLIC, TERMINAL, Game, State
from stoneage.core.errors import PlayerError
from stoneage.core.i18n import _
from stoneage.core.record import result_of
from stoneage.play.events import Event
from stoneage.play.kit import play_kit
from stoneage.play.menus import Menu


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
                        "choices": [_choice_json(c) for c in self.decision.choices]}
        return {
            "game": self.game, "viewer": self.viewer, "to_move": self.to_move, "status": self.status,
            "panels": [p.to_json() for p in self.panels], "decision": decision,
            "events": [e.to_json() for e in self.events],
        }


def _choice_json(choice: Any) -> JSON:
    data: JSON = {"label": choice.label}
    if choice.loc is not None:
        data["loc"] = choice.loc
    if choice.count is not None:
        data["count"] = choice.count
    if choice.is_group:
        data["choices"] = [_choice_json(c) for c in choice.children]
    else:
        data["action"] = choice.action
    return data


def observe(game: Game, state: State, viewer: int) -> JSON:
    """What ``viewer`` (a seat or ``PUBLIC``) may know of ``state``; ``PlayerError`` for no such seat."""
    if viewer == PUBLIC:
        return state.public_observation()
    if type(viewer) is not int or not 0 <= viewer < game.num_players:
        raise PlayerError(_("no seat {seat}: viewers are seats 0..{last} or PUBLIC")
                          .format(seat=repr(viewer), last=game.num_players - 1))
    return state.observation(viewer)


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
    if to_move == TERMINAL:
        status = _("The game is over.")
        panels.append(Panel("result", _("Final scores"), tuple(kit.result_lines(state, names)),
                            result_of(state)))
    elif to_move >= 0:
        status = _("{name} to decide.").format(name=names[to_move])
    else:
        status = _("Chance acts.")

    return View(game.name, viewer, to_move, status, tuple(panels), decision, tuple(events))
