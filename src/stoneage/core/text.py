"""Text in terminal cells: how many columns a text takes, and cutting and padding by columns.

A Hangul letter (and any East Asian wide or full-width letter) takes two columns, a combining mark
none, so ``len`` and ``str.ljust`` misalign Korean tables. Every face that lines text up in a
terminal (the command's help, the tables of ``simulate``, ``tournament`` and ``bench``, the
terminal boards) counts with these. Only the standard library: the plain mode imports no rich.
"""

from __future__ import annotations

import unicodedata


def cells(text: str) -> int:
    """The columns ``text`` takes in a terminal: East Asian wide and full-width letters take two
    (as rich's ``cell_len`` counts them; this module imports no rich, for the plain mode)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 0 if unicodedata.combining(char) else 1
               for char in text)


def fit(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` columns (never half a wide letter)."""
    if cells(text) <= width:
        return text
    out, used = [], 0
    for char in text:
        size = cells(char)
        if used + size > width:
            break
        out.append(char)
        used += size
    return "".join(out)


def ljust(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns and padded with spaces to exactly ``width``."""
    text = fit(text, width)
    return text + " " * (width - cells(text))


def rjust(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` columns (never cut)."""
    return " " * max(0, width - cells(text)) + text


def center(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns and centred in exactly ``width`` (as ``str.center``)."""
    text = fit(text, width)
    free = width - cells(text)
    left = free // 2 + (free & width & 1)  # str.center's rounding
    return " " * left + text + " " * (free - left)
