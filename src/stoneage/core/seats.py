"""The special seats and viewers every module names: chance, the end of the game, a spectator, a referee."""

from __future__ import annotations

from typing import Final

CHANCE: Final = -1
"""``current_player()`` at a chance node; the seat of a fact that concerned nobody."""
TERMINAL: Final = -4
"""``current_player()`` once the game is over."""
PUBLIC: Final = -2
"""A viewer at no seat (a spectator): sees only what is public."""
OMNISCIENT: Final = -3
"""A viewer who may see everything (a referee: the logs of ``simulate`` and ``replay``)."""
