"""Stone Age Junior's guided game: a few turns with the forest tiles scripted, against a child's memory.

A die tile and a space tile turned up, goods taken, a hut built at the building site and two tiles
swapped; then the game goes on as a normal game.
"""

from __future__ import annotations

from stoneage.core.i18n import N_
from stoneage.play.lesson import Lesson, Move

START = N_("""Welcome to Stone Age Junior! Everyone starts on the building site. The three huts face up show what
they cost; hut 5 on stack 3 wants a berry, a jug and a tooth. On your turn you turn up one forest tile and
move: a number moves you that many spaces forward, a picture takes you straight to that space. Turn up
forest tile 1.""")
SPACE = N_("""A 2 took you to the tooth space: you took a tooth. Player 2 went to the jug space. Turn up forest tile
3.""")
JUG = N_("""The berry space tile took you straight there: a berry. Now turn up forest tile 5.""")
BUILD = N_("""The building site! With a berry, a jug and a tooth you can build hut 5: pay exactly its goods.""")
SWAP = N_("""Your first hut! After a visit to the building site all forest tiles are turned face down, and you swap
two of them — everyone sees which. Remember where the good tiles are. Swap tiles 3 and 7.""")
FAREWELL = N_("""The lesson ends here; the game goes on as a normal game. The first player with 3 huts wins at once.""")
CLOSING = N_("""The game is over: the first player with 3 huts wins. Well played! Start a normal game with: stoneage
play --game stone_age_junior""")


def lesson() -> Lesson:
    """The guided game of Stone Age Junior."""
    moves = (
        # the setup: the top hut of each of the three stacks
        Move("hut 11"), Move("hut 12"), Move("hut 5"),
        Move("turn 1", START), Move("reveal 2"),
        Move("turn 2"), Move("reveal 4"),
        Move("turn 3", SPACE), Move("reveal berry"),
        Move("turn 4"), Move("reveal 1"),
        Move("turn 5", JUG), Move("reveal jug"),
        Move("turn 6"), Move("reveal 6"),
        Move("turn 7"), Move("reveal building_site"),
        Move("build 5 with berry jug tooth", BUILD), Move("hut 2"),
        Move("swap 3 7", SWAP),
    )
    return Lesson(game="stone_age_junior", seats=("human", "junior_child"), moves=moves, seed=1, farewell=FAREWELL,
                  closing=CLOSING, topics=frozenset({"moving", "goods", "building", "swap", "end"}))
