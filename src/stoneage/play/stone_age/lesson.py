"""Stone Age's guided first game: three rounds with scripted dice, cards and buildings, against an easy bot.

As the quick guide teaches a first game: figures placed, one worker roll with the division and a
tool, one building bought, one card bought with its bottom read (the card summary open), then
feeding with the -10; the lesson then leaves the game to the person and explains the final scoring
at the end.
"""

from __future__ import annotations

from stoneage.core.i18n import N_
from stoneage.play.lesson import Lesson, Move

PLACING = N_("""Welcome to Stone Age! You are Player 1, with 5 figures, 12 food and no tools; the easy bot is Player
2. Each round has three parts: first everyone places figures, one location at a time, then each
player resolves their locations, then everyone feeds their figures. Start by placing 3 figures in
the forest: the more figures, the more dice you roll for wood.""")
TOOLMAKER = N_("""Player 2 placed figures too. Now the tool maker: one figure there gives you a tool, which adds its
value to one roll per round. (With two players, only two of tool maker, hut and field are used each
round.)""")
CARD = N_("""Each of the four civilization cards at the top of the board has one space. Place your last figure on
the card in the first position: it will cost 1 resource. Type board to see the cards again at any
time.""")
RESOLVE_TOOLMAKER = N_("""All figures are placed. Now you resolve your locations, in the order you choose. Take the tool
first, so that it helps your roll in the forest.""")
RESOLVE_FOREST = N_("""Now the forest: you roll one die per figure there, 3 dice.""")
ROLL = N_("""You rolled 11 in all. Wood is worth 3, so you get the sum divided by 3, rounded down: 11 / 3 = 3
wood, with 2 points of the roll lost. Your new tool adds 1: 12 / 3 = 4 wood. Use the tool.""")
PAY_CARD = N_("""Your last location, the card, resolves on its own: pay its price, 1 resource of your choice (food
does not count) — pay with a wood, or decline and take the figure back. The top of the card acts at
once (here: 3 points); its bottom waits for the final scoring — this one shows hut builders: at the
end each one scores as many points as you have buildings.""")
ROUND_TWO = N_("""Round 1 is over: you fed your 5 figures with 5 food (7 left), the tools are ready again and Player 2
is first player now and has placed 4 figures on the hunting grounds. Place 2 figures at the clay
pit.""")
BUILDING = N_("""A building costs exactly the resources shown on it and scores at once. The first building wants 2
wood and 1 clay: place a figure on it, you will have the clay from the clay pit.""")
FOREST_AGAIN = N_("""Player 2 took the forest: with two players, each gathering location takes only one player's figures
(the hunting grounds excepted). Place your last 2 figures at the quarry.""")
RESOLVE_CLAY = N_("""Resolve the clay pit first: clay is worth 4, so the sum of 2 dice is divided by 4.""")
NO_TOOL = N_("""You rolled 8: 8 / 4 = 2 clay, nothing lost, so keep your tool for another roll.""")
RESOLVE_BUILDING = N_("""Now the building: pay 2 wood and 1 clay. It scores their value at once: 3 per wood,
4 per clay, 5 per stone, 6 per gold — here 10 points — and the next building of the stack turns up.""")
FOREST_TOOL = N_("""Your last location, the quarry, resolves on its own: 2 dice, and stone is worth 5.""")
TOOL_AGAIN = N_("""You rolled 9: 9 / 5 = 1 stone, with 4 lost. Your tool makes it 10 / 5 = 2 stone. Use it.""")
ROUND_THREE = N_("""Round 2 is over: your 5 figures ate 5 food, 2 are left — the hunting grounds bring food, and you
have not hunted. You are first player again. Place 3 figures in the forest.""")
FIELD = N_("""The field moves you up the agriculture track: from now on you get 1 food per step before each
feeding. Place a figure on the field.""")
TOOLMAKER_AGAIN = N_("""And your last figure on the tool maker, for a second tool.""")
RESOLVE_ORDER = N_("""All placed. The order of resolving is yours: start with the forest this time.""")
TOOL_THREE = N_("""You rolled 10: 10 / 3 = 3 wood, 1 lost. Your tool would make it 11 / 3, still 3 wood: keep it
unused, for a better roll.""")

STARVE = N_("""Feeding: each figure eats 1 food, after your agriculture brings its food. You had 2 food and the
field gave 1: 3 food for 5 figures, 2 are missing. You may give any resources instead of the missing
food, or take -10 points, however much is missing. To see the rule once, take the -10 and keep your
wood (if the game asks whether you are sure, answer yes).""")

FAREWELL = N_("""That was three rounds: you have seen every part of a round. The lesson ends here; the game goes on
as a normal game against the easy bot. It ends after the round in which a building stack runs out,
or when the cards cannot be refilled. Type help for the commands; board shows everything.""")
CLOSING = N_("""The final scoring: to the points of the game add the bottoms of your cards — each set of different
green symbols scores its size squared; each sand card multiplies its figures (farmers, tool makers,
hut builders, shamans) by your agriculture, tools, buildings or figures — and 1 point per resource
left. The most points wins. Well played! Start a normal game with: stoneage play""")


def lesson() -> Lesson:
    """The guided first game of Stone Age."""
    moves = (
        # the setup: the four cards (costs 1 to 4) and the top of each building stack
        Move("card 26"), Move("card 11"), Move("card 30"), Move("card 19"),
        Move("building wwc"), Move("building css"),
        # round 1: placing
        Move("place forest 3", PLACING),
        Move("place hunt 3"),
        Move("place toolmaker 1", TOOLMAKER),
        Move("place claypit 2"),
        Move("place card1 1", CARD),
        # resolving
        Move("resolve toolmaker", RESOLVE_TOOLMAKER),
        Move("resolve forest", RESOLVE_FOREST),
        Move("roll 11"),
        Move("tools 1", ROLL),
        Move("pay wood", PAY_CARD),
        Move("resolve hunt"), Move("roll 10"),
        Move("roll 7"),
        Move("card 9"),
        # round 2: Player 2 starts
        Move("place hunt 4"),
        Move("place claypit 2", ROUND_TWO),
        Move("place forest 1"),
        Move("place building1 1", BUILDING),
        Move("place quarry 2", FOREST_AGAIN),
        Move("resolve hunt"), Move("roll 14"),
        Move("roll 3"),
        Move("resolve claypit", RESOLVE_CLAY),
        Move("roll 8"),
        Move("tools none", NO_TOOL),
        Move("resolve building1", RESOLVE_BUILDING),
        Move("pay wood wood clay"),
        Move("building ccs"),
        Move("roll 9", FOREST_TOOL),
        Move("tools 1", TOOL_AGAIN),
        # round 3: Player 1 starts
        Move("place forest 3", ROUND_THREE),
        Move("place hunt 3"),
        Move("place field 1", FIELD),
        Move("place claypit 2"),
        Move("place toolmaker 1", TOOLMAKER_AGAIN),
        Move("resolve forest", RESOLVE_ORDER),
        Move("roll 10"),
        Move("tools none", TOOL_THREE),
        Move("resolve field"),
        Move("resolve hunt"), Move("roll 12"),
        Move("roll 8"),
        Move("starve", STARVE),
    )
    return Lesson(game="stone_age", seats=("human", "easy"), moves=moves, seed=7, farewell=FAREWELL,
                  closing=CLOSING,
                  topics=frozenset({"placing", "roll", "division", "tool", "building", "card", "card bottom",
                                    "feeding", "minus ten", "end", "final scoring"}))
