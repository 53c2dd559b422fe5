"""A guided game on the server: a room that follows its game's lesson script while the lesson is on.

The script (``play/lesson.py``, from the game's play kit) decides chance's outcomes and the bots'
moves and the one move it expects of the person; those are stored in the log like any move, so a
restart replays them. Whether the lesson is on is the game's ``settings["lesson"]``: ``"active"``,
or ``"left"`` once the person chose to play on freely (then chance comes from the game's seed and
the bots play on their own). The script is public (it ships in the package), so every viewer may
read what it says.
"""

from __future__ import annotations

from functools import cache

from stoneage.core.contract import JSON, State
from stoneage.core.i18n import _
from stoneage.play.kit import PlayKit
from stoneage.play.lesson import Lesson, replay_script
from stoneage.play.menus import label_of

ACTIVE = "active"
LEFT = "left"
SETTING = "lesson"
"""The key of ``GameRow.settings`` that marks a lesson game (``ACTIVE`` or ``LEFT``)."""


@cache
def _person_moves(lesson: Lesson) -> tuple[int, ...]:
    """The indices of the script's moves the person makes."""
    return tuple(replay_script(lesson)[1])


class LessonTable:
    """A room's lesson: its script and whether it is still followed."""

    def __init__(self, lesson: Lesson, active: bool) -> None:
        self.lesson = lesson
        self.active = active
        self.person = _person_moves(lesson)
        self.played_on = False
        """Whether the person has decided once since the script ended (the farewell is then read)."""

    @property
    def length(self) -> int:
        """How many moves the script has."""
        return len(self.lesson.moves)

    def scripted(self, state: State) -> int | None:
        """The script's action at ``state`` (chance's, a bot's or the person's), or ``None`` once the
        lesson is left, the script done or the game over."""
        at = state.move_number()
        if not self.active or at >= self.length or state.is_terminal():
            return None
        return state.string_to_action(self.lesson.moves[at].action)

    def note(self, state: State, person: bool) -> None:
        """An action is about to be applied to ``state``; ``person``: a person seat makes it."""
        if person and state.move_number() >= self.length:
            self.played_on = True

    def refusal(self, state: State, kit: PlayKit, names: list[str]) -> str:
        """The friendly words refusing another move than the expected one (in the current language)."""
        expected = self.scripted(state)
        what = label_of(kit.decision_menu(state, names), expected) if expected is not None else ""
        return _("Not yet: in this lesson, do this now: {what}. Or choose “Leave the lesson” to play on "
                 "freely.").format(what=what)

    def texts(self, state: State) -> list[str]:
        """What the lesson says at ``state`` (translated): the explanations of the script's moves since
        the person's last one up to the next move, the farewell after the script, the closing words
        at the end."""
        if not self.active:
            return []
        if state.is_terminal():
            return [_(self.lesson.closing)] if self.lesson.closing else []
        at = state.move_number()
        since = max((index for index in self.person if index < min(at, self.length)), default=-1)
        texts = [_(move.text) for move in self.lesson.moves[since + 1:min(at, self.length - 1) + 1] if move.text]
        if at >= self.length and not self.played_on and self.lesson.farewell:
            texts.append(_(self.lesson.farewell))
        return texts

    def to_json(self, state: State, kit: PlayKit, names: list[str]) -> JSON:
        """The lesson as a message carries it (in the current language): on or left, the words, and
        the action the script expects of the person now (``None`` when it does not decide)."""
        if not self.active:
            return {"active": False, "texts": [], "expected": None, "task": ""}
        expected = self.scripted(state)
        mover = state.current_player()
        person = expected is not None and mover >= 0 and state.move_number() in self.person
        task = ""
        if person and expected is not None:
            task = _("Now: {what}.").format(what=label_of(kit.decision_menu(state, names), expected))
        return {"active": True, "texts": self.texts(state), "expected": expected if person else None,
                "task": task, "step": min(state.move_number(), self.length), "steps": self.length}


def lesson_of(kit: PlayKit, settings: JSON) -> LessonTable | None:
    """The lesson of a game whose settings mark one, else ``None``."""
    mark = settings.get(SETTING)
    if mark not in (ACTIVE, LEFT) or kit.lesson is None:
        return None
    return LessonTable(kit.lesson(), mark == ACTIVE)
