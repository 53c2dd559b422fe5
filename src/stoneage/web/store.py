"""Where games are kept: each game's header and action log, in SQLite or PostgreSQL.

A move is acknowledged only after ``append`` has committed it; ``(game_id, seq)`` is the key of
the moves table, so a move offered twice (a resent command, a second server process) is stored
once and the second offer raises ``SequenceTaken``. Loading a game is replaying its log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, event, func, insert, select, text, update
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from stoneage.core.contract import JSON
from stoneage.web.schema import games, moves, players, seats

OPEN, RUNNING, FINISHED = "open", "running", "finished"
"""A game's status: waiting for people to take seats, under way with every seat taken, over."""
PERSON, BOT = "person", "bot"
REMOTE = "remote"
"""A seat played by a remote bot over its websocket (web/remote.py); its token opens ``/api/games/{id}/bot``."""
_MIGRATION_LOCK = 0x5707E1A6
"""PostgreSQL advisory lock held while migrating, so two processes starting at once do not race."""


class StoreError(Exception):
    """The database cannot be reached or used (the message says which and why)."""


class SequenceTaken(StoreError):
    """A move with this game and sequence number is already stored."""


@dataclass(frozen=True)
class SeatRow:
    """One seat: a person (with the hash of its token) or a bot (with its spec)."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    player_id: str | None = None
    """The player (personal key) who took the seat, if one did."""
    name: str | None = None
    """The display name at the table."""

    @property
    def claimed(self) -> bool:
        """Whether a person seat has been taken (a bot seat always is)."""
        return self.kind == BOT or self.name is not None


@dataclass(frozen=True)
class GameRow:
    """A game's header as stored: everything but the log."""

    id: str
    game: str
    players: int
    seed: int
    options: JSON
    settings: JSON
    status: str
    moves: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    result: JSON | None = None
    seats: tuple[SeatRow, ...] = field(default_factory=tuple)


class Store:
    """Async access to the server's database (``Store.open(url)``; ``close()`` when done)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queued: list[_Append] = []
        self._writer: asyncio.Task[None] | None = None
        """The task writing the queued appends, while one runs (see ``append``)."""
        self._sqlite_writes: asyncio.Lock | None = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        """SQLite only: one write transaction at a time in this process. SQLite lets one writer in and
        the others poll (busy timeout) with no order, so under load a waiting write could starve for
        seconds while others kept taking the lock; queued on this lock, each takes its turn."""
        self._direct: sqlite3.Connection | None = None
        """SQLite only: a plain sqlite3 connection that writes a batch of moves in one call on a worker
        thread, where aiosqlite would hop to its thread and back for every statement (each hop waits
        for the GIL while the event loop is busy, which is what made moves slow under load). It runs
        the statements itself: through SQLAlchemy a batch cost 0.43 ms of CPU, holding the GIL."""

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect to ``url`` (an async SQLAlchemy URL) and bring the schema up to date."""
        parsed = make_url(url)
        options: dict[str, Any] = {}
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                try:
                    Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise StoreError(f"cannot create the folder of {parsed.database}: {error.strerror}") from None
            options["connect_args"] = {"timeout": 30}
        else:
            options.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        engine = create_async_engine(url, **options)
        if parsed.get_backend_name() == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        try:
            async with engine.begin() as connection:
                await connection.run_sync(_migrate)
        except (OperationalError, OSError) as error:
            await engine.dispose()
            raise StoreError(f"cannot open the database {parsed.render_as_string(hide_password=True)}: "
                             f"{_reason(error)}") from None
        if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
            store._direct = sqlite3.connect(parsed.database, timeout=30, check_same_thread=False,
                                            isolation_level=None)
            _sqlite_pragmas(store._direct, None)
        return store

    async def close(self) -> None:
        """Release the connections."""
        if self._direct is not None:
            self._direct.close()
        await self.engine.dispose()

    # --- games ------------------------------------------------------------------------------

    async def create_game(self, row: GameRow) -> None:
        """Store a new game's header and seats."""
        async with self._write_turn(), self.engine.begin() as connection:
            await connection.execute(insert(games).values(
                id=row.id, game=row.game, players=row.players, seed=row.seed, options=row.options,
                settings=row.settings, status=row.status, moves=0, created_at=row.created_at,
                updated_at=row.created_at, result=None))
            await connection.execute(insert(seats), [
                {"game_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash,
                 "player_id": s.player_id, "name": s.name} for s in row.seats])

    async def append(self, game_id: str, seq: int, actions: Sequence[str], *,
                     result: JSON | None = None) -> None:
        """Store ``actions`` as moves ``seq``, ``seq + 1``, ... in one transaction.

        ``result`` (the game's end) marks the game finished in the same transaction. Raises
        ``SequenceTaken`` if any of these moves is stored already.

        Group commit: the appends of all games that arrive while one transaction is being written
        are written together in the next one (one writer at a time, so SQLite's writers never wait
        on each other's locks), and each returns only once its own moves are committed. If that
        shared transaction fails on a move stored already, each append is retried alone.
        """
        entry = _Append(game_id, seq, tuple(actions), result, asyncio.get_running_loop().create_future())
        self._queued.append(entry)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queued())
        await entry.done

    async def _write_queued(self) -> None:
        """Write the queued appends, all that arrived meanwhile in each transaction, until none is left."""
        batch: list[_Append] = []
        try:
            while self._queued:
                batch = [entry for entry in self._queued if not entry.done.done()]  # skip a cancelled caller's
                self._queued = []
                if len(batch) > 1 and await self._write_together(batch):
                    continue
                for entry in batch:
                    await self._write_together([entry])
        except BaseException as error:  # cancelled (closing): nobody may be left waiting
            for entry in [*batch, *self._queued]:
                _settle(entry, StoreError(f"the store stopped before storing move {entry.seq} of game {entry.game_id}"))
            self._queued = []
            if not isinstance(error, Exception):
                raise

    async def _write_together(self, batch: list[_Append]) -> bool:
        """Store ``batch`` in one transaction and settle each append; False (nothing settled) if a
        batch of several fails on a move stored already, to be retried one by one."""
        try:
            async with self._write_turn():
                if self._direct is not None:
                    await asyncio.to_thread(self._write_direct, batch)
                else:
                    async with self.engine.begin() as connection:
                        await connection.run_sync(_write_moves, batch)
        except (IntegrityError, sqlite3.IntegrityError):
            if len(batch) > 1:
                return False
            _settle(batch[0], SequenceTaken(f"game {batch[0].game_id}: move {batch[0].seq} is stored already"))
            return True
        except Exception as error:
            for entry in batch:
                _settle(entry, error)
            return True
        for entry in batch:
            _settle(entry, None)
        return True

    def _write_turn(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """Hold while writing: this process's turn to write on SQLite (nothing to wait for elsewhere)."""
        return self._sqlite_writes if self._sqlite_writes is not None else contextlib.nullcontext()

    def _write_direct(self, batch: list[_Append]) -> None:
        """Write ``batch`` in one transaction through the plain sqlite3 connection (on a worker thread;
        the same rows as ``_write_moves``)."""
        assert self._direct is not None
        database, now = self._direct, time.time()
        database.execute("BEGIN IMMEDIATE")
        try:
            database.executemany(_INSERT_MOVE, [(entry.game_id, entry.seq + index, action, now)
                                                for entry in batch for index, action in enumerate(entry.actions)])
            database.executemany(_MOVE_ON, [(entry.seq + len(entry.actions), now, entry.game_id)
                                            for entry in batch if entry.result is None])
            database.executemany(_FINISH, [(entry.seq + len(entry.actions), now, FINISHED, json.dumps(entry.result),
                                            entry.game_id) for entry in batch if entry.result is not None])
            database.execute("COMMIT")
        except BaseException:
            database.execute("ROLLBACK")
            raise

    async def actions(self, game_id: str, after: int = 0) -> list[str]:
        """The game's log from move ``after`` on, in order."""
        query = (select(moves.c.action).where(moves.c.game_id == game_id, moves.c.seq >= after)
                 .order_by(moves.c.seq))
        async with self.engine.connect() as connection:
            return list((await connection.execute(query)).scalars())

    async def game(self, game_id: str) -> GameRow | None:
        """The header of one game, or ``None``."""
        rows = await self._games(games.c.id == game_id)
        return rows[0] if rows else None

    async def list_games(self, status: str | None = None, limit: int = 200) -> list[GameRow]:
        """The newest games first, of one status or all."""
        where = [games.c.status == status] if status else []
        return await self._games(*where, limit=limit)

    async def unfinished(self) -> list[str]:
        """The ids of every game not over."""
        query = select(games.c.id).where(games.c.status != FINISHED).order_by(games.c.created_at)
        async with self.engine.connect() as connection:
            return list((await connection.execute(query)).scalars())

    async def finished(self, game: str | None = None) -> list[GameRow]:
        """Every finished game (of one game, or all), oldest first: the input of statistics."""
        where = [games.c.status == FINISHED] + ([games.c.game == game] if game else [])
        return await self._games(*where, oldest_first=True)

    async def _games(self, *where: Any, limit: int | None = None, oldest_first: bool = False) -> list[GameRow]:
        order = games.c.updated_at if oldest_first else games.c.created_at.desc()
        query = select(games).where(*where).order_by(order)
        if limit is not None:
            query = query.limit(limit)
        async with self.engine.connect() as connection:
            headers = (await connection.execute(query)).mappings().all()
            if not headers:
                return []
            ids = [h["id"] for h in headers]
            seat_rows = (await connection.execute(
                select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat))).mappings()
        by_game: dict[str, list[SeatRow]] = {}
        for s in seat_rows:
            by_game.setdefault(s["game_id"], []).append(SeatRow(
                s["seat"], s["kind"], s["bot"], s["token_hash"], s["player_id"], s["name"]))
        return [GameRow(h["id"], h["game"], h["players"], h["seed"], h["options"], h["settings"], h["status"],
                        h["moves"], h["created_at"], h["updated_at"], h["result"], tuple(by_game.get(h["id"], ())))
                for h in headers]

    async def claim_seat(self, game_id: str, seat: SeatRow, *, status: str) -> None:
        """Store who took ``seat`` (its token hash, player and name) and the game's new status."""
        async with self._write_turn(), self.engine.begin() as connection:
            await connection.execute(
                update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat.seat)
                .values(token_hash=seat.token_hash, player_id=seat.player_id, name=seat.name))
            await connection.execute(
                update(games).where(games.c.id == game_id, games.c.status != FINISHED).values(status=status))

    async def set_settings(self, game_id: str, settings: JSON) -> None:
        """Store a game's new settings (a guided game left: ``web/lesson.py``)."""
        async with self._write_turn(), self.engine.begin() as connection:
            await connection.execute(update(games).where(games.c.id == game_id).values(settings=settings))

    async def games_of_player(self, player_id: str) -> list[tuple[GameRow, int]]:
        """Every game ``player_id`` holds a seat in, newest first, with the seat."""
        query = select(seats.c.game_id, seats.c.seat).where(seats.c.player_id == player_id)
        async with self.engine.connect() as connection:
            held = {row.game_id: row.seat for row in await connection.execute(query)}
        if not held:
            return []
        rows = await self._games(games.c.id.in_(list(held)))
        return [(row, held[row.id]) for row in rows]

    # --- players ----------------------------------------------------------------------------

    async def create_player(self, player_id: str, key_hash: str, name: str) -> None:
        """Store a new player (a display name and the hash of their personal key)."""
        async with self._write_turn(), self.engine.begin() as connection:
            await connection.execute(insert(players).values(
                id=player_id, key_hash=key_hash, name=name, created_at=time.time()))

    async def player_by_key(self, key_hash: str) -> tuple[str, str] | None:
        """``(player id, name)`` of the personal key with this hash, or ``None``."""
        query = select(players.c.id, players.c.name).where(players.c.key_hash == key_hash)
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).first()
        return (row.id, row.name) if row else None

    async def player_names(self, ids: Sequence[str]) -> dict[str, str]:
        """The display names of these players."""
        if not ids:
            return {}
        query = select(players.c.id, players.c.name).where(players.c.id.in_(list(ids)))
        async with self.engine.connect() as connection:
            return {row.id: row.name for row in await connection.execute(query)}

    async def progress(self, ids: Sequence[str]) -> dict[str, int]:
        """How many moves each of these games has stored (its header's count), by id."""
        found: dict[str, int] = {}
        async with self.engine.connect() as connection:
            for start in range(0, len(ids), 500):
                query = select(games.c.id, games.c.moves).where(games.c.id.in_(list(ids[start:start + 500])))
                found.update({row.id: row.moves for row in await connection.execute(query)})
        return found

    async def count_games(self) -> int:
        """How many games are stored."""
        async with self.engine.connect() as connection:
            return int((await connection.execute(select(func.count()).select_from(games))).scalar_one())


@dataclass
class _Append:
    """One ``Store.append`` waiting for its transaction."""

    game_id: str
    seq: int
    actions: tuple[str, ...]
    result: JSON | None
    done: asyncio.Future[None]


_INSERT_MOVE = f"INSERT INTO {moves.name} (game_id, seq, action, at) VALUES (?, ?, ?, ?)"
_MOVE_ON = f"UPDATE {games.name} SET moves = ?, updated_at = ? WHERE id = ?"
_FINISH = f"UPDATE {games.name} SET moves = ?, updated_at = ?, status = ?, result = ? WHERE id = ?"
"""``_write_moves``'s statements for the plain sqlite3 connection (the columns of ``schema``)."""


def _write_moves(connection: Connection, batch: list[_Append]) -> None:
    """Insert the moves of ``batch`` and move each game's header on (inside a transaction)."""
    now = time.time()
    rows = [{"game_id": entry.game_id, "seq": entry.seq + index, "action": action, "at": now}
            for entry in batch for index, action in enumerate(entry.actions)]
    if rows:
        connection.execute(insert(moves), rows)
    ongoing = [{"b_id": entry.game_id, "b_moves": entry.seq + len(entry.actions)}
               for entry in batch if entry.result is None]
    if ongoing:
        connection.execute(update(games).where(games.c.id == bindparam("b_id")).values(
            moves=bindparam("b_moves"), updated_at=now), ongoing)
    for entry in batch:
        if entry.result is not None:
            connection.execute(update(games).where(games.c.id == entry.game_id).values(
                moves=entry.seq + len(entry.actions), updated_at=now, status=FINISHED, result=entry.result))


def _settle(entry: _Append, error: BaseException | None) -> None:
    """Tell an append's caller it is stored (or why not), unless the caller has gone."""
    if entry.done.done():
        return
    if error is None:
        entry.done.set_result(None)
    else:
        entry.done.set_exception(error)


def with_seat(row: GameRow, seat: SeatRow) -> GameRow:
    """``row`` with one seat replaced."""
    return replace(row, seats=tuple(seat if s.seat == seat.seat else s for s in row.seats))


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL: a commit survives the process being killed; readers do not wait for the writer."""
    cursor = connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=30000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _migrate(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
    config = Config()
    config.set_main_option("script_location", "stoneage.web:migrations")
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _reason(error: BaseException) -> str:
    text_ = str(getattr(error, "orig", None) or error)
    return text_.splitlines()[0] if text_ else type(error).__name__
