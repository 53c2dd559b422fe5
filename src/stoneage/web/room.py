"""A live game on the server: its state, its seats and the clients watching, on the play layer.

A room applies actions it is given (the service decides which, and stores them first) and tells
every connected client what happened, each through its own eyes: the events of the event stream
and the view model, both built for that client's seat or, for a spectator, from the public view.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterable
from typing import Protocol

import orjson

from stoneage.bots import Bot, make_bot
from stoneage.bots.external import FallbackBot, Incident
from stoneage.bots.registry import bot_label, check_plays
from stoneage.core.contract import CHANCE, JSON, PUBLIC, TERMINAL, Game, State
from stoneage.core.i18n import SOURCE, _, seat_name as numbered, use_language
from stoneage.play.advisor import Advisor
from stoneage.play.events import Event, Step, Teller, apply_steps
from stoneage.play.kit import PlayKit, play_kit
from stoneage.play.session import bot_seed
from stoneage.play.view import Memo, View, build_view, build_views, observe_all
from stoneage.web.lesson import ACTIVE, SETTING, LessonTable, lesson_of
from stoneage.web.store import BOT, GameRow, SeatRow

HINT_SEAT = 99
"""The seat number the hint bot's seed is derived with (as in terminal play)."""
RECENT = 12
"""How many of the latest actions a (re)connecting client's view recounts."""


class Client(Protocol):
    """A connection watching a room, through the eyes of ``viewer`` (a seat or ``PUBLIC``), in ``lang``."""

    viewer: int
    lang: str
    """The language the client reads (a code of ``core.i18n.LANGUAGES``)."""

    def send_text(self, text: str) -> None:
        """Queue a message for the client (never blocks)."""


def seat_name(seat: SeatRow) -> str:
    """How the table calls a seat, in the current language: the person's display name, or ``Player N (bot)``."""
    if seat.kind == BOT:
        return f"{numbered(seat.seat)} ({bot_label(str(seat.bot))})"
    return seat.name or numbered(seat.seat)


class Room:
    """One game in memory: rebuilt from its log, moved on by the service, watched by clients."""

    def __init__(self, row: GameRow, game: Game) -> None:
        self.row = row
        self.game = game
        self.kit: PlayKit = play_kit(game)
        self.state: State = game.new_initial_state()
        self.lock = asyncio.Lock()
        """Held while a move is checked, stored and applied: the moves of one game serialise."""
        self.clients: set[Client] = set()
        self.away: set[int] = set()
        """Person seats a stand-in bot plays for (their clock ran out) until they return."""
        self.recent: deque[int] = deque()
        """The latest actions (at most ``RECENT``), applied from ``window`` on."""
        self.window: State = game.new_initial_state()
        """The state before the latest actions: one state a room keeps besides its own, not one per step
        (every state kept is memory the garbage collector walks through, and its pauses are latency)."""
        self._steps: dict[int, list[Step]] = {}
        """The steps of the latest actions already worked out: move index -> steps (facts, no words:
        every viewer and language is told from them)."""
        self._memos: dict[str, Memo] = {}
        """Per language, what the views of the last step were built from (``play.view.Memo``)."""
        self.names: list[str] = []
        """How the table calls each seat, in the source language (the record, the lobby)."""
        self._names: dict[str, list[str]] = {}
        self.called: dict[int, str] = {}
        """The person seats a display name calls, for the log's sentences."""
        self._name_seats()
        self.lesson: LessonTable | None = lesson_of(self.kit, row.settings)
        """The guided game this room follows (``web/lesson.py``), if it is one."""
        self._bots: dict[int, Bot] = {}
        self.advisor = Advisor(self.game, self.kit, bot_seed(self.game.seed, HINT_SEAT))
        """Hints and warnings (``play/advisor.py``)."""
        self.hinting = False
        """Whether a hint is being worked out (one at a time per game)."""
        self.hints: dict[int, tuple[tuple[int, ...], int]] = {}
        """Per seat, the last hint it was given: the history of its position and the action ("Why?"
        explains it while the game stands there)."""
        self.explaining = False
        """Whether a "why?" is being worked out (one at a time per game)."""
        self.runner: asyncio.Task[None] | None = None
        """The task playing chance and bots, while one runs."""
        self.clock: asyncio.Task[None] | None = None
        """The task waiting for an absent person's clock to run out, while one runs."""

    @property
    def id(self) -> str:
        """The game's id."""
        return self.row.id

    @property
    def seq(self) -> int:
        """How many actions the log holds (the sequence number a command must carry)."""
        return self.state.move_number()

    def set_row(self, row: GameRow) -> None:
        """Take a new header (a seat was taken): names follow."""
        self.row = row
        self._name_seats()
        if self.lesson is not None:
            self.lesson.active = row.settings.get(SETTING) == ACTIVE

    def _name_seats(self) -> None:
        self._names = {}
        self.names = self.names_in(SOURCE)
        self.called = {seat.seat: seat.name for seat in self.row.seats if seat.kind != BOT and seat.name}

    def names_in(self, lang: str) -> list[str]:
        """How the table calls each seat in ``lang`` (a seat nobody named is ``Player N`` in that language)."""
        names = self._names.get(lang)
        if names is None:
            with use_language(lang):
                names = self._names[lang] = [seat_name(seat) for seat in self.row.seats]
        return names

    # --- who moves ----------------------------------------------------------------------------

    def mover(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
        return self.state.current_player()

    def automated(self) -> bool:
        """Whether the next action is the server's to make: chance, a bot, or a stand-in."""
        seat = self.mover()
        if seat == TERMINAL:
            return False
        return seat == CHANCE or self.row.seats[seat].kind == BOT or seat in self.away

    def person_to_move(self) -> int | None:
        """The person seat to decide now (and not stood in for), else ``None``."""
        seat = self.mover()
        return None if seat < 0 or self.automated() else seat

    def has_people(self) -> bool:
        """Whether any seat is a person's."""
        return any(seat.kind != BOT for seat in self.row.seats)

    def remember_hint(self, seat: int, state: State, action: int) -> None:
        """Keep the hint ``seat`` was given in ``state`` (for "Why?")."""
        self.hints[seat] = (tuple(state.history()), action)

    def hint_now(self, seat: int) -> int | None:
        """The hint ``seat`` was given at the decision now, if it is that seat's to make and not made yet."""
        found = self.hints.get(seat)
        if found is None or self.person_to_move() != seat or found[0] != tuple(self.state.history()):
            return None
        return found[1]

    def bot_spec(self, seat: int) -> str:
        """The spec of the bot that plays ``seat`` (a bot seat's, else the stand-in's: the kit's default bot)."""
        row = self.row.seats[seat]
        return (row.bot if row.kind == BOT else None) or self.kit.default_bot

    def last_bot_move(self) -> tuple[State, int, int] | None:
        """The last move a bot seat made among the latest steps: the state before it, the seat, the action."""
        for before, action in reversed(self.recent_steps()):
            seat = before.current_player()
            if seat >= 0 and self.row.seats[seat].kind == BOT:
                return before, seat, action
        return None

    def bot(self, seat: int) -> Bot:
        """The bot of a bot seat, or the stand-in for an absent person (the game kit's default bot). A bot
        that runs a program (``stoneage serve --bot``) tells the table of each decision it failed."""
        if seat not in self._bots:
            spec = self.row.seats[seat].bot if self.row.seats[seat].kind == BOT else self.kit.default_bot
            bot = make_bot(spec or self.kit.default_bot, seed=bot_seed(self.game.seed, seat))
            check_plays(bot, spec or "", self.game.name)
            if isinstance(bot, FallbackBot):
                bot.listener = self._told_from(asyncio.get_running_loop())
            self._bots[seat] = bot
        return self._bots[seat]

    def _told_from(self, loop: asyncio.AbstractEventLoop) -> Callable[[Incident], None]:
        """A listener for a bot's incidents: the bot decides on a worker thread, the table is told from ``loop``."""
        def listener(incident: Incident) -> None:
            loop.call_soon_threadsafe(self.tell_incident, incident.seat, incident.bot, incident.kind,
                                      incident.detail, incident.move, incident.fallback)
        return listener

    def let_bots_go(self) -> list[Bot]:
        """The room's bots, which it forgets (the game is over, or the server stops): the caller tells
        them the end and closes them (a bot running a program ends it)."""
        bots, self._bots = list(self._bots.values()), {}
        return bots

    # --- applying -------------------------------------------------------------------------------

    def replay(self, actions: Iterable[str]) -> None:
        """Apply a stored log quietly (loading), keeping the latest steps for the views."""
        for text in actions:
            action = self.state.string_to_action(text)
            self._remember(action)
            self.state.apply_action(action)

    def apply(self, action: int) -> None:
        """Apply ``action`` (legal, and stored already) and send every client its update, in its language."""
        index = self.seq
        self._remember(action)
        audience = self._audience()
        if not audience:
            self.state.apply_action(action)
            return
        steps = self._steps[index] = apply_steps(self.state, action)  # applied once, told in every language
        seen = observe_all(self.game, self.state, sorted({viewer for group in audience.values() for viewer in group}))
        texts: dict[tuple[str, int], str] = {}
        for lang, viewers in audience.items():
            with use_language(lang):
                teller = Teller(self.kit, self.called)
                told = {viewer: teller.tell(steps, viewer) for viewer in viewers}
                names = self.names_in(lang)
                memo = self._memos.setdefault(lang, Memo())
                lesson = self.lesson_json(lang)
                for viewer, view in build_views(self.game, self.state, told, names, memo, seen).items():
                    texts[lang, viewer] = _dumps({"type": "update", "seq": self.seq, **lesson, "view": view.to_json()})
        for client in list(self.clients):
            client.send_text(texts[client.lang, client.viewer])

    def _audience(self) -> dict[str, set[int]]:
        """The viewers watching, by language."""
        audience: dict[str, set[int]] = {}
        for client in self.clients:
            audience.setdefault(client.lang, set()).add(client.viewer)
        return audience

    # --- telling ----------------------------------------------------------------------------------

    def view(self, viewer: int, events: Iterable[Event] | None = None, lang: str = SOURCE) -> View:
        """The view model for ``viewer`` in ``lang``; ``events`` (in ``lang``) default to the latest
        steps recounted."""
        with use_language(lang):
            if events is None:
                events = self._recount(viewer, lang)
            return self._build(viewer, events, self.names_in(lang))

    def _build(self, viewer: int, events: Iterable[Event], names: list[str]) -> View:
        """The view of the room's state (in the current language, which ``names`` and ``events`` are in)."""
        return build_view(self.game, self.state, viewer, names, list(events))

    def recent_steps(self) -> list[tuple[State, int]]:
        """The latest steps: each action with (a copy of) the state it was applied to."""
        state, steps = self.window.clone(), []
        for action in self.recent:
            steps.append((state.clone(), action))
            state.apply_action(action)
        return steps

    def _remember(self, action: int) -> None:
        """Keep ``action`` among the latest steps (about to be applied to ``state``), letting the oldest go."""
        if self.lesson is not None:
            seat = self.state.current_player()
            self.lesson.note(self.state, seat >= 0 and self.row.seats[seat].kind != BOT)
        if len(self.recent) == RECENT:
            self._steps.pop(self.window.move_number(), None)
            self.window.apply_action(self.recent.popleft())
        self.recent.append(action)

    def _recount(self, viewer: int, lang: str) -> list[Event]:
        """The events of the latest steps as ``viewer`` may know them in ``lang`` (the current language),
        each action's steps worked out once (from ``window``, walked forward only when needed)."""
        first = self.window.move_number()
        state: State | None = None
        steps: list[Step] = []
        for offset, action in enumerate(self.recent):
            known = self._steps.get(first + offset)
            if known is None:
                if state is None:
                    state = self.window.clone()
                    for earlier in list(self.recent)[:offset]:
                        state.apply_action(earlier)
                known = self._steps[first + offset] = apply_steps(state, action)
            elif state is not None:
                state.apply_action(action)
            steps.extend(known)
        return Teller(self.kit, self.called).tell(steps, viewer)

    def snapshot(self, viewer: int, kind: str = "hello", lang: str = SOURCE, **extra: object) -> str:
        """The full message a client needs to draw the table, in ``lang``: on connecting, or to resync."""
        return _dumps({"type": kind, "game_id": self.id, "game": self.game.name, "seq": self.seq,
                       "viewer": None if viewer == PUBLIC else viewer, "seats": self.seats_json(lang),
                       "status": self.row.status, **self.lesson_json(lang), **extra,
                       "view": self.view(viewer, lang=lang).to_json()})

    def lesson_json(self, lang: str) -> JSON:
        """``{"lesson": ...}`` for a message in ``lang`` (``web/lesson.py``); empty if the room is no lesson."""
        if self.lesson is None:
            return {}
        with use_language(lang):
            return {"lesson": self.lesson.to_json(self.state, self.kit, self.names_in(lang))}

    def scripted(self, state: State | None = None) -> int | None:
        """The lesson script's action at ``state`` (default: the room's), while the lesson is followed."""
        return None if self.lesson is None else self.lesson.scripted(self.state if state is None else state)

    def seats_json(self, lang: str = SOURCE) -> list[JSON]:
        """The seats as everyone may see them (no tokens, no player ids), named in ``lang``."""
        names = self.names_in(lang)
        with use_language(lang):
            labels = [bot_label(seat.bot) if seat.bot else None for seat in self.row.seats]
        return [{"seat": seat.seat, "kind": seat.kind, "bot": seat.bot, "bot_label": labels[seat.seat],
                 "name": names[seat.seat], "taken": seat.claimed, "away": seat.seat in self.away}
                for seat in self.row.seats]

    def refresh(self, kind: str) -> None:
        """Send every client the whole table again, as a ``kind`` message (a seat was taken: names changed)."""
        texts: dict[tuple[str, int], str] = {}
        for client in list(self.clients):
            key = (client.lang, client.viewer)
            if key not in texts:
                texts[key] = self.snapshot(client.viewer, kind, client.lang)
            client.send_text(texts[key])

    def tell_incident(self, seat: int, bot: str, kind: str, detail: str, move: int, fallback: str) -> JSON:
        """Tell every client that the bot playing ``seat`` failed the decision at ``move`` (``kind``:
        crash, timeout, garbage, illegal or handshake) and ``fallback`` played it; the incident as sent."""
        incident = {"seat": seat, "kind": kind, "detail": detail[:200], "move": move, "bot": bot,
                    "fallback": fallback}
        self.broadcast(lambda lang: {
            "type": "notice", "incident": incident, "away": sorted(self.away), "seats": self.seats_json(lang),
            "text": _("{name}'s bot {bot} failed a decision ({kind}: {detail}); a bot ({fallback}) played "
                      "it instead.").format(name=self.names_in(lang)[seat], bot=bot, kind=kind,
                                            detail=incident["detail"], fallback=fallback)})
        return incident

    def broadcast(self, message: JSON | Callable[[str], JSON]) -> None:
        """Send the same message to every client (a notice: someone is away, or back); a function of the
        language is called once per language at the table, under it."""
        texts: dict[str, str] = {}
        for client in list(self.clients):
            text = texts.get(client.lang)
            if text is None:
                if callable(message):
                    with use_language(client.lang):
                        text = _dumps(message(client.lang))
                else:
                    text = _dumps(message)
                texts[client.lang] = text
            client.send_text(text)


def _dumps(message: JSON) -> str:
    """A message as compact JSON text (orjson: the views are most of what the server encodes)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()

