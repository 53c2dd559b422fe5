"""A game being played: seats (people or bot specs), bots, the log, undo, hints, save and resume.

The session knows nothing about screens, nor which game it plays: what differs between games
(the default bot, the hint bot, the pause, which chance steps are paced, menus and results) comes
from the game's play kit. Every face drives it the same way: ``auto_action()`` / ``apply()`` for
chance and bots, ``choose()`` for people, ``menu()``, ``undo()``, ``hint()``, ``save()``;
``Session.from_record`` resumes a saved game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stoneage.bots import Bot, BotSpecError, make_bot
from stoneage.bots.registry import LEVELS, UntrustedBotError, bot_label, check_plays
from stoneage.core.contract import CHANCE, JSON, OMNISCIENT, PUBLIC, Game, State
from stoneage.core.errors import IllegalActionError, RecordError, StoneAgeError
from stoneage.core.i18n import _, ngettext, seat_name
from stoneage.core.record import make_record, replay, save_record
from stoneage.core.registry import DEFAULT_GAME, load_game
from stoneage.play.advisor import Advisor
from stoneage.play.events import Event, apply_with_events, round_of
from stoneage.play.explain import Answer, explain, explain_hint, review_move
from stoneage.play.kit import PlayKit, play_kit
from stoneage.play.menus import Menu
from stoneage.play.view import View, build_view

HUMAN = "human"
HUMAN_ALIASES = ("human", "you", "person", "h")
SEATS_KEY = "seats"
"""Extra record field with the seat assignment ("human" or a bot spec per seat)."""


class HintUnavailable(StoneAgeError):
    """The hint bot cannot be made (e.g. the ``hard`` preset is not registered)."""


class NothingToExplain(StoneAgeError):
    """"Why?" asked before any hint, any person's move or any bot's move (of that seat)."""


@dataclass(frozen=True)
class Step:
    """One action applied to the game, as the log tells it."""

    action: int
    seat: int
    """The seat that decided, or ``CHANCE``."""
    lines: list[str]
    paced: bool
    """Whether a viewer should pause after it (a bot's move, a dice roll)."""
    notices: tuple[str, ...] = ()
    """Lines for the person beside the game's story (an external bot's failed decision); also in ``lines``."""


def normalize_seat(spec: str) -> str:
    """``"human"`` for any human alias, else the bot spec, stripped."""
    spec = spec.strip()
    return HUMAN if spec.lower() in HUMAN_ALIASES else spec


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (so that a game with bots replays from its seed)."""
    return game_seed * 10 + seat + 1


def check_saved_seats(seats: list[str]) -> None:
    """Refuse a save's seats unless each is a person or a bot level that can be made: never a
    program nor a file (``UntrustedBotError``), nor a bad number (``BotSpecError``), naming the seat."""
    for seat, spec in enumerate(seats):
        if normalize_seat(spec) == HUMAN:
            continue
        try:
            make_bot(normalize_seat(spec)).close()
        except UntrustedBotError as error:
            if error.kind == "program":
                message = _("the save names a program bot for seat {seat} ({spec!r}); a save may name only "
                            "bot levels ({levels}) with number settings")
            elif error.kind == "file":
                message = _("the save names a file for seat {seat} ({spec!r}: {name}); a save may name only "
                            "bot levels ({levels}) with number settings")
            else:
                message = _("the save's bot for seat {seat} cannot be made: {error}")
            raise UntrustedBotError(message.format(seat=seat + 1, spec=spec.strip(), name=error.parameter,
                                                   levels=LEVELS, error=error),
                                    error.spec, error.kind, error.parameter) from None
        except BotSpecError as error:
            raise BotSpecError(_("the save's bot for seat {seat} cannot be made: {error}").format(
                seat=seat + 1, error=error)) from None


def seat_names(seats: list[str]) -> list[str]:
    """``"Player 1 (you)"``, ``"Player 2 (medium)"``; several people are ``(human)``. In the
    current language: the seat as ``seat_name`` calls it, the bot as ``bot_label`` shows it."""
    humans = seats.count(HUMAN)
    names = []
    for seat, spec in enumerate(seats):
        player = seat_name(seat)
        if spec != HUMAN:
            # TRANSLATORS: a seat played by a bot; {bot} is its level (translated) or its spec as typed (mcts:...)
            names.append(_("{player} ({bot})").format(player=player, bot=bot_label(spec)))
        elif humans == 1:
            names.append(_("{player} (you)").format(player=player))
        else:
            names.append(_("{player} (human)").format(player=player))
    return names


class Session:
    """A game with its seats, its log and the undo stack.

    A seat's bot may run a program or name a file (``cmd:…``, ``learned:weights=…``) only when the
    seats are ``trusted``: the person's own command line; never a save's (``from_record``).
    """

    def __init__(self, game: Game, seats: list[str], state: State | None = None, *, trusted: bool = False) -> None:
        if len(seats) != game.num_players:
            raise StoneAgeError(ngettext("{players} player needs {players} seat, not {seats}",
                                         "{players} players need {players} seats, not {seats}",
                                         game.num_players).format(players=game.num_players, seats=len(seats)))
        self.game = game
        self.kit: PlayKit = play_kit(game)
        """The game's defaults, menus and results."""
        self.seats = [normalize_seat(s) for s in seats]
        self.trusted = trusted
        """Whether the seats came from the person (their bots may run programs and read files)."""
        self.state = state if state is not None else game.new_initial_state()
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, seed=bot_seed(game.seed, seat), trusted=trusted)
            for seat, spec in enumerate(self.seats) if spec != HUMAN
        }
        for seat, bot in self.bots.items():
            check_plays(bot, self.seats[seat], game.name)
        self.names = seat_names(self.seats)
        self.short = [f"P{seat + 1}" for seat in range(game.num_players)]
        self.log: list[str] = []
        self.played: list[tuple[State, int]] = []
        """Each step applied in this session: the state before it and the action."""
        self._undo: list[tuple[State, int, int | None]] = []
        self._round = round_of(self.state)
        self.advisor = Advisor(game, self.kit, bot_seed(game.seed, 99))
        """Hints and warnings (``play/advisor.py``)."""
        self.undone: list[str] = []
        """The log lines the last ``undo()`` took back."""
        self.saved_at: int | None = None
        """The move number at which the game was last saved (or resumed from a saved record)."""
        self.resumed = False
        """Whether the game was resumed from a record."""
        self._incidents_told: dict[int, int] = {}
        """Per seat, how many incidents of its external bot the log has told."""
        self._hinted: tuple[tuple[int, ...], int] | None = None
        """The last hint given: the history of its position and the action ("Why?" explains it there)."""
        self.last_human = next((s for s, spec in enumerate(self.seats) if spec == HUMAN), 0)
        if self._round is not None:  # a game that counts rounds
            self.log.append(_("== Round {round} ==").format(round=self._round))

    # --- making and resuming ------------------------------------------------------------------

    @classmethod
    def new(cls, seats: list[str], seed: int, *, first_player: int = 0, expansions: tuple[str, ...] = (),
            variants: tuple[str, ...] = (), game: str = DEFAULT_GAME, trusted: bool = False,
            **params: Any) -> Session:
        """A new game for these seats: Stone Age unless ``game`` names another registered game;
        ``params``: the game's own parameters (``mammoth_tiles="my-tiles.json"``); ``None`` values
        are left out (the game's default). ``trusted``: the seats are the person's own (see the class)."""
        options = {name: value for name, value in params.items() if value is not None}
        return cls(load_game(game, players=len(seats), seed=seed, first_player=first_player,
                             expansions=list(expansions), variants=list(variants), **options), seats,
                   trusted=trusted)

    @classmethod
    def from_record(cls, record: Any, seats: list[str] | None = None, *, trusted: bool = False) -> Session:
        """Resume the game of a record; seats from ``seats`` (the person's own if ``trusted``), else
        the record's, else defaults.

        Raises ``RecordError`` for a corrupt record (the message says what is wrong). A record's own
        seats name bot levels only: one that runs a program or names a file is refused with an
        ``UntrustedBotError``, another that cannot be made with a ``BotSpecError``, naming the seat.
        """
        game, _state = replay(record)  # validates the header, every action and any stored result
        if seats is None:
            stored = record.get(SEATS_KEY)
            if stored is None:
                seats = [HUMAN] + [play_kit(game).default_bot] * (game.num_players - 1)
            elif not isinstance(stored, list) or not all(isinstance(s, str) and s.strip() for s in stored):
                raise RecordError(_("record field {field} must be a list of seat names ('human' or a bot)")
                                  .format(field=repr(SEATS_KEY)))
            else:
                seats = list(stored)
                trusted = False
                check_saved_seats(seats)
        if len(seats) != game.num_players:
            raise RecordError(ngettext("record field {field}: {players} player needs {players} seat, not {seats}",
                                       "record field {field}: {players} players need {players} seats, not {seats}",
                                       game.num_players).format(field=repr(SEATS_KEY), players=game.num_players,
                                                                seats=len(seats)))
        session = cls(game, seats, trusted=trusted)
        for text in record["actions"]:
            session._apply(session.state.string_to_action(text), keep_undo=False)
        session._undo.clear()
        done = len(record["actions"])
        session.log.append(_("-- resumed after {count} actions --").format(count=done))

        session.saved_at = session.state.move_number()  # what is on the table is what was saved
        session.resumed = True
        return session

    def record(self) -> JSON:
        """The game record so far, with the seat assignment under ``"seats"``."""
        record = make_record(self.game, self.state)
        record[SEATS_KEY] = list(self.seats)
        return record

    def save(self, path: str | Path) -> None:
        """Write the game record to ``path`` (``--resume`` reads it back)."""
        save_record(self.record(), path)
        self.saved_at = self.state.move_number()

    def is_saved(self) -> bool:
        """Whether the game as it stands is saved (or was resumed and not played on since)."""
        return self.saved_at == self.state.move_number()

    # --- who is to move ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def to_move(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
        return self.state.current_player()

    def human_to_move(self) -> bool:
        """Whether a person must decide now."""
        seat = self.state.current_player()
        return seat >= 0 and self.seats[seat] == HUMAN

    def viewer(self) -> int:
        """Whose eyes the screen shows: the person deciding, else the last person who did."""
        if self.human_to_move():
            self.last_human = self.state.current_player()
        return self.last_human

    def observation(self) -> JSON:
        """What the viewer sees."""
        return self.state.observation(self.viewer())

    def all_bots(self) -> bool:
        """Whether nobody at the table is a person."""
        return HUMAN not in self.seats

    def pause(self) -> float:
        """Seconds a face waits after a paced step: the kit's delay with a person at the table, else 0."""
        return 0.0 if self.all_bots() else self.kit.delay

    def menu(self) -> Menu:
        """The decision pending, as a menu (every legal action in it)."""
        return self.kit.decision_menu(self.state, self.names)

    # --- playing ------------------------------------------------------------------------------

    def auto_action(self) -> int:
        """The next chance outcome (from the game seed) or the bot's move; does not apply it.

        Safe to call from a worker thread: the bot gets a clone.
        """
        state = self.state
        if state.is_chance_node():
            return state.sample_chance_outcome()
        seat = state.current_player()
        bot = self.bots.get(seat)
        if bot is None:
            raise StoneAgeError(_("{name} is a person; nothing to do automatically").format(name=self.names[seat]))
        return bot.step(state.clone(), seat)

    def apply(self, action: int) -> Step:
        """Apply a chance outcome or a bot's move (from ``auto_action``)."""
        return self._apply(action, keep_undo=True)

    def choose(self, action: int) -> Step:
        """A person's decision; raises ``IllegalActionError`` (state unchanged) if not legal."""
        if not self.human_to_move():
            raise IllegalActionError(_("it is not a person's turn"))
        return self._apply(action, keep_undo=True)

    def _apply(self, action: int, keep_undo: bool) -> Step:
        state = self.state
        if action not in state.legal_actions():
            state.apply_action(action)  # raises IllegalActionError with the engine's explanation
        seat = state.current_player()
        if keep_undo and seat >= 0 and self.seats[seat] == HUMAN:
            self._undo.append((state.clone(), len(self.log), self._round))
        before = state.clone()
        notices = self._incident_lines(seat)
        lines = notices + self._narrate(action, before)
        if seat == CHANCE:
            self._undo.clear()  # something was revealed: no undo across it
        # a bot's move, or a chance step the game's kit deems worth a look (a roll, a card turned up)
        paced = (seat >= 0 and self.seats[seat] != HUMAN) or (
            seat == CHANCE and self.kit.paced_chance(before, seat, action))
        new_round = round_of(state)
        if new_round != self._round and not state.is_terminal():
            lines.append(_("== Round {round} ==").format(round=new_round))
            self._round = new_round
        if state.is_terminal():
            lines += [game_over_line(), *self.result_lines()]
            for bot in self.bots.values():
                bot.game_over(state)
        self.log.extend(lines)
        return Step(action, seat, lines, paced, tuple(notices))

    def _incident_lines(self, seat: int) -> list[str]:
        """A line for each decision the program of an external bot at ``seat`` failed since the last one."""
        incidents = getattr(self.bots.get(seat), "incidents", None)
        if not incidents:
            return []
        told = self._incidents_told.get(seat, 0)
        self._incidents_told[seat] = len(incidents)
        # TRANSLATORS: an external bot program failed a decision; {kind} is crash, timeout, garbage,
        # illegal or handshake (protocol words, not translated), {fallback} a bot spec
        return [_("! {player}: the bot program failed ({kind}: {detail}); the {fallback} bot played instead").format(
                    player=self.names[seat], kind=incident.kind, detail=incident.detail, fallback=incident.fallback)
                for incident in incidents[told:]]

    def close(self) -> None:
        """Stop the programs of external bots (built-in bots hold nothing)."""
        for bot in self.bots.values():
            bot.close()

    def _narrate(self, action: int, before: State) -> list[str]:
        """Apply ``action`` to the state and tell it as log lines, from the event stream."""
        self.played.append((before, action))
        events = apply_with_events(self.state, action, self.log_viewer())
        return [line for event in events for line in event.lines()]

    def log_viewer(self) -> int:
        """Whose knowledge the log may show: the one person at the table; everyone's at a table of
        bots (``OMNISCIENT``); only what is public when several people share the screen."""
        people = [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]
        if not people:
            return OMNISCIENT
        return people[0] if len(people) == 1 else PUBLIC

    def events_for(self, viewer: int, recent: int = 12) -> list[Event]:
        """The events of the last ``recent`` steps as ``viewer`` (a seat, or ``PUBLIC``) may know them."""
        events: list[Event] = []
        for before, action in self.played[max(0, len(self.played) - recent):]:
            events.extend(apply_with_events(before.clone(), action, viewer))
        return events

    def view(self, viewer: int | None = None, recent: int = 12) -> View:
        """The view model for ``viewer`` (default: the screen's viewer; ``PUBLIC`` for a spectator)."""
        seat = self.viewer() if viewer is None else viewer
        return build_view(self.game, self.state, seat, self.names, self.events_for(seat, recent))

    # --- undo and hints -------------------------------------------------------------------------

    def undone_text(self) -> str:
        """The last undo in words: ``"Player 1 places 3 figures on the forest (and 2 more lines)"``."""
        if not self.undone:
            return ""
        more = len(self.undone) - 1
        if not more:
            return self.undone[0]
        return self.undone[0] + ngettext(" (and {count} more log line)", " (and {count} more log lines)",
                                         more).format(count=more)

    def can_undo(self) -> bool:
        """Whether a person's decision can be taken back (nothing revealed since)."""
        return bool(self._undo)

    def undo_seat(self) -> int | None:
        """The seat whose decision ``undo()`` would take back (``None`` if nothing can be undone)."""
        return self._undo[-1][0].current_player() if self._undo else None

    def undo(self) -> bool:
        """Go back to before the last decision of a person; False if nothing can be undone."""
        if not self._undo:
            return False
        state, log_length, round_number = self._undo.pop()
        self.state = state
        while self.played and self.played[-1][0].move_number() >= state.move_number():
            self.played.pop()
        self.undone = [line.strip() for line in self.log[log_length:]]
        del self.log[log_length:]
        self._round = round_number
        return True

    @property
    def hint_spec(self) -> str:
        """The bot spec the hint key asks (the kit's hint bot unless set)."""
        return self.advisor.spec

    @hint_spec.setter
    def hint_spec(self, spec: str) -> None:
        self.advisor.spec = spec

    def hint(self, state: State | None = None) -> int:
        """What the advisor suggests in ``state`` (default: now): the hint bot's move, never one the
        warnings flag (``play/advisor.py``).

        Raises ``HintUnavailable`` if no person is to decide or the hint bot cannot be made.
        Pass a clone to call it from a worker thread.
        """
        state = state if state is not None else self.state.clone()
        seat = state.current_player()
        if seat < 0 or self.seats[seat] != HUMAN:
            raise HintUnavailable(_("no hint: it is not your turn"))
        try:
            action = self.advisor.hint(state, seat)
        except BotSpecError as error:
            raise HintUnavailable(_("hint unavailable: the {bot} bot is not available ({error})")
                                  .format(bot=repr(self.hint_spec), error=error)) from None
        self._hinted = (tuple(state.history()), action)
        return action

    # --- help at the table -------------------------------------------------------------------------

    def last_bot_move(self, seat: int | None = None) -> tuple[State, int, int] | None:
        """The last move a bot made (of ``seat``, if given): the state before it, the seat, the action."""
        for before, action in reversed(self.played):
            mover = before.current_player()
            if mover >= 0 and self.seats[mover] != HUMAN and seat in (None, mover):
                return before, mover, action
        return None

    def why(self, seat: int | None = None) -> Answer:
        """What "Why?" answers, the most recent first: the hint given at the decision now (not yet
        played) → why the hint (``HintExplanation``); else a person's move more recent than any bot's →
        what the advisor thought of it (``MoveReview``); else the last bot move → why the bot played it
        (``Explanation``: its value and the best alternatives). With ``seat`` (a bot's), that bot's last move.

        Raises ``NothingToExplain`` if there is nothing to explain yet. Slow for a tree search (its
        budget again): call it from a worker thread in a screen that must stay live.
        """
        if seat is not None and self.seats[seat] == HUMAN:
            raise NothingToExplain(_("{name} is a person, not a bot").format(name=self.names[seat]))
        if seat is None:
            state = self.state.clone()
            if self._hinted is not None and self.human_to_move() and self._hinted[0] == tuple(state.history()):
                return explain_hint(self.advisor, state, self._hinted[1], viewer=state.current_player())
            latest = self.last_decision()
            if latest is not None and self.seats[latest[1]] == HUMAN:
                before, _mover, action = latest
                return review_move(self.advisor, before, action, viewer=self.log_viewer())
        found = self.last_bot_move(seat)
        if found is None:
            raise NothingToExplain(_("no bot move to explain yet") if seat is None else
                                   _("{name} has not moved yet").format(name=self.names[seat]))
        before, mover, action = found
        return explain(before, mover, action, self.seats[mover], seed=bot_seed(self.game.seed, mover),
                       viewer=self.log_viewer(), trusted=self.trusted)

    def last_decision(self) -> tuple[State, int, int] | None:
        """The last move a seat decided (a person's or a bot's, not chance): the state before it, the
        seat, the action."""
        for before, action in reversed(self.played):
            mover = before.current_player()
            if mover >= 0:
                return before, mover, action
        return None

    def warnings(self, action: int) -> list[str]:
        """What a person should know before playing ``action`` now (starving, a wasted purchase), in
        words; empty when there is nothing to warn about or the game has no warnings."""
        if not self.human_to_move() or action not in self.state.legal_actions():
            return []
        return self.advisor.warnings(self.state, action)

    # --- the end --------------------------------------------------------------------------------

    def result_lines(self) -> list[str]:
        """The score breakdown per player and the winner, in the game kit's words."""
        return self.kit.result_lines(self.state, self.names)


def game_over_line() -> str:
    """The log's line where the game ends (before the breakdown)."""
    return _("== Game over ==")

