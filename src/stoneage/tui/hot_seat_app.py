"""The full-screen frame of the memory games (My First Stone Age, Stone Age Junior): a log that
tells only public events, a pause to look at what was turned up, and the hot seat — with two or
more people at the table each person's turn starts with a "pass the device" screen."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.widgets import Button, OptionList, RichLog

from stoneage.core.i18n import N_, _
from stoneage.play.session import HUMAN, Session, Step
from stoneage.tui.base_app import GameApp

Sleep = Callable[[float], Awaitable[Any]]


def rows_text(rows: Sequence[Sequence[tuple[str, str]]]) -> Text:
    """Rows of ``(text, style)`` segments as one rich Text."""
    text = Text()
    for index, row in enumerate(rows):
        if index:
            text.append("\n")
        for part, style in row:
            text.append(part, style or None)
    return text


class HotSeatApp(GameApp):
    """A :class:`GameApp` for a memory game, with the hot seat and the ``#ready`` Button."""

    CHANCE_NAME: ClassVar[str]
    """Who plays a chance move, in the decision panel (marked with N_, as the texts below)."""
    PASS_NOTE: ClassVar[str]
    """Below "Pass the device to …!"."""
    PASS_AT_START: ClassVar[bool] = False
    """Whether the device is passed before the first decision too."""
    KEYS_HELP: ClassVar[str]
    WAITING_TITLE = N_("Watch!")
    WAIT_MESSAGES = (N_("Please wait"), N_("Pass the device"))

    def __init__(self, session: Session, *, delay: float, save_path: str | Path, hot_seat: bool | None,
                 sleep: Sleep | None) -> None:
        super().__init__(session, delay=delay, save_path=save_path)
        self.hot_seat = session.seats.count(HUMAN) >= 2 if hot_seat is None else hot_seat
        self.sleep: Sleep = sleep or asyncio.sleep
        self.passing: int | None = None
        """Hot seat: the seat the device is being passed to (waiting for Enter)."""
        self.last_decider: int | None = None
        self._told = len(self.public_log())

    # --- hooks of the games -------------------------------------------------------------------

    def log_line(self, event: Any) -> str | None:
        """Hook: a public log event as a line of the log panel (None: not told)."""
        raise NotImplementedError

    async def tell(self, bot_move: bool) -> None:
        """Hook: log what happened; let what was turned up be seen."""
        raise NotImplementedError

    def over_title(self, winners: list[str]) -> str:
        """Hook: the title once the game is over."""
        raise NotImplementedError

    # --- the log --------------------------------------------------------------------------------

    def public_log(self) -> list[Any]:
        return list(self.session.state.observation(0)["log"])

    def write_events(self, events: list[Any]) -> None:
        """Write the lines of ``events`` to the log panel."""
        widget = self.query_one("#log", RichLog)
        for event in events:
            line = self.log_line(event)
            if line is not None:
                widget.write(Text(line))

    def new_events(self) -> list[Any]:
        """The public events since the last call, written to the log panel."""
        log = self.public_log()
        new = log[self._told:]
        self._told = len(log)
        self.write_events(new)
        return new

    def first_view(self) -> None:
        self.write_events(self.public_log())
        self.refresh_view()

    # --- the flow of the game -----------------------------------------------------------------

    def show_turn(self) -> None:
        seat = self.session.to_move()
        if (self.hot_seat and seat != self.last_decider
                and (self.PASS_AT_START or self.last_decider is not None)):
            self.show_pass(seat)
        else:
            self.show_decision()

    async def after_auto_step(self, step: Step, count: int) -> None:
        await self.tell(bot_move=step.seat >= 0)

    def after_choice(self, seat: int) -> None:
        self.last_decider = seat
        self.busy = True
        self.show_waiting()
        self.run_worker(self._after_choice(), exclusive=True, group="auto")

    async def _after_choice(self) -> None:
        try:
            await self.tell(bot_move=False)
        finally:
            self.busy = False
        self.advance()

    def can_decide(self) -> bool:
        if self.passing is not None and not self.session.over:
            name = self.session.names[self.passing]
            self.say_wait(_("Pass the device to {name}, then press Enter.").format(name=name))

            return False
        return super().can_decide()

    # --- rendering ------------------------------------------------------------------------------

    def title_text(self, turn: int) -> str:
        session = self.session
        if session.over:
            return self.over_title(self.winners())
        seat = session.observation()["pending"]["player"]  # at a chance node: whose turn it is
        doing = _("pass the device") if self.passing is not None else (
            _("your move") if session.human_to_move() and not self.busy else _("playing"))
        return _("{game} — turn {turn} — {name}: {doing}").format(
            game=self.game_title(), turn=turn, name=session.names[seat], doing=doing) + self.pause_note()

    def waiting_text(self) -> str:
        seat = self.session.to_move()
        if seat < 0:
            return f"{_(self.CHANCE_NAME)} …"
        return _("{name} is playing …").format(name=self.session.names[seat])

    def show_waiting(self) -> None:
        super().show_waiting()
        self.levels = []

    def show_pass(self, seat: int) -> None:
        self.passing = seat
        self.levels = []
        name = self.session.names[seat]
        self.query_one("#options", OptionList).clear_options()
        self.set_text("#prompt", Text(_("Pass the device to {name}!").format(name=name) + f"\n\n{_(self.PASS_NOTE)}",
                                      style="bold"))
        self.query_one("#decide").border_title = _("Pass the device")
        ready = self.query_one("#ready", Button)
        ready.label = _("{name}: I am ready!").format(name=name)
        ready.add_class("visible")
        ready.focus()
        self.refresh_view()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ready":
            self.ready()

    def ready(self) -> None:
        """Hot seat: the next person has the device."""
        if self.passing is None:
            return
        self.last_decider = self.passing
        self.passing = None
        self.query_one("#ready", Button).remove_class("visible")
        self.show_decision()

    def show_decision(self) -> None:
        super().show_decision()
        self.refresh_view()

    def show_end(self) -> None:
        self.menu = None
        super().show_end()

    def action_keys(self) -> None:
        """Show the keys and the rules in short, in the log panel."""
        self.query_one("#log", RichLog).write(Text(_(self.KEYS_HELP), style="italic"))

