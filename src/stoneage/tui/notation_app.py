"""Typing an action in notation in the full-screen games (the ``:`` line), and telling unknown keys."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.widgets import Input, OptionList

from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import _
from stoneage.tui.base_app import GameApp


class NotationApp(GameApp):
    """A :class:`GameApp` with an ``#notation`` Input (shown by ``:``, closed by Esc)."""

    OTHER_KEYS: ClassVar[frozenset[str]] = frozenset()
    """Keys the widgets use themselves (not unknown keys)."""

    def notation_focused(self) -> bool:
        return self.query_one("#notation", Input).has_focus

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text or not self.can_decide():
            return
        state = self.session.state
        try:
            action = state.string_to_action(text)
        except StoneAgeError as error:
            self.say(_("Not understood: {error}").format(error=error))
            return
        if action not in state.legal_actions():
            prompt = self.menu.prompt if self.menu else _("not your turn")
            self.say(_("{action} is not legal now ({prompt})").format(action=repr(state.action_to_string(action)),
                                                                      prompt=prompt))
            return
        event.input.value = ""
        self.close_notation()
        self.play(action)

    def on_key(self, event: events.Key) -> None:
        if event.key in self.OTHER_KEYS or event.key in self.active_bindings:
            return
        if self.notation_focused() and event.is_printable:
            return
        self.say(_("Unknown key {key}: press ? for the keys.").format(key=repr(event.key)))


    def action_go_back(self) -> None:
        if self.query_one("#notation", Input).has_class("visible"):
            self.close_notation()
        else:
            super().action_go_back()

    def action_notation(self) -> None:
        if not self.can_decide():
            return
        notation = self.query_one("#notation", Input)
        notation.add_class("visible")
        notation.focus()

    def close_notation(self) -> None:
        self.query_one("#notation", Input).remove_class("visible")
        self.query_one("#options", OptionList).focus()
