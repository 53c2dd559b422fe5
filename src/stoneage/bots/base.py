"""The bot interface: given a state and its seat, return a legal action. Bots are seeded."""

from __future__ import annotations

from abc import abstractmethod

from stoneage.core.contract import State
from stoneage.core.native import mypyc_attr

# A plain class, not an ``ABC``, as core's Game and State are: mypyc makes its classes without
# ``ABCMeta``, so compiled subclasses of an ABC share one isinstance cache and
# ``isinstance(bot, Bot)`` answers whatever was asked first. ``abstractmethod`` still tells mypy.


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot:
    """A player. ``step`` is only called when ``state.current_player() == player``.

    A bot keeps its own random generator, seeded at construction, so that a game between
    bots replays exactly from the game seed and the bot seeds.
    """

    name: str = "bot"

    @abstractmethod
    def step(self, state: State, player: int) -> int:
        """A legal action for ``player`` in ``state`` (the state must not be changed)."""

    def game_over(self, state: State) -> None:
        """Told the final state when the game ends (where the caller knows it); nothing by default."""

    def close(self) -> None:
        """Release what the bot holds (a program it runs); nothing by default."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
