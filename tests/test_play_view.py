"""The view model shows each viewer what the table shows them: bought cards face down to others."""

from __future__ import annotations

import random

import pytest

from stoneage.core.contract import CHANCE, PUBLIC
from stoneage.core.errors import PlayerError
from stoneage.core.i18n import use_language
from stoneage.core.registry import load_game
from stoneage.play.events import Event, Teller, apply_steps
from stoneage.play.kit import play_kit
from stoneage.play.session import Session, seat_names
from stoneage.play.view import Memo, build_view, build_views

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


GAMES = [("stone_age", 4, ()), ("stone_age", 3, ("mammoth",)), ("first_stone_age", 3, ()),
         ("stone_age_junior", 4, ("cards",)), ("toy_race", 2, ())]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize(("name", "players", "expansions"), GAMES)
def test_the_views_of_a_step_built_together_are_each_the_view_built_alone(
        name: str, players: int, expansions: tuple[str, ...], lang: str) -> None:
    """``build_views`` shares what the viewers of a step share (observations, panels, the result), and with
    a ``Memo`` kept over the game what earlier steps built: every view is still exactly ``build_view`` for
    that viewer alone, in every game, in English and Korean, also after a seat is renamed mid-game."""
    game = load_game(name, players=players, seed=5, expansions=list(expansions))
    state = game.new_initial_state()
    rng = random.Random(5)
    viewers = [PUBLIC, *range(players)]
    with use_language(lang):
        names = seat_names(["human", *["random"] * (players - 1)])
        events: dict[int, list[Event]] = {viewer: [] for viewer in viewers}
        memo = Memo()
        while True:
            if state.move_number() == 40:
                names = [names[0], "Ann", *names[2:]]  # a person takes a seat: the sentences say so
            views = build_views(game, state, events, names, memo)
            assert list(views) == viewers
            for viewer in viewers:
                alone = build_view(game, state, viewer, names, events[viewer])
                assert views[viewer] == alone, f"{name}, move {state.move_number()}, viewer {viewer}"
                assert views[viewer].to_json() == alone.to_json()
            if state.is_terminal():
                break
            action = (state.sample_chance_outcome() if state.current_player() == CHANCE
                      else rng.choice(state.legal_actions()))
            steps = apply_steps(state, action)
            events = {viewer: Teller(play_kit(game)).tell(steps, viewer) for viewer in viewers}
    assert views[0].panel("result")


def test_build_views_names_no_seat_the_game_has() -> None:
    game = load_game("stone_age", players=2, seed=1)
    with pytest.raises(PlayerError):
        build_views(game, game.new_initial_state(), {2: []}, NAMES)
