"""The cycle view of a game: every agent steps once per cycle, and one cycle is one decision.

A cycle runs ``player_0`` .. ``player_{n-1}``. The seat the game waits for at the start of the
cycle plays its decision when its step comes; every other agent passes with ``PASS`` (the one
action after the game's own: ``num_distinct_actions()``), the only action its mask allows. The
game's end, its rewards and ``max_cycles`` truncation all come at the end of a cycle, so the view
converts to PettingZoo's Parallel API (``pettingzoo.parallel_env``). It costs ``players`` agent
steps per decision; the default turn order (``aec.StoneAgeAEC``) costs one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from stoneage.core.errors import IllegalActionError
from stoneage.core.i18n import _
from stoneage.envs import common
from stoneage.envs.aec import StoneAgeAEC


class CycleAEC(StoneAgeAEC):
    """A registered game with every agent stepping in seat order; ``max_cycles`` counts cycles."""

    metadata: dict[str, Any] = {**StoneAgeAEC.metadata, "is_parallelizable": True}  # noqa: RUF012
    extra_actions = 1
    _mover = -1
    """The seat whose decision this cycle is (-1 once taken)."""

    @property
    def pass_action(self) -> int:
        """The action of an agent whose decision this cycle is not."""
        return self.num_actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._mover = -1
        super().reset(seed=seed, options=options)

    def mask(self, seat: int) -> NDArray[np.int8]:
        if seat == self._mover:
            return np.append(common.legal_mask(self.state, seat, self.num_actions), np.int8(0))
        mask = np.zeros(self.num_actions + 1, np.int8)
        mask[self.pass_action] = 1
        return mask

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection``: its decision if the cycle's, else ``PASS``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        if seat == self._mover:
            self.state.apply_action(common.checked_action(self.state, action, agent))
            self._mover = -1
            self.decisions += 1
            common.resolve_chance(self.state, self._generator)
        elif common.as_int(action) != self.pass_action:
            raise IllegalActionError(_("{who} must pass ({action}) while another seat decides").format(
                who=agent, action=self.pass_action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if seat == len(self.possible_agents) - 1:
            self._after_move()
        else:
            self.agent_selection = self.possible_agents[seat + 1]
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """End of a cycle: the game's end or truncation, else a new cycle from ``player_0``."""
        if not self._end_episode(self.max_cycles):
            self._mover = self.state.current_player()
        self.agent_selection = self.agents[0]
