"""My First Stone Age line by line (``stoneage play --game first_stone_age --plain``).

What happens is told in sentences as it happens; a card turned up is named (and, in hot-seat
mode, drawn big), stays up for ``delay`` seconds and is then turned face down again — on a
terminal in hot-seat mode the screen is cleared, so the card really is out of sight. With two or
more people at the table (hot seat), each person's turn starts with "pass the device" and waits
for Enter. Answer a decision with a number, an action in notation (``move 3``, ``keep guff as
fish``, ``turn back``, ``start 2``) or a command (``help``).
"""

from __future__ import annotations

from stoneage.core.i18n import N_, _
from stoneage.play.first_stone_age.words import event_line, player_sentence
from stoneage.play.menus import Menu
from stoneage.tui.base_plain import Next
from stoneage.tui.first_stone_age.render import big_card
from stoneage.tui.hot_seat_plain import CLEAR_SCREEN as CLEAR_SCREEN, HotSeatPlainGame

# TRANSLATORS: the actions in parentheses and the command words stay English: they are typed
HELP = N_("""Answer with the number of an option, or type an action (move 3, keep guff as fish, turn back,
start 2). Commands:
  options          list the options again (an empty line does too)
  board            the circle, the draw pile and every player's hut
  me               your hut and the goods you have
  hint             what the perfect-memory bot would do
  save [FILE]      save the game; continue later with: stoneage play --resume FILE
  log [N]          the last N lines of the game log (default 20)
  quit             stop playing (save first if you want to continue later)
There is no undo: once a card is turned up, everybody has seen it.""")


class FirstStoneAgePlainGame(HotSeatPlainGame):
    """Drives a card-game :class:`Session` through text.

    ``hot_seat`` (default: two or more human seats) asks to pass the device before each person's
    turn and draws turned-up cards big; ``clear`` (default: hot seat on a terminal) clears the
    screen when a card flips back.
    """

    HELP = HELP
    NESTED = False
    PASS_NOTE = N_("Press Enter when you are ready.")

    def intro(self) -> None:
        self.greet(_("My First Stone Age"))
        if self.hot_seat:
            if self.delay > 0:
                self.say(_("Hot seat: pass the device when it is someone else's turn. A card turned up is shown "
                           "big for {seconds} seconds, then it is turned face down again.").format(
                    seconds=f"{self.delay:g}"))
            else:
                self.say(_("Hot seat: pass the device when it is someone else's turn. A card turned up is shown "
                           "big, then it is turned face down again."))
        if self.events_told:  # resumed
            self.say(_("-- resumed --"))

    def tell(self, bot_move: bool) -> None:
        """Say what happened since the last time; let a turned-up card be seen, then turn it back."""
        turned_back: int | None = None
        revealed = False
        for event in self.new_events():
            line = event_line(event, self.session.names)
            if line is not None:
                self.tell_line(line)
            if event["event"] == "reveal":
                revealed = True
                if self.hot_seat:
                    self.say(*big_card(event["card"], _("card {number}").format(number=event["slot"] + 1)))
            elif event["event"] == "turn_back":
                turned_back = event["slot"]
        if revealed and self.delay > 0:
            self.sleep(self.delay)
        elif bot_move and self.delay > 0:
            self.sleep(self.delay / 2)
        if turned_back is not None and self.clear:
            self.stdout.write(CLEAR_SCREEN)
            self.say(_("(Card {number} is face down again.)").format(number=turned_back + 1))
            self.show_board()

    # --- one decision ----------------------------------------------------------------------------

    def cmd_undo(self, rest: str, menu: Menu) -> Next:
        self.say(_("There is no undo in this game: everybody has seen the cards turned up."))

        return Next.ASK

    def show_me(self, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        self.say(player_sentence(obs["players"][menu.seat], self.session.names[menu.seat]))

    def show_board(self) -> None:
        for panel in self.session.view(recent=0).panels:
            self.say(*panel.lines)
