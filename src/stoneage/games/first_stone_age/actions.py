"""The flat action space of My First Stone Age and its text notation (docs/first-stone-age.md).

Every decision of a player and every chance outcome is one int in ``range(NUM_ACTIONS)``. The
notation is state-independent, so ``parse_action(action_name(a)) == a`` for every action.

| actions | notation | who |
|---|---|---|
| ``START + s`` | ``start 1`` … ``start 9`` | first player: Martin starts beside circle card s + 1 |
| ``MOVE + d - 1`` | ``move 1`` … ``move 4`` | the player: Martin moves d cards onward |
| ``KEEP_GUFF + g`` | ``keep guff as berry`` … | the player keeps Guff as good g |
| ``TURN_BACK`` | ``turn back`` | the player turns Guff back instead |
| ``REVEAL + k`` | ``reveal berry`` … ``reveal guff`` | chance: the card Martin stops beside |
| ``DRAW + k`` | ``draw berry`` … ``draw guff`` | chance: the draw pile's next card comes up |
| ``HUT + h - 1`` | ``hut 1`` … ``hut 15`` | chance: a hut card is taken from the hut pile |
"""

from __future__ import annotations

from stoneage.core.errors import NotationError, shorten
from stoneage.core.i18n import N_, _
from stoneage.games.family.notation import Notation, number, split_words
from stoneage.games.first_stone_age.data import (
    CARD_NAMES,
    CIRCLE_SIZE,
    GOODS,
    GUFF,
    MOVE_MAX,
    NUM_HUTS,
    NUM_KINDS,
)

START = 0  # + circle slot 0..8
MOVE = START + CIRCLE_SIZE  # + steps - 1
KEEP_GUFF = MOVE + MOVE_MAX  # + good 0..4
TURN_BACK = KEEP_GUFF + len(GOODS)
REVEAL = TURN_BACK + 1  # + card kind 0..5   (chance)
DRAW = REVEAL + NUM_KINDS  # + card kind 0..5   (chance)
HUT = DRAW + NUM_KINDS  # + hut number - 1   (chance)
NUM_ACTIONS = HUT + NUM_HUTS
FIRST_CHANCE_ACTION = REVEAL


def start(slot: int) -> int:
    """Action: Martin starts beside circle card ``slot`` (0-based; notation is 1-based)."""
    return START + slot


def move(steps: int) -> int:
    """Action: move Martin ``steps`` (1..4) cards onward, clockwise."""
    return MOVE + steps - 1


def keep_guff(good: int) -> int:
    """Action: keep Guff the dog as ``good`` (0..4)."""
    return KEEP_GUFF + good


def reveal(kind: int) -> int:
    """Chance outcome: the card Martin stops beside shows ``kind`` (0..5, 5 = Guff)."""
    return REVEAL + kind


def draw(kind: int) -> int:
    """Chance outcome: the next card of the draw pile comes up showing ``kind``."""
    return DRAW + kind


def hut(number: int) -> int:
    """Chance outcome: hut card ``number`` (1..15) is taken from the hut pile."""
    return HUT + number - 1


def _name(action: int) -> str:
    if action < MOVE:
        return f"start {action - START + 1}"
    if action < KEEP_GUFF:
        return f"move {action - MOVE + 1}"
    if action < TURN_BACK:
        return f"keep guff as {GOODS[action - KEEP_GUFF]}"
    if action == TURN_BACK:
        return "turn back"
    if action < DRAW:
        return f"reveal {CARD_NAMES[action - REVEAL]}"
    if action < HUT:
        return f"draw {CARD_NAMES[action - DRAW]}"
    return f"hut {action - HUT + 1}"


ACTION_NAMES: tuple[str, ...] = tuple(_name(a) for a in range(NUM_ACTIONS))


def action_name(action: int) -> str:
    """The notation of ``action``; ``NotationError`` outside the action space."""
    return NOTATION.name(action)


_KIND_WORDS = {name: k for k, name in enumerate(CARD_NAMES)} | {"dog": GUFF}


def _kind(word: str, text: str) -> int:
    if word not in _KIND_WORDS:
        raise NotationError(_("{text}: {word} is not a goods card ({cards})").format(
            text=shorten(text), word=shorten(word), cards=", ".join(CARD_NAMES)))
    return _KIND_WORDS[word]


def parse_action(text: str) -> int:
    """The action ``text`` names; case and spacing are free, ``dog`` may stand for ``guff``."""
    words = split_words(text)
    verb, args = words[0], words[1:]
    if verb == "start" and len(args) == 1:
        return start(number(args[0], text, 1, CIRCLE_SIZE, N_("a circle card")) - 1)
    if verb == "move" and len(args) == 1:
        return move(number(args[0], text, 1, MOVE_MAX, N_("Martin's move")))
    if verb == "keep":
        if len(args) >= 2 and args[-2] == "as" and args[:-2] in ([], ["guff"], ["dog"]):
            kind = _kind(args[-1], text)
            if kind == GUFF:
                raise NotationError(_("{text}: Guff stands for a good ({goods})").format(
                    text=shorten(text), goods=", ".join(GOODS)))
            return keep_guff(kind)
        raise NotationError(_("{text}: say which good Guff is kept as, e.g. 'keep guff as fish'").format(
            text=shorten(text)))
    if verb == "turn" and args == ["back"]:
        return TURN_BACK
    if verb == "reveal" and len(args) == 1:
        return reveal(_kind(args[0], text))
    if verb == "draw" and len(args) == 1:
        return draw(_kind(args[0], text))
    if verb == "hut" and len(args) == 1:
        return hut(number(args[0], text, 1, NUM_HUTS, N_("a hut number")))
    raise NotationError(_(
        "{text} is not an action of first_stone_age; see docs/first-stone-age.md "
        "(e.g. 'start 1', 'move 3', 'keep guff as fish', 'turn back', 'reveal jug', 'draw tooth', 'hut 7')"
    ).format(text=shorten(text)))


NOTATION = Notation(ACTION_NAMES, parse_action)
