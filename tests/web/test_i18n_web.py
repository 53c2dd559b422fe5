"""The browser's language against a real server: the catalogs as JSON, Accept-Language and the
language cookie, the pages rendered in the chosen language, the game descriptions translated, and
``lang`` on the websocket, the game and the replay (unknown codes refused with a typed error).

The words come from the compiled catalogs: run ``python tools/catalogs.py`` first.
"""

from __future__ import annotations

import asyncio
import random
import re

import httpx
import pytest

from stoneage.core.i18n import LANGUAGES, _, use_language
from stoneage.core.registry import game_info
from stoneage.web.language import accepted, catalog_json, negotiate, page_language
from stoneage.web.pages import render

from web.client import JSON, Table, bot_seat, create_game, error_of, tokens_of
from web.server import ServerProcess

TRANSLATED = [code for code in LANGUAGES if code != "en"]
SKIP_LINK = {"en": "Skip to the lobby", "ko": "로비로 건너뛰기", "pt_BR": "Pular para o saguão",
             "de": "Zur Lobby springen"}
"""One word of the lobby page in each language (from the web part of the catalogs)."""


@pytest.mark.parametrize(("header", "expected"), [
    ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", "ko"),
    ("pt-BR", "pt_BR"),
    ("pt-PT,pt;q=0.9", "pt_BR"),       # the only Portuguese the program has
    ("de-AT", "de"),
    ("fr-CA,fr;q=0.9,de;q=0.5", "de"),
    ("en;q=0.4,de;q=0.9", "de"),       # by quality, not by order
    ("ko;q=0,de", "de"),               # q=0 means "not this one"
    ("fr, ja", "en"),
    ("*", "en"),
    ("", "en"),
    (None, "en"),
    ("garbage;;;,q=x;q=abc", "en"),
])
def test_accept_language_negotiation(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_accepted_orders_by_quality_and_drops_zero() -> None:
    assert accepted("en;q=0.5, ko, de;q=0.7, fr;q=0") == ["ko", "de", "en"]
    assert accepted("x" * 10_000).__len__() <= 1


def test_the_cookie_wins_over_the_header() -> None:
    assert page_language("de", "ko") == "de"
    assert page_language("pt-br", None) == "pt_BR"
    assert page_language("xx", "ko") == "ko"          # an unknown cookie is ignored, not an error
    assert page_language(None, None) == "en"


def test_the_pages_are_rendered_in_the_language() -> None:
    for name in ("index.html", "table.html"):
        page = render(name, "pt_BR")
        assert page.startswith('<!doctype html>\n<html lang="pt-BR" data-lang="pt_BR" data-languages=')
        assert "{{" not in page and "{%" not in page
        assert '<option value="pt_BR" lang="pt-BR" selected>Português (Brasil)</option>' in page
        for code, own_name in LANGUAGES.items():
            assert f'value="{code}"' in page and own_name in page
        title = re.compile(r"<title>(.*)</title>")
        assert title.findall(page) != title.findall(render(name, "en"))
    assert '<label for="replay-at">Jogada</label>' in render("table.html", "pt_BR")


def test_catalog_json_has_messages_and_plural_forms() -> None:
    assert catalog_json("en") == {"language": "en", "messages": {}, "plurals": {}}
    korean = catalog_json("ko")
    assert korean["messages"]["Lobby"] == "로비"
    assert korean["plurals"]["{count} player"] == ["{count}인"]
    assert len(catalog_json("pt_BR")["plurals"]["{count} player"]) == 3   # one, many, other
    assert len(catalog_json("de")["plurals"]["{count} player"]) == 2
    assert "" not in korean["messages"], "the catalog's header is no message"


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalog_endpoint(server: ServerProcess, code: str) -> None:
    answer = httpx.get(f"{server.http}/api/i18n/{code}")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["language"] == code
    assert body["messages"]["Skip to the lobby"] == SKIP_LINK[code]
    assert all(isinstance(text, str) and text for text in body["messages"].values())
    assert all(isinstance(forms, list) and all(forms) for forms in body["plurals"].values())
    # cacheable: an ETag, and a revalidation with it costs no body
    tag = answer.headers["etag"]
    assert "max-age" in answer.headers["cache-control"]
    again = httpx.get(f"{server.http}/api/i18n/{code}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.content


def test_catalog_endpoint_refuses_unknown_codes(server: ServerProcess) -> None:
    assert httpx.get(f"{server.http}/api/i18n/en").json()["messages"] == {}
    for code in ("xx", "ko_KR", "KO", "../etc"):
        answer = httpx.get(f"{server.http}/api/i18n/{code}")
        if answer.status_code == 404 and answer.json()["error"]["code"] == "not_found":
            continue  # a path the router does not even match
        error = error_of(answer, 404)
        assert error["code"] == "unknown_language", error
        assert "en, ko, pt_BR, de" in error["message"]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_pages_are_rendered_in_the_browser_language(server: ServerProcess, code: str) -> None:
    tag = code.replace("_", "-")
    lobby = httpx.get(f"{server.http}/", headers={"Accept-Language": f"{tag},en;q=0.5"})
    assert lobby.status_code == 200
    assert f'<html lang="{tag}" data-lang="{code}" ' in lobby.text
    assert SKIP_LINK[code] in lobby.text
    assert "{{" not in lobby.text and "}}" not in lobby.text
    assert re.search(rf'<option value="{code}" lang="{tag}" selected>', lobby.text)
    assert lobby.headers["content-language"] == tag
    table = httpx.get(f"{server.http}/watch/anything", cookies={"stoneage_lang": code},
                      headers={"Accept-Language": "ko" if code != "ko" else "de"})
    assert f'<html lang="{tag}" data-lang="{code}" ' in table.text, "the cookie (the menu's choice) wins"
    assert '<select id="language"' in table.text and "{{" not in table.text


def test_english_pages_without_a_language(server: ServerProcess) -> None:
    lobby = httpx.get(f"{server.http}/")
    assert '<html lang="en" data-lang="en" ' in lobby.text
    assert "<title>Stone Age — lobby</title>" in lobby.text


def _translated(text: str | None, code: str) -> str | None:
    with use_language(code):
        return _(text) if text else text


@pytest.mark.parametrize("code", TRANSLATED)
def test_game_types_are_translated(server: ServerProcess, code: str) -> None:
    english = {g["name"]: g for g in httpx.get(f"{server.http}/api/game-types").json()}
    assert english["stone_age"]["display_name"] == "Stone Age"
    by_query = httpx.get(f"{server.http}/api/game-types", params={"lang": code}).json()
    by_header = httpx.get(f"{server.http}/api/game-types", headers={"Accept-Language": code.replace("_", "-")}).json()
    assert by_query == by_header
    assert [g["name"] for g in by_query] == list(english)
    for described in by_query:
        info = game_info(described["name"])
        source = english[described["name"]]
        assert described["display_name"] == _translated(info.display_name, code)
        assert described["summary"] == _translated(info.summary, code)
        with use_language(code):
            local = info.to_json()   # the common parameters' docs are built in the language
        for key in ("expansions", "variants", "parameters"):
            assert [o["name"] for o in described[key]] == [o["name"] for o in source[key]], "names stay identifiers"
            assert [o["doc"] for o in described[key]] == [_translated(o["doc"], code) for o in local[key]]
        assert described["bots"] == source["bots"] and described["board"] == source["board"]
    if code == "ko":
        assert {g["name"]: g["display_name"] for g in by_query}["stone_age"] == "석기시대"


def test_unknown_lang_parameter_is_a_typed_error(server: ServerProcess) -> None:
    error = error_of(httpx.get(f"{server.http}/api/game-types", params={"lang": "xx"}), 400)
    assert error["code"] == "unknown_language" and "known: en, ko, pt_BR, de" in error["message"]
    created = create_game(server.http, "first_stone_age", [bot_seat("random"), bot_seat("random")])
    error = error_of(httpx.get(f"{server.http}/api/games/{created['id']}", params={"lang": "klingon"}), 400)
    assert error["code"] == "unknown_language"

    async def refused() -> tuple[JSON, int | None]:
        async with Table(server.ws, created["id"], lang="xx") as table:
            return await table.receive(), await table.closed()

    first, code = asyncio.run(refused())
    assert first["type"] == "error" and first["code"] == "unknown_language" and code == 1008, first


def test_lang_reaches_the_websocket_the_game_and_the_replay(server: ServerProcess) -> None:
    """Seat names nobody chose are ``Player N`` in the viewer's language (core's catalog)."""
    created = create_game(server.http, "first_stone_age", [{"kind": "person"}, bot_seat("random")], pace=0)
    token = tokens_of(created)[0]
    with use_language("ko"):
        korean_seat = _("Player {number}").format(number=2)
    assert korean_seat != "Player 2", "the catalogs are not compiled: run tools/catalogs.py"

    async def play(lang: str | None) -> tuple[JSON, JSON]:
        async with Table(server.ws, created["id"], token=token, lang=lang) as table:
            hello = await table.until("hello")
            if lang == "ko":
                await table.play_on(random.Random(1))
            return hello, table.received[-1]

    english_hello, _last = asyncio.run(play(None))
    korean_hello, _last = asyncio.run(play("ko"))
    english_names = [seat["name"] for seat in english_hello["seats"]]
    korean_names = [seat["name"] for seat in korean_hello["seats"]]
    assert english_names[1].startswith("Player 2"), english_names
    assert korean_names[1].startswith(korean_seat), korean_names
    assert korean_hello["view"] != english_hello["view"], "the view is built in the viewer's language"

    game = httpx.get(f"{server.http}/api/games/{created['id']}", params={"lang": "ko"}).json()
    assert game["seats"][1]["name"].startswith(korean_seat)
    assert httpx.get(f"{server.http}/api/games/{created['id']}").json()["seats"][1]["name"].startswith("Player 2")
    replay_en = httpx.get(f"{server.http}/api/games/{created['id']}/replay/1").json()
    replay_ko = httpx.get(f"{server.http}/api/games/{created['id']}/replay/1", params={"lang": "ko"}).json()
    assert replay_ko != replay_en
    assert error_of(httpx.get(f"{server.http}/api/games/{created['id']}/replay/1", params={"lang": "zz"}),
                    400)["code"] == "unknown_language"
