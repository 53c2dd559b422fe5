"""A state as JSON (docs/stone-age-junior.md) and as one player sees it (observation)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stoneage.core.contract import JSON
from stoneage.core.errors import StateFormatError
from stoneage.core.fields import FieldReader, check_choice, check_integer
from stoneage.core.i18n import _
from stoneage.games.family.serialize import (
    EventTable,
    check_frame,
    hut_race_winners,
    observation_frame,
    observation_tail,
    read_built,
    read_frame,
    read_history_and_log,
    state_frame,
    state_tail,
)
from stoneage.games.stone_age_junior import actions as A, stages as S, view
from stoneage.games.stone_age_junior.data import (
    BUILDING_SITE,
    BUILDS,
    CARD_COUNTS,
    CARD_NAMES,
    GOODS,
    GOODS_IN_BOX,
    HUTS,
    ITEM_NAMES,
    NUM_DOGS,
    NUM_GOODS,
    NUM_HUTS,
    NUM_POSITIONS,
    NUM_STACKS,
    ON_TRADING_POST,
    RING,
    SPACE_OF_GOOD,
    STACK_SIZE,
    TILE_NAMES,
    TRADING_POST,
)

if TYPE_CHECKING:
    from stoneage.games.family.state import Event
    from stoneage.games.stone_age_junior.game import StoneAgeJuniorGame
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

GAME_NAME = "stone_age_junior"
FORMAT_VERSION = 1
UNKNOWN_NAME = "unknown"
HIDDEN_NAME = "hidden"
DOWN_NAME = "down"


def _encode(field: str, event: Event, index: int) -> Any:
    value = event[index]
    if field in ("stack", "hut", "place"):
        return value
    if field == "tile":
        return TILE_NAMES[value]
    if field == "space":
        return RING[value]
    if field in ("good", "give", "take"):
        return GOODS[value]
    if field == "from":
        return None if value < 0 else value
    if field == "card":
        return None if value < 0 else CARD_NAMES[value]
    if field == "paid":
        return [ITEM_NAMES[i] for i in BUILDS[value][1]]
    return [event[4], event[5]]  # places


_BUILD_INDEX = {build: k for k, build in enumerate(BUILDS)}


def _decode(r: FieldReader, field: str, slots: list[int], players: int) -> int | None:
    if field == "stack":
        return r.integer(field, 0, NUM_STACKS - 1)
    if field == "hut":
        return r.integer(field, 1, NUM_HUTS)
    if field == "place":
        return r.integer(field, 0, NUM_POSITIONS - 1)
    if field == "tile":
        return r.choice(field, TILE_NAMES)
    if field == "space":
        return r.choice(field, RING)
    if field in ("good", "give", "take"):
        return r.choice(field, GOODS)
    if field == "from":
        return r.optional(field, 0, players - 1)
    if field == "card":
        return r.choice(field, CARD_NAMES, nullable=True)
    if field == "paid":
        items = tuple(sorted(r.choices(field, ITEM_NAMES)))
        key = (slots[4], items)
        if key not in _BUILD_INDEX:
            raise StateFormatError(_("{field}: does not pay hut {value} exactly").format(
                field=r.name(field), value=slots[4]))
        return _BUILD_INDEX[key]
    pair = r.items(field, 2)  # places
    a = check_integer(pair[0], f"{r.name(field)}[0]", 0, NUM_POSITIONS - 1)
    b = check_integer(pair[1], f"{r.name(field)}[1]", 0, NUM_POSITIONS - 1)
    if a >= b:
        raise StateFormatError(_("{field}: two different places, ascending").format(field=r.name(field)))
    slots[4], slots[5] = a, b
    return None


EVENT_TABLE = EventTable(S.EVENTS, S.EVENT_FIELDS, _encode, _decode)


def _counts(values: list[int]) -> dict[str, int]:
    return {GOODS[g]: values[g] for g in range(NUM_GOODS)}


def _pending(state: StoneAgeJuniorState) -> JSON:
    return {
        "stage": S.STAGES[state.stage],
        "player": state.cur,
        "place": state.tile_pos if state.tile_pos >= 0 else None,
        "stack": state.reveal_stack if state.reveal_stack >= 0 else None,
        "trade": {
            "given": [GOODS[g] for g in range(NUM_GOODS) if state.trade_given >> g & 1],
            "taken": [GOODS[g] for g in range(NUM_GOODS) if state.trade_taken >> g & 1],
        },
    }


def _item_name(value: int) -> str:
    return UNKNOWN_NAME if value == S.UNKNOWN else CARD_NAMES[value]


def state_to_json(state: StoneAgeJuniorState) -> JSON:
    """The whole state, losslessly (hidden information included)."""
    cards = state.game.cards
    return {
        **state_frame(state, GAME_NAME, FORMAT_VERSION),
        "pending": _pending(state),
        "figures": [RING[s] for s in state.pos],
        "supply": _counts(state.supply),
        "trading_post": _counts(state.post),
        "box": _counts(view.box(state)),
        "dog_storage": state.dog_storage,
        "forest": [
            {
                "tile": UNKNOWN_NAME if tile == S.UNKNOWN else TILE_NAMES[tile],
                "seen": bool(state.seen >> i & 1),
                "up": bool(state.up >> i & 1),
            }
            for i, tile in enumerate(state.forest)
        ],
        "huts": [
            {
                "face_up": state.face_up[s] or None,
                "below": [UNKNOWN_NAME if h == S.UNKNOWN else h for h in state.stacks[s]],
            }
            for s in range(NUM_STACKS)
        ],
        "martin": RING[state.martin] if cards else None,
        "pile": {"cards": [_item_name(k) for k in state.pile], "unseen": state.pile_hidden} if cards else None,
        "players": [
            {
                "goods": _counts(state.goods[p]),
                "dogs": state.dogs[p],
                "cards_public": [CARD_NAMES[k] for k in state.cards_pub[p]],
                "cards_hidden": [CARD_NAMES[k] for k in state.cards_priv[p]],
                "built": list(state.built[p]),
            }
            for p in range(state.num_players)
        ],
        **state_tail(state, EVENT_TABLE),
    }


def _hut_json(number: int) -> JSON | None:
    return {"number": number, "goods": [GOODS[g] for g in HUTS[number - 1]]} if number else None


def observation(state: StoneAgeJuniorState, player: int | None) -> JSON:
    """What ``player`` may know (``None``: a spectator): everything open, the goods everyone can
    deduce, the public log.

    Face-down forest tiles show ``"down"``; face-down huts only as a count per stack; the goods-card
    pile only as its size. Goods tiles and dogs of every seat are shown exactly: every take, trade,
    steal and payment is public (the log is the proof, ``memory.goods_from_log``). Goods cards are
    shown by kind when everyone knows the kind; another seat's face-down cards (and, for a
    spectator, every seat's) show ``"hidden"``.
    """
    cards = state.game.cards
    return {
        **observation_frame(state, GAME_NAME, player),
        "expansions": list(state.game.expansions),
        "variants": list(state.game.variants),
        "pending": _pending(state),
        "figures": [RING[s] for s in state.pos],
        "supply": _counts(state.supply),
        "trading_post": _counts(state.post),
        "box": _counts(view.box(state)),
        "dog_storage": state.dog_storage,
        "forest": [TILE_NAMES[t] if state.up >> i & 1 else DOWN_NAME for i, t in enumerate(state.forest)],
        "huts": [{"face_up": _hut_json(state.face_up[s]), "below": len(state.stacks[s])} for s in range(NUM_STACKS)],
        "martin": RING[state.martin] if cards else None,
        "pile": {"size": len(state.pile)} if cards else None,
        "players": [
            {
                "goods": _counts(state.goods[p]),
                "dogs": state.dogs[p],
                "cards_public": [CARD_NAMES[k] for k in state.cards_pub[p]],
                "cards_hidden": [CARD_NAMES[k] for k in state.cards_priv[p]]
                if p == player
                else [HIDDEN_NAME] * len(state.cards_priv[p]),
                "built": list(state.built[p]),
            }
            for p in range(state.num_players)
        ],
        **observation_tail(state, EVENT_TABLE),
    }


# --- reading ------------------------------------------------------------------------------------


def _read_counts(r: FieldReader, key: str) -> list[int]:
    """A ``{good: count}`` object with all five goods."""
    sub = r.sub(key)
    extra = set(sub.data) - set(GOODS)
    if extra:
        raise StateFormatError(_("{field}: {key} is not a good ({names})").format(
            field=r.name(key), key=repr(sorted(extra)[0]), names=', '.join(GOODS)))
    return [sub.integer(g, 0, GOODS_IN_BOX) for g in GOODS]


def _read_cards(r: FieldReader, key: str) -> list[int]:
    kinds = r.choices(key, CARD_NAMES)
    if kinds != sorted(kinds):
        raise StateFormatError(_("{field}: cards are listed in the order {names}").format(
            field=r.name(key), names=', '.join(CARD_NAMES)))
    return kinds


def state_from_json(game: StoneAgeJuniorGame, data: object, state: StoneAgeJuniorState) -> StoneAgeJuniorState:
    """``state`` (a blank one: ``StoneAgeJuniorState()``) filled from ``state_to_json`` output; raises
    ``StateFormatError`` naming the bad field."""
    r, pending = read_frame(state, game, data, GAME_NAME, FORMAT_VERSION, S.STAGES)
    num_players = game.num_players
    state.tile_pos = pending.optional("place", 0, NUM_POSITIONS - 1)
    state.reveal_stack = pending.optional("stack", 0, NUM_STACKS - 1)
    trade = pending.sub("trade")
    state.trade_given = sum(1 << g for g in set(trade.choices("given", GOODS)))
    state.trade_taken = sum(1 << g for g in set(trade.choices("taken", GOODS)))
    figures = r.items("figures", num_players)
    state.pos = [check_choice(v, f"figures[{p}]", RING) for p, v in enumerate(figures)]
    state.supply = _read_counts(r, "supply")
    state.post = _read_counts(r, "trading_post")
    box = _read_counts(r, "box")
    state.dog_storage = r.integer("dog_storage", 0, NUM_DOGS)
    state.forest = [S.UNKNOWN] * NUM_POSITIONS
    state.seen = state.up = 0
    for i, item in enumerate(r.items("forest", NUM_POSITIONS)):
        place = FieldReader(item, f"forest[{i}]")
        state.forest[i] = place.choice("tile", (*TILE_NAMES, UNKNOWN_NAME))
        if state.forest[i] == len(TILE_NAMES):
            state.forest[i] = S.UNKNOWN
        state.seen |= place.boolean("seen") << i
        state.up |= place.boolean("up") << i
    state.stacks = []
    state.face_up = []
    for s, item in enumerate(r.items("huts", NUM_STACKS)):
        stack = FieldReader(item, f"huts[{s}]")
        state.face_up.append(max(stack.optional("face_up", 1, NUM_HUTS), 0))
        below = []
        for j, value in enumerate(stack.items("below")):
            below.append(S.UNKNOWN if value == UNKNOWN_NAME
                         else check_integer(value, f"huts[{s}].below[{j}]", 1, NUM_HUTS))
        state.stacks.append(tuple(below))
    if game.cards:
        state.martin = r.choice("martin", RING)
        pile = r.sub("pile")
        names = (*CARD_NAMES, UNKNOWN_NAME)
        kinds = [check_choice(v, f"pile.cards[{i}]", names) for i, v in enumerate(pile.items("cards"))]
        state.pile = [S.UNKNOWN if k == len(CARD_NAMES) else k for k in kinds]
        state.pile_hidden = pile.integer("unseen", 0, len(state.pile))
    else:
        for key in ("martin", "pile"):
            if r.raw(key) is not None:
                raise StateFormatError(_("{field}: null without the cards expansion").format(field=key))
        state.martin = -1
        state.pile = []
        state.pile_hidden = 0
    players = r.items("players", num_players)
    state.goods, state.dogs, state.cards_pub, state.cards_priv = [], [], [], []
    for p in range(num_players):
        seat = FieldReader(players[p], f"players[{p}]")
        state.goods.append(_read_counts(seat, "goods"))
        state.dogs.append(seat.integer("dogs", 0, NUM_DOGS))
        state.cards_pub.append(tuple(_read_cards(seat, "cards_public")))
        state.cards_priv.append(tuple(_read_cards(seat, "cards_hidden")))
        state.built[p] = read_built(seat, NUM_HUTS)
    read_history_and_log(state, r, EVENT_TABLE, A.NUM_ACTIONS)
    if box != view.box(state):
        raise StateFormatError(_("{field}: with {players} players the box holds {box}, not {expected}").format(
            field='box', players=num_players, box=repr(_counts(view.box(state))), expected=repr(_counts(box))))
    check_consistency(state)
    return state


def check_consistency(state: StoneAgeJuniorState) -> None:
    """Raise ``StateFormatError`` unless goods, dogs, tiles, huts, cards and the pending node fit together."""
    num_players = state.num_players
    cards = state.game.cards
    # Goods tiles and dogs are conserved.
    box = view.box(state)
    for g in range(NUM_GOODS):
        total = state.supply[g] + state.post[g] + box[g] + sum(state.goods[p][g] for p in range(num_players))
        if total != GOODS_IN_BOX:
            raise StateFormatError(_("{field}: {total} {good} tiles in the state, the game has {count}").format(
                field='goods', total=total, good=GOODS[g], count=GOODS_IN_BOX))
    if sum(state.post) != NUM_GOODS * ON_TRADING_POST:
        raise StateFormatError(_("{field}: holds {count} goods (swaps are 1-for-1), not {total}").format(
            field='trading_post', count=NUM_GOODS * ON_TRADING_POST, total=sum(state.post)))
    if state.dog_storage + sum(state.dogs) != NUM_DOGS:
        raise StateFormatError(_("{field}: {count} dog tiles in the state, the game has {total}").format(
            field='dogs', count=state.dog_storage + sum(state.dogs), total=NUM_DOGS))
    # Forest tiles: each once; a tile face up or seen has a known identity.
    fixed = [t for t in state.forest if t >= 0]
    if len(set(fixed)) != len(fixed):
        raise StateFormatError(_("{field}: a tile lies in two places").format(field='forest'))
    for i in range(NUM_POSITIONS):
        if state.up >> i & 1 and not state.seen >> i & 1:
            raise StateFormatError(_("{field}: a face-up tile has been seen").format(field=f"forest[{i}].seen"))
        if state.seen >> i & 1 and state.forest[i] == S.UNKNOWN:
            raise StateFormatError(_("{field}: a seen tile has a known identity, not 'unknown'").format(
                field=f"forest[{i}].tile"))
    # Huts: each once, in a stack, face up or built.
    places = [(f"huts[{s}]", [state.face_up[s], *state.stacks[s]]) for s in range(NUM_STACKS)]
    places += [(f"players[{p}].built", list(state.built[p])) for p in range(num_players)]
    found: set[int] = set()
    for name, numbers in places:
        for h in numbers:
            if h > 0:
                if h in found:
                    raise StateFormatError(_("{field}: hut {hut} is in two places at once").format(field=name, hut=h))
                found.add(h)
    unknown = sum(stack.count(S.UNKNOWN) for stack in state.stacks)
    if len(found) + unknown != NUM_HUTS:
        raise StateFormatError(_("{field}: {count} huts in the state, the game has {total}").format(
            field='huts', count=len(found) + unknown, total=NUM_HUTS))
    for s in range(NUM_STACKS):
        if len(state.stacks[s]) + (state.face_up[s] > 0) > STACK_SIZE:
            raise StateFormatError(_("{field}: a stack holds at most {count} huts").format(
                field=f"huts[{s}]", count=STACK_SIZE))
    # Goods cards.
    if cards:
        pool = view.card_pool(state)
        for kind, n in enumerate(pool):
            if n < 0:
                raise StateFormatError(_("goods cards: {count} {kind} cards in the state, the game has {total}").format(
                    count=CARD_COUNTS[kind] - n, kind=CARD_NAMES[kind], total=CARD_COUNTS[kind]))
        if state.pile.count(S.UNKNOWN) != sum(pool):
            raise StateFormatError(_("goods cards: {unknown} unknown cards, but {count} cards "
                                     "are not placed anywhere").format(
                unknown=state.pile.count(S.UNKNOWN), count=sum(pool)))
        for i in range(state.pile_hidden, len(state.pile)):
            if state.pile[i] == S.UNKNOWN:
                raise StateFormatError(_("{field}: only the first {hidden} (unseen) cards can be 'unknown'").format(
                    field=f"pile.cards[{i}]", hidden=state.pile_hidden))
        if state.martin != TRADING_POST and state.martin not in SPACE_OF_GOOD:
            raise StateFormatError(
                _("{field}: Martin stands on the trading post or a goods space, not {place}").format(
                    field='martin', place=repr(RING[state.martin]))
            )
    elif any(state.cards_pub) or any(state.cards_priv):
        raise StateFormatError(_("{field}: goods cards only with the cards expansion").format(field='players'))
    # The pending node.
    check_frame(state)
    stage, phase, cur = state.stage, state.phase, state.cur
    allowed = {
        S.SETUP: (S.HUT_REVEAL,),
        S.PLAY: (S.HUT_REVEAL, S.TILE_REVEAL, S.DRAW_CARD, S.CHOOSE_TILE, S.MARTIN, S.TRADE, S.BUILD, S.SWAP),
        S.OVER: (S.GAME_OVER,),
    }
    if stage not in allowed[phase]:
        raise StateFormatError(_("{field}: {stage} cannot be pending in phase {phase}").format(
            field='pending.stage', stage=repr(S.STAGES[stage]), phase=repr(S.PHASES[phase])))
    if (state.tile_pos >= 0) != (stage == S.TILE_REVEAL):
        raise StateFormatError(_("{field}: names the forest place exactly while a tile is being turned up").format(
            field='pending.place'))
    if (state.reveal_stack >= 0) != (stage == S.HUT_REVEAL):
        raise StateFormatError(_("{field}: names the stack exactly while a hut is turning up").format(
            field='pending.stack'))
    if (state.trade_given or state.trade_taken) and stage != S.TRADE:
        raise StateFormatError(_("{field}: swaps are recorded only during a visit to the trading post").format(
            field='pending.trade'))
    if phase == S.SETUP:
        s = state.reveal_stack
        if state.turn or any(state.face_up[s:]) or not all(state.face_up[:s]) or state.up or state.seen:
            raise StateFormatError(_("{field}: during the setup the huts turn up stack by "
                                     "stack, before any turn").format(
                field='pending'))
        _check_setup(state)
    for s in range(NUM_STACKS):
        # During the setup the stacks from the one turning up on show nothing yet; in play only the
        # stack just built from waits for its next hut.
        waiting = stage == S.HUT_REVEAL and (s == state.reveal_stack or (phase == S.SETUP and s > state.reveal_stack))
        if not state.face_up[s] and state.stacks[s] and not waiting and stage != S.GAME_OVER:
            raise StateFormatError(_("{field}: a stack with face-down huts shows its top hut").format(
                field=f"huts[{s}]"))
    if stage == S.HUT_REVEAL and (state.face_up[state.reveal_stack] or not state.stacks[state.reveal_stack]):
        raise StateFormatError(_("{field}: 'hut' needs a stack with no face-up hut and a face-down one").format(
            field='pending.stage'))
    if stage == S.TILE_REVEAL and (state.seen >> state.tile_pos & 1):
        raise StateFormatError(_("{field}: 'reveal' needs a forest tile nobody has seen (seen "
                                 "ones need no chance)").format(
            field='pending.stage'))
    if stage == S.CHOOSE_TILE and (S.ALL_PLACES & ~state.up).bit_count() < 2:
        raise StateFormatError(_("{field}: 'turn' needs two face-down forest tiles (a last one "
                                 "is turned at once)").format(
            field='pending.stage'))
    at_site = state.pos[cur] == BUILDING_SITE
    after_building = (S.BUILD, S.SWAP, S.DRAW_CARD) + ((S.HUT_REVEAL,) if phase == S.PLAY else ())
    if stage in after_building and not at_site:
        raise StateFormatError(_("{field}: {stage} happens on the building site").format(
            field='pending.stage', stage=repr(S.STAGES[stage])))
    # The building-site tile leads to the building site, where all tiles are turned face down again;
    # so it lies face up only until then. This also keeps a face-down tile for every turn.
    site_tile = TILE_NAMES.index(RING[BUILDING_SITE])
    if site_tile in state.forest:
        place = state.forest.index(site_tile)
        if state.up >> place & 1 and stage not in (S.BUILD, S.DRAW_CARD, S.HUT_REVEAL, S.GAME_OVER):
            raise StateFormatError(_("{field}: the building-site tile lies face up only until "
                                     "the player it led to the building site "
            "has finished there, not during {stage}").format(field=f"forest[{place}].up", stage=repr(S.STAGES[stage])))
    if state.trade_given & state.trade_taken:
        raise StateFormatError(_("{field}: a good taken from the trading post in a visit is "
                                 "not given back in it").format(
            field='pending.trade'))
    if state.game.one_swap and (state.trade_given or state.trade_taken):
        raise StateFormatError(_("{field}: with one_swap a visit ends after its one swap").format(
            field='pending.trade'))
    if stage == S.SWAP and state.up:
        raise StateFormatError(_("{field}: 'swap' comes after the reset, with all forest tiles face down").format(
            field='pending.stage'))
    if stage == S.BUILD and not view.must_decide_build(state, cur):
        raise StateFormatError(_("{field}: 'build' needs a hut the player can pay for (or a face-down card)").format(
            field='pending.stage'))
    if stage == S.DRAW_CARD and not (cards and state.pile_hidden):
        raise StateFormatError(_("{field}: 'draw' needs the expansion and an unseen card on the pile").format(
            field='pending.stage'))
    if stage == S.TRADE and (state.pos[cur] != TRADING_POST or not view.trades(state, cur)):
        raise StateFormatError(_("{field}: 'trade' needs the player on the trading post with a possible swap").format(
            field='pending.stage'))
    if stage == S.MARTIN and (not cards or state.pos[cur] != state.martin):
        raise StateFormatError(_("{field}: 'martin' needs the player on Martin's space").format(field='pending.stage'))
    if stage < S.FIRST_DECISION and not state.chance_weights():
        raise StateFormatError(_("{field}: {stage} has no possible outcome").format(
            field='pending.stage', stage=repr(S.STAGES[stage])))
    winners = hut_race_winners(state)
    if bool(winners) != (stage == S.GAME_OVER):
        raise StateFormatError(_("{field}: the game is over exactly when a player has built 3 huts").format(
            field='pending.stage'))


def _check_setup(state: StoneAgeJuniorState) -> None:
    """During the setup nothing has moved yet: only the huts are turning up, for the first player."""
    fresh = state.game.new_initial_state()
    if state.cur != fresh.cur:
        raise StateFormatError(_("{field}: the setup is done for the first player, {seat}").format(
            field='pending.player', seat=fresh.cur))
    same = (
        ("figures", state.pos == fresh.pos), ("supply", state.supply == fresh.supply),
        ("trading_post", state.post == fresh.post), ("dog_storage", state.dog_storage == fresh.dog_storage),
        ("players", state.goods == fresh.goods and state.dogs == fresh.dogs and not any(state.built)
         and not any(state.cards_pub) and not any(state.cards_priv)),
        ("martin", state.martin == fresh.martin),
        ("pile", len(state.pile) == state.pile_hidden == len(fresh.pile)),
    )
    for name, ok in same:
        if not ok:
            raise StateFormatError(_("{field}: during the setup everything lies as dealt").format(field=name))
