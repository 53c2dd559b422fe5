"""What a face shows carries nothing hidden from its viewer, in every registered game.

The view model (panels, the pending decision) and the event stream are built for a seat or a
spectator. Two states that differ only in what that viewer may not know — a redraw of what the seat
cannot see, or of anything any seat cannot see for a spectator — must give identical views and
identical event sentences.
"""

from __future__ import annotations

import json
import random

import pytest

from stoneage.core.contract import PUBLIC, State
from stoneage.play.events import DECISION, apply_with_events
from stoneage.play.session import seat_names
from stoneage.play.view import build_view

from conformance.cases import Case, playthrough
from conformance.test_playthroughs import RUNS


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_views_are_unchanged_by_redrawing_what_their_viewer_cannot_see(case: Case, seed: int) -> None:
    run = playthrough(case, seed)
    names = seat_names(["random"] * case.players)
    rng = random.Random(seed)
    for state in run.states():
        public = build_view(run.game, state, PUBLIC, names).to_json()
        assert json.loads(json.dumps(public)) == public
        assert public["decision"] is None, "a spectator decides nothing"
        for seat in range(case.players):
            mine = build_view(run.game, state, seat, names).to_json()
            other = state.resample_from_infostate(seat, rng)
            where = f"seat {seat}, move {state.move_number()}"
            assert build_view(run.game, other, seat, names).to_json() == mine, where
            assert build_view(run.game, other, PUBLIC, names).to_json() == public, f"redraw for seat {seat}"


def _seen(state: State, viewer: int) -> object:
    return state.public_observation() if viewer == PUBLIC else state.observation(viewer)


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_events_tell_a_viewer_nothing_their_view_after_the_step_does_not_show(case: Case, seed: int) -> None:
    """Two worlds a viewer cannot tell apart before a step, and still cannot after it, get the same
    sentences (what a step reveals to everyone, e.g. a card taken, may of course be told)."""
    run = playthrough(case, seed)
    rng = random.Random(seed + 1)
    compared = 0
    for state in run.states():
        if state.is_terminal() or state.is_chance_node():
            continue  # a chance outcome of a redrawn state need not exist in it
        action = run.rest(state, 1)[0]
        for viewer in (*range(case.players), PUBLIC):
            redraw_for = viewer if viewer != PUBLIC else state.current_player()
            other = state.resample_from_infostate(redraw_for, rng)
            if action not in other.legal_actions():
                continue  # the deciding seat's options depend on what it alone knows
            mine, theirs = state.clone(), other
            told = [(e.kind, e.text) for e in apply_with_events(mine, action, viewer)]
            again = [(e.kind, e.text) for e in apply_with_events(theirs, action, viewer)]
            if _seen(mine, viewer) == _seen(theirs, viewer):
                compared += 1
                assert told == again, f"viewer {viewer}, move {state.move_number()}"
    assert compared, "some step was compared"


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_the_event_stream_reaches_the_same_state_and_opens_with_the_action(case: Case, seed: int) -> None:
    run = playthrough(case, seed)
    state = run.game.new_initial_state()
    for action in run.actions[:300]:
        seat = state.current_player()
        expected = state.clone()
        expected.apply_action(action)
        events = apply_with_events(state, action, PUBLIC)
        assert state.to_json() == expected.to_json()
        assert events[0].action == action and all(e.automatic for e in events[1:])
        assert (events[0].kind == DECISION) == (seat >= 0)
        assert all(e.number == state.move_number() for e in events)
