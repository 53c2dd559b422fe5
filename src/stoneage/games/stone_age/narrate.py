"""Readable sentences for a game log: who does what, in the words of the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.stone_age import actions as A, state as S
from stoneage.games.stone_age.data import (
    BUILDING_KINDS,
    CARDS,
    GREEN_SYMBOLS,
    LOCATIONS,
    SAND_KINDS,
    TILE_KIND,
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
    data = state.to_json()["players"][seat]
    return {
        "food": data["food"], **data["resources"], "agriculture": data["agriculture"],
        "figures": data["figures"], "points": data["score"],
        "tool value": sum(data["tools_ready"]) + sum(data["tools_used"]),
        "one-use tools": len(data["one_use_tools"]), "cards": len(data["cards"]),
        "face-down cards": len(data["secret_cards"]), "buildings": len(data["buildings"]),
    }


def changes(before: StoneAgeState, after: StoneAgeState) -> list[str]:
    """One line per seat whose holdings changed between two states, e.g. "Player 2: +3 wood"."""
    lines = []
    for seat in range(after.num_players):
        old, new = _holdings(before, seat), _holdings(after, seat)
        parts = [f"{new[k] - old[k]:+d} {k}" for k in new if new[k] != old[k]]
        if parts:
            lines.append(f"    Player {seat + 1}: " + ", ".join(parts))
    if before.phase in (S.ACTIONS, S.TAMING) and after.phase not in (S.ACTIONS, S.TAMING) and lines:
        lines.insert(0, "    (then feeding:)")
    return lines


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
