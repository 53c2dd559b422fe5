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

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from stoneage.tui.choices import Choice
from stoneage.tui.plain import PlainGame
from stoneage.tui.session import HUMAN, Session
from stoneage.tui.stone_age_junior_choices import build_menu
from stoneage.tui.stone_age_junior_render import (
    board_sentences,
    event_line,
    player_sentence,
    result_lines,
)

CLEAR_SCREEN = "\x1b[2J\x1b[H"

HELP = """Answer with the number of an option (a swap: the first tile, then the second), or type an
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
  quit             stop playing (save first if you want to continue later)"""


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def goods_seats(session: Session, hot_seat: bool, showing: int | None) -> set[int]:
    """The seats whose goods the screen may show: everyone's when only bots play; in hot seat the
    person at the device (``showing``, ``None`` while it is passed); else the one person's."""
    if session.all_bots():
        return set(range(len(session.seats)))
    if hot_seat:
        return set() if showing is None else {showing}
    return {session.viewer()}


def undo_allowed(session: Session, hot_seat: bool) -> bool:
    """Whether ``undo`` may go back now: in hot seat only to a decision of the person at the device
    (never into another person's turn)."""
    if not session.can_undo():
        return False
    if not hot_seat:
        return True
    state, _, _ = session._undo[-1]
    return state.current_player() == session.to_move()


class JuniorPlainGame(PlainGame):
    """Drives a Stone Age Junior :class:`Session` through text.

    ``hot_seat`` (default: two or more human seats) asks to pass the device before each person's
    turn and shows only that person's goods; ``clear`` (default: hot seat on a terminal) clears the
    screen when the device is passed and when the forest tiles are turned face down.
    """

    def __init__(self, session: Session, *, delay: float = 0.0, save_path: str | Path = "stoneage-game.json",
                 autosave: bool = False, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 sleep: Callable[[float], None] = time.sleep, hot_seat: bool | None = None,
                 clear: bool | None = None) -> None:
        super().__init__(session, delay=delay, save_path=save_path, autosave=autosave, stdin=stdin,
                         stdout=stdout, sleep=sleep)
        self.hot_seat = session.seats.count(HUMAN) >= 2 if hot_seat is None else hot_seat
        self.clear = (self.hot_seat and _is_tty(self.stdout)) if clear is None else clear
        self.lines: list[str] = []
        """The game log as told here (the ``log`` command)."""
        self.events_told = len(self.public_log())
        self.last_decider: int | None = None
        self.showing: int | None = None
        """Hot seat: the person at the device, whose goods may be shown."""
        self.last_turn: int | None = None

    def public_log(self) -> list[Any]:
        return list(self.session.state.observation(0)["log"])

    def names(self) -> list[str]:
        return self.session.names

    # --- the main loop --------------------------------------------------------------------------

    def _run(self) -> int:
        s = self.session
        self.say(f"Stone Age Junior, {len(s.seats)} players: {', '.join(s.names)}. Seed {s.game.seed}.",
                 "Type help for the commands; answer with a number or an action.")
        if s.game.params()["expansions"]:
            self.say("With the card game as expansion: Martin the mammoth and a pile of goods cards.")
        if self.hot_seat:
            self.say("Hot seat: pass the device when it is someone else's turn; only the person at the "
                     "device sees their goods.")
        if self.events_told:  # resumed
            self.say("-- resumed --", *[line for line in (event_line(e, s.names) for e in self.public_log()[-12:])
                                        if line is not None])
        while not s.over:
            if s.human_to_move():
                seat = s.to_move()
                if self.hot_seat and seat != self.last_decider:
                    outcome = self.pass_device(seat)
                    if outcome is not None:
                        return outcome
                self.showing = seat
                outcome = self.decide()
                if outcome is not None:
                    return outcome
                self.last_decider = seat
                self.tell(bot_move=False)
                continue
            seat = s.to_move()
            s.apply(s.auto_action())
            self.tell(bot_move=seat >= 0)
        self.say("== Game over ==", *result_lines(s.state, s.names))
        if self.autosave:
            self.save(str(self.save_path))
        return 0

    def tell(self, bot_move: bool) -> None:
        """Say what happened since the last time; pause on a tile turned up and on a bot's move."""
        log = self.public_log()
        new = log[self.events_told:]
        self.events_told = len(log)
        revealed = False
        for event in new:
            line = event_line(event, self.session.names)
            if line is not None:
                self.lines.append(line)
                self.say(line)
            if event["event"] == "reveal":
                revealed = True
            elif event["event"] == "reset" and self.clear:
                if self.delay > 0:
                    self.sleep(self.delay)
                self.stdout.write(CLEAR_SCREEN)
                self.say("(All forest tiles are face down again.)")
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
        self.say("", f"*** Pass the device to {self.session.names[seat]}! ***",
                 "(Your goods are hidden.) Press Enter when you are ready.")
        line = self.read("")
        if line is None:
            return self.stop(1, "The input ended before the game was over.")
        if line.lower() in ("quit", "exit"):
            return self.stop(0, "You stopped the game.")
        self.last_turn = None  # show the board to the person who has the device now
        return None

    # --- one decision ----------------------------------------------------------------------------

    def decide(self) -> int | None:
        """Ask until a person's decision is played; an exit status if the player stops."""
        s = self.session
        menu = build_menu(s.state, s.names)
        obs = s.state.observation(menu.seat)
        if obs["turn"] != self.last_turn:
            self.show_board()
            self.last_turn = obs["turn"]
        self.say(menu.prompt, *menu.info)
        levels: list[tuple[Choice, ...]] = [menu.choices]
        self.list_options(levels[-1], False)
        while True:
            line = self.read()
            if line is None:
                return self.stop(1, "The input ended before the game was over.")
            word, _, rest = line.partition(" ")
            word = word.lower()
            if line == "" or word in ("options", "list"):
                self.list_options(levels[-1], len(levels) > 1)
            elif line.isdigit():
                number = int(line)
                if number == 0:
                    if len(levels) > 1:
                        levels.pop()
                        self.list_options(levels[-1], len(levels) > 1)
                    else:
                        self.say(f"There is nothing to go back to. Choose 1 to {len(levels[-1])}, or type help.")
                    continue
                if not 1 <= number <= len(levels[-1]):
                    self.say(f"There is no option {number}: choose 1 to {len(levels[-1])}, or type help.")
                    continue
                choice = levels[-1][number - 1]
                if choice.is_group:
                    levels.append(choice.children)
                    self.say(choice.label + ":")
                    self.list_options(levels[-1], True)
                    continue
                assert choice.action is not None
                s.choose(choice.action)
                return None
            elif word in ("back", "b"):
                if len(levels) > 1:
                    levels.pop()
                self.list_options(levels[-1], len(levels) > 1)
            elif word in ("help", "?", "h"):
                self.say(HELP)
            elif word in ("board", "state"):
                self.show_board()
            elif word == "me":
                self.say(player_sentence(s.state.observation(menu.seat), menu.seat, s.names[menu.seat], True))
            elif word == "hint":
                self.hint()
            elif word == "undo":
                if undo_allowed(s, self.hot_seat):
                    s.undo()
                    self.say(f"Undone: {s.undone_text()}. You decide again.")
                    self.events_told = len(self.public_log())
                    self.last_turn = None
                    return None
                self.say("Nothing to undo: nothing you decided since the last tile, hut or card was "
                         "turned up" + (" in this turn." if self.hot_seat else "."))
            elif word == "save":
                self.save(rest.strip() or str(self.save_path))
            elif word == "log":
                count = int(rest) if rest.strip().isdigit() else 20
                self.say(*self.lines[-count:])
            elif word in ("quit", "exit"):
                return self.stop(0, "You stopped the game.")
            elif self.play_notation(line, menu):
                return None

    def show_board(self) -> None:
        s = self.session
        seat = s.viewer()
        obs = s.state.observation(seat)
        shown = goods_seats(s, self.hot_seat, self.showing)
        self.say(f"-- Turn {obs['turn']} --" if obs["turn"] else "-- Setup --", *board_sentences(obs, s.short))
        for player in range(len(s.seats)):
            self.say(player_sentence(obs, player, s.names[player], player in shown))
