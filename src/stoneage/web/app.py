"""The HTTP lobby and the websocket table (FastAPI); ``/docs`` serves the OpenAPI page.

Every refusal is JSON, ``{"error": {"code": ..., "message": ...}}`` over HTTP and an ``error``
message over a websocket, and leaves every game as it was.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

import orjson
from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, model_validator
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import stoneage
from stoneage.bots.registry import bot_label
from stoneage.core.contract import JSON, PUBLIC
from stoneage.core.errors import shorten
from stoneage.core.i18n import LANGUAGES, LanguageError, _, check, current, known, seat_name, use_language
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names
from stoneage.play.kit import play_kit
from stoneage.play.odds import has_odds
from stoneage.web.analysis import AnalysisJobs, add_analysis_route
from stoneage.web.collector import short_collections
from stoneage.web.config import Limits, ServerConfig
from stoneage.web.connection import CLOSE_POLICY, Connection
from stoneage.web.fanout import Fanout, RedisFanout
from stoneage.web.language import COOKIE, catalog_json, page_language
from stoneage.web.pages import add_pages
from stoneage.web.protocol import ProtocolError
from stoneage.web.room import Room
from stoneage.web.security import PerAddress, new_id
from stoneage.web.service import GameService, Player, SeatSpec, ServiceError, offered_bots
from stoneage.web.stats import leaderboard, player_stats
from stoneage.web.store import BOT, REMOTE, GameRow, Store

log = logging.getLogger("stoneage.web")
LangQuery = Annotated[str | None, Query(max_length=40, description="the language of the words (en, ko, pt_BR, de); "
                                         "else the stoneage_lang cookie, else Accept-Language")]
KeyHeader = Annotated[str | None, Header(alias="X-Player-Key", max_length=100,
                                         description="your personal key (from POST /api/players)")]


class SeatRequest(BaseModel):
    """One seat of a new game."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["person", "bot", "remote"] = "person"
    bot: str | None = Field(None, max_length=40, description="the bot's level, one the game offers")
    name: str | None = Field(None, max_length=100, description="a remote bot seat's display name")

    @model_validator(mode="after")
    def _bot_only_for_bots(self) -> SeatRequest:
        if (self.kind == "bot") != (self.bot is not None):
            raise ValueError("a bot seat names its level ('bot'), a person seat names none (nor a remote one)")
        if self.name is not None and self.kind != "remote":
            raise ValueError("only a remote bot seat is named when the game is created")
        return self


class CreateGame(BaseModel):
    """A new game: which game, its seats, options, and the table's pace and clock."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    expansions: list[Annotated[str, Field(max_length=64)]] = Field(default_factory=list, max_length=8)
    variants: list[Annotated[str, Field(max_length=64)]] = Field(default_factory=list, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict, description="the game's own parameters")
    first_player: int | None = Field(None, ge=0, le=7)
    pace: float | None = Field(None, ge=0, le=10, description="seconds between bot moves with people present")
    clock: float | None = Field(None, description="seconds a person has per move before a bot stands in")
    bot_budget: float | None = Field(None, description="seconds a remote bot has per decision (default 5)")


class NewLesson(BaseModel):
    """A guided game of ``game`` (its seats and script are the lesson's)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64)
    pace: float | None = Field(None, ge=0, le=10, description="seconds between bot moves (default: the game's)")


class JoinGame(BaseModel):
    """Take a free seat."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = Field(None, ge=0, le=7)
    name: str | None = Field(None, max_length=100)


class NewPlayer(BaseModel):
    """A display name; the answer holds the personal key."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=100)


def _game_json(row: GameRow, room: Room | None = None) -> JSON:
    """What the lobby shows of a game: no tokens, no seed, no player ids; seat names in the current language."""
    names = room.names_in(current()) if room is not None else None
    return {
        "id": row.id, "game": row.game, "players": row.players, "status": row.status, "moves": row.moves,
        "expansions": row.options.get("expansions", []), "variants": row.options.get("variants", []),
        "created_at": row.created_at, "updated_at": row.updated_at,
        "settings": {"pace": row.settings.get("pace"), "clock": row.settings.get("clock"),
                     **({"lesson": row.settings["lesson"]} if "lesson" in row.settings else {})},
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "taken": s.claimed,
                   "name": names[s.seat] if names else (s.name or (f"{seat_name(s.seat)} ({s.bot})"
                                                                  if s.kind == BOT else None))}
                  for s in row.seats],
        "result": ({"scores": row.result["scores"], "winners": row.result["winners"]}
                   if row.result is not None else None),
        "links": {"spectate": f"/api/games/{row.id}/ws"},
    }


def _language(lang: str | None, cookie: str | None, accept: str | None) -> str:
    """The language a request reads: its ``lang`` (checked: an unknown one is refused), else the
    browser's (the cookie, else ``Accept-Language``)."""
    if lang is not None:
        try:
            return check(lang)
        except LanguageError as error:
            raise ServiceError(400, "unknown_language", str(error)) from None
    return page_language(cookie, accept)


def request_language(request: Request | WebSocket, lang: str | None) -> str:
    """``_language`` of an HTTP request or a websocket's handshake."""
    return _language(lang, request.cookies.get(COOKIE), request.headers.get("accept-language"))


def _game_type_json(name: str) -> JSON:
    """A game's description with its words (names, summary, options) in the current language."""
    info = game_info(name)
    described = info.to_json()
    for key in ("display_name", "summary"):
        described[key] = _(described[key]) if described[key] else described[key]
    for key in ("parameters", "expansions", "variants"):
        described[key] = [{**item, "doc": _(item["doc"]) if item.get("doc") else item.get("doc")}
                          for item in described[key]]
    bots = offered_bots(name)
    return {**described, "bots": bots, "bot_labels": {bot: bot_label(bot) for bot in bots},
            "board": info.kits.get("web", "generic"), "lesson": play_kit(name).lesson is not None,
            "odds": has_odds(play_kit(name))}


def _invite(game_id: str, token: str) -> str:
    """The seat's link: the websocket that acts for it (the token is the key to the seat)."""
    return f"/api/games/{game_id}/ws?token={token}"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, however they are sent."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _error(413, "too_large", f"a request body may hold at most {self.limit} bytes")(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise HTTPException(413, f"a request body may hold at most {self.limit} bytes")
            return message

        await self.app(scope, limited, send)


def create_app(config: ServerConfig | None = None, fanout: Fanout | None = None) -> FastAPI:
    """The server application; its lifespan opens the store and starts the service."""
    config = config or ServerConfig()
    holder: dict[str, GameService] = {}
    analyses = AnalysisJobs()
    new_games = NewGames(config.limits)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(config.database())
        shared = fanout or (RedisFanout(config.redis_url, new_id()) if config.redis_url else Fanout())
        service = GameService(store, config, shared)
        await service.start()
        holder["service"] = service
        try:
            async with short_collections():
                yield
        finally:
            analyses.close()
            await service.stop()
            await store.close()

    app = FastAPI(title="stoneage", version=stoneage.__version__, lifespan=lifespan,
                  description="The Stone Age family game server: lobby over HTTP, play over websockets "
                              "(protocol in docs/server.md).")
    app.add_middleware(BodyLimit, limit=config.limits.max_body_bytes)

    def service() -> GameService:
        return holder["service"]

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, error: ServiceError) -> JSONResponse:
        return _error(error.status, error.code, str(error))

    @app.exception_handler(ProtocolError)
    async def _protocol_error(_request: Request, error: ProtocolError) -> JSONResponse:
        return _error(503 if error.code == "storage_unavailable" else 400, error.code, str(error))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "request"
        return _error(422, "bad_request", f"{where}: {first.get('msg')} (got {shorten(first.get('input'))})")

    @app.exception_handler(HTTPException)
    async def _http(_request: Request, error: HTTPException) -> JSONResponse:
        codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
        return _error(error.status_code, codes.get(error.status_code, "http_error"), str(error.detail))

    @app.get("/api/health", summary="Is the server up")
    async def health() -> JSON:
        return {"ok": True, "version": stoneage.__version__, "live_games": len(service().rooms)}

    @app.get("/api/i18n/{code}", summary="A language's catalog for the browser (static/i18n.js)")
    async def catalog(code: str, if_none_match: Annotated[str | None, Header(max_length=200)] = None) -> Response:
        if code not in LANGUAGES:
            raise ServiceError(404, "unknown_language", f"no language {shorten(code)}; known: {known()}")
        body = orjson.dumps(catalog_json(code))
        tag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
        headers = {"ETag": tag, "Cache-Control": "public, max-age=300, must-revalidate", "Vary": "Accept-Encoding"}
        if if_none_match == tag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/game-types", summary="Every game: players, expansions, variants, bot levels")
    async def game_types(request: Request, lang: LangQuery = None) -> list[JSON]:
        with use_language(request_language(request, lang)):
            return [_game_type_json(name) for name in game_names()]

    @app.post("/api/games", status_code=201, summary="Create a game; the answer holds the invite links")
    async def create(body: CreateGame, request: Request, lang: LangQuery = None) -> JSON:
        code = request_language(request, lang)
        new_games.check(request)
        seats = [SeatSpec(s.kind, s.bot, s.name) for s in body.seats]
        row, tokens = await service().create_game(
            body.game, seats, expansions=body.expansions, variants=body.variants, options=body.options,
            first_player=body.first_player, pace=body.pace, clock=body.clock, bot_budget=body.bot_budget)
        return created(row, tokens, code)

    def created(row: GameRow, tokens: dict[int, str], code: str) -> JSON:
        """The answer to a game just created: the lobby's view of it, each seat's token and link."""
        with use_language(code):
            answer = _game_json(row, service().rooms.get(row.id))
        for seat in answer["seats"]:
            if seat["seat"] in tokens:
                seat["token"] = tokens[seat["seat"]]
                if seat["kind"] == REMOTE:
                    seat["connect"] = f"/api/games/{row.id}/bot?token={tokens[seat['seat']]}"
                else:
                    seat["invite"] = _invite(row.id, tokens[seat["seat"]])
        return answer

    @app.post("/api/lessons", status_code=201, summary="Start a guided game (Learn to play); as POST /api/games")
    async def new_lesson(body: NewLesson, request: Request, lang: LangQuery = None) -> JSON:
        code = request_language(request, lang)
        new_games.check(request)
        row, tokens = await service().create_lesson(body.game, body.pace)
        return created(row, tokens, code)

    @app.get("/api/games", summary="List games, newest first")
    async def list_games(request: Request,
                         status: Annotated[Literal["open", "running", "finished"] | None, Query()] = None,
                         limit: int = Query(50, ge=1, le=config.limits.max_games_listed),
                         lang: LangQuery = None) -> list[JSON]:
        code = request_language(request, lang)
        rows = await service().store.list_games(status, limit)
        with use_language(code):
            return [_game_json(row) for row in rows]

    @app.get("/api/games/{game_id}", summary="One game and its public view")
    async def one_game(game_id: str, request: Request, lang: LangQuery = None) -> JSON:
        code = request_language(request, lang)
        room = await service().room(game_id)
        with use_language(code):
            listed = _game_json(room.row, room)
        return {**listed, "moves": room.seq, "view": room.view(PUBLIC, lang=code).to_json()}

    @app.post("/api/games/{game_id}/join", summary="Take a free seat; the answer holds its token")
    async def join(game_id: str, body: JoinGame, key: KeyHeader = None) -> JSON:
        player = await service().player(key)
        seat, token = await service().join(game_id, body.seat, player, body.name)
        return {"game": game_id, "seat": seat, "token": token, "invite": _invite(game_id, token)}

    @app.get("/api/games/{game_id}/record", summary="A finished game's record (replay it with stoneage replay)")
    async def record(game_id: str) -> JSON:
        return await service().record(game_id)

    add_analysis_route(app, lambda game_id: service().record(game_id), analyses)

    @app.get("/api/games/{game_id}/replay/{at}", summary="A finished game as it was after move `at`")
    async def replay_step(game_id: str, at: int, request: Request,
                          viewer: Annotated[str, Query(pattern=r"^(public|[0-7])$")] = "public",
                          lang: LangQuery = None) -> JSON:
        code = request_language(request, lang)
        return await service().replay_view(game_id, at, PUBLIC if viewer == "public" else int(viewer), lang=code)

    @app.post("/api/players", status_code=201, summary="Become a player: a display name and a personal key")
    async def new_player(body: NewPlayer) -> JSON:
        player, key = await service().new_player(body.name)
        return {"id": player.id, "name": player.name, "key": key}

    async def me(key: str | None) -> Player:
        player = await service().player(key)
        if player is None:
            raise ServiceError(401, "no_key", "send your personal key in the X-Player-Key header")
        return player

    @app.get("/api/players/me", summary="You, and the games you hold a seat in")
    async def whoami(request: Request, key: KeyHeader = None, lang: LangQuery = None) -> JSON:
        code = request_language(request, lang)
        player = await me(key)
        games = await service().store.games_of_player(player.id)
        with use_language(code):
            return {"id": player.id, "name": player.name,
                    "games": [{**_game_json(row), "seat": seat} for row, seat in games]}

    @app.get("/api/players/me/stats", summary="Your statistics per game and player count")
    async def my_stats(key: KeyHeader = None) -> JSON:
        player = await me(key)
        return {"name": player.name, **await player_stats(service().store, player.id)}

    @app.get("/api/leaderboard", summary="Ratings from finished games (openskill), best first")
    async def board(game: Annotated[str, Query(max_length=64)] = DEFAULT_GAME) -> JSON:
        if game not in game_names():
            raise ServiceError(404, "unknown_game", f"no game {shorten(game)}; known: {', '.join(game_names())}")
        return {"game": game, "players": await leaderboard(service().store, game)}

    @app.websocket("/api/games/{game_id}/ws")
    async def table(socket: WebSocket, game_id: str, token: str | None = None, key: str | None = None,
                    seat: str | None = None, name: str | None = None, lang: str | None = None) -> None:
        await socket.accept()
        try:
            code = request_language(socket, lang)
            if seat is not None and not (seat.isascii() and seat.isdigit() and len(seat) < 3):
                raise ServiceError(400, "bad_seat", f"seat must be a seat number, not {shorten(seat)}")
            room = await service().room(game_id)
            player = await service().player(key)
            viewer = await service().admit(room, token, player, None if seat is None else int(seat), name)
            check_room_for(room, viewer, config.limits)
        except (ServiceError, ProtocolError) as error:
            await socket.send_json({"type": "error", "code": getattr(error, "code", "forbidden"),
                                    "message": str(error)})
            await socket.close(CLOSE_POLICY, str(error)[:120])
            return
        client = Connection(socket, viewer, config.limits, lang=code)
        room.clients.add(client)
        client.send_text(room.snapshot(viewer, lang=code))
        try:
            await _serve(client, room, service().command)
        finally:
            service().left(room, client)
            await client.finish()

    @app.websocket("/api/games/{game_id}/bot")
    async def remote_bot(socket: WebSocket, game_id: str, token: str | None = None) -> None:
        await service().remotes.serve(socket, game_id, token, config.limits)

    add_pages(app)
    return app


class NewGames:
    """How many games one address may create: ``Limits.new_games_per_minute``, in bursts of ``new_games_burst``."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.per_address = PerAddress(limits.new_games_per_minute / 60, limits.new_games_burst)

    def check(self, request: Request) -> None:
        """``ServiceError`` 429 ``too_many_games`` when the request's address has created its share."""
        if not self.per_address.allow(request.client.host if request.client else ""):
            raise ServiceError(429, "too_many_games", f"at most {self.limits.new_games_per_minute:g} new games a "
                               f"minute from one address (bursts of {self.limits.new_games_burst}); try again "
                               "in a minute")


def check_room_for(room: Room, viewer: int, limits: Limits) -> None:
    """``ProtocolError`` ``full`` when the game holds as many connections of this viewer as it may: a
    spectator beyond ``max_watchers_per_game``, a seat beyond ``max_connections_per_seat``."""
    held = sum(1 for client in room.clients if client.viewer == viewer)
    if viewer == PUBLIC and held >= limits.max_watchers_per_game:
        raise ProtocolError("full", f"this game has {held} watchers, as many as it takes; try again later")
    if viewer != PUBLIC and held >= limits.max_connections_per_seat:
        raise ProtocolError("full", f"seat {viewer} is open in {held} places already; close one first")


async def _serve(client: Connection, room: Room,
                 handle: Callable[[Room, Connection, str | bytes], Awaitable[None]]) -> None:
    """Read a client's messages until it goes, answering each refusal with an error to it alone."""
    while client.closing is None:
        try:
            data = await client.receive()
            if data is None:
                return
            await handle(room, client, data)
        except ProtocolError as error:
            client.send_error(error)

