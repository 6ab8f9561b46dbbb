"""Setting Watson & Holmes's text in the type scale: the largest size a text fits at, and lists in one size.

A text that does not fit at one size of the scale steps down to the next (body, label, fine print),
never under the fine print's minimum; a list (the questions, the scores, the answers) is set in the
one size at which every line fits, so it reads as one list.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from kiosk.ui.layout import Layout
from kiosk.ui.paint import Painter, Words, font, wrap
from kiosk.ui.paint import lines_height as typeset_height
from kiosk.ui.theme import Colour
from kiosk.ui.type_scale import BODY, FINE, LABEL, TypeSize



def fits(text: str, typeface: pygame.font.Font, box: pygame.Rect) -> bool:
    lines = wrap(text, typeface, box.width)
    return typeset_height(len(lines), typeface) <= box.height and all(typeface.size(line)[0] <= box.width for line in lines)


def largest_fit(paint: Painter, boxes: Sequence[pygame.Rect], lines: Sequence[Words], largest: TypeSize = BODY,
                title: bool = False) -> TypeSize:
    """One size (a TypeSize whose minimum is itself) at which every line fits its box: from `largest`
    down, a pixel at a time, to the fine print's minimum (where a line that still does not fit is cut
    short, and the scene checks fail)."""
    layout = paint.layout
    pixels, least = layout.mm(largest.mm), layout.mm_at_least(FINE.min_mm)
    face = paint.theme.title_font if title else paint.theme.body_font
    texts = [line.render(paint.lang) for line in lines]
    while pixels > least:
        typeface = font(face, pixels)
        if all(fits(text, typeface, box) for text, box in zip(texts, boxes)):
            break
        pixels -= 1
    size = pixels / layout.px_per_mm
    return TypeSize(largest.name, size, size)


def stacked_size(paint: Painter, rect: pygame.Rect, lines: Sequence[Words], largest: TypeSize = LABEL,
                 title: bool = False) -> TypeSize:
    """The largest size (from `largest` down to the fine print's minimum) at which `lines`, each
    wrapped to the width of `rect`, fit one under another in its height (the minimum if none does)."""
    size = stacked_fit(paint, rect, lines, largest, title)
    return size if size is not None else TypeSize(largest.name, paint.layout.mm_at_least(FINE.min_mm) / paint.layout.px_per_mm,
                                                  paint.layout.mm_at_least(FINE.min_mm) / paint.layout.px_per_mm)


def stacked_fit(paint: Painter, rect: pygame.Rect, lines: Sequence[Words], largest: TypeSize = LABEL,
                title: bool = False) -> TypeSize | None:
    """As `stacked_size`, or None if `lines` do not fit even at the fine print's minimum."""
    layout = paint.layout
    pixels, least = layout.mm(largest.mm), layout.mm_at_least(FINE.min_mm)
    face = paint.theme.title_font if title else paint.theme.body_font
    texts = [line.render(paint.lang) for line in lines]
    while pixels >= least:
        typeface = font(face, pixels)
        wrapped = [wrap(text, typeface, rect.width) for text in texts]
        spacing = round(pixels * 0.4)
        height = sum(typeset_height(len(w), typeface) for w in wrapped) + spacing * (len(texts) - 1)
        if height <= rect.height and all(typeface.size(line)[0] <= rect.width for w in wrapped for line in w):
            return TypeSize(largest.name, pixels / layout.px_per_mm, pixels / layout.px_per_mm)
        pixels -= 1
    return None


def draw_lines(paint: Painter, rect: pygame.Rect, lines: Sequence[Words], largest: TypeSize = LABEL,
               colour: Colour | None = None, title: bool = False) -> None:
    """One line of words under another, from the top, in the one largest size at which all fit."""
    if not lines:
        return
    size = stacked_size(paint, rect, lines, largest, title)
    spacing = round(paint.layout.mm(size.mm) * 0.4)  # as `lines_height` counts it
    top = rect.top
    for line in lines:
        height = min(rect.bottom - top, lines_height(paint, rect.width, [line], size, title))
        paint.text(pygame.Rect(rect.left, top, rect.width, max(1, height)), line, size, colour or paint.theme.ink,
                   align="left", valign="top", title=title)
        top += height + spacing


def draw_fitted(paint: Painter, rect: pygame.Rect, words: Words, largest: TypeSize = BODY, colour: Colour | None = None,
                title: bool = False, align: str = "left", valign: str = "top") -> pygame.Rect:
    """One text at the largest size it fits."""
    size = largest_fit(paint, [rect], [words], largest, title)
    return paint.text(rect, words, size, colour or paint.theme.ink, title=title, align=align, valign=valign)


def lines_height(paint: Painter, width: int, lines: Sequence[Words], size: TypeSize = LABEL, title: bool = False) -> int:
    """The height `lines` take one under another at `size`, each wrapped to `width`: room to ask for
    before a box is split, so nothing has to shrink."""
    face = paint.theme.title_font if title else paint.theme.body_font
    pixels = paint.layout.mm(size.mm)
    typeface = font(face, pixels)
    spacing = round(pixels * 0.4) * max(0, len(lines) - 1)  # as `draw_lines` sets them
    return spacing + sum(typeset_height(len(wrap(line.render(paint.lang), typeface, width)), typeface) for line in lines)
