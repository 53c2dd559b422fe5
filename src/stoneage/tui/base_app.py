"""The frame every full-screen game shares (textual): the flow of a game, chance and bots in a
worker, the status line, options in levels, hint, save, pause and quit.

A game's app subclasses :class:`GameApp` and adds its panels, its menus and its texts through
the plain methods marked "hook". Textual calls the ``on_…`` handler of *every* class of an app,
so each handler is written in one class only.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from stoneage.bots.registry import bot_label
from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import N_, _, pgettext, seat_name
from stoneage.play.events import describe
from stoneage.play.menus import Choice, Menu
from stoneage.play.session import HintUnavailable, NothingToExplain, Session, Step
from stoneage.play.warnings import confirm_question

PLAYER_STYLES = ("bold red", "bold dodger_blue1", "bold yellow", "bold green")

# The keys' descriptions (in the footer) are English here and translated when an app starts
# (``key_description``).
HINT = Binding("h", "hint", "Hint")
WHY = Binding("y", "why", "Why?")
UNDO = Binding("u", "undo", "Undo")
SAVE = Binding("s", "save", "Save")
PAUSE = Binding("p", "pause", "Pause")
KEYS = Binding("question_mark", "keys", "Keys")
QUIT = Binding("q", "quit_game", "Quit")
BACK = (Binding("escape", "go_back", "Back", show=False), Binding("backspace", "go_back", "Back", show=False))


def key_description(description: str) -> str:
    """A key's description (``Binding.description``) in the current language."""
    words = {
        "Hint": pgettext("key", "Hint"), "Undo": pgettext("key", "Undo"), "Save": pgettext("key", "Save"),
        "Pause": pgettext("key", "Pause"), "Keys": pgettext("key", "Keys"), "Quit": pgettext("key", "Quit"),
        "Back": pgettext("key", "Back"), "Type action": pgettext("key", "Type action"),
        "Type": pgettext("key", "Type"), "Why?": pgettext("key", "Why?"),
    }
    return words.get(description, description)
END_ACTIONS = frozenset({"save", "quit_game"})
"""The game's own key actions that still apply once the game is over (the others leave the footer)."""
GAME_ACTIONS = frozenset({"hint", "why", "undo", "save", "pause", "keys", "quit_game", "notation", "pick", "go_back"})
"""Every key action of the frame and the games (actions of textual itself are left alone)."""


def pick_bindings(first: int) -> list[Binding]:
    """The digit keys ``first`` … 9, each choosing that option (0: back)."""
    return [Binding(str(n), f"pick({n})", show=False) for n in range(first, 10)]


class GameApp(App[None]):
    """Play a :class:`Session` full screen; subclasses lay out the panels and fill them."""

    # Class texts are marked with N_ and translated where they are shown (the language is the
    # context's, known only when the app runs).
    WAITING_TITLE: ClassVar[str] = N_("Waiting")
    """The title of the decision panel while chance and the bots play."""
    WAIT_MESSAGES: ClassVar[tuple[str, ...]] = (N_("Please wait"),)
    """Status messages that a new decision clears (their beginnings)."""
    GROUP_MARK: ClassVar[str] = " …"
    """Behind an option that opens a sub-list."""
    END_HINT: ClassVar[str] = N_("Press q to quit, s to save the game.")
    BORDER_TITLES: ClassVar[tuple[tuple[str, str], ...]] = ()
    """``(selector, title)`` of the panels (titles marked with N_)."""
    SEAT_PATTERNS: ClassVar[tuple[str, ...]] = ()
    """Regular expressions of a seat (``{n}``: its number from 1), shown in the seat's colour."""
    EXTRA_STYLES: ClassVar[tuple[tuple[str, str], ...]] = ()
    """``(regular expression, style)`` highlighted in the panels as well."""
    TELL_HINT_FAILURE: ClassVar[bool] = False
    """Whether a failing hint bot is told in the status line (else the error ends the app)."""
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)
    """The smallest window (columns, rows) in which every panel fits; smaller ones get a warning."""

    def __init__(self, session: Session, *, delay: float, save_path: str | Path) -> None:
        super().__init__()
        self.title = self.game_title()
        self._translate_bindings()
        self.session = session
        self.delay = delay
        self.save_path = Path(save_path)
        self.menu: Menu | None = None
        self.levels: list[tuple[Choice, ...]] = []
        self.message = ""
        self.paused = False
        self.busy = False
        """Chance or a bot is playing: people wait."""
        self._quit_armed = False
        self._confirm: int | None = None
        """A warned action chosen once: choosing it again plays it."""
        self._wait_said = ""
        """The last message that asked to wait (``say_wait``)."""

    def game_title(self) -> str:
        """The game's name (``TITLE``) in the current language."""
        return _(self.TITLE) if self.TITLE else ""

    def _translate_bindings(self) -> None:

        """The footer's key descriptions in the current language (the bindings are made at import)."""
        bindings = self._bindings.key_to_bindings
        for key, found in bindings.items():
            bindings[key] = [replace(binding, description=key_description(binding.description)) if binding.description
                             else binding for binding in found]

    # --- hooks of the games -------------------------------------------------------------------

    def first_view(self) -> None:
        """Hook: fill the panels (and the log) when the app starts."""
        raise NotImplementedError

    def refresh_view(self) -> None:
        """Hook: redraw the panels from the game state."""
        raise NotImplementedError

    def build_menu(self) -> Menu:
        """Hook: the menu of the decision pending (default: the game's play kit's)."""
        return self.session.menu()

    def result_lines(self) -> list[str]:
        """Hook: the final scores and the winner (default: the game's play kit's)."""
        return self.session.result_lines()

    def border_title_text(self, selector: str, title: str) -> str:
        """Hook: the title of the panel ``selector`` (``title`` from ``BORDER_TITLES``) in the current language."""
        return _(title)

    def waiting_text(self) -> str:
        """Hook: the decision panel's text while chance or a bot plays."""

        raise NotImplementedError

    async def after_auto_step(self, step: Step, count: int) -> None:
        """Hook: show the ``count``-th action of chance or a bot (and pause to let it be seen)."""
        raise NotImplementedError

    def after_choice(self, seat: int) -> None:
        """Hook: go on after ``seat`` decided."""
        raise NotImplementedError

    def before_auto_play(self) -> None:
        """Hook: chance and the bots are about to play."""

    def show_turn(self) -> None:
        """Hook: a person is to decide."""
        self.show_decision()

    def after_resize(self) -> None:
        """Hook: the window changed size (redraw what depends on it)."""

    # --- the flow of the game -----------------------------------------------------------------

    def on_mount(self) -> None:
        for widget_id, title in self.BORDER_TITLES:
            self.query_one(widget_id).border_title = self.border_title_text(widget_id, title)
        self.first_view()
        self.advance()
        if self.size_warning():
            self.say(self.size_warning())

    def on_resize(self, event: events.Resize) -> None:
        warning = self.size_warning()
        if warning:
            self.say(warning)
        elif self.message.startswith(self.size_warning_start()):
            self.say("")
        self.after_resize()

    def size_warning_start(self) -> str:
        """How every size warning begins."""
        return self._size_warning(0, 0).split("0×0", 1)[0]

    def size_warning(self) -> str:
        """A warning if the window is smaller than ``MIN_SIZE`` ("" if it is big enough)."""
        width, height = self.size.width, self.size.height
        need_width, need_height = self.MIN_SIZE
        if width >= need_width and height >= need_height:
            return ""
        return self._size_warning(width, height)

    def _size_warning(self, width: int, height: int) -> str:
        need_width, need_height = self.MIN_SIZE
        return _("The window is {width}×{height}: {game} needs at least {need_width}×{need_height} "
                 "(columns×rows). Enlarge it, or play line by line with --plain.").format(
            width=width, height=height, game=self.game_title(), need_width=need_width, need_height=need_height)

    def advance(self) -> None:
        """Show the next decision, or let chance and the bots play until one (or the end)."""
        session = self.session
        if session.over:
            self.show_end()
        elif session.human_to_move():
            self.show_turn()
        elif not self.busy:
            self.busy = True
            self.before_auto_play()
            self.show_waiting()
            self.run_worker(self._auto_play(), exclusive=True, group="auto")

    async def _auto_play(self) -> None:
        session = self.session
        steps = 0
        try:
            while not session.over and not session.human_to_move():
                if self.paused:
                    await asyncio.sleep(0.05)
                    continue
                if session.to_move() < 0:
                    action = session.auto_action()
                else:
                    action = await asyncio.to_thread(session.auto_action)
                step = session.apply(action)
                steps += 1
                await self.after_auto_step(step, steps)
        except Exception as error:  # a failing bot must not take the game down
            self.paused = True
            self.say(_("A bot failed ({error}); press p to try again.").format(
                error=f"{type(error).__name__}: {error}"))
        finally:
            self.busy = False
        self.refresh_view()
        if not self.paused:
            self.advance()

    def play(self, action: int) -> None:
        """A person's decision; one the game warns of (starving, a wasted purchase) is played only when
        chosen a second time in a row."""
        seat = self.session.to_move()
        warnings = self.session.warnings(action)
        if warnings and self._confirm != action:
            self._confirm = action
            self.say(" ".join([confirm_question(warnings), _("Choose it again to play it.")]))
            return
        self._confirm = None
        self.clear_status()
        try:
            self.session.choose(action)
        except StoneAgeError as error:
            self.say(_("Not played: {error}").format(error=error))
            return
        self._quit_armed = False
        self.after_choice(seat)

    def can_decide(self) -> bool:
        """Whether a person may decide now (else say why)."""
        if self.session.over:
            self.say(_("The game is over. Press q to quit."))
            return False
        if self.busy or not self.session.human_to_move():
            self.say_wait(_("Please wait: it is not your turn."))
            return False
        return True

    # --- rendering ------------------------------------------------------------------------------

    def say(self, message: str) -> None:
        """Show a message in the status line."""
        self.message = message
        self.set_text("#status", Text(message))

    def say_wait(self, message: str) -> None:
        """Show a message that asks to wait (a new decision clears it)."""
        self.say(message)
        self._wait_said = message

    def clear_status(self) -> None:
        """A new action of a person: the last message has been read (a too-small window is still told)."""
        self.say(self.size_warning())

    def set_text(self, selector: str, text: Text) -> None:
        """Show ``text`` in the Static ``selector``."""
        self.query_one(selector, Static).update(text)

    def _styled(self, lines: list[str]) -> Text:
        text = Text("\n".join(lines))
        for seat, style in enumerate(PLAYER_STYLES[: len(self.session.seats)]):
            english, local = f"Player {seat + 1}", re.escape(seat_name(seat))
            for pattern in self.SEAT_PATTERNS:  # the seat as the current language calls it
                text.highlight_regex(pattern.format(n=seat + 1).replace(english, local), style)
        for pattern, style in self.extra_styles():
            text.highlight_regex(pattern, style)
        return text

    def extra_styles(self) -> tuple[tuple[str, str], ...]:
        """``(regular expression, style)`` highlighted in the panels (default: ``EXTRA_STYLES``)."""
        return self.EXTRA_STYLES


    def winners(self) -> list[str]:
        """The names of the winners (of a game that is over)."""
        session = self.session
        return [session.names[p] for p, r in enumerate(session.state.returns()) if r > 0]

    def pause_note(self) -> str:
        """Behind the title while the bots are paused."""
        return _(" — PAUSED (p continues)") if self.paused else ""

    def show_waiting(self) -> None:
        self.set_text("#prompt", Text(self.waiting_text()))
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = _(self.WAITING_TITLE)

    def show_decision(self) -> None:
        if self.message and (self.message == self._wait_said
                             or self.message.startswith(tuple(_(message) for message in self.WAIT_MESSAGES))):
            self.say("")
        self._confirm = None
        self.menu = menu = self.build_menu()
        self.levels = [menu.choices]
        self.set_text("#prompt", Text("\n".join([menu.prompt, *menu.info])))
        self.query_one("#decide").border_title = _("{name} decides").format(name=self.session.names[menu.seat])
        self.fill_options()

    def notation_focused(self) -> bool:
        """Whether the person is typing an action (the options then keep out of the focus)."""
        return False

    def fill_options(self) -> None:
        options = self.query_one("#options", OptionList)
        options.clear_options()
        level = self.levels[-1]
        entries = [Option(Text(f"{n}. {c.label}{self.GROUP_MARK if c.is_group else ''}"), id=str(n - 1))
                   for n, c in enumerate(level, 1)]
        if len(self.levels) > 1:
            entries.append(Option(Text(_("0. ← back")), id="back"))
        options.add_options(entries)
        options.highlighted = 0
        if not self.notation_focused():
            options.focus()

    def show_end(self) -> None:
        self.levels = []
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = _("Game over")
        lines = [self.totals_line(), "", *self.result_lines(), "", _(self.END_HINT)]
        self.set_text("#prompt", Text("\n".join(lines)))
        self.refresh_bindings()  # only the keys that still apply stay in the footer
        self.refresh_view()

    def totals_line(self) -> str:
        """The final scores in one line: ``Final totals: P1 98 · P2 87 — won by Player 1 (you)``."""
        session = self.session
        totals = " · ".join(f"{short} {score}" for short, score in zip(session.short, session.state.scores(),
                                                                        strict=True))
        winners = self.winners()
        if winners:
            return _("Final totals: {totals} — won by {names}").format(totals=totals, names=_(" and ").join(winners))
        return _("Final totals: {totals} — nobody wins").format(totals=totals)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the game is over only saving and quitting apply: the other keys leave the footer."""
        session: Session | None = getattr(self, "session", None)
        over = session is not None and session.over
        return not (over and action in GAME_ACTIONS and action not in END_ACTIONS)

    # --- options --------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id
        if option_id == "back":
            self.action_go_back()
        elif option_id is not None:
            self.choose_index(int(option_id))

    def choose_index(self, index: int) -> None:
        if not self.can_decide() or not self.levels:
            return
        level = self.levels[-1]
        if not 0 <= index < len(level):
            self.say(_("There is no option {number}: choose 1 to {last}.").format(number=index + 1, last=len(level)))
            return
        choice = level[index]
        if choice.is_group:
            self.clear_status()
            self.levels.append(choice.children)
            self.fill_options()
            return
        assert choice.action is not None
        self.play(choice.action)

    def highlight_action(self, action: int) -> None:
        """Put the cursor on the option that plays ``action`` (or opens the sub-list with it)."""
        for index, choice in enumerate(self.levels[-1] if self.levels else ()):
            if choice.action == action or any(c.action == action for c in choice.children):
                self.query_one("#options", OptionList).highlighted = index

    # --- actions (keys) -------------------------------------------------------------------------

    def action_pick(self, number: int) -> None:
        if number == 0:
            self.action_go_back()
        else:
            self.choose_index(number - 1)

    def action_go_back(self) -> None:
        if len(self.levels) > 1:
            self.clear_status()
            self.levels.pop()
            self.fill_options()

    def action_hint(self) -> None:
        if not self.can_decide():
            return
        self.say(_("Thinking of a hint…"))
        self.run_worker(self._hint(), exclusive=True, group="hint")

    def action_why(self) -> None:
        self.say(_("Weighing the choice…"))
        self.run_worker(self._why(), exclusive=True, group="why")

    async def _why(self) -> None:
        session = self.session
        try:
            explanation = await asyncio.to_thread(session.why)
        except NothingToExplain as error:
            self.say(str(error))
            return
        except Exception as error:  # explaining must not end the game
            self.say(_("No explanation: the bot failed ({error})").format(error=f"{type(error).__name__}: {error}"))
            return
        self.show_why(explanation.lines(session.names[explanation.seat]))

    def show_why(self, lines: list[str]) -> None:
        """Hook: show the answer to "Why?" — the hint, the person's own last move or the last bot move
        (``Session.why``; default: the move and its best alternative in the status line)."""
        self.say(" ".join(line.strip() for line in lines[:4]))

    async def _hint(self) -> None:
        session = self.session
        moment = session.state.move_number()
        state = session.state.clone()
        try:
            action = await asyncio.to_thread(session.hint, state)
        except HintUnavailable as error:
            self.say(str(error))
            return
        except Exception as error:  # the hint bot failing must not end the game
            if not self.TELL_HINT_FAILURE:
                raise
            self.say(_("No hint: the hint bot failed ({error})").format(error=f"{type(error).__name__}: {error}"))
            return
        if session.state.move_number() != moment or not session.human_to_move():
            return
        self.say(_("Hint: the {bot} bot would play {action} — {description}").format(
            bot=bot_label(session.hint_spec), action=state.action_to_string(action),
            description=describe(state, action, state.current_player())))
        self.highlight_action(action)

    def action_save(self) -> None:
        try:
            self.session.save(self.save_path)
        except StoneAgeError as error:  # a full disk, a folder that cannot be written: the game goes on
            self.say(_("Could not save: {error}").format(error=error))
            return
        self.say(_("Saved to {path} — continue later with: stoneage play --resume {path}").format(path=self.save_path))

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.say(_("Paused: press p to continue.") if self.paused else _("Continuing."))
        self.refresh_view()
        if not self.paused and not self.busy:
            self.advance()

    def action_quit_game(self) -> None:
        if self.session.over or self.session.is_saved() or self._quit_armed:
            self.exit()
            return
        self._quit_armed = True
        self.say(_("The game is not saved: press q again to quit anyway, or s to save first."))

