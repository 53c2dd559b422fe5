"""Learned position values for Stone Age: a linear worth per seat, a softmax over the seats.

Each seat's worth is ``w · features(seat)`` (``features.FEATURES``); its chance of winning is the
softmax of the worths over the seats (for two players, the logistic of the difference). The
weights are learned from self-play by ``stoneage train expert`` and kept in a small JSON file
(:data:`FORMAT`) that names the game and the features, so a file made for something else is
refused with a :class:`WeightsError` naming the problem instead of being misread.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from stoneage.bots.evaluation import SCALE
from stoneage.bots.stone_age.evaluation import (
    AGRICULTURE_PER_ROUND,
    FIGURE_PER_ROUND,
    FIGURE_YIELD,
    FOOD_NEEDED,
    FOOD_SHORT,
    FOOD_SPARE,
    TOOL_PER_ROUND,
)
from stoneage.bots.stone_age.features import FEATURES, features
from stoneage.core.errors import StoneAgeError, shorten
from stoneage.core.files import MAX_FILE_BYTES, parse_json, read_text_file
from stoneage.core.i18n import _

if TYPE_CHECKING:
    from stoneage.games.stone_age.state import StoneAgeState

FORMAT: Final = "stoneage-expert/1"
"""The ``"format"`` field of a weights file this version reads."""
GAME: Final = "stone_age"
SHIPPED: Final = "expert_weights.json"
"""The weights that ship in this package (``stoneage.bots.stone_age``)."""
MAX_WEIGHTS_BYTES: Final = min(MAX_FILE_BYTES, 1024 * 1024)
"""The largest weights file read (1 MiB; one is a few KiB, its training notes included)."""

HAND_SET: Final[tuple[float, ...]] = tuple(v / SCALE for v in (
    1.0, 1.0, 1.0, 1.0, TOOL_PER_ROUND, FIGURE_PER_ROUND, AGRICULTURE_PER_ROUND, FIGURE_YIELD, FOOD_NEEDED,
    FOOD_SPARE, -2.2, AGRICULTURE_PER_ROUND, FIGURE_PER_ROUND,
    -FOOD_SHORT, TOOL_PER_ROUND, 1.0, 1.0))
"""The hand-set heuristic's weights in these features (points over ``evaluation.SCALE``): where training starts."""


class WeightsError(StoneAgeError):
    """A weights file that is not JSON, not of this format, for another game, or the wrong shape."""


@dataclass(frozen=True)
class Weights:
    """Learned weights, one per feature, with how they were made (``training``: seed, command, …)."""

    weights: tuple[float, ...]
    training: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        """The file text: stable, so the same weights give the same bytes."""
        body = {"format": FORMAT, "game": GAME, "features": list(FEATURES), "weights": list(self.weights),
                "training": self.training}
        return json.dumps(body, indent=1, sort_keys=True) + "\n"


def parse_weights(text: str, where: str = "weights") -> Weights:
    """Weights from a file's text (bounded as every JSON read, ``core/files.py``); ``WeightsError``
    names what is wrong."""
    body = parse_json(text, where, WeightsError)
    if not isinstance(body, dict):
        raise WeightsError(_("{where}: expected a JSON object, not {value}").format(where=where, value=shorten(body)))
    if body.get("format") != FORMAT:
        raise WeightsError(_("{where}: format {found} is not {expected}").format(
            where=where, found=shorten(body.get("format")), expected=FORMAT))
    if body.get("game") != GAME:
        raise WeightsError(_("{where}: weights for the game {found}, not {expected!r}").format(
            where=where, found=shorten(body.get("game")), expected=GAME))
    if body.get("features") != list(FEATURES):
        raise WeightsError(_("{where}: features {found} are not this version's {expected}").format(
            where=where, found=shorten(body.get("features")), expected=", ".join(FEATURES)))
    weights = body.get("weights")
    if (not isinstance(weights, list) or len(weights) != len(FEATURES)
            or not all(isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w) for w in weights)):
        raise WeightsError(_("{where}: weights must be {count} finite numbers, not {value}").format(
            where=where, count=len(FEATURES), value=shorten(weights)))
    training = body.get("training", {})
    if not isinstance(training, dict):
        raise WeightsError(_("{where}: training must be an object, not {value}").format(
            where=where, value=shorten(training)))
    return Weights(tuple(float(w) for w in weights), training)


def load_weights(path: str | Path | None = None) -> Weights:
    """Weights from ``path``, or the shipped ones; ``WeightsError`` for a missing or bad file."""
    if path is None:  # a package resource, not a file a person names
        text = resources.files("stoneage.bots.stone_age").joinpath(SHIPPED).read_text(encoding="utf-8")
        return parse_weights(text, SHIPPED)
    text = read_text_file(path, _("the weights"), WeightsError, MAX_WEIGHTS_BYTES)
    return parse_weights(text, shorten(str(path), 300))


def softmax(worths: list[float]) -> list[float]:
    """Each seat's chance of winning from the worths (safe for large ones).

    Loops, not ``max`` and ``sum``: compiled, those are Python calls, and the search calls this
    several times per iteration."""
    top = worths[0]
    for worth in worths:
        if worth > top:
            top = worth
    exps: list[float] = []
    total = 0.0
    for worth in worths:
        e = math.exp(max(-60.0, worth - top))
        exps.append(e)
        total += e
    return [e / total for e in exps]


class LearnedValue:
    """A position evaluator for search: ``(state, observer) -> every seat's chance of winning``."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights.weights

    def worths(self, state: StoneAgeState, observer: int) -> list[float]:
        """Each seat's learned worth (a logit), as ``observer`` may know the position."""
        w = self.weights
        worths: list[float] = []
        for row in features(state, observer):
            worth = 0.0  # a loop, not sum over zip: compiled, those are Python calls
            for i in range(len(w)):
                worth += w[i] * row[i]
            worths.append(worth)
        return worths

    def __call__(self, state: StoneAgeState, observer: int) -> list[float]:
        if state.is_terminal():
            return state.returns()
        return softmax(self.worths(state, observer))
