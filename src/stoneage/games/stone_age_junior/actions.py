"""The flat action space of Stone Age Junior and its text notation (docs/stone-age-junior.md).

Every decision of a player and every chance outcome is one int in ``range(NUM_ACTIONS)``. The
notation is state-independent, so ``parse_action(action_name(a)) == a`` for every action.

| actions | notation | who |
|---|---|---|
| ``TURN + i`` | ``turn 1`` … ``turn 14`` | the player turns up the face-down forest tile in place i + 1 |
| ``TRADE + k`` | ``trade berry for fish`` … | the player gives a good to the trading post and takes another |
| ``STOP_TRADING`` | ``stop trading`` | the player ends the visit to the trading post |
| ``STAY`` | ``stay`` | (expansion) on Martin's space: take/trade there as normal |
| ``TRAVEL + g`` | ``travel berry`` … ``travel tooth`` | (expansion) move on with Martin to that goods space |
| ``BUILD + k`` | ``build 7 with berry fish dog`` … | the player builds a face-up hut with exactly these items |
| ``PASS`` | ``pass`` | the player does not build (expansion: takes a goods card if no hut was payable) |
| ``SWAP + k`` | ``swap 1 2`` … ``swap 13 14`` | after the reset, the player swaps two forest tiles |
| ``REVEAL + t`` | ``reveal 1`` … ``reveal 6``, ``reveal dog`` … | chance: the forest tile turned up |
| ``HUT + h - 1`` | ``hut 1`` … ``hut 15`` | chance: a hut turns face up on a stack |
| ``DRAW + k`` | ``draw berry`` … ``draw guff`` | chance: (expansion) the goods card taken from the pile |
"""

from __future__ import annotations

from itertools import combinations

from stoneage.core.errors import NotationError, shorten
from stoneage.core.i18n import N_, _
from stoneage.games.family.notation import Notation, number, split_words
from stoneage.games.stone_age_junior.data import (
    BUILDS,
    CARD_NAMES,
    GOODS,
    GUFF,
    HUTS,
    ITEM_NAMES,
    NUM_GOODS,
    NUM_HUTS,
    NUM_KINDS,
    NUM_POSITIONS,
    NUM_TILES,
    TILE_NAMES,
)

TRADES: tuple[tuple[int, int], ...] = tuple((g, t) for g in range(NUM_GOODS) for t in range(NUM_GOODS) if g != t)
"""Per trade action: (good given to the post, good taken from it)."""
SWAPS: tuple[tuple[int, int], ...] = tuple(combinations(range(NUM_POSITIONS), 2))
"""Per swap action: the two forest places (0-based, ascending)."""

TURN = 0  # + forest place 0..13
TRADE = TURN + NUM_POSITIONS  # + index into TRADES
STOP_TRADING = TRADE + len(TRADES)
STAY = STOP_TRADING + 1
TRAVEL = STAY + 1  # + good 0..4
BUILD = TRAVEL + NUM_GOODS  # + index into BUILDS
PASS = BUILD + len(BUILDS)
SWAP = PASS + 1  # + index into SWAPS
REVEAL = SWAP + len(SWAPS)  # + tile 0..13         (chance)
HUT = REVEAL + NUM_TILES  # + hut number - 1       (chance)
DRAW = HUT + NUM_HUTS  # + card kind 0..5           (chance)
NUM_ACTIONS = DRAW + NUM_KINDS
FIRST_CHANCE_ACTION = REVEAL

_TRADE_INDEX = {pair: k for k, pair in enumerate(TRADES)}
_SWAP_INDEX = {pair: k for k, pair in enumerate(SWAPS)}
_BUILD_INDEX = {build: k for k, build in enumerate(BUILDS)}


def turn(place: int) -> int:
    """Action: turn up the forest tile in ``place`` (0-based; notation is 1-based)."""
    return TURN + place


def trade(give: int, take: int) -> int:
    """Action: give good ``give`` to the trading post and take good ``take`` from it."""
    return TRADE + _TRADE_INDEX[give, take]


def travel(good: int) -> int:
    """Action: move on with Martin to the space of ``good``."""
    return TRAVEL + good


def build(hut: int, items: tuple[int, ...]) -> int:
    """Action: build hut number ``hut`` paying with ``items`` (item codes, any order)."""
    return BUILD + _BUILD_INDEX[hut, tuple(sorted(items))]


def swap(a: int, b: int) -> int:
    """Action: swap the forest tiles in places ``a`` and ``b`` (0-based, any order)."""
    return SWAP + _SWAP_INDEX[min(a, b), max(a, b)]


def reveal(tile: int) -> int:
    """Chance outcome: the forest tile turned up is ``tile`` (0..13)."""
    return REVEAL + tile


def hut(number: int) -> int:
    """Chance outcome: hut ``number`` (1..15) turns face up."""
    return HUT + number - 1


def draw(kind: int) -> int:
    """Chance outcome: the goods card taken from the pile is ``kind`` (0..5, 5 = Guff)."""
    return DRAW + kind


def items_text(items: tuple[int, ...]) -> str:
    """A payment in words of the notation: ``berry fish_card dog``."""
    return " ".join(ITEM_NAMES[i] for i in items)


def _name(action: int) -> str:
    if action < TRADE:
        return f"turn {action - TURN + 1}"
    if action < STOP_TRADING:
        give, take = TRADES[action - TRADE]
        return f"trade {GOODS[give]} for {GOODS[take]}"
    if action == STOP_TRADING:
        return "stop trading"
    if action == STAY:
        return "stay"
    if action < BUILD:
        return f"travel {GOODS[action - TRAVEL]}"
    if action < PASS:
        number, items = BUILDS[action - BUILD]
        return f"build {number} with {items_text(items)}"
    if action == PASS:
        return "pass"
    if action < REVEAL:
        a, b = SWAPS[action - SWAP]
        return f"swap {a + 1} {b + 1}"
    if action < HUT:
        return f"reveal {TILE_NAMES[action - REVEAL]}"
    if action < DRAW:
        return f"hut {action - HUT + 1}"
    return f"draw {CARD_NAMES[action - DRAW]}"


ACTION_NAMES: tuple[str, ...] = tuple(_name(a) for a in range(NUM_ACTIONS))


def action_name(action: int) -> str:
    """The notation of ``action``; ``NotationError`` outside the action space."""
    return NOTATION.name(action)


def _good(word: str, text: str) -> int:
    if word not in GOODS:
        raise NotationError(_("{text}: {word} is not a good ({goods})").format(
            text=shorten(text), word=shorten(word), goods=", ".join(GOODS)))
    return GOODS.index(word)


_ITEM_WORDS = {name: i for i, name in enumerate(ITEM_NAMES)}
_CARD_WORDS = {name: k for k, name in enumerate(CARD_NAMES)} | {"dog": GUFF}
_TILE_WORDS = {name: t for t, name in enumerate(TILE_NAMES)}


def _build(args: list[str], text: str) -> int:
    if args[:1] == ["hut"]:
        args = args[1:]
    if len(args) < 3 or args[1] != "with":
        raise NotationError(_("{text}: say the hut and the payment, e.g. 'build 7 with berry fish dog'").format(
            text=shorten(text)))
    hut_number = number(args[0], text, 1, NUM_HUTS, N_("a hut number"))
    items = []
    for word in args[2:]:
        if word not in _ITEM_WORDS:
            raise NotationError(_("{text}: {word} is not a goods tile, goods card, dog or guff ({items})").format(
                text=shorten(text), word=shorten(word), items=", ".join(ITEM_NAMES)))
        items.append(_ITEM_WORDS[word])
    key = (hut_number, tuple(sorted(items)))
    if key not in _BUILD_INDEX:
        needs = " ".join(GOODS[g] for g in HUTS[hut_number - 1])
        raise NotationError(_("{text}: these items do not pay hut {number} ({needs}) exactly with at most two dogs")
                            .format(text=shorten(text), number=hut_number, needs=needs))
    return BUILD + _BUILD_INDEX[key]


def parse_action(text: str) -> int:
    """The action ``text`` names; case and spacing are free, ``-`` may stand for ``_``."""
    words = split_words(text, dash_is_underscore=True)
    verb, args = words[0], words[1:]
    if verb == "turn" and len(args) == 1:
        return turn(number(args[0], text, 1, NUM_POSITIONS, N_("a forest place")) - 1)
    if verb == "trade" and len(args) == 3 and args[1] == "for":
        give, take = _good(args[0], text), _good(args[2], text)
        if give == take:
            raise NotationError(_("{text}: a trade swaps two different goods").format(text=shorten(text)))
        return trade(give, take)
    if words == ["stop", "trading"]:
        return STOP_TRADING
    if words == ["stay"]:
        return STAY
    if verb == "travel" and len(args) in (1, 2) and args[:-1] in ([], ["to"]):
        return travel(_good(args[-1], text))
    if verb == "build":
        return _build(args, text)
    if words == ["pass"]:
        return PASS
    if verb == "swap" and len(args) == 2:
        a = number(args[0], text, 1, NUM_POSITIONS, N_("a forest place"))
        b = number(args[1], text, 1, NUM_POSITIONS, N_("a forest place"))
        if a == b:
            raise NotationError(_("{text}: a swap exchanges two different forest places").format(text=shorten(text)))
        return swap(a - 1, b - 1)
    if verb == "reveal" and args:
        word = "_".join(args)
        if word not in _TILE_WORDS:
            raise NotationError(_("{text}: {word} is not a forest tile ({tiles})").format(
                text=shorten(text), word=shorten(word), tiles=", ".join(TILE_NAMES)))
        return reveal(_TILE_WORDS[word])
    if verb == "hut" and len(args) == 1:
        return hut(number(args[0], text, 1, NUM_HUTS, N_("a hut number")))
    if verb == "draw" and len(args) == 1:
        if args[0] not in _CARD_WORDS:
            raise NotationError(_("{text}: {word} is not a goods card ({cards})").format(
                text=shorten(text), word=shorten(args[0]), cards=", ".join(CARD_NAMES)))
        return draw(_CARD_WORDS[args[0]])
    raise NotationError(_(
        "{text} is not an action of stone_age_junior; see docs/stone-age-junior.md "
        "(e.g. 'turn 5', 'trade berry for fish', 'stop trading', 'stay', 'travel jug', "
        "'build 7 with fish jug dog', 'pass', 'swap 2 9', 'reveal 4', 'reveal dog', 'hut 3', 'draw guff')"
    ).format(text=shorten(text)))


NOTATION = Notation(ACTION_NAMES, parse_action)
