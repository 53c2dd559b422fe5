"""Bots for Stone Age Junior (``junior``, ``junior_child``), in ``memory_bots``."""
