"""The decisions of Stone Age Junior as menus for people: which forest tile to turn up, Martin's
trip (expansion), trading, building and the swap after the reset. Labels never tell a face-down
forest tile (it is a memory game); a swap is a place first, then the place to swap it with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.contract import State
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import BUILDS, GOODS, NUM_POSITIONS, RING, SPACE_OF_GOOD
from stoneage.games.stone_age_junior.narrate import payment_words
from stoneage.play.menus import Choice, Menu, complete_menu
from stoneage.play.stone_age_junior.words import a, can_pay, goods_words, space_words


def _what_happens(obs: dict[str, Any], space: str) -> str:
    """What landing on ``space`` does, in a few words."""
    if space == "building_site":
        return "build a hut"
    if space == "dog":
        return "take a dog"
    if space == "trading_post":
        return "trade 1 for 1"
    count = obs["supply"][space]
    return f"take {a(space)} ({count} there)" if count else "empty: nothing to take"


def build_menu(state: State, names: Sequence[str]) -> Menu:
    """The menu of the decision pending in ``state`` (a player's decision)."""
    seat = state.current_player()
    obs = state.observation(seat)
    stage = obs["pending"]["stage"]
    legal = state.legal_actions()
    me = obs["players"][seat]
    who = names[seat]
    here = obs["figures"][seat]
    dogs = me["dogs"]
    holds = goods_words(me["goods"]) + (f"; {dogs} dog{'s' if dogs != 1 else ''}" if dogs else "")
    cards = [*me["cards_public"], *me["cards_hidden"]]
    if cards:
        holds += f"; goods cards: {', '.join(cards)}"
    info = [f"You are on {space_words(here)}. You have: {holds}."]
    choices: list[Choice] = []
    if stage == "turn":
        prompt = f"{who}: turn up a forest tile."
        buildable = [stack["face_up"]["number"] for stack in obs["huts"]
                     if stack["face_up"] is not None and can_pay(stack["face_up"], me)]
        if buildable:
            huts = " or ".join(f"hut {n}" for n in buildable)
            info.append(f"You can build {huts}: find the building site!")
        choices = [Choice(f"forest tile {action - A.TURN + 1}", action) for action in legal]
    elif stage == "martin":
        prompt = f"{who}: Martin the mammoth is here! Stay, or travel on with him?"
        for action in legal:
            if action == A.STAY:
                choices.append(Choice(f"stay on {space_words(here)}: {_what_happens(obs, here)}", action))
            else:
                space = RING[SPACE_OF_GOOD[action - A.TRAVEL]]
                choices.append(Choice(f"travel to {space_words(space)}: {_what_happens(obs, space)}", action))
    elif stage == "trade":
        prompt = f"{who}: trade goods at the trading post, 1 for 1."
        info.append(f"On the trading post: {goods_words(obs['trading_post'])}.")
        for action in legal:
            if action == A.STOP_TRADING:
                choices.append(Choice("stop trading", action))
            else:
                give, take = A.TRADES[action - A.TRADE]
                choices.append(Choice(f"give {a(GOODS[give])}, take {a(GOODS[take])}", action))
    elif stage == "build":
        prompt = f"{who}: you are on the building site. Build a hut?"
        for stack in obs["huts"]:
            hut = stack["face_up"]
            if hut is not None:
                info.append(f"Hut {hut['number']} needs {', '.join(hut['goods'])}.")
        for action in legal:
            if action == A.PASS:
                card = " (and take a goods card)" if obs["pile"] is not None else ""
                choices.append(Choice(f"do not build{card}", action))
            else:
                number, items = BUILDS[action - A.BUILD]
                choices.append(Choice(f"build hut {number} with {payment_words(items)}", action))
    elif stage == "swap":
        prompt = f"{who}: all forest tiles are face down again. Swap two of them (everybody sees which)."
        info.append("Choose the first tile, then the tile to swap it with.")
        for first in range(NUM_POSITIONS):
            children = tuple(Choice(f"swap tiles {first + 1} and {second + 1}", A.swap(first, second))
                             for second in range(NUM_POSITIONS) if second != first)
            choices.append(Choice(f"swap tile {first + 1} with", children=children))
    else:
        prompt = f"{who}: choose"
        choices = [Choice(state.action_to_string(action), action) for action in legal]
    return complete_menu(Menu(prompt, tuple(choices), stage, seat, info), state, legal)

