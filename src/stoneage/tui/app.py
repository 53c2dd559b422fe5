"""The full-screen game (textual): board, cards, buildings, players, decisions, help and log.

Imported only when the full-screen mode starts, so ``stoneage`` works without textual.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from stoneage.core.errors import StoneAgeError
from stoneage.tui.choices import Choice, Menu, build_menu
from stoneage.tui.render import (
    DIE_FACES,
    board_lines,
    expected_by_count,
    location_rules,
    mammoth_lines,
    mammoth_rules,
    odds_lines,
    players_table,
    six_odds,
    tool_bonus_of,
)
from stoneage.tui.session import HintUnavailable, Session

PLAYER_STYLES = ("bold red", "bold dodger_blue1", "bold yellow", "bold green")

KEYS_HELP = """Keys
  ↑ ↓, Enter    move in the list, choose (or click an option)
  1 … 9         choose option 1 … 9 of the list
  0, Esc, ⌫     back out of a sub-list (Esc also closes the action line)
  :             type an action in notation (place forest 3, pay wood clay, …)
  h             hint: what the hard bot would do
  u             undo your last decision (not past a roll or a card turned up)
  s             save the game (continue with: stoneage play --resume FILE)
  p             pause / continue the bots
  ?             this list / back to the rules of the highlighted option
  q             quit (asks again if the game is not saved)

Players table: F farmers, T tool makers, H hut builders, S shamans on sand cards;
+2R an unused two-resources card. The help panel shows the rules of the
location under the cursor and the chance of each yield.

With the Mammoth Herd (--expansion mammoth) the herd panel shows where the herd
is, this round's bonus tile with its "1" and "all" bonuses, the next back, the
tiles left, the tiles each player won, the figures on the tile and the taming
rolls."""

OTHER_KEYS = frozenset({
    "up", "down", "enter", "home", "end", "pageup", "pagedown", "tab", "shift+tab", "left", "right",
    "space", "ctrl+c", "ctrl+q", "ctrl+p",
})
"""Keys the widgets use themselves (not unknown keys)."""


class StoneAgeApp(App[None]):
    """Play a :class:`Session` full screen."""

    TITLE = "Stone Age"
    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: auto; max-height: 55%; }
    #board-box, #players-box { height: auto; }
    #bottom { height: 1fr; min-height: 8; }
    #board-box, #players-box, #help-box, #herd-box, #log, #decide { border: round $secondary; }
    #board-box { width: 1fr; }
    #players, #board { text-wrap: nowrap; text-overflow: ellipsis; }
    #players-box { width: 1fr; }
    #decide { width: 1fr; border: round $accent; }
    #side { width: 1fr; }
    #help-box { height: 1fr; }
    #herd-box { height: auto; max-height: 60%; display: none; }
    #herd-box.on { display: block; }
    #log { width: 1fr; }
    #prompt { height: auto; max-height: 60%; }
    #options { height: 1fr; border: none; }
    #notation { display: none; }
    #notation.visible { display: block; }
    #status { height: 1; padding: 0 1; background: $boost; }
    .over #side, .over #options { display: none; }
    .over #prompt { max-height: 100%; }
    .over #decide { width: 2fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("colon", "notation", "Type action"),
        Binding("p", "pause", "Pause"),
        Binding("question_mark", "keys", "Keys"),
        Binding("q", "quit_game", "Quit"),
        Binding("escape", "go_back", "Back", show=False),
        Binding("backspace", "go_back", "Back", show=False),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(10)),
    ]

    def __init__(self, session: Session, *, delay: float = 0.6, save_path: str | Path = "stoneage-game.json") -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.save_path = Path(save_path)
        self.menu: Menu | None = None
        self.levels: list[tuple[Choice, ...]] = []
        self.message = ""
        self.paused = False
        self.show_keys = False
        self.auto_running = False
        self._quit_armed = False
        self._saved_at: int | None = None
        self._logged = 0
        self._shown: dict[str, str] = {}

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="top"):
            with VerticalScroll(id="board-box"):
                yield Static(id="board")
            with VerticalScroll(id="players-box"):
                yield Static(id="players")
        with Horizontal(id="bottom"):
            with Vertical(id="decide"):
                yield Static(id="prompt")
                yield OptionList(id="options")
                yield Input(placeholder="an action, e.g. place forest 3 (Enter plays, Esc closes)", id="notation")
            with Vertical(id="side"):
                with VerticalScroll(id="herd-box"):
                    yield Static(id="herd")
                with VerticalScroll(id="help-box"):
                    yield Static(id="help")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=3000, min_width=20)
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        for widget_id, title in (("#board-box", "Board"), ("#players-box", "Players"), ("#decide", "Your move"),
                                 ("#help-box", "Help"), ("#herd-box", "Mammoth herd"), ("#log", "Game log")):
            self.query_one(widget_id).border_title = title
        self.refresh_view()
        self.call_after_refresh(self.write_log)
        self.call_after_refresh(self.refresh_view)  # again, now that the panels have their sizes
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_view()

    # --- the flow of the game -----------------------------------------------------------------

    def advance(self) -> None:
        """Show the next decision, or let chance and the bots play until one (or the end)."""
        session = self.session
        if session.over:
            self.show_end()
        elif session.human_to_move():
            self.show_decision()
        elif not self.auto_running:
            self.auto_running = True
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
                if session.state.is_chance_node():
                    action = session.auto_action()
                else:
                    action = await asyncio.to_thread(session.auto_action)
                step = session.apply(action)
                steps += 1
                self.write_log()
                if step.paced and self.delay > 0:
                    self.refresh_view()
                    self.show_waiting()
                    await asyncio.sleep(self.delay)
                elif steps % 50 == 0:
                    self.refresh_view()
                    await asyncio.sleep(0)
        except Exception as error:  # a failing bot must not take the game down
            self.paused = True
            self.say(f"A bot failed ({type(error).__name__}: {error}); press p to try again.")
        finally:
            self.auto_running = False
        self.refresh_view()
        if not self.paused:
            self.advance()

    def play(self, action: int) -> None:
        """A person's decision."""
        try:
            self.session.choose(action)
        except StoneAgeError as error:
            self.say(f"Not played: {error}")
            return
        self._quit_armed = False
        self.write_log()
        self.refresh_view()
        self.advance()

    def can_decide(self) -> bool:
        if self.session.over:
            self.say("The game is over. Press q to quit.")
            return False
        if self.auto_running or not self.session.human_to_move():
            self.say("Please wait: it is not your turn.")
            return False
        return True

    # --- rendering ------------------------------------------------------------------------------

    def say(self, message: str) -> None:
        """Show a message in the status line."""
        self.message = message
        self.set_text("#status", Text(message))

    def set_text(self, selector: str, text: Text) -> None:
        """Update a Static unless it already shows this text (saves a repaint)."""
        if self._shown.get(selector) == text.plain:
            return
        self._shown[selector] = text.plain
        self.query_one(selector, Static).update(text)

    def _styled(self, lines: list[str]) -> Text:
        text = Text("\n".join(lines))
        for seat, style in enumerate(PLAYER_STYLES[: len(self.session.seats)]):
            text.highlight_regex(rf"\bP{seat + 1}\b", style)
        return text

    def refresh_view(self) -> None:
        session = self.session
        obs = session.observation()
        names = [name.replace("Player ", "P") for name in session.names]
        self.set_text("#board", self._styled(board_lines(obs, session.short)))
        box = self.query_one("#players-box")
        width = max(9, min(20, (box.content_size.width - 12) // len(names))) if box.content_size.width else 12
        self.set_text("#players", self._styled(players_table(obs, names, width)))
        self.set_text("#title", Text(self.title_text(obs["round"], obs["phase"])))
        herd = mammoth_lines(obs, session.short, note_line=False)
        box = self.query_one("#herd-box")
        box.set_class(bool(herd), "on")
        if herd:
            self.set_text("#herd", self._styled(herd))
            box.border_subtitle = ("tiles: a reconstruction" if obs["mammoth"]["reconstructed_tiles"]
                                   else "tiles: your own table")

    def title_text(self, round_number: int, phase: str) -> str:
        session = self.session
        if session.over:
            winners = [session.names[p] for p, r in enumerate(session.state.returns()) if r > 0]
            return f"Stone Age — game over after {round_number} rounds — won by {' and '.join(winners)}"
        seat = session.to_move()
        who = session.names[seat] if seat >= 0 else "chance"
        doing = "to decide" if session.human_to_move() else "playing"
        pause = " — PAUSED (p continues)" if self.paused else ""
        return f"Stone Age — round {round_number}, {phase} — {who} {doing}{pause}"

    def write_log(self) -> None:
        log = self.session.log
        widget = self.query_one("#log", RichLog)
        if self._logged > len(log):  # lines were taken back by an undo
            widget.clear()
            self._logged = 0
        end = log.index("== Game over ==") if self.session.over and "== Game over ==" in log else len(log)
        for index in range(self._logged, len(log)):
            line = log[index]
            if index > end and not line.startswith(("Winner", "Shared win", "Tie on", "They are tied")):
                continue  # the score table is shown in the "Game over" panel
            widget.write(Text(line))
        self._logged = len(log)

    def show_waiting(self) -> None:
        session = self.session
        seat = session.to_move()
        who = session.names[seat] if seat >= 0 else "Chance"
        self.set_text("#prompt", Text(f"{who} is playing…"))
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = "Waiting"

    def show_decision(self) -> None:
        session = self.session
        if self.message.startswith("Please wait"):
            self.say("")
        self.menu = build_menu(session.state, session.names)
        self.levels = [self.menu.choices]
        self.set_text("#prompt", Text("\n".join([self.menu.prompt, *self.menu.info])))
        self.query_one("#decide").border_title = f"{session.names[self.menu.seat]} decides"
        self.fill_options()

    def fill_options(self) -> None:
        options = self.query_one("#options", OptionList)
        options.clear_options()
        level = self.levels[-1]
        entries = [Option(Text(f"{n}. {c.label}{' ▸' if c.is_group else ''}"), id=str(n - 1))
                   for n, c in enumerate(level, 1)]
        if len(self.levels) > 1:
            entries.append(Option(Text("0. ← back"), id="back"))
        options.add_options(entries)
        options.highlighted = 0
        if not self.query_one("#notation", Input).has_focus:
            options.focus()
        self.show_help(level[0] if level else None)

    def show_end(self) -> None:
        self.screen.add_class("over")
        self.levels = []
        self.query_one("#options", OptionList).clear_options()
        self.query_one("#decide").border_title = "Game over"
        self.set_text("#prompt", Text("\n".join([*self.session.result_lines(), "",
                                                 "Press q to quit, s to save the game record."])))
        self.refresh_view()

    def show_help(self, choice: Choice | None) -> None:
        if self.show_keys:
            self.set_text("#help", Text(KEYS_HELP))
            return
        session = self.session
        if self.menu is None or not session.human_to_move():
            self.set_text("#help", Text("Press ? for the keys."))
            return
        obs = session.state.observation(self.menu.seat)
        lines = list(self.menu.info)
        stage = self.menu.stage
        if choice is not None and choice.loc is not None:
            lines += location_rules(choice.loc, obs)
            loc = choice.loc
            if loc < 5 and stage != "tools":
                bonus = tool_bonus_of(obs["players"][self.menu.seat])
                lines.append("")
                if choice.count is not None:
                    lines += odds_lines(loc, choice.count, bonus)
                elif choice.children:
                    most = max(c.count or 1 for c in choice.children)
                    lines += [f"Average yield by figures at {choice.label.split(' (')[0]}:",
                              *expected_by_count(loc, most, bonus)]
        elif stage == "pick":
            lines += ["Dice for all: each player takes one die in turn.",
                      *(f"  {face}: {what}" for face, what in DIE_FACES.items())]
        elif stage == "feed":
            lines += ["Feeding: each figure eats 1 food; agriculture gives that much food first.",
                      "Pay the shortfall with resources, or lose all your food and take −10 points."]
        elif stage == "tools":
            lines += ["Add ready tool tiles (each once a round) and one-use tools to the roll.",
                      "Each choice shows the sum and the yield."]
        elif stage in ("tame_move", "bonus"):
            if stage == "tame_move":
                lines += [six_odds(obs["mammoth"]["tamers"]), ""]
            lines += mammoth_rules(obs)
        if choice is not None and choice.is_group and choice.loc is None:
            lines += ["", choice.label]
        lines += ["", "Press ? for the keys."]
        self.set_text("#help", Text("\n".join(lines)))

    # --- events ---------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id
        if option_id == "back":
            self.action_go_back()
        elif option_id is not None:
            self.choose_index(int(option_id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = event.option.id
        if self.levels and option_id is not None and option_id != "back":
            level = self.levels[-1]
            index = int(option_id)
            if index < len(level):
                self.show_help(level[index])

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

    # --- actions (keys) -------------------------------------------------------------------------

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

    def close_notation(self) -> None:
        notation = self.query_one("#notation", Input)
        notation.remove_class("visible")
        self.query_one("#options", OptionList).focus()

    def action_notation(self) -> None:
        if not self.can_decide():
            return
        notation = self.query_one("#notation", Input)
        notation.add_class("visible")
        notation.focus()

    def action_undo(self) -> None:
        if self.auto_running:
            self.say("Please wait for your turn to undo.")
            return
        if self.session.undo():
            self.write_log()
            self.refresh_view()
            self.show_decision()
            self.say(f"Undone: {self.session.undone_text()}. Decide again.")
        else:
            self.say("Nothing to undo: no decision of yours since something was revealed (a roll or a card).")

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
        except Exception as error:  # the hint bot failing must not end the game
            self.say(f"No hint: the hint bot failed ({type(error).__name__}: {error})")
            return
        if session.state.move_number() != moment or not session.human_to_move():
            return
        self.say(f"Hint: the {session.hint_spec} bot would play {state.action_to_string(action)} — "
                 f"{state.describe(action).strip()}")
        self.highlight_action(action)

    def highlight_action(self, action: int) -> None:
        if not self.levels:
            return
        for index, choice in enumerate(self.levels[-1]):
            if choice.action == action or any(c.action == action for c in choice.children):
                self.query_one("#options", OptionList).highlighted = index
                return

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
        if not self.paused and not self.auto_running:
            self.advance()

    def action_keys(self) -> None:
        self.show_keys = not self.show_keys
        level = self.levels[-1] if self.levels else ()
        highlighted = self.query_one("#options", OptionList).highlighted
        self.show_help(level[highlighted] if level and highlighted is not None and highlighted < len(level) else None)

    def action_quit_game(self) -> None:
        saved = self._saved_at == self.session.state.move_number()
        if self.session.over or saved or self._quit_armed:
            self.exit()
            return
        self._quit_armed = True
        self.say("The game is not saved: press q again to quit anyway, or s to save first.")
