"""The decisions of My First Stone Age as menus for people: where Martin starts, how far he
moves, and what Guff the dog becomes. Labels never tell a face-down card (it is a memory game)."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import JSON, State
from stoneage.core.i18n import _, ngettext
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import MOVE_MAX
from stoneage.games.first_stone_age.state import FirstStoneAgeState
from stoneage.games.first_stone_age.view import step_target
from stoneage.play.family_words import good_name
from stoneage.play.first_stone_age.words import good_words
from stoneage.play.menus import Choice, Menu, complete_menu


def reach(state: State) -> dict[int, int]:
    """At a move decision: the circle place each move takes Martin to, as ``{place: steps}``."""
    if state.is_terminal() or state.current_player() < 0:
        return {}
    obs = state.observation(state.current_player())
    if obs["pending"]["stage"] != "move":
        return {}
    assert isinstance(state, FirstStoneAgeState)
    return {step_target(state, steps): steps for steps in range(MOVE_MAX, 0, -1)}


def build_menu(state: State, names: Sequence[str], observation: JSON | None = None) -> Menu:
    """The menu of the decision pending in ``state`` (a player's decision); ``observation`` is the
    deciding seat's, if the caller has it."""
    seat = state.current_player()
    obs = observation if observation is not None else state.observation(seat)
    stage = obs["pending"]["stage"]
    legal = state.legal_actions()
    me = obs["players"][seat]
    who = names[seat]
    info: list[str] = []
    if me["hut"] is not None:
        if me["needs"]:
            info.append(_("Your hut {number} needs: {goods}.").format(
                number=me["hut"]["number"], goods=", ".join(good_words(good) for good in me["needs"])))
        else:
            info.append(_("Your hut {number} needs: nothing.").format(number=me["hut"]["number"]))
    choices: list[Choice] = []
    if stage == "start":
        prompt = _("{player}: where does Martin start? Choose a card.").format(player=who)
        choices = [Choice(_("beside card {number}").format(number=a - A.START + 1), a) for a in legal]
    elif stage == "move":
        prompt = _("{player}: move Martin 1, 2, 3 or 4 cards on.").format(player=who)
        assert isinstance(state, FirstStoneAgeState)
        for action in legal:
            steps = action - A.MOVE + 1
            label = ngettext("{count} card → card {number}", "{count} cards → card {number}", steps)
            choices.append(Choice(label.format(count=steps, number=step_target(state, steps) + 1), action))
    elif stage == "guff":
        prompt = _("{player}: you found Guff the dog! He can be any good your hut needs.").format(player=who)
        choices = [Choice(_("keep Guff as the {good}").format(good=good_name(a - A.KEEP_GUFF)), a)
                   for a in legal if a != A.TURN_BACK]
        choices.append(Choice(_("turn Guff back"), A.TURN_BACK))
    else:
        prompt = _("{player}: choose").format(player=who)
        choices = [Choice(state.action_to_string(a), a) for a in legal]
    return complete_menu(Menu(prompt, tuple(choices), stage, seat, info), state, legal)
