"""What a game brings to the terminal: its full-screen app and its plain (line-by-line) game.

Each game's terminal kit is found through its description (``GameType.kits["tui"]``, a lazy
import path). The kit names its classes by import path too, so that the plain mode never imports
textual. A game without a terminal kit is played line by line with ``GENERIC_TUI_KIT``: menus of
notation strings (or its play kit's menus) on the shared frame.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stoneage.core.contract import Game
from stoneage.core.errors import StoneAgeError
from stoneage.core.extras import install_hint
from stoneage.core.i18n import _
from stoneage.core.registry import game_info, import_path

if TYPE_CHECKING:
    from stoneage.tui.base_app import GameApp
    from stoneage.tui.base_plain import BasePlainGame



class TextualMissingError(StoneAgeError):
    """The full-screen mode needs the optional ``textual`` package."""


class NoFullScreenError(StoneAgeError):
    """The game has no full-screen app (it is played line by line)."""


@dataclass(frozen=True)
class TuiKit:
    """Where a game's terminal classes live, as ``"module.path:Class"`` strings."""

    plain: str
    """The line-by-line game (a ``BasePlainGame``)."""
    app: str | None = None
    """The full-screen app (a textual ``GameApp``); ``None``: the game is played line by line only."""

    def plain_class(self) -> type[BasePlainGame]:
        """The plain game's class (imports no textual)."""
        cls: type[BasePlainGame] = import_path(self.plain)
        return cls

    def app_class(self) -> type[GameApp]:
        """The full-screen app's class; ``TextualMissingError`` (with the install command) if textual
        is not installed, ``NoFullScreenError`` if the game has none."""
        if self.app is None:
            raise NoFullScreenError(_("this game has no full-screen mode: play it line by line with --plain"))
        try:
            cls: type[GameApp] = import_path(self.app)
        except ImportError as error:
            if "textual" not in str(error) and "rich" not in str(error):
                raise
            raise TextualMissingError(
                _("the full-screen mode needs textual: {install} (or play line by line with --plain)")
                .format(install=install_hint("tui"))
            ) from None
        return cls


GENERIC_TUI_KIT = TuiKit(plain="stoneage.tui.generic_plain:GenericPlainGame")


def tui_kit(game: Game | str) -> TuiKit:
    """The terminal kit of a game (or game name): its own, or ``GENERIC_TUI_KIT``."""
    info = game_info(game if isinstance(game, str) else game.name)
    path = info.kits.get("tui")
    if path is None:
        return GENERIC_TUI_KIT
    kit: Any = import_path(path)
    if not isinstance(kit, TuiKit):
        raise StoneAgeError(_("{path} is not a TuiKit").format(path=path))

    return kit


def plays_line_by_line(asked: bool, kit: TuiKit, game: Game) -> bool:
    """Whether to play line by line: asked (``--plain``), or, with a note on stderr, because this is
    not a terminal or the game has no full-screen mode."""
    if asked:
        return True
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("stoneage: " + _("note: not a terminal, so playing line by line (--plain)"), file=sys.stderr)
        return True
    if kit.app is None:
        print("stoneage: " + _("note: {game} has no full-screen mode, so playing line by line (--plain)").format(
            game=game.name), file=sys.stderr)
        return True
    return False
