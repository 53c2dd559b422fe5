"""Bot levels are shown to people in their language (``bots.registry.bot_label``): the terminal's seat
names and hints, the web lobby's bot choices and the web table's seats. What people type (the spec)
stays English. German reads the level words from a stand-in catalog (the real one may not hold them
yet), everything else from its real catalog."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from stoneage.bots.registry import bot_label, bot_names, make_bot
from stoneage.core import i18n
from stoneage.core.i18n import seat_name, use_language
from stoneage.core.registry import load_game
from stoneage.play.session import Session
from stoneage.tui.kit import tui_kit

LEVELS_IN_GERMAN = {"hard": "schwer", "medium": "mittel", "random": "Zufall", "child": "Kind",
                    "memory": "Gedächtnis", "junior_child": "Kind (Junior)"}


class LevelsInGerman(gettext.NullTranslations):
    """The German catalog with the level words translated."""

    def __init__(self, real: gettext.NullTranslations) -> None:
        super().__init__()
        self.add_fallback(real)

    def gettext(self, message: str) -> str:
        return LEVELS_IN_GERMAN.get(message) or super().gettext(message)


@pytest.fixture
def german_levels(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real = i18n.translations

    def translations(code: str) -> gettext.NullTranslations:
        return LevelsInGerman(real(code)) if code == "de" else real(code)

    monkeypatch.setattr(i18n, "translations", translations)
    yield


@pytest.mark.usefixtures("german_levels")
def test_a_level_is_shown_in_the_language_and_any_other_spec_as_typed() -> None:
    assert [bot_label(name) for name in ("hard", "child", "greedy")] == ["hard", "child", "greedy"]
    with use_language("de"):
        assert [bot_label(name) for name in ("hard", "child", "junior_child")] == ["schwer", "Kind", "Kind (Junior)"]
        # a search bot's technical name, a spec with parameters and a program keep what was typed
        for spec in ("greedy", "hard:iterations=5", "mcts:iterations=10", "cmd:python bot.py"):
            assert bot_label(spec) == spec


def test_every_labelled_level_is_a_bot_people_can_seat() -> None:
    from stoneage.bots.registry import _LABELLED

    assert set(bot_names()) >= _LABELLED
    assert {"easy", "medium", "hard", "expert", "child", "junior_child", "random"} <= _LABELLED


@pytest.mark.usefixtures("german_levels")
def test_the_terminal_names_a_bot_seat_by_its_translated_level() -> None:
    with use_language("de"):
        names = Session.new(["human", "hard", "random"], 3).names
        assert names[1] == f"{seat_name(1)} (schwer)" and names[2] == f"{seat_name(2)} (Zufall)"
    assert Session.new(["human", "hard"], 3).names[1] == "Player 2 (hard)"


@pytest.mark.usefixtures("german_levels")
def test_the_plain_game_names_the_hint_bot_by_its_translated_level() -> None:
    with use_language("de"):
        session = Session.new(["human", "child"], 3, game="first_stone_age")
        out = io.StringIO()
        game = tui_kit("first_stone_age").plain_class()(session, stdin=io.StringIO("hint\n"), stdout=out,
                                                        sleep=lambda seconds: None)
        game.run()
    hint = [line for line in out.getvalue().splitlines() if "Gedächtnis" in line]
    assert hint and "memory" not in hint[0]
    assert "(Kind)" in out.getvalue() and "(child)" not in out.getvalue()


@pytest.mark.usefixtures("german_levels")
def test_the_web_lobby_offers_the_levels_by_their_translated_labels(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from stoneage.web.app import create_app
    from stoneage.web.config import ServerConfig

    client = TestClient(create_app(ServerConfig(database_url=f"sqlite:///{tmp_path / 'lobby.db'}")))
    german = {g["name"]: g for g in client.get("/api/game-types", params={"lang": "de"}).json()}
    english = {g["name"]: g for g in client.get("/api/game-types").json()}
    first = german["first_stone_age"]
    assert first["bots"] == english["first_stone_age"]["bots"]  # the choices' values stay the specs
    assert first["bot_labels"]["child"] == "Kind" and first["bot_labels"]["memory"] == "Gedächtnis"
    assert first["bot_labels"]["greedy"] == "greedy"
    assert all(label == bot for bot, label in english["stone_age"]["bot_labels"].items())
    assert german["stone_age"]["bot_labels"]["medium"] == "mittel"


@pytest.mark.usefixtures("german_levels")
def test_the_web_table_names_a_bot_seat_by_its_translated_level() -> None:
    pytest.importorskip("sqlalchemy")
    from stoneage.web.room import Room
    from stoneage.web.store import BOT, PERSON, GameRow, SeatRow

    make_bot("hard")  # the seat's bot exists
    row = GameRow("g", "stone_age", 2, 7, {}, {}, "running",
                  seats=(SeatRow(0, PERSON, name="Ann"), SeatRow(1, BOT, bot="hard")))
    room = Room(row, load_game("stone_age", players=2, seed=7))
    german = room.seats_json("de")[1]
    assert german["bot"] == "hard" and german["bot_label"] == "schwer" and german["name"].endswith("(schwer)")
    english = room.seats_json("en")[1]
    assert english["bot_label"] == "hard" and english["name"] == "Player 2 (hard)"
    assert room.seats_json("de")[0]["bot_label"] is None
