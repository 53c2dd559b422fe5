"""Readable sentences for a game log: who does what, in the words of the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.games.family.narrate import article as _a, hut_words as family_hut_words, shared_step_words
from stoneage.games.stone_age_junior import actions as A, state as S
from stoneage.games.stone_age_junior.data import (
    BUILDS,
    CARD_ITEM,
    CARD_NAMES,
    DIE_FACES,
    DOG_ITEM,
    GOODS,
    GUFF,
    HUTS,
    RING,
    SPACE_OF_GOOD,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.state import Event, StoneAgeJuniorState


def space_words(space: int) -> str:
    """A ring space in words: "the building site", "the jug space"."""
    name = RING[space].replace("_", " ")
    return f"the {name}" if space in (0, 7) else f"the {name} space"


def tile_words(tile: int) -> str:
    """A forest tile in words: "a 3" or "the dog space"."""
    return f"a {TILE_NAMES[tile]}" if tile < DIE_FACES else space_words(tile - DIE_FACES)


def card_words(kind: int) -> str:
    """A goods card in words: "a fish card", "the Guff card"."""
    return "the Guff card" if kind == GUFF else f"{_a(CARD_NAMES[kind])} card"


def hut_words(number: int) -> str:
    """A hut in words: "hut 7 (fish, jug, arrowhead)"."""
    return family_hut_words(number, HUTS)


def payment_words(items: tuple[int, ...]) -> str:
    """A payment in words: "a fish, a jug card and a dog"."""
    words = []
    for item in items:
        if item < CARD_ITEM:
            words.append(_a(GOODS[item]))
        elif item < DOG_ITEM:
            words.append(card_words(item - CARD_ITEM))
        elif item == DOG_ITEM:
            words.append("a dog")
        else:
            words.append(card_words(GUFF))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(state: StoneAgeJuniorState, action: int) -> str:
    """What ``action`` means when applied to ``state``."""
    stage = state.stage
    who = f"Player {state.cur + 1}"
    if stage == S.HUT_REVEAL:
        return f"  {hut_words(action - A.HUT + 1).capitalize()} turns face up on stack {state.reveal_stack + 1}"
    if stage == S.TILE_REVEAL:
        return f"  Forest tile {state.tile_pos + 1} shows {tile_words(action - A.REVEAL)}"
    if stage == S.DRAW_CARD:
        return f"  {who} takes the top goods card of the pile face down: {card_words(action - A.DRAW)}"
    if stage == S.CHOOSE_TILE:
        place = action - A.TURN
        known = f" ({tile_words(state.forest[place])}, as everyone remembers)" if state.seen >> place & 1 else ""
        return f"{who} turns up forest tile {place + 1}{known}"
    if stage == S.MARTIN:
        if action == A.STAY:
            return f"{who} stays on {space_words(state.pos[state.cur])} with Martin"
        return f"{who} travels with Martin to {space_words(SPACE_OF_GOOD[action - A.TRAVEL])}"
    if stage == S.TRADE:
        if action == A.STOP_TRADING:
            return f"{who} stops trading"
        give, take = A.TRADES[action - A.TRADE]
        return f"{who} trades {_a(GOODS[give])} for {_a(GOODS[take])} at the trading post"
    if stage == S.BUILD:
        if action == A.PASS:
            if state.game.cards and not state.builds(state.cur):
                return f"{who} cannot build and takes a goods card"
            return f"{who} does not build"
        number, items = BUILDS[action - A.BUILD]
        return f"{who} builds {hut_words(number)} with {payment_words(items)}"
    if stage == S.SWAP:
        a, b = A.SWAPS[action - A.SWAP]
        return f"{who} swaps forest tiles {a + 1} and {b + 1}"
    return f"{who}: {A.action_name(action)}"


def event_line(event: Event) -> str:
    """One public log event as a sentence."""
    _, _, kind, player, x, y, z = event
    who = f"Player {player + 1}"
    if kind == S.EV_HUT:
        return f"{hut_words(y).capitalize()} turns face up on stack {x + 1}"
    if kind == S.EV_TURN:
        return f"{who} turns up forest tile {x + 1}"
    if kind == S.EV_REVEAL:
        return f"Forest tile {x + 1} shows {tile_words(y)}"
    if kind == S.EV_MOVE:
        return f"{who} moves to {space_words(x)}"
    if kind == S.EV_STAY:
        return f"{who} stays on {space_words(x)} with Martin"
    if kind == S.EV_TRAVEL:
        return f"{who} travels with Martin to {space_words(x)}"
    if kind == S.EV_TAKE:
        return f"{who} takes {_a(GOODS[x])}"
    if kind == S.EV_EMPTY:
        return f"{space_words(SPACE_OF_GOOD[x]).capitalize()} is empty: {who} takes nothing"
    if kind == S.EV_TRADE:
        return f"{who} trades {_a(GOODS[x])} for {_a(GOODS[y])} at the trading post"
    if kind == S.EV_STOP:
        return f"{who} stops trading"
    if kind == S.EV_DOG:
        return f"{who} takes a dog " + ("from the storage" if x < 0 else f"from Player {x + 1}")
    if kind == S.EV_NO_DOG:
        return f"{who} already has both dogs"
    if kind == S.EV_BUILD:
        return f"{who} builds {hut_words(x)} from stack {y + 1} with {payment_words(BUILDS[z][1])}"
    if kind == S.EV_PASS:
        return f"{who} does not build"
    if kind == S.EV_DRAW:
        return f"{who} takes a goods card face down" + (f" (everyone knows it: {card_words(x)})" if x >= 0 else "")
    if kind == S.EV_NO_CARD:
        return f"The goods-card pile is empty: {who} takes no card"
    if kind == S.EV_RESET:
        return "All forest tiles are turned face down"
    if kind == S.EV_SWAP:
        return f"{who} swaps forest tiles {x + 1} and {y + 1}"
    return f"{who} has built 3 huts and wins!"


def step_words(state: StoneAgeJuniorState, kind: str, seat: int) -> str:
    """A sentence naming an automatic step (``apply_traced``), told as it begins."""
    shared = shared_step_words(kind, seat)
    if shared is not None:
        return shared
    who = f"Player {seat + 1}"
    if kind == S.FORCED_TURN_STEP:
        return f"{who} turns up the last face-down forest tile"
    if kind == S.TAKE_STEP:
        return f"{who} takes the good of {space_words(state.pos[seat])}"
    if kind == S.DOG_STEP:
        return f"{who} takes a dog"
    if kind == S.CARD_STEP:
        return f"{who} cannot build and takes the top goods card"
    if kind == S.RESET_STEP:
        return "All forest tiles are turned face down"
    return f"{who}: {kind.replace('_', ' ')}"  # pragma: no cover - every kind is named above
