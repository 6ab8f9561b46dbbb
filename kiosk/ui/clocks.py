"""Analog clock faces drawn by the program, for the Time cards (rules 1.3: faces, never digits).

A face is drawn from hours and minutes only; `turn` (0..1) draws it part-way through a card flip,
squeezed horizontally, so a reveal can show each card turning face up.
"""

from __future__ import annotations

import math

import pygame

from kiosk.ui.theme import Colour

FACE = (240, 232, 212)
RIM = (176, 136, 62)
HANDS = (24, 26, 40)


def hand_angles(hours: int, minutes: int) -> tuple[float, float]:
    """Angles of the hour and minute hands, in radians clockwise from twelve o'clock."""
    minute = minutes / 60 * math.tau
    hour = ((hours % 12) + minutes / 60) / 12 * math.tau
    return hour, minute


def draw_clock(surface: pygame.Surface, centre: tuple[int, int], radius: int, hours: int, minutes: int,
               turn: float = 1.0, face: Colour = FACE, rim: Colour = RIM, ink: Colour = HANDS) -> pygame.Rect:
    """An analog clock showing `hours:minutes`; returns the rectangle it covers."""
    squeeze = max(0.0, min(1.0, turn))
    width = max(2, round(2 * radius * squeeze))
    box = pygame.Rect(0, 0, width, 2 * radius)
    box.center = centre
    if squeeze < 0.08:  # edge-on: a thin brass line
        pygame.draw.rect(surface, rim, box)
        return box
    rim_width = max(2, radius // 12)
    pygame.draw.ellipse(surface, rim, box)
    pygame.draw.ellipse(surface, face, box.inflate(-2 * rim_width, -2 * rim_width))

    def point(angle: float, length: float) -> tuple[int, int]:
        return (round(centre[0] + math.sin(angle) * length * squeeze), round(centre[1] - math.cos(angle) * length))

    for tick in range(12):
        angle = tick / 12 * math.tau
        outer = radius - rim_width - max(1, radius // 20)
        inner = outer - (radius // 5 if tick % 3 == 0 else radius // 10)
        pygame.draw.line(surface, ink, point(angle, inner), point(angle, outer), max(1, radius // (18 if tick % 3 else 12)))
    hour, minute = hand_angles(hours, minutes)
    pygame.draw.line(surface, ink, centre, point(hour, radius * 0.5), max(2, radius // 9))
    pygame.draw.line(surface, ink, centre, point(minute, radius * 0.78), max(2, radius // 14))
    pygame.draw.circle(surface, rim, centre, max(2, radius // 10))
    return box


FLIP_SHARE = 0.18  # the share of a card's showing during which it turns over


def flip(progress: float, share: float = FLIP_SHARE) -> float:
    """How far a card has turned face up, `progress` (0..1) into its showing: it turns over during
    the first `share` of its time, then lies flat."""
    if share <= 0:
        return 1.0
    return max(0.0, min(1.0, progress / share))
