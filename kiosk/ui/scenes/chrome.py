"""The pieces every menu scene shares: the framed backdrop, a title band, a pager and a confirm box.

Sizes come from the screen (fractions) and the panel's millimetres, never fixed pixels, so the menus
look the same on the 7-inch panel, the 10-inch ones and the portrait one.
"""

from __future__ import annotations

import pygame

from kiosk.i18n import N_, Text
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words
from kiosk.ui.type_scale import LABEL

PREVIOUS = "previous"
NEXT = "next"
YES = "yes"
NO = "no"


FRAME_PAD_MM = 2.0  # words keep this far inside the frame's inner rule at the sides (landscape, 0.6 mm), 0.5 mm at the top and foot
# (the boxes may come closer: a button's label keeps its own padding)


def margin(paint: Painter) -> int:
    """The room's inset from the screen's top and foot, and the gap between its rows."""
    return paint.layout.mm(3)


def side_margin(paint: Painter) -> int:
    """The room's inset from the screen's sides: the frame (2.2 mm) and its padding (`FRAME_PAD_MM`),
    so a word at the room's edge never sits flush against the frame ("Idioma", "Brillo")."""
    return paint.layout.mm(4.5 if paint.layout.portrait else 3)  # landscape: no millimetre across to spare


def backdrop(paint: Painter) -> pygame.Rect:
    """Fill the screen and draw its frame (a double rule in the theme's accent); returns the room inside."""
    paint.fill()
    screen = paint.surface.get_rect()
    outer = inset(screen, paint.layout.mm(1.2))
    paint.box(outer, border=paint.theme.accent, width=max(1, paint.layout.mm(0.5)), radius=paint.layout.mm(2))
    inner = inset(outer, paint.layout.mm(1))
    paint.box(inner, border=paint.theme.muted, width=1, radius=paint.layout.mm(1.5))
    pad = FRAME_PAD_MM if paint.layout.portrait else 0.6
    paint.text_room = inner.inflate(-2 * paint.layout.mm(pad), -2 * paint.layout.mm(0.5))
    return screen.inflate(-2 * side_margin(paint), -2 * margin(paint))


def title_band(paint: Painter, rect: pygame.Rect, title: Words, subtitle: Words | None = None) -> None:
    """A title in the theme's title face, a rule under it, and an optional line in the muted ink."""
    if subtitle is None:
        words, rule = rows(rect, [6, 1])
        sub = None
    else:
        words, sub, rule = rows(rect, [6, 3.5, 1.5])
    paint.text(words, title, 9, paint.theme.accent, title=True)
    if sub is not None and subtitle is not None:
        paint.text(sub, subtitle, 4.5, paint.theme.muted)
    y = rule.centery
    half = min(rule.width // 3, paint.layout.mm(45))
    centre = rule.centerx
    pygame.draw.line(paint.surface, paint.theme.accent, (centre - half, y), (centre + half, y), 2)
    diamond = paint.layout.mm(1.2)
    pygame.draw.polygon(paint.surface, paint.theme.accent, [
        (centre, y - diamond), (centre + diamond, y), (centre, y + diamond), (centre - diamond, y)])


def button_height(paint: Painter) -> int:
    """A comfortable button: 12 mm, comfortably above the 9 mm minimum."""
    return max(paint.layout.min_touch, paint.layout.mm(12))


def common_size(paint: Painter, boxes: list[pygame.Rect], labels: list[Words], size_mm: float) -> float:
    """The one size (mm) at which every label fits its button, so a row of buttons reads evenly."""
    return min((paint.fit_mm(paint.label_box(box), label, size_mm, title=True)
                for box, label in zip(boxes, labels)), default=size_mm)


def segmented(paint: Painter, rect: pygame.Rect, choices: list[tuple[Words, object]], current: object,
              size_mm: float = 4.5) -> None:
    """Side-by-side buttons, one per choice, the current one lit, all labels at one size; when more
    than two choices would only fit in fine print (a table with many Watson & Holmes cases), a
    stepper instead."""
    cells = columns(rect, [1] * len(choices), gap=paint.layout.mm(1))
    size = common_size(paint, cells, [label for label, _ in choices], size_mm)
    if len(choices) > 2 and size < LABEL.min_mm:
        stepper(paint, rect, choices, current, size_mm)
        return
    for cell, (label, value) in zip(cells, choices):
        paint.button(cell, label, value, selected=value == current, size_mm=size)


def stepper(paint: Painter, rect: pygame.Rect, choices: list[tuple[Words, object]], current: object,
            size_mm: float = 4.5) -> None:
    """The current choice, lit, between buttons that choose the previous and the next one (round
    the list): one choice at a time, so even a long title reads at a good size."""
    values = [value for _, value in choices]
    at = values.index(current) if current in values else 0
    arrow = max(paint.layout.min_touch, rect.height)
    earlier, shown, later = columns(rect, [arrow, rect.width - 2 * arrow, arrow], gap=paint.layout.mm(1))
    paint.button(earlier, Verbatim("<"), values[at - 1], size_mm=size_mm)
    paint.button(shown, choices[at][0], values[at], selected=True, size_mm=size_mm)
    paint.button(later, Verbatim(">"), values[(at + 1) % len(values)], size_mm=size_mm)


def pager(paint: Painter, rect: pygame.Rect, page: int, pages: int, size_mm: float = 5.0,
          finish: tuple[Words, object] | None = None) -> None:
    """Previous and next buttons around "2/5" (a disabled button where there is nowhere to go).
    `finish`: on the last page, the next button's place holds this label and value instead ("Play"
    where a newcomer has tapped "Next" page after page)."""
    back, where, forward = columns(rect, [2, 1.2, 2], gap=margin(paint))
    last = page >= pages - 1
    labels: list[Words] = [Text(N_("Previous")), finish[0] if last and finish else Text(N_("Next"))]
    size = common_size(paint, [back, forward], labels, size_mm)
    paint.button(back, labels[0], PREVIOUS, enabled=page > 0, size_mm=size)
    paint.text(where, Verbatim(f"{page + 1}/{pages}"), 6, paint.theme.ink, title=True)
    if last and finish:
        paint.button(forward, labels[1], finish[1], selected=True, size_mm=size)
    else:
        paint.button(forward, labels[1], NEXT, enabled=not last, size_mm=size)


def turn_page(page: int, pages: int, value: object) -> int:
    """The page after a tap on the pager (unchanged for any other value)."""
    if value == PREVIOUS:
        return max(0, page - 1)
    if value == NEXT:
        return min(pages - 1, page + 1)
    return page


def confirm_box(paint: Painter, question: Words, detail: Words | None, yes: Words, no: Words) -> None:
    """A question over a dimmed screen with two answers: `yes` answers YES, `no` answers NO.

    A target over the whole screen, under the box, swallows taps elsewhere: only the two answers count.
    """
    screen = paint.surface.get_rect()
    shade = pygame.Surface(screen.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    paint.surface.blit(shade, (0, 0))
    paint.target(screen, None)
    layout = paint.layout
    width = screen.width * (0.9 if layout.portrait else 0.7)
    height = screen.height * (0.34 if layout.portrait else 0.62)
    box = pygame.Rect(0, 0, int(width), int(height))
    box.center = screen.center
    paint.box(box, paint.theme.panel, paint.theme.accent, radius=layout.mm(3), width=max(2, layout.mm(0.6)))
    inner = inset(box, layout.mm(4))
    answers_height = button_height(paint)
    words, answers = rows(inner, [inner.height - answers_height, answers_height], gap=layout.mm(3))
    if detail is None:
        paint.text(words, question, 7, paint.theme.ink, title=True)
    else:
        ask, more = rows(words, [1.2, 1], gap=layout.mm(1))
        paint.text(ask, question, 7, paint.theme.ink, title=True, valign="bottom")
        paint.text(more, detail, 4.5, paint.theme.muted, valign="top")
    left, right = columns(answers, [1, 1], gap=layout.mm(4))
    paint.button(left, no, NO)
    paint.button(right, yes, YES, selected=True)
