"""The family's public log keeps each event in one tuple with the link to the one before. Along
random Stone Age Junior games its events only grow at the end, a clone keeps its own, and the log
rebuilt from its events is the same chain (the golden playthroughs pin the events themselves).
"""

from __future__ import annotations

import random

import pytest

from stoneage import load_game
from stoneage.games.family.state import Event
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"expansions": ["cards"]})])
def test_log_keeps_each_state_s_events(players: int, options: dict[str, list[str]]) -> None:
    """Events only grow at the end; a clone keeps its own after the original moves on; the log
    rebuilt from its events is the same chain."""
    rng = random.Random(players)
    for seed in range(6):
        state = load_game("stone_age_junior", players=players, seed=seed, **options).new_initial_state()
        assert isinstance(state, StoneAgeJuniorState)
        kept: list[tuple[StoneAgeJuniorState, list[Event]]] = []
        while not state.is_terminal():
            before = state.events()
            if rng.random() < 0.05:
                kept.append((state.clone(), before))
            state.apply_action(rng.choice(state.legal_actions()))
            after = state.events()
            assert after[: len(before)] == before
            assert all(event[0] == state.move_number() - 1 for event in after[len(before) :])
        for clone, events in kept:
            assert clone.events() == events
        rebuilt = state.clone()
        rebuilt._set_log(state.events())
        assert rebuilt._log == state._log
        assert len(state.events()) > 100
