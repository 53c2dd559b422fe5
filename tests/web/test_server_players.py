"""Players over a real server: personal keys and seats, statistics, the leaderboard, game records."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from stoneage.core.record import replay

from web.client import (
    JSON,
    Table,
    bot_seat,
    create_game,
    error_of,
    join_game,
    new_player,
    person_seats,
    play_out_all,
    tokens_of,
)
from web.server import ServerProcess


def me(server: ServerProcess, path: str = "", key: str | None = None) -> httpx.Response:
    headers = {"X-Player-Key": key} if key is not None else {}
    return httpx.get(f"{server.http}/api/players/me{path}", headers=headers, timeout=30)


async def first_message(server: ServerProcess, game_id: str, **query: object) -> JSON:
    """The first message a connection gets (``hello`` or an ``error``)."""
    async with Table(server.ws, game_id, **query) as table:
        return await table.receive()


# --- keys -------------------------------------------------------------------------------------------

def test_a_new_player_gets_an_id_a_clean_name_and_a_personal_key(server: ServerProcess) -> None:
    answer = httpx.post(f"{server.http}/api/players", json={"name": "  Ada\u0007 Lovelace\n"}, timeout=30)
    assert answer.status_code == 201, answer.text
    player = answer.json()
    assert set(player) == {"id", "name", "key"}
    assert player["name"] == "Ada Lovelace" and len(player["key"]) >= 32 and player["id"] != player["key"]
    who = me(server, key=player["key"]).json()
    assert who == {"id": player["id"], "name": "Ada Lovelace", "games": []}
    assert new_player(server.http, "Ada Lovelace")["key"] != player["key"], "every player has a key of their own"
    for body in ({"name": ""}, {}, {"name": 5}, {"name": "x" * 101}, {"name": "Ada", "key": "mine"}):
        assert error_of(httpx.post(f"{server.http}/api/players", json=body), 422)["code"] == "bad_request"


@pytest.mark.parametrize("path", ["", "/stats"])
def test_without_a_key_you_are_nobody_and_a_bogus_key_is_refused(server: ServerProcess, path: str) -> None:
    missing = error_of(me(server, path), 401)
    assert missing["code"] == "no_key" and "X-Player-Key" in missing["message"]
    assert error_of(me(server, path, key="bogus-key"), 403)["code"] == "bad_key"


def test_a_seat_taken_with_a_key_is_refused_to_its_token_with_another_key_or_none(server: ServerProcess) -> None:
    ada, eve = new_player(server.http, "Ada"), new_player(server.http, "Eve")
    created = create_game(server.http, "first_stone_age", person_seats(2))
    game_id, tokens = created["id"], tokens_of(created)

    async def scenario() -> dict[str, JSON]:
        seen = {"ada": await first_message(server, game_id, token=tokens[0], key=ada["key"])}
        seen["again"] = await first_message(server, game_id, token=tokens[0], key=ada["key"])
        seen["no key"] = await first_message(server, game_id, token=tokens[0])
        seen["eve"] = await first_message(server, game_id, token=tokens[0], key=eve["key"])
        seen["bogus key"] = await first_message(server, game_id, token=tokens[0], key="bogus")
        seen["by seat"] = await first_message(server, game_id, key=ada["key"], seat=0)
        seen["not her seat"] = await first_message(server, game_id, key=ada["key"], seat=1)
        seen["eve by seat"] = await first_message(server, game_id, key=eve["key"], seat=0)
        seen["seat alone"] = await first_message(server, game_id, seat=0)
        seen["key alone"] = await first_message(server, game_id, key=eve["key"])
        return seen

    seen = asyncio.run(scenario())
    assert seen["ada"]["type"] == "hello" and seen["ada"]["viewer"] == 0
    assert seen["ada"]["seats"][0]["name"] == "Ada", "the seat takes the player's name"
    assert seen["again"]["type"] == "hello" and seen["again"]["viewer"] == 0
    for who in ("no key", "eve"):
        assert seen[who]["type"] == "error" and seen[who]["code"] == "seat_taken", (who, seen[who])
    assert seen["bogus key"]["code"] == "bad_key"
    assert seen["by seat"]["type"] == "hello" and seen["by seat"]["viewer"] == 0, "your key opens your own seat"
    for who in ("not her seat", "eve by seat", "seat alone"):
        assert seen[who]["type"] == "error" and seen[who]["code"] == "forbidden", (who, seen[who])
    assert seen["key alone"]["type"] == "hello" and seen["key alone"]["viewer"] is None, "a key alone only watches"


def test_a_seat_joined_with_a_key_is_listed_among_your_games_and_opens_with_your_key(server: ServerProcess) -> None:
    cleo = new_player(server.http, "Cleo")
    created = create_game(server.http, "stone_age", [bot_seat("random"), *person_seats(2)])
    joined = join_game(server.http, created["id"], 2, key=cleo["key"], name="Cleo the Great")
    assert joined.status_code == 200, joined.text
    assert error_of(join_game(server.http, created["id"], key="bogus"), 403)["code"] == "bad_key"

    mine = me(server, key=cleo["key"]).json()
    assert [(g["id"], g["seat"]) for g in mine["games"]] == [(created["id"], 2)]
    assert mine["games"][0]["seats"][2]["name"] == "Cleo the Great" and "token" not in json.dumps(mine["games"])

    async def scenario() -> tuple[JSON, JSON]:
        return (await first_message(server, created["id"], key=cleo["key"], seat=2),
                await first_message(server, created["id"], token=joined.json()["token"]))

    by_key, by_token = asyncio.run(scenario())
    assert by_key["viewer"] == 2
    assert by_token["type"] == "error" and by_token["code"] == "seat_taken"


# --- finished games: statistics, leaderboard, records ---------------------------------------------

@dataclass(frozen=True)
class Played:
    """Three finished games of My First Stone Age between two keyed players, a bot and a guest."""

    ada: JSON
    bob: JSON
    seats: dict[str, dict[str, int]]
    """Per game id: the seat of each of ``"ada"`` and ``"bob"`` in it."""
    records: dict[str, JSON]


@pytest.fixture(scope="module")
def played(server: ServerProcess) -> Iterator[Played]:
    ada, bob = new_player(server.http, "Ada Stats"), new_player(server.http, "Bob Stats")
    two = create_game(server.http, "first_stone_age", person_seats(2))
    with_bot = create_game(server.http, "first_stone_age", [bot_seat("child"), {"kind": "person"}])
    three = create_game(server.http, "first_stone_age", person_seats(3))
    # Ada takes her seats by a join with her key, Bob by his invite with his key; one seat is a guest's
    joins = [join_game(server.http, game_id, seat, key=ada["key"])
             for game_id, seat in ((two["id"], 0), (with_bot["id"], 1), (three["id"], 2))]
    assert all(answer.status_code == 200 for answer in joins), [answer.text for answer in joins]
    tables = [
        Table(server.ws, two["id"], token=joins[0].json()["token"], key=ada["key"]),
        Table(server.ws, two["id"], token=tokens_of(two)[1], key=bob["key"]),
        Table(server.ws, with_bot["id"], key=ada["key"], seat=1),
        Table(server.ws, three["id"], token=tokens_of(three)[0], key=bob["key"]),
        Table(server.ws, three["id"], token=tokens_of(three)[1]),
        Table(server.ws, three["id"], token=joins[2].json()["token"], key=ada["key"]),
    ]

    async def play() -> None:
        await play_out_all(tables)

    asyncio.run(play())
    seats = {two["id"]: {"ada": 0, "bob": 1}, with_bot["id"]: {"ada": 1}, three["id"]: {"ada": 2, "bob": 0}}
    records = {game_id: httpx.get(f"{server.http}/api/games/{game_id}/record", timeout=30).json() for game_id in seats}
    yield Played(ada, bob, seats, records)


def expected_stats(played: Played, who: str) -> JSON:
    table: dict[tuple[str, int], list[tuple[int, bool]]] = {}
    for game_id, held in played.seats.items():
        if who in held:
            result = played.records[game_id]["result"]
            record = played.records[game_id]
            table.setdefault((record["game"], record["players"]), []).append(
                (result["scores"][held[who]], held[who] in result["winners"]))
    rows = [{"game": game, "players": players, "games": len(entries), "wins": sum(won for _, won in entries),
             "average_score": round(sum(score for score, _ in entries) / len(entries), 2)}
            for (game, players), entries in sorted(table.items())]
    return {"games": sum(r["games"] for r in rows), "wins": sum(r["wins"] for r in rows), "by_game": rows}


def test_your_statistics_count_your_finished_games_wins_and_average_score_per_game_and_player_count(
        server: ServerProcess, played: Played) -> None:
    for who, player in (("ada", played.ada), ("bob", played.bob)):
        answer = me(server, "/stats", key=player["key"])
        assert answer.status_code == 200, answer.text
        stats = answer.json()
        assert stats == {"name": player["name"], **expected_stats(played, who)}
    ada = me(server, "/stats", key=played.ada["key"]).json()
    assert [(row["players"], row["games"]) for row in ada["by_game"]] == [(2, 2), (3, 1)]
    bob = me(server, "/stats", key=played.bob["key"]).json()
    assert [(row["players"], row["games"]) for row in bob["by_game"]] == [(2, 1), (3, 1)], "only Bob's own games"


def test_your_games_list_every_seat_you_hold_and_no_one_elses(server: ServerProcess, played: Played) -> None:
    for who, player in (("ada", played.ada), ("bob", played.bob)):
        games = me(server, key=player["key"]).json()["games"]
        expected = {game_id: held[who] for game_id, held in played.seats.items() if who in held}
        assert {game["id"]: game["seat"] for game in games} == expected
        assert all(game["status"] == "finished" and game["result"]["scores"] for game in games)


def test_a_new_player_has_no_statistics(server: ServerProcess, played: Played) -> None:
    nobody = new_player(server.http, "Newcomer")
    assert me(server, "/stats", key=nobody["key"]).json() == {"name": "Newcomer", "games": 0, "wins": 0, "by_game": []}


def test_the_leaderboard_rates_players_and_bots_but_not_guests_and_leaks_no_keys_or_ids(
        server: ServerProcess, played: Played) -> None:
    answer = httpx.get(f"{server.http}/api/leaderboard", params={"game": "first_stone_age"}, timeout=30)
    assert answer.status_code == 200
    board = answer.json()
    assert board["game"] == "first_stone_age"
    entries = board["players"]
    assert all(set(entry) == {"name", "kind", "rating", "mu", "sigma", "games", "wins"} for entry in entries)
    assert {entry["kind"] for entry in entries} <= {"player", "bot"}
    by_name = {entry["name"]: entry for entry in entries}
    for who, player in (("ada", played.ada), ("bob", played.bob)):
        stats = expected_stats(played, who)
        entry = by_name[player["name"]]
        assert entry["kind"] == "player" and entry["games"] == stats["games"] and entry["wins"] == stats["wins"]
    assert by_name["child"]["kind"] == "bot" and by_name["child"]["games"] >= 1
    ratings = [entry["rating"] for entry in entries]
    assert ratings == sorted(ratings, reverse=True), "best first"
    for secret in (played.ada["key"], played.bob["key"], played.ada["id"], played.bob["id"]):
        assert secret not in answer.text
    assert httpx.get(f"{server.http}/api/leaderboard", params={"game": "stone_age_junior"}).json()["players"] == []
    unknown = httpx.get(f"{server.http}/api/leaderboard", params={"game": "chess"})
    assert error_of(unknown, 404)["code"] == "unknown_game"


def test_a_running_games_record_is_refused_until_it_is_finished(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    error = error_of(httpx.get(f"{server.http}/api/games/{created['id']}/record", timeout=30), 409)
    assert error["code"] == "not_finished"
    assert error_of(httpx.get(f"{server.http}/api/games/nothing-here/record"), 404)["code"] == "not_found"


def test_a_finished_games_record_has_seed_0_and_replays_in_python_and_with_the_cli(
        server: ServerProcess, played: Played, tmp_path: Path) -> None:
    for game_id, record in played.records.items():
        shown = httpx.get(f"{server.http}/api/games/{game_id}", timeout=30).json()
        assert record["format"] == 1 and record["game"] == "first_stone_age" and record["seed"] == 0
        assert record["players"] == shown["players"] and len(record["actions"]) == shown["moves"]
        assert record["result"]["scores"] == shown["result"]["scores"]
        assert record["result"]["winners"] == shown["result"]["winners"]
        assert record["names"] == [seat["name"] for seat in shown["seats"]]
        _, state = replay(record)  # checks the stored result against the replayed one too
        assert state.is_terminal() and state.scores() == record["result"]["scores"]
    with_bot = next(record for record in played.records.values() if "child" in record["seats"])
    assert with_bot["seats"] == ["child", "human"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(with_bot), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "stoneage", "replay", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    replayed = f"Replayed {len(with_bot['actions'])} actions of My First Stone Age: The Card Game (2 players, seed 0)"
    assert replayed in done.stdout
    winners = with_bot["result"]["winners"]
    if len(winners) == 1:
        assert f"Winner: Player {winners[0] + 1} with" in done.stdout
