"""Line-by-line play of any game on the shared frame: the session's log as it happens, and at each
decision of a person the game's menu (its play kit's, else one option per legal action in
notation). Stone Age's plain mode builds on it; a game without a terminal kit is played with it.
"""

from __future__ import annotations

from typing import Any

from stoneage.core.i18n import N_, _
from stoneage.core.registry import game_info
from stoneage.play.menus import Menu
from stoneage.tui.base_plain import BasePlainGame, Next

# TRANSLATORS: the command words (options, back, board, me, hint, undo, save, log, quit) and FILE, N
# stay English: they are typed
HELP = N_("""Answer with the number of an option, or type an action in notation.
Commands:
  options          list the options again (an empty line does too)
  0, back          go back from a sub-list
  board            show what you can see of the game
  me               the same, from your seat
  hint             the move the advisor suggests
  undo             take back your last decision (not past a roll or a card turned up)
  save [FILE]      save the game; continue later with: stoneage play --resume FILE
  log [N]          the last N lines of the game log (default 20)
  quit             stop playing (save first if you want to continue later)""")


def observation_lines(observation: dict[str, Any]) -> list[str]:
    """An observation as ``field: value`` lines (for a game with no panels of its own)."""
    return [f"  {key}: {value}" for key, value in observation.items()]


class GenericPlainGame(BasePlainGame):
    """Drives any game's :class:`Session` through text: the log, then the menu at each decision."""

    HELP = HELP
    shown: int = 0
    """How many lines of the session's log are printed."""

    def title(self) -> str:
        """The game's name for the greeting."""
        return _(game_info(self.session.game.name).display_name)

    # --- the main loop ----------------------------------------------------------------------------

    def _run(self) -> int:
        s = self.session
        self.greet(self.title())
        if s.resumed:  # the last part of the log
            self.say(*s.log[-20:])
            self.shown = len(s.log)
        while not s.over:
            if s.human_to_move():
                self.flush_log()
                outcome = self.decide()
                if outcome is not None:
                    return outcome
                continue
            step = s.apply(s.auto_action())
            self.flush_log()
            if step.paced and self.delay > 0:
                self.sleep(self.delay)
        self.flush_log()
        if self.autosave:
            self.save(str(self.save_path))
        return 0

    def flush_log(self) -> None:
        log = self.session.log
        if self.shown > len(log):  # after an undo
            self.shown = len(log)
        self.say(*log[self.shown:])
        self.shown = len(log)

    # --- one decision -------------------------------------------------------------------------------

    def show_situation(self, menu: Menu) -> None:
        """Hook: what to show before the question (here: what the person deciding sees)."""
        self.show_me(menu)

    def cmd_undo(self, rest: str, menu: Menu) -> Next:
        s = self.session
        if s.undo():
            self.say(_("Undone: {what}. You decide again.").format(what=s.undone_text()))
            self.flush_log()
            self.after_undo()
            return Next.DECIDED
        self.say(_("Nothing to undo: you have not decided yet since something was revealed (a roll or a card)."))
        return Next.ASK

    def after_undo(self) -> None:
        """Hook: after an undo, before the question is asked again."""

    def log_lines(self) -> list[str]:
        return self.session.log

    def show_me(self, menu: Menu) -> None:
        self.say(_("{name} sees:").format(name=self.session.names[menu.seat]),
                 *observation_lines(self.session.state.observation(menu.seat)))

    def show_board(self) -> None:
        s = self.session
        self.say(_("{name} sees:").format(name=s.names[s.viewer()]), *observation_lines(s.observation()))

