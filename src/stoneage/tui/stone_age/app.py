"""The full-screen game (textual): board, cards, buildings, players, decisions, help and log.

Imported only when the full-screen mode starts, so ``stoneage`` works without textual.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static

from stoneage.core.i18n import N_, _, pgettext
from stoneage.play.kit import short_names
from stoneage.play.menus import Choice
from stoneage.play.session import Session, Step, game_over_line
from stoneage.play.stone_age.board import board_lines, feeding_lines, mammoth_lines, players_table
from stoneage.play.stone_age.odds import gathering_odds_lines
from stoneage.play.stone_age.words import (
    DIE_FACES,
    die_face,
    expected_by_count,
    location_rules,
    mammoth_rules,
    odds_lines,
    six_odds,
    tool_bonus_of,
)
from stoneage.tui.base_app import BACK, HINT, KEYS, PAUSE, QUIT, SAVE, UNDO, WHY, pick_bindings
from stoneage.tui.notation_app import NotationApp

# TRANSLATORS: the keys and the notation examples stay as they are (they are typed)
KEYS_HELP = N_("""Keys
  ↑ ↓, Enter    move in the list, choose (or click an option)
  1 … 9         choose option 1 … 9 of the list
  0, Esc, ⌫     back out of a sub-list (Esc also closes the action line)
  :             type an action in notation (place forest 3, pay wood clay, …)
  h             hint: the move the advisor suggests
  y             why? the hint, your last move or the last bot move, weighed
  u             undo your last decision (not past a roll or a card turned up)
  s             save the game (continue with: stoneage play --resume FILE)
  p             pause / continue the bots
  ?             this list / back to the rules of the highlighted option
  q             quit (asks again if the game is not saved)

Players table: F farmers, T tool makers, H hut builders, S shamans on sand cards;
+2R an unused two-resources card. The help panel shows the rules of the
location under the cursor and the chance of each yield; while your locations
resolve, the odds of every gathering roll ahead with your tools. A move that
leaves you short of food or wastes a purchase is played only when chosen twice.

With the Mammoth Herd (--expansion mammoth) the herd panel shows where the herd
is, this round's bonus tile with its "1" and "all" bonuses, the next back, the
tiles left, the tiles each player won, the figures on the tile and the taming
rolls.""")

OTHER_KEYS = frozenset({
    "up", "down", "enter", "home", "end", "pageup", "pagedown", "tab", "shift+tab", "left", "right",
    "space", "ctrl+c", "ctrl+q", "ctrl+p",
})
"""Keys the widgets use themselves (not unknown keys)."""


def phase_name(phase: str) -> str:
    """A phase of the observation (``"placement"``) in words, for the title line."""
    names = {"setup": pgettext("phase", "setup"), "placement": pgettext("phase", "placement"),
             "actions": pgettext("phase", "actions"), "feeding": pgettext("phase", "feeding"),
             "over": pgettext("phase", "over"), "taming": pgettext("phase", "taming"),
             "final": pgettext("phase", "final")}
    return names.get(phase, phase)


class StoneAgeApp(NotationApp):

    """Play a :class:`Session` full screen."""

    TITLE = N_("Stone Age")
    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }

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
        HINT, WHY, UNDO, SAVE, Binding("colon", "notation", "Type action"), PAUSE, KEYS, QUIT, *BACK,
        *pick_bindings(0),
    ]
    BORDER_TITLES = (("#board-box", N_("Board")), ("#players-box", N_("Players")), ("#decide", N_("Your move")),
                     ("#help-box", N_("Help")), ("#herd-box", N_("Mammoth herd")), ("#log", N_("Game log")))
    SEAT_PATTERNS = (r"\bP{n}\b",)
    OTHER_KEYS = OTHER_KEYS
    GROUP_MARK = " ▸"
    END_HINT = N_("Press q to quit, s to save the game record.")
    TELL_HINT_FAILURE = True
    MIN_SIZE = (100, 30)

    def __init__(self, session: Session, *, delay: float = 0.6, save_path: str | Path = "stoneage-game.json") -> None:
        super().__init__(session, delay=delay, save_path=save_path)
        self.show_keys = False
        self._logged = 0
        self._shown: dict[str, str] = {}

    @property
    def auto_running(self) -> bool:
        """Chance or a bot is playing (the name :attr:`busy` had here before)."""
        return self.busy

    @auto_running.setter
    def auto_running(self, value: bool) -> None:
        self.busy = value

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
                yield Input(placeholder=_("an action, e.g. place forest 3 (Enter plays, Esc closes)"), id="notation")
            with Vertical(id="side"):
                with VerticalScroll(id="herd-box"):
                    yield Static(id="herd")
                with VerticalScroll(id="help-box"):
                    yield Static(id="help")
            yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=3000, min_width=20)
        yield Static(id="status")
        yield Footer()

    def first_view(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self.write_log)
        self.call_after_refresh(self.refresh_view)  # again, now that the panels have their sizes

    def after_resize(self) -> None:
        self.refresh_view()

    # --- the flow of the game -----------------------------------------------------------------

    async def after_auto_step(self, step: Step, count: int) -> None:
        self.write_log()
        if step.paced and self.delay > 0:
            self.refresh_view()
            self.show_waiting()
            await asyncio.sleep(self.delay)
        elif count % 50 == 0:
            self.refresh_view()
            await asyncio.sleep(0)

    def after_choice(self, seat: int) -> None:
        self.write_log()
        self.refresh_view()
        self.advance()

    # --- rendering ------------------------------------------------------------------------------

    def set_text(self, selector: str, text: Text) -> None:
        """Update a Static unless it already shows this text (saves a repaint)."""
        if self._shown.get(selector) == text.plain:
            return
        self._shown[selector] = text.plain
        self.query_one(selector, Static).update(text)

    def refresh_view(self) -> None:
        session = self.session
        obs = session.observation()
        names = short_names(session.names)
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
            box.border_subtitle = (_("tiles: a reconstruction") if obs["mammoth"]["reconstructed_tiles"]
                                   else _("tiles: your own table"))

    def title_text(self, round_number: int, phase: str) -> str:
        session = self.session
        if session.over:
            return _("Stone Age — game over after {rounds} rounds — won by {names}").format(
                rounds=round_number, names=_(" and ").join(self.winners()))
        seat = session.to_move()
        who = session.names[seat] if seat >= 0 else _("chance")
        phase_words = phase_name(phase)
        if session.human_to_move():
            title = _("Stone Age — round {round}, {phase} — {name} to decide")
        else:
            title = _("Stone Age — round {round}, {phase} — {name} playing")
        return title.format(round=round_number, phase=phase_words, name=who) + self.pause_note()

    def write_log(self) -> None:
        log = self.session.log
        widget = self.query_one("#log", RichLog)
        if self._logged > len(log):  # lines were taken back by an undo
            widget.clear()
            self._logged = 0
        over = game_over_line()
        end = log.index(over) if self.session.over and over in log else len(log)
        # the score table (down to its total, the row after the rule of dashes) is shown in the
        # "Game over" panel; the lines after it (the winner, the tie-break) go to the log too
        rule = next((index for index in range(end + 1, len(log)) if log[index] and set(log[index]) == {"-"}),
                    len(log))
        for index in range(self._logged, len(log)):
            line = log[index]
            if end < index <= rule + 1:
                continue
            widget.write(Text(line))
        self._logged = len(log)

    def waiting_text(self) -> str:
        seat = self.session.to_move()
        if seat < 0:
            return _("Chance is playing…")
        return _("{name} is playing…").format(name=self.session.names[seat])

    def fill_options(self) -> None:
        super().fill_options()
        level = self.levels[-1]
        self.show_help(level[0] if level else None)

    def show_end(self) -> None:
        self.screen.add_class("over")
        super().show_end()

    def show_help(self, choice: Choice | None) -> None:
        if self.show_keys:
            self.set_text("#help", Text(_(KEYS_HELP)))
            return
        session = self.session
        if self.menu is None or not session.human_to_move():
            self.set_text("#help", Text(_("Press ? for the keys.")))
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
                    lines += [_("Average yield by figures at {location}:").format(location=choice.label.split(" (")[0]),
                              *expected_by_count(loc, most, bonus)]
        elif stage == "pick":
            lines += [_("Dice for all: each player takes one die in turn."),
                      *(f"  {face}: {die_face(face)}" for face in DIE_FACES)]
        elif stage == "feed":
            lines += [_("Feeding: each figure eats 1 food; agriculture gives that much food first."),
                      *feeding_lines(obs["players"][self.menu.seat], obs["pending"]["shortfall"]),
                      _("Pay the shortfall with resources, or lose all your food and take −10 points.")]
        elif stage == "tools":
            lines += [_("Add ready tool tiles (each once a round) and one-use tools to the roll."),
                      _("Each choice shows the sum and the yield.")]
        elif stage in ("tame_move", "bonus"):
            if stage == "tame_move":
                lines += [six_odds(obs["mammoth"]["tamers"]), ""]
            lines += mammoth_rules(obs)
        if stage == "resolve":
            lines += ["", *gathering_odds_lines(obs, self.menu.seat)]
        if choice is not None and choice.is_group and choice.loc is None:
            lines += ["", choice.label]
        lines += ["", _("Press ? for the keys.")]
        self.set_text("#help", Text("\n".join(lines)))

    # --- events and keys -----------------------------------------------------------------------

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = event.option.id
        if self.levels and option_id is not None and option_id != "back":
            level = self.levels[-1]
            index = int(option_id)
            if index < len(level):
                self.show_help(level[index])

    def action_undo(self) -> None:
        if self.busy:
            self.say_wait(_("Please wait for your turn to undo."))
            return
        if self.session.undo():
            self.write_log()
            self.refresh_view()
            self.show_decision()
            self.say(_("Undone: {what}. Decide again.").format(what=self.session.undone_text()))
        else:
            self.say(_("Nothing to undo: no decision of yours since something was revealed (a roll or a card)."))


    def show_why(self, lines: list[str]) -> None:
        """The explanation in the help panel."""
        self.show_keys = False
        self.say(lines[0])
        self.set_text("#help", self._styled([*lines, "", _("Press ? for the keys.")]))

    def action_keys(self) -> None:
        self.show_keys = not self.show_keys
        level = self.levels[-1] if self.levels else ()
        highlighted = self.query_one("#options", OptionList).highlighted
        self.show_help(level[highlighted] if level and highlighted is not None and highlighted < len(level) else None)
