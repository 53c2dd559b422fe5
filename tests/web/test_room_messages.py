"""The room's updates are exactly what building each viewer's events and view on its own gives.

``Room.apply`` applies an action once, its facts told to every viewer in every language at the
table, and builds what their views share once (``build_views``; for speed, docs/performance.md
"Game server"); this holds it to the plain way: for
each viewer, ``apply_with_events`` on a copy of the state, then ``build_view``, message for message.
Clients reading different languages at one table each get what a viewer built alone under
``use_language`` gets (a pseudo-translation stands in for catalogs still being written).
"""

from __future__ import annotations

import gettext
import json
import random
from collections.abc import Iterator

import pytest

from stoneage.core import i18n
from stoneage.core.contract import CHANCE, JSON, PUBLIC, Game, State
from stoneage.core.i18n import use_language
from stoneage.core.registry import load_game
from stoneage.play.events import apply_with_events
from stoneage.play.view import build_view
from stoneage.web.room import Room
from stoneage.web.store import PERSON, GameRow, SeatRow

GAMES = [("stone_age", 4, [], 150), ("stone_age", 2, ["mammoth"], 150), ("first_stone_age", 3, [], 200),
         ("stone_age_junior", 4, ["cards"], 150)]


class Listener:
    """A client of the room that keeps what it is sent."""

    def __init__(self, viewer: int, lang: str = "en") -> None:
        self.viewer = viewer
        self.lang = lang
        self.sent: list[str] = []

    def send_text(self, text: str) -> None:
        self.sent.append(text)


def plain_view(game: Game, room: Room, viewer: int, lang: str = "en") -> JSON:
    """The view a (re)connecting ``viewer`` is sent, its latest steps recounted for it alone."""
    with use_language(lang):
        events = [event for before, action in room.recent_steps()
                  for event in apply_with_events(before, action, viewer, room.called)]
        return build_view(game, room.state, viewer, room.names_in(lang), events).to_json()


def plain_update(game: Game, before: State, action: int, viewer: int, room: Room, lang: str = "en") -> str:
    """The update for ``viewer``, built for it alone in ``lang``, its seats called by the table's names."""
    state = before.clone()
    with use_language(lang):
        events = apply_with_events(state, action, viewer, room.called)
        view = build_view(game, state, viewer, room.names_in(lang), events)
    message = {"type": "update", "seq": state.move_number(), "view": view.to_json()}
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize(("name", "players", "expansions", "steps"), GAMES)
def test_every_viewer_gets_the_update_built_for_it_alone(name: str, players: int, expansions: list[str],
                                                          steps: int) -> None:
    game = load_game(name, players=players, seed=7, expansions=expansions)
    row = GameRow("g", name, players, 7, {}, {}, "running",
                  seats=tuple(SeatRow(seat, PERSON, name=f"Seat {seat}") for seat in range(players)))
    room = Room(row, game)
    listeners = [Listener(viewer) for viewer in [*range(players), PUBLIC]]
    room.clients.update(listeners)
    lone = Room(row, load_game(name, players=players, seed=7, expansions=expansions))
    lone.clients.add(Listener(0))  # the others' events are worked out when they connect
    rng = random.Random(7)
    for _ in range(steps):
        if room.state.is_terminal():
            break
        state = room.state
        chance = state.current_player() == CHANCE
        action = state.sample_chance_outcome() if chance else rng.choice(state.legal_actions())
        before = state.clone()
        room.apply(action)
        lone.apply(action)
        for listener in listeners:
            assert listener.sent[-1] == plain_update(game, before, action, listener.viewer, room), (
                f"move {room.seq}, viewer {listener.viewer}")
        if room.seq % 7 == 0:  # a client (re)connecting: its latest steps recounted
            for viewer in [PUBLIC, *range(players)]:
                assert room.view(viewer).to_json() == plain_view(game, room, viewer), f"move {room.seq}"
                assert lone.view(viewer).to_json() == plain_view(game, room, viewer), f"move {room.seq}"
    assert all(len(listener.sent) == room.seq for listener in listeners)
    told = [line for listener in listeners for message in listener.sent
            for event in json.loads(message)["view"]["events"] for line in [event["text"], *event["effects"]]]
    assert any("Seat 1" in line for line in told), "the log calls seats by the table's names"
    assert not [line for line in told if "Player " in line], "no seat of this table is called by its number"
    loaded = Room(row, load_game(name, players=players, seed=7, expansions=expansions))
    loaded.replay(logged(loaded.game.new_initial_state(), room.state.history()))
    for viewer in [players - 1, PUBLIC, 0]:  # a game loaded from its log, then a client connecting
        assert loaded.view(viewer).to_json() == plain_view(game, room, viewer)


def logged(state: State, actions: list[int]) -> list[str]:
    """The actions as the store logs them (each in notation, at its own point of the game)."""
    texts = []
    for action in actions:
        texts.append(state.action_to_string(action))
        state.apply_action(action)
    return texts


class Pseudo(gettext.NullTranslations):
    """A stand-in catalog: every message marked, placeholders kept."""

    def gettext(self, message: str) -> str:
        return f"\u2039{message}\u203a"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"\u2039{singular if n == 1 else plural}\u203a"

    def pgettext(self, context: str, message: str) -> str:
        return f"\u2039{message}\u203a"


@pytest.fixture
def pseudo_german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """German reads as the pseudo-translation (whatever its catalog holds today)."""
    real = i18n.translations

    def translations(code: str) -> gettext.NullTranslations:
        return Pseudo() if code == "de" else real(code)

    monkeypatch.setattr(i18n, "translations", translations)
    yield


@pytest.mark.usefixtures("pseudo_german")
@pytest.mark.parametrize(("name", "players", "expansions", "steps"), GAMES[:1] + GAMES[2:])
def test_each_language_at_a_table_gets_the_update_built_alone_in_it(name: str, players: int,
                                                                     expansions: list[str], steps: int) -> None:
    game = load_game(name, players=players, seed=11, expansions=expansions)
    row = GameRow("g", name, players, 11, {}, {}, "running",
                  seats=tuple(SeatRow(seat, PERSON, name="Ada" if seat == 0 else None) for seat in range(players)))
    room = Room(row, game)
    listeners = [Listener(viewer, lang) for viewer in [*range(players), PUBLIC] for lang in ("en", "de")]
    room.clients.update(listeners)
    rng = random.Random(11)
    differed = 0
    for _ in range(steps):
        if room.state.is_terminal():
            break
        state = room.state
        chance = state.current_player() == CHANCE
        action = state.sample_chance_outcome() if chance else rng.choice(state.legal_actions())
        before = state.clone()
        room.apply(action)
        for listener in listeners:
            assert listener.sent[-1] == plain_update(game, before, action, listener.viewer, room, listener.lang), (
                f"move {room.seq}, viewer {listener.viewer}, {listener.lang}")
        differed += listeners[0].sent[-1] != listeners[1].sent[-1]
        if room.seq % 9 == 0:  # (re)connecting in either language: the latest steps recounted in it
            for viewer in [PUBLIC, *range(players)]:
                for lang in ("de", "en"):
                    assert room.view(viewer, lang=lang).to_json() == plain_view(game, room, viewer, lang)
    assert differed == room.seq, "every German update reads otherwise than the English one"
    room.refresh("seats")
    for listener in listeners:
        message = json.loads(listener.sent[-1])
        assert message["view"] == plain_view(game, room, listener.viewer, listener.lang)
        assert [seat["name"] for seat in message["seats"]] == room.names_in(listener.lang)
    assert room.names_in("en")[1] == "Player 2"
    assert room.names_in("de")[1] == "\u2039Player 2\u203a", "a seat nobody named is called in the reader's language"
    room.broadcast(lambda lang: {"type": "notice", "seats": room.seats_json(lang)})
    assert {json.loads(listener.sent[-1])["seats"][1]["name"] for listener in listeners} == {
        "Player 2", room.names_in("de")[1]}
