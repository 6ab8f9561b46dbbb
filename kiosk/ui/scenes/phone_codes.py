"""The QR codes of a game's phone-only seats that no phone plays now, over its board: a seat with no
station has nothing else to show its link on. A code goes as soon as a phone opens it, and comes back
when none plays the seat (after a power cut, until its phone reconnects; once the seat was given back)."""

from __future__ import annotations

import pygame

from kiosk.i18n import N_, Text
from kiosk.seats.qr import modules
from kiosk.ui.paint import Painter
from kiosk.ui.qr import QUIET, draw_qr


def draw_phone_codes(paint: Painter, codes: list[tuple[int, str]]) -> None:
    """Each (seat, link) as a code under "Seat N: scan to play", stacked down the right edge; as
    many as the screen's height takes at two pixels a module or more (the others when those are taken)."""
    if not codes:
        return
    screen = paint.surface.get_rect()
    layout = paint.layout
    pad = layout.mm(1.5)
    label = layout.mm(7)
    side = (len(modules(codes[0][1])) + 2 * QUIET) * max(2, min(3, screen.height // 200))
    cell = label + side + pad
    fits = max(1, (screen.height - 2 * pad) // cell)
    shown = codes[:fits]
    width = max(side, layout.mm(30)) + 2 * pad
    panel = pygame.Rect(screen.right - width - pad, screen.top + pad, width, cell * len(shown) + pad)
    paint.box(panel, paint.theme.panel, paint.theme.accent, radius=layout.mm(2), width=max(2, layout.mm(0.5)))
    for index, (seat, link) in enumerate(shown):
        box = pygame.Rect(panel.left, panel.top + pad + index * cell, panel.width, cell - pad)
        name = pygame.Rect(box.left, box.top, box.width, label)
        code = pygame.Rect(box.left, name.bottom, box.width, side)
        paint.text(name, Text(N_("Seat {n}: scan to play"), {"n": seat + 1}), 3.0, paint.theme.ink)
        draw_qr(paint.surface, code, link)
