"""A link as a QR code's modules, for the screens that draw it (the touchscreen, a seat's OLED)."""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=16)
def modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's dark modules, row by row (the smallest code that holds `text`, error level L)."""
    code = segno.make(text, error="l", micro=False, boost_error=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)
