"""The translation catalogs (issue 14): complete, current, and true to the source and the glossary.

Every message of the source is in the template, every catalog translates every message (no empty
or fuzzy entry), each translation uses the placeholders of its source, the compiled ``.mo`` files
the program reads say what the ``.po`` files say, and each catalog's plural rule is CLDR's (Brazilian
Portuguese has three forms). A message that is exactly a glossary term is translated as
docs/glossary.md says.
"""

from __future__ import annotations

import gettext
import re
import string
import tempfile
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from stoneage.core.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE
from test_glossary import GAMES as GLOSSARY

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "src" / "stoneage" / "locale"
"""The template and ``.po`` catalogs in the source tree: an installed package (the compiled build's
``--target`` tree) ships only the ``.mo`` files, which ``LOCALE_DIR`` finds where the program reads them."""
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
GLOSSARY_COLUMN = {"ko": 1, "pt_BR": 2, "de": 3}


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


@cache
def catalog(code: str) -> Catalog:
    return read(CATALOGS / code / "LC_MESSAGES" / f"{DOMAIN}.po", code)


def messages(found: Catalog) -> list[Message]:
    return [message for message in found if message.id]


def key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


PERCENT = re.compile(r"%(?:\((\w+)\))?[sdr%]")


def fields(text: str) -> set[str]:
    """The placeholders of ``text``: its ``str.format`` fields (``ValueError`` for a malformed one),
    and for argparse's own messages their ``%(name)s`` / ``%s`` fields (as ``%name`` / ``%``)."""
    found = {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    if "%" in text:
        found |= {"%" + name for name in PERCENT.findall(text)}
    return found


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def sources(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def test_the_template_holds_exactly_the_messages_of_the_source() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.pot"
        CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "--no-location",
                                    "-o", str(fresh), str(ROOT)])
        extracted = {key(m) for m in messages(read(fresh))}
    shipped = {key(m) for m in messages(read(CATALOGS / f"{DOMAIN}.pot"))}
    assert extracted - shipped == set(), "new messages: run python tools/catalogs.py"
    assert shipped - extracted == set(), "messages no longer in the source: run python tools/catalogs.py"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_in_every_catalog(code: str) -> None:
    template = {key(m) for m in messages(read(CATALOGS / f"{DOMAIN}.pot"))}
    found = messages(catalog(code))
    assert {key(m) for m in found} == template, "run python tools/catalogs.py"
    fuzzy = [m.id for m in found if m.fuzzy]
    empty = [m.id for m in found if not all(forms(m))]
    assert fuzzy == [], f"{code}: fuzzy entries"
    assert empty == [], f"{code}: untranslated entries"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_has_the_placeholders_of_its_source(code: str) -> None:
    wrong = []
    for message in messages(catalog(code)):
        source_fields = [fields(text) for text in sources(message)]
        allowed = set().union(*source_fields)
        translated = forms(message)
        if not all(translated):
            continue  # the completeness test names it
        for form in translated:
            if not fields(form) <= allowed:
                wrong.append((message.id, form))
        if len(sources(message)) == 1 and translated and fields(translated[0]) != source_fields[0]:
            wrong.append((message.id, translated[0]))
        if len(sources(message)) > 1 and translated and not source_fields[-1] <= fields(translated[-1]):
            wrong.append((message.id, translated[-1]))
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_plural_rule_is_cldrs(code: str) -> None:
    rule = get_plural(code)
    assert catalog(code).num_plurals == rule.num_plurals
    assert catalog(code).plural_expr == rule.plural_expr
    if code == "pt_BR":
        assert rule.num_plurals == 3


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_says_what_the_po_file_says(code: str) -> None:
    compiled = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    for message in messages(catalog(code)):
        if not all(forms(message)):
            continue
        singular = sources(message)[0]
        if len(sources(message)) == 1:
            expected = forms(message)[0]
            got = compiled.pgettext(message.context, singular) if message.context else compiled.gettext(singular)
            assert got == expected, f"{code}: stale .mo for {singular!r}: run python tools/catalogs.py"
        else:
            plural = gettext.c2py(catalog(code).plural_expr)
            for count in (0, 1, 2, 5, 1_000_000):
                got = compiled.ngettext(singular, sources(message)[1], count)
                assert got == forms(message)[plural(count)], f"{code}: stale .mo for {singular!r}"


def glossary_terms(code: str) -> dict[str, str]:
    """English term → the glossary's word in ``code``, for rows whose English is a plain term."""
    terms = {}
    for _header, *rows in GLOSSARY.values():
        for row in rows:
            english = row[0]
            if "(" in english:
                continue
            terms[english.lower()] = row[GLOSSARY_COLUMN[code]]
    return terms


HANGUL = re.compile(r"[\uac00-\ud7a3]")
ARTICLES = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "o", "a", "os", "as", "de", "do", "da", "com"}


def stems(term: str) -> list[str]:
    """What every inflected form of ``term`` keeps: each word but articles, its ending cut off
    (``Hund`` → ``Hu``, ``peixe`` → ``pei``, Korean ``짓다`` → ``짓``)."""
    found = []
    for word in re.findall(r"[\w]+", term.lower()):
        if word in ARTICLES:
            continue
        cut = 1 if HANGUL.search(word) else 2
        found.append(word[: max(1, len(word) - cut)])
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_message_that_is_a_glossary_term_is_translated_with_the_glossarys_word(code: str) -> None:
    """"Inflect freely" (docs/glossary.md): the translation keeps the stem of each of the term's words."""
    terms = glossary_terms(code)
    wrong = []
    for message in messages(catalog(code)):
        if message.context or len(sources(message)) > 1:
            continue
        english = re.sub(r"[.:!]$", "", sources(message)[0]).strip().lower()
        translated = forms(message)[0].lower()
        if english in terms and translated and not all(stem in translated for stem in stems(terms[english])):
            wrong.append((sources(message)[0], forms(message)[0], terms[english]))
    assert wrong == []
