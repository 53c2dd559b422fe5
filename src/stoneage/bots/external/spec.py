"""The ``cmd:`` bot spec: ``cmd:COMMAND ARGS`` or ``cmd[key=value;key=value]:COMMAND ARGS``.

The command is split like a shell would split it (``shlex``) but run without a shell. Options:
``fallback`` (a bot spec, default ``random``) plays the decisions the program fails; ``budget``
(seconds per decision, default 1); ``hello`` (seconds for the handshake, default 5); ``restarts``
(how often a crashed or hung program is started again, default 2); ``log`` (a file to which the
conversation is appended, ``>`` lines to the bot and ``<`` from it). Options are separated by ``;``
so that a spec never holds a comma, and lists of specs (``--bots``, ``--seats``) can be split on commas.
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from typing import Any

from stoneage.bots.external.fallback import FallbackBot
from stoneage.bots.external.process import CommandBot
from stoneage.bots.registry import BotSpecError, is_command_spec, make_bot
from stoneage.core.i18n import _
from stoneage.core.output import check_writable

PREFIX = "cmd"
DEFAULTS: dict[str, Any] = {"fallback": "random", "budget": 1.0, "hello": 5.0, "restarts": 2, "log": ""}
LIMITS: dict[str, tuple[float, float]] = {"budget": (0.001, 3600.0), "hello": (0.001, 3600.0), "restarts": (0, 100)}


def parse_command_spec(spec: str) -> tuple[list[str], dict[str, Any]]:
    """The command's words and the options; ``BotSpecError`` naming what is wrong."""
    text = spec.strip()[len(PREFIX):]
    options: dict[str, Any] = dict(DEFAULTS)
    if text.startswith("["):
        inside, bracket, text = text[1:].partition("]")
        if not bracket:
            raise BotSpecError(_("bot {spec!r}: the options in [...] have no closing ]").format(spec=spec))
        for part in filter(None, (p.strip() for p in inside.split(";"))):
            key, eq, value = (s.strip() for s in part.partition("="))
            if not eq or key not in DEFAULTS:
                raise BotSpecError(_("bot {spec!r}: {part!r} is not one of the options {known} (key=value, "
                                     "separated by ;)").format(spec=spec, part=part, known=", ".join(DEFAULTS)))
            options[key] = _option(spec, key, value)
    if not text.startswith(":"):
        raise BotSpecError(_("bot {spec!r}: write cmd:COMMAND or cmd[OPTIONS]:COMMAND").format(spec=spec))
    try:
        argv = shlex.split(text[1:])
    except ValueError as error:
        raise BotSpecError(_("bot {spec!r}: {error}").format(spec=spec, error=error)) from None
    if not argv:
        raise BotSpecError(_("bot {spec!r}: no command after cmd:").format(spec=spec))
    return argv, options


def _option(spec: str, key: str, value: str) -> Any:
    if key == "fallback":
        if is_command_spec(value) or not value:
            raise BotSpecError(_("bot {spec!r}: the fallback must be a built-in bot, not {value!r}").format(
                spec=spec, value=value))
        return value
    if key == "log":
        check_writable(value, BotSpecError)  # a log that is a pipe or a device is refused before any game
        return value
    low, high = LIMITS[key]
    try:
        number = int(value) if key == "restarts" else float(value)
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        raise BotSpecError(_("bot {spec!r}: {key} must be a number from {low:g} to {high:g}, not {value!r}").format(
            spec=spec, key=key, low=low, high=high, value=value))
    return number


def make_command_bot(spec: str, seed: int) -> FallbackBot:
    """The ``cmd:`` bot of ``spec``, with its fallback (the program starts at its first decision)."""
    argv, options = parse_command_spec(spec)
    program = argv[0]
    found = shutil.which(program) if "/" not in program else (program if Path(program).is_file() else None)
    if found is None:
        raise BotSpecError(_("bot {spec!r}: no program {program!r} found").format(spec=spec, program=program))
    fallback = make_bot(options["fallback"], seed, trusted=True)  # part of a spec already trusted
    primary = CommandBot(argv, seed=seed, budget=options["budget"], hello_timeout=options["hello"],
                         restarts=options["restarts"], log=options["log"] or None)
    bot = FallbackBot(primary, fallback, options["fallback"])
    bot.spec = spec.strip()
    return bot
