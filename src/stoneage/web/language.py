"""The browser's language: which one a request asks for, the catalogs as JSON, and the pages' words.

A page's language is the one its browser chose in the language menu (the ``stoneage_lang`` cookie,
which ``static/i18n.js`` keeps in step with the choice kept in the browser), else the best of the
``Accept-Language`` header (Babel's ``negotiate_locale``), else English.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import Any

from babel import negotiate_locale

from stoneage.core.i18n import LANGUAGES, SOURCE, normalize, translations

COOKIE = "stoneage_lang"
"""The cookie that carries the browser's choice to the server (set by ``static/i18n.js``)."""
MAX_HEADER = 500
"""Longer ``Accept-Language`` headers are cut (nobody lists that many languages)."""


def accepted(header: str | None) -> list[str]:
    """The language tags of an ``Accept-Language`` header, most wanted first (``q=0`` dropped)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "")[:MAX_HEADER].split(",")):
        tag, *params = (piece.strip() for piece in part.split(";"))
        if not tag or tag == "*":
            continue
        quality = 1.0
        for param in params:
            name, _sep, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            ranked.append((-quality, index, tag))
    return [tag for _q, _i, tag in sorted(ranked)]


def negotiate(header: str | None, available: Collection[str] = tuple(LANGUAGES)) -> str:
    """The catalog code the ``Accept-Language`` header asks for; English when it names none we speak.

    A tag's bare language counts after the tag itself (``pt-PT`` finds ``pt_BR``, the only
    Portuguese; ``de-AT`` finds ``de``).
    """
    preferred: list[str] = []
    for tag in accepted(header):
        locale = tag.replace("-", "_")
        preferred += [locale, locale.split("_")[0]]
    aliases = {code.split("_")[0]: code for code in available if "_" in code}
    found = negotiate_locale(preferred, list(available), aliases=aliases)
    return found if found in LANGUAGES else SOURCE


def page_language(cookie: str | None, header: str | None) -> str:
    """A page's language: the browser's choice (the cookie) if it names one, else the header's."""
    chosen = normalize(cookie) if cookie and len(cookie) <= 40 else None
    return chosen or negotiate(header)


@cache
def catalog_json(code: str) -> dict[str, Any]:
    """The compiled catalog of ``code`` as the browser reads it (``static/i18n.js``).

    ``messages`` maps a msgid (``context\\x04msgid`` with a context) to its translation; ``plurals``
    maps a singular msgid to its forms in the catalog's order. English's is empty.
    """
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    raw: dict[Any, str] = getattr(translations(code), "_catalog", {})
    for key, text in raw.items():
        if isinstance(key, tuple):
            singular, index = key
            forms = plurals.setdefault(singular, [])
            forms.extend([""] * (index + 1 - len(forms)))
            forms[index] = text
        elif key:
            messages[key] = text
    return {"language": code, "messages": messages, "plurals": plurals}
