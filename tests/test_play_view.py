"""The view model shows each viewer what the table shows them: bought cards face down to others."""

from __future__ import annotations

from stoneage.core.contract import PUBLIC
from stoneage.play.session import Session, seat_names
from stoneage.play.view import build_view

from helpers import edit, new_game

NAMES = seat_names(["human", "random"])


def test_another_players_bought_cards_show_as_a_count_face_down() -> None:
    state = edit(new_game(players=2), 1, cards=[11])  # card 11: green pottery
    theirs = build_view(state.game, state, 0, NAMES).panel("players").lines[1]
    assert "cards 1 (face down)" in theirs and "pottery" not in theirs
    public = build_view(state.game, state, PUBLIC, NAMES).panel("players").lines[1]
    assert "cards 1 (face down)" in public and "pottery" not in public


def test_a_player_sees_their_own_cards() -> None:
    state = edit(new_game(players=2), 1, cards=[11])
    mine = build_view(state.game, state, 1, NAMES).panel("players").lines[1]
    assert "cards 1;" in mine and "green pottery" in mine


def test_the_open_cards_table_option_shows_bought_cards_to_everyone() -> None:
    session = Session.new(["human", "random"], seed=1, variants=("open_cards",))
    data = session.state.to_json()
    data["players"][1]["cards"] = [11]
    data["deck"] = [c for c in data["deck"] if c != 11]
    data["display"] = [0 if c == 11 else c for c in data["display"]]
    state = session.game.state_from_json(data)
    public = build_view(session.game, state, PUBLIC, NAMES).panel("players").lines[1]
    assert "green pottery" in public


def test_only_the_seat_deciding_gets_a_decision_and_a_spectator_none() -> None:
    state = new_game(players=2)
    assert build_view(state.game, state, 0, NAMES).decision is not None
    assert build_view(state.game, state, 1, NAMES).decision is None
    assert build_view(state.game, state, PUBLIC, NAMES).decision is None


def test_a_session_tells_a_spectator_the_public_events_only() -> None:
    session = Session.new(["random", "random"], seed=2)
    while len(session.played) < 40:
        session.apply(session.auto_action())
    public = session.view(PUBLIC, recent=40)
    assert public.viewer == PUBLIC and public.events
    assert all(event.number <= session.state.move_number() for event in public.events)
    assert [e.text for e in public.events] == [e.text for e in session.events_for(PUBLIC, 40)]
