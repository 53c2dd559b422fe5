"""Stone Age as numbers: the observation and information-state tensors and their layouts.

A viewer's vector has three parts: the table (round, phase, the pending decision, the card
display, the building stacks, the Mammoth Herd when it is in play), then one block per seat
from the viewer's point of view (their own first, then the next seats in turn order), and, in
the information state only, what the viewer remembers (docs/research.md, "Stone Age
observation"). Every value lies in [0, 1]: counts are divided by the ceilings below and clipped,
categories are one-hot.

What is hidden follows ``State.observation(player)``, by the same rule (``view.cards_seen``): the
other seats' bought cards lie face down (unless the ``open_cards`` variant is on, or the game is
over), their face-down extra cards are only counted, and the Mammoth Herd pile shows only its
size and the back of its top tile.
The encoder reads the state's lists directly (no JSON), as the research adapters call it at
every step.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from stoneage.core.tensor import Layout
from stoneage.games.stone_age.actions import ONE_USE_VALUES
from stoneage.games.stone_age.data import (
    AGRICULTURE as AGRICULTURE_EFFECT,
    AREA_CAPACITY,
    CARDS as CARD_TABLE,
    DICE_FOR_ALL,
    DISPLAY_SIZE,
    EXTRA_CARD,
    FIELD,
    FOOD as FOOD_EFFECT,
    GREEN_SYMBOLS,
    HUNT,
    HUT,
    LOCATIONS,
    MAX_AGRICULTURE,
    MAX_FIGURES,
    MAX_TOOL_TILES,
    NUM_BUILDING_KINDS,
    NUM_CARDS,
    NUM_LOCATIONS,
    ONE_USE_TOOL,
    POINTS,
    RESOURCE,
    RESOURCE_AMOUNT,
    RESOURCE_ROLL,
    RESOURCES,
    RIVER,
    SAND_KINDS,
    STACK_SIZE,
    TILE_KIND,
    TOOL,
    TOOLMAKER,
    TWO_RESOURCES as TWO_RESOURCES_EFFECT,
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
from stoneage.games.stone_age.mammoth import BONUS_KEYS, Bonus
from stoneage.games.stone_age.mammoth_state import TAME_MOVE, herd_of
from stoneage.games.stone_age.stages import (
    BUY_BUILDING,
    BUY_CARD,
    DEAL_BUILDING,
    DEAL_CARD,
    DICE_ROLL,
    PICK,
    ROLL,
    TOOLS,
)
from stoneage.games.stone_age.view import cards_seen, sees_face_down

if TYPE_CHECKING:
    from stoneage.games.stone_age.game import StoneAgeGame
    from stoneage.games.stone_age.state import StoneAgeState

__all__ = ["CEILINGS", "information_state_tensor", "layout", "observation_tensor"]

# --- ceilings: a count is divided by its ceiling and clipped to 1 --------------------------------

CEILINGS = {
    "round": 30,
    "food": 40,
    "resource": 20,
    "score": 300,
    "negative_score": 100,
    "penalties": 5,
    "buildings": 20,
    "bought_cards": 20,
    "face_down_cards": 5,
    "two_resources": 2,
    "dice": MAX_FIGURES,
    "rolled": 6 * MAX_FIGURES,
    "shortfall": MAX_FIGURES,
    "dice_left": 4,
    "bonus_amount": 10,
    "tame_figures": 7,
    "bonus_queue": 10,
    "mammoth_tiles": 10,
}
"""The documented ceilings of the counts (values above them read as 1)."""

VARIANTS = ("hunt_repeat", "two_resources_at_once", "open_cards")
EFFECTS = (DICE_FOR_ALL, FOOD_EFFECT, RESOURCE, RESOURCE_ROLL, POINTS, TOOL, AGRICULTURE_EFFECT, EXTRA_CARD,
           ONE_USE_TOOL, TWO_RESOURCES_EFFECT)
GATHER_AREAS = RIVER + 1
"""Locations 0..4 (hunting grounds, forest, clay pit, quarry, river) are gathering areas."""
SAND_MAX = tuple(sum(c.figures for c in CARD_TABLE if c.sand == k) for k in range(len(SAND_KINDS)))
"""Ceiling of each sand kind's figures: all of that kind's cards together."""
PLACE_CEILING = tuple(
    MAX_FIGURES if loc == HUNT else AREA_CAPACITY if loc <= RIVER else 2 if loc == HUT else 1
    for loc in range(NUM_LOCATIONS)
)
"""Ceiling of one seat's figures on each location (the hunting grounds have no limit)."""
assert TOOLMAKER == RIVER + 1 and FIELD == HUT + 1

CARD_FEATURES = 1 + len(EFFECTS) + 1 + len(RESOURCES) + len(GREEN_SYMBOLS) + len(SAND_KINDS) + 1
HOLDING_FEATURES = len(GREEN_SYMBOLS) + len(SAND_KINDS)
STACK_FEATURES = 1 + NUM_BUILDING_KINDS
BONUS_FEATURES = 2 * len(BONUS_KEYS)


def _one_hot(index: int, size: int) -> tuple[float, ...]:
    return tuple(1.0 if i == index else 0.0 for i in range(size))


_HOT = tuple(tuple(_one_hot(i, n) for i in range(-1, n)) for n in range(32))
"""``_HOT[n][i + 1]``: a one-hot of size ``n`` at ``i`` (all zeros for ``i = -1``)."""


def _card_features(card_id: int) -> tuple[float, ...]:
    c = CARD_TABLE[card_id - 1]
    effect = c.effect
    amount = (c.value / 7 if effect == FOOD_EFFECT else RESOURCE_AMOUNT.get(card_id, 1) / 2 if effect == RESOURCE
              else c.value / 3 if effect == POINTS else c.value / 4 if effect == ONE_USE_TOOL else 0.0)
    resource = c.value if effect in (RESOURCE, RESOURCE_ROLL) else -1
    return (1.0, *_one_hot(EFFECTS.index(effect), len(EFFECTS)), amount, *_one_hot(resource, len(RESOURCES)),
            *_one_hot(c.green, len(GREEN_SYMBOLS)), *_one_hot(c.sand, len(SAND_KINDS)), c.figures / 3)


_DISPLAY = ((0.0,) * CARD_FEATURES, *(_card_features(i) for i in range(1, NUM_CARDS + 1)))
"""``_DISPLAY[id]``: the features of a card in a display slot (all zeros for an empty slot)."""
_STACK_KIND = tuple(_one_hot(TILE_KIND[t], NUM_BUILDING_KINDS) for t in range(len(TILE_KIND)))
_NO_KIND = (0.0,) * NUM_BUILDING_KINDS
_STACK_LEFT = tuple(min(n / STACK_SIZE, 1.0) for n in range(64))
_ONE_USE_BITS = tuple(tuple(float(mask >> i & 1) for i in range(len(ONE_USE_VALUES)))
                      for mask in range(1 << len(ONE_USE_VALUES)))
_BYTES = tuple(tuple(float(b >> i & 1) for i in range(8)) for b in range(256))
_NO_HOLDING = (0.0,) * HOLDING_FEATURES


@lru_cache(maxsize=8192)
def holding_features(mask: int) -> tuple[float, ...]:
    """What a set of cards (bitmask, bit ``id - 1``) scores with: each green symbol's count / 2,
    then each sand kind's figures / ``SAND_MAX``."""
    green = [0] * len(GREEN_SYMBOLS)
    sand = [0] * len(SAND_KINDS)
    for i in range(NUM_CARDS):
        if mask >> i & 1:
            c = CARD_TABLE[i]
            if c.green >= 0:
                green[c.green] += 1
            else:
                sand[c.sand] += c.figures
    return (*(min(g / 2, 1.0) for g in green), *(s / m for s, m in zip(sand, SAND_MAX, strict=True)))


def _bits(mask: int) -> list[float]:
    """The ``NUM_CARDS`` bits of a card mask as floats (bit ``id - 1`` first)."""
    out: list[float] = []
    for shift in range(0, NUM_CARDS, 8):
        out.extend(_BYTES[mask >> shift & 255])
    return out[:NUM_CARDS]


@lru_cache(maxsize=256)
def _bonus_features(bonus: Bonus) -> tuple[float, ...]:
    ceiling = CEILINGS["bonus_amount"]
    return tuple(min(getattr(bonus, key) / ceiling, 1.0) for key in BONUS_KEYS)


# --- the layout ------------------------------------------------------------------------------------


def _table_slots(num_players: int, mammoth: bool) -> list[tuple[str, int, str]]:
    c = CEILINGS
    slots = [
        ("variants", len(VARIANTS), "flags of the variants in play: " + ", ".join(VARIANTS)),
        ("round", 1, f"round / {c['round']}"),
        ("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES)),
        ("stage", len(STAGES), "one-hot pending node: " + ", ".join(STAGES)),
        ("acting_seat", num_players, "one-hot seat deciding (or acting, at a chance node), relative to the viewer "
                            "(0 = the viewer, 1 = next in turn order)"),
        ("first_seat", num_players, "one-hot first player of the round, relative to the viewer"),
        ("order", 1, f"phase progress: seats done / {num_players}"),
        ("gather", GATHER_AREAS, "one-hot gathering area of the roll pending or waiting for tools "
                                 "(stages roll, tools, tame_move; else zeros): hunt, forest, claypit, quarry, river"),
        ("dice", 1, f"dice of that roll / {c['dice']} (same stages)"),
        ("rolled", 1, f"dice sum waiting for tools / {c['rolled']} (stage tools)"),
        ("slot", DISPLAY_SIZE, "one-hot display slot or building stack being dealt or bought "
                               "(stages deal_card, deal_building, buy_card, buy_building)"),
        ("dice_buyer", num_players, "one-hot buyer of the dice-for-all card, relative to the viewer "
                           "(stages dice_roll, pick)"),
        ("dice_left", 6, f"dice-for-all faces 1..6 not yet taken, count / {c['dice_left']}"),
        ("shortfall", 1, f"food missing at the pending feeding decision / {c['shortfall']}"),
        ("deck", 1, f"cards left in the deck / {NUM_CARDS}"),
    ]
    effects = ", ".join(EFFECTS)
    for s in range(DISPLAY_SIZE):
        slots.append((f"display{s + 1}", CARD_FEATURES,
                      f"the card in the display slot costing {s + 1}" + (
                          f": present; one-hot effect ({effects}); amount (food / 7, resources / 2, points / 3, "
                          "one-use tool value / 4); one-hot resource (resource and resource_roll cards); "
                          "one-hot green symbol; one-hot sand kind; figures / 3" if s == 0 else ", as display1")))
    for s in range(num_players):
        slots.append((f"stack{s + 1}", STACK_FEATURES,
                      f"building stack {s + 1}: tiles left / {STACK_SIZE}; one-hot kind of its face-up tile "
                      "(data.BUILDING_KINDS order)" if s == 0 else f"building stack {s + 1}, as stack1"))
    if mammoth:
        slots += [
            ("herd", GATHER_AREAS, "Mammoth Herd: one-hot area the herd stands on this round (zeros: none)"),
            ("bonus_tile", 1 + BONUS_FEATURES,
             "Mammoth Herd: this round's tile present; its bonus for a single winner, then for all tied "
             f"({', '.join(BONUS_KEYS)}), each / {c['bonus_amount']}"),
            ("next_back", len(RESOURCES), "Mammoth Herd: one-hot resource on the back of the pile's top tile"),
            ("pile", 1, "Mammoth Herd: tiles left face down in the pile / tiles in the game"),
            ("tamers", 1, f"Mammoth Herd: figures that may move onto the tile now / {c['tame_figures']}"),
            ("bonus_queue", 1, f"Mammoth Herd: bonus steps still to hand out / {c['bonus_queue']}"),
        ]
    return slots


def _seat_slots(rel: int, mammoth: bool) -> list[tuple[str, int, str]]:
    """Seat ``rel`` places after the viewer in turn order; ``seat0`` is the viewer's own block."""
    c = CEILINGS
    n = f"seat{rel}_"
    slots = [
        (n + "figures", 1, f"figures owned / {MAX_FIGURES}"),
        (n + "unplaced", 1, f"figures still at home / {MAX_FIGURES}"),
        (n + "food", 1, f"food / {c['food']}"),
        (n + "resources", len(RESOURCES), f"wood, clay, stone, gold, each / {c['resource']}"),
        (n + "agriculture", 1, f"agriculture / {MAX_AGRICULTURE}"),
        (n + "penalties", 1, f"−10 feeding penalties taken / {c['penalties']}"),
        (n + "tools_ready", 4, f"tool tiles of value 1..4 not used this round, count / {MAX_TOOL_TILES}"),
        (n + "tools_used", 4, f"tool tiles of value 1..4 used this round, count / {MAX_TOOL_TILES}"),
        (n + "two_resources", 1, f"unused two-resources cards / {c['two_resources']}"),
        (n + "score", 1, f"score (the final total once over) / {c['score']}, 0 if negative"),
        (n + "negative_score", 1, f"minus the score / {c['negative_score']}, 0 if positive"),
        (n + "one_use_tools", len(ONE_USE_VALUES), "unused one-use tools of value 2, 3, 4 (flags)"),
        (n + "buildings", 1, f"building tiles owned / {c['buildings']}"),
        (n + "bought_cards", 1, f"civilization cards bought / {c['bought_cards']}"),
        (n + "face_down_cards", 1, f"face-down extra cards held / {c['face_down_cards']}"),
        (n + "cards_shown", 1, "1 when the next slot shows the seat's cards (the viewer's own seat, the "
                               "open_cards variant, or the game is over), else 0"),
        (n + "cards", HOLDING_FEATURES, "the seat's cards the viewer may see (bought; the face-down extra "
                                        "cards too for the viewer's own seat or once over): each green "
                                        "symbol's count / 2 (" + ", ".join(GREEN_SYMBOLS) + "), then the "
                                        "figures of each sand kind (" + ", ".join(SAND_KINDS) + ") / all "
                                        "of that kind"),
        (n + "placed", NUM_LOCATIONS, "figures on each location (" + ", ".join(LOCATIONS) + "), "
                                      f"/ {MAX_FIGURES} on the hunting grounds, / {AREA_CAPACITY} on the "
                                      "other gathering areas, / 2 on the hut, else / 1"),
    ]
    if mammoth:
        slots += [
            (n + "mammoth_tiles", 1, f"Mammoth Herd bonus tiles won / {c['mammoth_tiles']}"),
            (n + "on_tile", 1, f"figures on this round's bonus tile / {c['tame_figures']}"),
            (n + "tame_roll", 7, "rolled in this round's taming contest (flag), then its dice showing "
                                 f"1..6, count / {c['tame_figures']}"),
        ]
    if rel:
        slots = [(name, size, f"as seat0_{name[len(n):]}, for the seat {rel} after the viewer")
                 for name, size, _doc in slots]
    else:
        slots = [(name, size, f"the viewer: {doc}") for name, size, doc in slots]
    return slots


def _memory_slots(num_players: int, mammoth: bool) -> list[tuple[str, int, str]]:
    slots = [
        (f"seat{rel}_remembered_cards", HOLDING_FEATURES,
         f"the seat {rel} after the viewer: the cards it bought, as the viewer saw them taken from the "
         "display, features as in seat0_cards")
        for rel in range(1, num_players)
    ]
    slots.append(("unseen_cards", NUM_CARDS,
                  "flags of the cards (by id 1..36) the viewer has never seen: the deck and the other "
                  "seats' face-down extra cards (only the deck once the game is over)"))
    if mammoth:
        slots.append(("pile_backs", len(RESOURCES),
                      "Mammoth Herd: tiles left in the pile by the resource on their back (known from the "
                      "tiles turned up so far) / tiles in the game"))
    return slots


@cache
def layout(num_players: int, mammoth: bool, information_state: bool = False) -> Layout:
    """The slots for this player count and expansion (the information state adds memory)."""
    slots = _table_slots(num_players, mammoth)
    for rel in range(num_players):
        slots += _seat_slots(rel, mammoth)
    if information_state:
        slots += _memory_slots(num_players, mammoth)
    return Layout(slots)


def game_layout(game: StoneAgeGame, information_state: bool = False) -> Layout:
    """``layout`` for this game's parameters."""
    return layout(game.num_players, game.mammoth, information_state)


# --- encoding --------------------------------------------------------------------------------------

_C_ROUND = CEILINGS["round"]
_C_BUILD = CEILINGS["buildings"]
_C_BOUGHT = CEILINGS["bought_cards"]
_C_DOWN = CEILINGS["face_down_cards"]
_C_TAME = CEILINGS["tame_figures"]
_C_TILES = CEILINGS["mammoth_tiles"]
_COUNTS = (
    (FIGURES, MAX_FIGURES), (UNPLACED, MAX_FIGURES), (FOOD, CEILINGS["food"]),
    *((WOOD + i, CEILINGS["resource"]) for i in range(len(RESOURCES))),
    (AGRICULTURE, MAX_AGRICULTURE), (PENALTIES, CEILINGS["penalties"]),
    *((READY + i, MAX_TOOL_TILES) for i in range(4)), *((USED + i, MAX_TOOL_TILES) for i in range(4)),
    (TWO_RESOURCES, CEILINGS["two_resources"]),
)
"""(field, ceiling) of the seat counts at the head of a seat block, in layout order."""
_GATHER_STAGES = (ROLL, TOOLS, TAME_MOVE)
_SLOT_STAGES = (DEAL_CARD, DEAL_BUILDING, BUY_CARD, BUY_BUILDING)
_NO_ROLL = (0.0,) * 7


def _table(out: list[float], state: StoneAgeState, viewer: int) -> None:
    game = state.game
    num_players = state.num_players
    hot = _HOT[num_players]
    stage = state.stage
    variants = game.variants
    out.extend([float(v in variants) for v in VARIANTS])
    out.append(min(state.round / _C_ROUND, 1.0))
    out.extend(_HOT[len(PHASES)][state.phase + 1])
    out.extend(_HOT[len(STAGES)][stage + 1])
    out.extend(hot[(state.cur - viewer) % num_players + 1])
    out.extend(hot[(state.first - viewer) % num_players + 1])
    out.append(min(state.order / num_players, 1.0))
    if stage in _GATHER_STAGES:
        out.extend(_HOT[GATHER_AREAS][state.gather + 1])
        out.append(min(state.dice_count / MAX_FIGURES, 1.0))
        out.append(min(state.rolled / CEILINGS["rolled"], 1.0) if stage == TOOLS else 0.0)
    else:
        out.extend(_HOT[GATHER_AREAS + 2][0])
    out.extend(_HOT[DISPLAY_SIZE][state.slot + 1 if stage in _SLOT_STAGES else 0])
    out.extend(hot[(state.slot - viewer) % num_players + 1 if stage in (DICE_ROLL, PICK) else 0])
    left = [0.0] * 6
    for face in state.dice_left:
        left[face - 1] += 0.25
    out.extend(left)
    out.append(min(state.shortfall / MAX_FIGURES, 1.0))
    out.append(state.deck.bit_count() / NUM_CARDS)
    for card_id in state.display:
        out.extend(_DISPLAY[card_id])
    tops = state.tops
    stack_left = state.stack_left
    for s in range(num_players):
        out.append(_STACK_LEFT[stack_left[s]])
        out.extend(_STACK_KIND[tops[s]] if tops[s] >= 0 else _NO_KIND)
    if game.mammoth:
        herd = herd_of(state)
        out.extend(_HOT[GATHER_AREAS][herd.herd + 1])
        if herd.bonus_tile >= 0:
            tile = game.mammoth_tiles[herd.bonus_tile]
            out.append(1.0)
            out.extend(_bonus_features(tile.one))
            out.extend(_bonus_features(tile.all))
        else:
            out.extend(_HOT[BONUS_FEATURES + 1][0])
        out.extend(_HOT[len(RESOURCES)][herd.next_back + 1])
        out.append(herd.pile.bit_count() / max(1, len(game.mammoth_tiles)))
        out.append(min(herd.tamers / _C_TAME, 1.0))
        out.append(min(len(herd.bonus_queue) / CEILINGS["bonus_queue"], 1.0))


def _seat(out: list[float], state: StoneAgeState, p: int, viewer: int) -> None:
    pl = state.players
    b = p * STRIDE
    score = state.final[p]["total"] if state.final is not None else pl[b + SCORE]
    bought = pl[b + CARDS]
    secret = pl[b + SECRET_CARDS]
    shown, face_down = cards_seen(state, p, viewer)
    out.extend([x if x < 1.0 else 1.0 for x in [pl[b + i] / c for i, c in _COUNTS]])
    out.append(min(score / CEILINGS["score"], 1.0) if score > 0 else 0.0)
    out.append(min(-score / CEILINGS["negative_score"], 1.0) if score < 0 else 0.0)
    out.extend(_ONE_USE_BITS[pl[b + ONE_USE]])
    out += (
        min(pl[b + BUILDINGS].bit_count() / _C_BUILD, 1.0),
        min(bought.bit_count() / _C_BOUGHT, 1.0),
        min(secret.bit_count() / _C_DOWN, 1.0),
    )
    if face_down:
        out.append(1.0)
        out.extend(holding_features(bought | secret))
    elif shown:
        out.append(1.0)
        out.extend(holding_features(bought))
    else:
        out.append(0.0)
        out.extend(_NO_HOLDING)
    board = state.board
    num_players = state.num_players
    start = NUM_LOCATIONS + p
    mine = board[start:start + NUM_LOCATIONS * num_players:num_players]
    out.extend([x if x < 1.0 else 1.0 for x in [n / c for n, c in zip(mine, PLACE_CEILING, strict=True)]])
    if state.game.mammoth:
        herd = herd_of(state)
        out.append(min(herd.won[p] / _C_TILES, 1.0))
        out.append(min(herd.on_tile[p] / _C_TAME, 1.0))
        roll = herd.tame_rolls[p] if herd.tame_rolls else ()
        if roll:
            faces = [0, 0, 0, 0, 0, 0, 0]
            for face in roll:
                faces[face] += 1
            out.append(1.0)
            out.extend([min(n / _C_TAME, 1.0) for n in faces[1:]])
        else:
            out.extend(_NO_ROLL)


def observation_tensor(state: StoneAgeState, player: int) -> list[float]:
    """What seat ``player`` (checked by the state) sees now, laid out by ``layout(num_players, mammoth)``."""
    out: list[float] = []
    _table(out, state, player)
    num_players = state.num_players
    for rel in range(num_players):
        _seat(out, state, (player + rel) % num_players, player)
    return out


def information_state_tensor(state: StoneAgeState, player: int) -> list[float]:
    """The observation plus what ``player`` remembers, laid out by ``layout(..., information_state=True)``.

    Stone Age hides two things from a seat: the cards other seats bought (face down, but everyone
    watched them leave the display) and the extra cards others drew face down (never shown until
    the end). Perfect recall keeps the first; the second only narrows to the cards never seen.
    """
    out = observation_tensor(state, player)
    num_players = state.num_players
    pl = state.players
    pool = state.deck
    for rel in range(1, num_players):
        seat = (player + rel) % num_players
        b = seat * STRIDE
        out.extend(holding_features(pl[b + CARDS]))
        if not sees_face_down(state, seat, player):
            pool |= pl[b + SECRET_CARDS]
    out.extend(_bits(pool))
    game = state.game
    if game.mammoth:
        tiles = game.mammoth_tiles
        backs = [0.0] * len(RESOURCES)
        share = 1 / max(1, len(tiles))
        pile = herd_of(state).pile
        for t, tile in enumerate(tiles):
            if pile >> t & 1:
                backs[tile.back] += share
        out.extend(backs)
    return out
