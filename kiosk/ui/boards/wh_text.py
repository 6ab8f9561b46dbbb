"""Setting Watson & Holmes's text in the type scale: the largest size a text fits at, and lists in one size.

A text that does not fit at one size of the scale steps down to the next (body, label, fine print),
never under the fine print's minimum; a list (the questions, the scores, the answers) is set in the
one size at which every line fits, so it reads as one list.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from kiosk.ui.layout import Layout, rows
from kiosk.ui.paint import Painter, Words, font, wrap
from kiosk.ui.paint import lines_height as typeset_height
from kiosk.ui.theme import Colour
from kiosk.ui.type_scale import BODY, FINE, LABEL, TypeSize



def at_least(layout: Layout, millimetres: float) -> int:
    """The fewest whole pixels that are at least `millimetres` tall (rounding never goes under)."""
    return math.ceil(millimetres * layout.px_per_mm - 1e-9)


def fits(text: str, typeface: pygame.font.Font, box: pygame.Rect) -> bool:
    lines = wrap(text, typeface, box.width)
    return typeset_height(len(lines), typeface) <= box.height and all(typeface.size(line)[0] <= box.width for line in lines)


def largest_fit(paint: Painter, boxes: Sequence[pygame.Rect], lines: Sequence[Words], largest: TypeSize = BODY,
                title: bool = False) -> TypeSize:
    """One size (a TypeSize whose minimum is itself) at which every line fits its box: from `largest`
    down, a pixel at a time, to the fine print's minimum (where a line that still does not fit is cut
    short, and the scene checks fail)."""
    layout = paint.layout
    pixels, least = layout.mm(largest.mm), at_least(layout, FINE.min_mm)
    face = paint.theme.title_font if title else paint.theme.body_font
    texts = [line.render(paint.lang) for line in lines]
    while pixels > least:
        typeface = font(face, pixels)
        if all(fits(text, typeface, box) for text, box in zip(texts, boxes)):
            break
        pixels -= 1
    size = pixels / layout.px_per_mm
    return TypeSize(largest.name, size, size)


def draw_lines(paint: Painter, rect: pygame.Rect, lines: Sequence[Words], largest: TypeSize = LABEL,
               colour: Colour | None = None, title: bool = False) -> None:
    """One line of words under another, in one size, each given room in proportion to what it needs."""
    if not lines:
        return
    heights = [lines_height(paint, rect.width, [line], largest, title) for line in lines]
    spacing = paint.layout.mm(largest.mm * 0.4)
    if sum(heights) + spacing * (len(lines) - 1) <= rect.height:  # room for all at their size: from the top
        boxes, top = [], rect.top
        for height in heights:
            boxes.append(pygame.Rect(rect.left, top, rect.width, height))
            top += height + spacing
    else:  # tight: each its share, in one smaller size
        boxes = rows(rect, [float(h) for h in heights])
    size = largest_fit(paint, boxes, lines, largest, title)
    for box, line in zip(boxes, lines):
        paint.text(box, line, size, colour or paint.theme.ink, align="left", title=title)


def draw_fitted(paint: Painter, rect: pygame.Rect, words: Words, largest: TypeSize = BODY, colour: Colour | None = None,
                title: bool = False, align: str = "left", valign: str = "top") -> pygame.Rect:
    """One text at the largest size it fits."""
    size = largest_fit(paint, [rect], [words], largest, title)
    return paint.text(rect, words, size, colour or paint.theme.ink, title=title, align=align, valign=valign)


def lines_height(paint: Painter, width: int, lines: Sequence[Words], size: TypeSize = LABEL, title: bool = False) -> int:
    """The height `lines` take one under another at `size`, each wrapped to `width`: room to ask for
    before a box is split, so nothing has to shrink."""
    face = paint.theme.title_font if title else paint.theme.body_font
    typeface = font(face, paint.layout.mm(size.mm))
    return sum(typeset_height(len(wrap(line.render(paint.lang), typeface, width)), typeface) for line in lines)
