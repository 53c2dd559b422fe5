"""The lobby over HTTP against a real server: game types, creating games, refusals, listings, joining."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from typing import Any

import httpx
import pytest

from stoneage.core.contract import PUBLIC
from stoneage.core.registry import game_info

from web.client import (
    JSON,
    Table,
    bot_seat,
    create_game,
    error_of,
    join_game,
    person_seats,
    tokens_of,
)
from web.server import ServerProcess

GAMES = ("first_stone_age", "stone_age", "stone_age_junior")
DEFAULT_BOTS = {"stone_age": "medium", "first_stone_age": "child", "stone_age_junior": "junior_child"}


def listed(server: ServerProcess, status: str | None = None) -> list[str]:
    params: dict[str, Any] = {"limit": 200} | ({"status": status} if status else {})
    answer = httpx.get(f"{server.http}/api/games", params=params, timeout=30)
    assert answer.status_code == 200, answer.text
    return [game["id"] for game in answer.json()]


def test_game_types_list_every_game_with_its_players_expansions_variants_and_bot_levels(
        server: ServerProcess) -> None:
    answer = httpx.get(f"{server.http}/api/game-types", timeout=30)
    assert answer.status_code == 200
    types = {entry["name"]: entry for entry in answer.json()}
    assert set(types) == set(GAMES)
    for name, entry in types.items():
        info = game_info(name)
        assert entry["players"]["min"] == info.min_players == 2
        assert entry["players"]["max"] == info.max_players == 4
        assert [e["name"] for e in entry["expansions"]] == [e["name"] for e in info.to_json()["expansions"]]
        assert [v["name"] for v in entry["variants"]] == [v["name"] for v in info.to_json()["variants"]]
        assert entry["bots"][0] == DEFAULT_BOTS[name], "the game's own bot is offered first"
        assert "random" in entry["bots"] and len(set(entry["bots"])) == len(entry["bots"])
    assert [e["name"] for e in types["stone_age"]["expansions"]] == ["mammoth"]
    assert {"hunt_repeat", "two_resources_at_once", "open_cards"} <= {v["name"] for v in types["stone_age"]["variants"]}
    assert [e["name"] for e in types["stone_age_junior"]["expansions"]] == ["cards"]
    assert "memory" in types["first_stone_age"]["bots"] and "memory" not in types["stone_age"]["bots"]
    assert "junior_child" not in types["stone_age"]["bots"]


@pytest.mark.parametrize(("game", "seats", "expansions", "variants"), [
    ("stone_age", [{"kind": "person"}, bot_seat("medium"), bot_seat("hard")], ["mammoth"], ["hunt_repeat"]),
    ("first_stone_age", [{"kind": "person"}, bot_seat("memory"), {"kind": "person"}, bot_seat("child")], [], []),
    ("stone_age_junior", [bot_seat("junior_child"), {"kind": "person"}], ["cards"], ["one_swap"]),
])
def test_a_game_is_created_with_its_expansions_variants_and_seats_of_people_and_bots(
        server: ServerProcess, game: str, seats: list[JSON], expansions: list[str], variants: list[str]) -> None:
    created = create_game(server.http, game, seats, expansions=expansions, variants=variants, clock=60)
    assert created["game"] == game and created["players"] == len(seats)
    assert created["expansions"] == expansions and created["variants"] == variants
    assert created["status"] == "open"
    assert created["settings"] == {"pace": 0, "clock": 60}
    assert "seed" not in created
    for asked, seat in zip(seats, created["seats"], strict=True):
        assert seat["kind"] == asked["kind"] and seat["taken"] is (asked["kind"] == "bot")
        if asked["kind"] == "bot":
            assert seat["bot"] == asked["bot"] and "token" not in seat
        else:
            assert len(seat["token"]) >= 32
            assert created["id"] in seat["invite"] and seat["invite"].endswith(f"token={seat['token']}")
    assert all(created["id"] in link for link in created["links"].values())

    shown = httpx.get(f"{server.http}/api/games/{created['id']}", timeout=30).json()
    assert shown["expansions"] == expansions and shown["variants"] == variants
    assert [s["kind"] for s in shown["seats"]] == [s["kind"] for s in seats]
    assert shown["view"]["game"] == game


BAD_REQUESTS: list[tuple[str, JSON, int, str, str]] = [
    ("unknown game", {"game": "chess", "seats": person_seats(2)}, 400, "unknown_game", "chess"),
    ("too few seats", {"game": "stone_age", "seats": person_seats(1)}, 400, "bad_seats", "2 to 4"),
    ("too many seats", {"game": "first_stone_age", "seats": person_seats(5)}, 400, "bad_seats", "not 5"),
    ("no seats", {"game": "stone_age", "seats": []}, 422, "bad_request", "seats"),
    ("unknown bot level", {"game": "stone_age", "seats": [{"kind": "person"}, bot_seat("grandmaster")]},
     400, "bad_bot", "grandmaster"),
    ("another game's bot", {"game": "stone_age", "seats": [{"kind": "person"}, bot_seat("child")]},
     400, "bad_bot", "child"),
    ("a bot seat without a level", {"game": "stone_age", "seats": [{"kind": "person"}, {"kind": "bot"}]},
     422, "bad_request", "a bot seat names its level"),
    ("a person seat with a bot level", {"game": "stone_age", "seats": [{"kind": "person", "bot": "medium"},
                                                                       bot_seat("medium")]},
     422, "bad_request", "a person seat names none"),
    ("a number as a string", {"game": "stone_age", "seats": [{"kind": "person"}, bot_seat("medium")], "pace": "0.5"},
     422, "bad_request", "pace"),
    ("a bool as a seat number", {"game": "stone_age", "seats": [{"kind": "person"}, bot_seat("medium")],
                                 "first_player": True},
     422, "bad_request", "first_player"),
    ("a bot with parameters", {"game": "stone_age", "seats": [{"kind": "person"}, bot_seat("mcts:iterations=9999999")]},
     400, "bad_bot", "mcts"),
    ("unknown expansion", {"game": "stone_age", "seats": person_seats(2), "expansions": ["dinosaurs"]},
     400, "bad_option", "dinosaurs"),
    ("unknown variant", {"game": "stone_age_junior", "seats": person_seats(2), "variants": ["two_swaps"]},
     400, "bad_option", "two_swaps"),
    ("a file name for data", {"game": "stone_age", "seats": person_seats(2), "expansions": ["mammoth"],
                              "options": {"mammoth_tiles": "/etc/passwd"}}, 400, "bad_option", "file name"),
    ("the seed as an option", {"game": "stone_age", "seats": person_seats(2), "options": {"seed": 7}},
     400, "bad_option", "seed"),
    ("an unknown option", {"game": "stone_age", "seats": person_seats(2), "options": {"speed": 2}},
     400, "bad_option", "speed"),
    ("bad data for an option", {"game": "stone_age", "seats": person_seats(2), "expansions": ["mammoth"],
                                "options": {"mammoth_tiles": [1, 2]}}, 400, "bad_option", "mammoth tiles"),
    ("no such first player", {"game": "stone_age", "seats": person_seats(2), "first_player": 3},
     400, "bad_option", "first_player"),
    ("a clock under a second", {"game": "stone_age", "seats": person_seats(2), "clock": 0.5}, 400, "bad_clock", "0.5"),
    ("a clock over a week", {"game": "stone_age", "seats": person_seats(2), "clock": 10**7}, 400, "bad_clock", "clock"),
    ("a negative pace", {"game": "stone_age", "seats": person_seats(2), "pace": -1}, 422, "bad_request", "pace"),
    ("a pace over 10 s", {"game": "stone_age", "seats": person_seats(2), "pace": 11}, 422, "bad_request", "pace"),
    ("an extra field", {"game": "stone_age", "seats": person_seats(2), "seed": 1}, 422, "bad_request", "seed"),
    ("an extra seat field", {"game": "stone_age", "seats": [{"kind": "person", "token": "x"}] * 2},
     422, "bad_request", "token"),
    ("an unknown seat kind", {"game": "stone_age", "seats": [{"kind": "alien"}] * 2}, 422, "bad_request", "kind"),
    ("seats not a list", {"game": "stone_age", "seats": "two"}, 422, "bad_request", "seats"),
    ("game not a string", {"game": 5, "seats": person_seats(2)}, 422, "bad_request", "game"),
    ("clock not a number", {"game": "stone_age", "seats": person_seats(2), "clock": "soon"},
     422, "bad_request", "clock"),
    ("expansions not a list", {"game": "stone_age", "seats": person_seats(2), "expansions": "mammoth"},
     422, "bad_request", "expansions"),
    ("no game", {"seats": person_seats(2)}, 422, "bad_request", "game"),
]


@pytest.mark.parametrize(("why", "body", "status", "code", "named"), BAD_REQUESTS, ids=[b[0] for b in BAD_REQUESTS])
def test_a_bad_game_request_is_refused_with_json_naming_the_problem_and_creates_nothing(
        server: ServerProcess, why: str, body: JSON, status: int, code: str, named: str) -> None:
    before = len(listed(server))
    error = error_of(httpx.post(f"{server.http}/api/games", json=body, timeout=30), status)
    assert error["code"] == code, error
    assert named in error["message"], error
    assert len(listed(server)) == before


@pytest.mark.parametrize("body", [b'{"game": "stone_age",', b"[]", b"not json"])
def test_a_body_that_is_not_a_json_object_is_refused_with_json(server: ServerProcess, body: bytes) -> None:
    answer = httpx.post(f"{server.http}/api/games", content=body, headers={"content-type": "application/json"})
    assert error_of(answer, 422)["code"] == "bad_request"


def test_the_lobby_lists_games_by_status_as_seats_are_taken_and_the_game_finishes(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    game_id = created["id"]
    assert game_id in listed(server, "open") and game_id in listed(server)
    assert game_id not in listed(server, "running") and game_id not in listed(server, "finished")

    joined = join_game(server.http, game_id, 0, name="Ada")
    assert joined.status_code == 200, joined.text
    assert game_id in listed(server, "open"), "one seat is still free"
    entry = next(g for g in httpx.get(f"{server.http}/api/games", params={"status": "open"}).json()
                 if g["id"] == game_id)
    assert [(s["taken"], s["name"]) for s in entry["seats"]] == [(True, "Ada"), (False, None)]
    assert all("token" not in seat for seat in entry["seats"])

    tokens = [joined.json()["token"], tokens_of(created)[1]]

    async def play() -> None:
        async with Table(server.ws, game_id, token=tokens[0]) as ada, Table(server.ws, game_id, token=tokens[1]) as bob:
            await bob.until("hello")
            assert game_id in listed(server, "running") and game_id not in listed(server, "open")
            await asyncio.gather(ada.play_out(random.Random(1)), bob.play_on(random.Random(2)))

    asyncio.run(play())
    assert game_id in listed(server, "finished")
    assert game_id not in listed(server, "running") and game_id not in listed(server, "open")
    finished = httpx.get(f"{server.http}/api/games/{game_id}").json()
    assert finished["status"] == "finished" and finished["result"]["scores"]
    assert httpx.get(f"{server.http}/api/games", params={"status": "paused"}).status_code == 422


def test_a_join_takes_a_free_seat_and_the_old_invite_of_that_seat_no_longer_opens_it(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(3))
    old = tokens_of(created)
    joined = join_game(server.http, created["id"], 1, name="Cleo")
    assert joined.status_code == 200, joined.text
    body = joined.json()
    assert body["seat"] == 1 and body["game"] == created["id"] and body["token"] not in old
    assert created["id"] in body["invite"] and body["invite"].endswith(f"token={body['token']}")
    first_free = join_game(server.http, created["id"])
    assert first_free.status_code == 200 and first_free.json()["seat"] == 0

    async def connect() -> tuple[JSON, int | None, JSON]:
        async with Table(server.ws, created["id"], token=old[1]) as stale:
            refused = await stale.receive()
            code = await stale.closed()
        async with Table(server.ws, created["id"], token=body["token"]) as fresh:
            hello = await fresh.until("hello")
        return refused, code, hello

    refused, code, hello = asyncio.run(connect())
    assert refused["type"] == "error" and refused["code"] == "bad_token"
    assert code == 1008
    assert hello["viewer"] == 1 and hello["seats"][1]["name"] == "Cleo"

    for seat in (0, 1):
        error = error_of(join_game(server.http, created["id"], seat), 409)
        assert error["code"] == "no_free_seat" and "taken" in error["message"]
    assert join_game(server.http, created["id"], 2).status_code == 200
    error = error_of(join_game(server.http, created["id"]), 409)
    assert error["code"] == "no_free_seat" and "no free seat" in error["message"]
    assert error_of(join_game(server.http, "no-such-game"), 404)["code"] == "not_found"
    assert error_of(join_game(server.http, created["id"], 9), 422)["code"] == "bad_request"


def test_an_invite_and_a_join_racing_for_one_seat_never_both_get_it(server: ServerProcess) -> None:
    async def race(client: httpx.AsyncClient) -> tuple[str, int, str | None]:
        created = create_game(server.http, "first_stone_age", person_seats(2))
        game_id, invite = created["id"], tokens_of(created)[0]

        async def connect(token: str) -> str:
            async with Table(server.ws, game_id, token=token) as table:
                message = await table.receive()
                return str(message.get("code") or message["type"])

        joined, opened = await asyncio.gather(
            client.post(f"{server.http}/api/games/{game_id}/join", json={"seat": 0}), connect(invite))
        new = joined.json()["token"] if joined.status_code == 200 else None
        return opened, joined.status_code, await connect(new) if new else None

    async def races() -> list[tuple[str, int, str | None]]:
        async with httpx.AsyncClient(timeout=30) as client:
            return [await race(client) for _ in range(12)]

    for opened, joined, reopened in asyncio.run(races()):
        assert (opened, joined) in {("hello", 409), ("bad_token", 200)}, (opened, joined)
        if joined == 200:
            assert reopened == "hello", "the token a join answers with opens the seat"


def test_a_game_shows_its_public_view_without_tokens_or_seed(server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age_junior", [{"kind": "person"}, bot_seat("junior")],
                          expansions=["cards"])
    answer = httpx.get(f"{server.http}/api/games/{created['id']}", timeout=30)
    assert answer.status_code == 200
    shown = answer.json()
    assert shown["id"] == created["id"] and shown["status"] == "open"
    assert shown["view"]["viewer"] == PUBLIC and shown["view"]["decision"] is None
    assert shown["view"]["panels"], "the public view draws the table"
    assert shown["moves"] >= 0
    assert [s["name"] for s in shown["seats"]] == ["Player 1", "Player 2 (junior)"]
    text = answer.text
    assert "seed" not in shown and tokens_of(created)[0] not in text
    assert all("token" not in seat and "invite" not in seat for seat in shown["seats"])
    assert error_of(httpx.get(f"{server.http}/api/games/nothing-here"), 404)["code"] == "not_found"
    assert error_of(httpx.get(f"{server.http}/api/games/bad%20id!"), 404)["code"] == "not_found"


def test_a_game_of_bots_alone_is_running_at_once_and_plays_to_the_end_without_pausing(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", [bot_seat("child"), bot_seat("random")], pace=10)
    assert created["status"] == "running" and all(seat["taken"] for seat in created["seats"])
    deadline = time.monotonic() + 20
    while created["id"] not in listed(server, "finished"):
        assert time.monotonic() < deadline, "a bots-only game is not paced: it ends in moments"
        time.sleep(0.1)
    record = httpx.get(f"{server.http}/api/games/{created['id']}/record").json()
    assert record["seats"] == ["child", "random"]


def test_the_openapi_page_and_schema_are_served(server: ServerProcess) -> None:
    page = httpx.get(f"{server.http}/docs", timeout=30)
    assert page.status_code == 200 and "swagger" in page.text.lower() and "openapi.json" in page.text
    schema = httpx.get(f"{server.http}/openapi.json", timeout=30)
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ("/api/game-types", "/api/games", "/api/games/{game_id}", "/api/games/{game_id}/join",
                 "/api/games/{game_id}/record", "/api/players", "/api/players/me", "/api/players/me/stats",
                 "/api/leaderboard"):
        assert path in paths, path
    assert "CreateGame" in json.dumps(schema.json()["components"])


@pytest.mark.parametrize("chunked", [False, True], ids=["declared", "chunked"])
def test_an_http_body_over_64_kib_is_refused_with_413_json(server: ServerProcess, chunked: bool) -> None:
    body = b'{"name": "' + b"x" * (64 * 1024) + b'"}'
    content: Any = iter([body[i:i + 4096] for i in range(0, len(body), 4096)]) if chunked else body
    answer = httpx.post(f"{server.http}/api/players", content=content, headers={"content-type": "application/json"},
                        timeout=30)
    error = error_of(answer, 413)
    assert error["code"] == "too_large" and "65536" in error["message"]
    small = httpx.post(f"{server.http}/api/games", json={"game": "stone_age", "seats": person_seats(2),
                                                         "expansions": ["x" * 60_000]}, timeout=30)
    assert small.status_code == 422, "a body under the limit is read (and then judged)"


def test_unknown_routes_and_methods_answer_json(server: ServerProcess) -> None:
    assert error_of(httpx.get(f"{server.http}/api/nothing"), 404)["code"] == "not_found"
    assert error_of(httpx.put(f"{server.http}/api/games"), 405)["code"] == "method_not_allowed"


def test_a_request_head_over_64_kib_is_refused_and_the_server_answers_others_meanwhile(server: ServerProcess) -> None:
    """The complaint: one 32 MiB header got a 200 and froze the server for seconds. A head over the
    limit is refused (4xx, or the connection closed) without reading it all, and a request sent on
    another connection while the huge one streams in is answered."""
    host, port = server.http.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as huge:
        huge.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ")
        sent, refused = 0, False
        chunk = b"a" * 65536
        while sent < 32 * 1024 * 1024:
            try:
                huge.sendall(chunk)
            except OSError:  # the server closed the connection: refused before the end
                refused = True
                break
            sent += len(chunk)
            if sent == 4 * 65536:
                assert httpx.get(f"{server.http}/api/health", timeout=30).status_code == 200
        if not refused:
            huge.sendall(b"\r\n\r\n")
            answer = huge.recv(4096)
            assert answer == b"" or answer.split(b" ", 2)[1].startswith(b"4"), answer[:200]
        assert sent < 32 * 1024 * 1024 or not refused
    assert httpx.get(f"{server.http}/api/health", timeout=30).status_code == 200
