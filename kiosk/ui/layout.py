"""The touchscreen sizes the board must fit, and the arithmetic that splits a screen into boxes.

Every scene lays itself out from the screen's size in fractions and rows/columns, never from fixed
pixels, so one scene serves the official 7-inch display (800x480), 1024x600, 1280x720 and the
portrait 720x1280. `px_per_mm` turns the 9 mm minimum touch target into pixels on each panel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

MIN_TOUCH_MM = 9.0


@dataclass(frozen=True)
class Layout:
    name: str
    width: int
    height: int
    px_per_mm: float  # the panel's pixel density, for touch targets and type measured in mm

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    @property
    def min_touch(self) -> int:
        """The smallest side a touch target may have, in pixels (9 mm)."""
        return round(MIN_TOUCH_MM * self.px_per_mm + 0.5)

    def mm(self, millimetres: float) -> int:
        return round(millimetres * self.px_per_mm)

    def mm_at_least(self, millimetres: float) -> int:
        """The fewest whole pixels that are at least `millimetres` long (for minimum type sizes:
        rounding to the nearest pixel would let 2.5 mm become 2.41 mm)."""
        return math.ceil(millimetres * self.px_per_mm - 1e-9)


# The official 7" display is 154.2 x 85.9 mm of active area; the others are common 7", 10.1" and
# 10.1"-portrait panels.
LAYOUTS = {
    "800x480": Layout("800x480", 800, 480, 5.19),
    "1024x600": Layout("1024x600", 1024, 600, 6.6),
    "1280x720": Layout("1280x720", 1280, 720, 5.8),
    "720x1280": Layout("720x1280", 720, 1280, 5.8),
}
DEFAULT_LAYOUT = LAYOUTS["800x480"]


def layout_for(size: tuple[int, int]) -> Layout:
    """The layout of a screen of that size: a known one, or a 7"-like density for any other."""
    for layout in LAYOUTS.values():
        if layout.size == size:
            return layout
    return Layout(f"{size[0]}x{size[1]}", size[0], size[1], max(size) / 154.2)


def inset(rect: pygame.Rect, margin: int) -> pygame.Rect:
    return rect.inflate(-2 * margin, -2 * margin)


def rows(rect: pygame.Rect, weights: list[float], gap: int = 0) -> list[pygame.Rect]:
    """Split `rect` top to bottom in proportion to `weights`, with `gap` pixels between."""
    return _split(rect, weights, gap, vertical=True)


def columns(rect: pygame.Rect, weights: list[float], gap: int = 0) -> list[pygame.Rect]:
    """Split `rect` left to right in proportion to `weights`, with `gap` pixels between."""
    return _split(rect, weights, gap, vertical=False)


def grid(rect: pygame.Rect, count: int, per_row: int, gap: int = 0) -> list[pygame.Rect]:
    """`count` equal cells, `per_row` to a row, filling `rect` row by row."""
    if count <= 0:
        return []
    lines = (count + per_row - 1) // per_row
    cells: list[pygame.Rect] = []
    for line in rows(rect, [1] * lines, gap):
        cells.extend(columns(line, [1] * per_row, gap))
    return cells[:count]


def _split(rect: pygame.Rect, weights: list[float], gap: int, vertical: bool) -> list[pygame.Rect]:
    total = sum(weights) or 1
    length = (rect.height if vertical else rect.width) - gap * (len(weights) - 1)
    boxes, start = [], rect.top if vertical else rect.left
    for i, weight in enumerate(weights):
        end_exact = sum(weights[: i + 1]) / total * length
        size = round(end_exact) - round(sum(weights[:i]) / total * length)
        if vertical:
            boxes.append(pygame.Rect(rect.left, start, rect.width, size))
        else:
            boxes.append(pygame.Rect(start, rect.top, size, rect.height))
        start += size + gap
    return boxes
