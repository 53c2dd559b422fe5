"""My First Stone Age's guided game: a few turns with the cards scripted, against a child's memory.

Martin placed and moved, a good kept, a good turned back, Guff the dog standing in for a good, and a
hut built; then the game goes on as a normal game.
"""

from __future__ import annotations

from stoneage.core.i18n import N_
from stoneage.play.lesson import Lesson, Move

START = N_("""Welcome to My First Stone Age! Your hut card (hut 11) shows a berry, a fish and a jug: collect those three
goods to build the hut. Nine goods cards lie face down in a circle. First, place Martin the mammoth beside
a card of your choice: beside card 1.""")
MOVE = N_("""On your turn you move Martin 1, 2, 3 or 4 cards onward, then turn up the card where he stops. Move him
2 cards.""")
KEPT = N_("""A berry: it is on your hut card, so you keep it, and the top card of the draw pile (a fish — remember
it!) fills its place face down. Player 2 kept a tooth. Now move Martin 2 cards.""")
TURNED_BACK = N_("""An arrowhead is not on your hut card: it is turned back. Remember where it lies — and watch what the
others turn up. Move Martin 3 cards.""")
GUFF = N_("""Guff the dog! He can be any good: keep him as the jug you need.""")
MEMORY = N_("""Card 3 is the fish from the draw pile: you saw it. Move Martin 1 card, to card 3.""")
FAREWELL = N_("""You have the berry, the fish and the jug (Guff): you built your first hut, and took a new hut card.
The lesson ends here; the game goes on as a normal game. The first to build 3 huts wins.""")
CLOSING = N_("""The game is over: the first player with 3 huts wins. Well played! Start a normal game with: stoneage
play --game first_stone_age""")


def lesson() -> Lesson:
    """The guided game of My First Stone Age."""
    moves = (
        # the setup: each player's hut card and the top of the draw pile
        Move("hut 11"), Move("hut 13"), Move("draw fish"),
        Move("start 1", START),
        Move("move 2", MOVE), Move("reveal berry"), Move("draw jug"),
        Move("move 1"), Move("reveal tooth"), Move("draw arrowhead"),
        Move("move 2", KEPT), Move("reveal arrowhead"),
        Move("move 1"), Move("reveal berry"),
        Move("move 3", TURNED_BACK), Move("reveal guff"),
        Move("keep guff as jug", GUFF), Move("draw tooth"),
        Move("move 1"), Move("reveal fish"),
        Move("move 1", MEMORY), Move("draw berry"), Move("hut 14"),
    )
    return Lesson(game="first_stone_age", seats=("human", "child"), moves=moves, seed=1, farewell=FAREWELL,
                  closing=CLOSING, topics=frozenset({"placing", "moving", "keeping", "turning back", "guff",
                                                     "building", "end"}))
