"""The table over real websockets: seat tokens, updates, stale moves, reconnects, clocks, pace, limits."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time

import httpx

from stoneage.bots.registry import bot_label
from stoneage.core.contract import PUBLIC
from stoneage.core.i18n import use_language
from stoneage.core.record import game_from_record
from stoneage.play.events import apply_with_events
from stoneage.play.kit import play_kit
from stoneage.web.config import Limits

from web.client import (
    JSON,
    Table,
    bot_seat,
    create_game,
    error_of,
    first_event,
    join_game,
    person_seats,
    play_out_all,
    tokens_of,
)
from web.server import ServerProcess


def record_of(server: ServerProcess, game_id: str) -> JSON:
    answer = httpx.get(f"{server.http}/api/games/{game_id}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    record: JSON = answer.json()
    return record


def decisions_by_seat(record: JSON) -> dict[int, int]:
    """How many decisions each seat made in a record (chance left out)."""
    state = game_from_record(record).new_initial_state()
    made: dict[int, int] = {}
    for text in record["actions"]:
        seat = state.current_player()
        if seat >= 0:
            made[seat] = made.get(seat, 0) + 1
        state.apply_action(state.string_to_action(text))
    return made


async def error_from(table: Table) -> JSON:
    """The next ``error`` (answers in between are kept in ``received``)."""
    return await table.until("error", timeout=10)


# --- seats and spectators -----------------------------------------------------------------------

def test_without_a_token_a_connection_is_a_spectator_who_cannot_move(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))

    async def scenario() -> tuple[JSON, JSON, JSON]:
        async with Table(server.ws, created["id"]) as watcher:
            hello = await watcher.until("hello")
            await watcher.move(0, seq=hello["seq"])
            refused = await error_from(watcher)
            await watcher.send({"type": "ping"})
            return hello, refused, await watcher.until("pong")

    hello, refused, pong = asyncio.run(scenario())
    assert hello["viewer"] is None and hello["view"]["viewer"] == PUBLIC
    assert hello["view"]["decision"] is None and hello["game_id"] == created["id"]
    assert all("token" not in seat for seat in hello["seats"])
    assert refused["code"] == "spectator"
    assert pong == {"type": "pong"}, "a refused move leaves the connection open"


def test_a_wrong_token_or_another_games_token_is_refused_and_closed(server: ServerProcess) -> None:
    ours = create_game(server.http, "first_stone_age", person_seats(2))
    theirs = create_game(server.http, "first_stone_age", person_seats(2))

    async def refused(token: str) -> tuple[JSON, int | None]:
        async with Table(server.ws, ours["id"], token=token) as table:
            first = await table.receive()
            return first, await table.closed()

    for token in ("not-a-token", tokens_of(theirs)[0], tokens_of(ours)[0] + "x", ""):  # token= with no value too
        first, code = asyncio.run(refused(token))
        assert first["type"] == "error" and first["code"] == "bad_token", first
        assert code == 1008
    seats = httpx.get(f"{server.http}/api/games/{ours['id']}").json()["seats"]
    assert not any(seat["taken"] for seat in seats), "a refused token takes no seat"

    async def unknown_game() -> tuple[JSON, int | None]:
        async with Table(server.ws, "no-such-game", token=tokens_of(ours)[0]) as table:
            return await table.receive(), await table.closed()

    first, code = asyncio.run(unknown_game())
    assert first["code"] == "not_found" and code == 1008

    async def not_a_seat_number() -> tuple[JSON, int | None]:
        async with Table(server.ws, ours["id"], seat="abc", key="whatever") as table:
            return await table.receive(), await table.closed()

    first, code = asyncio.run(not_a_seat_number())
    assert first["code"] == "bad_seat" and "seat number" in first["message"] and code == 1008


# --- real time ------------------------------------------------------------------------------------

def test_every_client_gets_one_update_per_action_with_the_events_filtered_for_its_viewer(
        server: ServerProcess) -> None:
    created = create_game(server.http, "stone_age_junior", [*person_seats(2), bot_seat("junior_child")],
                          expansions=["cards"])
    tokens = tokens_of(created)

    async def scenario() -> list[Table]:
        tables = [Table(server.ws, created["id"], token=tokens[0]), Table(server.ws, created["id"], token=tokens[1]),
                  Table(server.ws, created["id"])]
        for table in tables:
            await table.__aenter__()
        try:
            async def watch(table: Table) -> None:
                await table.until("hello")
                while not table.over():
                    await table.receive()

            await asyncio.gather(tables[0].play_out(random.Random(3)), tables[1].play_out(random.Random(4)),
                                 watch(tables[2]))
            return tables
        finally:
            for table in tables:
                await table.__aexit__()

    tables = asyncio.run(scenario())
    record = record_of(server, created["id"])
    game = game_from_record(record)
    states = [game.new_initial_state()]
    for text in record["actions"]:
        after = states[-1].clone()
        after.apply_action(after.string_to_action(text))
        states.append(after)
    told: dict[int, dict[int, str]] = {}
    for table, viewer in zip(tables, (0, 1, PUBLIC), strict=True):
        hello = table.of_type("hello")[0]
        updates = table.of_type("update")
        assert [u["seq"] for u in updates] == list(range(hello["seq"] + 1, len(record["actions"]) + 1))
        for update in updates:
            before = states[update["seq"] - 1]
            action = before.string_to_action(record["actions"][update["seq"] - 1])
            expected = [e.to_json() for e in apply_with_events(before.clone(), action, viewer)]
            assert update["view"]["events"] == expected, (viewer, update["seq"])
            assert update["view"]["viewer"] == viewer
            assert (update["view"]["decision"] is not None) == (update["view"]["to_move"] == viewer)
            told.setdefault(update["seq"], {})[viewer] = first_event(update)["text"]
    # a goods card drawn face down is named to the seat that draws it alone
    for texts in told.values():
        public = texts.get(PUBLIC, "")
        drawer = re.match(r"Player (\d) takes the top goods card of the pile face down$", public)
        if drawer and set(texts) == {0, 1, PUBLIC}:
            holder = int(drawer.group(1)) - 1
            for viewer in (0, 1):
                assert texts[viewer].startswith(public)
                assert (texts[viewer] != public) == (viewer == holder), texts


def test_a_stale_or_duplicate_move_is_answered_with_a_resync_and_never_applied_twice(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    tokens = tokens_of(created)
    rng = random.Random(5)

    async def scenario() -> tuple[Table, Table, int, list[JSON]]:
        async with Table(server.ws, created["id"], token=tokens[0]) as ada, \
                Table(server.ws, created["id"], token=tokens[1]) as bob:
            await ada.until("hello")
            await bob.until("hello")
            await ada.until_my_turn()
            at = ada.seq
            action = ada.random_action(rng)
            await ada.move(action)
            await ada.move(action)  # the same command again, at once
            duplicate = await ada.until("resync")
            await ada.move(action, seq=at)  # and once more, later: stale
            stale = await ada.until("resync")
            await ada.move(action, seq=max(at - 1, 0))  # lower still
            staler = await ada.until("resync")
            await asyncio.gather(ada.play_on(random.Random(6)), bob.play_on(random.Random(7)))
            await asyncio.gather(ada.drain(), bob.drain())
            return ada, bob, at, [duplicate, stale, staler]

    ada, bob, at, resyncs = asyncio.run(scenario())
    acks = ada.of_type("ack")
    assert acks[0]["seq"] == at + 1
    for resync in resyncs:
        assert "stale" in resync["reason"] and resync["viewer"] == 0 and resync["view"]["panels"]
        assert resync["seq"] > at
    assert [u["seq"] for u in ada.of_type("update")].count(at + 1) == 1, "the move was applied once"
    record = record_of(server, created["id"])
    made = decisions_by_seat(record)
    assert made[0] == len(acks), "every acknowledged move is in the record, and nothing else of seat 0"
    assert made[1] == len(bob.of_type("ack"))
    assert ada.seq == bob.seq == len(record["actions"])
    assert not ada.of_type("error") and not bob.of_type("error")


def test_a_move_out_of_turn_an_illegal_action_a_sync_and_a_ping_are_each_answered(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    tokens = tokens_of(created)

    async def scenario() -> dict[str, JSON]:
        answers: dict[str, JSON] = {}
        async with Table(server.ws, created["id"], token=tokens[0]) as ada, \
                Table(server.ws, created["id"], token=tokens[1]) as bob:
            await ada.until("hello")
            await bob.until("hello")
            await ada.until_my_turn()
            while bob.seq < ada.seq:
                await bob.receive()
            await bob.move(0)
            answers["not_your_turn"] = await error_from(bob)
            await ada.move(10**6)
            answers["illegal"] = await error_from(ada)
            await ada.send({"type": "sync"})
            answers["sync"] = await ada.until("resync")
            await ada.send({"type": "ping"})
            answers["pong"] = await ada.until("pong")
            answers["ada_seq"] = {"seq": ada.seq}
            await ada.move(ada.random_action(random.Random(1)))
            answers["ack"] = await ada.until("ack")
        return answers

    answers = asyncio.run(scenario())
    assert answers["not_your_turn"]["code"] == "not_your_turn"
    assert answers["illegal"]["code"] == "illegal_move"
    sync = answers["sync"]
    assert sync["reason"] == "asked" and sync["viewer"] == 0 and sync["seq"] == answers["ada_seq"]["seq"]
    assert sync["view"]["decision"]["choices"] and sync["view"]["panels"] and sync["seats"]
    assert answers["pong"] == {"type": "pong"}
    assert answers["ack"]["seq"] == answers["ada_seq"]["seq"] + 1, "refusals changed nothing"


# --- reconnecting --------------------------------------------------------------------------------

def test_a_player_who_reconnects_gets_the_current_view_and_plays_on_and_the_seat_is_held_meanwhile(
        server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    game_id, tokens = created["id"], tokens_of(created)
    rng = random.Random(8)

    async def scenario() -> tuple[JSON, JSON, int]:
        async with Table(server.ws, game_id, token=tokens[1], name="Bob") as bob:
            await bob.until("hello")
            async with Table(server.ws, game_id, token=tokens[0], name="Ada") as ada:
                await ada.until("hello")
                await ada.until_my_turn()
                while ada.my_turn() or ada.view["to_move"] != 1:  # type: ignore[index]
                    if ada.my_turn():
                        await ada.move(ada.random_action(rng))
                    await ada.receive()
                left_at = ada.seq
            # Ada is gone; her seat is hers still, and Bob plays on
            refused = join_game(server.http, game_id)
            assert refused.status_code == 409, refused.text
            while bob.seq < left_at:
                await bob.receive()
            assert bob.my_turn()
            while bob.view["to_move"] != 0:  # type: ignore[index]
                if bob.my_turn():
                    await bob.move(bob.random_action(rng))
                await bob.receive()
            async with Table(server.ws, game_id, token=tokens[0]) as ada:
                hello = await ada.until("hello")
                assert hello["seq"] == bob.seq > left_at
                await asyncio.gather(ada.play_on(random.Random(9)), bob.play_on(random.Random(10)))
                return hello, error_of(refused, 409), ada.seq

    hello, refused, end = asyncio.run(scenario())
    assert refused["code"] == "no_free_seat"
    assert hello["viewer"] == 0 and hello["view"]["viewer"] == 0
    assert hello["view"]["to_move"] == 0 and hello["view"]["decision"]["choices"], "the full view, on her turn"
    assert hello["view"]["panels"] and hello["view"]["events"], "the table and the latest steps recounted"
    assert [seat["name"] for seat in hello["seats"]] == ["Ada", "Bob"]
    assert end == len(record_of(server, game_id)["actions"]) > hello["seq"] > 0


# --- the clock -----------------------------------------------------------------------------------

async def notice_about(table: Table, name: str) -> JSON:
    """The next ``notice`` about the player called ``name`` (other notices are kept in ``received``)."""
    while True:
        notice = await table.until("notice", timeout=10)
        if notice["text"].startswith(name):
            return notice


def test_a_person_whose_clock_runs_out_is_stood_in_for_by_a_bot_until_they_send_anything(
        server: ServerProcess) -> None:
    started = time.monotonic()
    created = create_game(server.http, "first_stone_age", person_seats(2), clock=1)
    game_id, tokens = created["id"], tokens_of(created)

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        async with Table(server.ws, game_id, token=tokens[0], name="Ada") as ada, \
                Table(server.ws, game_id, token=tokens[1], name="Bob") as bob, \
                Table(server.ws, game_id, lang="de") as watcher:
            await ada.until("hello")
            await watcher.until("hello")
            stop = asyncio.Event()
            bob_plays = asyncio.create_task(bob.play_until(random.Random(11), stop, delay=0.1))
            seen["away_ada"] = await notice_about(ada, "Ada")
            seen["waited"] = time.monotonic() - started
            seen["away_watcher"] = await notice_about(watcher, "Ada")
            while True:  # the stand-in moves for Ada
                update = await ada.until("update", timeout=10)
                if first_event(update)["seat"] == 0 and first_event(update)["kind"] == "decision":
                    break
            seen["stand_in_seq"] = update["seq"]
            await ada.send({"type": "ping"})
            seen["back_ada"] = await notice_about(ada, "Ada")
            seen["back_watcher"] = await notice_about(watcher, "Ada")
            while True:  # her seat is hers again: her move is taken
                if ada.my_turn():
                    await ada.move(ada.random_action(random.Random(12)))
                message = await ada.receive(timeout=10)
                if message["type"] == "ack":
                    seen["ack"] = message
                    break
                assert not (message["type"] == "notice" and message["text"].startswith("Ada")), message
            stop.set()
            await bob_plays
            await bob.drain(0.2)
            seen["bob_notices"] = [n["text"] for n in bob.of_type("notice") if n["text"].startswith("Ada")]
        return seen

    seen = asyncio.run(scenario())
    with use_language("de"):  # the watcher reads German: the notices and the stand-in's level too
        stand_in = bot_label(play_kit("first_stone_age").default_bot)
    assert stand_in != play_kit("first_stone_age").default_bot
    german = f"Ada ist abwesend: Ein Bot ({stand_in})"
    for key, away in (("away_ada", "Ada is away: a bot ("), ("away_watcher", german)):
        notice = seen[key]
        assert isinstance(notice, dict)
        assert notice["text"].startswith(away), notice
        assert 0 in notice["away"] and notice["seats"][0]["away"] is True
    assert 0.9 <= float(seen["waited"]) < 8  # type: ignore[arg-type]
    for key, back in (("back_ada", "Ada is back."), ("back_watcher", "Ada ist zurück.")):
        notice = seen[key]
        assert isinstance(notice, dict)
        assert notice["text"] == back and 0 not in notice["away"] and notice["seats"][0]["away"] is False
    told_bob = seen["bob_notices"]
    assert isinstance(told_bob, list) and len(told_bob) >= 2
    assert told_bob[0].startswith("Ada is away") and told_bob[1] == "Ada is back."
    ack = seen["ack"]
    assert isinstance(ack, dict) and ack["seq"] > seen["stand_in_seq"]  # type: ignore[operator]


# --- server-side bots and pace ------------------------------------------------------------------

def test_bots_move_on_the_server_between_a_persons_turns(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", [{"kind": "person"}, bot_seat("child"), bot_seat("random")])

    async def scenario() -> Table:
        async with Table(server.ws, created["id"], token=tokens_of(created)[0]) as ada:
            await ada.play_out(random.Random(13))
            await ada.drain()
            return ada

    ada = asyncio.run(scenario())
    made = decisions_by_seat(record_of(server, created["id"]))
    assert made[1] > 0 and made[2] > 0 and made[0] == len(ada.of_type("ack"))
    told = {first_event(u)["seat"] for u in ada.of_type("update") if first_event(u)["kind"] == "decision"}
    assert told == {0, 1, 2}


def test_with_a_person_at_the_table_bot_moves_are_spaced_by_the_pace(server: ServerProcess) -> None:
    pace = 0.3
    created = create_game(server.http, "first_stone_age", [{"kind": "person"}, bot_seat("child"), bot_seat("child")],
                          pace=pace, first_player=1)
    assert created["settings"]["pace"] == pace

    async def scenario() -> list[float]:
        gaps: list[float] = []
        rng = random.Random(14)
        async with Table(server.ws, created["id"], token=tokens_of(created)[0]) as ada:
            await ada.until("hello")
            last: tuple[JSON, float] | None = None
            while len(gaps) < 4 and not ada.over():
                if ada.my_turn():
                    await ada.move(ada.random_action(rng))
                message = await ada.receive(timeout=15)
                if message["type"] != "update":
                    continue
                event = first_event(message)
                if last is not None and event["seat"] != 0:
                    gaps.append(ada.times[-1] - last[1])
                last = (event, ada.times[-1]) if event["kind"] == "decision" and event["seat"] in (1, 2) else None
        return gaps

    gaps = sorted(asyncio.run(scenario()))
    assert len(gaps) == 4
    # loosely: a late read of one message shortens one gap as it lengthens the one before
    assert gaps[1] >= pace * 0.7 and sum(gaps) >= len(gaps) * pace * 0.8, gaps


def test_every_view_says_whether_the_game_is_over(server: ServerProcess) -> None:
    """A client learns that the game ended from the view itself (``over``), not by knowing that
    ``to_move`` is −4: false in every view until the last update, true in it, with the scores."""
    created = create_game(server.http, "first_stone_age", person_seats(2), pace=0)
    tables = [Table(server.ws, created["id"], token=token) for token in tokens_of(created)]
    asyncio.run(play_out_all(tables))
    views = [m["view"] for m in tables[0].received if m["type"] in ("hello", "update")]
    assert [view["over"] for view in views] == [False] * (len(views) - 1) + [True]
    assert views[-1]["to_move"] == -4 and any(panel["name"] == "result" for panel in views[-1]["panels"])


# --- limits ------------------------------------------------------------------------------------

def test_refused_messages_get_errors_naming_the_problem_and_the_connection_stays_open(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    cases: list[tuple[str, str, str]] = [
        ("x" * (16 * 1024 + 1), "too_large", "16384"),
        ('{"type": "ping", ' + '"pad": "' + "y" * 20000 + '"}', "too_large", "16384"),
        ("{", "bad_json", "JSON"),
        ("not json at all", "bad_json", "JSON"),
        ('{"type": "dance"}', "unknown_type", "move"),
        ("{}", "unknown_type", "type"),
        ('{"type": "move", "seq": "1", "action": 0}', "bad_message", "seq"),
        ('{"type": "move", "seq": 0, "action": 1.5}', "bad_message", "action"),
        ('{"type": "move", "seq": 0}', "bad_message", "action"),
        ('{"type": "move", "seq": -1, "action": 0}', "bad_message", "seq"),
        ('{"type": "ping", "extra": 1}', "bad_message", "extra"),
        ("[1, 2]", "unknown_type", "object"),  # not an object: as documented, not bad_message
        ("5", "unknown_type", "object"),
        ("null", "unknown_type", "object"),
    ]

    async def scenario() -> list[JSON]:
        errors = []
        async with Table(server.ws, created["id"], token=tokens_of(created)[0]) as ada:
            await ada.until("hello")
            for text, _, _ in cases:
                await ada.send(text)
                errors.append(await error_from(ada))
                await ada.send({"type": "ping"})
                assert (await ada.until("pong", "error"))["type"] == "pong"
        return errors

    for error, (_, code, named) in zip(asyncio.run(scenario()), cases, strict=True):
        assert error["code"] == code and named in error["message"], (code, error)


def test_a_flood_of_messages_beyond_the_rate_is_refused_and_the_connection_recovers(server: ServerProcess) -> None:
    created = create_game(server.http, "first_stone_age", person_seats(2))
    sent = 450

    async def scenario() -> tuple[dict[str, int], JSON]:
        counts: dict[str, int] = {}
        async with Table(server.ws, created["id"]) as watcher:
            await watcher.until("hello")
            for _ in range(sent):
                await watcher.send({"type": "ping"})
            while sum(counts.values()) < sent:
                message = await watcher.until("pong", "error", timeout=10)
                key = message.get("code", message["type"])
                counts[key] = counts.get(key, 0) + 1
            await asyncio.sleep(0.5)
            await watcher.send({"type": "ping"})
            return counts, await watcher.until("pong", "error", timeout=10)

    counts, after = asyncio.run(scenario())
    assert set(counts) == {"pong", "rate_limited"}, counts
    assert 200 <= counts["pong"] < sent - 100, "the burst of 200 is answered, the rest mostly refused"
    assert after == {"type": "pong"}


# --- compression --------------------------------------------------------------------------------

def test_updates_are_compressed_for_clients_that_offer_it_and_plain_for_the_others(server: ServerProcess) -> None:
    import websockets

    created = create_game(server.http, "stone_age", person_seats(2))
    url = f"{server.ws}/api/games/{created['id']}/ws"

    async def hello(compression: str | None) -> tuple[str | None, JSON]:
        async with websockets.connect(url, compression=compression, open_timeout=30) as socket:
            extensions = socket.response.headers.get("Sec-WebSocket-Extensions")
            return extensions, json.loads(await asyncio.wait_for(socket.recv(), 30))

    async def settled() -> None:
        """Until the setup's chance steps are done, so both hellos below see the same position."""
        async with websockets.connect(url, open_timeout=30) as socket:
            while json.loads(await asyncio.wait_for(socket.recv(), 30)).get("view", {}).get("to_move") != 0:
                pass

    asyncio.run(settled())
    deflated, first = asyncio.run(hello("deflate"))
    plain, second = asyncio.run(hello(None))
    assert deflated is not None and "permessage-deflate" in deflated and "server_max_window_bits=12" in deflated
    assert plain is None
    assert first["type"] == second["type"] and first["view"] == second["view"]


def test_connections_to_one_game_are_bounded_and_its_players_always_get_in(server: ServerProcess) -> None:
    """The complaint: 1,000 connections to one game were all kept (+77 MB). Watchers beyond the
    limit are refused with ``full`` and closed; a seated player still gets in, but not without bound."""
    created = create_game(server.http, "first_stone_age", person_seats(2))
    limits = Limits()

    async def scenario() -> tuple[JSON, int | None, JSON, JSON, int | None]:
        watchers = [Table(server.ws, created["id"]) for _ in range(limits.max_watchers_per_game)]
        for watcher in watchers:
            await watcher.__aenter__()
            await watcher.until("hello")
        try:
            async with Table(server.ws, created["id"]) as one_more:
                refused, code = await one_more.receive(), await one_more.closed()
            seats = [Table(server.ws, created["id"], token=tokens_of(created)[0])
                     for _ in range(limits.max_connections_per_seat)]
            for table in seats:
                await table.__aenter__()
            try:
                hello = await seats[0].until("hello")
                async with Table(server.ws, created["id"], token=tokens_of(created)[0]) as extra:
                    seat_refused, seat_code = await extra.receive(), await extra.closed()
            finally:
                for table in seats:
                    await table.__aexit__()
        finally:
            for watcher in watchers:
                await watcher.__aexit__()
        return refused, code, hello, seat_refused, seat_code

    refused, code, hello, seat_refused, seat_code = asyncio.run(scenario())
    assert refused["type"] == "error" and refused["code"] == "full" and code == 1008, refused
    assert hello["viewer"] == 0, "the seated player got in while the watchers were full"
    assert seat_refused["code"] == "full" and seat_code == 1008, seat_refused
