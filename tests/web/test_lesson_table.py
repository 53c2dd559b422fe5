"""A room's lesson (web/lesson.py) without a server: its words at each point of the script, the
farewell until the person plays on, and the closing words at the end only if they stayed."""

from __future__ import annotations

import random


def test_the_lesson_says_each_step_then_the_farewell_then_at_the_end_its_closing_words() -> None:
    from stoneage.core.registry import load_game
    from stoneage.play.kit import play_kit
    from stoneage.web.lesson import LessonTable, lesson_of

    kit = play_kit("stone_age")
    assert kit.lesson is not None
    lesson = kit.lesson()
    table = lesson_of(kit, {"lesson": "active"})
    assert table is not None and table.active and lesson_of(kit, {}) is None
    left = LessonTable(lesson, active=False)
    state = load_game("stone_age", players=2, seed=99).new_initial_state()
    names = ["Ann", "Player 2 (easy)"]
    for index, move in enumerate(lesson.moves):
        action = state.string_to_action(move.action)
        assert table.scripted(state) == action and left.scripted(state) is None
        said = table.to_json(state, kit, names)
        if index in table.person:
            assert said["expected"] == action and said["task"].startswith("Now: ")
            assert move.text == "" or said["texts"][-1] == move.text
        else:
            assert said["expected"] is None and said["task"] == ""
        table.note(state, index in table.person)
        state.apply_action(action)
    assert table.scripted(state) is None
    assert table.texts(state)[-1] == lesson.farewell
    rng = random.Random(5)
    while not state.is_terminal():
        seat = state.current_player()
        table.note(state, seat == 0)
        state.apply_action(state.sample_chance_outcome() if seat < 0 else rng.choice(state.legal_actions()))
        if seat == 0:
            assert lesson.farewell not in table.texts(state)
    assert table.texts(state) == [lesson.closing] and left.texts(state) == []
