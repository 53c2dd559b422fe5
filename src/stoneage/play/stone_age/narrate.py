"""Readable sentences for a game log: who does what, in the words of the rulebook.

Every sentence is one message of the catalogs (``stoneage.core.i18n``), translated when it is told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.i18n import _, ngettext, pgettext, seat_name
from stoneage.games.stone_age import actions as A, stages as S
from stoneage.games.stone_age.data import (
    BUILDING_KINDS,
    CARDS,
    GREEN_SYMBOLS,
    LOCATIONS,
    MAX_FIGURES,
    NUM_LOCATIONS,
    RESOURCES,
    SAND_KINDS,
    TILE_KIND,
)
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    BUILDINGS,
    CARDS as CARDS_OWNED,
    FIGURES,
    FOOD,
    ON_TILE,
    ONE_USE,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    USED,
    WOOD,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age.mammoth import Bonus
    from stoneage.games.stone_age.state import StoneAgeState


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


def bonus_words(bonus: Bonus) -> str:
    """A mammoth bonus in words, e.g. "2 clay, 1 wood" (``Bonus.words`` translated)."""
    parts = []
    for key in ("food", "wood", "clay", "stone", "gold", "points", "agriculture", "tools", "cards", "choice"):
        n = getattr(bonus, key)
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


# --- the log ----------------------------------------------------------------------------------------


def _mix_list(mix: tuple[int, ...], goods: tuple[str, ...] = RESOURCES) -> str:
    return goods_list([word for word, n in zip(goods, mix, strict=False) for _ in range(n)])


def _tools_sentence(who: str, action: int) -> str:
    tool_set, mask = divmod(action - A.TOOLS, 8)
    counts = A.TOOL_SETS[tool_set]
    tiles = "+".join(str(v) for v in (4, 3, 2, 1) for _ in range(counts[v - 1]))
    one_use = "+".join(str(v) for i, v in reversed(list(enumerate(A.ONE_USE_VALUES))) if mask >> i & 1)
    if tiles and one_use:
        return _("{who}: tools {tiles} one-use {one_use}").format(who=who, tiles=tiles, one_use=one_use)
    if tiles:
        return _("{who}: tools {tiles}").format(who=who, tiles=tiles)
    if one_use:
        return _("{who}: tools one-use {one_use}").format(who=who, one_use=one_use)
    return _("{who}: tools none").format(who=who)


def _decision(who: str, action: int, text: str) -> str:
    """The plain decisions: tools, decline, feeding, starving, a pick, the two-resources card."""
    if A.TOOLS <= action < A.PAY:
        return _tools_sentence(who, action)
    if action == A.DECLINE:
        return _("{who}: decline").format(who=who)
    if A.FEED <= action < A.STARVE:
        return _("{who}: feed with {goods}").format(who=who, goods=_mix_list(A.MIXES[action - A.FEED + 1]))
    if action == A.STARVE:
        return _("{who}: starve").format(who=who)
    if A.PICK <= action < A.TAKE:
        return _("{who}: pick {face}").format(who=who, face=action - A.PICK + 1)
    if A.TAKE <= action < A.ROLL:
        return _("{who}: take {goods}").format(who=who, goods=_mix_list(A.PAIRS[action - A.TAKE]))
    if A.PAY <= action < A.DECLINE:
        return _("{who}: pay {goods}").format(who=who, goods=_mix_list(A.MIXES[action - A.PAY + 1]))
    return f"{who}: {text}"


def describe(state: StoneAgeState, action: int) -> str:
    """What ``action`` means when applied to ``state``."""
    stage = state.stage
    who = seat_name(state.cur)
    text = A.action_name(action)
    if stage == S.ROLL:
        dice = state.dice_count
        return "  " + ngettext("{who} rolls {count} die {place}: {total}", "{who} rolls {count} dice {place}: {total}",
                               dice).format(who=who, count=dice, place=place_at(state.gather), total=text[5:])
    if stage == S.DEAL_CARD:
        return "  " + _("A card is turned up at cost {cost}: {card}").format(
            cost=state.slot + 1, card=card_text(action - A.CARD + 1))
    if stage == S.EXTRA_DRAW:
        return "  " + _("{who} draws the top card of the deck face down").format(who=who)
    if stage == S.DEAL_BUILDING:
        kind = BUILDING_KINDS[action - A.BUILDING]
        return "  " + _("Building stack {number} shows a new tile: {building}").format(
            number=state.slot + 1, building=building_name(kind.name))
    if stage == S.DICE_ROLL:
        return "  " + _("Dice for all: {faces}").format(faces=text[5:])
    mammoth = _describe_mammoth(state, action, who, text)
    if mammoth:
        return mammoth
    if A.PLACE <= action < A.RESOLVE:
        loc, count = divmod(action - A.PLACE, A.MAX_PLACE)
        return ngettext("{who} places {count} figure {place}", "{who} places {count} figures {place}",
                        count + 1).format(who=who, count=count + 1, place=place_on(loc))
    if A.RESOLVE <= action < A.TOOLS:
        return _("{who} resolves {place}").format(who=who, place=place_name(action - A.RESOLVE))
    if stage == S.BUY_CARD and action != A.DECLINE and action < A.TAKE:
        return _("{who} buys {card}: pay {goods}").format(
            who=who, card=card_text(state.display[state.slot]), goods=_mix_list(A.MIXES[action - A.PAY + 1]))
    if stage == S.BUY_BUILDING and action != A.DECLINE and action < A.TAKE:
        name = BUILDING_KINDS[TILE_KIND[state.tops[state.slot]]].name
        return _("{who} builds {building}: pay {goods}").format(
            who=who, building=building_name(name), goods=_mix_list(A.MIXES[action - A.PAY + 1]))
    return _decision(who, action, text)


def _holdings(state: StoneAgeState, seat: int) -> dict[str, int]:
    """What the log counts of a seat's holdings, read straight from its row of the player table."""
    row = state.players[seat * STRIDE:(seat + 1) * STRIDE]
    return {
        "food": row[FOOD], **{name: row[WOOD + r] for r, name in enumerate(RESOURCES)},
        "agriculture": row[AGRICULTURE], "figures": row[FIGURES], "points": row[SCORE],
        "tool value": sum(v * (row[READY + v - 1] + row[USED + v - 1]) for v in (1, 2, 3, 4)),
        "one-use tools": row[ONE_USE].bit_count(), "cards": row[CARDS_OWNED].bit_count(),
        "face-down cards": row[SECRET_CARDS].bit_count(), "buildings": row[BUILDINGS].bit_count(),
    }


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
        "tool value": ngettext("{delta} tool value", "{delta} tool value", n),
        "one-use tools": ngettext("{delta} one-use tools", "{delta} one-use tools", n),
        "cards": ngettext("{delta} cards", "{delta} cards", n),
        "face-down cards": ngettext("{delta} face-down cards", "{delta} face-down cards", n),
        "buildings": ngettext("{delta} buildings", "{delta} buildings", n),
    }[key]
    return message.format(delta=signed)


def changes(before: StoneAgeState, after: StoneAgeState) -> list[str]:
    """One line per seat whose holdings changed between two states, e.g. "Player 2: +3 wood"."""
    lines = []
    for seat in range(after.num_players):
        old, new = _holdings(before, seat), _holdings(after, seat)
        parts = [_change(k, new[k] - old[k]) for k in new if new[k] != old[k]]
        if parts:
            lines.append("    " + _("{who}: {changes}").format(who=seat_name(seat), changes=", ".join(parts)))
    if before.phase in (S.ACTIONS, S.TAMING) and _fed(after) and lines:
        lines.insert(0, "    " + _("(then feeding:)"))
    return lines


def _fed(state: StoneAgeState) -> bool:
    """Whether feeding has begun (an ``apply_traced`` snapshot may enter it before anyone ate)."""
    phase = state.phase
    return phase not in (S.ACTIONS, S.TAMING) and not (phase == S.FEEDING and state.stage != S.FEED)


def _describe_mammoth(state: StoneAgeState, action: int, who: str, text: str) -> str:
    """Log lines of the Mammoth Herd's steps (empty for other actions)."""
    stage = state.stage
    if stage == S.MAMMOTH_BACK:
        back = _(RESOURCES[action - A.MAMMOTH_BACK])
        return "  " + _("The mammoth pile's top tile shows a {back} back").format(back=back)
    if stage == S.MAMMOTH_TILE:
        tile = state.game.mammoth_tiles[action - A.MAMMOTH_TILE]
        return "  " + _('The mammoth herd moves {place}; bonus tile {number}: "1" {one} / "all" {all}').format(
            place=place_to(tile.back + 1), number=action - A.MAMMOTH_TILE + 1,
            one=bonus_words(tile.one), all=bonus_words(tile.all))
    if stage == S.TAME_ROLL:
        return "  " + _("{who} rolls to tame the mammoth: {faces}").format(who=who, faces=text[10:])
    if action == A.TAME_NONE:
        return _("{who} leaves the mammoth alone").format(who=who)
    if A.TAME_PAY <= action < A.BONUS_ONE:
        mix = A.TAME_MIXES[action - A.TAME_PAY]
        count = sum(mix)
        return ngettext("{who} moves {count} figure onto the mammoth tile, paying {goods}",
                        "{who} moves {count} figures onto the mammoth tile, paying {goods}", count).format(
            who=who, count=count, goods=_mix_list(mix, ("food", *RESOURCES)))
    if action in (A.BONUS_ONE, A.BONUS_ALL):
        tile = state.game.mammoth_tiles[state.bonus_tile]
        if action == A.BONUS_ONE:
            return _('{who} tames the mammoth and takes the "1" bonus: {bonus}').format(
                who=who, bonus=bonus_words(tile.one))
        return _('{who} tames the mammoth and takes the "all" bonus: {bonus}').format(
            who=who, bonus=bonus_words(tile.all))
    return ""


def _die_reward(face: int) -> str:
    """What a die of dice for all gives."""
    if face == 5:
        return _("a tool step")
    if face == 6:
        return _("an agriculture step")
    return amount(1, RESOURCES[face - 1])


def describe_step(state: StoneAgeState, kind: str, seat: int) -> str:
    """A sentence for an automatic step of ``apply_traced``, read from the step's snapshot (the
    state as the step began: who eats how much, which die is left)."""
    who = seat_name(seat) if seat >= 0 else ""
    pl = state.players
    base = seat * STRIDE
    if kind == "feeding":
        figures, food, farm = pl[base + FIGURES], pl[base + FOOD], pl[base + AGRICULTURE]
        if food + farm >= figures:
            return ngettext("{who} feeds {count} figures (food and agriculture)",
                            "{who} feeds {count} figures (food and agriculture)", figures).format(
                who=who, count=figures)
        return ngettext("{who} feeds {count} figures with all {food} food and is {short} short",
                        "{who} feeds {count} figures with all {food} food and is {short} short", figures).format(
            who=who, count=figures, food=food + farm, short=figures - food - farm)
    if kind == "starve":
        figures = pl[base + FIGURES]
        return ngettext("{who} cannot feed {count} figures and loses 10 points",
                        "{who} cannot feed {count} figures and loses 10 points", figures).format(
            who=who, count=figures)
    if kind == "toolmaker":
        return _("{who} makes a tool at the tool maker").format(who=who)
    if kind == "hut":
        if pl[base + FIGURES] < MAX_FIGURES:
            return _("{who} gains a figure at the hut").format(who=who)
        return _("{who} has 10 figures: the hut gives nothing").format(who=who)
    if kind == "field":
        return _("{who} moves up the agriculture track at the field").format(who=who)
    if kind == "resolve":
        num_players = state.num_players
        locs = [loc for loc in range(NUM_LOCATIONS) if state.board[NUM_LOCATIONS + loc * num_players + seat]]
        if len(locs) == 1:
            return _("{who} resolves their last location, {place}").format(who=who, place=place_name(locs[0]))
        return _("{who} resolves their last location").format(who=who)
    if kind == "no_purchase":
        if state.stage == S.BUY_CARD:
            return _("{who} cannot pay for the card costing {cost} and takes the figure back").format(
                who=who, cost=state.slot + 1)
        return _("{who} cannot pay for building stack {number} and takes the figure back").format(
            who=who, number=state.slot + 1)
    if kind == "forced_pick" and state.dice_left:
        face = state.dice_left[0]
        return _("{who} takes the die left, a {face}: {reward}").format(who=who, face=face, reward=_die_reward(face))
    if kind == "round_end":
        first = (state.first + 1) % state.num_players
        return _("End of round {round}: tools are ready again; player {number} becomes first player").format(
            round=state.round, number=first + 1)
    if kind == "final_scoring":
        return _("The game is over: final scoring")
    if kind == "tame_winner":
        alone = sum(1 for p in range(state.num_players) if pl[p * STRIDE + ON_TILE]) == 1
        if alone:
            return _("{who} tames the mammoth (alone on the tile, without rolling)").format(who=who)
        return _("{who} tames the mammoth (with the best roll)").format(who=who)
    if kind == "tame_tie":
        return _('The taming rolls tie: each tied player takes the "all" bonus and the tile goes to the box')
    if kind == "taming_end":
        return _("The figures on the mammoth tile go home")
    return f"{who}: {kind.replace('_', ' ')}" if seat >= 0 else kind.replace("_", " ")
