"""'Why?' tells another seat nothing it may not know: no alternative the bot had only because of its
face-down cards (in Stone Age Junior with the goods cards, a build paid with a card names the card).

Counterfactual: for every bot decision of seeded games, the alternatives an explanation shows a
viewer must be legal in every position that viewer cannot tell apart from the real one (redrawn from
the viewer's information, ``resample_from_infostate``).
"""

from __future__ import annotations

import random

import pytest

from stoneage.bots import make_bot
from stoneage.core.registry import load_game
from stoneage.play.explain import explain

CASES = [("stone_age_junior", 2, ("cards",)), ("stone_age_junior", 3, ("cards",)), ("stone_age", 2, ())]


@pytest.mark.parametrize(("name", "players", "expansions"), CASES)
def test_why_shows_no_alternative_that_only_the_bots_hidden_cards_allow(
        name: str, players: int, expansions: tuple[str, ...]) -> None:
    explained = 0
    for seed in range(6):
        game = load_game(name, players=players, seed=seed, expansions=list(expansions))
        state = game.new_initial_state()
        bots = [make_bot("greedy", seed=seed * 10 + seat) for seat in range(players)]
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            seat = state.current_player()
            action = bots[seat].step(state, seat)
            if seat != 0 and len(state.legal_actions()) > 1:
                shown = explain(state, seat, action, "greedy", seed=seed, top=100, viewer=0)
                explained += 1
                for _world in range(12):
                    world = state.resample_from_infostate(0, rng)
                    legal = set(world.legal_actions())
                    for choice in shown.alternatives:
                        assert choice.action in legal, (
                            f"{name}: why? shows seat 0 {choice.notation!r}, which seat {seat}'s hidden "
                            f"cards alone allow")
            state.apply_action(action)
    assert explained >= 20
