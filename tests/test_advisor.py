"""The advisor: a person who follows the hint never meets the "Are you sure?" question.

Positions come from seeded bot games of every game and player count (the Mammoth Herd too); the
ones that matter are those where some legal move is warned of (tools spent for nothing, a purchase
declined that could be paid, a certain −10 for hunger). At each, the hint the session gives, with
the kit's own hint bot, must not be one the warnings flag.
"""

from __future__ import annotations

import random

import pytest

from stoneage.bots import make_bot
from stoneage.core.contract import State
from stoneage.core.registry import load_game
from stoneage.games.stone_age.stages import ACTIONS, TOOLS
from stoneage.play.advisor import GOOD, Advisor
from stoneage.play.kit import play_kit
from stoneage.play.session import HUMAN, Session
from stoneage.play.valuation import outcome_distribution

CASES = [
    ("stone_age", 2, ()), ("stone_age", 3, ()), ("stone_age", 4, ()), ("stone_age", 3, ("mammoth",)),
    ("first_stone_age", 2, ()), ("first_stone_age", 4, ()), ("stone_age_junior", 2, ()), ("stone_age_junior", 4, ()),
]
PER_CASE = 8
"""Warned positions checked per game and player count (each asks the hint bot once)."""


def warned_positions(name: str, players: int, expansions: tuple[str, ...], wanted: int) -> list[State]:
    """Decision positions of seeded ``medium``-ish bot games where some legal move is warned of."""
    kit = play_kit(name)
    found: list[State] = []
    for seed in range(40):
        game = load_game(name, players=players, seed=seed, **({"expansions": list(expansions)} if expansions else {}))
        advisor = Advisor(game, kit, seed)
        bots = [make_bot(kit.default_bot, seed=seed * 10 + seat) for seat in range(players)]
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and len(found) < wanted:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1 and any(advisor.warnings(state, action) for action in legal):
                found.append(state.clone())
            state.apply_action(bots[seat].step(state, seat))
        if len(found) >= wanted:
            break
    return found


@pytest.mark.parametrize(("name", "players", "expansions"), CASES)
def test_a_hint_is_never_a_move_the_warnings_flag(name: str, players: int, expansions: tuple[str, ...]) -> None:
    positions = warned_positions(name, players, expansions, PER_CASE)
    if play_kit(name).warn is not None:
        assert len(positions) == PER_CASE, f"{name}: too few warned positions to test"
    for state in positions:
        seat = state.current_player()
        game = state.get_game()
        seats = [HUMAN if s == seat else "random" for s in range(players)]
        session = Session(game, seats, state.clone())
        hint = session.hint()
        assert hint in state.legal_actions()
        assert session.warnings(hint) == [], (
            f"{name}: the hint {state.action_to_string(hint)!r} is warned of: {session.warnings(hint)}")


def test_the_hint_bots_own_warned_choice_is_replaced_by_the_best_valued_unwarned_move() -> None:
    """At a tools decision where the hint bot (forced here: ``greedy`` adds every tool) wastes tools, the
    advisor suggests the unwarned move it values most, and judges it good."""
    for state in warned_positions("stone_age", 2, (), 30):
        seat = state.current_player()
        advisor = Advisor(state.get_game(), play_kit("stone_age"), 1)
        advisor.spec = "greedy"
        raw = advisor.bot().step(state.clone(), seat)
        if not advisor.warnings(state, raw):
            continue
        hint = advisor.hint(state, seat)
        unwarned = [a for a in state.legal_actions() if not advisor.warnings(state, a)]
        assert hint in unwarned
        values = {choice.action: choice.values[seat] for choice in advisor.choices(state)}
        assert values[hint] == max(values[a] for a in unwarned)
        assert advisor.assess(state, hint).label == GOOD
        return
    pytest.fail("no position where the greedy bot's own choice is warned of")


@pytest.mark.parametrize(("name", "players", "expansions"), CASES[:4])
def test_a_warning_is_shown_only_when_an_unwarned_choice_is_valued_at_least_as_well(
        name: str, players: int, expansions: tuple[str, ...]) -> None:
    """The warnings never contradict the values: every warned move has an unwarned alternative the
    advisor values as well or better, and the advisor's best choice is never warned."""
    for state in warned_positions(name, players, expansions, PER_CASE):
        advisor = Advisor(state.get_game(), play_kit(name), 0)
        seat = state.current_player()
        values = {choice.action: choice.values[seat] for choice in advisor.choices(state)}
        warned = [a for a in state.legal_actions() if advisor.warnings(state, a)]
        unwarned = [a for a in state.legal_actions() if a not in warned]
        assert warned and unwarned
        assert all(max(values[u] for u in unwarned) >= values[w] - 1e-9 for w in warned)
        best = advisor.assess(state, warned[0]).best
        assert best in unwarned and advisor.assess(state, best).label == GOOD


def test_choices_with_the_same_outcomes_get_the_same_values() -> None:
    """The complaint: "no tool" on a roll no tool improves was called a blunder. Wherever two legal
    choices lead to the same positions with the same probabilities (every chance step expanded), the
    advisor gives them the same values, so neither can be labelled worse than the other."""
    pairs = 0
    for seed in range(12):
        game = load_game("stone_age", players=2, seed=seed)
        advisor = Advisor(game, play_kit("stone_age"), seed)
        bots = [make_bot("medium", seed=seed * 10 + seat) for seat in range(2)]
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and pairs < 8:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1 and state.stage in (TOOLS, ACTIONS):  # tools, and which place to resolve
                outcomes = {action: outcome_distribution(state, action) for action in legal}
                values = {choice.action: choice.values for choice in advisor.choices(state)}
                for one in legal:
                    for other in legal:
                        if one < other and outcomes[one] is not None and outcomes[one] == outcomes[other]:
                            assert values[one] == pytest.approx(values[other], abs=1e-9)
                            assert advisor.assess(state, one).label == advisor.assess(state, other).label
                            pairs += 1
            state.apply_action(bots[seat].step(state, seat))
    assert pairs >= 8, "too few choices with the same outcomes to test"
