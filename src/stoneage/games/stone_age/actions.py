"""The flat action space of Stone Age and its text notation (docs/notation.md).

Every decision of a player and every chance outcome is one int in ``range(NUM_ACTIONS)``.
The notation is state-independent, so ``parse(name(a)) == a`` for every action.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from stoneage.core.dice import face_multisets
from stoneage.core.errors import NotationError, shorten
from stoneage.core.i18n import _
from stoneage.games.stone_age.data import (
    BUILDING_KINDS,
    LOCATIONS,
    NUM_BUILDING_KINDS,
    NUM_CARDS,
    NUM_LOCATIONS,
    RESOURCES,
)

Counts = tuple[int, int, int, int]


def _count_vectors(total_max: int) -> tuple[Counts, ...]:
    """All 4-vectors of counts with sum ≤ total_max, by total, then in notation order."""
    out: list[Counts] = []
    for total in range(total_max + 1):
        for combo in combinations_with_replacement(range(4), total):
            out.append((combo.count(0), combo.count(1), combo.count(2), combo.count(3)))
    return tuple(out)


MIXES: Final = _count_vectors(10)
"""Resource mixes (wood, clay, stone, gold) for payments and feeding; index 0 is empty."""
MIX_INDEX: Final = {mix: i for i, mix in enumerate(MIXES)}
NUM_PAY_MIXES: Final = sum(1 for m in MIXES if sum(m) <= 7)
TOOL_SETS: Final = _count_vectors(3)
"""Multisets of up to 3 tool tiles, as counts of tiles of value (1, 2, 3, 4)."""
TOOL_SET_INDEX: Final = {t: i for i, t in enumerate(TOOL_SETS)}
ONE_USE_VALUES: Final = (2, 3, 4)
PAIRS: Final = tuple(m for m in MIXES if sum(m) == 2)
"""The ten choices of the two-resources card."""
PAIR_INDEX: Final = {m: i for i, m in enumerate(PAIRS)}
DICE_ROLLS: Final = tuple(faces for n in (2, 3, 4) for faces in face_multisets(n))
"""Dice-for-all rolls (one die per player), as sorted face tuples."""
DICE_ROLL_INDEX: Final = {faces: i for i, faces in enumerate(DICE_ROLLS)}
TAME_MIXES: Final = tuple(
    (m.count(0), m.count(1), m.count(2), m.count(3), m.count(4))
    for total in range(1, 8) for m in combinations_with_replacement(range(5), total)
)
"""Payments for moving figures onto the mammoth tile: (food, wood, clay, stone, gold), 1..7 items."""
TAME_MIX_INDEX: Final = {m: i for i, m in enumerate(TAME_MIXES)}
TAME_ROLLS: Final = tuple(faces for n in range(1, 8) for faces in face_multisets(n))
"""Taming rolls (one die per figure on the tile), as sorted face tuples."""
TAME_ROLL_INDEX: Final = {faces: i for i, faces in enumerate(TAME_ROLLS)}
MAX_MAMMOTH_TILES: Final = 32
MAX_PLACE: Final = 10
MAX_TEXT: Final = 200
"""The longest action text read (the longest name, ``feed with`` ten stone, has 69 characters)."""
MAX_NUMBER_DIGITS: Final = 6
"""The most digits (leading zeros aside) of a number in an action text (the largest one named is 60)."""

# --- layout ------------------------------------------------------------------------------------

PLACE: Final = 0  # + loc * 10 + (count - 1)
RESOLVE: Final = PLACE + NUM_LOCATIONS * MAX_PLACE  # + loc
TOOLS: Final = RESOLVE + NUM_LOCATIONS  # + tool_set * 8 + one_use_mask
PAY: Final = TOOLS + len(TOOL_SETS) * 8  # + mix index - 1 (total 1..7)
DECLINE: Final = PAY + NUM_PAY_MIXES - 1
FEED: Final = DECLINE + 1  # + mix index - 1 (total 1..10)
STARVE: Final = FEED + len(MIXES) - 1
PICK: Final = STARVE + 1  # + face - 1
TAKE: Final = PICK + 6  # + pair index
ROLL: Final = TAKE + len(PAIRS)  # + sum - 1   (chance)
DICE: Final = ROLL + 60  # + dice roll index   (chance)
CARD: Final = DICE + len(DICE_ROLLS)  # + card id - 1   (chance)
BUILDING: Final = CARD + NUM_CARDS  # + building kind   (chance)
# The Mammoth Herd expansion (appended, so base-game action ints never change).
TAME_NONE: Final = BUILDING + NUM_BUILDING_KINDS  # move no figure onto the mammoth tile
TAME_PAY: Final = TAME_NONE + 1  # + tame mix index: move that many figures, paying these
BONUS_ONE: Final = TAME_PAY + len(TAME_MIXES)  # the winner takes the "1" bonus
BONUS_ALL: Final = BONUS_ONE + 1  # ... or the "all" bonus
MAMMOTH_BACK: Final = BONUS_ALL + 1  # + resource   (chance: the back of the next tile)
MAMMOTH_TILE: Final = MAMMOTH_BACK + 4  # + tile id - 1   (chance: the tile turned up)
TAME_DICE: Final = MAMMOTH_TILE + MAX_MAMMOTH_TILES  # + taming roll index   (chance)
NUM_ACTIONS: Final = TAME_DICE + len(TAME_ROLLS)
CHANCE_RANGES: Final = ((ROLL, TAME_NONE), (MAMMOTH_BACK, NUM_ACTIONS))
TAKES: Final = tuple(range(TAKE, ROLL))
"""Every "take the two resources" action, in action order."""


def is_chance_action(action: int) -> bool:
    """Whether ``action`` is a chance outcome (rather than a player's decision)."""
    return ROLL <= action < TAME_NONE or action >= MAMMOTH_BACK


def place(loc: int, count: int) -> int:
    """Action: place ``count`` figures on location ``loc``."""
    return PLACE + loc * MAX_PLACE + count - 1


def tools(tool_set: Counts, one_use_mask: int = 0) -> int:
    """Action: add these tool tiles (counts by value 1..4) and one-use tools (bit i = value i+2)."""
    return TOOLS + TOOL_SET_INDEX[tool_set] * 8 + one_use_mask


def pay(mix: Counts) -> int:
    """Action: pay this resource mix (wood, clay, stone, gold)."""
    return PAY + MIX_INDEX[mix] - 1


def feed(mix: Counts) -> int:
    """Action: cover a food shortfall with this resource mix."""
    return FEED + MIX_INDEX[mix] - 1


def take(pair: Counts) -> int:
    """Action: take two resources with the two-resources card."""
    return TAKE + PAIR_INDEX[pair]


def roll(total: int) -> int:
    """Chance outcome: the dice sum to ``total``."""
    return ROLL + total - 1


def dice(faces: tuple[int, ...]) -> int:
    """Chance outcome: a dice-for-all roll with these faces."""
    return DICE + DICE_ROLL_INDEX[tuple(sorted(faces))]


def card_outcome(card_id: int) -> int:
    """Chance outcome: the card with this id is turned up (or drawn)."""
    return CARD + card_id - 1


def building_outcome(kind: int) -> int:
    """Chance outcome: a tile of this building kind is turned up."""
    return BUILDING + kind


def tame_pay(mix: tuple[int, int, int, int, int]) -> int:
    """Action: move ``sum(mix)`` figures onto the mammoth tile, paying (food, wood, clay, stone, gold)."""
    return TAME_PAY + TAME_MIX_INDEX[mix]


def tame_dice(faces: tuple[int, ...]) -> int:
    """Chance outcome: a player's taming roll shows these faces."""
    return TAME_DICE + TAME_ROLL_INDEX[tuple(sorted(faces))]


# --- notation -----------------------------------------------------------------------------------


def _mix_words(mix: Counts) -> str:
    return " ".join(word for word, n in zip(RESOURCES, mix, strict=False) for _ in range(n))


def _tool_words(tool_set: Counts, one_use_mask: int) -> str:
    tiles = [str(v) for v in (4, 3, 2, 1) for _ in range(tool_set[v - 1])]
    one_use = [str(v) for i, v in reversed(list(enumerate(ONE_USE_VALUES))) if one_use_mask >> i & 1]
    words = ["tools", "+".join(tiles) if tiles else ("none" if not one_use else "")]
    if one_use:
        words.append("one-use " + "+".join(one_use))
    return " ".join(w for w in words if w)


def _name(action: int) -> str:
    if action < RESOLVE:
        loc, count = divmod(action - PLACE, MAX_PLACE)
        return f"place {LOCATIONS[loc]} {count + 1}"
    if action < TOOLS:
        return f"resolve {LOCATIONS[action - RESOLVE]}"
    if action < PAY:
        tool_set, mask = divmod(action - TOOLS, 8)
        return _tool_words(TOOL_SETS[tool_set], mask)
    if action < DECLINE:
        return "pay " + _mix_words(MIXES[action - PAY + 1])
    if action == DECLINE:
        return "decline"
    if action < STARVE:
        return "feed with " + _mix_words(MIXES[action - FEED + 1])
    if action == STARVE:
        return "starve"
    if action < TAKE:
        return f"pick {action - PICK + 1}"
    if action < ROLL:
        return "take " + _mix_words(PAIRS[action - TAKE])
    if action < DICE:
        return f"roll {action - ROLL + 1}"
    if action < CARD:
        return "dice " + " ".join(map(str, DICE_ROLLS[action - DICE]))
    if action < BUILDING:
        return f"card {action - CARD + 1}"
    if action < TAME_NONE:
        return f"building {BUILDING_KINDS[action - BUILDING].name}"
    if action == TAME_NONE:
        return "tame none"
    if action < BONUS_ONE:
        mix = TAME_MIXES[action - TAME_PAY]
        return "tame with " + " ".join(word for word, n in zip(("food", *RESOURCES), mix, strict=True)
                                       for _ in range(n))
    if action == BONUS_ONE:
        return "bonus one"
    if action == BONUS_ALL:
        return "bonus all"
    if action < MAMMOTH_TILE:
        return f"mammoth back {RESOURCES[action - MAMMOTH_BACK]}"
    if action < TAME_DICE:
        return f"mammoth tile {action - MAMMOTH_TILE + 1}"
    return "tame dice " + " ".join(map(str, TAME_ROLLS[action - TAME_DICE]))


ACTION_NAMES: Final[tuple[str, ...]] = tuple(_name(a) for a in range(NUM_ACTIONS))


def action_name(action: object) -> str:
    """The notation of ``action``; ``NotationError`` for anything but an int of the space (a bool,
    a float or a string included), as in every game of the package."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise NotationError(_("action {action} is outside the action space 0..{last}").format(
            action=shorten(action), last=NUM_ACTIONS - 1))
    return ACTION_NAMES[action]


_LOCATION_INDEX: Final = {name: i for i, name in enumerate(LOCATIONS)}
_SINGLE_SPACE_COUNT: Final = {"toolmaker": 1, "hut": 2, "field": 1} | {
    name: 1 for name in LOCATIONS if name.startswith(("card", "building"))
}


def _parse_mix(words: list[str], text: str) -> Counts:
    counts = [0, 0, 0, 0]
    for word in words:
        if word not in RESOURCES:
            raise NotationError(_("{text}: {word} is not a resource (wood, clay, stone, gold)").format(
                text=shorten(text), word=shorten(word)))
        counts[RESOURCES.index(word)] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def _parse_int(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise NotationError(_("{text}: expected a number, got {word}").format(text=shorten(text), word=shorten(word)))
    if len(word.lstrip("0")) > MAX_NUMBER_DIGITS:  # int() of a long enough digit string raises ValueError
        raise NotationError(_("{text}: a number of more than {digits} digits").format(
            text=shorten(text), digits=MAX_NUMBER_DIGITS))
    return int(word)


def _parse_tools(words: list[str], text: str) -> int:
    tiles = [0, 0, 0, 0]
    mask = 0
    target = "tiles"
    for word in words:
        if word == "none":
            continue
        if word == "one-use":
            target = "one-use"
            continue
        for part in word.split("+"):
            value = _parse_int(part, text)
            if target == "tiles":
                if not 1 <= value <= 4:
                    raise NotationError(_("{text}: a tool tile has value 1..4, not {value}").format(
                        text=shorten(text), value=value))
                tiles[value - 1] += 1
            else:
                if value not in ONE_USE_VALUES or mask >> ONE_USE_VALUES.index(value) & 1:
                    raise NotationError(_("{text}: one-use tools are 2, 3 and 4, each once").format(text=shorten(text)))
                mask |= 1 << ONE_USE_VALUES.index(value)
    key = (tiles[0], tiles[1], tiles[2], tiles[3])
    if key not in TOOL_SET_INDEX:
        raise NotationError(_("{text}: at most 3 tool tiles can be added").format(text=shorten(text)))
    return tools(key, mask)


def parse_action(text: object) -> int:
    """The action that ``text`` names (case and spacing are free; resource order is free)."""
    if not isinstance(text, str):
        raise NotationError(_("an action text is a string, not {type}").format(type=type(text).__name__))
    if len(text) > MAX_TEXT:
        raise NotationError(_("an action text of more than {count} characters (the longest action's has 69)").format(
            count=MAX_TEXT))
    words = text.lower().split()
    if not words:
        raise NotationError(_("empty action text"))
    verb, args = words[0], words[1:]
    if verb == "place" and args:
        loc = _LOCATION_INDEX.get(args[0])
        if loc is None:
            raise NotationError(_("{text}: unknown location {word}; known: {known}").format(
            text=shorten(text), word=shorten(args[0]), known=", ".join(LOCATIONS)))
        if len(args) == 1 and args[0] in _SINGLE_SPACE_COUNT:
            return place(loc, _SINGLE_SPACE_COUNT[args[0]])
        if len(args) == 2:
            count = _parse_int(args[1], text)
            if 1 <= count <= MAX_PLACE:
                return place(loc, count)
            raise NotationError(_("{text}: a placement has 1..10 figures").format(text=shorten(text)))
    elif verb == "resolve" and len(args) == 1:
        if args[0] in _LOCATION_INDEX:
            return RESOLVE + _LOCATION_INDEX[args[0]]
        raise NotationError(_("{text}: unknown location {word}; known: {known}").format(
            text=shorten(text), word=shorten(args[0]), known=", ".join(LOCATIONS)))
    elif verb == "tools":
        return _parse_tools(args, text)
    elif verb == "pay" and args:
        mix = _parse_mix(args, text)
        if not 1 <= sum(mix) <= 7:
            raise NotationError(_("{text}: a payment has 1..7 resources").format(text=shorten(text)))
        return pay(mix)
    elif verb == "decline" and not args:
        return DECLINE
    elif verb == "feed" and args[:1] == ["with"] and len(args) > 1:
        mix = _parse_mix(args[1:], text)
        if sum(mix) > 10:
            raise NotationError(_("{text}: a shortfall is at most 10 food").format(text=shorten(text)))
        return feed(mix)
    elif verb == "starve" and not args:
        return STARVE
    elif verb == "pick" and len(args) == 1:
        face = _parse_int(args[0], text)
        if 1 <= face <= 6:
            return PICK + face - 1
        raise NotationError(_("{text}: a die face is 1..6").format(text=shorten(text)))
    elif verb == "take" and args:
        mix = _parse_mix(args, text)
        if sum(mix) != 2:
            raise NotationError(_("{text}: the two-resources card gives exactly 2 resources").format(
                text=shorten(text)))
        return take(mix)
    elif verb == "roll" and len(args) == 1:
        total = _parse_int(args[0], text)
        if 1 <= total <= 60:
            return roll(total)
        raise NotationError(_("{text}: a dice sum is 1..60").format(text=shorten(text)))
    elif verb == "dice" and 2 <= len(args) <= 4:
        faces = tuple(sorted(_parse_int(w, text) for w in args))
        if all(1 <= f <= 6 for f in faces):
            return dice(faces)
        raise NotationError(_("{text}: die faces are 1..6").format(text=shorten(text)))
    elif verb == "card" and len(args) == 1:
        card_id = _parse_int(args[0], text)
        if 1 <= card_id <= NUM_CARDS:
            return card_outcome(card_id)
        raise NotationError(_("{text}: cards are numbered 1..{last}").format(text=shorten(text), last=NUM_CARDS))
    elif verb == "building" and len(args) == 1:
        for kind, building in enumerate(BUILDING_KINDS):
            if building.name == args[0]:
                return building_outcome(kind)
        names = ", ".join(b.name for b in BUILDING_KINDS)
        raise NotationError(_("{text}: unknown building kind; known: {names}").format(text=shorten(text), names=names))
    elif verb in ("tame", "bonus", "mammoth"):
        return _parse_mammoth(verb, args, text)
    raise NotationError(_(
        "{text} is not an action; see docs/notation.md "
        "(e.g. 'place forest 3', 'resolve quarry', 'tools 3+1', 'pay wood clay', 'roll 11')"
    ).format(text=shorten(text)))


def _parse_mammoth(verb: str, args: list[str], text: str) -> int:
    """The Mammoth Herd's actions: tame none / tame with ... / tame dice ... / bonus ... / mammoth ..."""
    if verb == "tame" and args == ["none"]:
        return TAME_NONE
    if verb == "tame" and args[:1] == ["with"] and 1 <= len(args) - 1 <= 7:
        goods = ("food", *RESOURCES)
        for word in args[1:]:
            if word not in goods:
                raise NotationError(_("{text}: {word} is not food or a resource").format(
                    text=shorten(text), word=shorten(word)))
        counts = tuple(args[1:].count(g) for g in goods)
        return TAME_PAY + TAME_MIX_INDEX[(counts[0], counts[1], counts[2], counts[3], counts[4])]
    if verb == "tame" and args[:1] == ["dice"] and 1 <= len(args) - 1 <= 7:
        faces = tuple(sorted(_parse_int(w, text) for w in args[1:]))
        if all(1 <= f <= 6 for f in faces):
            return tame_dice(faces)
        raise NotationError(_("{text}: die faces are 1..6").format(text=shorten(text)))
    if verb == "bonus" and args in (["one"], ["all"]):
        return BONUS_ONE if args == ["one"] else BONUS_ALL
    if verb == "mammoth" and len(args) == 2 and args[0] == "back" and args[1] in RESOURCES:
        return MAMMOTH_BACK + RESOURCES.index(args[1])
    if verb == "mammoth" and len(args) == 2 and args[0] == "tile":
        tile = _parse_int(args[1], text)
        if 1 <= tile <= MAX_MAMMOTH_TILES:
            return MAMMOTH_TILE + tile - 1
        raise NotationError(_("{text}: mammoth tiles are numbered 1..{last}").format(
            text=shorten(text), last=MAX_MAMMOTH_TILES))
    raise NotationError(_(
        "{text} is not a Mammoth Herd action (e.g. 'tame none', 'tame with food wood', "
        "'tame dice 6 2', 'bonus one', 'bonus all', 'mammoth back clay', 'mammoth tile 7')"
    ).format(text=shorten(text)))
