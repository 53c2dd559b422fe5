"""The decisions of My First Stone Age as menus for people: where Martin starts, how far he
moves, and what Guff the dog becomes. Labels never tell a face-down card (it is a memory game)."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import State
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import GOODS, MOVE_MAX
from stoneage.games.first_stone_age.state import FirstStoneAgeState
from stoneage.play.menus import Choice, Menu, complete_menu


def reach(state: State) -> dict[int, int]:
    """At a move decision: the circle place each move takes Martin to, as ``{place: steps}``."""
    if state.is_terminal() or state.current_player() < 0:
        return {}
    obs = state.observation(state.current_player())
    if obs["pending"]["stage"] != "move":
        return {}
    assert isinstance(state, FirstStoneAgeState)
    return {state.step_target(steps): steps for steps in range(MOVE_MAX, 0, -1)}


def build_menu(state: State, names: Sequence[str]) -> Menu:
    """The menu of the decision pending in ``state`` (a player's decision)."""
    seat = state.current_player()
    obs = state.observation(seat)
    stage = obs["pending"]["stage"]
    legal = state.legal_actions()
    me = obs["players"][seat]
    who = names[seat]
    info: list[str] = []
    if me["hut"] is not None:
        needs = ", ".join(me["needs"]) or "nothing"
        info.append(f"Your hut {me['hut']['number']} needs: {needs}.")
    choices: list[Choice] = []
    if stage == "start":
        prompt = f"{who}: where does Martin start? Choose a card."
        choices = [Choice(f"beside card {a - A.START + 1}", a) for a in legal]
    elif stage == "move":
        prompt = f"{who}: move Martin 1, 2, 3 or 4 cards on."
        assert isinstance(state, FirstStoneAgeState)
        for action in legal:
            steps = action - A.MOVE + 1
            cards = "card" if steps == 1 else "cards"
            choices.append(Choice(f"{steps} {cards} → card {state.step_target(steps) + 1}", action))
    elif stage == "guff":
        prompt = f"{who}: you found Guff the dog! He can be any good your hut needs."
        choices = [Choice(f"keep Guff as the {GOODS[a - A.KEEP_GUFF]}", a) for a in legal if a != A.TURN_BACK]
        choices.append(Choice("turn Guff back", A.TURN_BACK))
    else:
        prompt = f"{who}: choose"
        choices = [Choice(state.action_to_string(a), a) for a in legal]
    return complete_menu(Menu(prompt, tuple(choices), stage, seat, info), state, legal)
