"""Gathering, as in the rulebook's "Gathering resources — dividing the dice"."""

from helpers import legal, new_game, play, player


def test_forest_divides_the_dice_sum_by_three_rounding_down() -> None:
    state = new_game(players=2)
    play(state, "place forest 3", "place hunt 5", "place hunt 2")
    assert legal(state) == ["resolve hunt", "resolve forest"]
    play(state, "resolve forest", "roll 11")
    assert player(state, 0)["wood"] == 3  # 11 // 3
