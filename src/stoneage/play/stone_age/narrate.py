"""Stone Age's facts in words: who does what, in the words of the rulebook, per viewer and language.

``say`` and ``effects`` (the play kit's) read a fact (``games/stone_age/facts.py``, docs/facts.md)
and nothing else: no state, so a fact told to a viewer says exactly what its redacted data holds.
Every sentence is one message of the catalogs (``stoneage.core.i18n``), translated when it is told;
the seats are called as the table calls them (``who``). The names of places, goods, buildings and
bonuses here serve the menus and panels too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from stoneage.core.facts import Fact, FactValue
from stoneage.core.i18n import _, ngettext, pgettext
from stoneage.games.stone_age.data import CARDS, GREEN_SYMBOLS, LOCATIONS, RESOURCES, SAND_KINDS
from stoneage.games.stone_age.facts import HOLDINGS
from stoneage.games.stone_age.mammoth import BONUS_KEYS
from stoneage.play.kit import Who

# --- places ---------------------------------------------------------------------------------------


def place_name(loc: int) -> str:
    """A location in words, as the object of a verb: "the forest", "the card costing 3", "building stack 2"."""
    name = LOCATIONS[loc]
    if name.startswith("card"):
        # TRANSLATORS: a card space of the display, as the object of a verb ("Player 1 resolves {place}").
        return pgettext("location", "the card costing {cost}").format(cost=name[4:])
    if name.startswith("building"):
        # TRANSLATORS: a building stack, as the object of a verb ("Player 1 resolves {place}").
        return pgettext("location", "building stack {number}").format(number=name[8:])
    # TRANSLATORS: the locations of the board, as the object of a verb ("Player 1 resolves {place}").
    return {
        "hunt": pgettext("location", "the hunting grounds"), "forest": pgettext("location", "the forest"),
        "claypit": pgettext("location", "the clay pit"), "quarry": pgettext("location", "the quarry"),
        "river": pgettext("location", "the river"), "toolmaker": pgettext("location", "the tool maker"),
        "hut": pgettext("location", "the hut"), "field": pgettext("location", "the field"),
    }[name]


def place_on(loc: int) -> str:
    """Where figures are placed: "on the forest" (the preposition included, for translators)."""
    name = LOCATIONS[loc]
    if name.startswith("card"):
        # TRANSLATORS: where figures are placed ("Player 1 places 1 figure {place}").
        return pgettext("placing on", "on the card costing {cost}").format(cost=name[4:])
    if name.startswith("building"):
        # TRANSLATORS: where figures are placed ("Player 1 places 1 figure {place}").
        return pgettext("placing on", "on building stack {number}").format(number=name[8:])
    # TRANSLATORS: where figures are placed ("Player 1 places 3 figures {place}").
    return {
        "hunt": pgettext("placing on", "on the hunting grounds"), "forest": pgettext("placing on", "on the forest"),
        "claypit": pgettext("placing on", "on the clay pit"), "quarry": pgettext("placing on", "on the quarry"),
        "river": pgettext("placing on", "on the river"), "toolmaker": pgettext("placing on", "on the tool maker"),
        "hut": pgettext("placing on", "on the hut"), "field": pgettext("placing on", "on the field"),
    }[name]


def place_at(loc: int) -> str:
    """Where a roll is made or the herd stands: "at the forest" (the preposition included)."""
    name = LOCATIONS[loc]
    # TRANSLATORS: where dice are rolled or the mammoth herd stands ("Player 1 rolls 3 dice {place}: 11").
    table = {
        "hunt": pgettext("located at", "at the hunting grounds"), "forest": pgettext("located at", "at the forest"),
        "claypit": pgettext("located at", "at the clay pit"), "quarry": pgettext("located at", "at the quarry"),
        "river": pgettext("located at", "at the river"),
    }
    if name in table:
        return table[name]
    # TRANSLATORS: {place} is a location as the object of a verb ("the hut", "the card costing 3").
    return pgettext("located at", "at {place}").format(place=place_name(loc))


def place_to(loc: int) -> str:
    """Where the herd goes: "to the forest" (the preposition included)."""
    name = LOCATIONS[loc]
    # TRANSLATORS: where the mammoth herd goes ("The mammoth herd moves {place}; bonus tile 3: ...").
    table = {
        "hunt": pgettext("moving to", "to the hunting grounds"), "forest": pgettext("moving to", "to the forest"),
        "claypit": pgettext("moving to", "to the clay pit"), "quarry": pgettext("moving to", "to the quarry"),
        "river": pgettext("moving to", "to the river"),
    }
    if name in table:
        return table[name]
    # TRANSLATORS: {place} is a location as the object of a verb ("the hut", "the card costing 3").
    return pgettext("moving to", "to {place}").format(place=place_name(loc))


def place_from(loc: int) -> str:
    """Where figures come from: "from the forest" (the preposition included)."""
    name = LOCATIONS[loc]
    # TRANSLATORS: where figures are moved from ("Player 1: move figures {place} onto the mammoth tile?").
    table = {
        "hunt": pgettext("moving from", "from the hunting grounds"),
        "forest": pgettext("moving from", "from the forest"),
        "claypit": pgettext("moving from", "from the clay pit"), "quarry": pgettext("moving from", "from the quarry"),
        "river": pgettext("moving from", "from the river"),
    }
    if name in table:
        return table[name]
    # TRANSLATORS: {place} is a location as the object of a verb ("the hut", "the card costing 3").
    return pgettext("moving from", "from {place}").format(place=place_name(loc))


# --- goods, cards, buildings, bonuses -------------------------------------------------------------


def good_name(good: str) -> str:
    """A good's name in words (``"food"`` or a name of ``RESOURCES``), translated."""
    return _(good)


def amount(count: int, good: str) -> str:
    """A number of a good: ``"3 wood"``, ``"1 food"``."""
    if good == "food":
        return ngettext("{count} food", "{count} food", count).format(count=count)
    if good == "wood":
        return ngettext("{count} wood", "{count} wood", count).format(count=count)
    if good == "clay":
        return ngettext("{count} clay", "{count} clay", count).format(count=count)
    if good == "stone":
        return ngettext("{count} stone", "{count} stone", count).format(count=count)
    if good == "gold":
        return ngettext("{count} gold", "{count} gold", count).format(count=count)
    raise ValueError(f"not a good: {good!r}")


def goods_list(words: list[str]) -> str:
    """Goods named one by one, as the notation lists them: ``"wood wood clay"``."""
    return " ".join(good_name(word) for word in words)


def building_name(name: str) -> str:
    """A building kind's short name: ``"wwc"`` (its resources' initials), ``"4-of-2"``, ``"1-to-7"``."""
    if name == "1-to-7":
        # TRANSLATORS: the building kind paid with 1 to 7 resources of any kinds (short name).
        return pgettext("building", "1-to-7")
    if "-of-" in name:
        count, _of, kinds = name.partition("-of-")
        # TRANSLATORS: a building kind paid with {count} resources of {kinds} different kinds (short name).
        return pgettext("building", "{count}-of-{kinds}").format(count=count, kinds=kinds)
    # TRANSLATORS: the initials of the resources in a building's short name ("wwc": 2 wood and 1 clay).
    letters = {"w": pgettext("initial of wood", "w"), "c": pgettext("initial of clay", "c"),
               "s": pgettext("initial of stone", "s"), "g": pgettext("initial of gold", "g")}
    return "".join(letters[letter] for letter in name)


def _sand(kind: str, count: int) -> str:
    """A sand card's figures: ``"2 farmers"`` (in the rules' spelling of the card figures)."""
    if kind == "farmer":
        return ngettext("{count} farmer", "{count} farmers", count).format(count=count)
    if kind == "toolmaker":
        return ngettext("{count} toolmaker", "{count} toolmakers", count).format(count=count)
    if kind == "hutbuilder":
        return ngettext("{count} hutbuilder", "{count} hutbuilders", count).format(count=count)
    return ngettext("{count} shaman", "{count} shamans", count).format(count=count)


def _card_top(effect: str, value: int) -> str:
    """A card's top in a few words: ``"food 7"``, ``"dice for all"``."""
    if value and effect == "food":
        return pgettext("card top", "food {value}").format(value=value)
    if value and effect == "points":
        return pgettext("card top", "points {value}").format(value=value)
    if value and effect == "one_use_tool":
        return pgettext("card top", "one use tool {value}").format(value=value)
    return {
        "dice_for_all": pgettext("card top", "dice for all"), "resource": pgettext("card top", "resource"),
        "resource_roll": pgettext("card top", "resource roll"), "tool": pgettext("card top", "tool"),
        "agriculture": pgettext("card top", "agriculture"), "extra_card": pgettext("card top", "extra card"),
        "two_resources": pgettext("card top", "two resources"),
    }[effect]


def card_text(card_id: int) -> str:
    """A card's number, top and bottom in words."""
    card = CARDS[card_id - 1]
    if card.green >= 0:
        bottom = _("green {symbol}").format(symbol=_(GREEN_SYMBOLS[card.green]))
    else:
        bottom = _sand(SAND_KINDS[card.sand], card.figures)
    value = card.value if card.effect in ("food", "points", "one_use_tool") else 0
    top = _card_top(card.effect, value)
    return _("card {number} ({top} / {bottom})").format(number=card_id, top=top, bottom=bottom)


def bonus_words(amounts: Mapping[str, int]) -> str:
    """A mammoth bonus (``Bonus.amounts``: ``{"clay": 2, "wood": 1}``) in words, e.g. "2 clay, 1 wood"
    (``Bonus.words`` translated)."""
    parts = []
    for key in BONUS_KEYS:
        n = amounts.get(key, 0)
        if not n:
            continue
        if key == "agriculture":
            parts.append(_("+{count} agriculture").format(count=n))
        elif key == "tools":
            parts.append(ngettext("+{count} tool step", "+{count} tool steps", n).format(count=n))
        elif key == "cards":
            parts.append(ngettext("{count} face-down card", "{count} face-down cards", n).format(count=n))
        elif key == "choice":
            parts.append(ngettext("{count} resources of your choice", "{count} resources of your choice",
                                  n).format(count=n))
        elif key == "points":
            parts.append(ngettext("{count} points", "{count} points", n).format(count=n))
        else:
            parts.append(amount(n, key))
    return ", ".join(parts) or _("nothing")




# --- the log: facts in words ------------------------------------------------------------------------

_LOCATION_INDEX: Final = {name: loc for loc, name in enumerate(LOCATIONS)}


def _int(fact: Fact, key: str) -> int:
    value = fact.data.get(key)
    return value if isinstance(value, int) else 0


def _text(fact: Fact, key: str) -> str:
    value = fact.data.get(key)
    return value if isinstance(value, str) else ""


def _loc(fact: Fact, key: str = "place") -> int:
    """A place of the fact's data as a location number (``LOCATIONS``)."""
    return _LOCATION_INDEX[_text(fact, key)]


def _items(fact: Fact, key: str) -> tuple[FactValue, ...]:
    value = fact.data.get(key)
    return value if isinstance(value, tuple) else ()


def _goods(fact: Fact, key: str) -> str:
    """A list of goods of the fact's data, named one by one: ``"wood wood clay"``."""
    return goods_list([str(good) for good in _items(fact, key)])


def _numbers(fact: Fact, key: str, between: str) -> str:
    """Numbers of the fact's data (faces, tool values) joined: ``"1 4 6"``, ``"4+3"``."""
    return between.join(str(value) for value in _items(fact, key))


def _amounts(fact: Fact, key: str) -> Mapping[str, int]:
    value = fact.data.get(key)
    if not isinstance(value, Mapping):
        return {}
    return {str(k): n for k, n in value.items() if isinstance(n, int)}


def _roll(fact: Fact, who: str) -> str:
    dice = _int(fact, "dice")
    return ngettext("{who} rolls {count} die {place}: {total}", "{who} rolls {count} dice {place}: {total}",
                    dice).format(who=who, count=dice, place=place_at(_loc(fact)), total=_int(fact, "total"))


def _card_dealt(fact: Fact, who: str) -> str:
    return _("A card is turned up at cost {cost}: {card}").format(
        cost=_int(fact, "cost"), card=card_text(_int(fact, "card")))


def _card_drawn(fact: Fact, who: str) -> str:
    """The same words whether this viewer may see the card (``card``) or not: it lies face down."""
    return _("{who} draws the top card of the deck face down").format(who=who)


def _building_dealt(fact: Fact, who: str) -> str:
    return _("Building stack {number} shows a new tile: {building}").format(
        number=_int(fact, "stack"), building=building_name(_text(fact, "building")))


def _dice_for_all(fact: Fact, who: str) -> str:
    return _("Dice for all: {faces}").format(faces=_numbers(fact, "faces", " "))


def _mammoth_back(fact: Fact, who: str) -> str:
    return _("The mammoth pile's top tile shows a {back} back").format(back=_(_text(fact, "back")))


def _mammoth_tile(fact: Fact, who: str) -> str:
    return _('The mammoth herd moves {place}; bonus tile {number}: "1" {one} / "all" {all}').format(
        place=place_to(_loc(fact)), number=_int(fact, "tile"),
        one=bonus_words(_amounts(fact, "one")), all=bonus_words(_amounts(fact, "all")))


def _tame_roll(fact: Fact, who: str) -> str:
    return _("{who} rolls to tame the mammoth: {faces}").format(who=who, faces=_numbers(fact, "faces", " "))


def _place(fact: Fact, who: str) -> str:
    count = _int(fact, "count")
    return ngettext("{who} places {count} figure {place}", "{who} places {count} figures {place}",
                    count).format(who=who, count=count, place=place_on(_loc(fact)))


def _resolve_location(fact: Fact, who: str) -> str:
    return _("{who} resolves {place}").format(who=who, place=place_name(_loc(fact)))


def _tools(fact: Fact, who: str) -> str:
    tiles, one_use = _numbers(fact, "tiles", "+"), _numbers(fact, "one_use", "+")
    if tiles and one_use:
        return _("{who}: tools {tiles} one-use {one_use}").format(who=who, tiles=tiles, one_use=one_use)
    if tiles:
        return _("{who}: tools {tiles}").format(who=who, tiles=tiles)
    if one_use:
        return _("{who}: tools one-use {one_use}").format(who=who, one_use=one_use)
    return _("{who}: tools none").format(who=who)


def _buy_card(fact: Fact, who: str) -> str:
    return _("{who} buys {card}: pay {goods}").format(
        who=who, card=card_text(_int(fact, "card")), goods=_goods(fact, "pay"))


def _build(fact: Fact, who: str) -> str:
    return _("{who} builds {building}: pay {goods}").format(
        who=who, building=building_name(_text(fact, "building")), goods=_goods(fact, "pay"))


def _pay(fact: Fact, who: str) -> str:
    return _("{who}: pay {goods}").format(who=who, goods=_goods(fact, "pay"))


def _decline(fact: Fact, who: str) -> str:
    return _("{who}: decline").format(who=who)


def _feed(fact: Fact, who: str) -> str:
    return _("{who}: feed with {goods}").format(who=who, goods=_goods(fact, "goods"))


def _take_penalty(fact: Fact, who: str) -> str:
    return _("{who}: starve").format(who=who)


def _pick(fact: Fact, who: str) -> str:
    return _("{who}: pick {face}").format(who=who, face=_int(fact, "face"))


def _take(fact: Fact, who: str) -> str:
    return _("{who}: take {goods}").format(who=who, goods=_goods(fact, "goods"))


def _leave_mammoth(fact: Fact, who: str) -> str:
    return _("{who} leaves the mammoth alone").format(who=who)


def _tame_move(fact: Fact, who: str) -> str:
    count = _int(fact, "count")
    return ngettext("{who} moves {count} figure onto the mammoth tile, paying {goods}",
                    "{who} moves {count} figures onto the mammoth tile, paying {goods}", count).format(
        who=who, count=count, goods=_goods(fact, "pay"))


def _tame_bonus(fact: Fact, who: str) -> str:
    reward = bonus_words(_amounts(fact, "reward"))
    if _text(fact, "bonus") == "one":
        return _('{who} tames the mammoth and takes the "1" bonus: {bonus}').format(who=who, bonus=reward)
    return _('{who} tames the mammoth and takes the "all" bonus: {bonus}').format(who=who, bonus=reward)


def _action(fact: Fact, who: str) -> str:
    return f"{who}: {_text(fact, 'name')}"


def _feeding(fact: Fact, who: str) -> str:
    figures, short = _int(fact, "figures"), _int(fact, "short")
    if not short:
        return ngettext("{who} feeds {count} figures (food and agriculture)",
                        "{who} feeds {count} figures (food and agriculture)", figures).format(who=who, count=figures)
    return ngettext("{who} feeds {count} figures with all {food} food and is {short} short",
                    "{who} feeds {count} figures with all {food} food and is {short} short", figures).format(
        who=who, count=figures, food=_int(fact, "food"), short=short)


def _starve(fact: Fact, who: str) -> str:
    figures = _int(fact, "figures")
    return ngettext("{who} cannot feed {count} figures and loses 10 points",
                    "{who} cannot feed {count} figures and loses 10 points", figures).format(who=who, count=figures)


def _toolmaker(fact: Fact, who: str) -> str:
    return _("{who} makes a tool at the tool maker").format(who=who)


def _hut(fact: Fact, who: str) -> str:
    if not fact.data.get("full"):
        return _("{who} gains a figure at the hut").format(who=who)
    return _("{who} has 10 figures: the hut gives nothing").format(who=who)


def _field(fact: Fact, who: str) -> str:
    return _("{who} moves up the agriculture track at the field").format(who=who)


def _resolve(fact: Fact, who: str) -> str:
    if _text(fact, "place"):
        return _("{who} resolves their last location, {place}").format(who=who, place=place_name(_loc(fact)))
    return _("{who} resolves their last location").format(who=who)


def _no_purchase(fact: Fact, who: str) -> str:
    if _text(fact, "what") == "card":
        return _("{who} cannot pay for the card costing {cost} and takes the figure back").format(
            who=who, cost=_int(fact, "number"))
    return _("{who} cannot pay for building stack {number} and takes the figure back").format(
        who=who, number=_int(fact, "number"))


def _die_reward(face: int) -> str:
    """What a die of dice for all gives."""
    if face == 5:
        return _("a tool step")
    if face == 6:
        return _("an agriculture step")
    return amount(1, RESOURCES[face - 1])


def _forced_pick(fact: Fact, who: str) -> str:
    face = _int(fact, "face")
    if not face:
        return _unknown(fact, who)
    return _("{who} takes the die left, a {face}: {reward}").format(who=who, face=face, reward=_die_reward(face))


def _round_end(fact: Fact, who: str) -> str:
    return _("End of round {round}: tools are ready again; player {number} becomes first player").format(
        round=_int(fact, "round"), number=_int(fact, "first") + 1)


def _final_scoring(fact: Fact, who: str) -> str:
    return _("The game is over: final scoring")


def _tame_winner(fact: Fact, who: str) -> str:
    if fact.data.get("alone"):
        return _("{who} tames the mammoth (alone on the tile, without rolling)").format(who=who)
    return _("{who} tames the mammoth (with the best roll)").format(who=who)


def _tame_tie(fact: Fact, who: str) -> str:
    return _('The taming rolls tie: each tied player takes the "all" bonus and the tile goes to the box')


def _taming_end(fact: Fact, who: str) -> str:
    return _("The figures on the mammoth tile go home")


def _unknown(fact: Fact, who: str) -> str:
    name = fact.kind.replace("_", " ")
    return f"{who}: {name}" if fact.seat >= 0 else name


SAYINGS: Final[dict[str, Callable[[Fact, str], str]]] = {
    "roll": _roll, "card_dealt": _card_dealt, "card_drawn": _card_drawn, "building_dealt": _building_dealt,
    "dice_for_all": _dice_for_all, "mammoth_back": _mammoth_back, "mammoth_tile": _mammoth_tile,
    "tame_roll": _tame_roll,
    "place": _place, "resolve_location": _resolve_location, "tools": _tools, "buy_card": _buy_card,
    "build": _build, "pay": _pay, "decline": _decline, "feed": _feed, "take_penalty": _take_penalty,
    "pick": _pick, "take": _take, "leave_mammoth": _leave_mammoth, "tame_move": _tame_move,
    "tame_bonus": _tame_bonus, "action": _action,
    "feeding": _feeding, "starve": _starve, "toolmaker": _toolmaker, "hut": _hut, "field": _field,
    "resolve": _resolve, "no_purchase": _no_purchase, "forced_pick": _forced_pick, "round_end": _round_end,
    "final_scoring": _final_scoring, "tame_winner": _tame_winner, "tame_tie": _tame_tie,
    "taming_end": _taming_end,
}
"""How each kind of fact is said: (the fact, its seat as the table calls it) -> a sentence."""


def say(fact: Fact, who: Who) -> str:
    """A fact (as a viewer may know it) in a sentence, the seats called by ``who`` (the play kit's ``say``)."""
    return SAYINGS.get(fact.kind, _unknown)(fact, who(fact.seat) if fact.seat >= 0 else "")


def _change(key: str, delta: int) -> str:
    """One holding's change: ``"+3 wood"`` (the count is signed; the English word never changes)."""
    n = abs(delta)
    signed = f"{delta:+d}"
    # TRANSLATORS: a change of a player's holdings in the log; {delta} is signed ("+3", "-5").
    message = {
        "food": ngettext("{delta} food", "{delta} food", n),
        "wood": ngettext("{delta} wood", "{delta} wood", n),
        "clay": ngettext("{delta} clay", "{delta} clay", n),
        "stone": ngettext("{delta} stone", "{delta} stone", n),
        "gold": ngettext("{delta} gold", "{delta} gold", n),
        "agriculture": ngettext("{delta} agriculture", "{delta} agriculture", n),
        "figures": ngettext("{delta} figures", "{delta} figures", n),
        "points": ngettext("{delta} points", "{delta} points", n),
        "tool_value": ngettext("{delta} tool value", "{delta} tool value", n),
        "one_use_tools": ngettext("{delta} one-use tools", "{delta} one-use tools", n),
        "cards": ngettext("{delta} cards", "{delta} cards", n),
        "face_down_cards": ngettext("{delta} face-down cards", "{delta} face-down cards", n),
        "buildings": ngettext("{delta} buildings", "{delta} buildings", n),
    }[key]
    return message.format(delta=signed)


def effects(fact: Fact, who: Who) -> list[str]:
    """A fact's effects, one line per seat whose holdings changed (``"Player 2: +3 wood, -1 food"``),
    after ``(then feeding:)`` when the step's deltas include the feeding that followed it (the play
    kit's ``effects``)."""
    lines = []
    for seat in sorted(fact.deltas):
        changes = fact.deltas[seat]
        parts = [_change(key, changes[key]) for key in HOLDINGS if changes.get(key)]
        if parts:
            lines.append(_("{who}: {changes}").format(who=who(seat), changes=", ".join(parts)))
    if lines and any(detail.kind == "then_feeding" for detail in fact.details):
        lines.insert(0, _("(then feeding:)"))
    return lines
