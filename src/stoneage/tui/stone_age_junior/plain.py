"""Stone Age Junior line by line (``stoneage play --game stone_age_junior --plain``).

What happens is told in sentences as it happens (a forest tile turned up is named: the plain mode
is for screen readers too). The board is told at the start of each of your turns — the ring, the
face-up forest tiles, the huts — with your own goods; the other players' goods stay hidden, as
behind their settlement boards. With two or more people at the table (hot seat) each person's turn
starts with "pass the device" and waits for Enter, and only the person at the device is shown
their goods; on a terminal the screen is cleared first, and again when the forest tiles are
turned face down. Answer a decision with a number, an action in notation (``turn 5``, ``trade
berry for fish``, ``build 7 with fish jug dog``, ``swap 3 11``) or a command (``help``).
"""

from __future__ import annotations

from stoneage.core.i18n import N_, _
from stoneage.play.menus import Menu
from stoneage.play.session import Session
from stoneage.play.stone_age_junior.words import board_sentences, event_line, player_sentence
from stoneage.tui.base_plain import Next
from stoneage.tui.hot_seat_plain import CLEAR_SCREEN as CLEAR_SCREEN, HotSeatPlainGame

# TRANSLATORS: the actions in parentheses and the command words stay English: they are typed
HELP = N_("""Answer with the number of an option (a swap: the first tile, then the second), or type an
action (turn 5, trade berry for fish, stop trading, build 7 with fish jug dog, pass, swap 3 11,
stay, travel jug). Commands:
  options          list the options again (an empty line does too)
  0, back          go back from a sub-list
  board            the ring, the forest, the huts and every player
  me               your settlement: huts, goods, dogs
  hint             what the perfect-memory bot would do
  undo             take back your last decision (not past a tile, hut or card turned up)
  save [FILE]      save the game; continue later with: stoneage play --resume FILE
  log [N]          the last N lines of the game log (default 20)
  quit             stop playing (save first if you want to continue later)""")


def goods_seats(session: Session, hot_seat: bool, showing: int | None) -> set[int]:
    """The seats whose goods the screen may show: everyone's when only bots play; in hot seat the
    person at the device (``showing``, ``None`` while it is passed); else the one person's."""
    if session.all_bots():
        return set(range(len(session.seats)))
    if hot_seat:
        return set() if showing is None else {showing}
    return {session.viewer()}


def nothing_to_undo(hot_seat: bool) -> str:
    """Why ``undo`` cannot go back now."""
    if hot_seat:
        return _("Nothing to undo: nothing you decided since the last tile, hut or card was turned up in this turn.")
    return _("Nothing to undo: nothing you decided since the last tile, hut or card was turned up.")


def undo_allowed(session: Session, hot_seat: bool) -> bool:
    """Whether ``undo`` may go back now: in hot seat only to a decision of the person at the device
    (never into another person's turn)."""
    if not session.can_undo():
        return False
    return not hot_seat or session.undo_seat() == session.to_move()


class JuniorPlainGame(HotSeatPlainGame):
    """Drives a Stone Age Junior :class:`Session` through text.

    ``hot_seat`` (default: two or more human seats) asks to pass the device before each person's
    turn and shows only that person's goods; ``clear`` (default: hot seat on a terminal) clears the
    screen when the device is passed and when the forest tiles are turned face down.
    """

    HELP = HELP
    PASS_NOTE = N_("(Your goods are hidden.) Press Enter when you are ready.")
    PASS_AT_START = True
    showing: int | None = None
    """Hot seat: the person at the device, whose goods may be shown."""

    def names(self) -> list[str]:
        return self.session.names

    # --- the main loop --------------------------------------------------------------------------

    def intro(self) -> None:
        s = self.session
        self.greet(_("Stone Age Junior"))
        if s.game.params()["expansions"]:
            self.say(_("With the card game as expansion: Martin the mammoth and a pile of goods cards."))
        if self.hot_seat:
            self.say(_("Hot seat: pass the device when it is someone else's turn; only the person at the "
                       "device sees their goods."))
        if self.events_told:  # resumed
            self.say(_("-- resumed --"), *[line for line in (event_line(e, s.names) for e in self.public_log()[-12:])
                                        if line is not None])

    def tell(self, bot_move: bool) -> None:
        """Say what happened since the last time; pause on a tile turned up and on a bot's move."""
        revealed = False
        for event in self.new_events():
            line = event_line(event, self.session.names)
            if line is not None:
                self.tell_line(line)
            if event["event"] == "reveal":
                revealed = True
            elif event["event"] == "reset" and self.clear:
                if self.delay > 0:
                    self.sleep(self.delay)
                self.stdout.write(CLEAR_SCREEN)
                self.say(_("(All forest tiles are face down again.)"))
        if revealed and self.delay > 0:
            self.sleep(self.delay)
        elif bot_move and self.delay > 0:
            self.sleep(self.delay / 2)

    def pass_device(self, seat: int) -> int | None:
        """Hot seat: hide the goods and wait until the next person has the device; an exit status if
        the input ends."""
        self.showing = None
        if self.clear:
            self.stdout.write(CLEAR_SCREEN)
        outcome = super().pass_device(seat)
        if outcome is None:
            self.last_turn = None  # show the board to the person who has the device now
        return outcome

    # --- one decision ----------------------------------------------------------------------------

    def decide(self) -> int | None:
        self.showing = self.session.to_move()
        return super().decide()

    def cmd_undo(self, rest: str, menu: Menu) -> Next:
        s = self.session
        if undo_allowed(s, self.hot_seat):
            s.undo()
            self.say(_("Undone: {what}. You decide again.").format(what=s.undone_text()))
            self.events_told = len(self.public_log())
            self.last_turn = None
            return Next.DECIDED
        self.say(nothing_to_undo(self.hot_seat))
        return Next.ASK

    def show_me(self, menu: Menu) -> None:
        s = self.session
        self.say(player_sentence(s.state.observation(menu.seat), menu.seat, s.names[menu.seat], True))

    def show_board(self) -> None:
        s = self.session
        seat = s.viewer()
        obs = s.state.observation(seat)
        shown = goods_seats(s, self.hot_seat, self.showing)
        self.say(_("-- Turn {turn} --").format(turn=obs["turn"]) if obs["turn"] else _("-- Setup --"),
                 *board_sentences(obs, s.short))

        for player in range(len(s.seats)):
            self.say(player_sentence(obs, player, s.names[player], player in shown))
