"""A bot that may fail, backed by a named fallback bot for the decisions it fails; each failure is an
``Incident``, kept in ``incidents`` and passed to an optional listener (a log, a status line)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stoneage.bots.base import Bot
from stoneage.bots.external.process import CommandBot
from stoneage.bots.external.protocol import BotFailure, Kind
from stoneage.core.contract import State


@dataclass(frozen=True)
class Incident:
    """A decision an external bot failed, and who played it instead."""

    seat: int
    kind: Kind
    """``crash``, ``timeout``, ``garbage``, ``illegal`` or ``handshake``."""
    detail: str
    move: int
    """The move number of the decision."""
    bot: str
    fallback: str

    def text(self) -> str:
        """One line for a person or a log."""
        return f"{self.bot} ({self.kind}: {self.detail}); {self.fallback} played instead"


class FallbackBot(Bot):
    """Plays ``primary``'s moves; where it fails (``BotFailure``), ``fallback``'s, recording an ``Incident``.

    Once ``primary`` is retired, ``fallback`` plays every decision without further incidents.
    """

    def __init__(self, primary: CommandBot, fallback: Bot, fallback_spec: str) -> None:
        self.primary = primary
        self.fallback = fallback
        self.fallback_spec = fallback_spec
        self.spec = ""
        """The spec as given (set by the registry), to name the bot in incidents."""
        self.incidents: list[Incident] = []
        self.listener: Callable[[Incident], None] | None = None
        self.name = primary.name

    def step(self, state: State, player: int) -> int:
        if self.primary.retired:
            return self.fallback.step(state, player)
        try:
            return self.primary.step(state, player)
        except BotFailure as failure:
            incident = Incident(seat=player, kind=failure.kind, detail=failure.detail, move=state.move_number(),
                                bot=self.spec or self.primary.name, fallback=self.fallback_spec)
            self.incidents.append(incident)
            if self.listener is not None:
                self.listener(incident)
            return self.fallback.step(state, player)
        finally:
            self.name = self.primary.name

    def game_over(self, state: State) -> None:
        self.primary.game_over(state)
        self.fallback.game_over(state)

    def close(self) -> None:
        self.primary.close()
        self.fallback.close()
