"""The same mistake gets the same typed error, with a short message, in every registered game.

Text that is not notation (not a string, thousands of digits), an action that is not an int (bool,
float, string), and a seat that does not exist are refused alike by every game.
"""

from __future__ import annotations

import random

import pytest

from stoneage import NotationError, PlayerError, load_game

from conformance.cases import GAMES

NOT_TEXT: list[object] = [None, 3, 2.5, b"roll 3", ["roll 3"], {"roll": 3}]
HUGE_NUMBERS = ["9" * 5000, "roll " + "9" * 5000, "place hunt " + "7" * 5000, "-" + "1" * 4400]
NOT_ACTIONS: list[object] = [True, False, 1.0, "3", None, [1]]
NOT_SEATS: list[object] = [9, -1, True, 1.0, "0", None]
SHORT = 320
"""The longest message a refusal may print: it names the problem (and an example), not the data."""


@pytest.mark.parametrize("name", GAMES)
def test_text_that_is_not_a_string_is_a_notation_error(name: str) -> None:
    state = load_game(name).new_initial_state()
    for text in NOT_TEXT:
        with pytest.raises(NotationError):
            state.string_to_action(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_numbers_of_thousands_of_digits_are_a_short_notation_error(name: str) -> None:
    state = load_game(name).new_initial_state()
    for text in HUGE_NUMBERS:
        with pytest.raises(NotationError) as caught:
            state.string_to_action(text)
        with pytest.raises(NotationError) as longer:
            state.string_to_action(text + "9" * 50_000)
        for error in (caught.value, longer.value):
            assert len(str(error)) <= SHORT, f"{name}: {len(str(error))} characters"


@pytest.mark.parametrize("name", GAMES)
def test_an_action_that_is_not_an_int_has_no_notation(name: str) -> None:
    state = load_game(name).new_initial_state()
    for action in NOT_ACTIONS:
        with pytest.raises(NotationError):
            state.action_to_string(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_resampling_for_a_seat_the_game_does_not_have_is_a_player_error(name: str) -> None:
    state = load_game(name, players=2).new_initial_state()
    for seat in NOT_SEATS:
        with pytest.raises(PlayerError):
            state.resample_from_infostate(seat, random.Random(0))  # type: ignore[arg-type]
        with pytest.raises(PlayerError):
            state.observation(seat)  # type: ignore[arg-type]
