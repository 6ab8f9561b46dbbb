"""Text-shape checks shared by the touchscreen scene checks (tests/ui/scene_checks.py) and the seat
screen checks (tests/seats/screen_checks.py): how a wrapped text's lines read, whatever drew them."""

from __future__ import annotations

import re

def lone_last_line(lines: tuple[str, ...] | list[str]) -> bool:
    """Whether a text on several lines leaves a stray on its last one: a single letter or digit, or a
    bare number torn from the word it counts ("leg" over "1", "Passengers" over "12", "Lounge Car ·
    2" over "h"). A number with its unit or its sign ("2 h", "= 24") and a short word ("OK") read as
    a line of their own."""
    if len(lines) < 2:
        return False
    last = lines[-1].strip()
    return len(re.sub(r"[\W_]", "", last)) == 1 or bool(re.fullmatch(r"\d{1,3}[.,;:!?)]*", last))
