"""The Mammoth Herd at the terminal: a whole plain game from a script, the herd panel, the
taming and bonus menus, ``rules herd``, your own tile table, and the full-screen herd panel."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage import load_game
from stoneage.games.stone_age.state import StoneAgeState
from stoneage.play.menus import all_actions
from stoneage.play.session import Session
from stoneage.play.stone_age.board import mammoth_lines
from stoneage.play.stone_age.menu import build_menu
from stoneage.play.stone_age.words import mammoth_rules
from stoneage.tui.stone_age.plain import PlainGame

SETUP = ("card 11", "card 18", "card 30", "card 27", "building wwc", "building wcs", "building ccg")
NAMES = ["Player 1 (you)", "Player 2 (random)", "Player 3 (random)"]
SHORT = ["P1", "P2", "P3"]


def stoneage(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stoneage", *args], input=script, capture_output=True, text=True,
                          timeout=120, check=False)


def forced(players: int, *texts: str) -> StoneAgeState:
    """A mammoth game with the setup forced: tile 1 (wood back, "1" 3 wood, "all" 1 wood) is up,
    the next back is clay; then ``texts`` are played."""
    state = load_game("stone_age", players=players, expansions=["mammoth"]).new_initial_state()
    for text in (*SETUP[: 4 + players], "mammoth back wood", "mammoth tile 1", "mammoth back clay", *texts):
        state.apply_action(state.string_to_action(text))
    return state  # type: ignore[return-value]


def at_tame_move() -> StoneAgeState:
    """Two players: seat 0 has just gathered 3 wood with 3 figures in the herd's forest."""
    return forced(2, "place forest 3", "place hunt 5", "place hunt 2", "resolve forest", "roll 9")


def at_contest_bonus() -> StoneAgeState:
    """Three players: seats 0 and 1 each moved 2 figures onto the tile; seat 0 rolled 6 1, seat 1 5 5."""
    return forced(3, "place forest 2", "place forest 2", "place hunt 5", "place hunt 3", "place hunt 3",
                  "resolve forest", "roll 6", "tame with food food", "roll 6", "resolve forest", "roll 6",
                  "tame with food food", "roll 6", "roll 17", "tame dice 6 1", "tame dice 5 5")


# --- plain mode ---------------------------------------------------------------------------------

SCRIPT = "tame with food\nbonus one\n2\n1\n" * 3000
"""Move one figure (paying a food) whenever offered, take the "1" bonus when won, else option 2
(or 1): the lines that are not legal at a decision get a message and the next line is tried."""


def test_a_whole_mammoth_game_in_plain_mode_from_a_script() -> None:
    result = stoneage("play", "--plain", "--players", "3", "--seats", "human,random,random", "--seed", "4",
                      "--delay", "0", "--expansion", "mammoth", script=SCRIPT)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in result.stderr
    # The herd on the board, this round's tile with both bonuses, and the reconstruction note.
    assert "; the mammoth herd is here" in out
    assert "Mammoth herd: at the " in out and '"1" bonus ' in out and '"all" bonus ' in out
    assert "Next tile's back: " in out and "tiles left in the pile" in out
    assert "tile faces: a reconstruction, not the printed tiles (docs/mammoth-herd.md)" in out
    assert "Mammoth tiles won: " in out
    # Moving figures onto the tile, readable options, the contest's rolls and the bonus menu.
    assert "  1. tame none: leave the herd alone" in out
    assert "move 1 figure onto the tile" in out
    assert "Player 1 moves 1 figure onto the mammoth tile, paying food" in out
    assert "On the bonus tile: P1 has 1" in out
    assert "Player 1 rolls to tame the mammoth: " in out
    assert "Taming: P1 rolled " in out
    assert "  1. bonus one: " in out and "  2. bonus all: " in out
    assert 'Player 1 tames the mammoth and takes the "1" bonus: ' in out
    # The end: the breakdown has the mammoth row.
    final = out[out.index("== Game over =="):]
    assert "\nmammoth " in final and ("Winner: " in final or "Shared win: " in final)


def plain(session: Session, script: str) -> str:
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO(script), stdout=out).run()
    return out.getvalue()


def test_rules_herd_and_the_board_in_plain_mode() -> None:
    out = plain(Session.new(["human", "random", "random"], 3, expansions=("mammoth",)), "rules herd\nquit\n")
    assert "The Mammoth Herd: at the start of each round" in out
    assert "a lone contender wins without rolling" in out.lower()
    assert "This round: bonus tile " in out
    assert "Tile faces: a reconstruction" in out
    assert "Mammoth herd: at the " in out  # the board at the start of placement
    base = plain(Session.new(["human", "random"], 3), "rules herd\nrules moon\nquit\n")
    assert "The Mammoth Herd expansion is not in this game" in base
    assert "Mammoth herd" not in base.replace("The Mammoth Herd expansion", "")
    assert "Unknown location 'moon'" in base


def test_your_own_tile_table_replaces_the_reconstruction(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles.json"
    tiles.write_text(json.dumps({"tiles": [{"back": "gold", "one": {"points": 20}, "all": {"food": 1}}] * 3}))
    result = stoneage("play", "--plain", "--players", "2", "--seats", "human,random", "--seed", "1", "--delay", "0",
                      "--expansion", "mammoth", "--mammoth-tiles", str(tiles), script="quit\n")
    assert result.returncode == 0, result.stderr
    assert '"1" bonus 20 points, "all" bonus 1 food' in result.stdout
    assert "tile faces: your own tile table" in result.stdout and "reconstruction" not in result.stdout
    alone = stoneage("play", "--plain", "--mammoth-tiles", str(tiles), script="")
    assert alone.returncode == 2 and "--mammoth-tiles needs --expansion mammoth" in alone.stderr


# --- menus and panels ---------------------------------------------------------------------------


def test_the_tame_menu_offers_none_or_n_figures_with_each_payment() -> None:
    state = at_tame_move()
    menu = build_menu(state, NAMES[:2])
    assert menu.stage == "tame_move"
    assert menu.prompt == ("Player 1 (you): move figures from the forest onto the mammoth tile "
                           "(1 food or resource each)?")
    assert 'Bonus tile 1: "1" 3 wood / "all" 1 wood.' in menu.info
    labels = [c.label for c in menu.choices]
    assert labels == [
        "tame none: leave the herd alone (the 3 figures go home)",
        "move 1 figure onto the tile (2 ways to pay, e.g. 1 food)",
        "move 2 figures onto the tile (3 ways to pay, e.g. 2 food)",
        "move 3 figures onto the tile (4 ways to pay, e.g. 3 food)",
    ]
    assert [c.label for c in menu.choices[2].children] == [
        "move 2 figures onto the tile, paying 2 food",
        "move 2 figures onto the tile, paying 1 food + 1 wood",
        "move 2 figures onto the tile, paying 2 wood",
    ]
    assert sorted(all_actions(menu)) == state.legal_actions()
    assert state.action_to_string(menu.choices[2].children[1].action or 0) == "tame with food wood"


def test_the_bonus_menu_names_both_bonuses_and_the_rolls() -> None:
    state = at_contest_bonus()
    menu = build_menu(state, NAMES)
    assert menu.stage == "bonus"
    assert 'you tamed the mammoth and keep tile 1: take the "1" bonus or the "all" bonus?' in menu.prompt
    assert [c.label for c in menu.choices] == ["bonus one: 3 wood", "bonus all: 1 wood"]
    assert "Taming: P1 rolled 6 1; P2 rolled 5 5." in menu.info


def test_the_herd_panel_during_a_contest() -> None:
    obs = at_contest_bonus().observation(0)
    assert mammoth_lines(obs, SHORT) == [
        "At the forest · bonus tile 1",
        '"1": 3 wood · "all": 1 wood',
        "Next back: clay · 15 tiles left",
        "Tiles won: P1 0 · P2 0 · P3 0",
        "On the tile: P1×2 P2×2",
        "Rolls: P1 6 1 · P2 5 5",
        "Tile faces: a reconstruction, not the printed tiles (docs/mammoth-herd.md)",
    ]
    verbose = mammoth_lines(obs, SHORT, verbose=True)
    assert verbose[0] == 'Mammoth herd: at the forest (wood); bonus tile 1: "1" bonus 3 wood, "all" bonus 1 wood.'
    assert "On the bonus tile: P1 has 2, P2 has 2." in verbose
    assert "Taming: P1 rolled 6 1; P2 rolled 5 5." in verbose
    assert any("This round: bonus tile 1 at the forest" in line for line in mammoth_rules(obs))


def test_the_herd_panel_is_empty_without_the_expansion() -> None:
    state = load_game("stone_age", players=2).new_initial_state()
    assert mammoth_lines(state.observation(0), SHORT) == []


# --- full screen ----------------------------------------------------------------------------------


def test_the_herd_panel_renders_in_the_full_screen_game() -> None:
    pytest.importorskip("textual")
    from textual.pilot import Pilot

    from stoneage.tui.stone_age.app import StoneAgeApp
    from test_tui import run, settle, text_of

    session = Session.new(["human", "random", "random"], 3, expansions=("mammoth",))
    app = StoneAgeApp(session, delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        box = app.query_one("#herd-box")
        assert box.display and box.has_class("on")
        assert str(box.border_title) == "Mammoth herd"
        assert str(box.border_subtitle) == "tiles: a reconstruction"
        herd = text_of(app, "#herd")
        assert herd.startswith("At the ") and " · bonus tile " in herd
        assert '"1": ' in herd and '"all": ' in herd
        assert "Next back: " in herd and "15 tiles left" in herd
        assert "Tiles won: P1 0 · P2 0 · P3 0" in herd
        assert "+ mammoth herd" in text_of(app, "#board")

    run(app, script)

    base = StoneAgeApp(Session.new(["human", "random"], 3), delay=0)

    async def no_herd(pilot: Pilot[None]) -> None:
        await settle(base, pilot)
        assert not base.query_one("#herd-box").display
        assert "mammoth" not in text_of(base, "#board")

    run(base, no_herd)


def test_taming_by_keys_in_the_full_screen_game() -> None:
    pytest.importorskip("textual")
    from textual.pilot import Pilot

    from stoneage.tui.stone_age.app import StoneAgeApp
    from test_tui import run, settle, text_of

    state = at_tame_move()
    session = Session(state.game, ["human", "random"], state)
    app = StoneAgeApp(session, delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        assert app.menu is not None and app.menu.stage == "tame_move"
        help_text = text_of(app, "#help")
        assert "Chance of at least one 6: 1 die 16.7%, 2 dice 30.6%, 3 dice 42.1%." in help_text
        assert "The Mammoth Herd: at the start of each round" in help_text
        await pilot.press("2")  # move 1 figure: a sub-list of the two ways to pay
        assert [c.label for c in app.levels[-1]] == ["move 1 figure onto the tile, paying 1 food",
                                                      "move 1 figure onto the tile, paying 1 wood"]
        await pilot.press("1")
        await settle(app, pilot)
        # The hunting rolls happen, then the lone contender wins without rolling.
        assert app.menu.stage == "bonus"
        assert "Rolls: P1 is alone on the tile and wins without rolling" in text_of(app, "#herd")
        assert "On the tile: P1×1" in text_of(app, "#herd")
        assert "you tamed the mammoth and keep tile 1" in text_of(app, "#prompt")
        await pilot.press("1")
        await settle(app, pilot)
        assert any('takes the "1" bonus: 3 wood' in line for line in session.log)
        herd = text_of(app, "#herd")
        assert "Tiles won: P1 1 · P2 0" in herd and "On the tile" not in herd

    run(app, script)
