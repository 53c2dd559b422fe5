"""The conformance suite: every registered game, every player count, each expansion and variant alone."""
