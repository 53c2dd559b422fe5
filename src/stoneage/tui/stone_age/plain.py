"""Plain line-by-line play for screen readers, pipes and scripts.

The game log is printed as it happens; at each decision of a person the options are listed with
numbers. Answer with a number, with an action in notation (``place forest 3``) or with a command
(``help`` lists them). Bad input gets a message and the same question again.
"""

from __future__ import annotations

from stoneage.core.i18n import N_, _
from stoneage.games.stone_age.data import LOCATIONS
from stoneage.play.menus import Menu
from stoneage.play.stone_age.board import player_sentence
from stoneage.play.stone_age.odds import gathering_odds_lines
from stoneage.play.stone_age.words import (
    expected_by_count,
    location_rules,
    mammoth_rules,
    odds_lines,
    six_odds,
    tool_bonus_of,
)
from stoneage.tui.base_plain import Command, Next
from stoneage.tui.generic_plain import GenericPlainGame

# TRANSLATORS: the notation examples, the command words and the location names after "rules LOC"
# stay English: they are typed
HELP = N_("""Answer with the number of an option, or type an action in notation (e.g. place forest 3,
resolve quarry, tools 3+1, pay wood clay, decline, feed with wood, starve, pick 5, take wood gold;
with the Mammoth Herd: tame none, tame with food wood, bonus one, bonus all).
A move that leaves you short of food or wastes a purchase asks first: yes plays it.
Commands:
  options          list the options again (an empty line does too)
  0, back          go back from a sub-list
  board            show the board, the cards, the buildings and every player
  me               show your own holdings
  rules LOC        the rules of a location (hunt, forest, claypit, quarry, river, toolmaker,
                   hut, field, card1..card4, building1..building4); rules herd: the Mammoth Herd
  odds             the chance of each yield of your gathering rolls this round, with your tools
  odds LOC N       the chance of each yield with N figures on a gathering location
  hint             the move the advisor suggests
  why [N]          the hint weighed against the alternatives, else your last move judged, else
                   why the last bot move (of the bot in seat N) was played
  undo             take back your last decision (not past a roll or a card turned up)
  save [FILE]      save the game; continue later with: stoneage play --resume FILE
  log [N]          the last N lines of the game log (default 20)
  quit             stop playing (save first if you want to continue later)""")



class PlainGame(GenericPlainGame):
    """Drives a Stone Age :class:`Session` through text input and output."""

    HELP = HELP
    last_view: tuple[int, str, int] | None = None
    """The round, phase and seat the board was last shown for."""

    def title(self) -> str:
        return _("Stone Age")

    # --- one decision -------------------------------------------------------------------------------

    def show_situation(self, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        view = (obs["round"], obs["phase"], menu.seat)
        if view != self.last_view:
            self.show_board()
            self.last_view = view
        else:
            self.show_me(menu)

    # --- commands --------------------------------------------------------------------------------

    def commands(self) -> dict[str, Command]:
        return {**super().commands(), "rules": self.cmd_rules, "odds": self.cmd_odds}

    def cmd_rules(self, rest: str, menu: Menu) -> Next:
        self.rules(rest.strip(), menu)
        return Next.ASK

    def cmd_odds(self, rest: str, menu: Menu) -> Next:
        self.odds(rest.strip(), menu)
        return Next.ASK

    def after_undo(self) -> None:
        self.last_view = None

    def show_me(self, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        self.say(player_sentence(obs["players"][menu.seat], self.session.names[menu.seat]))

    def show_board(self) -> None:
        for panel in self.session.view(recent=0).panels:
            self.say(*panel.lines)

    def rules(self, name: str, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        if name in ("herd", "mammoth"):
            self.say(*mammoth_rules(obs))
            if menu.stage == "tame_move":
                self.say(six_odds(obs["mammoth"]["tamers"]))
            return
        if name not in LOCATIONS:
            if "mammoth" in obs:
                self.say(_("Unknown location {name}; known: {known}, or herd.").format(
                    name=repr(name), known=", ".join(LOCATIONS)))
            else:
                self.say(_("Unknown location {name}; known: {known}.").format(name=repr(name),
                                                                              known=", ".join(LOCATIONS)))

            return
        self.say(*location_rules(LOCATIONS.index(name), obs))

    def odds(self, text: str, menu: Menu) -> None:
        obs = self.session.state.observation(menu.seat)
        words = text.split()
        if not words:
            self.say(*gathering_odds_lines(obs, menu.seat))
            return
        if words[0] not in LOCATIONS[:5]:
            self.say(_("Usage: odds, or odds LOC N, where LOC is hunt, forest, claypit, quarry or river and N is 1 "
                       "to 10."))
            return
        loc = LOCATIONS.index(words[0])
        bonus = tool_bonus_of(obs["players"][menu.seat])
        if len(words) == 1:
            self.say(*expected_by_count(loc, 10 if loc == 0 else 7, bonus))
            return
        if not words[1].isdigit() or not 1 <= int(words[1]) <= 10:
            self.say(_("The number of figures is 1 to 10."))

            return
        self.say(*odds_lines(loc, int(words[1]), bonus))
