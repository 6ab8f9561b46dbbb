"""Watson & Holmes's drawn symbols: the casebook paper, the pawns, the tokens and the card icons.
Shapes carry the meaning as well as colour (a pawn also carries its seat number)."""

from __future__ import annotations

import math

import pygame

from kiosk.ui.layout import inset
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.theme import Colour
from kiosk.ui.type_scale import FINE

# Pawn colours; each pawn also carries its seat number, so colour is never the only sign.
PAWNS: tuple[Colour, ...] = (
    (150, 30, 30), (30, 50, 120), (30, 100, 50), (100, 40, 120), (170, 110, 20), (20, 110, 120), (60, 40, 30),
)
PAPER_DARK: Colour = (200, 176, 130)
PAWN_MM = 4.2  # a pawn's disc: room for its seat number at the fine print's size


def draw_paper(paint: Painter) -> None:
    """Faint ruled lines and a double ink frame: a page of the casebook."""
    surface, theme = paint.surface, paint.theme
    rect = surface.get_rect()
    step = max(12, paint.layout.mm(7))
    for y in range(step, rect.height, step):
        pygame.draw.line(surface, (218, 196, 152), (0, y), (rect.width, y), 1)
    margin = paint.layout.mm(0.8)
    pygame.draw.rect(surface, theme.ink, inset(rect, margin), width=2)
    pygame.draw.rect(surface, theme.muted, inset(rect, margin * 2), width=1)


def draw_pawn(paint: Painter, rect: pygame.Rect, seat: int) -> None:
    colour = PAWNS[seat % len(PAWNS)]
    radius = rect.width // 2
    pygame.draw.circle(paint.surface, colour, rect.center, radius)
    pygame.draw.circle(paint.surface, paint.theme.ink, rect.center, radius, 1)
    paint.text(rect, Verbatim(str(seat + 1)), FINE, paint.theme.panel, title=True)


def draw_wheel(paint: Painter, rect: pygame.Rect, colour: Colour) -> None:
    """A carriage wheel: the carriage token."""
    radius = max(3, min(rect.width, rect.height) // 2)
    centre = rect.center
    pygame.draw.circle(paint.surface, colour, centre, radius, max(1, radius // 4))
    for k in range(4):
        angle = k * math.pi / 4
        dx, dy = round(math.cos(angle) * radius), round(math.sin(angle) * radius)
        pygame.draw.line(paint.surface, colour, (centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy), 1)


def draw_book(paint: Painter, rect: pygame.Rect) -> None:
    """The Diary: the start player's book."""
    pygame.draw.rect(paint.surface, paint.theme.accent, rect, border_radius=2)
    pygame.draw.line(paint.surface, paint.theme.panel, (rect.left + rect.width // 4, rect.top + 2), (rect.left + rect.width // 4, rect.bottom - 3), 1)


def draw_helmet(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A constable's helmet: the police token."""
    w, h = rect.width, rect.height
    points = [(rect.left + w * 0.5, rect.top), (rect.left + w * 0.78, rect.top + h * 0.35), (rect.left + w * 0.8, rect.top + h * 0.78),
              (rect.right, rect.bottom), (rect.left, rect.bottom), (rect.left + w * 0.2, rect.top + h * 0.78), (rect.left + w * 0.22, rect.top + h * 0.35)]
    pygame.draw.polygon(surface, colour, points)


def draw_key(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A key: the lockpick."""
    r = max(2, rect.height // 4)
    bow = (rect.left + r + 1, rect.centery)
    pygame.draw.circle(surface, colour, bow, r, max(1, r // 2))
    pygame.draw.line(surface, colour, (bow[0] + r, rect.centery), (rect.right, rect.centery), max(1, r // 2))
    pygame.draw.line(surface, colour, (rect.right - r, rect.centery), (rect.right - r, rect.centery + r), max(1, r // 2))


def draw_glasses(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """Dr Watson's spectacles."""
    r = max(2, rect.width // 5)
    pygame.draw.circle(surface, colour, (rect.left + r + 1, rect.centery), r, 1)
    pygame.draw.circle(surface, colour, (rect.right - r - 1, rect.centery), r, 1)
    pygame.draw.line(surface, colour, (rect.left + 2 * r + 1, rect.centery), (rect.right - 2 * r - 1, rect.centery), 1)


def strike(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.line(surface, colour, rect.bottomleft, rect.topright, max(2, rect.width // 6))


def draw_icons(paint: Painter, rect: pygame.Rect, icons: list[str], align: str = "right") -> None:
    """A card's icons and a player's tokens as small symbols: helmet (police), struck helmet
    (call-off, no police), key (lockpick), padlock frame (lockpick needed), wheel (carriages),
    struck spectacles (no Dr Watson), spectacles (read aloud by Dr Watson). A police token on a card is a helmet on a red disc."""
    theme = paint.theme
    size = min(rect.height, paint.layout.mm(4))
    if size < 4 or not icons:
        return
    step = size + 2
    x = rect.right - step * len(icons) if align == "right" else rect.left
    for icon in icons:
        box = pygame.Rect(max(rect.left, x), rect.top + (rect.height - size) // 2, size, size)
        glyph = box.inflate(-2, -2)
        surface = paint.surface
        if icon == "police_on":
            pygame.draw.circle(surface, theme.alert, box.center, size // 2)
            draw_helmet(surface, glyph.inflate(-size // 4, -size // 4), theme.panel)
        elif icon in ("gives_police", "police"):
            draw_helmet(surface, glyph, theme.ink)
        elif icon in ("gives_calloff", "calloff", "no_police"):
            draw_helmet(surface, glyph, theme.ink if icon != "no_police" else theme.muted)
            strike(surface, glyph, theme.alert)
        elif icon in ("gives_lockpick", "lockpick"):
            draw_key(surface, glyph, theme.ink)
        elif icon == "lockpick_required":
            pygame.draw.rect(surface, theme.alert, box, width=1)
            draw_key(surface, glyph.inflate(-2, -2), theme.alert)
        elif icon == "gives_carriages":
            draw_wheel(paint, glyph, theme.ink)
        elif icon == "read_aloud":
            draw_glasses(surface, glyph, theme.accent)
        elif icon == "no_watson":
            draw_glasses(surface, glyph, theme.muted)
            strike(surface, glyph, theme.alert)
        x += step


