"""What the two children's games share: the goods and goods cards, the hut race, the public log,
turn order, seat checks, notation helpers and the JSON/observation plumbing.

My First Stone Age (the card game) and Stone Age Junior (the board game, with the card game as its
``cards`` expansion) are built on ``FamilyState``; each game keeps only its own rules and tables.
"""
