"""Shared test setup: the toy fourth game joins the registry, so every suite over
``game_names()`` covers it too."""

from stoneage.core.registry import register_game

from toy_game.info import GAME_TYPE

register_game(GAME_TYPE)
