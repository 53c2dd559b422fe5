"""The line-by-line frame of the memory games (My First Stone Age, Stone Age Junior): what happens
told from the public log, and the hot seat — with two or more people at the table each person's
turn starts with "pass the device" and waits for Enter."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TextIO

from stoneage.core.i18n import _
from stoneage.play.menus import Menu
from stoneage.play.session import HUMAN, Session
from stoneage.tui.base_plain import INPUT_ENDED, STOPPED, BasePlainGame, is_tty

CLEAR_SCREEN = "\x1b[2J\x1b[H"


class HotSeatPlainGame(BasePlainGame):
    """Drives a memory game's :class:`Session` through text.

    ``hot_seat`` (default: two or more human seats) asks to pass the device before each person's
    turn; ``clear`` (default: hot seat on a terminal) lets the game clear the screen.
    """

    PASS_NOTE: ClassVar[str]
    """Below "Pass the device to …!" (marked with N_, translated when shown)."""
    PASS_AT_START: ClassVar[bool] = False
    """Whether the device is passed before the first decision too."""

    def __init__(self, session: Session, *, delay: float = 0.0, save_path: str | Path = "stoneage-game.json",
                 autosave: bool = False, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 sleep: Callable[[float], None] = time.sleep, hot_seat: bool | None = None,
                 clear: bool | None = None) -> None:
        super().__init__(session, delay=delay, save_path=save_path, autosave=autosave, stdin=stdin,
                         stdout=stdout, sleep=sleep)
        self.hot_seat = session.seats.count(HUMAN) >= 2 if hot_seat is None else hot_seat
        self.clear = (self.hot_seat and is_tty(self.stdout)) if clear is None else clear
        self.lines: list[str] = []
        """The game log as told here (the ``log`` command)."""
        self.events_told = len(self.public_log())
        self.last_decider: int | None = None
        self.last_turn: int | None = None

    # --- hooks of the games -------------------------------------------------------------------

    def intro(self) -> None:
        """Hook: the lines before the game (or its resumption) starts."""
        raise NotImplementedError

    def tell(self, bot_move: bool) -> None:
        """Hook: say what happened since the last time (and pause to let it be seen)."""
        raise NotImplementedError

    def result_lines(self) -> list[str]:
        """Hook: the final scores and the winner (default: the game's play kit's)."""
        return self.session.result_lines()

    # --- the main loop --------------------------------------------------------------------------

    def public_log(self) -> list[Any]:
        return list(self.session.state.observation(0)["log"])

    def new_events(self) -> list[Any]:
        """The public events since the last call."""
        log = self.public_log()
        new = log[self.events_told:]
        self.events_told = len(log)
        return new

    def tell_line(self, line: str) -> None:
        """Say a line of the game log (and keep it for ``log``)."""
        self.lines.append(line)
        self.say(line)

    def _run(self) -> int:
        s = self.session
        self.intro()
        while not s.over:
            if s.human_to_move():
                seat = s.to_move()
                if (self.hot_seat and seat != self.last_decider
                        and (self.PASS_AT_START or self.last_decider is not None)):
                    outcome = self.pass_device(seat)
                    if outcome is not None:
                        return outcome
                outcome = self.decide()
                if outcome is not None:
                    return outcome
                self.last_decider = seat
                self.tell(bot_move=False)
                continue
            seat = s.to_move()
            step = s.apply(s.auto_action())
            self.say(*step.notices)  # an external bot's failed decision
            self.tell(bot_move=seat >= 0)
        self.say(_("== Game over =="), *self.result_lines())
        if self.autosave:
            self.save(str(self.save_path))
        return 0

    def pass_device(self, seat: int) -> int | None:
        """Hot seat: wait until the next person has the device; an exit status if input ends."""
        self.say("", _("*** Pass the device to {name}! ***").format(name=self.session.names[seat]), _(self.PASS_NOTE))

        line = self.read("")
        if line is None:
            return self.stop(1, INPUT_ENDED)
        if line.lower() in ("quit", "exit"):
            return self.stop(0, STOPPED)
        return None

    # --- one decision ----------------------------------------------------------------------------

    def show_situation(self, menu: Menu) -> None:
        turn = self.session.state.observation(menu.seat)["turn"]
        if turn != self.last_turn:
            self.show_board()
            self.last_turn = turn

    def log_lines(self) -> list[str]:
        return self.lines
