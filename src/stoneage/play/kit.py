"""What a game brings to the play layer: its defaults at the table, menus, results and views.

Each game's kit is found through its description (``GameType.kits["play"]``, a lazy import path),
so no face ever asks which game it is playing. A game without a kit gets ``GENERIC_KIT``: menus of
notation strings and views made of its observations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stoneage.core.contract import CHANCE, JSON, Game, State
from stoneage.core.facts import Fact
from stoneage.core.i18n import _, seat_name
from stoneage.core.registry import game_info, import_path
from stoneage.play.menus import Menu, complete_menu, notation_menu

if TYPE_CHECKING:
    from stoneage.play.lesson import Lesson
    from stoneage.play.view import Panel

MenuBuilder = Callable[[State, Sequence[str], JSON | None], Menu]
"""(state at a person's decision, seat names, the deciding seat's observation if known) -> the decision
as a menu."""
ResultLines = Callable[[State, Sequence[str]], list[str]]
"""(state, seat names) -> the score breakdown and the winner in words."""
PanelBuilder = Callable[[JSON, Sequence[str]], "list[Panel]"]
"""(an observation, seat names) -> the view model's panels (board, players, ...)."""
Who = Callable[[int], str]
"""How the table calls a seat in the current language: ``who(0)`` -> ``"Ada"`` or ``"Player 1"``."""
Say = Callable[[Fact, Who], str]
"""(a fact as a viewer may know it, how seats are called) -> its sentence in the current language."""
Effects = Callable[[Fact, Who], list[str]]
"""(a fact, how seats are called) -> its effects in words, line by line (deltas, details)."""
Observations = Callable[[State, Sequence[int]], dict[int, JSON]]
"""Every viewer's observation of one state at once: for each viewer exactly ``observation(viewer)``
(``public_observation()`` for ``PUBLIC``), the parts they share built once as the same objects."""


def generic_say(fact: Fact, who: Who) -> str:
    """A fact of a game without words of its own: who, and the action's notation (``contract.State.fact``)."""
    name = fact.data.get("name", fact.kind.replace("_", " "))
    return f"{who(fact.seat)}: {name}" if fact.seat >= 0 else str(name)


def generic_effects(fact: Fact, who: Who) -> list[str]:
    """A fact's deltas, a line per seat (``"Player 2: +3 wood"``), then its details' sentences."""
    lines = [f"{who(seat)}: " + ", ".join(f"{delta:+d} {key.replace('_', ' ')}" for key, delta in changes.items())
             for seat, changes in fact.deltas.items()]
    return lines + [generic_say(detail, who) for detail in fact.details]


def _default_paced(state: State, seat: int, action: int) -> bool:
    """Pause after every chance event (``state`` is the state before the action)."""
    return seat == CHANCE


@dataclass(frozen=True)
class PlayKit:
    """A game's defaults and helpers for every face."""

    default_bot: str = "random"
    """The bot that fills the seats nobody asked for."""
    fallback_bot: str = "random"
    """The bot that fills them if ``default_bot`` cannot be made (e.g. a preset not registered)."""
    hint_bot: str = "mcts:iterations=200"
    """The bot asked for a hint (the default plays any game through the contract)."""
    delay: float = 0.6
    """Seconds to pause after a paced step with a person at the table."""
    paced_chance: Callable[[State, int, int], bool] = _default_paced
    """Whether a chance step deserves a pause (a roll, a card turned up): called with the state
    before the step, ``CHANCE`` and the outcome."""
    menu: MenuBuilder | None = None
    """The decision menu; ``None``: one entry per legal action, in notation."""
    results: ResultLines | None = None
    """The end-of-game breakdown in words; ``None``: the generic table of ``score_breakdown``."""
    panels: PanelBuilder | None = None
    """The view model's panels from an observation; ``None``: one panel listing the observation."""
    observations: Observations | None = None
    """A faster way to every viewer's observation of a step (``build_views``, for the game server);
    ``None``: each observation built alone."""
    lesson: Callable[[], Lesson] | None = None
    """The guided first game (``stoneage learn``); ``None``: the game has none."""
    warn: Callable[[State, int], list[str]] | None = None
    """Warnings before a person plays an action (``play/warnings.py``): (state, action) -> lines;
    ``None``: the game warns of nothing."""
    odds: Callable[[JSON, int], list[str]] | None = None
    """The odds of a seat's chance events ahead, in words (``play/odds.py``): (its observation, seat)
    -> lines; ``None``: the game offers no odds."""
    private_move: Callable[[State, int], bool] | None = None
    """Whether an action shows something its seat holds face down (in Stone Age Junior, a build paid
    with a goods card): "why?" never shows such a move to another seat as an alternative the bot had;
    ``None``: no action does."""
    worlds: int = 8
    """How many redraws of what the deciding seat cannot see the advisor averages a choice's value
    over (``play/valuation.py``; the same redraws for every choice; one when nothing is hidden). 1
    suits a game whose values read only what the seat knows (Stone Age's count another seat's
    face-down card as an average card); a memory game needs more."""
    say: Say = generic_say
    """A fact in a sentence (``play/events.py`` tells every step with it)."""
    effects: Effects = generic_effects
    """A fact's effects in words, line by line."""


    def decision_menu(self, state: State, names: Sequence[str], observation: JSON | None = None) -> Menu:
        """The menu of the decision pending in ``state``, every legal action in it (``observation``: the
        deciding seat's, when the caller has built it already)."""
        menu = (self.menu or notation_menu)(state, names, observation)
        return complete_menu(menu, state, state.legal_actions())

    def result_lines(self, state: State, names: Sequence[str]) -> list[str]:
        """The end of the game (or the scores as they stand) in words."""
        return (self.results or generic_results)(state, names)


def generic_results(state: State, names: Sequence[str]) -> list[str]:
    """The score table of ``score_breakdown`` (a row per part, a column per seat) and the winners."""
    breakdowns = state.score_breakdown()
    short = short_names(names)
    width = max(10, *(len(name) + 2 for name in short))
    lines = [f"{'':14}" + "".join(f"{name:>{width}}" for name in short)]
    for key in breakdowns[0]:
        label = key.replace("_", " ")
        lines.append(f"{label[:13]:14}" + "".join(f"{part.get(key, 0):>{width}}" for part in breakdowns))
    if not state.is_terminal():
        return [*lines, _("The game is not over; these are the scores as they stand.")]
    winners = [seat for seat, value in enumerate(state.returns()) if value > 0]
    if not winners:
        return [*lines, _("Nobody wins.")]
    if len(winners) == 1:
        return [*lines, _("Winner: {name}.").format(name=names[winners[0]])]
    return [*lines, _("Shared win: {names}.").format(names=_(" and ").join(names[seat] for seat in winners))]


def short_names(names: Sequence[str]) -> list[str]:
    """The seat names with ``P1`` for ``Player 1`` (as ``seat_name`` calls the seat in the current
    language): ``"P1 (you)"``."""
    return [name.replace(seat_name(seat), f"P{seat + 1}", 1) for seat, name in enumerate(names)]



GENERIC_KIT = PlayKit()


def play_kit(game: Game | str) -> PlayKit:
    """The play kit of a game (or game name): its own, or ``GENERIC_KIT``."""
    info = game_info(game if isinstance(game, str) else game.name)
    path = info.kits.get("play")
    if path is None:
        return GENERIC_KIT
    kit: PlayKit = import_path(path)
    return kit
