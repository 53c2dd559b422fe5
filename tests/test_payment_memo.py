"""The remembered payment and tool lists (``payment.payable``, ``payment.tool_actions``) answer what
the tables say, and their packed keys cannot collide."""

from __future__ import annotations

import itertools

from stoneage.games.stone_age import payment as P


def test_packed_key_fields_fit() -> None:
    """``payable`` packs the index in 6 bits and each capped resource in 4."""
    assert all(len(table) <= 64 for table in P._TABLES)
    assert all(cap < 16 for caps in P._CAPS for cap in caps)


def test_tool_actions_are_tool_choices_as_fresh_lists() -> None:
    for ready in itertools.product(range(4), repeat=4):
        if sum(ready) > 3:
            continue
        for mask in range(8):
            first = P.tool_actions(*ready, mask)
            assert first == list(P.tool_choices(ready, mask))
            first.append(-1)  # a caller may append (the legal list's extra actions): the memory must not change
            assert P.tool_actions(*ready, mask) == list(P.tool_choices(ready, mask))


def test_payable_answers_every_index_and_stock() -> None:
    for table, options_by_index in enumerate(P._TABLES):
        for index, options in enumerate(options_by_index):
            for stock in itertools.product((0, 1, 2, 5, 11), repeat=4):
                got = P.payable(table, index, *stock)
                assert got == P.affordable(options, *stock)
                got.append(-1)
                assert P.payable(table, index, *stock) == P.affordable(options, *stock)
