"""Stone Age's panels of the view model: the round, the board, the Mammoth Herd, the players."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON, State
from stoneage.core.i18n import pgettext
from stoneage.games.stone_age import serialize
from stoneage.play.stone_age.board import board_lines, mammoth_lines, player_sentence
from stoneage.play.view import Panel, shared

BOARD_KEYS = ("board", "display", "stacks", "deck_size")
"""The observation fields the board panel draws."""
ROUND_KEYS = ("round", "phase", "first_player")
ROUND_EXTRA_KEYS = ("current_player", "pending", "scores", "score_breakdown")
"""More observation fields in the round panel's data, for faces that draw: whose step it is, the
pending stage (a roll's dice and sum, the dice left for all, the food short), and the scores (with
the final breakdown once the game is over)."""


def phase_name(phase: str) -> str:
    """A phase of the round in words (``observation["phase"]`` is its notation name)."""
    return {
        "setup": pgettext("phase", "setup"), "placement": pgettext("phase", "placement"),
        "actions": pgettext("phase", "actions"), "feeding": pgettext("phase", "feeding"),
        "over": pgettext("phase", "over"), "taming": pgettext("phase", "taming"), "final": pgettext("phase", "final"),
    }.get(phase, phase)


def panels(observation: JSON, names: Sequence[str]) -> list[Panel]:
    """The table as ``observation``'s viewer may see it, in words and as data. What depends on
    public parts only (the board, the herd, a player's sentence) is built once per step of
    ``build_views`` when the viewers' observations share those parts (``observations``)."""
    short = [f"P{seat + 1}" for seat in range(len(names))]
    first = names[observation["first_player"]]
    heading = "-- " + pgettext("round panel", "Round {round}, {phase} (first player: {first})").format(
        round=observation["round"], phase=phase_name(observation["phase"]), first=first) + " --"
    herd = observation.get("mammoth")
    out = [
        Panel("round", pgettext("panel title", "Round"), (heading,), {key: observation[key] for key in ROUND_KEYS}
              | {key: observation[key] for key in ROUND_EXTRA_KEYS if key in observation}),
        shared(("board", herd and herd["herd"], observation["deck_size"]),
               (observation["board"], observation["display"], observation["stacks"]), _board, observation, short),
    ]
    if herd is not None:
        held = tuple((data["mammoth_tiles"], data["on_tile"]) for data in observation["players"])
        out.append(shared(("mammoth", observation["phase"], held), (herd,), _mammoth, observation, short))
    sentences = tuple(shared(("player", names[seat]), (data,), player_sentence, data, names[seat])
                      for seat, data in enumerate(observation["players"]))
    out.append(Panel("players", pgettext("panel title", "Players"), sentences, observation["players"]))
    return out


def observations(state: State, viewers: Sequence[int]) -> dict[int, JSON]:
    """Every viewer's observation, the public parts built once (``serialize.observations``)."""
    return serialize.observations(state, viewers)  # type: ignore[arg-type]


def _board(observation: JSON, short: list[str]) -> Panel:
    return Panel("board", pgettext("panel title", "Board"), tuple(board_lines(observation, short, verbose=True)),
                 {key: observation[key] for key in BOARD_KEYS})


def _mammoth(observation: JSON, short: list[str]) -> Panel:
    return Panel("mammoth", pgettext("panel title", "Mammoth Herd"),
                 tuple(mammoth_lines(observation, short, verbose=True)), observation["mammoth"])
