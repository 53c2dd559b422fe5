"""A toy fourth game for the tests: a dice race with a hidden card, written on the contract alone.

It proves that a game plugs in with one ``register_game`` line and passes the same conformance
suite as the real games, with no special case anywhere.
"""
