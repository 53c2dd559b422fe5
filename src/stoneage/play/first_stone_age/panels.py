"""My First Stone Age's panels of the view model: the turn, the table and the players."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON
from stoneage.play.first_stone_age.words import player_sentence, table_sentences
from stoneage.play.view import Panel


def panels(observation: JSON, names: Sequence[str]) -> list[Panel]:
    """The table as ``observation``'s viewer may see it, in words and as data."""
    turn = observation["turn"]
    heading = f"-- Turn {turn} --" if turn else "-- Setup --"
    table = {key: observation[key] for key in ("martin", "circle", "draw_pile", "box", "hut_pile_size")}
    players = tuple(player_sentence(data, names[seat]) for seat, data in enumerate(observation["players"]))
    return [
        Panel("turn", "Turn", (heading,), {"turn": turn, "phase": observation["phase"]}),
        Panel("table", "Table", tuple(table_sentences(observation)), table),
        Panel("players", "Players", players, observation["players"]),
    ]
