"""Words the children's games share in their logs: goods, huts, the shared automatic steps, and
reading a fact's data fields.

Every function returns text in the current language (``stoneage.core.i18n``), translated when called.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stoneage.core.facts import Fact
from stoneage.core.i18n import _, pgettext
from stoneage.games.family.data import CARD_NAMES, CARD_TITLES, GOOD_TITLES, GOODS, GUFF
from stoneage.games.family.state import GAME_END, NEXT_TURN
from stoneage.play.kit import Who


def good_name(good: int) -> str:
    """A good's name: "berry"."""
    return _(GOOD_TITLES[good])


def card_name(kind: int) -> str:
    """A goods card's kind: "fish", "guff"."""
    return _(CARD_TITLES[kind])


def goods_list(goods: Iterable[int]) -> str:
    """Goods by name, with commas: "fish, jug, arrowhead"."""
    return ", ".join(good_name(g) for g in goods)


def a_good(good: int) -> str:
    """A good as the object of a sentence: "a fish", "an arrowhead"."""
    # TRANSLATORS: a good as the object of a sentence ("takes a berry"); German: accusative.
    # Korean: end with 개 (열매 1개) so that the sentence's particle 를 fits every good.
    return (pgettext("object", "a berry"), pgettext("object", "a fish"), pgettext("object", "a jug"),
            pgettext("object", "an arrowhead"), pgettext("object", "a tooth"))[good]


def a_card(kind: int) -> str:
    """A goods card of the card game as the object of a sentence: "a fish", "Guff the dog"."""
    if kind == GUFF:
        # TRANSLATORS: the Guff card as the object of a sentence ("keeps Guff the dog"); German: accusative.
        return pgettext("object", "Guff the dog")
    return a_good(kind)


def join_and(words: Sequence[str]) -> str:
    """A list in words: "a, b and c"."""
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the end of a list: "a fish, a jug and a dog" ({items} is "a fish, a jug").
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def upper_first(text: str) -> str:
    """``text`` with its first letter in upper case (the rest unchanged)."""
    return text[:1].upper() + text[1:]


def hut_words(hut: int, huts: tuple[tuple[int, ...], ...]) -> str:
    """A hut in words, from the game's hut table: "hut 7 (fish, jug, arrowhead)"."""
    return _("hut {number} ({goods})").format(number=hut, goods=goods_list(huts[hut - 1]))


def shared_step_words(fact: Fact, who: Who) -> str | None:
    """The sentence of an automatic step both games take, or None for a game's own kind."""
    if fact.kind == NEXT_TURN:
        return _("{player}'s turn").format(player=who(fact.seat))
    if fact.kind == GAME_END:
        if fact.seat < 0:
            return _("The game ends: nobody wins")
        return _("The game ends: {player} wins").format(player=who(fact.seat))
    return None


def number(fact: Fact, name: str) -> int:
    """The data field ``name`` of ``fact``, a number (a seat, a place, a hut)."""
    value = fact.data[name]
    if not isinstance(value, int):
        raise TypeError(f"{fact.kind}.{name} is not a number: {value!r}")
    return value


def word(fact: Fact, name: str) -> str:
    """The data field ``name`` of ``fact``, a word of the game (``"fish"``, ``"trading_post"``)."""
    value = fact.data[name]
    if not isinstance(value, str):
        raise TypeError(f"{fact.kind}.{name} is not a word: {value!r}")
    return value


def good_index(good: str) -> int:
    """A good's index from its identifier: ``"fish"`` -> 1."""
    return GOODS.index(good)


def card_index(card: str) -> int:
    """A goods card's kind from its identifier: ``"guff"`` -> ``GUFF``."""
    return CARD_NAMES.index(card)
