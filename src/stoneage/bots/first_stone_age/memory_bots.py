"""Bots for My First Stone Age: The Card Game that remember — perfectly or like a child.

A :class:`MemoryBot` sees only its observation: the face-up cards, every player's hut and goods,
and the public log of every card turned up. How much of that log it *remembers* is its memory
setting (docs/first-stone-age.md, "Bots"):

* ``recall`` (0..1): after each turn, every card the bot remembers is kept in mind with
  probability ``recall`` and forgotten otherwise (a card seen ``a`` turns ago is still known with
  probability ``recall ** a``; once forgotten it stays forgotten). ``recall=1`` is a perfect
  memory; ``recall=0`` remembers nothing from earlier turns.
* ``span`` (turns, 0 = no limit): cards seen ``span`` or more turns ago are forgotten anyway.

Forgetting is drawn per card sighting from the bot's seed (a hash of the seed and the log entry),
so the same bot seed gives the same memory, however often and in whatever order ``step`` is
called — undo, clones and resumed games included.

The play: Martin moves onto a card the bot believes its hut needs; failing that onto a card it
has not seen (or has forgotten), keeping off cards it knows to be useless; ties go to the move
that leaves the next player the fewest cards it knows that player needs, then to chance. Guff is
always kept, as the needed good that is hardest to find (fewest known places in the circle, then
fewest unseen copies).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from stoneage.bots.base import Bot
from stoneage.bots.params import fraction, require_game, turns
from stoneage.core.contract import State
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import CARD_COUNTS, CARD_NAMES, CIRCLE_SIZE, GOODS, MOVE_MAX, NUM_GOODS_CARDS
from stoneage.games.first_stone_age.serialize import observed_step_target

DENIAL_TURNS = 200
"""After this many turns a bot stops keeping Martin away from the next player's cards."""
UNSEEN = "unknown"
"""A circle slot holding a card the bot does not know (never seen, or forgotten)."""

Obs = dict[str, Any]


class MemoryBot(Bot):
    """The card game played from memory: ``memory:recall=1.0`` perfect, ``memory:recall=0.3`` forgetful.

    ``denial`` weighs how much the bot avoids leaving Martin where the next player can reach a
    card it knows that player needs (0 switches it off).
    """

    name = "memory"
    games = ("first_stone_age",)
    """The games this bot plays (faces check it before a game starts)."""
    default_recall = 1.0

    def __init__(self, seed: int = 0, recall: float | None = None, span: int = 0, denial: float = 0.25) -> None:
        self.seed = seed
        self.recall = fraction("recall", self.default_recall if recall is None else recall)
        self.span = turns("span", span)
        self.denial = fraction("denial", denial)
        self.rng = random.Random(seed)
        self._chance: dict[tuple[int, int, str], float] = {}

    # --- the decision ----------------------------------------------------------------------------

    def step(self, state: State, player: int) -> int:
        obs = state.observation(player)
        require_game(self.name, obs, self.games, "first_stone_age (My First Stone Age)")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        stage = obs["pending"]["stage"]
        if stage == "start":
            return self.rng.choice(legal)  # nothing is known yet: every place is as good
        memory = self.remember(obs)
        if stage == "guff":
            return self.guff_choice(obs, player, memory, legal)
        return self.move_choice(obs, player, memory, legal)

    def move_choice(self, obs: Obs, player: int, memory: Memory, legal: list[int]) -> int:
        """The move whose target the bot most believes it can keep (see the module doc)."""
        nxt = (player + 1) % len(obs["players"])
        targets = [observed_step_target(obs["circle"], obs["martin"], action - A.MOVE + 1) for action in legal]
        mine = [memory.keep_chance(target, obs["players"][player]) for target in targets]
        # Denial only while the bot has something to gain itself, and not in endless games:
        # otherwise bots that all know everything could keep each other from every card forever.
        deny = self.denial if max(mine) > 0 and obs["turn"] <= DENIAL_TURNS else 0.0
        scored = []
        for action, target, chance in zip(legal, targets, mine, strict=True):
            theirs = 0.0
            if deny:
                theirs = max(
                    memory.keep_chance(observed_step_target(obs["circle"], target, steps), obs["players"][nxt])
                    for steps in range(1, MOVE_MAX + 1)
                )
            scored.append((round(chance - deny * theirs, 9), action))
        best = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score == best])

    def guff_choice(self, obs: Obs, player: int, memory: Memory, legal: list[int]) -> int:
        """Keep Guff as the needed good that is hardest to find."""
        options = [a for a in legal if a != A.TURN_BACK]
        if not options:
            return A.TURN_BACK

        def rarity(action: int) -> tuple[int, int]:
            good = GOODS[action - A.KEEP_GUFF]
            return memory.circle.count(good), memory.pool[good]

        fewest = min(rarity(a) for a in options)
        return self.rng.choice([a for a in options if rarity(a) == fewest])

    # --- memory --------------------------------------------------------------------------------

    def remembers(self, event: Obs, now: int) -> bool:
        """Whether the card of a log ``event`` (a reveal, refill or card put under the pile) is
        still in mind at turn ``now``."""
        age: int = now - event["turn"]
        if self.span and age >= self.span:
            return False
        if self.recall >= 1.0 or age <= 0:
            return True
        key = (event["at"], event.get("slot", -1), event["card"])
        chance = self._chance.get(key)
        if chance is None:
            chance = self._chance[key] = random.Random(f"{self.seed}/{key[0]}/{key[1]}/{key[2]}").random()
        return chance < self.recall**age

    def remember(self, obs: Obs) -> Memory:
        """What the bot knows now: the circle as it remembers it and the cards it cannot place."""
        now = obs["turn"]
        circle: list[str | None] = [UNSEEN] * CIRCLE_SIZE
        # The draw pile: how many of the cards dealt into it nobody has seen, then the cards seen
        # going under it (with the event that showed each), in order.
        unseen_below = NUM_GOODS_CARDS - len(obs["box"]) - CIRCLE_SIZE
        below: list[tuple[str, Obs]] = []
        for event in obs["log"]:
            kind = event["event"]
            if kind in ("reveal", "refill"):
                circle[event["slot"]] = event["card"] if self.remembers(event, now) else UNSEEN
            elif kind == "keep":
                circle[event["slot"]] = None
            elif kind == "under":
                below.append((event["card"], event))
            elif kind == "draw":
                if unseen_below:
                    unseen_below -= 1
                else:
                    below.pop(0)
        for slot, shown in enumerate(obs["circle"]):
            if shown is None:
                circle[slot] = None
            elif shown != "down":
                circle[slot] = shown  # face up right now (Guff while his finder decides)
            elif circle[slot] is None:
                circle[slot] = UNSEEN
        pool = Counter({name: count for name, count in zip(CARD_NAMES, CARD_COUNTS, strict=True)})
        known: list[str] = list(obs["box"])
        known += [card for card in circle if card not in (None, UNSEEN)]
        if obs["draw_pile"]["top"] is not None:
            known.append(obs["draw_pile"]["top"])
        known += [card for card, event in below if self.remembers(event, now)]
        for data in obs["players"]:
            known += data["cards"]
        pool.subtract(known)
        return Memory(circle, Counter({name: max(0, n) for name, n in pool.items()}))


class ChildBot(MemoryBot):
    """A child-friendly opponent: ``memory`` with a child's memory (``recall`` 0.5 by default)."""

    name = "child"
    default_recall = 0.5


class Memory:
    """What a bot believes: per circle slot a card name, ``UNSEEN`` or ``None`` (empty), and the
    cards it cannot place (``pool``: by name, the count of cards it has no place for)."""

    __slots__ = ("circle", "pool")

    def __init__(self, circle: list[str | None], pool: Counter[str]) -> None:
        self.circle = circle
        self.pool = pool

    def keep_chance(self, slot: int, data: Obs) -> float:
        """How sure the bot is that the player described by ``data`` keeps the card at ``slot``."""
        card = self.circle[slot]
        if card is None:
            return 0.0
        if card != UNSEEN:
            return 1.0 if can_keep(data, card) else 0.0
        total = sum(self.pool.values())
        if total <= 0:
            return 0.0
        return sum(n for name, n in self.pool.items() if can_keep(data, name)) / total


def can_keep(data: Obs, card: str) -> bool:
    """Whether the player (an observation's ``players[p]``) would keep ``card`` if it turned up."""
    if card == "guff":
        return bool(data["needs"]) and data["guff_as"] is None
    return card in data["needs"]
