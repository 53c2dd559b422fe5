"""The levels play like people: medium splits its figures (no 5–7 hunting round after round), its
games last about as long as people's, and the play-style reader counts what the records show."""

from __future__ import annotations

import json
import statistics

from stoneage.bots import make_bot
from stoneage.bots.greedy import GreedyBot
from stoneage.bots.match import play_match
from stoneage.bots.stone_age.play_style import Style, add_game, group_of, summary
from stoneage.core.record import make_record
from stoneage.core.registry import load_game
from stoneage.games.stone_age import view
from stoneage.games.stone_age.state import StoneAgeState


def medium_games(players: int, games: int) -> Style:
    style = Style()
    for g in range(games):
        game = load_game("stone_age", players=players, seed=500 + g)
        final = play_match(game, [make_bot("medium", seed=10 * g + seat) for seat in range(players)])
        add_game(style, json.loads(json.dumps(make_record(game, final))))
    return style


def test_medium_rarely_hunts_with_five_or_more_and_ends_in_people_like_rounds() -> None:
    style = medium_games(4, 3)
    assert style.hunting_share(5) < 0.25  # it was 39 % of seat-rounds before the evaluation fix
    assert style.hunting_share(1, 4) > 0.2  # it hunts, but with a few figures
    assert statistics.median(style.rounds) <= 19  # greedy games took 20–26 rounds; people's 10–18
    assert style.per_seat_round("card") > 0.3  # it buys cards (0.2 per seat and round before)


def test_the_reader_counts_every_figure_placed() -> None:
    style = medium_games(2, 1)
    placed = sum(style.figures.values())
    assert 5 * style.seat_rounds <= placed <= 10 * style.seat_rounds  # 5 to 10 figures each round
    assert sum(style.hunters.values()) == style.seat_rounds == 2 * style.rounds[0]
    assert "1 games; rounds median" in summary(style)
    assert [group_of(name) for name in ("hunt", "river", "field", "card3", "building1")] == [
        "hunt", "wood", "village", "card", "building"]


def test_a_figure_still_to_place_is_worth_keeping_for_elsewhere() -> None:
    game = load_game("stone_age", players=2, seed=3)
    state = game.new_initial_state()
    assert isinstance(state, StoneAgeState)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    seat = state.current_player()
    assert view.table(state).phase == "placement" and view.holdings(state, seat).food >= 12
    ranked = dict(GreedyBot(seed=1).ranked(state, seat))
    named = {state.action_to_string(a): v for a, v in ranked.items()}
    best = max(named, key=named.__getitem__)
    assert named["place hunt 2"] > named["place hunt 5"]  # 12 food in stock: no need to hunt with all
    assert best != "place hunt 5"
