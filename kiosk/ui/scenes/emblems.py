"""A small drawn emblem per game, in its theme's accent: a train, a night skyline, a magnifying glass,
two dice. Shapes only (no image files), scaled to any box; a game without one draws nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from kiosk.ui.theme import Theme

Drawing = Callable[[pygame.Surface, pygame.Rect, Theme], None]


def _square(box: pygame.Rect) -> pygame.Rect:
    side = min(box.width, box.height)
    square = pygame.Rect(0, 0, side, side)
    square.center = box.center
    return square


def _train(surface: pygame.Surface, box: pygame.Rect, theme: Theme) -> None:
    """A locomotive seen from the side: boiler, cab, chimney, wheels on a rail."""
    b = pygame.Rect(0, 0, box.width, min(box.height, box.width * 6 // 10))
    b.center = box.center
    u = b.width / 20
    ink = theme.accent
    rail_y = b.bottom - round(u * 0.6)
    pygame.draw.line(surface, ink, (b.left, rail_y), (b.right, rail_y), max(1, round(u * 0.5)))
    wheel = max(2, round(u * 1.6))
    boiler = pygame.Rect(b.left + round(u * 2), b.top + round(u * 4.5), round(u * 10), round(u * 5))
    pygame.draw.rect(surface, ink, boiler, border_radius=round(u * 1.5))
    cab = pygame.Rect(boiler.right - round(u), b.top + round(u * 1.5), round(u * 6), round(u * 8))
    pygame.draw.rect(surface, ink, cab, border_radius=round(u * 0.6))
    window = pygame.Rect(cab.left + round(u * 1.3), cab.top + round(u * 1.2), round(u * 3.2), round(u * 2.6))
    pygame.draw.rect(surface, theme.background, window, border_radius=round(u * 0.4))
    chimney = pygame.Rect(boiler.left + round(u * 1.5), b.top + round(u * 1.5), round(u * 2), round(u * 3.2))
    pygame.draw.rect(surface, ink, chimney)
    for i in range(3):
        centre = (boiler.left + round(u * (2 + i * 4.5)), rail_y - wheel - 1)
        pygame.draw.circle(surface, ink, centre, wheel)
        pygame.draw.circle(surface, theme.background, centre, max(1, wheel // 3))


def _skyline(surface: pygame.Surface, box: pygame.Rect, theme: Theme) -> None:
    """City blocks at night with lit windows, under a moon."""
    b = box
    heights = (0.55, 0.85, 0.45, 1.0, 0.65, 0.8)
    width = b.width / len(heights)
    for i, h in enumerate(heights):
        block = pygame.Rect(round(b.left + i * width), round(b.bottom - h * b.height * 0.8),
                            max(1, round(width * 0.86)), round(h * b.height * 0.8))
        pygame.draw.rect(surface, theme.muted, block)
        light = max(1, round(width / 6))
        for row in range(1, int(block.height / (light * 3))):
            if (row + i) % 3:
                pygame.draw.rect(surface, theme.accent, (block.left + light * 2, block.top + row * light * 3, light, light))
    moon = max(2, round(min(b.width, b.height) * 0.1))
    pygame.draw.circle(surface, theme.accent, (b.right - moon * 2, b.top + moon + 1), moon)


def _magnifier(surface: pygame.Surface, box: pygame.Rect, theme: Theme) -> None:
    """A magnifying glass: a ring on a slanted handle."""
    s = _square(box)
    radius = round(s.width * 0.3)
    centre = (s.left + round(s.width * 0.4), s.top + round(s.height * 0.4))
    end = (s.right - round(s.width * 0.06), s.bottom - round(s.height * 0.06))
    pygame.draw.line(surface, theme.accent, centre, end, max(2, round(s.width * 0.12)))
    pygame.draw.circle(surface, theme.accent, centre, radius)
    pygame.draw.circle(surface, theme.panel, centre, max(1, radius - max(2, round(s.width * 0.07))))


def _dice(surface: pygame.Surface, box: pygame.Rect, theme: Theme) -> None:
    """Two dice showing a five and a three."""
    side = min(box.width // 2, box.height)
    faces: tuple[tuple[tuple[int, int], ...], ...] = (
        ((0, 0), (2, 2), (1, 1), (0, 2), (2, 0)),
        ((0, 0), (1, 1), (2, 2)),
    )
    for i, face in enumerate(faces):
        die = pygame.Rect(0, 0, round(side * 0.82), round(side * 0.82))
        die.center = (box.centerx + round((i - 0.5) * side * 0.95), box.centery + round((i - 0.5) * side * 0.12))
        pygame.draw.rect(surface, theme.ink, die, border_radius=max(2, die.width // 6))
        pip = max(1, die.width // 11)
        for col, row in face:
            x = die.left + die.width * (1 + 2 * col) // 6
            y = die.top + die.height * (1 + 2 * row) // 6
            pygame.draw.circle(surface, theme.background, (x, y), pip)


EMBLEMS: dict[str, Drawing] = {
    "mystery-express": _train,
    "pi": _skyline,
    "watson-holmes": _magnifier,
    "mystery-city": _dice,
}


def draw_emblem(surface: pygame.Surface, game_id: str, box: pygame.Rect, theme: Theme) -> None:
    drawing = EMBLEMS.get(game_id)
    if drawing is not None and box.width > 4 and box.height > 4:
        drawing(surface, box, theme)
