"""Bots written against the game/state contract: random, greedy, MCTS, and presets."""

from stoneage.bots.base import Bot
from stoneage.bots.registry import BotSpecError, bot_names, make_bot, parse_spec, register_bot, register_preset

__all__ = ["Bot", "BotSpecError", "bot_names", "make_bot", "parse_spec", "register_bot", "register_preset"]
