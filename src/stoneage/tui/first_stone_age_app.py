"""My First Stone Age full screen (textual): the circle of big cards with Martin, the draw pile,
every player's hut and goods, the decision, and a log that does not give the memory game away.

A card turned up is shown face up for ``delay`` seconds, then flips back. With two or more
people at the table (hot seat) each person's turn starts with a "pass the device" screen.
Imported only when the full-screen mode starts, so ``stoneage`` works without textual.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from stoneage.core.errors import StoneAgeError
from stoneage.tui.choices import Menu
from stoneage.tui.first_stone_age_choices import build_menu, reach
from stoneage.tui.first_stone_age_render import (
    PLAYER_STYLES,
    card_words,
    event_line,
    player_lines,
    result_lines,
    table_rows,
)
from stoneage.tui.session import HUMAN, HintUnavailable, Session

CARD_SIZE_BY_HEIGHT = ((38, "big"), (30, "normal"), (0, "small"))
"""Terminal rows from which the circle is drawn with cards of 7, 5 or 3 rows."""
NARROW = 100
"""Below this many columns the players panel is compact."""

KEYS_HELP = """Keys
  1 2 3 4      move Martin that many cards on (or choose that option)
  ↑ ↓, Enter   move in the list, choose (or click an option)
  Enter        "I am ready" after passing the device
  h            hint: what the perfect-memory bot would do
  s            save the game (continue with: stoneage play --resume FILE)
  p            pause / continue the bots
  ?            this list (in the log panel)
  q            quit (asks again if the game is not saved)

The cards lie face down. Martin (yellow frame) moves 1 to 4 cards on; [1]..[4] on a card
show which move reaches it. The card he stops at is turned up: a good your hut needs is
kept, any other card is turned face down again after a short look. Guff the dog can be
any good your hut needs. Build 3 huts to win!"""

Sleep = Callable[[float], Awaitable[Any]]


class FirstStoneAgeApp(App[None]):
    """Play a card-game :class:`Session` full screen."""

    TITLE = "My First Stone Age"
    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: auto; }
    #table-box { width: auto; height: auto; border: round $secondary; }
    #table { width: auto; text-wrap: nowrap; }
    #players-box { width: 1fr; height: auto; border: round $secondary; }
    #bottom { height: 1fr; min-height: 6; }
    #decide { width: 1fr; border: round $accent; }
    #log { width: 1fr; border: round $secondary; }
    #prompt { height: auto; }
    #options { height: 1fr; border: none; }
    #ready { display: none; margin: 1 2; }
    #ready.visible { display: block; }
    #status { height: 1; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("s", "save", "Save"),
        Binding("p", "pause", "Pause"),
        Binding("question_mark", "keys", "Keys"),
        Binding("q", "quit_game", "Quit"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, session: Session, *, delay: float = 3.0, save_path: str | Path = "stoneage-game.json",
                 hot_seat: bool | None = None, sleep: Sleep | None = None) -> None:
        super().__init__()
        if session.game.name != "first_stone_age":
            raise StoneAgeError(f"this screen plays first_stone_age, not {session.game.name!r}")
        self.session = session
        self.delay = delay
        self.save_path = Path(save_path)
        self.hot_seat = session.seats.count(HUMAN) >= 2 if hot_seat is None else hot_seat
        self.sleep: Sleep = sleep or asyncio.sleep
        self.face_up: dict[int, str] = {}
        """Cards just turned up, shown face up until they flip back (place → card)."""
        self.menu: Menu | None = None
        self.busy = False
        """Chance, a bot or a card being looked at is playing: people wait."""
        self.paused = False
        self.passing: int | None = None
        """Hot seat: the seat the device is being passed to (waiting for Enter)."""
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
            with Vertical(id="table-box"):
                yield Static(id="table")
            with VerticalScroll(id="players-box"):
                yield Static(id="players")
        with Horizontal(id="bottom"):
            with Vertical(id="decide"):
                yield Static(id="prompt")
                yield Button("I am ready!", id="ready", variant="success")
                yield OptionList(id="options")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        for widget_id, title in (("#table-box", "The circle"), ("#players-box", "Huts"), ("#decide", "Your move"),
                                 ("#log", "What happened")):
            self.query_one(widget_id).border_title = title
        log = self.query_one("#log", RichLog)
        for event in self.public_log():
            line = event_line(event, self.session.names, tell_cards=False)
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
            if self.hot_seat and self.last_decider is not None and seat != self.last_decider:
                self.show_pass(seat)
            else:
                self.show_decision()
        elif not self.busy:
            self.busy = True
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
        """Log what happened; show a card turned up face up for ``delay`` seconds, then flip it back."""
        log = self.public_log()
        new = log[self._told:]
        self._told = len(log)
        widget = self.query_one("#log", RichLog)
        shown = []
        for event in new:
            line = event_line(event, self.session.names, tell_cards=False)
            if line is not None:
                widget.write(Text(line))
            if event["event"] == "reveal":
                self.face_up[event["slot"]] = event["card"]
                shown.append(f"Card {event['slot'] + 1} is {card_words(event['card']).upper()}")
            elif event["event"] == "keep":
                shown.append(f"{self.session.names[event['player']]} keeps it!")
        if self.face_up:
            self.say("Look! " + " — ".join(shown))
            self.refresh_view()
            if self.delay > 0:
                await self.sleep(self.delay)
            self.face_up.clear()
            self.say("")  # the card is face down again: the status line must not remember it
            self.refresh_view()
        elif bot_move and self.delay > 0:
            self.refresh_view()
            await self.sleep(self.delay / 2)
        else:
            self.refresh_view()

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
        text.highlight_regex(r"\[x\]", "bold green")
        text.highlight_regex(r"■+", "bold yellow")
        return text

    def card_size(self) -> str:
        return next(size for rows, size in CARD_SIZE_BY_HEIGHT if self.size.height >= rows)

    def refresh_view(self) -> None:
        session = self.session
        obs = session.observation()
        human = session.human_to_move() and not self.busy and self.passing is None
        rows = table_rows(obs, face_up=self.face_up, reach=reach(session.state) if human else None,
                          size=self.card_size())
        table = Text()
        for index, row in enumerate(rows):
            if index:
                table.append("\n")
            for text, style in row:
                table.append(text, style or None)
        self.query_one("#table", Static).update(table)
        lines = player_lines(obs, session.names, compact=self.size.width < NARROW)
        self.query_one("#players", Static).update(self._styled(lines))
        box = self.query_one("#players-box", VerticalScroll)
        box.styles.max_height = len(rows) + 2
        turn_line = next((index for index, line in enumerate(lines) if line.startswith("▶")), 0)
        box.scroll_to(y=max(0, turn_line - 1), animate=False)  # the player whose turn it is in sight
        self.query_one("#title", Static).update(Text(self.title_text(obs["turn"])))

    def title_text(self, turn: int) -> str:
        session = self.session
        if session.over:
            winners = [session.names[p] for p, r in enumerate(session.state.returns()) if r > 0]
            who = f"{winners[0]} wins!" if winners else "nobody wins"
            return f"My First Stone Age — game over — {who}"
        seat = session.observation()["pending"]["player"]  # at a chance node: whose turn it is
        doing = "pass the device" if self.passing is not None else (
            "your move" if session.human_to_move() and not self.busy else "playing")
        who = session.names[seat]
        pause = " — PAUSED (p continues)" if self.paused else ""
        return f"My First Stone Age — turn {turn} — {who}: {doing}{pause}"

    def show_waiting(self) -> None:
        session = self.session
        seat = session.to_move()
        who = session.names[seat] if seat >= 0 else "The cards"
        self.query_one("#prompt", Static).update(Text(f"{who} …" if seat < 0 else f"{who} is playing …"))
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = "Watch!"

    def show_pass(self, seat: int) -> None:
        self.passing = seat
        name = self.session.names[seat]
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#prompt", Static).update(Text(
            f"Pass the device to {name}!\n\nPress Enter (or click) when you are ready.", style="bold"))
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
        self.menu = build_menu(session.state, session.names)
        self.query_one("#prompt", Static).update(Text("\n".join([self.menu.prompt, *self.menu.info])))
        self.query_one("#decide").border_title = f"{session.names[self.menu.seat]} decides"
        options = self.query_one("#options", OptionList)
        options.clear_options()
        options.add_options([Option(Text(f"{n}. {c.label}"), id=str(n - 1))
                             for n, c in enumerate(self.menu.choices, 1)])
        options.highlighted = 0
        options.focus()
        self.refresh_view()

    def show_end(self) -> None:
        self.menu = None
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = "Game over"
        self.query_one("#prompt", Static).update(Text("\n".join(
            [*result_lines(self.session.state, self.session.names), "", "Press q to quit, s to save the game."])))
        self.refresh_view()

    # --- events and keys --------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.choose_index(int(event.option.id))

    def choose_index(self, index: int) -> None:
        if not self.can_decide() or self.menu is None:
            return
        choices = self.menu.choices
        if not 0 <= index < len(choices):
            self.say(f"There is no option {index + 1}: choose 1 to {len(choices)}.")
            return
        action = choices[index].action
        assert action is not None
        self.play(action)

    def action_pick(self, number: int) -> None:
        self.choose_index(number - 1)

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
        if self.menu is not None:
            for index, choice in enumerate(self.menu.choices):
                if choice.action == action:
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
