"""Stone Age speaks Korean, Brazilian Portuguese and German: whole seeded games (2–4 players, with
and without the Mammoth Herd) told in each language, every line a person reads.

For every step of each game the test renders, in each language: the step's events (its sentence
and its effects) for the acting seat and for a spectator; the view of the seat to decide and of a
spectator (the round, board, herd and players panels, the decision menu's prompt, info and labels);
the compact board, herd, players table and feeding line the terminal draws; at the end, the result
lines. The help texts (location rules, cards, odds, the herd's rules) are rendered once per game.
Korean must carry no English word; Portuguese and German must tell every English sentence
otherwise; and ``use_language("en")`` must leave the English untouched.

Needs compiled catalogs: run ``python tools/catalogs.py`` first.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

import pytest

from stoneage import load_game
from stoneage.core.contract import PUBLIC, TERMINAL, Game, State
from stoneage.core.i18n import seat_name, use_language
from stoneage.games.stone_age.data import NUM_CARDS
from stoneage.play.events import apply_steps, tell
from stoneage.play.menus import Choice
from stoneage.play.stone_age.board import board_lines, feeding_lines, mammoth_lines, players_table
from stoneage.play.stone_age.words import (
    card_rules,
    expected_by_count,
    location_rules,
    mammoth_rules,
    odds_lines,
    six_odds,
)
from stoneage.play.view import build_view

GAMES = [(2, False, 11), (3, True, 12), (4, True, 13), (4, False, 14), (2, True, 15)]
"""(players, with the Mammoth Herd, seed) of each game told."""
OWN_PANELS = ("round", "board", "mammoth", "players", "result")
"""The panels Stone Age's kit writes (their lines; the result panel's title is the view's own)."""
ALLOWED_LATIN = (
    "docs/mammoth-herd.md",  # a file of the repository, named in the herd's tile note: a path is not translated
)
"""Latin-letter words a Korean line may keep, each a name that is not a word of any language."""
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@cache
def record(players: int, mammoth: bool, seed: int) -> tuple[int, ...]:
    """A seeded game of random decisions and seeded chance, to the end, as its actions."""
    game = load_game("stone_age", players=players, seed=seed, expansions=["mammoth"] if mammoth else [])
    state = game.new_initial_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        action = (state.sample_chance_outcome(rng) if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        actions.append(action)
        state.apply_action(action)
    return tuple(actions)


def _labels(choices: tuple[Choice, ...]) -> Iterator[str]:
    for choice in choices:
        yield choice.label
        yield from _labels(choice.children)


def _view_lines(game: Game, state: State, viewer: int, names: list[str]) -> Iterator[str]:
    view = build_view(game, state, viewer, names)
    for panel in view.panels:
        if panel.name in OWN_PANELS:
            if panel.name != "result":
                yield panel.title
            yield from panel.lines
    if view.decision is not None:
        yield view.decision.prompt
        yield from view.decision.info
        yield from _labels(view.decision.choices)


def _terminal_lines(state: State, seat: int, names: list[str]) -> Iterator[str]:
    """What the full-screen terminal draws from the same words: the compact board, herd and players."""
    observation = state.observation(seat)
    short = [f"P{p + 1}" for p in range(len(names))]
    yield from board_lines(observation, short)
    yield from mammoth_lines(observation, short)
    yield from players_table(observation, names)
    yield from feeding_lines(observation["players"][seat])


def _help_lines(state: State) -> Iterator[str]:
    observation = state.observation(0)
    for loc in range(12 + len(observation["stacks"])):  # a building stack per player
        yield from location_rules(loc, observation)
    for card_id in range(1, NUM_CARDS + 1):
        yield from card_rules(card_id)
    for loc in range(5):
        yield from odds_lines(loc, 3, 2)
        yield from odds_lines(loc, 1, 0)
        yield from expected_by_count(loc, 4, 3)
    yield six_odds(5)
    if observation.get("mammoth") is not None:
        yield from mammoth_rules(observation)


def told(players: int, mammoth: bool, seed: int) -> list[str]:
    """Every line of the game as the current language tells it, in order."""
    game = load_game("stone_age", players=players, seed=seed, expansions=["mammoth"] if mammoth else [])
    state = game.new_initial_state()
    names = [seat_name(seat) for seat in range(players)]
    lines: list[str] = []
    for number, action in enumerate(record(players, mammoth, seed)):
        seat = state.current_player()
        if seat >= 0:
            lines.extend(_view_lines(game, state, seat, names))
            lines.extend(_view_lines(game, state, PUBLIC, names))
            lines.extend(_terminal_lines(state, seat, names))
        if number == 40:
            lines.extend(_help_lines(state))
        steps = apply_steps(state, action)
        for viewer in sorted({max(seat, 0), PUBLIC}):
            for event in tell(state, steps, viewer):
                lines.extend(event.lines())
    assert state.current_player() == TERMINAL
    lines.extend(_view_lines(game, state, PUBLIC, names))
    return [line.strip() for line in lines]


@cache
def told_in(code: str | None, players: int, mammoth: bool, seed: int) -> tuple[str, ...]:
    """``told`` in ``code`` (``None``: the process's language, English, with no context set)."""
    if code is None:
        return tuple(told(players, mammoth, seed))
    with use_language(code):
        return tuple(told(players, mammoth, seed))


def is_sentence(text: str) -> bool:
    """English text with words in it (not a number, a symbol or a lone name): at least two words of
    three letters or more, one of them not a seat's name."""
    words = LATIN_WORD.findall(text)
    return len(words) >= 2 and any(word != "Player" for word in words)


@pytest.mark.parametrize(("players", "mammoth", "seed"), GAMES)
def test_korean_has_no_english_word(players: int, mammoth: bool, seed: int) -> None:
    english = told_in(None, players, mammoth, seed)
    korean = told_in("ko", players, mammoth, seed)
    assert len(korean) == len(english)
    latin = []
    for source, line in zip(english, korean, strict=True):
        kept = line
        for allowed in ALLOWED_LATIN:
            kept = kept.replace(allowed, "")
        if LATIN_WORD.search(kept):
            latin.append((source, line))
    assert latin == []


@pytest.mark.parametrize("code", ["pt_BR", "de"])
@pytest.mark.parametrize(("players", "mammoth", "seed"), GAMES)
def test_portuguese_and_german_tell_every_sentence_otherwise(code: str, players: int, mammoth: bool,
                                                              seed: int) -> None:
    english = told_in(None, players, mammoth, seed)
    translated = told_in(code, players, mammoth, seed)
    assert len(translated) == len(english)
    same = sorted({source for source, line in zip(english, translated, strict=True)
                   if is_sentence(source) and line == source})
    assert same == []


@pytest.mark.parametrize(("players", "mammoth", "seed"), GAMES[:2])
def test_english_is_unchanged_by_use_language_en(players: int, mammoth: bool, seed: int) -> None:
    english = told_in(None, players, mammoth, seed)
    assert told_in("en", players, mammoth, seed) == english
    assert any(line.startswith("Player 1 places ") for line in english)
