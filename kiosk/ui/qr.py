"""QR codes drawn with pygame: a seat's join link on the touchscreen, scanned by a phone."""

from __future__ import annotations

import pygame

from kiosk.seats.qr import modules

QUIET = 2  # modules of white around the code (phones read 2 well on a screen)


def draw_qr(surface: pygame.Surface, area: pygame.Rect, text: str) -> pygame.Rect | None:
    """The code, as large as whole pixels per module allow, centred in `area`, dark on white;
    None (nothing drawn) where less than two pixels per module would fit."""
    rows = modules(text)
    count = len(rows) + 2 * QUIET
    scale = min(area.width, area.height) // count
    if scale < 2:
        return None
    box = pygame.Rect(0, 0, count * scale, count * scale)
    box.center = area.center
    surface.fill((255, 255, 255), box)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (box.left + (x + QUIET) * scale, box.top + (y + QUIET) * scale, scale, scale))
    return box
