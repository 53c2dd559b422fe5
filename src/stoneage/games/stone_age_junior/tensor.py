"""Stone Age Junior as numbers: the observation and the information state (docs/research.md).

The observation is what lies open now: figures, goods on the board and held by every seat, dogs,
the face-up forest tiles and huts, the trading visit under way and, with the card expansion,
Martin, the pile's size, the goods cards of known kind and the viewer's own face-down cards. The
information state adds what a perfect memory knows: the tile in every forest place turned up
before (swaps are public, so a seen tile is followed to its new place), and with the expansion the
cards seen going under the pile and how many of each kind the viewer has not seen. Seats are
relative: the viewer first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stoneage.core.tensor import Layout
from stoneage.games.family.tensor import Slots, family_slots, put_family, seat_order, starts
from stoneage.games.stone_age_junior import stages as S
from stoneage.games.stone_age_junior.data import (
    CARD_COUNTS,
    CARDS_IN_PILE,
    GOODS_IN_BOX,
    NUM_DOGS,
    NUM_GOODS,
    NUM_HUTS,
    NUM_KINDS,
    NUM_POSITIONS,
    NUM_STACKS,
    NUM_TILES,
    RING_SIZE,
    STACK_SIZE,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from stoneage.games.stone_age_junior.game import StoneAgeJuniorGame
    from stoneage.games.stone_age_junior.state import StoneAgeJuniorState

KINDS = "berry, fish, jug, arrowhead, tooth, guff"
TILES = ", ".join(TILE_NAMES)
RING_NAMES = "building site, dog, tooth, berry, jug, arrowhead, fish, trading post"


class StoneAgeJuniorTensors:
    """The layouts of one game's parameters and the encoders of its states."""

    def __init__(self, game: StoneAgeJuniorGame) -> None:
        n = game.num_players
        self.num_players = n
        self.cards = game.cards
        observed: Slots = [
            *family_slots(n, S.STAGES),
            ("figures", n * RING_SIZE, f"per seat (relative), one-hot of its figure's ring space ({RING_NAMES})"),
            ("supply", NUM_GOODS, f"per good, goods on its own space / {GOODS_IN_BOX}"),
            ("trading_post", NUM_GOODS, f"per good, goods on the trading post / {GOODS_IN_BOX}"),
            ("dog_storage", 1, f"dog tiles in the storage / {NUM_DOGS}"),
            ("forest_up", NUM_POSITIONS, "1 where the forest tile lies face up now"),
            ("forest_tiles", NUM_POSITIONS * NUM_TILES,
             f"per forest place, one-hot of its tile when face up now ({TILES})"),
            ("turning", NUM_POSITIONS, "one-hot of the forest place being turned up (its tile still to come)"),
            ("huts_face_up", NUM_STACKS * NUM_HUTS, "per stack, one-hot of its face-up hut number 1..15"),
            ("huts_below", NUM_STACKS, f"per stack, face-down huts / {STACK_SIZE}"),
            ("reveal_stack", NUM_STACKS, "one-hot of the stack whose next hut is turning up"),
            ("goods", n * NUM_GOODS, f"per seat (relative), goods tiles held per good / {GOODS_IN_BOX}"),
            ("dogs", n, f"per seat (relative), dog tiles held / {NUM_DOGS}"),
            ("trade_given", NUM_GOODS, "1 for each good given to the trading post in this visit"),
            ("trade_taken", NUM_GOODS, "1 for each good taken from the trading post in this visit"),
        ]
        memory: Slots = [
            ("forest_known", NUM_POSITIONS * NUM_TILES,
             "per forest place, one-hot of the tile lying there when it was ever turned up (followed through swaps)"),
            ("forest_unknown", NUM_POSITIONS, "1 where the tile lying there was never turned up"),
        ]
        if self.cards:
            observed += [
                ("martin", RING_SIZE, "(cards expansion) one-hot of Martin's ring space"),
                ("pile_size", 1, f"(cards expansion) goods cards in the pile / {CARDS_IN_PILE}"),
                ("cards_public", n * NUM_KINDS,
                 f"(cards expansion) per seat (relative), goods cards of known kind held per kind ({KINDS}) "
                 "/ the kind's count (4, Guff 1)"),
                ("cards_hidden", n, f"(cards expansion) per seat (relative), face-down goods cards / {CARDS_IN_PILE}"),
                ("own_hidden", NUM_KINDS,
                 "(cards expansion) the viewer's own face-down goods cards per kind / the kind's count"),
            ]
            memory += [
                ("pile_known", CARDS_IN_PILE * NUM_KINDS,
                 "(cards expansion) per pile place (top first), one-hot of the card's kind when it was seen going "
                 "under; zeros for an unseen card or no card"),
                ("pile_unseen", 1, f"(cards expansion) pile cards nobody has seen / {CARDS_IN_PILE}"),
                ("unknown_kinds", NUM_KINDS,
                 "(cards expansion) per kind, goods cards whose place the viewer cannot tell (unseen pile cards "
                 "and the others' face-down cards) / the kind's count"),
            ]
        self.observation_layout = Layout(observed)
        self.information_state_layout = Layout(observed + memory)
        self._at = starts(self.information_state_layout)

    def observation(self, state: StoneAgeJuniorState, player: int) -> list[float]:
        """What ``player`` sees now, told from its own seat."""
        vector = [0.0] * self.observation_layout.size
        self._observe(vector, state, player)
        return vector

    def information_state(self, state: StoneAgeJuniorState, player: int) -> list[float]:
        """The observation, then what a perfect memory knows of the face-down tiles and cards."""
        vector = [0.0] * self.information_state_layout.size
        self._observe(vector, state, player)
        self._remember(vector, state, player)
        return vector

    def _observe(self, vector: list[float], state: StoneAgeJuniorState, player: int) -> None:
        at = self._at
        seats = seat_order(player, self.num_players)
        put_family(vector, at, state, seats)
        supply_at, post_at = at["supply"], at["trading_post"]
        given_at, taken_at = at["trade_given"], at["trade_taken"]
        for g in range(NUM_GOODS):
            vector[supply_at + g] = state.supply[g] / GOODS_IN_BOX
            vector[post_at + g] = state.post[g] / GOODS_IN_BOX
            if state.trade_given >> g & 1:
                vector[given_at + g] = 1.0
            if state.trade_taken >> g & 1:
                vector[taken_at + g] = 1.0
        vector[at["dog_storage"]] = state.dog_storage / NUM_DOGS
        up, up_at, tiles_at = state.up, at["forest_up"], at["forest_tiles"]
        for place, tile in enumerate(state.forest):
            if up >> place & 1:
                vector[up_at + place] = 1.0
                vector[tiles_at + place * NUM_TILES + tile] = 1.0
        if state.tile_pos >= 0:
            vector[at["turning"] + state.tile_pos] = 1.0
        face_at, below_at = at["huts_face_up"], at["huts_below"]
        for s in range(NUM_STACKS):
            if state.face_up[s]:
                vector[face_at + s * NUM_HUTS + state.face_up[s] - 1] = 1.0
            vector[below_at + s] = len(state.stacks[s]) / STACK_SIZE
        if state.reveal_stack >= 0:
            vector[at["reveal_stack"] + state.reveal_stack] = 1.0
        figures_at, goods_at, dogs_at = at["figures"], at["goods"], at["dogs"]
        for rel, seat in enumerate(seats):
            vector[figures_at + rel * RING_SIZE + state.pos[seat]] = 1.0
            goods = state.goods[seat]
            base = goods_at + rel * NUM_GOODS
            for g in range(NUM_GOODS):
                vector[base + g] = goods[g] / GOODS_IN_BOX
            vector[dogs_at + rel] = state.dogs[seat] / NUM_DOGS
        if self.cards:
            self._observe_cards(vector, state, seats)

    def _observe_cards(self, vector: list[float], state: StoneAgeJuniorState, seats: list[int]) -> None:
        at = self._at
        vector[at["martin"] + state.martin] = 1.0
        vector[at["pile_size"]] = len(state.pile) / CARDS_IN_PILE
        public_at, hidden_at = at["cards_public"], at["cards_hidden"]
        for rel, seat in enumerate(seats):
            base = public_at + rel * NUM_KINDS
            for kind in state.cards_pub[seat]:
                vector[base + kind] += 1.0 / CARD_COUNTS[kind]
            vector[hidden_at + rel] = len(state.cards_priv[seat]) / CARDS_IN_PILE
        own_at = at["own_hidden"]
        for kind in state.cards_priv[seats[0]]:
            vector[own_at + kind] += 1.0 / CARD_COUNTS[kind]

    def _remember(self, vector: list[float], state: StoneAgeJuniorState, player: int) -> None:
        at = self._at
        seen, known_at, unknown_at = state.seen, at["forest_known"], at["forest_unknown"]
        for place, tile in enumerate(state.forest):
            if seen >> place & 1:
                vector[known_at + place * NUM_TILES + tile] = 1.0
            else:
                vector[unknown_at + place] = 1.0
        if not self.cards:
            return
        unknown = list(CARD_COUNTS)
        pile, hidden, pile_at = state.pile, state.pile_hidden, at["pile_known"]
        for i in range(hidden, len(pile)):
            vector[pile_at + i * NUM_KINDS + pile[i]] = 1.0
            unknown[pile[i]] -= 1
        vector[at["pile_unseen"]] = hidden / CARDS_IN_PILE
        for seat in range(self.num_players):
            for kind in state.cards_pub[seat]:
                unknown[kind] -= 1
        for kind in state.cards_priv[player]:
            unknown[kind] -= 1
        unknown_at = at["unknown_kinds"]
        for k in range(NUM_KINDS):
            vector[unknown_at + k] = unknown[k] / CARD_COUNTS[k]
