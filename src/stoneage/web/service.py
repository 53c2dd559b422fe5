"""The games being played: creating, loading, joining, moving, and the server's own moves.

The service is the only writer of games. A move is checked by the engine under the room's lock,
stored (``Store.append``) and only then applied and told to the clients; chance and bots move on
the server, paced for people; a person whose clock runs out is stood in for by the game kit's bot
until they return. With ``--redis`` several processes share one database: each catches a room up
from the log before it acts, and tells the others through the fanout after.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from stoneage.bots import Bot, BotSpecError, bot_names, make_bot
from stoneage.bots.registry import UntrustedBotError, bot_label, check_plays, check_untrusted
from stoneage.core.contract import CHANCE, JSON, PUBLIC, State
from stoneage.core.errors import StoneAgeError
from stoneage.core.gametype import EXPANSIONS, FIRST_PLAYER, PLAYERS, SEED, VARIANTS, Kind
from stoneage.core.i18n import SOURCE, _, use_language
from stoneage.core.record import make_record, result_of
from stoneage.core.registry import game_info, game_names, load_game
from stoneage.play.events import apply_with_events
from stoneage.play.kit import play_kit
from stoneage.play.menus import label_of
from stoneage.play.odds import odds_for
from stoneage.play.session import bot_seed
from stoneage.play.view import build_view
from stoneage.play.warnings import confirm_question
from stoneage.web.advice import AdvicePool, HintJob, Position, WhyJob
from stoneage.web.config import ServerConfig
from stoneage.web.fanout import Fanout
from stoneage.web.lesson import ACTIVE, LEFT, SETTING
from stoneage.web.protocol import Hint, LeaveLesson, Move, Odds, Ping, ProtocolError, Sync, Why, parse_command
from stoneage.web.remote import RemoteBots, check_budget
from stoneage.web.room import Client, Room
from stoneage.web.security import digest, matches, new_id, new_seed, new_token
from stoneage.web.store import (
    BOT,
    FINISHED,
    OPEN,
    PERSON,
    REMOTE,
    RUNNING,
    GameRow,
    SeatRow,
    SequenceTaken,
    Store,
    StoreError,
    with_seat,
)

log = logging.getLogger("stoneage.web")
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_NAME = 40
FINISHED_KEPT = 32
"""How many finished games stay loaded after a look (replays step through them move by move)."""
MAX_PACE = 10.0
CLOCK_RANGE = (1.0, 7 * 24 * 3600.0)
SWEEP = 5.0
"""Seconds between a shared process's looks at the database for moves no message told it of."""


class ServiceError(StoneAgeError):
    """A request the service refuses: ``code`` is stable, ``status`` is the HTTP status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


@dataclass(frozen=True)
class Player:
    """Someone known by a personal key: an id for statistics and a display name."""

    id: str
    name: str


@dataclass(frozen=True)
class SeatSpec:
    """A seat asked for when creating a game: a person, or a bot of one of the offered levels."""

    kind: str
    bot: str | None = None
    name: str | None = None
    """A remote bot seat's display name."""


def offered_bots(game: str) -> list[str]:
    """The bots a seat of ``game`` may be given: every registered bot and preset that plays it."""
    offered = []
    for name in bot_names():
        try:
            check_plays(make_bot(name), name, game)
        except BotSpecError:
            continue
        offered.append(name)
    default = play_kit(game).default_bot
    return [default, *(name for name in offered if name != default)]


def _check_lobby_bot(spec: str, offered: list[str]) -> None:
    """Refuse a lobby seat's bot that runs a program (403) or names a file or a bad number (400): a
    request from the network names bot levels only, as a save does (``check_untrusted``)."""
    try:
        check_untrusted(spec)
    except UntrustedBotError as error:
        if error.kind == "program":
            raise ServiceError(403, "cmd_bot_refused", f"bot {spec!r}: this server does not run programs "
                               f"(cmd: bots) for lobby seats; offered: {', '.join(offered)}") from None
        raise ServiceError(400, "bad_bot", f"{error}; offered: {', '.join(offered)}") from None
    except BotSpecError as error:
        raise ServiceError(400, "bad_bot", f"{error}; offered: {', '.join(offered)}") from None


def clean_name(name: str | None, fallback: str) -> str:
    """A display name: printable, trimmed, at most ``MAX_NAME`` characters; ``fallback`` if empty."""
    text = "".join(ch for ch in (name or "") if ch.isprintable()).strip()[:MAX_NAME]
    return text or fallback


class GameService:
    """Every live game of this process, over the store (and the fanout to other processes)."""

    def __init__(self, store: Store, config: ServerConfig, fanout: Fanout | None = None) -> None:
        self.store = store
        self.config = config
        self.fanout = fanout or Fanout()
        self.rooms: dict[str, Room] = {}
        """The games being played (and finished ones still watched)."""
        self._finished: OrderedDict[str, Room] = OrderedDict()
        """The finished games loaded last (for records, pages and replays), oldest first."""
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.started = time.time()
        self.remotes = RemoteBots(self)
        """The remote bots connected to this process (web/remote.py)."""
        self.advice = AdvicePool(config.advice_workers)
        """The worker processes that answer hints and why?s (web/advice.py), apart from the moves' threads."""

    async def start(self) -> None:
        """Listen to the other processes (and, with them, look at the database every ``SWEEP`` seconds);
        resume every unfinished game in the background."""
        await self.fanout.start(self._remote, self._resync)
        if self.fanout.shared:
            self._spawn(self._sweep())
        if self.config.resume_on_start:
            self._spawn(self._resume_all())

    async def stop(self) -> None:
        """Stop every task this service started (bots, clocks, resuming)."""
        tasks = [*self._tasks]
        for room in self.rooms.values():
            tasks += [task for task in (room.runner, room.clock) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.advice.close()  # a question still being worked out is dropped, not waited for
        for room in self.rooms.values():
            await _let_go(room.let_bots_go(), room.state)
        await self.fanout.stop()

    def _spawn(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _resume_all(self) -> None:
        for game_id in await self.store.unfinished():
            try:
                await self.room(game_id)
            except (ServiceError, StoneAgeError, SQLAlchemyError) as error:
                log.error("cannot resume game %s: %s", game_id, error)

    # --- lobby ----------------------------------------------------------------------------------

    async def create_game(self, game: str, seats: list[SeatSpec], *, expansions: list[str], variants: list[str],
                          options: JSON, first_player: int | None = None, pace: float | None = None,
                          clock: float | None = None, bot_budget: float | None = None, lesson: bool = False,
                          ) -> tuple[GameRow, dict[int, str]]:
        """Make and store a new game; returns its header and the person and remote bot seats' tokens.
        ``lesson``: a guided game, following the script of the game kit's lesson (``create_lesson``)."""
        try:
            info = game_info(game)
        except StoneAgeError as error:
            raise ServiceError(400, "unknown_game", f"{error} (known: {', '.join(game_names())})") from None
        if not info.min_players <= len(seats) <= info.max_players:
            raise ServiceError(400, "bad_seats", f"{info.display_name} is for {info.min_players} to "
                               f"{info.max_players} players, not {len(seats)}")
        common = {PLAYERS, SEED, FIRST_PLAYER, EXPANSIONS, VARIANTS}
        for name, value in options.items():
            param = next((p for p in info.params if p.name == name), None)
            if name in common or param is None:
                raise ServiceError(400, "bad_option", f"{game} has no option {name!r} here")
            if param.kind is Kind.DATA and isinstance(value, str):
                raise ServiceError(400, "bad_option", f"option {name!r} takes its data inline, not a file name")
        offered = offered_bots(game)
        for seat in seats:
            if seat.kind == BOT:
                _check_lobby_bot(seat.bot or "", offered)
            if seat.kind == BOT and seat.bot not in offered:
                raise ServiceError(400, "bad_bot", f"bot {seat.bot!r} does not play {game}; offered: "
                                   f"{', '.join(offered)}")
        pace = self._pace(game, pace)
        if clock is not None and not CLOCK_RANGE[0] <= clock <= CLOCK_RANGE[1]:
            raise ServiceError(400, "bad_clock", f"clock must be {CLOCK_RANGE[0]:g} to {CLOCK_RANGE[1]:g} "
                               f"seconds per move, not {clock:g}")
        try:
            check_budget(bot_budget)
        except ValueError as error:
            raise ServiceError(400, "bad_budget", str(error)) from None
        first = first_player if first_player is not None else 0
        try:
            loaded = load_game(game, players=len(seats), seed=new_seed(), first_player=first,
                               expansions=expansions, variants=variants, **options)
        except StoneAgeError as error:
            raise ServiceError(400, "bad_option", str(error)) from None
        params = loaded.params()
        seed, _ = params.pop(SEED), params.pop(PLAYERS)
        tokens = {n: new_token() for n, seat in enumerate(seats) if seat.kind in (PERSON, REMOTE)}
        rows = tuple(SeatRow(n, seat.kind, seat.bot, digest(tokens[n]) if n in tokens else None,
                             name=clean_name(seat.name, f"Remote {n + 1}") if seat.kind == REMOTE else None)
                     for n, seat in enumerate(seats))
        now = time.time()
        settings = {"pace": pace, "clock": clock, **({"bot_budget": bot_budget} if bot_budget is not None else {}),
                    **({SETTING: ACTIVE} if lesson else {})}
        row = GameRow(new_id(), game, len(seats), seed, _jsonable(params), settings,
                      OPEN if not all(r.claimed for r in rows) else RUNNING, 0, now, now, None, rows)
        await self._store(self.store.create_game(row))
        room = Room(row, loaded)
        self.rooms[row.id] = room
        self._kick(room)
        return row, tokens

    async def create_lesson(self, game: str, pace: float | None = None) -> tuple[GameRow, dict[int, str]]:
        """A new guided game of ``game`` (its play kit's lesson: seats and script); as ``create_game``.
        Its seed is the server's own, like any game's: it decides chance once the lesson is left."""
        try:
            lesson = play_kit(game).lesson
        except StoneAgeError as error:
            raise ServiceError(400, "unknown_game", f"{error} (known: {', '.join(game_names())})") from None
        if lesson is None:
            raise ServiceError(404, "no_lesson", f"{game} has no guided game")
        seats = [SeatSpec(PERSON) if seat == "human" else SeatSpec(BOT, seat) for seat in lesson().seats]
        return await self.create_game(game, seats, expansions=[], variants=[], options={}, pace=pace, lesson=True)

    def _pace(self, game: str, pace: float | None) -> float:
        if pace is None:
            return self.config.pace if self.config.pace is not None else play_kit(game).delay
        if not 0 <= pace <= MAX_PACE:
            raise ServiceError(400, "bad_pace", f"pace must be 0 to {MAX_PACE:g} seconds, not {pace:g}")
        return pace

    async def room(self, game_id: str) -> Room:
        """The live room of a game, loaded (replayed from its log) on first use."""
        room = self.rooms.get(game_id) or self._finished.get(game_id)
        if room is not None:
            if self.fanout.shared and not room.state.is_terminal():
                await self._current(room)
            return room
        if not _ID.fullmatch(game_id):
            raise ServiceError(404, "not_found", "no such game")
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            room = await self._load(game_id)
            if room.state.is_terminal():  # a finished game is kept among the latest few looked at
                self._finished[game_id] = room
                while len(self._finished) > FINISHED_KEPT:
                    self._finished.popitem(last=False)
            else:
                self.rooms[game_id] = room
            future.set_result(room)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[game_id]
        if self.fanout.shared:  # a move another process told of while the log was being read
            async with room.lock:
                await self._catch_up(room)
        self._kick(room)
        return room

    async def _load(self, game_id: str) -> Room:
        row = await self._store(self.store.game(game_id))
        if row is None:
            raise ServiceError(404, "not_found", "no such game")
        game = load_game(row.game, players=row.players, seed=row.seed, **row.options)
        room = Room(row, game)
        room.replay(await self._store(self.store.actions(game_id)))
        return room

    async def join(self, game_id: str, seat: int | None, player: Player | None,
                   name: str | None) -> tuple[int, str]:
        """Take a free person seat (``seat``, or the first free one); returns it and its new token."""
        room = await self.room(game_id)
        async with room.lock:
            free = [s for s in room.row.seats if s.kind == PERSON and not s.claimed]
            chosen = next((s for s in free if seat is None or s.seat == seat), None)
            if chosen is None:
                raise ServiceError(409, "no_free_seat", "that seat is taken" if seat is not None and
                                   any(s.seat == seat for s in room.row.seats) else "no free seat in this game")
            token = new_token()
            await self._claim(room, replace(chosen, token_hash=digest(token)), player, name)
        return chosen.seat, token

    async def _claim(self, room: Room, seat: SeatRow, player: Player | None, name: str | None) -> None:
        """Record who took a seat (called under the room's lock)."""
        fallback = player.name if player else f"Player {seat.seat + 1}"
        taken = replace(seat, player_id=player.id if player else None, name=clean_name(name, fallback))
        row = with_seat(room.row, taken)
        status = row.status if row.status == FINISHED else (
            RUNNING if all(s.claimed for s in row.seats) else OPEN)
        await self._store(self.store.claim_seat(room.id, taken, status=status))
        room.set_row(replace(row, status=status))
        room.refresh("seats")
        await self.fanout.publish({"game": room.id, "kind": "seats"})

    async def admit(self, room: Room, token: str | None, player: Player | None, seat: int | None = None,
                    name: str | None = None) -> int:
        """The viewer a connection gets: the seat its token (or its player's key) opens, else ``PUBLIC``
        (an empty ``token=`` opens no seat: it is refused, not taken for a spectator)."""
        if token is not None:
            found = _opened(room, token, player)
            if not found.claimed:
                async with room.lock:  # look again under the lock: a join or another connection may have come first
                    found = _opened(room, token, player)
                    if not found.claimed:
                        await self._claim(room, found, player, name)
            return found.seat
        if seat is not None:
            held = [s.seat for s in room.row.seats if player is not None and s.player_id == player.id]
            if seat not in held:
                raise ServiceError(403, "forbidden", "only the player who took a seat may act for it")
            return seat
        return PUBLIC

    # --- playing --------------------------------------------------------------------------------

    async def command(self, room: Room, client: Client, text: str | bytes) -> None:
        """Handle one websocket message; ``ProtocolError`` for the client alone if refused."""
        command = parse_command(text)
        if client.viewer >= 0:
            await self._returned(room, client.viewer)
        if isinstance(command, Ping):
            client.send_text('{"type":"pong"}')
        elif isinstance(command, Sync):
            if self.fanout.shared:
                async with room.lock:
                    await self._catch_up(room)
            client.send_text(room.snapshot(client.viewer, "resync", client.lang, reason="asked"))
        elif isinstance(command, Move):
            await self._move(room, client, command)
        elif isinstance(command, Hint):
            await self._hint(room, client)
        elif isinstance(command, Why):
            await self._why(room, client)
        elif isinstance(command, Odds):
            self._odds(room, client)
        elif isinstance(command, LeaveLesson):
            await self._leave_lesson(room, client)

    async def _leave_lesson(self, room: Room, client: Client) -> None:
        """A seated person leaves the guided game: stored, told to everyone, and the game goes on freely."""
        seat = client.viewer
        if seat < 0 or room.row.seats[seat].kind != PERSON:
            raise ProtocolError("no_lesson", "only a person seated at the table may leave the lesson")
        async with room.lock:
            if room.lesson is None or not room.lesson.active:
                raise ProtocolError("no_lesson", "this game follows no lesson")
            settings = {**room.row.settings, SETTING: LEFT}
            await self._store(self.store.set_settings(room.id, settings))
            room.set_row(replace(room.row, settings=settings))
            room.refresh("resync")
        await self.fanout.publish({"game": room.id, "kind": "seats"})
        self._kick(room)

    async def _why(self, room: Room, client: Client) -> None:
        """Tell a seated player "why?", the most recent first: the hint it was given at its decision now
        (not yet played), else its own move if more recent than any bot's (what the advisor thought of
        it), else the last bot move among the latest steps (worked out off the event loop)."""
        asker = client.viewer
        if asker < 0:
            raise ProtocolError("no_why", "why? is for the players at the table")
        if room.explaining:
            raise ProtocolError("busy", "a why? for this game is being worked out; wait for it")
        seq, names, hinted = room.seq, room.names_in(client.lang), room.hint_now(asker)
        spec, seed = room.advisor.spec, room.advisor.seed
        if hinted is not None:
            seat, action = asker, hinted
            job = WhyJob(_position(room, room.state), action, seat, asker, client.lang, names[seat], spec, seed,
                         hint=True)
        else:
            found = _latest_to_explain(room, asker)
            if found is None:
                raise ProtocolError("no_why", "no hint, move of yours or bot move among the latest moves")
            before, seat, action = found
            bot = None if seat == asker else room.bot_spec(seat)
            job = WhyJob(_position(room, before), action, seat, asker, client.lang, names[seat], spec, seed,
                         bot=bot, bot_seed=bot_seed(room.game.seed, seat))
        room.explaining = True
        try:
            lines = await self.advice.why(job)
        except BrokenExecutor:
            raise ProtocolError("busy", "the advisor stopped working on this why?; ask again") from None
        finally:
            room.explaining = False
        client.send_text(json.dumps({"type": "why", "seq": seq, "seat": seat, "action": action, "lines": lines}))

    def _odds(self, room: Room, client: Client) -> None:
        """Tell a seated player the odds of its chance events ahead, from its own observation."""
        if client.viewer < 0:
            raise ProtocolError("no_odds", "the odds are for the players at the table")
        with use_language(client.lang):
            lines = odds_for(room.kit, room.state.observation(client.viewer), client.viewer)
        if lines is None:
            raise ProtocolError("no_odds", "this game offers no odds")
        client.send_text(json.dumps({"type": "odds", "lines": lines}))

    async def _hint(self, room: Room, client: Client) -> None:
        """Tell the seat to decide what the hint bot would play (worked out off the event loop)."""
        seat = client.viewer
        if seat < 0 or room.person_to_move() != seat:
            raise ProtocolError("no_hint", "a hint is for the seat to decide, on its turn")
        if room.hinting:
            raise ProtocolError("busy", "a hint for this game is being worked out; wait for it")
        seq, state = room.seq, room.state.clone()
        room.hinting = True
        try:
            action = await self.advice.hint(HintJob(_position(room, state), seat, room.advisor.spec, room.advisor.seed))
        except BotSpecError as error:
            raise ProtocolError("no_hint", f"no hint: {error}") from None
        except BrokenExecutor:
            raise ProtocolError("busy", "the advisor stopped working on this hint; ask again") from None
        finally:
            room.hinting = False
        room.remember_hint(seat, state, action)
        with use_language(client.lang):
            label = label_of(room.kit.decision_menu(state, room.names_in(client.lang)), action)
        client.send_text(json.dumps({"type": "hint", "seq": seq, "action": action, "label": label}))

    async def _move(self, room: Room, client: Client, move: Move) -> None:
        seat = client.viewer
        if seat == PUBLIC:
            raise ProtocolError("spectator", "a spectator cannot move")
        async with room.lock:
            if self.fanout.shared:
                await self._catch_up(room)
            if move.seq != room.seq:
                client.send_text(room.snapshot(seat, "resync", client.lang,
                                               reason=f"stale: the game is at move {room.seq}, not {move.seq}"))
                return
            if room.state.is_terminal():
                raise ProtocolError("game_over", "the game is over")
            if room.mover() != seat:
                raise ProtocolError("not_your_turn", f"it is {_whose(room)} turn")
            if move.action not in room.state.legal_actions():
                try:
                    room.state.clone().apply_action(move.action)
                except StoneAgeError as error:
                    raise ProtocolError("illegal_move", str(error)) from None
            expected = room.scripted()
            if expected is not None and move.action != expected and room.lesson is not None:
                with use_language(client.lang):
                    raise ProtocolError("off_script", room.lesson.refusal(room.state, room.kit,
                                                                          room.names_in(client.lang)))
            if move.warn and not move.confirmed:
                state, action = room.state.clone(), move.action

                def warned() -> tuple[list[str], str]:  # the advisor's values: off the event loop
                    with use_language(client.lang):
                        found = room.advisor.warnings(state, action)
                        return found, confirm_question(found) if found else ""

                lines, question = await asyncio.to_thread(warned)
                if lines:
                    client.send_text(json.dumps({"type": "warning", "seq": move.seq, "action": move.action,
                                                 "lines": lines, "question": question}))
                    return
            chance, wait = self._chance_after(room, move.action)
            if not await self._commit(room, [move.action, *chance], ack=client):
                client.send_text(room.snapshot(seat, "resync", client.lang, reason="stale: another move came first"))
                return
        self._kick(room, wait)

    def _chance_after(self, room: Room, action: int) -> tuple[list[int], float]:
        """The chance steps that follow a person's ``action`` at once, to be stored and told with it (one
        transaction and one wake-up instead of one each), and the pause the server's next move must
        then wait: chance is drawn from the seed and the move number, so drawing it here draws what
        the server's own turn would; the steps stop after the first that the pace pauses on."""
        pace = float(room.row.settings.get("pace") or 0)
        state = room.state.clone()
        state.apply_action(action)
        outcomes: list[int] = []
        while state.current_player() == CHANCE:
            scripted = room.scripted(state)
            outcome = state.sample_chance_outcome() if scripted is None else scripted
            paced = room.kit.paced_chance(state, CHANCE, outcome)
            outcomes.append(outcome)
            state.apply_action(outcome)
            if paced and pace and room.has_people():
                return outcomes, pace
        return outcomes, 0.0

    async def _commit(self, room: Room, actions: list[int], ack: Client | None = None) -> bool:
        """Store ``actions`` as the room's next moves (one transaction), then apply and tell each; False if
        another process came first. ``ack``: the client whose move the first is, acknowledged after
        its update (before the updates of the chance steps stored with it)."""
        seq = room.seq
        after = room.state.clone()
        texts = []
        for action in actions:
            texts.append(after.action_to_string(action))
            after.apply_action(action)
        result = result_of(after) if after.is_terminal() else None
        try:
            await self._store(self.store.append(room.id, seq, texts, result=result))
        except SequenceTaken:
            await self._catch_up(room)
            return False
        for index, action in enumerate(actions):
            room.apply(action)
            if ack is not None:
                ack.send_text(f'{{"type":"ack","seq":{room.seq}}}')
                ack = None
                if index + 1 < len(actions):
                    await asyncio.sleep(0)  # the move's update and ack go out before the chance's views are built
        room.row = replace(room.row, moves=room.seq, updated_at=time.time())
        if result is not None:
            room.row = replace(room.row, status=FINISHED, result=result)
            self._spawn(_let_go(room.let_bots_go(), room.state))
        await self.fanout.publish({"game": room.id, "kind": "moves", "seq": room.seq})
        return True

    async def _catch_up(self, room: Room) -> None:
        """Apply the moves other processes stored since this room last looked (under its lock)."""
        for text in await self._store(self.store.actions(room.id, after=room.seq)):
            room.apply(room.state.string_to_action(text))
        if room.state.is_terminal() and room.row.status != FINISHED:
            row = await self._store(self.store.game(room.id))
            if row is not None:
                room.set_row(row)

    def _kick(self, room: Room, wait: float = 0.0) -> None:
        """Start the server's moves if it is chance's or a bot's turn (after ``wait`` seconds: the pace
        after a chance step stored with a person's move), else the person's clock."""
        if room.runner is not None and not room.runner.done():
            return
        if room.automated():
            room.runner = asyncio.create_task(self._automate(room, wait))
        else:
            self._start_clock(room)

    async def _automate(self, room: Room, wait: float = 0.0) -> None:
        """Play chance and bots until a person is to decide or the game ends, pausing for people."""
        pace = float(room.row.settings.get("pace") or 0)
        try:
            if wait:
                await asyncio.sleep(wait)
            while True:
                async with room.lock:
                    if self.fanout.shared:
                        await self._catch_up(room)
                    if not room.automated():
                        break
                    seat = room.mover()
                    scripted = room.scripted()
                    if seat == CHANCE:
                        action = room.state.sample_chance_outcome() if scripted is None else scripted
                        paced = room.kit.paced_chance(room.state, CHANCE, action)
                    elif scripted is not None:  # a bot's move in the lesson's script
                        action, paced = scripted, True
                    else:
                        action = await asyncio.to_thread(room.bot(seat).step, room.state.clone(), seat)
                        paced = True
                    stored = await self._commit(room, [action])
                if stored and paced and pace and room.has_people() and room.automated():
                    await asyncio.sleep(pace)
        except ProtocolError as error:  # the database is down: try again shortly
            log.error("game %s: %s", room.id, error)
            await asyncio.sleep(1)
            self._spawn(self._automate(room))
            return
        except Exception:
            log.exception("game %s: the server's move failed", room.id)
            return
        finally:
            if room.runner is asyncio.current_task():
                room.runner = None
        self._start_clock(room)

    # --- clocks ---------------------------------------------------------------------------------

    def _start_clock(self, room: Room) -> None:
        clock = room.row.settings.get("clock")
        seat = room.person_to_move()
        if room.clock is not None and not room.clock.done():
            room.clock.cancel()
        if self.remotes.turn(room):  # a connected remote bot is asked: its budget stands for the clock
            return
        if clock and seat is not None:
            room.clock = asyncio.create_task(self._clock(room, seat, room.seq, float(clock)))

    async def _clock(self, room: Room, seat: int, seq: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with room.lock:
            if room.seq != seq or room.mover() != seat or seat in room.away:
                return
            room.away.add(seat)
        await self._announce_away(room, seat, back=False)
        self._kick(room)

    async def _returned(self, room: Room, seat: int) -> None:
        if seat in room.away:
            room.away.discard(seat)
            await self._announce_away(room, seat, back=True)

    async def _announce_away(self, room: Room, seat: int, *, back: bool) -> None:
        room.broadcast(_away_notice(room, seat, back))
        await self.fanout.publish({"game": room.id, "kind": "away", "away": sorted(room.away), "seat": seat,
                                   "back": back, "text": _away_text(room, SOURCE, seat, back)})

    # --- other processes ------------------------------------------------------------------------

    async def _current(self, room: Room) -> None:
        """Catch a loaded room up before it serves someone (its process may have missed a message: Redis
        was away, or the process that moved died before telling), and let the server's moves resume if
        they are due (they were another process's to make, which may be gone). A room whose lock is held
        is acting here and now (a bot thinking, a move being stored): it is waited for only if the store
        holds moves it lacks, so that nobody is served a position without an acknowledged move."""
        try:
            if room.lock.locked():
                stored = await self._store(self.store.progress([room.id]))
                if stored.get(room.id, 0) > room.seq:
                    await self._follow(room)
            else:
                await self._follow(room)
        except ProtocolError:  # the database is down: serve what this process knows
            return
        if room.automated():
            self._kick(room)

    async def _follow(self, room: Room) -> None:
        """Apply and tell the moves other processes stored since this room last looked."""
        async with room.lock:
            await self._catch_up(room)
        self.remotes.turn(room)

    async def _resync(self) -> None:
        """Catch up every loaded game whose stored moves are ahead of it (Redis is back: what it was told
        meanwhile was lost)."""
        rooms = [room for room in self.rooms.values() if not room.state.is_terminal()]
        stored = await self._store(self.store.progress([room.id for room in rooms])) if rooms else {}
        for room in rooms:
            if stored.get(room.id, 0) > room.seq:
                try:
                    await self._follow(room)
                except (ProtocolError, StoneAgeError) as error:
                    log.error("game %s: cannot catch up: %s", room.id, error)

    async def _sweep(self) -> None:
        """Every ``SWEEP`` seconds, catch up the games a message about was lost (``_resync``), and make
        the server's moves of any game where they are due and have not come since the last look
        (the process that was making them is gone)."""
        seen: dict[str, int] = {}
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self._resync()
            except ProtocolError:  # the database is down (logged): look again later
                continue
            for room in list(self.rooms.values()):
                stalled = seen.get(room.id) == room.seq
                if stalled and room.automated() and (room.runner is None or room.runner.done()):
                    log.warning("game %s: the server's move at %d was not made; making it", room.id, room.seq)
                    self._kick(room)
            seen = {room.id: room.seq for room in self.rooms.values()}

    async def _remote(self, message: JSON) -> None:
        room = self.rooms.get(str(message.get("game")))
        if room is None:
            return
        kind = message.get("kind")
        try:
            if kind == "moves":
                await self._follow(room)
            elif kind == "seats":
                row = await self._store(self.store.game(room.id))
                if row is not None:
                    room.set_row(row)
                    room.refresh("seats")
            elif kind == "away" and isinstance(message.get("away"), list):
                room.away = {seat for seat in message["away"] if isinstance(seat, int)}
                seat = message.get("seat")
                if isinstance(seat, int) and 0 <= seat < len(room.row.seats):
                    room.broadcast(_away_notice(room, seat, bool(message.get("back"))))
                else:  # told by a process that names no seat: its words as they are
                    text = str(message.get("text", ""))
                    room.broadcast(lambda lang: {"type": "notice", "text": text, "away": sorted(room.away),
                                                 "seats": room.seats_json(lang)})
        except (ProtocolError, StoneAgeError) as error:
            log.error("game %s: cannot follow another process: %s", room.id, error)

    # --- players and records --------------------------------------------------------------------

    async def new_player(self, name: str | None) -> tuple[Player, str]:
        """A new player and their personal key (shown once; only its hash is kept)."""
        key = new_token()
        player = Player(new_id(), clean_name(name, "Player"))
        await self._store(self.store.create_player(player.id, digest(key), player.name))
        return player, key

    async def player(self, key: str | None) -> Player | None:
        """The player of a personal key; ``None`` without one; ``ServiceError`` for an unknown key."""
        if not key:
            return None
        found = await self._store(self.store.player_by_key(digest(key)))
        if found is None:
            raise ServiceError(403, "bad_key", "this personal key belongs to nobody")
        return Player(*found)

    async def record(self, game_id: str) -> JSON:
        """A finished game's record, in the package's format (the seed withheld: it stays on the server)."""
        room = await self.room(game_id)
        if not room.state.is_terminal():
            raise ServiceError(409, "not_finished", "a record is given once the game is over")
        record = make_record(room.game, room.state)
        record["seed"] = 0
        record["seats"] = [seat.bot if seat.kind == BOT else REMOTE if seat.kind == REMOTE else "human"
                           for seat in room.row.seats]
        record["names"] = list(room.names)
        return record

    async def replay_view(self, game_id: str, at: int, viewer: int, lang: str = SOURCE) -> JSON:
        """A finished game as ``viewer`` saw it after ``at`` actions, with the events of the last one, in ``lang``."""
        room = await self.room(game_id)
        if not room.state.is_terminal():
            raise ServiceError(409, "not_finished", "a game is replayed once it is over")
        actions = room.state.history()
        if not 0 <= at <= len(actions):
            raise ServiceError(400, "bad_step", f"this game has moves 0 to {len(actions)}, not {at}")
        if viewer != PUBLIC and not 0 <= viewer < room.game.num_players:
            raise ServiceError(400, "bad_viewer", f"viewer is 'public' or a seat 0..{room.game.num_players - 1}")
        state = room.game.new_initial_state()
        for action in actions[:max(0, at - 1)]:
            state.apply_action(action)
        with use_language(lang):
            events = apply_with_events(state, actions[at - 1], viewer, room.called) if at else []
            view = build_view(room.game, state, viewer, room.names_in(lang), events)
        return {"game_id": room.id, "game": room.game.name, "at": at, "moves": len(actions),
                "seats": room.seats_json(lang), "view": view.to_json()}

    def left(self, room: Room, client: Client) -> None:
        """A client disconnected: forget a finished room nobody watches any more."""
        room.clients.discard(client)
        if not room.clients and room.state.is_terminal() and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    async def _store(self, work: Coroutine[Any, Any, Any]) -> Any:
        """Run a store call; a database failure becomes a ``storage_unavailable`` error."""
        try:
            return await work
        except SequenceTaken:
            raise
        except (SQLAlchemyError, StoreError, OSError) as error:
            log.error("database: %s", error)
            raise ProtocolError("storage_unavailable", "the game store is unavailable; nothing was changed, "
                                "try again") from None


def _opened(room: Room, token: str, player: Player | None) -> SeatRow:
    """The person seat ``token`` opens for ``player``; ``ServiceError`` if none, or if it is another's."""
    found = next((s for s in room.row.seats if s.kind == PERSON and matches(token, s.token_hash)), None)
    if found is None:
        raise ServiceError(403, "bad_token", "this token opens no seat of this game")
    if found.player_id is not None and (player is None or player.id != found.player_id):
        raise ServiceError(403, "seat_taken", "this seat belongs to another player: connect with their personal key")
    return found


async def _let_go(bots: list[Bot], state: State) -> None:
    """Tell bots a finished game's end and close them (off the event loop: a program may take a moment)."""
    def finish() -> None:
        for bot in bots:
            try:
                if state.is_terminal():
                    bot.game_over(state)
                bot.close()
            except Exception:  # a bot's own trouble must not stop the others'
                log.exception("closing bot %r", bot)
    if bots:
        await asyncio.to_thread(finish)


def _away_text(room: Room, lang: str, seat: int, back: bool) -> str:
    """That a seat's player left (a bot plays for them) or came back, in ``lang``."""
    name = room.names_in(lang)[seat]
    with use_language(lang):
        if back:
            return _("{name} is back.").format(name=name)
        return _("{name} is away: a bot ({bot}) plays for them until they return.").format(
            name=name, bot=bot_label(room.kit.default_bot))


def _away_notice(room: Room, seat: int, back: bool) -> Callable[[str], JSON]:
    """The notice that ``seat`` is away (or ``back``), for a client reading ``lang``."""
    def notice(lang: str) -> JSON:
        return {"type": "notice", "text": _away_text(room, lang, seat, back), "away": sorted(room.away),
                "seats": room.seats_json(lang)}
    return notice


def _latest_to_explain(room: Room, asker: int) -> tuple[State, int, int] | None:
    """The latest step among the room's latest that "why?" explains to ``asker``: its own move or a bot
    seat's, whichever is more recent (another person's moves are passed over); the state before it,
    the seat, the action."""
    for before, action in reversed(room.recent_steps()):
        seat = before.current_player()
        if seat == asker or (seat >= 0 and room.row.seats[seat].kind == BOT):
            return before, seat, action
    return None


def _position(room: Room, state: State) -> Position:
    """``state`` of the room's game as the data an advice worker rebuilds it from."""
    return Position(room.game.name, room.game.params(), state.to_json())


def _whose(room: Room) -> str:
    seat = room.mover()
    return "chance's" if seat == CHANCE else f"{room.names[seat]}'s"


def _jsonable(params: JSON) -> JSON:
    return {key: list(value) if isinstance(value, tuple) else value for key, value in params.items()}
