"""Tests of the research adapters (PettingZoo, Gymnasium) over every registered game."""
