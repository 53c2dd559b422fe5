"""Bots for My First Stone Age: The Card Game (``memory``, ``child``), in ``memory_bots``."""
