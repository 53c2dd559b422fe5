"""Readable sentences for a game log: who does what, in the words of the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.stone_age import actions as A, state as S
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
    from stoneage.games.stone_age.state import StoneAgeState

_PLACE_NAMES = {
    "hunt": "the hunting grounds", "forest": "the forest", "claypit": "the clay pit",
    "quarry": "the quarry", "river": "the river", "toolmaker": "the tool maker",
    "hut": "the hut", "field": "the field",
}


def place_name(loc: int) -> str:
    """A location in words: "the forest", "card 3 (cost 3)", "building stack 2"."""
    name = LOCATIONS[loc]
    if name in _PLACE_NAMES:
        return _PLACE_NAMES[name]
    if name.startswith("card"):
        return f"the card costing {name[4:]}"
    return f"building stack {name[8:]}"


def card_text(card_id: int) -> str:
    """A card's number, top and bottom in words."""
    card = CARDS[card_id - 1]
    bottom = (
        f"green {GREEN_SYMBOLS[card.green]}" if card.green >= 0
        else f"{card.figures} {SAND_KINDS[card.sand]}{'s' if card.figures > 1 else ''}"
    )
    top = card.effect.replace("_", " ")
    if card.value and card.effect in ("food", "points", "one_use_tool"):
        top = f"{top} {card.value}"
    return f"card {card_id} ({top} / {bottom})"


def describe(state: StoneAgeState, action: int) -> str:
    """What ``action`` means when applied to ``state``."""
    stage = state.stage
    who = f"Player {state.cur + 1}"
    text = A.action_name(action)
    if stage == S.ROLL:
        where = place_name(state.gather)
        dice = "1 die" if state.dice_count == 1 else f"{state.dice_count} dice"
        return f"  {who} rolls {dice} at {where}: {text[5:]}"
    if stage == S.DEAL_CARD:
        return f"  A card is turned up at cost {state.slot + 1}: {card_text(action - A.CARD + 1)}"
    if stage == S.EXTRA_DRAW:
        return f"  {who} draws the top card of the deck face down"
    if stage == S.DEAL_BUILDING:
        kind = BUILDING_KINDS[action - A.BUILDING]
        return f"  Building stack {state.slot + 1} shows a new tile: {kind.name}"
    if stage == S.DICE_ROLL:
        return f"  Dice for all: {text[5:]}"
    mammoth = _describe_mammoth(state, action, who, text)
    if mammoth:
        return mammoth
    if A.PLACE <= action < A.RESOLVE:
        loc, count = divmod(action - A.PLACE, A.MAX_PLACE)
        figures = "figure" if count == 0 else "figures"
        return f"{who} places {count + 1} {figures} on {place_name(loc)}"
    if A.RESOLVE <= action < A.TOOLS:
        return f"{who} resolves {place_name(action - A.RESOLVE)}"
    if stage == S.BUY_CARD and action != A.DECLINE and action < A.TAKE:
        return f"{who} buys {card_text(state.display[state.slot])}: {text}"
    if stage == S.BUY_BUILDING and action != A.DECLINE and action < A.TAKE:
        name = BUILDING_KINDS[TILE_KIND[state.tops[state.slot]]].name
        return f"{who} builds {name}: {text}"
    return f"{who}: {text}"


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


def changes(before: StoneAgeState, after: StoneAgeState) -> list[str]:
    """One line per seat whose holdings changed between two states, e.g. "Player 2: +3 wood"."""
    lines = []
    for seat in range(after.num_players):
        old, new = _holdings(before, seat), _holdings(after, seat)
        parts = [f"{new[k] - old[k]:+d} {k}" for k in new if new[k] != old[k]]
        if parts:
            lines.append(f"    Player {seat + 1}: " + ", ".join(parts))
    if before.phase in (S.ACTIONS, S.TAMING) and _fed(after) and lines:
        lines.insert(0, "    (then feeding:)")
    return lines


def _fed(state: StoneAgeState) -> bool:
    """Whether feeding has begun (an ``apply_traced`` snapshot may enter it before anyone ate)."""
    phase = state.phase
    return phase not in (S.ACTIONS, S.TAMING) and not (phase == S.FEEDING and state.stage != S.FEED)


def _describe_mammoth(state: StoneAgeState, action: int, who: str, text: str) -> str:
    """Log lines of the Mammoth Herd's steps (empty for other actions)."""
    stage = state.stage
    if stage == S.MAMMOTH_BACK:
        back = text.split()[-1]
        return f"  The mammoth pile's top tile shows a {back} back"
    if stage == S.MAMMOTH_TILE:
        tile = state.game.mammoth_tiles[action - A.MAMMOTH_TILE]
        area = place_name(tile.back + 1)
        return (f"  The mammoth herd moves to {area}; bonus tile {action - A.MAMMOTH_TILE + 1}: "
                f"\"1\" {tile.one.words()} / \"all\" {tile.all.words()}")
    if stage == S.TAME_ROLL:
        return f"  {who} rolls to tame the mammoth: {text[10:]}"
    if action == A.TAME_NONE:
        return f"{who} leaves the mammoth alone"
    if A.TAME_PAY <= action < A.BONUS_ONE:
        count = sum(A.TAME_MIXES[action - A.TAME_PAY])
        return f"{who} moves {count} figure{'s' if count > 1 else ''} onto the mammoth tile, paying {text[10:]}"
    if action in (A.BONUS_ONE, A.BONUS_ALL):
        tile = state.game.mammoth_tiles[state.bonus_tile]
        bonus = tile.one if action == A.BONUS_ONE else tile.all
        which = '"1"' if action == A.BONUS_ONE else '"all"'
        return f"{who} tames the mammoth and takes the {which} bonus: {bonus.words()}"
    return ""


_DIE_REWARDS = {1: "1 wood", 2: "1 clay", 3: "1 stone", 4: "1 gold", 5: "a tool step", 6: "an agriculture step"}


def describe_step(state: StoneAgeState, kind: str, seat: int) -> str:
    """A sentence for an automatic step of ``apply_traced``, read from the step's snapshot (the
    state as the step began: who eats how much, which die is left)."""
    who = f"Player {seat + 1}"
    pl = state.players
    base = seat * STRIDE
    if kind == "feeding":
        figures, food, farm = pl[base + FIGURES], pl[base + FOOD], pl[base + AGRICULTURE]
        if food + farm >= figures:
            return f"{who} feeds {figures} figures (food and agriculture)"
        return f"{who} feeds {figures} figures with all {food + farm} food and is {figures - food - farm} short"
    if kind == "starve":
        return f"{who} cannot feed {pl[base + FIGURES]} figures and loses 10 points"
    if kind == "toolmaker":
        return f"{who} makes a tool at the tool maker"
    if kind == "hut":
        if pl[base + FIGURES] < MAX_FIGURES:
            return f"{who} gains a figure at the hut"
        return f"{who} has 10 figures: the hut gives nothing"
    if kind == "field":
        return f"{who} moves up the agriculture track at the field"
    if kind == "resolve":
        np = state.num_players
        locs = [loc for loc in range(NUM_LOCATIONS) if state.board[NUM_LOCATIONS + loc * np + seat]]
        return f"{who} resolves their last location" + (f", {place_name(locs[0])}" if len(locs) == 1 else "")
    if kind == "no_purchase":
        what = f"the card costing {state.slot + 1}" if state.stage == S.BUY_CARD else f"building stack {state.slot + 1}"
        return f"{who} cannot pay for {what} and takes the figure back"
    if kind == "forced_pick" and state.dice_left:
        face = state.dice_left[0]
        return f"{who} takes the die left, a {face}: {_DIE_REWARDS[face]}"
    if kind == "round_end":
        first = (state.first + 1) % state.num_players
        return f"End of round {state.round}: tools are ready again; player {first + 1} becomes first player"
    if kind == "final_scoring":
        return "The game is over: final scoring"
    if kind == "tame_winner":
        alone = sum(1 for p in range(state.num_players) if pl[p * STRIDE + ON_TILE]) == 1
        how = "alone on the tile, without rolling" if alone else "with the best roll"
        return f"{who} tames the mammoth ({how})"
    if kind == "tame_tie":
        return "The taming rolls tie: each tied player takes the \"all\" bonus and the tile goes to the box"
    if kind == "taming_end":
        return "The figures on the mammoth tile go home"
    return f"{who}: {kind.replace('_', ' ')}" if seat >= 0 else kind.replace("_", " ")

