"""Golden playthroughs: seeded full games written out step by step, so any behaviour change shows.

Each file holds, for every step of one seeded game, who acts, the legal actions in notation,
the deciding player's observation (compact JSON) and the action played. Regenerate them after
an intended change with ``python tests/golden/playthroughs.py`` and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from stoneage import load_game

HERE = Path(__file__).parent
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "stone_age_2p": ("stone_age", {"players": 2, "seed": 1}),
    "stone_age_3p_mammoth": ("stone_age", {"players": 3, "seed": 2, "expansions": ["mammoth"]}),
    "first_stone_age_2p": ("first_stone_age", {"players": 2, "seed": 3}),
    "stone_age_junior_2p_cards": ("stone_age_junior", {"players": 2, "seed": 4, "expansions": ["cards"]}),
}
"""File stem -> (game, parameters)."""


def playthrough(name: str, params: dict[str, Any]) -> Iterator[str]:
    """The lines of one seeded game: chance from the game seed, players uniformly at random."""
    game = load_game(name, **params)
    state = game.new_initial_state()
    rng = random.Random(params["seed"])
    yield f"game {name} {json.dumps(params, sort_keys=True)}"
    step = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        who = "chance" if state.is_chance_node() else f"player {seat}"
        yield f"step {step} {who}"
        yield "  legal: " + " | ".join(state.action_to_string(a) for a in legal)
        if not state.is_chance_node():
            yield "  observation: " + json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"))
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(legal)
        yield f"  action: {state.action_to_string(action)}"
        state.apply_action(action)
        step += 1
    yield f"end after {step} steps: scores {state.scores()} returns {state.returns()}"


def path_of(stem: str) -> Path:
    """Where the golden file of a case lives."""
    return HERE / f"{stem}.txt"


def main() -> int:
    """Rewrite every golden file from the engine as it is now."""
    for stem, (name, params) in CASES.items():
        path_of(stem).write_text("\n".join(playthrough(name, params)) + "\n", encoding="utf-8")
        print(f"wrote {path_of(stem)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
