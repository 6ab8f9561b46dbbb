"""The public screen's type scale: a few named sizes in millimetres, each with the least it may shrink to.

People read the touchscreen from their chairs, 60-90 cm away and often at an angle, so type is
measured on the glass, not in pixels: the painter turns millimetres into pixels with each layout's
density. A text set in one of these sizes shrinks, when its box is tight, no further than its size's
minimum; below that it wraps, pages or is given more room. Nothing a player must read is drawn under
`FLOOR_MM` at any layout (the scene checks fail on it).
"""

from __future__ import annotations

from dataclasses import dataclass

FLOOR_MM = 2.5  # nothing a player must read is smaller


@dataclass(frozen=True)
class TypeSize:
    name: str
    mm: float  # the size it is set at
    min_mm: float  # the least it may shrink to in a tight box


TITLE = TypeSize("title", 7.0, 5.0)
BODY = TypeSize("body", 5.0, 3.5)
LABEL = TypeSize("label", 4.0, 3.0)
FINE = TypeSize("fine print", 3.0, FLOOR_MM)
SCALE = (TITLE, BODY, LABEL, FINE)
