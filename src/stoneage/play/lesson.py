"""A guided game: a game's lesson script and the session that follows it.

A :class:`Lesson` is data: the table (players, seed, who sits where) and an ordered list of
:class:`Move` s in notation, every action of the lesson's part of the game: the person's, the bots'
and chance's (the dice sums, the cards and tiles turned up). A move may carry an explanation, shown
before it is played. A :class:`LessonSession` is a :class:`Session` that plays the script: chance and
bots take their scripted moves, the person must do the expected one (anything else is refused with a
friendly "try ..." and nothing changes). Leaving the lesson (``leave()``), or reaching the end of the
script, turns it into a normal game: chance from the seed, bots playing on their own.

Each game provides its lesson through its play kit (``PlayKit.lesson``); no face asks which game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stoneage.core.contract import Game, State
from stoneage.core.errors import IllegalActionError, StoneAgeError
from stoneage.core.i18n import _
from stoneage.core.registry import load_game
from stoneage.play.events import describe
from stoneage.play.session import HUMAN, Session, Step


class OffScript(IllegalActionError):
    """The person tried another action than the one the lesson expects (the state is unchanged)."""


class NoLesson(StoneAgeError):
    """The game has no guided game."""


@dataclass(frozen=True)
class Move:
    """One action of the lesson, in notation, with what to say before it."""

    action: str
    """The action in the game's notation (``"place forest 3"``, ``"roll 11"``)."""
    text: str = ""
    """The explanation shown before it (marked with ``N_``, translated when shown); may be empty."""


@dataclass(frozen=True)
class Lesson:
    """A guided game: the table and the script."""

    game: str
    """The registered game's name."""
    seats: tuple[str, ...]
    """``"human"`` or a bot spec per seat (the bots' moves are scripted while the lesson lasts)."""
    moves: tuple[Move, ...]
    seed: int = 1
    """The game's seed: chance and the bots after the lesson."""
    farewell: str = ""
    """Shown once the script is done (how the game goes on from there)."""
    closing: str = ""
    """Shown when the game ends (after the final scoring), if the person stayed with the lesson."""
    topics: frozenset[str] = field(default_factory=frozenset)
    """What the script teaches (``"placing"``, ``"roll"``, ``"tool"``, ...), for the tests and the docs."""

    def session(self) -> LessonSession:
        """A new session at the start of the lesson."""
        game = load_game(self.game, players=len(self.seats), seed=self.seed)
        return LessonSession(game, list(self.seats), self)


class LessonSession(Session):
    """A :class:`Session` that follows a lesson's script until the end of the script or ``leave()``."""

    def __init__(self, game: Game, seats: list[str], lesson: Lesson) -> None:
        super().__init__(game, seats)
        self.lesson = lesson
        self.start = self.state.move_number()
        self.active = True
        """Whether the lesson is still followed (False once the person left it)."""
        self.told = 0
        """How many moves' explanations a face has shown (``untold()``)."""

    # --- where the lesson is ----------------------------------------------------------------------

    @property
    def position(self) -> int:
        """The index of the next move of the script (undo takes it back with the state)."""
        return self.state.move_number() - self.start

    def following(self) -> bool:
        """Whether the script decides the next action (the lesson is on and not at its end)."""
        return self.active and self.position < len(self.lesson.moves) and not self.over

    def expected(self) -> int | None:
        """The action the script expects next, or ``None`` once the lesson is left or done."""
        if not self.following():
            return None
        return self.state.string_to_action(self.lesson.moves[self.position].action)

    def untold(self) -> list[str]:
        """The explanations up to the next move not yet shown (translated), and mark them shown."""
        if not self.active:
            return []
        end = min(self.position + 1, len(self.lesson.moves))
        texts = [_(move.text) for move in self.lesson.moves[self.told:end] if move.text]
        if self.position >= len(self.lesson.moves) and self.told <= len(self.lesson.moves) and self.lesson.farewell:
            texts.append(_(self.lesson.farewell))
            end = len(self.lesson.moves) + 1
        self.told = max(self.told, end)
        return texts

    def closing(self) -> list[str]:
        """The words after the final scoring, if the person stayed with the lesson."""
        return [_(self.lesson.closing)] if self.active and self.over and self.lesson.closing else []

    def task(self) -> str:
        """What the person is to do now, in words (empty if the script does not decide)."""
        action = self.expected()
        if action is None or not self.human_to_move():
            return ""
        return _("Now: {what} (type {notation}).").format(
            what=describe(self.state, action, self.state.current_player()),
            notation=self.lesson.moves[self.position].action)

    def leave(self) -> None:
        """Stop the lesson: the game goes on as a normal game, nothing lost."""
        self.active = False

    # --- playing --------------------------------------------------------------------------------

    def auto_action(self) -> int:
        """The scripted chance outcome or bot move while the lesson lasts, else the usual."""
        action = self.expected()
        return super().auto_action() if action is None else action

    def choose(self, action: int) -> Step:
        """The person's decision; while the lesson lasts only the expected one (``OffScript`` otherwise)."""
        expected = self.expected()
        if expected is not None and action != expected and self.human_to_move():
            raise OffScript(_("Not yet: in this lesson, do this now: {what} (type {notation}). "
                              "Or type playon to leave the lesson and play freely.").format(
                what=describe(self.state, expected, self.state.current_player()),
                notation=self.lesson.moves[self.position].action))
        return super().choose(action)


def replay_script(lesson: Lesson) -> tuple[State, list[int]]:
    """Play the whole script on a new game (without bots or faces): the state at its end and the
    indices of the moves the person plays. Raises ``IllegalActionError`` naming the first move that
    does not fit the rules."""
    game = load_game(lesson.game, players=len(lesson.seats), seed=lesson.seed)
    state = game.new_initial_state()
    person: list[int] = []
    for index, move in enumerate(lesson.moves):
        seat = state.current_player()
        try:
            action = state.string_to_action(move.action)
            state.apply_action(action)
        except StoneAgeError as error:
            raise IllegalActionError(f"lesson {lesson.game}, move {index} ({move.action!r}): {error}") from None
        if seat >= 0 and lesson.seats[seat] == HUMAN:
            person.append(index)
    return state, person
