"""What the conformance suite runs over: one case per game x player count x option (none, or one
expansion or variant alone), a few seeded random playthroughs each, and states sampled from them.

Playthroughs are cached, so every check of a case reads the same games instead of playing its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from stoneage import Game, State
from stoneage.core.registry import game_info, game_names

from common import random_playthrough, replay_actions, seeded_game

SEEDS = (0, 1)
"""Seeds of the random playthroughs of each case."""
SAMPLES = 8
"""How many states (besides the first and the last) each playthrough lends to the per-state checks."""


@dataclass(frozen=True)
class Case:
    """A game with a player count and at most one expansion or variant."""

    name: str
    players: int
    expansions: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        options = [f"x:{o}" for o in self.expansions] + [f"v:{o}" for o in self.variants]
        return "-".join([self.name, f"{self.players}p", *options])

    def game(self, seed: int) -> Game:
        return seeded_game(self.name, self.players, seed, self.expansions, self.variants)


def all_cases() -> list[Case]:
    """Every registered game x player count x (no option, each expansion alone, each variant alone)."""
    cases = []
    for name in game_names():
        info = game_info(name)
        options = [((), ())]
        options += [((o,), ()) for o in info.option_names("expansions")]
        options += [((), (o,)) for o in info.option_names("variants")]
        for players in range(info.min_players, info.max_players + 1):
            cases += [Case(name, players, expansions, variants) for expansions, variants in options]
    return cases


CASES = all_cases()
GAMES = game_names()


@dataclass(frozen=True, eq=False)
class Playthrough:
    """One seeded random game of a case: its game, its full history and its final state."""

    case: Case
    seed: int
    game: Game
    actions: tuple[int, ...]
    final: State

    def states(self) -> list[State]:
        """Copies of states along the game: the first, ``SAMPLES`` in between (seeded), and the last."""
        return [state.clone() for state in _samples(self)]

    def rest(self, state: State, limit: int) -> tuple[int, ...]:
        """Up to ``limit`` actions that follow ``state`` in this game."""
        done = len(state.history())
        return self.actions[done:done + limit]


@cache
def _samples(run: Playthrough) -> tuple[State, ...]:
    count = len(run.actions)
    picks = sorted(random.Random(run.seed).sample(range(1, count), min(SAMPLES, count - 1)))
    state = run.game.new_initial_state()
    out = [state.clone()]
    done = 0
    for pick in picks:
        for action in run.actions[done:pick]:
            state.apply_action(action)
        done = pick
        out.append(state.clone())
    out.append(run.final.clone())
    return tuple(out)


@cache
def playthrough(case: Case, seed: int) -> Playthrough:
    """The seeded random game of ``case``: chance from the game seed, players uniformly at random."""
    game = case.game(seed)
    final = random_playthrough(game.new_initial_state(), random.Random(seed))
    return Playthrough(case, seed, game, tuple(final.history()), final)


def fresh_replay(run: Playthrough) -> State:
    """The final state of ``run`` again, from its history on a new state."""
    return replay_actions(run.game, run.actions)
