"""The ``stoneage learn`` sub-command: a guided first game, line by line.

The lesson comes from the game's play kit (``PlayKit.lesson``), the plain game from its terminal
kit: the lesson only adds its explanations before each decision, refuses the actions it does not
expect with a friendly "try ...", and lets the person leave it (``playon``) for a normal game.
"""

from __future__ import annotations

import argparse
from typing import ClassVar

from stoneage.core.i18n import N_, _
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names
from stoneage.play.kit import play_kit
from stoneage.play.lesson import LessonSession, NoLesson, OffScript
from stoneage.play.menus import Menu
from stoneage.tui.base_plain import DEFAULT_SAVE, BasePlainGame, Command, Next
from stoneage.tui.kit import plays_line_by_line, tui_kit
from stoneage.tui.lesson_text import wrap

# TRANSLATORS: the command words playon and hint stay English: they are typed
LESSON_HELP = N_("""In the lesson:
  playon           leave the lesson: the game goes on as a normal game, nothing lost
  hint             what the lesson expects now""")


def lesson_games() -> list[str]:
    """The registered games that have a guided game."""
    return [name for name in game_names() if play_kit(name).lesson is not None]


def lesson_session(game: str) -> LessonSession:
    """A new guided game of ``game``; ``NoLesson`` if it has none."""
    make = play_kit(game).lesson
    if make is None:
        raise NoLesson(_("{game} has no guided game; these have one: {games}").format(
            game=game, games=", ".join(lesson_games())))
    return make().session()


class LessonPlay(BasePlainGame):
    """What the lesson adds to a game's plain mode (mixed in before the game's own class)."""

    session: LessonSession
    LESSON: ClassVar[bool] = True

    def show_situation(self, menu: Menu) -> None:
        super().show_situation(menu)
        for text in self.session.untold():
            self.say("", wrap(text), "")
        task = self.session.task()
        if task:
            self.say(task)

    def pick(self, number: int) -> Next:
        try:
            return super().pick(number)
        except OffScript as error:
            self.say(str(error))
            return Next.ASK

    def play_notation(self, line: str, menu: Menu) -> bool:
        try:
            return super().play_notation(line, menu)
        except OffScript as error:
            self.say(str(error))
            return False

    def commands(self) -> dict[str, Command]:
        return {**super().commands(), "playon": self.cmd_play_on}

    def cmd_help(self, rest: str, menu: Menu) -> Next:
        super().cmd_help(rest, menu)
        if self.session.following():
            self.say(_(LESSON_HELP))
        return Next.ASK

    def cmd_play_on(self, rest: str, menu: Menu) -> Next:
        if not self.session.active:
            self.say(_("The lesson is already over; you are playing a normal game."))
            return Next.ASK
        self.session.leave()
        self.say(_("You left the lesson: the game goes on as a normal game (chance from the seed, the bots on "
                   "their own)."))
        self.list_levels()
        return Next.ASK

    def hint(self) -> None:
        task = self.session.task()
        if task:
            self.say(task)
        else:
            super().hint()

    def _run(self) -> int:
        status = super()._run()
        if status == 0:
            for text in self.session.closing():
                self.say("", wrap(text))
        return status


def lesson_game_class(base: type[BasePlainGame]) -> type[BasePlainGame]:
    """The game's plain class with the lesson's additions."""
    return type("Lesson" + base.__name__, (LessonPlay, base), {})


def make_lesson_game(session: LessonSession, **options: object) -> BasePlainGame:
    """The plain game of the session's game, following its lesson."""
    cls = lesson_game_class(tui_kit(session.game).plain_class())
    return cls(session, **options)  # type: ignore[arg-type]


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``learn`` to the ``stoneage`` command."""
    names = game_names()  # which have a lesson is asked when one is chosen (no game's kit loaded here)
    play = subparsers.add_parser(
        "learn", help=_("a guided first game: scripted dice and cards, each step explained"),
        description=_("A guided first game, line by line: every step explained, you doing every action; "
                      "type playon at any time to go on as a normal game."))
    play.add_argument("--game", choices=names, metavar="NAME",
                      help=_("the game to learn: {games} (default {default})").format(
                          games=", ".join(f"{name} ({_(game_info(name).display_name)})" for name in names),
                          default=DEFAULT_GAME))
    play.add_argument("--plain", action="store_true",
                      help=_("line-by-line text play for screen readers, pipes and scripts"))
    play.add_argument("--save", metavar="FILE",
                      help=_("where the save command writes (default {default}); continue the game "
                             "later with stoneage play --resume FILE").format(default=DEFAULT_SAVE))
    play.set_defaults(run=cmd_learn)


def cmd_learn(args: argparse.Namespace) -> int:
    session = lesson_session(args.game or DEFAULT_GAME)
    save_path = args.save or DEFAULT_SAVE
    kit = tui_kit(session.game)
    plain = plays_line_by_line(args.plain, kit, session.game)
    if plain:
        return make_lesson_game(session, delay=0.0, save_path=save_path).run()
    from stoneage.tui.learn_app import lesson_app_class  # textual only here

    app = lesson_app_class(kit.app_class())(session, delay=session.pause(), save_path=save_path)
    app.run()
    return 0
