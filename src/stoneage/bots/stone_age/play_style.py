"""How bots play Stone Age, read from game records: rounds, scores and where figures go.

``python3 -m stoneage.bots.stone_age.play_style DIR`` reads the records a tournament wrote with
``--records DIR`` and prints, per player count, the rounds per game, the scores, and per seat and
round the figures placed on each kind of location (the numbers of docs/bots.md "How the levels play").
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
    every seat and round, the seat-rounds played, and how many figures each seat-round hunted with."""

    rounds: list[int] = field(default_factory=list)
    winning: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    figures: Counter[str] = field(default_factory=Counter)
    seat_rounds: int = 0
    hunters: Counter[int] = field(default_factory=Counter)
    """Seat-rounds by the figures sent hunting (0 included)."""
    hungry: int = 0
    """Points lost to feeding penalties, over every seat."""

    def hunting_share(self, least: int, most: int = 99) -> float:
        """Share of seat-rounds with ``least``..``most`` figures hunting."""
        return sum(n for k, n in self.hunters.items() if least <= k <= most) / max(1, self.seat_rounds)

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
    style.hunters.update(hunting.values())
    style.hunters[0] += rounds * len(scores) - len(hunting)


def read(paths: Iterable[Path]) -> dict[int, Style]:
    """The style of the games in ``paths`` (record files), per player count."""
    styles: dict[int, Style] = {}
    for path in paths:
        record = load_record(path)
        add_game(styles.setdefault(int(record["players"]), Style()), record)
    return dict(sorted(styles.items()))


def summary(style: Style) -> str:
    """One line: games, rounds (median, range), winning and mean score, figures per seat-round."""
    groups = ", ".join(f"{g} {style.per_seat_round(g):.2f}" for g in GROUPS)
    hunting = " / ".join(f"{style.hunting_share(k, k if k < 5 else 99):.0%}" for k in range(6))
    return (f"{len(style.rounds)} games; rounds median {statistics.median(style.rounds):g} "
            f"(mean {statistics.fmean(style.rounds):.1f}, {min(style.rounds)}–{max(style.rounds)}); "
            f"winning score median {statistics.median(style.winning):g} (mean {statistics.fmean(style.winning):.0f}); "
            f"score mean {statistics.fmean(style.scores):.0f}; figures per seat and round: {groups}; "
            f"seat-rounds with 0/1/2/3/4/5+ hunting: {hunting}; "
            f"feeding penalties {style.hungry / max(1, len(style.scores)):.1f} points per seat and game")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m stoneage.bots.stone_age.play_style",
                                     description="Rounds, scores and placements of Stone Age game records.")
    parser.add_argument("records", type=Path, help="a directory of game records (tournament --records)")
    args = parser.parse_args(argv)
    for players, style in read(sorted(args.records.glob("*.json"))).items():
        print(f"{players} players: {summary(style)}")


if __name__ == "__main__":
    main()
