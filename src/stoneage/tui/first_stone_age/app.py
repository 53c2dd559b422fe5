"""My First Stone Age full screen (textual): the circle of big cards with Martin, the draw pile,
every player's hut and goods, the decision, and a log that does not give the memory game away.

A card turned up is shown face up for ``delay`` seconds, then flips back. With two or more
people at the table (hot seat) each person's turn starts with a "pass the device" screen.
Imported only when the full-screen mode starts, so ``stoneage`` works without textual.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, OptionList, RichLog, Static

from stoneage.core.i18n import N_, _
from stoneage.play.first_stone_age.menu import reach
from stoneage.play.first_stone_age.words import card_words, event_line
from stoneage.play.session import Session
from stoneage.tui.base_app import HINT, KEYS, PAUSE, QUIT, SAVE, pick_bindings
from stoneage.tui.first_stone_age.render import player_lines, table_rows
from stoneage.tui.hot_seat_app import HotSeatApp, Sleep as Sleep, rows_text

CARD_SIZE_BY_HEIGHT = ((38, "big"), (30, "normal"), (0, "small"))
"""Terminal rows from which the circle is drawn with cards of 7, 5 or 3 rows."""
NARROW = 100
"""Below this many columns the players panel is compact."""

KEYS_HELP = N_("""Keys
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
any good your hut needs. Build 3 huts to win!""")


class FirstStoneAgeApp(HotSeatApp):
    """Play a card-game :class:`Session` full screen."""

    TITLE = N_("My First Stone Age")
    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }

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
    BINDINGS: ClassVar[list[BindingType]] = [HINT, SAVE, PAUSE, KEYS, QUIT, *pick_bindings(1)]
    BORDER_TITLES = (("#table-box", N_("The circle")), ("#players-box", N_("Huts")), ("#decide", N_("Your move")),
                     ("#log", N_("What happened")))
    SEAT_PATTERNS = (r"Player {n}\b",)
    EXTRA_STYLES = ((r"\[x\]", "bold green"), (r"■+", "bold yellow"))
    CHANCE_NAME = N_("The cards")
    PASS_NOTE = N_("Press Enter (or click) when you are ready.")
    KEYS_HELP = KEYS_HELP

    def __init__(self, session: Session, *, delay: float = 3.0, save_path: str | Path = "stoneage-game.json",
                 hot_seat: bool | None = None, sleep: Sleep | None = None) -> None:
        super().__init__(session, delay=delay, save_path=save_path, hot_seat=hot_seat, sleep=sleep)
        self.face_up: dict[int, str] = {}
        """Cards just turned up, shown face up until they flip back (place → card)."""

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
                yield Button(_("I am ready!"), id="ready", variant="success")
                yield OptionList(id="options")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
        yield Static(id="status")
        yield Footer()

    # --- the game's own parts -----------------------------------------------------------------

    def log_line(self, event: Any) -> str | None:
        return event_line(event, self.session.names, tell_cards=False)

    async def tell(self, bot_move: bool) -> None:
        """Log what happened; show a card turned up face up for ``delay`` seconds, then flip it back."""
        shown = []
        for event in self.new_events():
            if event["event"] == "reveal":
                self.face_up[event["slot"]] = event["card"]
                shown.append(_("Card {number} is {card}").format(number=event["slot"] + 1,
                                                                  card=card_words(event["card"]).upper()))
            elif event["event"] == "keep":
                shown.append(_("{name} keeps it!").format(name=self.session.names[event["player"]]))
        if self.face_up:
            self.say(_("Look! {what}").format(what=" — ".join(shown)))
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

    # --- rendering ------------------------------------------------------------------------------

    def after_resize(self) -> None:
        self.refresh_view()  # the cards' size and the players panel follow the window

    def card_size(self) -> str:
        return next(size for rows, size in CARD_SIZE_BY_HEIGHT if self.size.height >= rows)

    def refresh_view(self) -> None:
        session = self.session
        obs = session.observation()
        human = session.human_to_move() and not self.busy and self.passing is None
        rows = table_rows(obs, face_up=self.face_up, reach=reach(session.state) if human else None,
                          size=self.card_size())
        self.set_text("#table", rows_text(rows))
        lines = player_lines(obs, session.names, compact=self.size.width < NARROW)
        self.set_text("#players", self._styled(lines))
        box = self.query_one("#players-box", VerticalScroll)
        box.styles.max_height = len(rows) + 2
        turn_line = next((index for index, line in enumerate(lines) if line.startswith("▶")), 0)
        box.scroll_to(y=max(0, turn_line - 1), animate=False)  # the player whose turn it is in sight
        self.set_text("#title", Text(self.title_text(obs["turn"])))

    def over_title(self, winners: list[str]) -> str:
        if winners:
            return _("My First Stone Age — game over — {name} wins!").format(name=winners[0])
        return _("My First Stone Age — game over — nobody wins")

