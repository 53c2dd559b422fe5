"""Stone Age Junior (My First Stone Age, the board game) — forest tiles, goods, dogs and huts; the
card game plays as its expansion (``expansions=["cards"]``)."""
