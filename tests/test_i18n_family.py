"""The children's games speak Korean, Brazilian Portuguese and German (issue 14), and English as before.

Seeded random games of My First Stone Age (2–4 players) and Stone Age Junior (2–4 players, with and
without the card game as its ``cards`` expansion) are replayed in each language, and everything a
person reads is gathered: every event's lines (``apply_with_events`` for a seat and for the public),
every view's panel titles and lines, the decision menus (prompt, info, every label) and the
result lines, and the friendly log lines the faces print (``words.event_line``). Korean must show no
English word (no Latin word of three letters or more, but for the few named below); Portuguese and
German must differ from English in every sentence; English under ``use_language("en")`` is the text
the program shows without any language set.

These need the compiled catalogs (``python tools/catalogs.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from stoneage.core.contract import PUBLIC, State
from stoneage.core.i18n import seat_name, use_language
from stoneage.core.registry import load_game
from stoneage.play.events import Event, apply_steps, tell
from stoneage.play.first_stone_age import words as first_words
from stoneage.play.menus import Choice, Menu
from stoneage.play.stone_age_junior import words as junior_words
from stoneage.play.view import View, build_view

Config = tuple[str, int, tuple[str, ...], int]
"""A game to play: its name, the players, the expansions, the seed."""

CONFIGS: tuple[Config, ...] = (
    *(("first_stone_age", players, (), 10 + players) for players in (2, 3, 4)),
    *(("stone_age_junior", players, (), 20 + players) for players in (2, 3, 4)),
    *(("stone_age_junior", players, ("cards",), 30 + players) for players in (2, 3, 4)),
)
MAX_ACTIONS = 400
"""Enough for most random games to end; a longer one is cut off (its views are still checked)."""

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
KOREAN_ALLOWED: frozenset[str] = frozenset()
"""Latin words Korean text may show: none. (Notation, the typed action language, stays English,
but no sentence, panel or menu of the children's games shows it.)"""
SAME_AS_ENGLISH = re.compile(r"^[\W\d_]*$|^(Martin|Guff|P\d+|\d+\. .*)$")
"""Texts that may read the same in Portuguese or German as in English: no letters at all,
the names Martin and Guff, a seat's short name, and nothing else."""


def _labels(choices: tuple[Choice, ...]) -> Iterator[str]:
    for choice in choices:
        yield choice.label
        yield from _labels(choice.children)


def _menu_texts(menu: Menu | None) -> list[str]:
    if menu is None:
        return []
    return [menu.prompt, *menu.info, *_labels(menu.choices)]


def _view_texts(view: View) -> list[str]:
    texts = []
    for panel in view.panels:
        texts.append(panel.title)
        texts.extend(panel.lines)
    return texts + _menu_texts(view.decision)


def _event_texts(events: list[Event]) -> list[str]:
    return [line for event in events for line in event.lines()]


def _log_texts(game: str, observation: dict[str, Any], names: list[str]) -> list[str]:
    words: Any = first_words if game == "first_stone_age" else junior_words
    lines = []
    for event in observation["log"]:
        for told in (True, False):
            line = words.event_line(event, names, told)
            if line is not None:
                lines.append(line)
    return lines


@cache
def _actions(config: Config) -> tuple[int, ...]:
    """The actions of the seeded random game (decisions at random, chance as the game seed draws it)."""
    name, players, expansions, seed = config
    state = load_game(name, players=players, seed=seed, expansions=list(expansions)).new_initial_state()
    generator = random.Random(seed)
    played: list[int] = []
    while not state.is_terminal() and len(played) < MAX_ACTIONS:
        action = state.sample_chance_outcome() if state.is_chance_node() else generator.choice(state.legal_actions())
        state.apply_action(action)
        played.append(action)
    return tuple(played)


def _transcript(config: Config) -> list[str]:
    """Every text of the game ``config`` in the current language, in a fixed order."""
    name, players, expansions, seed = config
    game = load_game(name, players=players, seed=seed, expansions=list(expansions))
    state: State = game.new_initial_state()
    names = [seat_name(seat) for seat in range(players)]
    texts: list[str] = []
    viewers = [*range(players), PUBLIC]
    for number, action in enumerate(_actions(config)):
        if number % 3 == 0 or state.is_terminal():
            for viewer in viewers:
                texts.extend(_view_texts(build_view(game, state, viewer, names)))
        mover = state.current_player()
        steps = apply_steps(state, action)
        texts.extend(_event_texts(tell(state, steps, max(mover, 0))))
        texts.extend(_event_texts(tell(state, steps, PUBLIC)))
    for viewer in viewers:
        texts.extend(_view_texts(build_view(game, state, viewer, names)))
    texts.extend(_log_texts(name, state.public_observation(), names))
    return texts


@cache
def transcript(config: Config, code: str | None) -> tuple[str, ...]:
    if code is None:
        return tuple(_transcript(config))
    with use_language(code):
        return tuple(_transcript(config))


def _ended(config: Config) -> bool:
    name, players, expansions, seed = config
    state = load_game(name, players=players, seed=seed, expansions=list(expansions)).new_initial_state()
    for action in _actions(config):
        state.apply_action(action)
    return bool(state.is_terminal())


def test_most_random_games_end_so_the_results_are_told_too() -> None:
    assert sum(_ended(config) for config in CONFIGS) >= len(CONFIGS) // 2


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}{'-' + '+'.join(c[2]) if c[2] else ''}")
def test_english_is_the_program_s_own_text(config: Config) -> None:
    assert transcript(config, "en") == transcript(config, None)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}{'-' + '+'.join(c[2]) if c[2] else ''}")
def test_korean_shows_no_english_word(config: Config) -> None:
    english = transcript(config, "en")
    korean = transcript(config, "ko")
    assert len(korean) == len(english)
    wrong = sorted({text for text in korean if set(LATIN_WORD.findall(text)) - KOREAN_ALLOWED})
    assert not wrong, wrong[:20]


@pytest.mark.parametrize("code", ["pt_BR", "de"])
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}{'-' + '+'.join(c[2]) if c[2] else ''}")
def test_portuguese_and_german_translate_every_sentence(config: Config, code: str) -> None:
    english = transcript(config, "en")
    translated = transcript(config, code)
    assert len(translated) == len(english)
    same = sorted({text for text, source in zip(translated, english, strict=True)
                   if text == source and not SAME_AS_ENGLISH.match(text.strip())})
    assert not same, same[:20]
