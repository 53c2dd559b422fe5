"""The guided game full screen: the game's own app, with the lesson's explanations in a window before
each decision, what to do now in the status line, and ``l`` to leave the lesson (``stoneage learn``).

The plain mode (``stoneage.tui.learn``) never imports this module: it needs textual.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from stoneage.core.i18n import _
from stoneage.play.lesson import LessonSession
from stoneage.tui.base_app import GameApp
from stoneage.tui.lesson_text import wrap


class LessonNote(ModalScreen[None]):
    """The lesson's words, over the game until the person goes on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Go on"), Binding("space", "close", show=False),
        Binding("escape", "close", show=False)]
    DEFAULT_CSS = """
    LessonNote { align: center middle; }
    LessonNote > Vertical { width: 90%; max-width: 104; height: auto; border: thick $accent;
                            padding: 1 2; background: $surface; }
    LessonNote #lesson-go-on { margin-top: 1; color: $text-muted; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text, id="lesson-text")
            yield Static(_("Press Enter to go on."), id="lesson-go-on")

    def action_close(self) -> None:
        self.dismiss(None)


class LessonApp(GameApp):
    """What the lesson adds to a game's app (mixed in before the game's own class)."""

    session: LessonSession
    BINDINGS: ClassVar[list[BindingType]] = [Binding("l", "leave_lesson", "Play on")]

    def show_decision(self) -> None:
        super().show_decision()
        texts = self.session.untold()
        task = self.session.task()
        if task:
            self.say(task)
        if texts:
            self.push_screen(LessonNote("\n\n".join(wrap(text) for text in texts)))

    def show_end(self) -> None:
        super().show_end()
        closing = self.session.closing()
        if closing:
            self.push_screen(LessonNote("\n\n".join(wrap(text) for text in closing)))

    def action_hint(self) -> None:
        task = self.session.task()
        if task:
            self.say(task)
        else:
            super().action_hint()

    def action_leave_lesson(self) -> None:
        if not self.session.active:
            self.say(_("The lesson is already over; you are playing a normal game."))
            return
        self.session.leave()
        self.say(_("You left the lesson: the game goes on as a normal game (chance from the seed, the bots on "
                   "their own)."))


def lesson_app_class(base: type[GameApp]) -> type[GameApp]:
    """The game's app class with the lesson's additions."""
    return type("Lesson" + base.__name__, (LessonApp, base), {})
