"""A state as JSON (docs/first-stone-age.md) and as one player sees it (observation)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from stoneage.core.contract import JSON
from stoneage.core.errors import StateFormatError
from stoneage.core.fields import FieldReader
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
from stoneage.games.first_stone_age import actions as A, stages as S
from stoneage.games.first_stone_age.data import (
    CARD_COUNTS,
    CARD_NAMES,
    CIRCLE_SIZE,
    GOODS,
    GUFF,
    HUT_MASKS,
    HUTS,
    MOVE_MAX,
    NUM_HUTS,
    NUM_KINDS,
)
from stoneage.games.first_stone_age.tallies import recount
from stoneage.games.first_stone_age.view import can_keep, cards_of, is_stalemate, needs, unknown_pool

if TYPE_CHECKING:
    from stoneage.games.family.state import Event
    from stoneage.games.first_stone_age.game import FirstStoneAgeGame
    from stoneage.games.first_stone_age.state import FirstStoneAgeState

GAME_NAME = "first_stone_age"
FORMAT_VERSION = 1
UNKNOWN_NAME = "unknown"


def _encode(field: str, event: Event, index: int) -> Any:
    value = event[index]
    if field == "card":
        return CARD_NAMES[value]
    if field == "as":
        return GOODS[value]
    return value  # slot (0-based), hut (1..15), steps


def _decode(r: FieldReader, field: str, slots: list[int], players: int) -> int:
    if field == "slot":
        return r.integer(field, 0, CIRCLE_SIZE - 1)
    if field == "card":
        return r.choice(field, CARD_NAMES)
    if field == "as":
        return r.choice(field, GOODS)
    if field == "hut":
        return r.integer(field, 1, NUM_HUTS)
    return r.integer(field, 1, MOVE_MAX)  # steps


EVENT_TABLE = EventTable(S.EVENTS, S.EVENT_FIELDS, _encode, _decode)


def _card_name(kind: int) -> str:
    return UNKNOWN_NAME if kind == S.UNKNOWN else CARD_NAMES[kind]


def _player_json(state: FirstStoneAgeState, p: int) -> JSON:
    return {
        "hut": state.huts[p] or None,
        "cards": [CARD_NAMES[k] for k in cards_of(state, p)],
        "guff_as": GOODS[state.guff_as[p]] if state.guff_as[p] >= 0 else None,
        "built": list(state.built[p]),
    }


def state_to_json(state: FirstStoneAgeState) -> JSON:
    """The whole state, losslessly (hidden information included)."""
    return {
        **state_frame(state, GAME_NAME, FORMAT_VERSION),
        "pending": {"stage": S.STAGES[state.stage], "player": state.cur},
        "martin": state.martin if state.martin >= 0 else None,
        "circle": [
            None if kind == S.EMPTY else {"card": _card_name(kind), "seen": bool(state.seen >> s & 1)}
            for s, kind in enumerate(state.circle)
        ],
        "draw_pile": {
            "top": CARD_NAMES[state.top] if state.top >= 0 else None,
            "below": [_card_name(k) for k in state.pile],
            "unseen": state.pile_hidden,
        },
        "box": [CARD_NAMES[k] for k in S.removed_cards(state.num_players)],
        "hut_pile": {
            "huts": [h + 1 for h in range(NUM_HUTS) if state.hut_pile >> h & 1],
            "order": list(state.hut_order),
        },
        "players": [_player_json(state, p) for p in range(state.num_players)],
        **state_tail(state, EVENT_TABLE),
    }


def observation(state: FirstStoneAgeState, player: int | None) -> JSON:
    """What ``player`` may know (``None``: a spectator): everything face up now and the public log
    of what was seen. The card game hides nothing from one player that it shows another, so every
    seat's observation is the spectator's with its own ``observer``.

    No face-down card's kind is in it (the circle shows ``"down"``); a player who remembers the
    log can work out the kinds of the cards that were seen before they were turned back.
    """
    guff_up = state.stage == S.GUFF_CHOICE
    circle: list[str | None] = []
    for s, kind in enumerate(state.circle):
        if kind == S.EMPTY:
            circle.append(None)
        elif guff_up and s == state.martin:
            circle.append(CARD_NAMES[kind])
        else:
            circle.append("down")
    over = state.stage == S.GAME_OVER
    return {
        **observation_frame(state, GAME_NAME, player),
        "pending": {"stage": S.STAGES[state.stage], "player": state.cur},
        "martin": state.martin if state.martin >= 0 else None,
        "circle": circle,
        "draw_pile": {
            "top": CARD_NAMES[state.top] if state.top >= 0 else None,
            "size": len(state.pile) + (state.top >= 0),
        },
        "box": [CARD_NAMES[k] for k in S.removed_cards(state.num_players)],
        "hut_pile_size": state.hut_pile.bit_count(),
        "players": [
            {
                "hut": {"number": state.huts[p], "goods": [GOODS[g] for g in HUTS[state.huts[p] - 1]]}
                if state.huts[p] else None,
                "cards": [CARD_NAMES[k] for k in cards_of(state, p)],
                "guff_as": GOODS[state.guff_as[p]] if state.guff_as[p] >= 0 else None,
                "needs": [GOODS[g] for g in range(len(GOODS)) if needs(state, p) >> g & 1],
                "built": list(state.built[p]),
            }
            for p in range(state.num_players)
        ],
        **observation_tail(state, EVENT_TABLE),
        "stalemate": over and state.winner() < 0,
    }


def observed_step_target(circle: Sequence[object], martin: int, steps: int) -> int:
    """The place Martin reaches from ``martin`` moving ``steps`` cards on, in an observation's
    ``circle`` (where an empty place is ``None``): ``view.step_target`` as the players see it."""
    pos = martin
    for _step in range(steps):
        pos = (pos + 1) % CIRCLE_SIZE
        while circle[pos] is None:
            pos = (pos + 1) % CIRCLE_SIZE
    return pos


# --- reading ------------------------------------------------------------------------------------


_KINDS_OR_UNKNOWN = (*CARD_NAMES, UNKNOWN_NAME)


def _kind(value: Any, name: str) -> int:
    if not isinstance(value, str) or value not in _KINDS_OR_UNKNOWN:
        raise StateFormatError(_("{field}: {value} is not one of {names}").format(
            field=name, value=repr(value), names=', '.join(_KINDS_OR_UNKNOWN)))
    return S.UNKNOWN if value == UNKNOWN_NAME else CARD_NAMES.index(value)


def _read_player(state: FirstStoneAgeState, p: int, r: FieldReader) -> None:
    hut = max(r.optional("hut", 1, NUM_HUTS), 0)
    state.huts[p] = hut
    names = r.items("cards")
    kinds = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in CARD_NAMES:
            raise StateFormatError(_("{field}: {name} is not one of {names}").format(
                field=f"{r.name('cards')}[{i}]", name=repr(name), names=', '.join(CARD_NAMES)))
        kinds.append(CARD_NAMES.index(name))
    if len(set(kinds)) != len(kinds):
        raise StateFormatError(_("{field}: a player collects each good once").format(field=r.name('cards')))
    guff_as = r.choice("guff_as", GOODS, nullable=True)
    if (GUFF in kinds) != (guff_as >= 0):
        raise StateFormatError(_("{field}: names the good Guff stands for exactly when Guff is held").format(
            field=r.name('guff_as')))
    have = 0
    for kind in kinds:
        if kind != GUFF:
            have |= 1 << kind
    if guff_as >= 0:
        if have >> guff_as & 1:
            raise StateFormatError(_("{field}: Guff cannot stand for a good also collected").format(
                field=r.name('guff_as')))
        have |= 1 << guff_as
    if have and not hut:
        raise StateFormatError(_("{field}: a player without a hut collects nothing").format(field=r.name('cards')))
    if hut and have & ~HUT_MASKS[hut - 1]:
        raise StateFormatError(_("{field}: goods that hut {hut} does not need").format(field=r.name('cards'), hut=hut))
    state.have[p] = have
    state.guff_as[p] = guff_as
    state.built[p] = read_built(r, NUM_HUTS)


def state_from_json(game: FirstStoneAgeGame, data: object, state: FirstStoneAgeState) -> FirstStoneAgeState:
    """``state`` (a blank one: ``FirstStoneAgeState()``) filled from ``state_to_json`` output; raises
    ``StateFormatError`` naming the bad field."""
    r, _pending = read_frame(state, game, data, GAME_NAME, FORMAT_VERSION, S.STAGES)
    num_players = game.num_players
    state.martin = r.optional("martin", 0, CIRCLE_SIZE - 1)
    state.circle = [S.EMPTY] * CIRCLE_SIZE
    state.seen = 0
    for s, item in enumerate(r.items("circle", CIRCLE_SIZE)):
        if item is None:
            continue
        place = FieldReader(item, f"circle[{s}]")
        state.circle[s] = _kind(place.raw("card"), place.name("card"))
        if place.boolean("seen"):
            state.seen |= 1 << s
    pile = r.sub("draw_pile")
    state.top = pile.choice("top", CARD_NAMES, nullable=True)
    if state.top < 0:
        state.top = S.EMPTY
    state.pile = [_kind(k, f"draw_pile.below[{i}]") for i, k in enumerate(pile.items("below"))]
    state.pile_hidden = pile.integer("unseen", 0, len(state.pile))
    box = r.raw("box")
    expected_box = [CARD_NAMES[k] for k in S.removed_cards(num_players)]
    if box != expected_box:
        raise StateFormatError(_("{field}: with {count} players the box holds {expected}, not {box}").format(
            field='box', count=num_players, expected=repr(expected_box), box=repr(box)))
    huts = r.sub("hut_pile")
    state.hut_pile = 0
    for h in huts.integers("huts", 1, NUM_HUTS):
        state.hut_pile |= 1 << (h - 1)
    state.hut_order = tuple(huts.integers("order", 1, NUM_HUTS))
    players = r.items("players", num_players)
    state.huts = [0] * num_players
    state.have = [0] * num_players
    state.guff_as = [-1] * num_players
    for p in range(num_players):
        _read_player(state, p, FieldReader(players[p], f"players[{p}]"))
    read_history_and_log(state, r, EVENT_TABLE, A.NUM_ACTIONS)
    recount(state)
    check_consistency(state)
    return state


def check_consistency(state: FirstStoneAgeState) -> None:
    """Raise ``StateFormatError`` unless cards, huts and the pending node fit together."""
    num_players = state.num_players
    circle = state.circle
    # Goods cards: every one of the game's cards is in exactly one place.
    pool = unknown_pool(state)
    for kind in range(NUM_KINDS):
        if pool[kind] < 0:
            total = CARD_COUNTS[kind] - S.removed_cards(num_players).count(kind)
            raise StateFormatError(
                _("goods cards: {count} {kind} cards in the state, the game has {total}").format(
                    count=total - pool[kind], kind=CARD_NAMES[kind], total=total)
            )
    unknown = circle.count(S.UNKNOWN) + state.pile.count(S.UNKNOWN)
    if unknown != sum(pool):
        raise StateFormatError(
            _("goods cards: {unknown} unknown cards, but {count} cards are not placed anywhere").format(
                unknown=unknown, count=sum(pool))
        )
    for s in range(CIRCLE_SIZE):
        if state.seen >> s & 1 and circle[s] == S.UNKNOWN:
            raise StateFormatError(_("{field}: a seen card has a known kind, not 'unknown'").format(
                field=f"circle[{s}].card"))
    for i in range(state.pile_hidden, len(state.pile)):
        if state.pile[i] == S.UNKNOWN:
            raise StateFormatError(_("{field}: only the first {count} (unseen) cards can be 'unknown'").format(
                field=f"draw_pile.below[{i}]", count=state.pile_hidden))
    # Hut cards: in the pile, being collected for, or built, each once.
    seen_huts = state.hut_pile
    places = [(f"players[{p}].hut", [state.huts[p]] if state.huts[p] else []) for p in range(num_players)]
    places += [(f"players[{p}].built", list(state.built[p])) for p in range(num_players)]
    for name, numbers in places:
        for h in numbers:
            if seen_huts >> (h - 1) & 1:
                raise StateFormatError(_("{field}: hut {hut} is in two places at once").format(field=name, hut=h))
            seen_huts |= 1 << (h - 1)
    if seen_huts != (1 << NUM_HUTS) - 1:
        missing = [h + 1 for h in range(NUM_HUTS) if not seen_huts >> h & 1]
        raise StateFormatError(_("hut {hut} is missing from the state").format(hut=missing[0]))
    order = state.hut_order
    if len(set(order)) != len(order) or any(not state.hut_pile >> (h - 1) & 1 for h in order):
        raise StateFormatError(_("{field}: lists distinct huts of the hut pile").format(field='hut_pile.order'))
    # The pending node.
    check_frame(state)
    stage, phase = state.stage, state.phase
    allowed = {
        S.SETUP: (S.DEAL_HUT, S.DRAW_TOP, S.START),
        S.PLAY: (S.DEAL_HUT, S.DRAW_TOP, S.REVEAL_CARD, S.MOVE, S.GUFF_CHOICE),
        S.OVER: (S.GAME_OVER,),
    }
    if stage not in allowed[phase]:
        raise StateFormatError(_("{field}: {stage} cannot be pending in phase {phase}").format(
            field='pending.stage', stage=repr(S.STAGES[stage]), phase=repr(S.PHASES[phase])))
    if (state.martin < 0) != (phase == S.SETUP):
        raise StateFormatError(_("{field}: Martin stands beside a circle card from the start on, and only then").format(
            field='martin'))
    if phase == S.SETUP and (S.EMPTY in circle or state.seen):
        raise StateFormatError(_("{field}: during the setup all 9 cards lie face down, unseen").format(field='circle'))
    if phase == S.SETUP:
        _check_setup(state)
    elif all(kind == S.EMPTY for kind in circle):
        raise StateFormatError(_("{field}: a card is kept only from a circle that keeps "
                                 "others, so one card is left").format(
            field='circle'))
    # Every seat collects for a hut while the hut pile lasts; only a seat just dealt to waits for one.
    for p in range(num_players):
        waiting = stage == S.DEAL_HUT and (p == state.cur or (phase == S.SETUP and p > state.cur))
        if not state.huts[p] and state.hut_pile and not waiting and stage != S.GAME_OVER:
            raise StateFormatError(_("{field}: every player holds a hut card while the hut pile lasts").format(
                field=f"players[{p}].hut"))
    if state.top == S.EMPTY and state.pile and stage != S.DRAW_TOP and phase != S.SETUP:
        raise StateFormatError(_("{field}: the draw pile shows its top card whenever it has one").format(
            field='draw_pile.top'))
    if stage == S.DRAW_TOP and (state.top != S.EMPTY or not state.pile_hidden):
        raise StateFormatError(_("{field}: 'draw' needs no top card and an unseen card below it").format(
            field='pending.stage'))
    if stage == S.REVEAL_CARD and (circle[state.martin] == S.EMPTY or state.seen >> state.martin & 1):
        raise StateFormatError(_("{field}: 'reveal' needs an unseen card beside Martin").format(field='pending.stage'))
    if stage == S.GUFF_CHOICE and (
        circle[state.martin] != GUFF or not state.seen >> state.martin & 1 or not can_keep(state, state.cur, GUFF)
    ):
        raise StateFormatError(_("{field}: 'guff' needs Guff face up beside Martin and a "
                                 "player who can keep him").format(
            field='pending.stage'))
    if (stage in (S.DEAL_HUT, S.DRAW_TOP, S.REVEAL_CARD)) and not state.chance_weights():
        raise StateFormatError(_("{field}: {stage} has no possible outcome").format(
            field='pending.stage', stage=repr(S.STAGES[stage])))
    if stage == S.DEAL_HUT and state.huts[state.cur]:
        raise StateFormatError(_("{field}: player {seat} already has a hut to collect for").format(
            field='pending.player', seat=state.cur))
    for p in range(num_players):
        h = state.huts[p]
        complete = bool(h) and state.have[p] == HUT_MASKS[h - 1]
        if complete and not (p == state.cur and stage == S.DRAW_TOP and phase == S.PLAY):
            raise StateFormatError(_("{field}: a complete hut is built at once").format(field=f"players[{p}]"))
    winners = hut_race_winners(state)
    if winners and stage != S.GAME_OVER:
        raise StateFormatError(_("{field}: player {seat} built 3 huts, so the game is over").format(
            field='pending.stage', seat=winners[0]))
    if stage == S.MOVE and is_stalemate(state):
        raise StateFormatError(_("{field}: no circle card can ever be kept again, so the game is over").format(
            field='pending.stage'))
    if stage == S.GAME_OVER and not winners and not is_stalemate(state):
        raise StateFormatError(_("{field}: the game is over only after a third hut or in a stalemate").format(
            field='pending.stage'))


def _check_setup(state: FirstStoneAgeState) -> None:
    """During the setup the hut cards go round from the first seat, then the draw pile shows its top
    card; nothing is collected yet."""
    if any(state.have) or any(state.built):
        raise StateFormatError(_("{field}: nobody collects or builds during the setup").format(field='players'))
    if state.stage == S.DEAL_HUT and any(state.huts[p] for p in range(state.cur, state.num_players)):
        raise StateFormatError(_("{field}: the hut cards are dealt seat by seat; player {seat} is next").format(
            field='players', seat=state.cur))
    if state.stage == S.START and (state.cur != state.game.first_player or state.top == S.EMPTY):
        raise StateFormatError(_("{field}: the first player places Martin once the draw pile "
                                 "shows its top card").format(
            field='pending'))
    if state.pile_hidden != len(state.pile):
        raise StateFormatError(_("{field}: nobody has seen a card below the top during the setup").format(
            field='draw_pile.unseen'))
