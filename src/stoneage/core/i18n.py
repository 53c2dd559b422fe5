"""The language a person reads: gettext catalogs for English (the source), Korean, Brazilian
Portuguese and German.

Every text a person reads goes through ``_`` (or ``ngettext`` / ``pgettext``) at the moment it is
shown, so one process can speak a different language to each viewer: the language is a context
variable, set for a whole command by ``set_language`` and for one piece of work (a web viewer's
update) by ``use_language``. Tables of words defined at import time are marked with ``N_`` and
translated where they are used. Placeholders are ``str.format`` names (``"{count} food"``).

The catalogs live in ``stoneage/locale/<code>/LC_MESSAGES/stoneage.po`` with their compiled
``.mo`` beside them (``python tools/catalogs.py`` extracts, updates and compiles them with Babel);
reading them needs only the standard library.
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

from stoneage.core.errors import StoneAgeError

P = ParamSpec("P")
T = TypeVar("T")

LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어", "pt_BR": "Português (Brasil)", "de": "Deutsch"}
"""Every language the program speaks, by catalog code, with its own name for itself."""
SOURCE = "en"
"""The language of the source text (it needs no catalog)."""
DOMAIN = "stoneage"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name a terminal's language, first found wins (as gettext reads them)."""


class LanguageError(StoneAgeError, ValueError):
    """A language code the program does not speak."""


def known() -> str:
    """The codes, for messages: ``"en, ko, pt_BR, de"``."""
    return ", ".join(LANGUAGES)


def normalize(code: str) -> str | None:
    """The catalog code for a locale or language tag (``ko_KR.UTF-8``, ``pt-br``, ``de``), or ``None``.

    A bare ``pt`` means Brazilian Portuguese, the only Portuguese the program has.
    """
    tag = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not tag or tag in ("C", "POSIX"):
        return None
    language, _sep, region = tag.partition("_")
    language = language.lower()
    exact = f"{language}_{region.upper()}" if region else language
    if exact in LANGUAGES:
        return exact
    for candidate in LANGUAGES:
        if candidate.split("_")[0] == language:
            return candidate
    return None


def check(code: str) -> str:
    """The catalog code for ``code`` (as ``normalize``); ``LanguageError`` when it names none."""
    found = normalize(code) if isinstance(code, str) else None
    if found is None:
        shown = code if isinstance(code, str) and len(code) <= 40 else "that"
        raise LanguageError(f"unknown language {shown!r} (known: {known()})")
    return found


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
    English when none of them names a language the program speaks."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        for part in environ.get(variable, "").split(":"):
            found = normalize(part)
            if found is not None:
                return found
    return SOURCE


def choose(requested: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``requested`` (``--lang``) when given, else the environment's; ``LanguageError`` if unknown."""
    return check(requested) if requested is not None else from_environment(environ)


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalog of ``code`` (a key of ``LANGUAGES``); the source language has none.

    A catalog that is missing or cannot be read (cut short, not a catalog, bad text) means English
    text, never a crash: one warning line on stderr says so, once per process and language.
    """
    if code not in LANGUAGES:
        raise LanguageError(f"unknown language {code!r} (known: {known()})")
    if code == SOURCE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except FileNotFoundError:
        warning = _("stoneage: warning: no catalog for language {code} at {path}; the text is shown in English"
                    ).format(code=code, path=path)
    except Exception as error:  # OSError (not a catalog), struct.error (cut short), ValueError (bad text)...
        warning = _("stoneage: warning: the catalog for language {code} ({path}) cannot be read: {error}; the "
                    "text is shown in English").format(code=code, path=path, error=str(error) or type(error).__name__)
    print(warning, file=sys.stderr)
    return gettext.NullTranslations()


_Speech = tuple[str, "gettext.NullTranslations | None"]
"""A language's code and its catalog (``None`` for the source language, which needs none)."""
_process: _Speech = (SOURCE, None)
_speaking: ContextVar[_Speech] = ContextVar("stoneage_language")
"""Set by ``use_language`` for one task or thread; unset, the process's language (``_process``) holds."""


def _speech(code: str) -> _Speech:
    return (code, None if code == SOURCE else translations(code))


def current() -> str:
    """The language of the current context."""
    return _speaking.get(_process)[0]


def set_language(code: str) -> str:
    """Speak ``code`` (any form ``check`` takes) from now on, in this process and its threads."""
    global _process
    _process = _speech(check(code))
    return _process[0]


@contextmanager
def use_language(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block (this task or thread only), then as before."""
    speech = _speech(check(code))
    token = _speaking.set(speech)
    try:
        yield speech[0]
    finally:
        _speaking.reset(token)


# The three below run hundreds of times for one screen: one context lookup, and no call at all
# for the source language.


def _(message: str) -> str:
    """``message`` in the current language."""
    catalog = _speaking.get(_process)[1]
    return message if catalog is None else catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the current language."""
    catalog = _speaking.get(_process)[1]
    if catalog is None:
        return singular if count == 1 else plural
    return catalog.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells apart two uses of one word."""
    catalog = _speaking.get(_process)[1]
    return message if catalog is None else catalog.pgettext(context, message)


def per_language(function: Callable[P, T]) -> Callable[P, T]:
    """Remember what a pure word function said, per catalog and arguments (hashable ones): a screen
    names the same places, cards and buildings hundreds of times, in each language at a table."""
    said: dict[tuple[object, ...], T] = {}

    @wraps(function)
    def cached(*args: P.args, **kwargs: P.kwargs) -> T:
        key = (_speaking.get(_process)[1], *args, *kwargs.items())
        text = said.get(key)
        if text is None:
            if len(said) >= 4096:
                said.clear()
            text = said[key] = function(*args, **kwargs)
        return text

    return cached


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (a table defined at import)."""
    return message


def seat_name(seat: int) -> str:
    """How the games call a seat nobody named: ``"Player 1"`` for seat 0."""
    return _("Player {number}").format(number=seat + 1)
