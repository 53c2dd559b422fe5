"""Plain line-by-line play for screen readers, pipes and scripts.

The game log is printed as it happens; at each decision of a person the options are listed with
numbers. Answer with a number, with an action in notation (``place forest 3``) or with a command
(``help`` lists them). Bad input gets a message and the same question again.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from stoneage.core.errors import StoneAgeError
from stoneage.games.stone_age.data import LOCATIONS
from stoneage.tui.choices import Choice, Menu, build_menu
from stoneage.tui.render import (
    board_lines,
    expected_by_count,
    location_rules,
    mammoth_lines,
    mammoth_rules,
    odds_lines,
    player_sentence,
    six_odds,
    tool_bonus_of,
)
from stoneage.tui.session import HintUnavailable, Session

HELP = """Answer with the number of an option, or type an action in notation (e.g. place forest 3,
resolve quarry, tools 3+1, pay wood clay, decline, feed with wood, starve, pick 5, take wood gold;
with the Mammoth Herd: tame none, tame with food wood, bonus one, bonus all).
Commands:
  options          list the options again (an empty line does too)
  0, back          go back from a sub-list
  board            show the board, the cards, the buildings and every player
  me               show your own holdings
  rules LOC        the rules of a location (hunt, forest, claypit, quarry, river, toolmaker,
                   hut, field, card1..card4, building1..building4); rules herd: the Mammoth Herd
  odds LOC N       the chance of each yield with N figures on a gathering location
  hint             what the hard bot would do
  undo             take back your last decision (not past a roll or a card turned up)
  save [FILE]      save the game; continue later with: stoneage play --resume FILE
  log [N]          the last N lines of the game log (default 20)
  quit             stop playing (save first if you want to continue later)"""


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class PlainGame:
    """Drives a :class:`Session` through text input and output."""

    def __init__(self, session: Session, *, delay: float = 0.0, save_path: str | Path = "stoneage-game.json",
                 autosave: bool = False, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.session = session
        self.delay = delay
        self.save_path = Path(save_path)
        self.autosave = autosave
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.sleep = sleep
        self.shown = 0
        self.last_view: tuple[int, str, int] | None = None
        self.saved_at: int | None = None

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.stdout)
        self.stdout.flush()

    def read(self, prompt: str = "> ") -> str | None:
        """One line of input (stripped), or None at the end of the input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say("")
            return None
        if not _is_tty(self.stdin):  # echo scripted input so that the transcript reads well
            self.say(line.rstrip("\n"))
        return line.strip()

    # --- the main loop ----------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends (0), the player quits (0), the input ends (1) or Ctrl-C (130)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            return self.stop(130, "\nInterrupted.")

    def _run(self) -> int:
        s = self.session
        seats = ", ".join(s.names)
        self.say(f"Stone Age, {len(s.seats)} players: {seats}. Seed {s.game.seed}.",
                 "Type help for the commands; answer with a number or an action.")
        if len(s.log) > 1:  # resumed: the last part of the log
            self.say(*s.log[-20:])
            self.shown = len(s.log)
        while not s.over:
            if s.human_to_move():
                self.flush_log()
                outcome = self.decide()
                if outcome is not None:
                    return outcome
                continue
            step = s.apply(s.auto_action())
            self.flush_log()
            if step.paced and self.delay > 0:
                self.sleep(self.delay)
        self.flush_log()
        if self.autosave:
            self.save(str(self.save_path))
        return 0

    def flush_log(self) -> None:
        log = self.session.log
        if self.shown > len(log):  # after an undo
            self.shown = len(log)
        self.say(*log[self.shown:])
        self.shown = len(log)

    def stop(self, status: int, why: str) -> int:
        self.say(why)
        if self.autosave:
            self.save(str(self.save_path))
        elif self.saved_at != self.session.state.move_number():
            self.say("The game was not saved (use save FILE before quitting, or --save FILE).")
        return status

    # --- one decision -------------------------------------------------------------------------------

    def decide(self) -> int | None:
        """Ask until a person's decision is played; an exit status if the player stops."""
        s = self.session
        menu = build_menu(s.state, s.names)
        obs = s.state.observation(menu.seat)
        view = (obs["round"], obs["phase"], menu.seat)
        if view != self.last_view:
            self.show_board()
            self.last_view = view
        else:
            self.say(player_sentence(obs["players"][menu.seat], s.names[menu.seat]))
        self.say(menu.prompt, *menu.info)
        levels: list[tuple[Choice, ...]] = [menu.choices]
        self.list_options(levels[-1], len(levels) > 1)
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
                        self.say("There is nothing to go back to. Choose 1 to "
                                 f"{len(levels[-1])}, or type help.")
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
                self.say(player_sentence(obs["players"][menu.seat], s.names[menu.seat]))
            elif word == "rules":
                self.rules(rest.strip(), menu)
            elif word == "odds":
                self.odds(rest.strip(), menu)
            elif word == "hint":
                self.hint()
            elif word == "undo":
                if s.undo():
                    self.say(f"Undone: {s.undone_text()}. You decide again.")
                    self.flush_log()
                    self.last_view = None
                    return None
                self.say("Nothing to undo: you have not decided yet since something was revealed "
                         "(a roll or a card).")
            elif word == "save":
                self.save(rest.strip() or str(self.save_path))
            elif word == "log":
                count = int(rest) if rest.strip().isdigit() else 20
                self.say(*s.log[-count:])
            elif word in ("quit", "exit"):
                return self.stop(0, "You stopped the game.")
            else:
                if self.play_notation(line, menu):
                    return None

    def play_notation(self, line: str, menu: Menu) -> bool:
        """Play an action typed in notation; False (with a message) if it is not understood or not legal."""
        s = self.session
        try:
            action = s.state.string_to_action(line)
        except StoneAgeError as error:
            self.say(f"Not understood: {error}. Type a number, an action or help.")
            return False
        if action not in s.state.legal_actions():
            self.say(f"{s.state.action_to_string(action)!r} is not legal now ({menu.prompt}). "
                     "Type options to see the legal choices.")
            return False
        s.choose(action)
        return True

    def list_options(self, choices: tuple[Choice, ...], nested: bool) -> None:
        for number, choice in enumerate(choices, 1):
            more = " …" if choice.is_group else ""
            self.say(f"  {number}. {choice.label}{more}")
        if nested:
            self.say("  0. back")

    # --- commands --------------------------------------------------------------------------------

    def show_board(self) -> None:
        s = self.session
        obs = s.state.observation(s.viewer())
        self.say(f"-- Round {obs['round']}, {obs['phase']} (first player: {s.names[obs['first_player']]}) --")
        self.say(*board_lines(obs, s.short, verbose=True))
        self.say(*mammoth_lines(obs, s.short, verbose=True))
        for seat, data in enumerate(obs["players"]):
            self.say(player_sentence(data, s.names[seat]))

    def rules(self, name: str, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        if name in ("herd", "mammoth"):
            self.say(*mammoth_rules(obs))
            if menu.stage == "tame_move":
                self.say(six_odds(obs["mammoth"]["tamers"]))
            return
        if name not in LOCATIONS:
            self.say(f"Unknown location {name!r}; known: {', '.join(LOCATIONS)}"
                     + (", or herd." if "mammoth" in obs else "."))
            return
        self.say(*location_rules(LOCATIONS.index(name), obs))

    def odds(self, text: str, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        words = text.split()
        if not words or words[0] not in LOCATIONS[:5]:
            self.say("Usage: odds LOC N, where LOC is hunt, forest, claypit, quarry or river and N is 1 to 10.")
            return
        loc = LOCATIONS.index(words[0])
        bonus = tool_bonus_of(obs["players"][menu.seat])
        if len(words) == 1:
            self.say(*expected_by_count(loc, 10 if loc == 0 else 7, bonus))
            return
        if not words[1].isdigit() or not 1 <= int(words[1]) <= 10:
            self.say("The number of figures is 1 to 10.")
            return
        self.say(*odds_lines(loc, int(words[1]), bonus))

    def hint(self) -> None:
        s = self.session
        try:
            action = s.hint()
        except HintUnavailable as error:
            self.say(str(error))
            return
        self.say(f"Hint: the {s.hint_spec} bot would play {s.state.action_to_string(action)} "
                 f"({s.state.describe(action).strip()}).")

    def save(self, path: str) -> None:
        try:
            self.session.save(path)
        except OSError as error:
            self.say(f"Could not save to {path!r}: {error.strerror or error}.")
            return
        self.saved_at = self.session.state.move_number()
        self.say(f"Saved to {path}; continue later with: stoneage play --resume {path}")
