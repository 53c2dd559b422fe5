"""Stone Age Junior full screen (textual): the ring with the figures, the goods on the spaces and
on the trading post, the dogs, the forest tiles face down or up, the three face-up huts, every
player's settlement (goods only for the person looking), the decision and a log that does not
give the memory game away (it never says which forest place showed which tile).

With two or more people at the table (hot seat) each person's turn starts with a "pass the
device" screen, and nobody's goods are shown until the next person is ready. Imported only when
the full-screen mode starts, so ``stoneage`` works without textual.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, OptionList, RichLog, Static

from stoneage.core.i18n import N_, _, pgettext
from stoneage.play.session import Session
from stoneage.play.stone_age_junior.words import event_line, tile_words
from stoneage.tui.base_app import BACK, HINT, KEYS, PAUSE, QUIT, SAVE, UNDO, pick_bindings
from stoneage.tui.hot_seat_app import HotSeatApp, Sleep as Sleep, rows_text
from stoneage.tui.notation_app import NotationApp
from stoneage.tui.stone_age_junior.plain import goods_seats, nothing_to_undo, undo_allowed
from stoneage.tui.stone_age_junior.render import board_rows, can_build_mark, hut_panel_lines, player_lines

NARROW = 110
"""Below this many columns the players panel is compact."""
OTHER_KEYS = frozenset({"up", "down", "enter", "tab", "shift+tab", "home", "end", "pageup", "pagedown"})

# TRANSLATORS: the keys and the actions after ":" stay as they are (they are typed)
KEYS_HELP = N_("""Keys
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
remember where they are! The first to build 3 huts wins.""")


class StoneAgeJuniorApp(HotSeatApp, NotationApp):
    """Play a Stone Age Junior :class:`Session` full screen."""

    TITLE = N_("Stone Age Junior")
    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }

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
        HINT, UNDO, SAVE, PAUSE, Binding("colon", "notation", "Type", show=False), KEYS, QUIT, *BACK,
        *pick_bindings(0),
    ]
    BORDER_TITLES = (("#board-box", N_("The ring and the forest")), ("#huts-box", N_("Huts to build")),
                     ("#players-box", N_("Settlements")), ("#decide", N_("Your move")), ("#log", N_("What happened")))
    SEAT_PATTERNS = (r"Player {n}\b", r"▶ P{n}\b")
    EXTRA_STYLES = ((r"■+", "bold yellow"), (r"✓ can build", "bold green"))
    OTHER_KEYS = OTHER_KEYS
    CHANCE_NAME = N_("The forest")
    PASS_NOTE = N_("The goods are hidden. Press Enter (or click) when you are ready.")
    PASS_AT_START = True
    KEYS_HELP = KEYS_HELP
    MIN_SIZE = (100, 30)

    def __init__(self, session: Session, *, delay: float = 1.5, save_path: str | Path = "stoneage-game.json",
                 hot_seat: bool | None = None, sleep: Sleep | None = None) -> None:
        super().__init__(session, delay=delay, save_path=save_path, hot_seat=hot_seat, sleep=sleep)
        self.showing: int | None = None
        """Hot seat: the person at the device, whose goods are shown (None: nobody's)."""

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
                yield Button(_("I am ready!"), id="ready", variant="success")
                yield Input(placeholder=_("an action, e.g. turn 5 or swap 3 11 (Esc closes)"), id="notation")
                yield OptionList(id="options")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
        yield Static(id="status")
        yield Footer()

    # --- the game's own parts -----------------------------------------------------------------

    def log_line(self, event: Any) -> str | None:
        return event_line(event, self.session.names, tell_tiles=False)

    async def tell(self, bot_move: bool) -> None:
        """Log what happened; let a tile turned up be seen for ``delay`` seconds."""
        new = self.new_events()
        revealed = ""
        for event in new:
            if event["event"] == "reveal":
                revealed = _("Forest tile {number} shows {tile}.").format(number=event["place"] + 1,
                                                                          tile=tile_words(event["tile"]))
        self.refresh_view()
        if revealed:
            self.say(_("Look! {what}").format(what=revealed))
            if self.delay > 0:
                await self.sleep(self.delay)
        elif bot_move and self.delay > 0:
            await self.sleep(self.delay / 2)
        if any(event["event"] == "reset" for event in new):
            self.say("")  # every tile lies face down now: the status line must not remember one

    def before_auto_play(self) -> None:
        if self.hot_seat:
            self.showing = None  # a turn of someone else: the goods go out of sight

    def show_pass(self, seat: int) -> None:
        self.showing = None
        super().show_pass(seat)

    def show_decision(self) -> None:
        self.showing = self.session.to_move()
        super().show_decision()

    def show_end(self) -> None:
        self.showing = None
        super().show_end()

    # --- rendering ------------------------------------------------------------------------------

    def after_resize(self) -> None:
        self.refresh_view()  # the players panel turns compact in a narrow window

    def shown_goods(self) -> set[int]:
        """The seats whose goods are on screen now."""
        return goods_seats(self.session, self.hot_seat, self.showing)

    def refresh_view(self) -> None:
        session = self.session
        shown = self.shown_goods()
        seat = session.viewer()
        obs = session.state.observation(seat)
        rows = board_rows(obs, session.short, highlight=obs["pending"]["player"] if obs["phase"] == "play" else None)
        self.set_text("#board", rows_text(rows))
        viewer = obs["players"][seat] if seat in shown and not session.all_bots() else None
        self.set_text("#huts", self._styled(hut_panel_lines(obs, viewer)))
        lines = player_lines(obs, session.names, shown, compact=self.size.width < NARROW)
        self.set_text("#players", self._styled(lines))
        self.set_text("#title", Text(self.title_text(obs["turn"])))

    def over_title(self, winners: list[str]) -> str:
        if winners:
            return _("Stone Age Junior — game over — {name} wins!").format(name=winners[0])
        return _("Stone Age Junior — game over")

    def border_title_text(self, selector: str, title: str) -> str:
        if selector == "#huts-box":  # a narrow panel: its title has a short translation of its own
            # TRANSLATORS: the title of a narrow panel, 17 terminal columns at most (a Korean letter takes 2)
            return pgettext("narrow panel", "Huts to build")
        return super().border_title_text(selector, title)

    def extra_styles(self) -> tuple[tuple[str, str], ...]:

        return ((r"■+", "bold yellow"), (re.escape(can_build_mark()), "bold green"))

    # --- keys -----------------------------------------------------------------------------------

    def action_undo(self) -> None:
        session = self.session
        if self.busy or self.passing is not None or not session.human_to_move():
            self.say_wait(_("Please wait: it is not your turn."))
            return
        if not undo_allowed(session, self.hot_seat):
            self.say(nothing_to_undo(self.hot_seat))
            return
        session.undo()
        self._told = len(self.public_log())
        self.say(_("Undone: {what}.").format(what=session.undone_text()))
        self.query_one("#log", RichLog).write(Text(_("(undone: {what})").format(what=session.undone_text()),
                                                   style="italic"))
        self.advance()
