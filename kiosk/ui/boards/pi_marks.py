"""The small shapes of the P.I. board: seat chips (discs round, cubes square, the seat's number on
each), investigator pawns, the signs of a tile's kind, the black discs of an accusation, the blinds.

A seat is told apart by its colour and always by its number too: a chip is never drawn smaller than
the number on it can be read (`chip_px`, the fine print's least size).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from kiosk.ui.paint import Painter, Verbatim, font, lines_height
from kiosk.ui.theme import FILM_NOIR, Colour
from kiosk.ui.type_scale import FINE

# Bright on dark, one per rules.toml colour name; the seat number is always drawn on top.
SEAT_COLOURS: dict[str, Colour] = {
    "red": (240, 70, 70), "blue": (80, 150, 255), "green": (70, 210, 100),
    "yellow": (255, 214, 50), "purple": (196, 112, 255),
}
CARD = (58, 54, 50)  # a postcard's photograph, sepia in the dark
CAPTION = (232, 224, 204)  # a postcard's caption strip, old paper
CAPTION_INK = (24, 22, 20)
ROAD = (70, 70, 78)
BLINDS = (22, 22, 26)  # venetian-blind shadows across the background


def seat_colour(view: dict[str, Any], seat: int) -> Colour:
    return SEAT_COLOURS.get(view["players"][seat]["colour"], (200, 200, 200))


def chip_px(paint: Painter) -> int:
    """The least side of a chip or pawn: one line of its seat number at the fine print's minimum."""
    return lines_height(1, font(paint.theme.body_font, paint.layout.mm_at_least(FINE.min_mm)))


def seat_number(paint: Painter, box: pygame.Rect, seat: int, ink: Colour = CAPTION_INK) -> None:
    paint.text(box, Verbatim(str(seat + 1)), FINE, ink)


def seat_chip(paint: Painter, rect: pygame.Rect, view: dict[str, Any], seat: int, kind: str,
              outline: Colour = CAPTION_INK) -> None:
    """A disc (round) or a cube (square) in the seat's colour, with the seat's number on it."""
    side = max(chip_px(paint), min(rect.width, rect.height))
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    shape(paint, box, seat_colour(view, seat), kind, outline)
    seat_number(paint, box, seat)


def shape(paint: Painter, rect: pygame.Rect, colour: Colour, kind: str, outline: Colour) -> None:
    if kind == "disc":
        pygame.draw.circle(paint.surface, colour, rect.center, rect.width // 2)
        pygame.draw.circle(paint.surface, outline, rect.center, rect.width // 2, 1)
    else:
        pygame.draw.rect(paint.surface, colour, rect)
        pygame.draw.rect(paint.surface, outline, rect, 1)


def black_disc(paint: Painter, rect: pygame.Rect) -> None:
    """One of the three black discs of a solution attempt, ringed so it shows on the dark card."""
    radius = max(3, min(rect.width, rect.height) // 2 - 1)
    pygame.draw.circle(paint.surface, (0, 0, 0), rect.center, radius)
    pygame.draw.circle(paint.surface, FILM_NOIR.accent, rect.center, radius, 2)


def draw_pawn(paint: Painter, rect: pygame.Rect, colour: Colour) -> None:
    """An investigator counter: a head over shoulders."""
    head = max(2, rect.width // 4)
    pygame.draw.circle(paint.surface, colour, (rect.centerx, rect.top + head), head)
    body = [(rect.left + rect.width // 8, rect.bottom), (rect.centerx - head, rect.top + head * 2),
            (rect.centerx + head, rect.top + head * 2), (rect.right - rect.width // 8, rect.bottom)]
    pygame.draw.polygon(paint.surface, colour, body)


def draw_pawns(paint: Painter, rect: pygame.Rect, colour: Colour, count: int) -> None:
    """`count` small pawns (investigators left); their number is the count, colour is not needed."""
    size = min(rect.height, rect.width // max(1, count)) if count else 0
    for i in range(count):
        draw_pawn(paint, pygame.Rect(rect.left + i * size, rect.centery - size // 2, size, size), colour)


def kind_icon(paint: Painter, rect: pygame.Rect, kind: str, colour: Colour) -> None:
    """A small sign for a tile's or a card's kind: a head (suspect), a dagger (crime), a house (place)."""
    side = min(rect.width, rect.height)
    if side < 6:
        return
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    surface = paint.surface
    if kind == "SUSPECT":
        draw_pawn(paint, box, colour)
    elif kind == "CRIME":
        tip, hilt = (box.right - side // 6, box.top + side // 6), (box.left + side // 3, box.bottom - side // 3)
        pygame.draw.line(surface, colour, tip, hilt, max(2, side // 6))
        guard = side // 4
        angle = math.atan2(hilt[1] - tip[1], hilt[0] - tip[0]) + math.pi / 2
        dx, dy = round(math.cos(angle) * guard), round(math.sin(angle) * guard)
        pygame.draw.line(surface, colour, (hilt[0] - dx, hilt[1] - dy), (hilt[0] + dx, hilt[1] + dy), max(2, side // 8))
        pygame.draw.line(surface, colour, hilt, (box.left + side // 8, box.bottom - side // 8), max(2, side // 6))
    else:
        roof = [(box.left, box.centery), (box.centerx, box.top), (box.right, box.centery)]
        pygame.draw.polygon(surface, colour, roof)
        pygame.draw.rect(surface, colour, (box.left + side // 6, box.centery, side * 2 // 3, side // 2))


def blinds(paint: Painter) -> None:
    """Shadows of venetian blinds falling across the room, the film-noir backdrop."""
    surface = paint.surface
    w, h = surface.get_size()
    step = max(12, paint.layout.mm(6))
    thick = max(4, step // 2)
    for x in range(-h, w, step):
        pygame.draw.line(surface, BLINDS, (x, h), (x + h // 2, 0), thick)

