"""Every registered game plays through the face-neutral play layer with no special case: a person
and a bot at the table, menus that offer every legal action, views for each seat and a spectator,
and a saved record that resumes. A game without a play kit (the toy race) gets the generic kit."""

from __future__ import annotations

import json
import random

import pytest

from stoneage.core.contract import PUBLIC
from stoneage.core.registry import game_info
from stoneage.play.kit import GENERIC_KIT, play_kit
from stoneage.play.menus import all_actions
from stoneage.play.session import Session
from stoneage.play.view import build_view

from conformance.cases import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_a_person_and_a_bot_play_a_whole_game_through_the_play_layer(name: str) -> None:
    players = game_info(name).min_players
    session = Session.new(["human"] + ["random"] * (players - 1), seed=3, game=name)
    pick = random.Random(3)
    while not session.over:
        if session.human_to_move():
            legal = session.state.legal_actions()
            # (a two-step menu may reach one action by two paths: choosing tile 1 then 2, or 2 then 1)
            assert set(all_actions(session.menu())) == set(legal), "the menu offers every legal action, only those"
            session.choose(pick.choice(legal))
        else:
            session.apply(session.auto_action())
    assert session.result_lines() and session.log
    names = session.names
    for viewer in (*range(players), PUBLIC):
        json.dumps(build_view(session.game, session.state, viewer, names).to_json())
    resumed = Session.from_record(json.loads(json.dumps(session.record())))
    assert resumed.state.to_json() == session.state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_view_offers_the_decision_to_the_seat_deciding_only(name: str) -> None:
    session = Session.new(["random"] * game_info(name).min_players, seed=5, game=name)
    while session.state.is_chance_node():
        session.apply(session.auto_action())
    seat = session.to_move()
    for viewer in (*range(session.game.num_players), PUBLIC):
        view = build_view(session.game, session.state, viewer, session.names)
        assert (view.decision is not None) == (viewer == seat)


def test_a_game_without_a_play_kit_gets_the_generic_kit() -> None:
    assert play_kit("toy_race") is GENERIC_KIT
