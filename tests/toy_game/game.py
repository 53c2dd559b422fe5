"""The toy race's rules.

Setup: chance deals each seat, in seat order, one face-down card from six (values 1..6). Then, in
turn from the first player, a player rolls one die or two (a chance node over the sum) or plays
their card once (moving its value and showing it). With the ladder expansion a piece landing on
square 4 climbs to 9. The first piece on or past the goal (15, or 10 with ``short_track``) wins.

Actions: ``roll 1`` 0, ``roll 2`` 1, ``card`` 2, ``deal V`` 3..8, ``sum S`` 9..20.
"""

from __future__ import annotations

import random
from typing import Any

from stoneage.core.contract import CHANCE, JSON, TERMINAL, Game, State
from stoneage.core.dice import sum_counts
from stoneage.core.errors import IllegalActionError, NotationError, PlayerError, StateFormatError, shorten
from stoneage.core.tensor import Layout, scaled

from toy_game.info import GAME_TYPE

ROLL_ONE, ROLL_TWO, CARD, DEAL, SUM = 0, 1, 2, 3, 9
NUM_ACTIONS = 21
CARD_VALUES = (1, 2, 3, 4, 5, 6)
LADDER = (4, 9)

DEALING, TURN, ROLLING, OVER = "dealing", "turn", "rolling", "over"
STAGES = (DEALING, TURN, ROLLING, OVER)


def action_name(action: int) -> str:
    """The notation of an action."""
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        raise NotationError(f"{action!r} is outside the action space 0..{NUM_ACTIONS - 1}")
    if action < CARD:
        return f"roll {action + 1}"
    if action == CARD:
        return "card"
    if action < SUM:
        return f"deal {action - DEAL + 1}"
    return f"sum {action - SUM + 1}"


def parse_action(text: str) -> int:
    """The action a notation names; ``NotationError`` otherwise."""
    words = text.split() if isinstance(text, str) else None
    if not words:
        raise NotationError(f"{shorten(text)} is not an action of toy_race (try 'roll 1', 'roll 2' or 'card')")
    if words == ["card"]:
        return CARD
    ranges = {"roll": (ROLL_ONE, 2), "deal": (DEAL, 6), "sum": (SUM, 12)}
    if len(words) == 2 and words[0] in ranges and words[1].isascii() and words[1].isdigit() and len(words[1]) < 4:
        start, count = ranges[words[0]]
        number = int(words[1])
        if 1 <= number <= count:
            return start + number - 1
    raise NotationError(f"{shorten(text)} is not an action of toy_race (try 'roll 1', 'roll 2' or 'card')")


class ToyRaceGame(Game):
    """The toy race with its parameters."""

    game_type = GAME_TYPE

    @property
    def goal(self) -> int:
        """The square that wins."""
        return 10 if "short_track" in self.variants else 15

    def new_initial_state(self) -> ToyRaceState:
        return ToyRaceState(self)

    def observation_layout(self) -> Layout:
        """Seats from the viewer's point of view: own first, then the next in turn order."""
        cached: Layout | None = getattr(self, "_layout", None)
        if cached is not None:
            return cached
        n = self.num_players
        self._layout = Layout([
            ("position", n, "each seat's square / goal (1 = reached)"),
            ("own_card", len(CARD_VALUES), "one-hot of the viewer's card value 1..6 (zeros before the deal)"),
            ("played", n, "1 if the seat has played its card"),
            ("shown", n * len(CARD_VALUES), "per seat, one-hot of its played card's value (zeros while hidden)"),
            ("to_move", n, "one-hot of the seat to move (zeros on chance or at the end)"),
            ("stage", len(STAGES), "one-hot: dealing, turn, rolling, over"),
            ("dice", 2, "one-hot of the dice being rolled (1 or 2)"),
            ("deck", 1, "cards left in the deck / 6"),
            ("winner", n, "one-hot of the winning seat"),
        ])
        return self._layout

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: JSON) -> ToyRaceState:
        """The state is a function of its history: replay it, then insist the rest agrees."""
        if not isinstance(data, dict):
            raise StateFormatError(f"state: expected an object, not {type(data).__name__}")
        history = data.get("history")
        if not isinstance(history, list) or len(history) > self.game_type.max_game_length:
            raise StateFormatError("history: expected a list of actions")
        state = ToyRaceState(self)
        for index, action in enumerate(history):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise StateFormatError(f"history[{index}]: {error}") from None
        if state.to_json() != data:
            raise StateFormatError("state: the fields do not match what the history leads to")
        return state


class ToyRaceState(State):
    """A position of the toy race."""

    def __init__(self, game: ToyRaceGame) -> None:
        self.game = game
        self.num_players = game.num_players
        self.positions = [0] * game.num_players
        self.hand = [0] * game.num_players
        """Each seat's card value (0 before it is dealt)."""
        self.played = [False] * game.num_players
        self.deck = list(CARD_VALUES)
        self.stage = DEALING
        self.cur = 0
        self.dice = 0
        self.winner = -1
        self._history: list[int] = []

    # --- the contract ---------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.game.seed

    def current_player(self) -> int:
        if self.stage == OVER:
            return TERMINAL
        return CHANCE if self.stage in (DEALING, ROLLING) else self.cur

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def legal_actions(self) -> list[int]:
        if self.stage == TURN:
            return [ROLL_ONE, ROLL_TWO] + ([] if self.played[self.cur] else [CARD])
        return [action for action, _ in self.chance_weights()]

    def chance_weights(self) -> list[tuple[int, int]]:
        if self.stage == DEALING:
            return [(DEAL + value - 1, 1) for value in self.deck]
        if self.stage == ROLLING:
            counts = sum_counts(self.dice)
            return [(SUM + total - 1, counts[total]) for total in range(self.dice, 6 * self.dice + 1)]
        return []

    def apply_action(self, action: int) -> None:
        legal = self.legal_actions()
        if type(action) is not int or action not in legal:
            shown = action_name(action) if type(action) is int and 0 <= action < NUM_ACTIONS else repr(action)
            raise IllegalActionError(f"{shown} is illegal here (legal: {', '.join(map(action_name, legal))})")
        self._history.append(action)
        if self.stage == DEALING:
            self.deck.remove(action - DEAL + 1)
            self.hand[self.cur] = action - DEAL + 1
            self.cur += 1
            if self.cur == self.num_players:
                self.stage, self.cur = TURN, self.game.first_player
        elif self.stage == ROLLING:
            self._move(action - SUM + 1)
        elif action == CARD:
            self.played[self.cur] = True
            self._move(self.hand[self.cur])
        else:
            self.stage, self.dice = ROLLING, action + 1

    def _move(self, steps: int) -> None:
        seat = self.cur
        self.positions[seat] += steps
        if "ladder" in self.game.expansions and self.positions[seat] == LADDER[0]:
            self.positions[seat] = LADDER[1]
        self.dice = 0
        if self.positions[seat] >= self.game.goal:
            self.stage, self.winner = OVER, seat
        else:
            self.stage, self.cur = TURN, (seat + 1) % self.num_players

    def returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.num_players)]

    def scores(self) -> list[int]:
        return list(self.positions)

    def clone(self) -> ToyRaceState:
        # Field by field: an instance of a Python subclass of the compiled State has no __dict__ to copy.
        twin = ToyRaceState.__new__(ToyRaceState)
        for name in ("game", "num_players", "stage", "cur", "dice", "winner"):
            setattr(twin, name, getattr(self, name))
        for name in ("positions", "hand", "played", "deck", "_history"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    def history(self) -> list[int]:
        return list(self._history)

    def action_to_string(self, action: int) -> str:
        return action_name(action)

    def string_to_action(self, text: str) -> int:
        return parse_action(text)

    def to_json(self) -> JSON:
        return {
            "game": GAME_TYPE.name, "format": GAME_TYPE.format_version, "params": self.game.params(),
            "stage": self.stage, "current": self.cur, "dice": self.dice, "winner": self.winner,
            "positions": list(self.positions), "hand": list(self.hand), "played": list(self.played),
            "deck": list(self.deck), "history": list(self._history),
        }

    # --- what each viewer sees --------------------------------------------------------------

    def observation(self, player: int) -> JSON:
        if type(player) is not int or not 0 <= player < self.num_players:
            raise PlayerError(f"player must be a seat 0..{self.num_players - 1}, not {player!r}")
        view = self.public_observation()
        view["observer"] = player
        view["cards"][player] = self.hand[player] or None
        return view

    def public_observation(self) -> JSON:
        return {
            "stage": self.stage, "current_player": self.current_player(), "dice": self.dice,
            "goal": self.game.goal, "positions": list(self.positions), "played": list(self.played),
            "cards": [self._shown(seat) for seat in range(self.num_players)], "deck_size": len(self.deck),
        }

    def _shown(self, seat: int) -> Any:
        if not self.hand[seat]:
            return None
        return self.hand[seat] if self.played[seat] else "hidden"

    def observation_tensor(self, player: int) -> list[float]:
        """The viewer's numbers (toy race keeps no hidden memory: the information state is the same)."""
        if type(player) is not int or not 0 <= player < self.num_players:
            raise PlayerError(f"player must be a seat 0..{self.num_players - 1}, not {player!r}")
        layout = self.game.observation_layout()
        n, kinds = self.num_players, len(CARD_VALUES)
        vector = layout.zeros()
        position, played, shown = layout["position"].start, layout["played"].start, layout["shown"].start
        for rel in range(n):
            seat = (player + rel) % n
            vector[position + rel] = scaled(self.positions[seat], self.game.goal)
            if self.played[seat]:
                vector[played + rel] = 1.0
                vector[shown + rel * kinds + self.hand[seat] - 1] = 1.0
        if self.hand[player]:
            vector[layout["own_card"].start + self.hand[player] - 1] = 1.0
        if self.stage == TURN:
            vector[layout["to_move"].start + (self.cur - player) % n] = 1.0
        vector[layout["stage"].start + STAGES.index(self.stage)] = 1.0
        if self.dice:
            vector[layout["dice"].start + self.dice - 1] = 1.0
        vector[layout["deck"].start] = scaled(len(self.deck), kinds)
        if self.winner >= 0:
            vector[layout["winner"].start + (self.winner - player) % n] = 1.0
        return vector

    def resample_from_infostate(self, player: int, generator: random.Random) -> ToyRaceState:
        """The cards ``player`` has not seen (others' unplayed cards and the deck) dealt anew."""
        self.observation(player)  # PlayerError for a seat the game does not have
        twin = self.clone()
        hidden = [seat for seat in range(self.num_players)
                  if seat != player and twin.hand[seat] and not twin.played[seat]]
        pool = twin.deck + [twin.hand[seat] for seat in hidden]
        generator.shuffle(pool)
        for seat in hidden:
            twin.hand[seat] = pool.pop()
            twin._history[seat] = DEAL + twin.hand[seat] - 1  # seat s was dealt by the s-th action
        twin.deck = sorted(pool)
        return twin
