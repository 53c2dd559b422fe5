"""The tables: a game is its header (``games``, ``seats``) and its action log (``moves``).

The schema is created and upgraded by Alembic (``migrations/``); this module is its current shape,
which the store queries. A move's primary key is ``(game_id, seq)``: a move can be stored only once.
"""

from __future__ import annotations

from sqlalchemy import JSON, BigInteger, Column, Float, ForeignKey, Integer, MetaData, String, Table

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("moves", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("result", JSON, nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=True, index=True),
    Column("name", String(80), nullable=True),
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", String(120), nullable=False),
    Column("at", Float, nullable=False),
)

players = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("name", String(80), nullable=False),
    Column("created_at", Float, nullable=False),
)
