"""A lesson's words laid out for the terminal, plain or full screen (``stoneage learn``)."""

from __future__ import annotations

import textwrap


def wrap(text: str) -> str:
    """A lesson's paragraph filled to the terminal's usual width (the script's own line breaks ignored)."""
    return textwrap.fill(" ".join(text.split()), width=100)
