"""Monte Carlo tree search that handles chance and hidden information.

Each iteration redraws what the searching player cannot see (``resample_from_infostate``),
walks the tree choosing actions by UCT for whoever is to move and sampling chance outcomes
from their exact distribution, adds one node, and scores it with the heuristic evaluation
(optionally after a short random rollout). Children at a node are limited to the ``width``
actions a one-step look ahead likes best, so payments with hundreds of mixes stay searchable;
that look ahead stops at the decision's deadline too, keeping the best actions it valued by then.
With ``lookahead`` a new decision node is valued by that look ahead itself: its mover's best
action one step on, whose values also order the node's children.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from stoneage.bots import params
from stoneage.bots.base import Bot
from stoneage.bots.evaluation import evaluate
from stoneage.bots.params import number, whole
from stoneage.core.contract import State
from stoneage.core.limits import MAX_ITERATIONS
from stoneage.core.native import mypyc_attr
from stoneage.core.playout import choose

MAX_C = 100.0
"""The largest exploration constant ``c``."""
MAX_WIDTH = 1000
"""The most candidate actions searched per node."""
MAX_ROLLOUT = 10_000
"""The most random steps played before a leaf is valued."""


class Node:
    """Statistics of one tree node: visits, summed values per seat, children by action."""

    __slots__ = ("children", "untried", "value", "visits")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.value = [0.0] * seats
        self.children: dict[int, Node] = {}
        self.untried: list[int] | None = None


@mypyc_attr(allow_interpreted_subclasses=True)  # tests subclass it
class MCTSBot(Bot):
    """UCT search with chance nodes and determinization.

    Budget: ``iterations`` (default 400, at most ``MAX_ITERATIONS``) or ``seconds`` per decision,
    whichever is set; never more than ``max_seconds`` (at most ``MAX_SECONDS``, an hour). ``c`` is
    the exploration constant (0..``MAX_C``), ``width`` the number of candidate actions per node
    (1..``MAX_WIDTH``), ``rollout`` the random steps played before evaluating a leaf (0..``MAX_ROLLOUT``).
    ``lookahead``: value a new decision node by its mover's best action one step on
    instead of the node itself (every action is valued, which orders its children too).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 0,
        seconds: float = 0.0,
        max_seconds: float = 1.0,
        c: float = 0.7,
        width: int = 8,
        rollout: int = 0,
        lookahead: bool = False,
    ) -> None:
        iterations = whole("iterations", iterations, 0, MAX_ITERATIONS)
        seconds = params.seconds("seconds", seconds, zero=True)
        self.rng = random.Random(seed)
        self.iterations = iterations if iterations or seconds else 400
        self.seconds = seconds
        self.max_seconds = params.seconds("max_seconds", max_seconds)
        self.c = number("c", c, 0.0, MAX_C)
        self.width = whole("width", width, 1, MAX_WIDTH)
        self.rollout = whole("rollout", rollout, 0, MAX_ROLLOUT)
        self.lookahead = lookahead
        self.last_iterations = 0
        self.deadline = math.inf
        """The ``perf_counter`` time at which the decision under way must stop searching."""
        self.value_of: Callable[[State, int], list[float]] = evaluate
        """Leaf values and move ordering: ``(state, player) -> each seat's chance``; subclasses may swap it."""

    def step(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seats = len(state.returns())
        root = Node(seats)
        start = time.perf_counter()
        limit = min(self.seconds or self.max_seconds, self.max_seconds)
        self.deadline = start + limit
        done = 0
        try:
            while True:
                self._iterate(root, state.resample_from_infostate(player, self.rng), player, seats)
                done += 1
                if self.iterations and done >= self.iterations:
                    break
                if time.perf_counter() >= self.deadline:
                    break
        finally:
            self.deadline = math.inf  # a search outside ``step`` (the analysis) has no clock
        self.last_iterations = done
        return max(root.children.items(), key=lambda item: (item[1].visits, item[1].value[player]))[0]

    def _candidates(self, state: State, player: int) -> list[int]:
        """The actions to search here, best last (they are popped from the end)."""
        return self._ranked(state, player)[0]

    def _ranked(self, state: State, player: int) -> tuple[list[int], list[float] | None]:
        """The actions to search here, best last, and the values one step on of the best of them
        (None when the actions were not valued).

        With more than ``width`` legal actions, or with ``lookahead``, each is valued one step
        ahead; past the deadline the valuing stops (a payment node can have hundreds of actions),
        and the best of the actions valued so far are kept.
        """
        legal = state.legal_actions()
        if len(legal) <= self.width and not self.lookahead:
            self.rng.shuffle(legal)
            return legal, None
        mover = state.current_player()
        scored: list[tuple[float, int]] = []
        best: list[float] | None = None
        best_value = -math.inf
        deadline = self.deadline
        for action in legal:
            if scored and time.perf_counter() >= deadline:
                break
            child = state.clone()
            child.apply_action(action)
            values = self.value_of(child, player)
            value = values[mover] + self.rng.random() * 1e-9
            scored.append((value, action))
            if value > best_value:
                best, best_value = values, value
        scored.sort()
        return [action for _, action in scored[-self.width:]], best

    def _iterate(self, root: Node, state: State, player: int, seats: int) -> None:
        node = root
        path = [root]
        result: list[float] | None = None
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance_outcome(self.rng)
                state.apply_action(action)
                node = node.children.setdefault(action, Node(seats))
                path.append(node)
                continue
            if node.untried is None:
                node.untried = self._candidates(state, player)
            if node.untried:
                action = node.untried.pop()
                state.apply_action(action)
                node = node.children.setdefault(action, Node(seats))
                path.append(node)
                if self.lookahead and not state.is_terminal() and not state.is_chance_node():
                    node.untried, result = self._ranked(state, player)
                break
            mover = state.current_player()
            log_n = math.log(node.visits)
            action, node = max(
                node.children.items(),
                key=lambda item: item[1].value[mover] / item[1].visits
                + self.c * math.sqrt(log_n / item[1].visits),
            )
            state.apply_action(action)
            path.append(node)
        for _ in range(self.rollout):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(self.rng))
            else:
                state.apply_action(choose(self.rng, state.legal_actions()))
        if result is None or self.rollout:
            result = self.value_of(state, player)
        for visited in path:
            visited.visits += 1
            values = visited.value
            for seat in range(seats):
                values[seat] += result[seat]
