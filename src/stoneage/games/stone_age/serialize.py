"""A state as JSON (docs/state-format.md) and as one player sees it (observation)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from stoneage.core.contract import JSON, PUBLIC, check_seat
from stoneage.core.errors import StateFormatError
from stoneage.core.fields import FieldReader, read_header
from stoneage.core.i18n import N_, _
from stoneage.games.stone_age import actions as A, stages as S
from stoneage.games.stone_age.data import (
    ALL_CARDS_MASK,
    ALL_TILES_MASK,
    BUILDING_KINDS,
    DISPLAY_SIZE,
    LOCATIONS,
    MAX_AGRICULTURE,
    MAX_FIGURES,
    NUM_CARDS,
    NUM_LOCATIONS,
    NUM_TILES,
    RESOURCES,
    STACK_SIZE,
    START_FIGURES,
    TILE_KIND,
)
from stoneage.games.stone_age.expansions import PHASES, STAGES
from stoneage.games.stone_age.layout import (
    AGRICULTURE,
    BUILDINGS,
    CARDS,
    FIGURES,
    FOOD,
    ONE_USE,
    PENALTIES,
    READY,
    SCORE,
    SECRET_CARDS,
    STRIDE,
    TWO_RESOURCES,
    UNPLACED,
    USED,
    WOOD,
)
from stoneage.games.stone_age.scoring import card_ids, final_breakdowns, tile_ids
from stoneage.games.stone_age.validate import check_state
from stoneage.games.stone_age.view import cards_seen

if TYPE_CHECKING:
    from stoneage.games.stone_age.game import StoneAgeGame
    from stoneage.games.stone_age.state import StoneAgeState

FORMAT_VERSION = 1


def _mask(ids: list[int], offset: int) -> int:
    mask = 0
    for i in ids:
        mask |= 1 << (i - offset)
    return mask


PlayerJson = Callable[["StoneAgeState", int, bool, bool, bool], JSON]


def _player_json(state: StoneAgeState, p: int, cards: bool, secret: bool, count: bool = False) -> JSON:
    """Seat ``p``'s holdings: its bought cards listed if ``cards`` (else none), its face-down extra
    cards listed if ``secret`` (else their number); ``count`` adds ``card_count`` (observations)."""
    pl = state.players
    base = p * STRIDE
    bought = card_ids(pl[base + CARDS])
    secret_cards = card_ids(pl[base + SECRET_CARDS])
    return {
        "figures": pl[base + FIGURES],
        "unplaced": pl[base + UNPLACED],
        "food": pl[base + FOOD],
        "resources": {name: pl[base + WOOD + r] for r, name in enumerate(RESOURCES)},
        "agriculture": pl[base + AGRICULTURE],
        "score": pl[base + SCORE],
        "tools_ready": [v for v in (4, 3, 2, 1) for _tile in range(pl[base + READY + v - 1])],
        "tools_used": [v for v in (4, 3, 2, 1) for _tile in range(pl[base + USED + v - 1])],
        "one_use_tools": [v for i, v in enumerate(A.ONE_USE_VALUES) if pl[base + ONE_USE] >> i & 1],
        "two_resources": pl[base + TWO_RESOURCES],
        "cards": bought if cards else [],
        "secret_cards": secret_cards if secret else len(secret_cards),
        **({"card_count": len(bought) + len(secret_cards)} if count else {}),
        "buildings": [{"tile": t, "kind": BUILDING_KINDS[TILE_KIND[t]].name}
                      for t in tile_ids(pl[base + BUILDINGS])],
        "penalties": pl[base + PENALTIES],
        **{key: n for rules in state.expansion_rules for key, n in rules.seat_json(state, p).items()},
    }


def _board_json(state: StoneAgeState) -> JSON:
    num_players = state.num_players
    board = state.board
    return {
        name: board[NUM_LOCATIONS + loc * num_players: NUM_LOCATIONS + (loc + 1) * num_players]
        for loc, name in enumerate(LOCATIONS)
    }


def _pending_json(state: StoneAgeState) -> JSON:
    return {
        "stage": STAGES[state.stage],
        "player": state.cur,
        "order": state.order,
        "gather": LOCATIONS[state.gather],
        "dice": state.dice_count,
        "rolled": state.rolled,
        "slot": state.slot,
        "dice_left": list(state.dice_left),
        "shortfall": state.shortfall,
    }


def state_to_json(state: StoneAgeState) -> JSON:
    """The whole state, losslessly (hidden information included)."""
    num_players = state.num_players
    return {
        "game": "stone_age",
        "format": FORMAT_VERSION,
        "params": state.game.params(),
        "round": state.round,
        "first_player": state.first,
        "phase": PHASES[state.phase],
        "pending": _pending_json(state),
        "players": [_player_json(state, p, cards=True, secret=True) for p in range(num_players)],
        "board": _board_json(state),
        "display": list(state.display),
        "stacks": [{"top": state.tops[s], "left": state.stack_left[s]} for s in range(num_players)],
        "deck": card_ids(state.deck),
        "unseen_tiles": tile_ids(state.unseen),
        **{rules.name: rules.to_json(state, hidden=False) for rules in state.expansion_rules},
        "history": state.history(),
    }


def observation(state: StoneAgeState, player: int) -> JSON:
    """What seat ``player`` (checked by ``StoneAgeState.observation``) may know: everything public,
    plus their own cards (bought cards lie face down unless the ``open_cards`` variant is on; all
    cards are shown once the game is over)."""
    return _view(state, player)


def public_observation(state: StoneAgeState) -> JSON:
    """What a spectator may know: no seat's face-down cards (shown once the game is over), no deck."""
    return _view(state, None)


def observations(state: StoneAgeState, viewers: Iterable[int]) -> dict[int, JSON]:
    """Each viewer's observation (a seat's, or ``PUBLIC``'s), exactly as ``observation`` and
    ``public_observation`` give it, the public parts built once: a seat sees the spectator's
    observation with its own entry of ``players`` in full. The observations share those parts (the
    same objects): read them, never change them."""
    public = _view(state, None, _seen_player_json)
    out: dict[int, JSON] = {}
    for viewer in viewers:
        if viewer == PUBLIC:
            out[viewer] = public
            continue
        check_seat(viewer, state.num_players)
        players = list(public["players"])
        players[viewer] = _seen_player_json(state, viewer, cards=True, secret=True, count=True)
        out[viewer] = {**public, "observer": viewer, "players": players}
    return out


_SEEN: dict[tuple[object, ...], JSON] = {}
"""The seat entries ``observations`` gave, by the seat's row and the entry's options."""
SEEN_LIMIT = 8192
"""Entries kept before ``_SEEN`` starts over (about 1.5 KB each)."""


def _seen_player_json(state: StoneAgeState, p: int, cards: bool, secret: bool, count: bool = False) -> JSON:
    """``_player_json``, the very same object again while the seat's row is as it was: the server's
    views build a seat's sentence once per row (``play.view.shared``), and most steps change one row."""
    base = p * STRIDE
    key = (*state.players[base:base + STRIDE], cards, secret, count,
           *(n for rules in state.expansion_rules for n in rules.seat_json(state, p).values()))
    entry = _SEEN.get(key)
    if entry is None:
        if len(_SEEN) >= SEEN_LIMIT:
            _SEEN.clear()
        entry = _SEEN[key] = _player_json(state, p, cards, secret, count)
    return entry


def _view(state: StoneAgeState, player: int | None, player_json: PlayerJson = _player_json) -> JSON:
    num_players = state.num_players
    over = state.is_terminal()
    viewer = PUBLIC if player is None else player
    return {
        "game": "stone_age",
        "observer": player,
        "round": state.round,
        "first_player": state.first,
        "phase": PHASES[state.phase],
        "current_player": state.current_player(),
        "pending": _pending_json(state),
        "players": [player_json(state, p, *cards_seen(state, p, viewer), True) for p in range(num_players)],
        "board": _board_json(state),
        "display": [{"card": c, "cost": s + 1} if c else None for s, c in enumerate(state.display)],
        "stacks": [
            {
                "top": BUILDING_KINDS[TILE_KIND[state.tops[s]]].name if state.tops[s] >= 0 else None,
                "left": state.stack_left[s],
            }
            for s in range(num_players)
        ],
        "deck_size": state.deck.bit_count(),
        **{rules.name: rules.to_json(state, hidden=True) for rules in state.expansion_rules},
        "scores": state.scores(),
        "score_breakdown": state.score_breakdown() if over else None,
    }


# --- reading ------------------------------------------------------------------------------------


def _read_player(state: StoneAgeState, p: int, r: FieldReader) -> None:
    pl = state.players
    base = p * STRIDE
    pl[base + FIGURES] = r.integer("figures", START_FIGURES, MAX_FIGURES)
    pl[base + UNPLACED] = r.integer("unplaced", 0, MAX_FIGURES)
    pl[base + FOOD] = r.integer("food", 0)
    resources = r.sub("resources")
    for i, name in enumerate(RESOURCES):
        pl[base + WOOD + i] = resources.integer(name, 0)
    pl[base + AGRICULTURE] = r.integer("agriculture", 0, MAX_AGRICULTURE)
    pl[base + SCORE] = r.integer("score", -(10**9))
    for field, key in ((READY, "tools_ready"), (USED, "tools_used")):
        for v in r.integers(key, 1, 4):
            pl[base + field + v - 1] += 1
    tiles = sum(pl[base + READY: base + READY + 4]) + sum(pl[base + USED: base + USED + 4])
    if tiles > 3:
        raise StateFormatError(_("{field}: {count} tool tiles, at most 3 are allowed").format(
            field=r.path, count=tiles))
    one_use = r.id_set("one_use_tools", 2, 4)
    pl[base + ONE_USE] = sum(1 << A.ONE_USE_VALUES.index(v) for v in one_use)
    pl[base + TWO_RESOURCES] = r.integer("two_resources", 0, 2)  # the card, plus a mammoth choice
    pl[base + CARDS] = _mask(r.id_set("cards", 1, NUM_CARDS), 1)
    pl[base + SECRET_CARDS] = _mask(r.id_set("secret_cards", 1, NUM_CARDS), 1)
    buildings = r.raw("buildings")
    if not isinstance(buildings, list):
        raise StateFormatError(_("{field}: expected a list").format(field=f"{r.path}.buildings"))
    for i, item in enumerate(buildings):
        building = FieldReader(item, f"{r.path}.buildings[{i}]")
        tile = building.integer("tile", 0, NUM_TILES - 1)
        kind = BUILDING_KINDS[TILE_KIND[tile]].name
        if building.raw("kind") != kind:
            raise StateFormatError(_("{field}: tile {tile} is a {kind}, not {value}").format(
                field=f"{building.path}.kind", tile=tile, kind=repr(kind), value=repr(building.raw("kind"))))
        if pl[base + BUILDINGS] >> tile & 1:
            raise StateFormatError(_("{field}: tile {tile} appears twice").format(field=building.path, tile=tile))
        pl[base + BUILDINGS] |= 1 << tile
    pl[base + PENALTIES] = r.integer("penalties", 0)


def state_from_json(game: StoneAgeGame, data: object, state: StoneAgeState) -> StoneAgeState:
    """``state`` (a blank ``StoneAgeState()``) filled from ``state_to_json`` output and returned.

    Raises ``StateFormatError`` naming the bad field.
    """
    r = read_header(data, "stone_age", FORMAT_VERSION, game.params())
    num_players = game.num_players
    state.game = game
    state.num_players = num_players
    state.players = [0] * (num_players * STRIDE)
    players = r.raw("players")
    if not isinstance(players, list) or len(players) != num_players:
        raise StateFormatError(_("{field}: expected a list of {count} players").format(
            field="players", count=num_players))
    for p in range(num_players):
        _read_player(state, p, FieldReader(players[p], f"players[{p}]"))
    state.board = [0] * (NUM_LOCATIONS * (num_players + 1))
    board = r.sub("board")
    for loc, name in enumerate(LOCATIONS):
        counts = board.integers(name, 0, MAX_FIGURES, num_players)
        for p, n in enumerate(counts):
            state.board[NUM_LOCATIONS + loc * num_players + p] = n
        state.board[loc] = sum(counts)
    state.display = r.integers("display", 0, NUM_CARDS, DISPLAY_SIZE)
    stacks = r.raw("stacks")
    if not isinstance(stacks, list) or len(stacks) != num_players:
        raise StateFormatError(_("{field}: expected a list of {count} stacks").format(
            field="stacks", count=num_players))
    state.tops = [-1] * 4
    state.stack_left = [0] * 4
    for s, item in enumerate(stacks):
        stack = FieldReader(item, f"stacks[{s}]")
        state.tops[s] = stack.integer("top", -1, NUM_TILES - 1)
        state.stack_left[s] = stack.integer("left", 0, STACK_SIZE)
    state.deck = _mask(r.id_set("deck", 1, NUM_CARDS), 1)
    state.unseen = _mask(r.id_set("unseen_tiles", 0, NUM_TILES - 1), 0)
    state.round = r.integer("round", 1)
    state.first = r.integer("first_player", 0, num_players - 1)
    state.phase = r.choice("phase", PHASES)
    pending = r.sub("pending")
    state.stage = pending.choice("stage", STAGES)
    state.cur = pending.integer("player", 0, num_players - 1)
    state.order = pending.integer("order", 0, num_players)
    state.gather = pending.choice("gather", LOCATIONS[:5])
    state.dice_count = pending.integer("dice", 0, MAX_FIGURES)
    state.rolled = pending.integer("rolled", 0, 6 * MAX_FIGURES)
    state.slot = pending.integer("slot", 0, 3)
    state.dice_left = tuple(pending.integers("dice_left", 1, 6))
    state.shortfall = pending.integer("shortfall", 0, MAX_FIGURES)
    state.extras = {rules.name: rules.read_json(state, r.sub(rules.name)) for rules in state.expansion_rules}
    for rules in state.expansion_rules:
        for p in range(num_players):
            rules.read_seat(state, p, FieldReader(players[p], f"players[{p}]"))
    history = r.integers("history", 0, A.NUM_ACTIONS - 1)
    state.load_history(history)
    state.final = None
    check_consistency(state)
    if state.stage == S.GAME_OVER:
        state.final = final_breakdowns(state)
    return state


def check_consistency(state: StoneAgeState) -> None:
    """Raise ``StateFormatError`` unless cards, tiles and figures are all accounted for."""
    num_players = state.num_players
    pl = state.players
    places = [("deck", state.deck), ("display", _mask([c for c in state.display if c], 1))]
    for p in range(num_players):
        places.append((f"players[{p}].cards", pl[p * STRIDE + CARDS]))
        places.append((f"players[{p}].secret_cards", pl[p * STRIDE + SECRET_CARDS]))
    _check_partition("card", places, ALL_CARDS_MASK, 1)
    tiles = [("unseen_tiles", state.unseen),
             ("stacks.top", _mask([t for t in state.tops if t >= 0], 0))]
    tiles += [(f"players[{p}].buildings", pl[p * STRIDE + BUILDINGS]) for p in range(num_players)]
    _check_partition("building tile", tiles, ALL_TILES_MASK, 0)
    for s in range(num_players):
        if state.tops[s] >= 0 and not state.stack_left[s]:
            raise StateFormatError(_("{field}: an empty stack cannot show a top tile").format(field=f"stacks[{s}]"))
    for p in range(num_players):
        placed = sum(state.board[NUM_LOCATIONS + loc * num_players + p] for loc in range(NUM_LOCATIONS))
        if placed + pl[p * STRIDE + UNPLACED] > pl[p * STRIDE + FIGURES]:
            raise StateFormatError(_("{field}: more figures placed and unplaced than owned").format(
                field=f"players[{p}]"))
    check_state(state)
    if state.stage != S.GAME_OVER and not state.legal_actions():
        raise StateFormatError(_("{field}: {stage} has no legal action in this state").format(
            field="pending.stage", stage=repr(STAGES[state.stage])))


TWICE = {"card": N_("{field}: card {number} is in two places at once"),
         "building tile": N_("{field}: building tile {number} is in two places at once")}
MISSING = {"card": N_("card {number} is missing from the state"),
           "building tile": N_("building tile {number} is missing from the state")}


def _check_partition(what: str, places: list[tuple[str, int]], full: int, offset: int) -> None:
    seen = 0
    for name, mask in places:
        if seen & mask:
            first = (seen & mask).bit_length() - 1 + offset
            raise StateFormatError(_(TWICE[what]).format(field=name, number=first))
        seen |= mask
    if seen != full:
        missing = (full & ~seen).bit_length() - 1 + offset
        raise StateFormatError(_(MISSING[what]).format(number=missing))
