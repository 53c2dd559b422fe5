"""The websocket protocol: what a client may send, the errors it may get back (docs/server.md).

Client → server: ``move`` (an action, on the sequence number it was chosen at; with ``warn`` the
server first answers a ``warning`` if the move deserves one, and applies it when sent again with
``confirmed``), ``sync`` (send me the whole view again), ``hint`` (what would the hint bot play?),
``why`` (why did the last bot move?), ``odds`` (the odds of my rolls ahead), ``leave_lesson`` (a
guided game goes on as a normal game) and ``ping``. Server → client: ``hello``, ``update``, ``ack``,
``resync``, ``seats``, ``notice``, ``hint``, ``why``, ``odds``, ``warning``, ``pong`` and ``error``.
Every error names its ``code`` and says what was wrong.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from stoneage.core.contract import JSON
from stoneage.core.errors import shorten


class ProtocolError(Exception):
    """A message the server refuses: ``code`` is stable, ``str()`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

    def to_json(self) -> JSON:
        """The ``error`` message for the client."""
        return {"type": "error", "code": self.code, "message": str(self)}


class _Command(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Move(_Command):
    """Play ``action`` (an id from the view's decision) on the game as it was at move ``seq``."""

    type: Literal["move"]
    seq: int = Field(ge=0, le=10**9)
    action: int = Field(ge=0, le=10**9)
    warn: bool = False
    """Answer a ``warning`` instead of playing a move the game warns of (starving, a wasted purchase)."""
    confirmed: bool = False
    """The person saw the warning and plays the move anyway."""


class Sync(_Command):
    """Ask for the whole view again."""

    type: Literal["sync"]


class Ping(_Command):
    """Ask for a ``pong`` (keeps a quiet connection open; also says the player is here)."""

    type: Literal["ping"]


class Hint(_Command):
    """Ask what the game's hint bot would play now (only the seat to decide may ask)."""

    type: Literal["hint"]


class Why(_Command):
    """Ask why the last bot move among the latest steps was played (only a seated player may ask)."""

    type: Literal["why"]


class Odds(_Command):
    """Ask the odds of one's own chance events ahead (only a seated player, in a game that has odds)."""

    type: Literal["odds"]


class LeaveLesson(_Command):
    """Leave the guided game: it goes on as a normal game (only a person seated at it may ask)."""

    type: Literal["leave_lesson"]


Command = Annotated[Move | Sync | Ping | Hint | Why | Odds | LeaveLesson, Field(discriminator="type")]
_COMMAND: TypeAdapter[Move | Sync | Ping | Hint | Why | Odds | LeaveLesson] = TypeAdapter(Command)
KNOWN_TYPES = ("move", "sync", "ping", "hint", "why", "odds", "leave_lesson")


def parse_command(text: str | bytes) -> Move | Sync | Ping | Hint | Why | Odds | LeaveLesson:
    """The command in a websocket message; ``ProtocolError`` naming what is wrong with it."""
    try:
        return _COMMAND.validate_json(text)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        kind = first["type"]
        if kind == "json_invalid":
            raise ProtocolError("bad_json", f"not JSON: {first['msg']}") from None
        if kind in ("union_tag_invalid", "union_tag_not_found", "model_attributes_type", "model_type", "dict_type"):
            raise ProtocolError("unknown_type", "a message is a JSON object whose 'type' is one of "
                                f"{', '.join(KNOWN_TYPES)}") from None
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        raise ProtocolError("bad_message", f"{where}: {first['msg']} (got {shorten(first.get('input'))})") from None
