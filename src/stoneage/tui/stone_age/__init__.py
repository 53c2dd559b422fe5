"""Stone Age in the terminal: the full-screen app (app.py), the line-by-line game (plain.py) and the
panels they draw (render.py). Its words, menus and results come from ``stoneage.play.stone_age``."""

from __future__ import annotations

from stoneage.tui.kit import TuiKit

KIT = TuiKit(plain="stoneage.tui.stone_age.plain:PlainGame", app="stoneage.tui.stone_age.app:StoneAgeApp")
