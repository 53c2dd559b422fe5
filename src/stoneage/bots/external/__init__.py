"""Bots that are other programs, spoken to in the ``stoneage-bot/1`` line protocol (docs/bot-protocol.md)."""

from stoneage.bots.external.fallback import FallbackBot, Incident
from stoneage.bots.external.process import CommandBot
from stoneage.bots.external.protocol import KINDS, PROTOCOL, BotFailure
from stoneage.bots.external.spec import make_command_bot, parse_command_spec
from stoneage.bots.registry import is_command_spec

__all__ = ["KINDS", "PROTOCOL", "BotFailure", "CommandBot", "FallbackBot", "Incident", "is_command_spec",
           "make_command_bot", "parse_command_spec"]
