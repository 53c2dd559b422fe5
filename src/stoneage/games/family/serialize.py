"""JSON plumbing the children's games share: the public log's codec, the common fields of a state
and of an observation, and reading them back with errors that name the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stoneage.core.contract import JSON
from stoneage.core.errors import StateFormatError
from stoneage.core.fields import FieldReader, read_header
from stoneage.core.i18n import _
from stoneage.games.family.data import HUTS_TO_WIN
from stoneage.games.family.state import PHASES, SETUP, Event, FamilyState

Encode = Callable[[str, Event, int], Any]
"""A game's encoder of one event field: (field name, event, index in the event) -> JSON value."""
Decode = Callable[[FieldReader, str, list[int], int], int | None]
"""A game's reader of one event field (not ``player``) given the slots read so far and the number
of players: the value to store at the field's index, or None when it filled the slots itself."""


class EventTable:
    """How a game's log events look in JSON: per event kind, its fields and where each lives in the
    event tuple ``(at, turn, kind, player, x, y, z)``; ``player`` is always index 3."""

    def __init__(self, names: tuple[str, ...], fields: dict[str, tuple[tuple[str, int], ...]],
                 encode: Encode, decode: Decode) -> None:
        if tuple(fields) != names:
            raise AssertionError("every event kind needs its fields, in order")  # pragma: no cover
        self.names = names
        self.fields = fields
        self.encode = encode
        self.decode = decode

    def to_json(self, event: Event) -> JSON:
        """One event as JSON: ``at``, ``turn``, ``event`` and the fields of its kind."""
        name = self.names[event[2]]
        out: JSON = {"at": event[0], "turn": event[1], "event": name}
        for field, index in self.fields[name]:
            out[field] = event[index] if field == "player" else self.encode(field, event, index)
        return out

    def read(self, item: Any, path: str, moves: int, players: int) -> Event:
        """One event from JSON; ``StateFormatError`` naming the bad field."""
        r = FieldReader(item, path)
        at = r.integer("at", 0, max(moves - 1, 0))
        turn = r.integer("turn", 0)
        kind = r.choice("event", self.names)
        name = self.names[kind]
        fields = self.fields[name]
        extra = set(r.data) - {"at", "turn", "event", *(f for f, _index in fields)}
        if extra:
            raise StateFormatError(_("{field}: unexpected field {key} for a {event} event").format(
                field=path, key=repr(sorted(extra)[0]), event=repr(name)))
        slots = [at, turn, kind, -1, -1, -1, -1]
        for field, index in fields:
            value = r.integer(field, 0, players - 1) if field == "player" else self.decode(r, field, slots, players)
            if value is not None:
                slots[index] = value
        return (slots[0], slots[1], slots[2], slots[3], slots[4], slots[5], slots[6])


def state_frame(state: FamilyState[Any], game_name: str, version: int) -> JSON:
    """The first fields of a state's JSON: game, format, parameters, phase and turn."""
    return {
        "game": game_name,
        "format": version,
        "params": state.game.params(),
        "phase": PHASES[state.phase],
        "turn": state.turn,
    }


def state_tail(state: FamilyState[Any], table: EventTable) -> JSON:
    """The last fields of a state's JSON: the public log and the history."""
    return {"log": [table.to_json(e) for e in state.events()], "history": state.history()}


def observation_frame(state: FamilyState[Any], game_name: str, observer: int | None) -> JSON:
    """The first fields of an observation (``observer`` None: a spectator's)."""
    return {
        "game": game_name,
        "observer": observer,
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "round": state.round,
        "current_player": state.current_player(),
    }


def observation_tail(state: FamilyState[Any], table: EventTable) -> JSON:
    """The last fields of an observation: the public log, scores and the winner once over."""
    winner = state.winner()
    over = state.stage == state.GAME_OVER
    return {
        "log": [table.to_json(e) for e in state.events()],
        "scores": state.scores(),
        "winner": winner if over and winner >= 0 else None,
    }


def read_frame(state: FamilyState[Any], game: Any, data: Any, game_name: str, version: int,
               stages: tuple[str, ...]) -> tuple[FieldReader, FieldReader]:
    """Check the header and read the shared fields (game, phase, turn, pending stage and player,
    an empty hut race) into ``state``; returns the readers of the whole state and of ``pending``."""
    r = read_header(data, game_name, version, game.params())
    num_players = game.num_players
    state.game = game
    state.num_players = num_players
    state.phase = r.choice("phase", PHASES)
    state.turn = r.integer("turn", 0)
    pending = r.sub("pending")
    state.stage = pending.choice("stage", stages)
    state.cur = pending.integer("player", 0, num_players - 1)
    state.built = [()] * num_players
    return r, pending


def read_built(seat: FieldReader, high: int) -> tuple[int, ...]:
    """A seat's ``built`` list: hut numbers 1..``high``, at most ``HUTS_TO_WIN`` of them."""
    built = seat.integers("built", 1, high)
    if len(built) > HUTS_TO_WIN:
        raise StateFormatError(_("{field}: at most {most} huts are built").format(
            field=seat.name("built"), most=HUTS_TO_WIN))
    return tuple(built)


def read_history_and_log(state: FamilyState[Any], r: FieldReader, table: EventTable, num_actions: int) -> None:
    """The ``history`` and the public ``log`` of a state's JSON, into ``state``."""
    history = r.integers("history", 0, num_actions - 1)
    state._set_history(history)
    log: list[Event] = []
    events = r.items("log")
    last = (0, 0)
    for i, item in enumerate(events):
        event = table.read(item, f"log[{i}]", len(history), state.num_players)
        if event[:2] < last or event[0] < last[0] or event[1] > state.turn:
            raise StateFormatError(_("{field}: events come in the order of the actions and turns that caused them, "
                                     "up to the current turn {turn}").format(field=f"log[{i}]", turn=state.turn))
        last = event[:2]
        log.append(event)
    state._set_log(log)


def check_frame(state: FamilyState[Any]) -> None:
    """``StateFormatError`` unless the turn counter fits the phase and a finished game ended on the
    turn of its winner (the games check their own pending node)."""
    if state.phase == SETUP and state.turn:
        raise StateFormatError(_("{field}: no turn has begun during the setup, not {turn}").format(
            field="turn", turn=state.turn))
    if state.phase != SETUP and state.turn < 1:
        raise StateFormatError(_("{field}: the first turn has begun once the setup is over, not {turn}").format(
            field="turn", turn=state.turn))
    winners = hut_race_winners(state)
    if winners and state.cur != winners[0]:
        raise StateFormatError(_("{field}: the game ended on the turn of the winner, player {seat}").format(
            field="pending.player", seat=winners[0]))


def hut_race_winners(state: FamilyState[Any]) -> list[int]:
    """The seats that built 3 huts; ``StateFormatError`` if more than one did."""
    winners = [p for p in range(state.num_players) if len(state.built[p]) >= HUTS_TO_WIN]
    if len(winners) > 1:
        raise StateFormatError(_("{field}: only one player can build a third hut").format(field="players"))
    return winners
