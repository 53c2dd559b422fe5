"""The Mammoth Herd mini-expansion: its tiles (replaceable data) and what they give.

The rules flow lives in ``mammoth_rules.py``, attached to the base game through the hooks of
``expansion.py``; this module holds the tile table, its file format and the bonus arithmetic
(docs/mammoth-herd.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.files import parse_json, read_json_file
from stoneage.core.i18n import _
from stoneage.games.stone_age.data import RESOURCES

BONUS_KEYS = ("food", "wood", "clay", "stone", "gold", "points", "agriculture", "tools", "cards", "choice")
"""What a bonus may give: food, resources, points, agriculture steps, tool steps, face-down
cards from the deck, and ``choice`` (2 resources of the player's choice, taken at once)."""
MAX_TILES = 32
MAX_AMOUNT = 20


@dataclass(frozen=True)
class Bonus:
    """One face of a tile's bonus, as amounts by ``BONUS_KEYS``."""

    food: int = 0
    wood: int = 0
    clay: int = 0
    stone: int = 0
    gold: int = 0
    points: int = 0
    agriculture: int = 0
    tools: int = 0
    cards: int = 0
    choice: int = 0

    def amounts(self) -> dict[str, int]:
        """What the bonus gives, by ``BONUS_KEYS`` in their order, only the keys it gives (the form
        a fact carries: ``{"clay": 2, "wood": 1}``)."""
        given = (self.food, self.wood, self.clay, self.stone, self.gold, self.points, self.agriculture,
                 self.tools, self.cards, self.choice)
        return {key: n for key, n in zip(BONUS_KEYS, given, strict=True) if n}

    def words(self) -> str:
        """The bonus in English words, e.g. "2 clay, 1 wood": the form the JSON observation carries
        (stable, never translated); a person reads ``play/stone_age/narrate.bonus_words``, in their
        language."""
        parts = []
        for key in BONUS_KEYS:
            n = getattr(self, key)
            if not n:
                continue
            if key == "agriculture":
                parts.append(f"+{n} agriculture")
            elif key == "tools":
                parts.append(f"+{n} tool step" + ("s" if n > 1 else ""))
            elif key == "cards":
                parts.append(f"{n} face-down card" + ("s" if n > 1 else ""))
            elif key == "choice":
                parts.append(f"{n} resources of your choice")
            else:
                parts.append(f"{n} {key}")
        return ", ".join(parts) or "nothing"

    @classmethod
    def from_words(cls, text: str) -> Bonus:
        """The bonus that ``words`` wrote as ``text`` (an observation carries these English words; a
        face reads them back to tell them in its viewer's language). ``ValueError`` for other text."""
        amounts: dict[str, int] = {}
        for part in text.split(", ") if text != "nothing" else []:
            match = _WORDS.fullmatch(part)
            if match is None:
                raise ValueError(f"not a bonus in words: {text!r}")
            n = int(match.group("count"))
            key = match.group("key")
            key = {"agriculture": "agriculture", "tool step": "tools", "tool steps": "tools",
                   "face-down card": "cards", "face-down cards": "cards",
                   "resources of your choice": "choice"}.get(key, key)
            amounts[key] = n
        return cls(**amounts)


_WORDS = re.compile(r"\+?(?P<count>\d{1,3}) (?P<key>food|wood|clay|stone|gold|points|agriculture|tool steps?|"
                    r"face-down cards?|resources of your choice)")


@dataclass(frozen=True)
class MammothTile:
    """A bonus tile: the resource on its back (where the herd goes) and its two bonuses."""

    back: int  # resource id: the herd stands on that resource's gathering area
    one: Bonus  # for the single winner
    all: Bonus  # for tied players, or the winner's alternative


def _bonus(data: Any, where: str) -> Bonus:
    if not isinstance(data, dict):
        raise GameOptionError(_("mammoth tiles: {where} must be an object like {example}").format(
            where=where, example='{"wood": 2}'))
    for key, value in data.items():
        if key not in BONUS_KEYS:
            name = key if isinstance(key, str) and len(key) <= 30 else shorten(key, 30)
            raise GameOptionError(_("mammoth tiles: {field} is not a bonus ({names})").format(
                field=f"{where}.{name}", names=", ".join(BONUS_KEYS)))
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT:
            raise GameOptionError(_("mammoth tiles: {field} must be an integer 0..{most}").format(
                field=f"{where}.{key}", most=MAX_AMOUNT))
    if data.get("choice", 0) not in (0, 2):
        raise GameOptionError(_("mammoth tiles: {field} must be 2 (two resources of your choice) or 0").format(
            field=f"{where}.choice"))
    return Bonus(**data)


def parse_tiles(data: Any) -> tuple[MammothTile, ...]:
    """Tiles from the JSON file format (an object with ``tiles``, or the list itself)."""
    tiles = data.get("tiles") if isinstance(data, dict) else data
    if not isinstance(tiles, list) or not 1 <= len(tiles) <= MAX_TILES:
        raise GameOptionError(_("mammoth tiles: expected a list of 1..{most} tiles").format(most=MAX_TILES))
    out = []
    for i, tile in enumerate(tiles):
        where = f"tiles[{i}]"
        if not isinstance(tile, dict) or set(tile) != {"back", "one", "all"}:
            raise GameOptionError(_("mammoth tiles: {where} must have exactly 'back', 'one' and 'all'").format(
                where=where))
        if tile["back"] not in RESOURCES:
            raise GameOptionError(_("mammoth tiles: {field} must be one of {names}").format(
                field=f"{where}.back", names=", ".join(RESOURCES)))
        out.append(MammothTile(RESOURCES.index(tile["back"]), _bonus(tile["one"], f"{where}.one"),
                               _bonus(tile["all"], f"{where}.all")))
    return tuple(out)


def load_tiles(source: str | Path | list[Any] | dict[str, Any] | None = None) -> tuple[MammothTile, ...]:
    """The shipped reconstruction (``None``), a JSON file of your own copy, or a parsed table.

    The shipped table is read once per process; a file or table is read each time it is given.
    A file is read within the package's limits (``stoneage.core.files``: regular files only, of
    bounded size, UTF-8, bounded nesting and digits); every problem is a ``GameOptionError``.
    """
    if source is None:
        return shipped_tiles()
    if isinstance(source, list | dict):
        return parse_tiles(source)
    if not isinstance(source, str | Path):
        raise GameOptionError(_("mammoth tiles: expected a file name or a table, not {kind}").format(
            kind=type(source).__name__))
    return parse_tiles(read_json_file(source, _("mammoth tiles"), GameOptionError))


@cache
def shipped_tiles() -> tuple[MammothTile, ...]:
    """The shipped reconstruction of the 16 tiles, parsed on first use (the tiles are immutable)."""
    text = files("stoneage.games.stone_age").joinpath("mammoth_tiles.json").read_text(encoding="utf-8")  # ours
    return parse_tiles(parse_json(text, "the shipped mammoth tiles", GameOptionError))


def tiles_to_json(tiles: tuple[MammothTile, ...]) -> list[dict[str, Any]]:
    """The file format of a tile table (the inverse of ``parse_tiles``)."""
    def face(bonus: Bonus) -> dict[str, int]:
        return {key: getattr(bonus, key) for key in BONUS_KEYS if getattr(bonus, key)}

    return [{"back": RESOURCES[t.back], "one": face(t.one), "all": face(t.all)} for t in tiles]


def majority_points(tiles_won: list[int]) -> list[int]:
    """Final mammoth scoring: 10 points to each player with the most tiles (at least one)."""
    best = max(tiles_won)
    return [10 if best and n == best else 0 for n in tiles_won]
