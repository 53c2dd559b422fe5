"""Where Martin lands, as the players see it: the panels' move targets and the memory bots' reading of
an observation agree with the rules' own ``view.step_target`` at every move of random games, and with places emptied."""

from __future__ import annotations

import random

from stoneage.core.registry import load_game
from stoneage.games.first_stone_age.data import CIRCLE_SIZE, MOVE_MAX
from stoneage.games.first_stone_age.stages import EMPTY
from stoneage.games.first_stone_age.view import step_target
from stoneage.play.first_stone_age.panels import step_targets


def test_the_targets_players_see_are_where_the_rules_move_martin() -> None:
    checked = gaps = 0
    for seed in range(20):
        state = load_game("first_stone_age", players=2 + seed % 3, seed=seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and checked < 4000:
            if not state.is_chance_node() and state.martin >= 0:
                gappy = state.clone()  # random games refill every place: empty some (not Martin's) here
                for place in rng.sample(range(CIRCLE_SIZE), 3):
                    if place != gappy.martin:
                        gappy.circle[place] = EMPTY
                for seen in (state, gappy):
                    observation = seen.observation(0)
                    assert step_targets(observation) == [step_target(seen, steps) for steps in range(1, MOVE_MAX + 1)]
                    checked += 1
                    gaps += None in observation["circle"]
            action = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply_action(action)
    assert checked > 500 and gaps > 200, (checked, gaps)  # moves over empty places were checked too
