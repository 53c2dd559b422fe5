"""How bots play Stone Age, read from game records: rounds, scores and where figures go.

``python3 -m stoneage.bots.stone_age.play_style DIR`` reads the records a tournament wrote with
``--records DIR`` and prints the rounds per game, the scores, and per seat and round the figures
placed on each kind of location (the numbers of docs/bots.md "How the levels play").
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stoneage.core.record import game_from_record, load_record
from stoneage.games.stone_age import view

KINDS = {"hunt": "hunt", "forest": "wood", "claypit": "wood", "quarry": "wood", "river": "wood",
         "toolmaker": "village", "hut": "village", "field": "village"}
"""Location name → the group it is counted in (resources, village; cards and buildings by prefix)."""
GROUPS = ("hunt", "wood", "village", "card", "building")
"""The groups, in print order: hunting, the four resource sites, the village, cards, buildings."""


@dataclass
class Style:
    """What a set of games shows: rounds and scores per game, figures per group summed over
    every seat and round, the seat-rounds played, and those with 5 or more figures hunting."""

    rounds: list[int] = field(default_factory=list)
    winning: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    figures: Counter[str] = field(default_factory=Counter)
    seat_rounds: int = 0
    heavy_hunts: int = 0
    hungry: int = 0
    """Points lost to feeding penalties, over every seat."""

    def per_seat_round(self, group: str) -> float:
        """Figures placed in ``group`` per seat and round."""
        return self.figures[group] / max(1, self.seat_rounds)


def group_of(location: str) -> str:
    """The group a location name counts in (``card3`` → card, ``building2`` → building)."""
    return KINDS.get(location) or location.rstrip("0123456789")


def add_game(style: Style, record: dict[str, Any]) -> None:
    """Replay ``record`` (a Stone Age game record) and add what it shows to ``style``."""
    state: Any = game_from_record(record).new_initial_state()
    hunting: Counter[tuple[int, int]] = Counter()
    for text in record["actions"]:
        words = text.split()
        if words[0] == "place":
            seat, round_ = state.current_player(), view.table(state).round
            count = int(words[2]) if len(words) > 2 else 1
            group = group_of(words[1])
            style.figures[group] += count
            if group == "hunt":
                hunting[seat, round_] += count
        state.apply_action(state.string_to_action(text))
    rounds = view.table(state).round
    scores = state.scores()
    style.rounds.append(rounds)
    style.scores += scores
    style.winning.append(max(scores))
    style.hungry += sum(part.get("penalties", 0) for part in state.score_breakdown())
    style.seat_rounds += rounds * len(scores)
    style.heavy_hunts += sum(1 for n in hunting.values() if n >= 5)


def read(paths: Iterable[Path]) -> Style:
    """The style of the games in ``paths`` (record files)."""
    style = Style()
    for path in paths:
        add_game(style, load_record(path))
    return style


def summary(style: Style) -> str:
    """One line: games, rounds (median, range), winning and mean score, figures per seat-round."""
    groups = ", ".join(f"{g} {style.per_seat_round(g):.2f}" for g in GROUPS)
    heavy = style.heavy_hunts / max(1, style.seat_rounds)
    return (f"{len(style.rounds)} games; rounds median {statistics.median(style.rounds):g} "
            f"(mean {statistics.fmean(style.rounds):.1f}, {min(style.rounds)}–{max(style.rounds)}); "
            f"winning score median {statistics.median(style.winning):g} (mean {statistics.fmean(style.winning):.0f}); "
            f"score mean {statistics.fmean(style.scores):.0f}; figures per seat and round: {groups}; "
            f"5+ hunting in {heavy:.0%} of seat-rounds; "
            f"feeding penalties {style.hungry / max(1, len(style.scores)):.1f} points per seat and game")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m stoneage.bots.stone_age.play_style",
                                     description="Rounds, scores and placements of Stone Age game records.")
    parser.add_argument("records", type=Path, help="a directory of game records (tournament --records)")
    args = parser.parse_args(argv)
    print(summary(read(sorted(args.records.glob("*.json")))))


if __name__ == "__main__":
    main()
