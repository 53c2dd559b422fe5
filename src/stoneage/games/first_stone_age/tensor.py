"""My First Stone Age as numbers: the observation and the information state (docs/research.md).

The card game hides nothing from one player that it shows another: the observation is what lies
face up now (Martin, the Guff card being decided on, the draw pile's top card, every seat's hut
and goods) and the information state adds what a perfect memory knows of the face-down cards
(the kind of every circle card seen since it was laid, the cards seen going under the draw pile,
and so how many of each kind nobody has seen). Seats are relative: the viewer first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.tensor import Layout
from stoneage.games.family.data import NUM_GOODS
from stoneage.games.family.tensor import Slots, family_slots, put_family, seat_order, starts
from stoneage.games.first_stone_age import stages as S
from stoneage.games.first_stone_age.data import (
    CARD_COUNTS,
    CIRCLE_SIZE,
    GUFF,
    NUM_GOODS_CARDS,
    NUM_HUTS,
    NUM_KINDS,
)
from stoneage.games.first_stone_age.view import needs

if TYPE_CHECKING:
    from stoneage.games.first_stone_age.game import FirstStoneAgeGame
    from stoneage.games.first_stone_age.state import FirstStoneAgeState

PILE_PLACES = NUM_GOODS_CARDS - 1
"""Places of the draw pile below its face-up top card the memory slots describe (the pile never
holds more: the circle keeps at least one card while the game runs)."""
KINDS = "berry, fish, jug, arrowhead, tooth, guff"


class FirstStoneAgeTensors:
    """The layouts of one game's parameters and the encoders of its states."""

    def __init__(self, game: FirstStoneAgeGame) -> None:
        n = game.num_players
        self.num_players = n
        observed: Slots = [
            *family_slots(n, S.STAGES),
            ("martin", CIRCLE_SIZE, "one-hot of the circle place Martin stands beside (zeros before the start)"),
            ("circle", CIRCLE_SIZE, "1 where a card lies in the circle (face down unless being decided on)"),
            ("face_up", NUM_KINDS,
             f"one-hot of the card face up beside Martin ({KINDS}): Guff while its keeper decides"),
            ("top", NUM_KINDS, f"one-hot of the draw pile's face-up top card ({KINDS}); zeros when none"),
            ("pile_size", 1, f"cards in the draw pile, its top included / {NUM_GOODS_CARDS}"),
            ("hut_pile", NUM_HUTS, "1 for each hut number 1..15 still in the hut pile (its order is hidden)"),
            ("hut", n * NUM_HUTS, "per seat (relative), one-hot of the hut card it collects for"),
            ("goods", n * NUM_GOODS, "per seat (relative), 1 for each good collected (Guff counted as its good)"),
            ("guff", n * NUM_GOODS, "per seat (relative), one-hot of the good its Guff stands for; zeros without Guff"),
            ("needs", n * NUM_GOODS, "per seat (relative), 1 for each good its hut still needs"),
        ]
        memory: Slots = [
            ("circle_known", CIRCLE_SIZE * NUM_KINDS,
             f"per circle place, one-hot of the face-down card's kind ({KINDS}) when it was seen since it was laid"),
            ("circle_unknown", CIRCLE_SIZE, "1 where a face-down card lies that nobody has seen"),
            ("unseen_kinds", NUM_KINDS,
             "per kind, cards nobody has seen (circle and draw pile) / the kind's count in the box (4, Guff 1)"),
            ("pile_known", PILE_PLACES * NUM_KINDS,
             "per draw-pile place below the top (top first), one-hot of the card's kind when it was seen going "
             "under; zeros for an unseen card or no card"),
            ("pile_unseen", 1, f"draw-pile cards below the top that nobody has seen / {PILE_PLACES}"),
        ]
        self.observation_layout = Layout(observed)
        self.information_state_layout = Layout(observed + memory)
        self._at = starts(self.information_state_layout)
        self._removed = [0] * NUM_KINDS
        for kind in S.removed_cards(n):
            self._removed[kind] += 1

    def observation(self, state: FirstStoneAgeState, player: int) -> list[float]:
        """What ``player`` sees now (every seat sees the same, told from its own seat)."""
        vector = [0.0] * self.observation_layout.size
        self._observe(vector, state, player)
        return vector

    def information_state(self, state: FirstStoneAgeState, player: int) -> list[float]:
        """The observation, then what a perfect memory knows of the face-down cards."""
        vector = [0.0] * self.information_state_layout.size
        self._observe(vector, state, player)
        self._remember(vector, state)
        return vector

    def _observe(self, vector: list[float], state: FirstStoneAgeState, player: int) -> None:
        at = self._at
        seats = seat_order(player, self.num_players)
        put_family(vector, at, state, seats)
        if state.martin >= 0:
            vector[at["martin"] + state.martin] = 1.0
            if state.stage == S.GUFF_CHOICE:
                vector[at["face_up"] + state.circle[state.martin]] = 1.0
        circle_at = at["circle"]
        for s, kind in enumerate(state.circle):
            if kind != S.EMPTY:
                vector[circle_at + s] = 1.0
        if state.top >= 0:
            vector[at["top"] + state.top] = 1.0
        vector[at["pile_size"]] = (len(state.pile) + (state.top >= 0)) / NUM_GOODS_CARDS
        hut_pile, pile_at = state.hut_pile, at["hut_pile"]
        for h in range(NUM_HUTS):
            if hut_pile >> h & 1:
                vector[pile_at + h] = 1.0
        hut_at, goods_at, guff_at, needs_at = at["hut"], at["goods"], at["guff"], at["needs"]
        for rel, seat in enumerate(seats):
            number = state.huts[seat]
            have = state.have[seat]
            need = needs(state, seat)
            if number:
                vector[hut_at + rel * NUM_HUTS + number - 1] = 1.0
            base = rel * NUM_GOODS
            for g in range(NUM_GOODS):
                if have >> g & 1:
                    vector[goods_at + base + g] = 1.0
                if need >> g & 1:
                    vector[needs_at + base + g] = 1.0
            if state.guff_as[seat] >= 0:
                vector[guff_at + base + state.guff_as[seat]] = 1.0

    def _remember(self, vector: list[float], state: FirstStoneAgeState) -> None:
        at = self._at
        unseen = [CARD_COUNTS[k] - self._removed[k] for k in range(NUM_KINDS)]
        known_at, unknown_at = at["circle_known"], at["circle_unknown"]
        seen = state.seen
        for s, kind in enumerate(state.circle):
            if kind == S.EMPTY:
                continue
            if seen >> s & 1:
                vector[known_at + s * NUM_KINDS + kind] = 1.0
                unseen[kind] -= 1
            else:
                vector[unknown_at + s] = 1.0
        if state.top >= 0:
            unseen[state.top] -= 1
        pile, hidden = state.pile, state.pile_hidden
        pile_at = at["pile_known"]
        for i in range(hidden, len(pile)):
            unseen[pile[i]] -= 1
            if i < PILE_PLACES:
                vector[pile_at + i * NUM_KINDS + pile[i]] = 1.0
        vector[at["pile_unseen"]] = min(hidden / PILE_PLACES, 1.0)
        for seat in range(self.num_players):
            have, guff = state.have[seat], state.guff_as[seat]
            for g in range(NUM_GOODS):
                if have >> g & 1 and g != guff:
                    unseen[g] -= 1
            if guff >= 0:
                unseen[GUFF] -= 1
        unseen_at = at["unseen_kinds"]
        for k in range(NUM_KINDS):
            vector[unseen_at + k] = unseen[k] / CARD_COUNTS[k]
