"""The ``stoneage-bot/1`` line protocol: the messages the engine sends and reads (docs/bot-protocol.md).

Every message is one JSON object on one line (UTF-8, ``\\n``-terminated) with a ``"type"``. This
module only builds and reads messages; running a program is ``process.py``'s job.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Literal

from stoneage.core.contract import JSON, State
from stoneage.core.errors import NotationError, StoneAgeError

PROTOCOL = "stoneage-bot/1"
"""The protocol name and major version; a bot naming another one is refused at the handshake."""
MAX_LINE = 1 << 20
"""The longest line (in bytes, newline excluded) the engine reads from a bot: 1 MiB."""
MAX_FIELD = 200
"""Names, versions and game names a bot sends are cut to this many characters."""

Kind = Literal["crash", "timeout", "garbage", "illegal", "handshake"]
KINDS: tuple[Kind, ...] = ("crash", "timeout", "garbage", "illegal", "handshake")


class BotFailure(StoneAgeError):
    """An external bot that did not give a usable answer; ``kind`` says how (one of ``KINDS``)."""

    def __init__(self, kind: Kind, detail: str) -> None:
        super().__init__(detail)
        self.kind: Kind = kind
        self.detail = detail


@dataclass(frozen=True)
class BotHello:
    """What a bot says about itself in its handshake."""

    name: str
    version: str
    games: tuple[str, ...]
    """The game names it plays; ``("*",)`` for any game."""

    def plays(self, game: str) -> bool:
        """Whether the bot says it plays ``game``."""
        return "*" in self.games or game in self.games


def encode(message: JSON) -> bytes:
    """One message as a protocol line."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def hello(engine_version: str) -> JSON:
    """The engine's first message."""
    return {"type": "hello", "protocol": PROTOCOL, "engine": "stoneage", "engine_version": engine_version}


def game_of(state: State) -> tuple[str, JSON]:
    """The game name and its parameters, without the game seed (that would reveal the dice and cards)."""
    data = state.to_json()
    params = {key: value for key, value in dict(data.get("params") or {}).items() if key != "seed"}
    return str(data.get("game") or state.observation(0).get("game")), params


def program_seed(seed: int) -> int:
    """The seed a bot program is sent for the engine's bot seed ``seed``: a one-way hash of it (31 bits).

    The engine's bot seed is made from the game's seed (``play.session.bot_seed``), which decides
    every die and card; the program gets the same seed for the same game again (tournaments replay),
    but cannot tell the game's seed from it, nor the dice."""
    digest = hashlib.sha256(f"stoneage/bot-program/{seed}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def new_game(game: str, params: JSON, seat: int, seed: int) -> JSON:
    """A new game begins; ``seed`` is the bot's own seed (for a deterministic bot; ``program_seed``)."""
    return {"type": "new_game", "game": game, "params": params, "players": params.get("players"),
            "seat": seat, "seed": seed}


def request(request_id: int, game: str, state: State, seat: int, budget_ms: int) -> tuple[JSON, list[int]]:
    """The request for a decision, and the legal actions it lists."""
    legal = state.legal_actions()
    message = {
        "type": "request", "id": request_id, "game": game, "seat": seat, "budget_ms": budget_ms,
        "move": state.move_number(), "observation": state.observation(seat),
        "legal_actions": legal, "legal_notation": [state.action_to_string(action) for action in legal],
    }
    return message, legal


def game_over(state: State) -> JSON:
    """The game has ended: every seat's score and return (1 shared among the winners)."""
    return {"type": "game_over", "scores": list(state.scores()), "returns": list(state.returns())}


QUIT: JSON = {"type": "quit"}


def decode(line: bytes) -> JSON:
    """A line the bot sent, as a JSON object; ``BotFailure("garbage")`` if it is none."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BotFailure("garbage", f"not a JSON line: {_cut(line)}") from None
    if not isinstance(message, dict):
        raise BotFailure("garbage", f"not a JSON object: {_cut(line)}")
    return message


def read_hello(message: JSON) -> BotHello:
    """The bot's handshake answer; ``BotFailure("handshake")`` if it is malformed or of another protocol."""
    protocol = message.get("protocol", PROTOCOL)
    if protocol != PROTOCOL:
        raise BotFailure("handshake", f"the bot speaks {_cut(protocol)}, not {PROTOCOL}")
    games = message.get("games")
    if not isinstance(games, list) or not games or not all(isinstance(g, str) for g in games):
        raise BotFailure("handshake", "the hello must list the games the bot plays, e.g. \"games\": [\"stone_age\"]")
    return BotHello(name=str(message.get("name") or "external")[:MAX_FIELD],
                    version=str(message.get("version") or "")[:MAX_FIELD],
                    games=tuple(g[:MAX_FIELD] for g in games))


def read_action(message: JSON, state: State, legal: list[int], notation: list[str]) -> int:
    """The legal action an ``action`` message names, by number or by notation.

    ``BotFailure("illegal")`` for an action that is not legal now, ``BotFailure("garbage")`` for
    something that is no action at all.
    """
    value: Any = message.get("action")
    if isinstance(value, int) and not isinstance(value, bool):
        if value not in legal:
            raise BotFailure("illegal", f"action {_cut(value)} is not legal here")
        return value
    if isinstance(value, str):
        if value in notation:
            return legal[notation.index(value)]
        try:
            action = state.string_to_action(value)
        except (NotationError, ValueError):
            raise BotFailure("garbage", f"{_cut(value)} is not the notation of any action") from None
        if action not in legal:
            raise BotFailure("illegal", f"{_cut(value)} is not legal here")
        return action
    raise BotFailure("garbage", f"the action must be a number or a notation string, not {_cut(value)}")


def _cut(value: Any, limit: int = 80) -> str:
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
