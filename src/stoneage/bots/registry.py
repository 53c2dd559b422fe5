"""Find bots by name with parameters: ``random``, ``greedy``, ``mcts:iterations=2000``, ``hard``."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from importlib import import_module
from typing import Any

from stoneage.bots.base import Bot
from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import N_, _


class BotSpecError(StoneAgeError):
    """A bot name or parameter that does not exist or has a bad value."""


class UntrustedBotError(BotSpecError):
    """A bot spec from a file or the network (a save, a lobby request) that runs a program or names
    a file: only the person's own command line or the server's configuration may name those.

    ``kind`` says which: ``"program"``, ``"file"`` (``parameter`` names a file) or ``"text"``
    (``parameter`` is given text, not a number)."""

    def __init__(self, message: str, spec: str, kind: str, parameter: str = "") -> None:
        super().__init__(message)
        self.spec = spec
        self.kind = kind
        self.parameter = parameter


_BOTS: dict[str, str] = {
    "random": "stoneage.bots.random_bot:RandomBot",
    "greedy": "stoneage.bots.greedy:GreedyBot",
    "mcts": "stoneage.bots.mcts:MCTSBot",
    "memory": "stoneage.bots.first_stone_age.memory_bots:MemoryBot",
    "child": "stoneage.bots.first_stone_age.memory_bots:ChildBot",
    "memory_expert": "stoneage.bots.first_stone_age.expert:MemoryExpertBot",
    "junior": "stoneage.bots.stone_age_junior.memory_bots:JuniorBot",
    "junior_child": "stoneage.bots.stone_age_junior.memory_bots:JuniorChildBot",
    "junior_expert": "stoneage.bots.stone_age_junior.expert:JuniorExpertBot",
    "learned": "stoneage.bots.stone_age.expert:ExpertBot",
}
PRESETS: dict[str, str] = {
    "easy": "greedy:epsilon=0.35",
    "medium": "greedy",
    "hard": "mcts:iterations=300",
    "expert": "learned",
}
"""Difficulty presets for people, each an alias of a bot spec."""
_BUILT_IN_PRESETS = frozenset(PRESETS)
_LABELLED = frozenset((
    # TRANSLATORS: bot levels as people see them (seat names, the lobby's choices); the names typed stay English
    N_("random"), N_("easy"), N_("medium"), N_("hard"), N_("expert"), N_("child"), N_("memory"), N_("junior"),
    # TRANSLATORS: bot levels: Stone Age Junior's child-friendly and expert bots, My First Stone Age's expert
    N_("junior_child"), N_("junior_expert"), N_("memory_expert"),
))
"""The built-in bot names shown to people in their language (``bot_label``); the search bots (greedy,
mcts, learned) keep their technical names."""
FILE_PARAMETERS = frozenset({"weights", "log"})
"""Bot parameters that name a file (any parameter whose default is text is taken for one too)."""
LEVELS = "random, easy, medium, hard, expert, …"
"""The bot levels a file or the network may name, as messages list them."""
MAX_UNTRUSTED_SPEC = 200
"""The longest bot spec a file or the network may give (a level with its settings is far shorter)."""


def register_bot(name: str, target: str) -> None:
    """Register a bot class (``"module:Class"``) under ``name``."""
    _BOTS[name] = target


def register_preset(name: str, spec: str) -> None:
    """Offer ``spec`` (any bot spec, ``cmd:`` included) under the plain ``name``, e.g. ``stoneage serve
    --bot NAME=SPEC``: the server's lobby offers the name, so people can seat a program the operator
    chose without ever writing a spec that runs one. The built-in bots and presets keep their names."""
    if not name.isidentifier() or name in _BOTS or name in _BUILT_IN_PRESETS:
        raise BotSpecError(_("a bot name is a plain word other than {taken}, not {name!r}").format(
            taken=", ".join(sorted({*_BOTS, *_BUILT_IN_PRESETS})), name=name))
    make_bot(spec, trusted=True).close()  # BotSpecError now for a spec that cannot work
    PRESETS[name] = spec


def bot_names() -> list[str]:
    """Every bot name and preset."""
    return sorted(_BOTS) + sorted(PRESETS)


def bot_label(spec: str) -> str:
    """How a bot is shown to people: a built-in level (``hard``, ``child``) in the current language,
    any other spec as typed. What people type stays the English name."""
    return _(spec) if spec in _LABELLED else spec


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"mcts:iterations=2000,c=1.4"`` into ``("mcts", {"iterations": 2000, "c": 1.4})``."""
    name, _colon, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise BotSpecError(_("bot {spec!r}: parameter {part!r} is not key=value").format(spec=spec, part=part))
        params[key.strip()] = _value(value.strip())
    return name, params


def is_command_spec(spec: str) -> bool:
    """Whether ``spec`` runs a program (``cmd:COMMAND`` or ``cmd[OPTIONS]:COMMAND``)."""
    return spec.strip().startswith(("cmd:", "cmd["))


def check_untrusted(spec: str) -> None:
    """Raise ``UntrustedBotError`` unless ``spec`` may come from a file or the network: a bot level
    or name with number and true/false settings, never a program (``cmd:``) nor a parameter that
    names a file (``weights``). A preset the server's operator named stays usable by its name.
    NaN and infinity are refused here, other numbers out of their range when the bot is made (``make_bot``)."""
    if len(spec) > MAX_UNTRUSTED_SPEC:
        raise UntrustedBotError(_("a bot named by a file or the network is at most {most} characters long, "
                                  "not {length}").format(most=MAX_UNTRUSTED_SPEC, length=len(spec)),
                                spec[:MAX_UNTRUSTED_SPEC], "length")
    if is_command_spec(spec):
        raise UntrustedBotError(_("bot {spec!r} runs a program: a bot named by a file or the network may be "
                                  "only a bot level ({levels}) with number settings").format(
            spec=spec, levels=LEVELS), spec, "program")
    name, params = parse_spec(spec)
    if name in PRESETS and not is_command_spec(PRESETS[name]):
        name = parse_spec(PRESETS[name])[0]
    known = _parameters(name)
    for key, value in params.items():
        if key in FILE_PARAMETERS or (known is not None and isinstance(known.get(key), str)):
            raise UntrustedBotError(_("bot {spec!r}: {name} names a file: a bot named by a file or the network may "
                                      "be only a bot level ({levels}) with number settings").format(
                spec=spec, name=key, levels=LEVELS), spec, "file", key)
        if known is None and isinstance(value, str):  # no signature to tell a file from a number
            raise UntrustedBotError(_("bot {spec!r}: {name} is {value!r}, not a number: a bot named by a file or the "
                                      "network may be only a bot level ({levels}) with number settings").format(
                spec=spec, name=key, value=value, levels=LEVELS), spec, "text", key)
    _check_finite(spec, params)


def _check_finite(spec: str, params: dict[str, Any]) -> None:
    """Refuse NaN and infinity, whatever the parameter."""
    for key, value in params.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise BotSpecError(_("bot {spec!r}: {name} must be a finite number, not {value!r}").format(
                spec=spec, name=key, value=value))


def _parameters(name: str) -> dict[str, Any] | None:
    """The parameters of the bot ``name`` with their defaults; ``{}`` for no such bot (``make_bot``
    says so), ``None`` if they cannot be read (a compiled class, one taking ``**kwargs``)."""
    if name not in _BOTS:
        return {}
    module_name, class_name = _BOTS[name].split(":")
    try:
        signature = inspect.signature(getattr(import_module(module_name), class_name))
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return None
    return {key: p.default for key, p in signature.parameters.items()}


def make_bot(spec: str, seed: int = 0, *, trusted: bool = False) -> Bot:
    """A bot from its spec, seeded; raises ``BotSpecError`` for unknown names or parameters and
    numbers out of their range.

    ``cmd:COMMAND`` (or ``cmd[OPTIONS]:COMMAND``) is another program speaking the bot protocol
    (``stoneage.bots.external``, docs/bot-protocol.md). Only a ``trusted`` spec (the person's own
    command line, the server's configuration, a program's own code) may run one or name a file;
    by default the spec is taken for one from a file or the network (``check_untrusted``).
    """
    if not trusted:
        check_untrusted(spec)
    if is_command_spec(spec):
        external = import_module("stoneage.bots.external.spec")
        bot: Bot = external.make_command_bot(spec, seed)
        return bot
    name, params = parse_spec(spec)
    if name in PRESETS and is_command_spec(PRESETS[name]):
        if params:
            raise BotSpecError(_("bot {spec!r}: {name} runs a program and takes no parameters").format(
                spec=spec, name=name))
        return make_bot(PRESETS[name], seed, trusted=True)  # the operator's own preset
    if name in PRESETS:
        preset_name, preset_params = parse_spec(PRESETS[name])
        name, params = preset_name, {**preset_params, **params}
    if name not in _BOTS:
        raise BotSpecError(_("unknown bot {name!r}; known: {known}").format(name=name, known=", ".join(bot_names())))
    module_name, class_name = _BOTS[name].split(":")
    factory: Callable[..., Bot] = getattr(import_module(module_name), class_name)
    _check_params(spec, factory, params)
    try:
        return factory(seed=seed, **params)
    except BotSpecError as error:  # a number out of its range: say which bot
        raise BotSpecError(_("bot {spec!r}: {error}").format(spec=spec, error=error)) from None
    except TypeError as error:
        raise BotSpecError(_("bot {spec!r}: {error}").format(spec=spec, error=error)) from None
    except ValueError as error:
        raise BotSpecError(_("bot {spec!r}: {error}").format(spec=spec, error=error)) from None


_KINDS: tuple[tuple[type, tuple[type, ...], str], ...] = (
    (bool, (bool,), N_("true or false")),
    (int, (int,), N_("a whole number")),
    (float, (int, float), N_("a number")),
)
"""The type of a parameter's default, the types a value may have then, and how a message names them."""


def _check_params(spec: str, factory: Callable[..., Bot], params: dict[str, Any]) -> None:
    """Refuse a parameter the bot does not take, or a value unlike its default (a bool is no number),
    in the same words in both builds: a compiled bot's own ``TypeError`` reads differently. NaN and
    infinity are no number for any bot."""
    _check_finite(spec, params)
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # nothing to read: the bot's own errors speak
        return
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return
    defaults = {name: p.default for name, p in signature.parameters.items() if name != "seed"}
    for key, value in params.items():
        if key not in defaults:
            raise BotSpecError(_("bot {spec!r}: unknown parameter {name!r}; known: {known}").format(
                spec=spec, name=key, known=", ".join(defaults) or "-"))
        for default_type, allowed, words in _KINDS:
            if isinstance(defaults[key], default_type):
                if isinstance(value, bool) is not (default_type is bool) or not isinstance(value, allowed):
                    raise BotSpecError(_("bot {spec!r}: {name} must be {kind}, not {value!r}").format(
                        spec=spec, name=key, kind=_(words), value=value))
                break


def check_plays(bot: Bot, spec: str, game: str) -> None:
    """``BotSpecError`` if ``bot`` says it plays some games only and ``game`` is not one of them."""
    games = getattr(bot, "games", None)
    if games is not None and game not in games:
        raise BotSpecError(_("the {bot} bot plays {games} only, not {game}").format(
            bot=repr(spec), games=_(" and ").join(games), game=game))
