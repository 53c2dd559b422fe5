"""Stone Age Junior full screen (textual): the ring with the figures, the goods on the spaces and
on the trading post, the dogs, the forest tiles face down or up, the three face-up huts, every
player's settlement (goods only for the person looking), the decision and a log that does not
give the memory game away (it never says which forest place showed which tile).

With two or more people at the table (hot seat) each person's turn starts with a "pass the
device" screen, and nobody's goods are shown until the next person is ready. Imported only when
the full-screen mode starts, so ``stoneage`` works without textual.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from stoneage.core.errors import StoneAgeError
from stoneage.tui.choices import Choice, Menu
from stoneage.tui.session import HUMAN, HintUnavailable, Session
from stoneage.tui.stone_age_junior_choices import build_menu
from stoneage.tui.stone_age_junior_plain import goods_seats, undo_allowed
from stoneage.tui.stone_age_junior_render import (
    PLAYER_STYLES,
    board_rows,
    event_line,
    hut_panel_lines,
    player_lines,
    result_lines,
    tile_words,
)

NARROW = 110
"""Below this many columns the players panel is compact."""
OTHER_KEYS = {"up", "down", "enter", "tab", "shift+tab", "home", "end", "pageup", "pagedown"}

KEYS_HELP = """Keys
  1 … 9        choose that option (a swap: the first tile, then the second)
  0, Esc       back out of a sub-list
  ↑ ↓, Enter   move in the list, choose (or click an option)
  :            type an action, e.g. turn 5, trade berry for fish, swap 3 11
  Enter        "I am ready" after passing the device
  h            hint: what the perfect-memory bot would do
  u            undo your last decision (not past a tile, hut or card turned up)
  s            save the game (continue with: stoneage play --resume FILE)
  p            pause / continue the bots
  ?            this list (in the log panel)
  q            quit (asks again if the game is not saved)

Turn up a forest tile: a number moves your figure that many spaces along the arrows, a
picture takes it straight to that space. Take the good lying there, a dog (it can stand in
for any good), trade 1 for 1 at the trading post, or build a hut on the building site with
exactly the goods it shows. Then all tiles are turned face down and two are swapped:
remember where they are! The first to build 3 huts wins."""

Sleep = Callable[[float], Awaitable[Any]]


class StoneAgeJuniorApp(App[None]):
    """Play a Stone Age Junior :class:`Session` full screen."""

    TITLE = "Stone Age Junior"
    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: auto; }
    #board-box { width: auto; height: auto; border: round $secondary; }
    #board { width: auto; text-wrap: nowrap; }
    #side { width: 1fr; height: auto; }
    #huts-box { height: auto; border: round $secondary; }
    #players-box { height: auto; border: round $secondary; }
    #bottom { height: 1fr; min-height: 6; }
    #decide { width: 1fr; border: round $accent; }
    #log { width: 1fr; border: round $secondary; }
    #prompt { height: auto; }
    #options { height: 1fr; border: none; }
    #ready { display: none; margin: 1 2; }
    #ready.visible { display: block; }
    #notation { display: none; }
    #notation.visible { display: block; }
    #status { height: 1; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("p", "pause", "Pause"),
        Binding("colon", "notation", "Type", show=False),
        Binding("question_mark", "keys", "Keys"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "go_back", "Back", show=False),
        Binding("backspace", "go_back", "Back", show=False),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(10)),
    ]

    def __init__(self, session: Session, *, delay: float = 1.5, save_path: str | Path = "stoneage-game.json",
                 hot_seat: bool | None = None, sleep: Sleep | None = None) -> None:
        super().__init__()
        if session.game.name != "stone_age_junior":
            raise StoneAgeError(f"this screen plays stone_age_junior, not {session.game.name!r}")
        self.session = session
        self.delay = delay
        self.save_path = Path(save_path)
        self.hot_seat = session.seats.count(HUMAN) >= 2 if hot_seat is None else hot_seat
        self.sleep: Sleep = sleep or asyncio.sleep
        self.menu: Menu | None = None
        self.levels: list[tuple[Choice, ...]] = []
        self.busy = False
        """Chance or a bot is playing (or a tile is being looked at): people wait."""
        self.paused = False
        self.passing: int | None = None
        """Hot seat: the seat the device is being passed to (waiting for Enter)."""
        self.showing: int | None = None
        """Hot seat: the person at the device, whose goods are shown (None: nobody's)."""
        self.last_decider: int | None = None
        self.message = ""
        self._quit_armed = False
        self._saved_at: int | None = None
        self._told = len(self.public_log())

    def public_log(self) -> list[Any]:
        return list(self.session.state.observation(0)["log"])

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="top"):
            with Vertical(id="board-box"):
                yield Static(id="board")
            with Vertical(id="side"):
                with Vertical(id="huts-box"):
                    yield Static(id="huts")
                with VerticalScroll(id="players-box"):
                    yield Static(id="players")
        with Horizontal(id="bottom"):
            with Vertical(id="decide"):
                yield Static(id="prompt")
                yield Button("I am ready!", id="ready", variant="success")
                yield Input(placeholder="an action, e.g. turn 5 or swap 3 11 (Esc closes)", id="notation")
                yield OptionList(id="options")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        for widget_id, title in (("#board-box", "The ring and the forest"), ("#huts-box", "Huts to build"),
                                 ("#players-box", "Settlements"), ("#decide", "Your move"),
                                 ("#log", "What happened")):
            self.query_one(widget_id).border_title = title
        log = self.query_one("#log", RichLog)
        for event in self.public_log():
            line = event_line(event, self.session.names, tell_tiles=False)
            if line is not None:
                log.write(Text(line))
        self.refresh_view()
        self.advance()

    # --- the flow of the game -----------------------------------------------------------------

    def advance(self) -> None:
        """Show the next decision (after passing the device), or let chance and the bots play."""
        session = self.session
        if session.over:
            self.show_end()
        elif session.human_to_move():
            seat = session.to_move()
            if self.hot_seat and seat != self.last_decider:
                self.show_pass(seat)
            else:
                self.show_decision()
        elif not self.busy:
            self.busy = True
            if self.hot_seat:
                self.showing = None  # a turn of someone else: the goods go out of sight
            self.show_waiting()
            self.run_worker(self._auto_play(), exclusive=True, group="auto")

    async def _auto_play(self) -> None:
        session = self.session
        try:
            while not session.over and not session.human_to_move():
                if self.paused:
                    await asyncio.sleep(0.05)
                    continue
                seat = session.to_move()
                if seat < 0:
                    action = session.auto_action()
                else:
                    action = await asyncio.to_thread(session.auto_action)
                session.apply(action)
                await self.tell(bot_move=seat >= 0)
        except Exception as error:  # a failing bot must not take the game down
            self.paused = True
            self.say(f"A bot failed ({type(error).__name__}: {error}); press p to try again.")
        finally:
            self.busy = False
        self.refresh_view()
        if not self.paused:
            self.advance()

    async def tell(self, bot_move: bool) -> None:
        """Log what happened; let a tile turned up be seen for ``delay`` seconds."""
        log = self.public_log()
        new = log[self._told:]
        self._told = len(log)
        widget = self.query_one("#log", RichLog)
        revealed = ""
        for event in new:
            line = event_line(event, self.session.names, tell_tiles=False)
            if line is not None:
                widget.write(Text(line))
            if event["event"] == "reveal":
                revealed = f"Forest tile {event['place'] + 1} shows {tile_words(event['tile'])}."
        self.refresh_view()
        if revealed:
            self.say("Look! " + revealed)
            if self.delay > 0:
                await self.sleep(self.delay)
        elif bot_move and self.delay > 0:
            await self.sleep(self.delay / 2)
        if any(event["event"] == "reset" for event in new):
            self.say("")  # every tile lies face down now: the status line must not remember one

    def play(self, action: int) -> None:
        """A person's decision."""
        seat = self.session.to_move()
        try:
            self.session.choose(action)
        except StoneAgeError as error:
            self.say(f"Not played: {error}")
            return
        self._quit_armed = False
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
        if self.session.over:
            self.say("The game is over. Press q to quit.")
            return False
        if self.passing is not None:
            self.say(f"Pass the device to {self.session.names[self.passing]}, then press Enter.")
            return False
        if self.busy or not self.session.human_to_move():
            self.say("Please wait: it is not your turn.")
            return False
        return True

    # --- rendering ------------------------------------------------------------------------------

    def say(self, message: str) -> None:
        """Show a message in the status line."""
        self.message = message
        self.query_one("#status", Static).update(Text(message))

    def _styled(self, lines: list[str]) -> Text:
        text = Text("\n".join(lines))
        for seat, style in enumerate(PLAYER_STYLES[: len(self.session.seats)]):
            text.highlight_regex(rf"Player {seat + 1}\b", style)
            text.highlight_regex(rf"▶ P{seat + 1}\b", style)
        text.highlight_regex(r"■+", "bold yellow")
        text.highlight_regex(r"✓ can build", "bold green")
        return text

    def shown_goods(self) -> set[int]:
        """The seats whose goods are on screen now."""
        return goods_seats(self.session, self.hot_seat, self.showing)

    def refresh_view(self) -> None:
        session = self.session
        shown = self.shown_goods()
        seat = session.viewer()
        obs = session.state.observation(seat)
        rows = board_rows(obs, session.short, highlight=obs["pending"]["player"] if obs["phase"] == "play" else None)
        board = Text()
        for index, row in enumerate(rows):
            if index:
                board.append("\n")
            for text, style in row:
                board.append(text, style or None)
        self.query_one("#board", Static).update(board)
        viewer = obs["players"][seat] if seat in shown and not session.all_bots() else None
        self.query_one("#huts", Static).update(self._styled(hut_panel_lines(obs, viewer)))
        lines = player_lines(obs, session.names, shown, compact=self.size.width < NARROW)
        self.query_one("#players", Static).update(self._styled(lines))
        self.query_one("#title", Static).update(Text(self.title_text(obs["turn"])))

    def title_text(self, turn: int) -> str:
        session = self.session
        if session.over:
            winners = [session.names[p] for p, r in enumerate(session.state.returns()) if r > 0]
            return f"Stone Age Junior — game over — {winners[0]} wins!" if winners else "Stone Age Junior — game over"
        seat = session.observation()["pending"]["player"]  # at a chance node: whose turn it is
        doing = "pass the device" if self.passing is not None else (
            "your move" if session.human_to_move() and not self.busy else "playing")
        pause = " — PAUSED (p continues)" if self.paused else ""
        return f"Stone Age Junior — turn {turn} — {session.names[seat]}: {doing}{pause}"

    def show_waiting(self) -> None:
        session = self.session
        seat = session.to_move()
        who = session.names[seat] if seat >= 0 else "The forest"
        self.query_one("#prompt", Static).update(Text(f"{who} …" if seat < 0 else f"{who} is playing …"))
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = "Watch!"
        self.levels = []

    def show_pass(self, seat: int) -> None:
        self.passing = seat
        self.showing = None
        self.levels = []
        name = self.session.names[seat]
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#prompt", Static).update(Text(
            f"Pass the device to {name}!\n\nThe goods are hidden. Press Enter (or click) when you are ready.",
            style="bold"))
        self.query_one("#decide").border_title = "Pass the device"
        ready = self.query_one("#ready", Button)
        ready.label = f"{name}: I am ready!"
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
        session = self.session
        if self.message.startswith(("Please wait", "Pass the device")):
            self.say("")
        self.showing = session.to_move()
        self.menu = build_menu(session.state, session.names)
        self.levels = [self.menu.choices]
        self.query_one("#prompt", Static).update(Text("\n".join([self.menu.prompt, *self.menu.info])))
        self.query_one("#decide").border_title = f"{session.names[self.menu.seat]} decides"
        self.fill_options()
        self.refresh_view()

    def fill_options(self) -> None:
        options = self.query_one("#options", OptionList)
        options.clear_options()
        level = self.levels[-1]
        entries = [Option(Text(f"{n}. {c.label}{' …' if c.is_group else ''}"), id=str(n - 1))
                   for n, c in enumerate(level, 1)]
        if len(self.levels) > 1:
            entries.append(Option(Text("0. ← back"), id="back"))
        options.add_options(entries)
        options.highlighted = 0
        if not self.query_one("#notation", Input).has_focus:
            options.focus()

    def show_end(self) -> None:
        self.menu = None
        self.levels = []
        self.showing = None
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = "Game over"
        self.query_one("#prompt", Static).update(Text("\n".join(
            [*result_lines(self.session.state, self.session.names), "", "Press q to quit, s to save the game."])))
        self.refresh_view()

    # --- events and keys --------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "back":
            self.action_go_back()
        elif event.option.id is not None:
            self.choose_index(int(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text or not self.can_decide():
            return
        state = self.session.state
        try:
            action = state.string_to_action(text)
        except StoneAgeError as error:
            self.say(f"Not understood: {error}")
            return
        if action not in state.legal_actions():
            prompt = self.menu.prompt if self.menu else "not your turn"
            self.say(f"{state.action_to_string(action)!r} is not legal now ({prompt})")
            return
        event.input.value = ""
        self.close_notation()
        self.play(action)

    def on_key(self, event: events.Key) -> None:
        if event.key in OTHER_KEYS or event.key in self.active_bindings:
            return
        if self.query_one("#notation", Input).has_focus and event.is_printable:
            return
        self.say(f"Unknown key {event.key!r}: press ? for the keys.")

    def choose_index(self, index: int) -> None:
        if not self.can_decide() or not self.levels:
            return
        level = self.levels[-1]
        if not 0 <= index < len(level):
            self.say(f"There is no option {index + 1}: choose 1 to {len(level)}.")
            return
        choice = level[index]
        if choice.is_group:
            self.levels.append(choice.children)
            self.fill_options()
            return
        assert choice.action is not None
        self.play(choice.action)

    def action_pick(self, number: int) -> None:
        if number == 0:
            self.action_go_back()
        else:
            self.choose_index(number - 1)

    def action_go_back(self) -> None:
        if self.query_one("#notation", Input).has_class("visible"):
            self.close_notation()
        elif len(self.levels) > 1:
            self.levels.pop()
            self.fill_options()

    def action_notation(self) -> None:
        if not self.can_decide():
            return
        notation = self.query_one("#notation", Input)
        notation.add_class("visible")
        notation.focus()

    def close_notation(self) -> None:
        self.query_one("#notation", Input).remove_class("visible")
        self.query_one("#options", OptionList).focus()

    def action_undo(self) -> None:
        session = self.session
        if self.busy or self.passing is not None or not session.human_to_move():
            self.say("Please wait: it is not your turn.")
            return
        if not undo_allowed(session, self.hot_seat):
            self.say("Nothing to undo: nothing you decided since the last tile, hut or card was turned up"
                     + (" in this turn." if self.hot_seat else "."))
            return
        session.undo()
        self._told = len(self.public_log())
        self.say(f"Undone: {session.undone_text()}.")
        self.query_one("#log", RichLog).write(Text(f"(undone: {session.undone_text()})", style="italic"))
        self.advance()

    def action_hint(self) -> None:
        if not self.can_decide():
            return
        self.say("Thinking of a hint…")
        self.run_worker(self._hint(), exclusive=True, group="hint")

    async def _hint(self) -> None:
        session = self.session
        moment = session.state.move_number()
        state = session.state.clone()
        try:
            action = await asyncio.to_thread(session.hint, state)
        except HintUnavailable as error:
            self.say(str(error))
            return
        if session.state.move_number() != moment or not session.human_to_move():
            return
        self.say(f"Hint: the {session.hint_spec} bot would play {state.action_to_string(action)} — "
                 f"{state.describe(action).strip()}")
        for index, choice in enumerate(self.levels[-1] if self.levels else ()):
            if choice.action == action or action in {c.action for c in choice.children}:
                self.query_one("#options", OptionList).highlighted = index

    def action_save(self) -> None:
        try:
            self.session.save(self.save_path)
        except OSError as error:
            self.say(f"Could not save to {str(self.save_path)!r}: {error.strerror or error}")
            return
        self._saved_at = self.session.state.move_number()
        self.say(f"Saved to {self.save_path} — continue later with: stoneage play --resume {self.save_path}")

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.say("Paused: press p to continue." if self.paused else "Continuing.")
        self.refresh_view()
        if not self.paused and not self.busy:
            self.advance()

    def action_keys(self) -> None:
        """Show the keys and the rules in short, in the log panel."""
        self.query_one("#log", RichLog).write(Text(KEYS_HELP, style="italic"))

    def action_quit_game(self) -> None:
        saved = self._saved_at == self.session.state.move_number()
        if self.session.over or saved or self._quit_armed:
            self.exit()
            return
        self._quit_armed = True
        self.say("The game is not saved: press q again to quit anyway, or s to save first.")
