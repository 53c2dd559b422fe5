"""My First Stone Age line by line (``stoneage play --game first_stone_age --plain``).

What happens is told in sentences as it happens; a card turned up is named (and, in hot-seat
mode, drawn big), stays up for ``delay`` seconds and is then turned face down again — on a
terminal in hot-seat mode the screen is cleared, so the card really is out of sight. With two or
more people at the table (hot seat), each person's turn starts with "pass the device" and waits
for Enter. Answer a decision with a number, an action in notation (``move 3``, ``keep guff as
fish``, ``turn back``, ``start 2``) or a command (``help``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from stoneage.core.errors import StoneAgeError
from stoneage.tui.first_stone_age_choices import build_menu
from stoneage.tui.first_stone_age_render import (
    big_card,
    event_line,
    player_sentence,
    result_lines,
    table_sentences,
)
from stoneage.tui.plain import PlainGame
from stoneage.tui.session import HUMAN, Session

CLEAR_SCREEN = "\x1b[2J\x1b[H"

HELP = """Answer with the number of an option, or type an action (move 3, keep guff as fish, turn back,
start 2). Commands:
  options          list the options again (an empty line does too)
  board            the circle, the draw pile and every player's hut
  me               your hut and the goods you have
  hint             what the perfect-memory bot would do
  save [FILE]      save the game; continue later with: stoneage play --resume FILE
  log [N]          the last N lines of the game log (default 20)
  quit             stop playing (save first if you want to continue later)
There is no undo: once a card is turned up, everybody has seen it."""


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class FirstStoneAgePlainGame(PlainGame):
    """Drives a card-game :class:`Session` through text.

    ``hot_seat`` (default: two or more human seats) asks to pass the device before each person's
    turn and draws turned-up cards big; ``clear`` (default: hot seat on a terminal) clears the
    screen when a card flips back.
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
        self.last_turn: int | None = None

    def public_log(self) -> list[Any]:
        return list(self.session.state.observation(0)["log"])

    # --- the main loop --------------------------------------------------------------------------

    def _run(self) -> int:
        s = self.session
        self.say(f"My First Stone Age, {len(s.seats)} players: {', '.join(s.names)}. Seed {s.game.seed}.",
                 "Type help for the commands; answer with a number or an action.")
        if self.hot_seat:
            up = f" for {self.delay:g} seconds" if self.delay > 0 else ""
            self.say("Hot seat: pass the device when it is someone else's turn. A card turned up is shown "
                     f"big{up}, then it is turned face down again.")
        if self.events_told:  # resumed
            self.say("-- resumed --")
        while not s.over:
            if s.human_to_move():
                seat = s.to_move()
                if self.hot_seat and self.last_decider is not None and seat != self.last_decider:
                    outcome = self.pass_device(seat)
                    if outcome is not None:
                        return outcome
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
        """Say what happened since the last time; let a turned-up card be seen, then turn it back."""
        s = self.session
        log = self.public_log()
        new = log[self.events_told:]
        self.events_told = len(log)
        turned_back: int | None = None
        revealed = False
        for event in new:
            line = event_line(event, s.names)
            if line is not None:
                self.lines.append(line)
                self.say(line)
            if event["event"] == "reveal":
                revealed = True
                if self.hot_seat:
                    self.say(*big_card(event["card"], f"card {event['slot'] + 1}"))
            elif event["event"] == "turn_back":
                turned_back = event["slot"]
        if revealed and self.delay > 0:
            self.sleep(self.delay)
        elif bot_move and self.delay > 0:
            self.sleep(self.delay / 2)
        if turned_back is not None and self.clear:
            self.stdout.write(CLEAR_SCREEN)
            self.say(f"(Card {turned_back + 1} is face down again.)")
            self.show_board()

    def pass_device(self, seat: int) -> int | None:
        """Hot seat: wait until the next person has the device; an exit status if input ends."""
        self.say("", f"*** Pass the device to {self.session.names[seat]}! ***",
                 "Press Enter when you are ready.")
        line = self.read("")
        if line is None:
            return self.stop(1, "The input ended before the game was over.")
        if line.lower() in ("quit", "exit"):
            return self.stop(0, "You stopped the game.")
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
        self.list_options(menu.choices, False)
        while True:
            line = self.read()
            if line is None:
                return self.stop(1, "The input ended before the game was over.")
            word, _, rest = line.partition(" ")
            word = word.lower()
            if line == "" or word in ("options", "list"):
                self.list_options(menu.choices, False)
            elif line.isdigit():
                number = int(line)
                if not 1 <= number <= len(menu.choices):
                    self.say(f"There is no option {number}: choose 1 to {len(menu.choices)}, or type help.")
                    continue
                action = menu.choices[number - 1].action
                assert action is not None
                s.choose(action)
                return None
            elif word in ("help", "?", "h"):
                self.say(HELP)
            elif word in ("board", "state"):
                self.show_board()
            elif word == "me":
                self.say(player_sentence(obs["players"][menu.seat], s.names[menu.seat]))
            elif word == "hint":
                self.hint()
            elif word == "undo":
                self.say("There is no undo in this game: everybody has seen the cards turned up.")
            elif word == "save":
                self.save(rest.strip() or str(self.save_path))
            elif word == "log":
                count = int(rest) if rest.strip().isdigit() else 20
                self.say(*self.lines[-count:])
            elif word in ("quit", "exit"):
                return self.stop(0, "You stopped the game.")
            else:
                try:
                    action = s.state.string_to_action(line)
                except StoneAgeError as error:
                    self.say(f"Not understood: {error}. Type a number, an action or help.")
                    continue
                if action not in s.state.legal_actions():
                    self.say(f"{s.state.action_to_string(action)!r} is not legal now ({menu.prompt}). "
                             "Type options to see the legal choices.")
                    continue
                s.choose(action)
                return None

    def show_board(self) -> None:
        s = self.session
        obs = s.state.observation(s.viewer())
        self.say(f"-- Turn {obs['turn']} --" if obs["turn"] else "-- Setup --", *table_sentences(obs))
        for seat, data in enumerate(obs["players"]):
            self.say(player_sentence(data, s.names[seat]))
