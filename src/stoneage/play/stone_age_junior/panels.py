"""Stone Age Junior's panels of the view model: the turn, the board and the players."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON
from stoneage.play.stone_age_junior.words import board_sentences, player_sentence
from stoneage.play.view import Panel

BOARD_KEYS = ("figures", "supply", "trading_post", "box", "dog_storage", "forest", "huts", "martin", "pile")
"""The observation fields the board panel draws."""


def panels(observation: JSON, names: Sequence[str]) -> list[Panel]:
    """The board as ``observation``'s viewer may see it (their own goods only), in words and as data."""
    short = [f"P{seat + 1}" for seat in range(len(names))]
    turn = observation["turn"]
    heading = f"-- Turn {turn} --" if turn else "-- Setup --"
    viewer = observation["observer"]
    players = tuple(player_sentence(observation, seat, names[seat], seat == viewer) for seat in range(len(names)))
    return [
        Panel("turn", "Turn", (heading,), {"turn": turn, "phase": observation["phase"]}),
        Panel("board", "Board", tuple(board_sentences(observation, short)),
              {key: observation[key] for key in BOARD_KEYS}),
        Panel("players", "Players", players, observation["players"]),
    ]
