"""Words the children's games share in their logs: articles, huts and the shared automatic steps."""

from __future__ import annotations

from stoneage.core.contract import CHANCE
from stoneage.games.family.data import GOODS
from stoneage.games.family.state import GAME_END, NEXT_TURN


def article(word: str) -> str:
    """``word`` with its indefinite article: "a fish", "an arrowhead"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def hut_words(number: int, huts: tuple[tuple[int, ...], ...]) -> str:
    """A hut in words, from the game's hut table: "hut 7 (fish, jug, arrowhead)"."""
    return f"hut {number} ({', '.join(GOODS[g] for g in huts[number - 1])})"


def shared_step_words(kind: str, seat: int) -> str | None:
    """The sentence of an automatic step both games take, or None for a game's own kind."""
    if kind == NEXT_TURN:
        return f"Player {seat + 1}'s turn"
    if kind == GAME_END:
        return "The game ends: nobody wins" if seat == CHANCE else f"The game ends: Player {seat + 1} wins"
    return None
