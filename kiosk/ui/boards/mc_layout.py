"""Where the Mystery City board puts things, landscape and portrait, and how much larger its type is
set on a screen larger than the official 7-inch one.

Landscape: a band on top (title, who the table waits for, the turn order), then the seats beside the
felt, and the cards out of the game in a pile under the seats. Portrait (720x1280) is laid out for
its height: the seats in a row or two on top, a tall felt where the cards are drawn at nearly their
printed size, the cards out of the game, and a long log. Neither has a banner apart from the log: the
log's newest line, at its top in the ink, is the banner (a banner over it said the same sentence
twice). A duel shown big takes the stage: the felt and the log under it (landscape), or the felt, the
pile and the log (portrait), so its result is on screen once; the seats and the choices stay.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.ui.layout import Layout, columns, inset, rows
from kiosk.ui.type_scale import TypeSize

BASE_MM = (154.0, 92.0)  # the official 7-inch display, the size the board's type is set for
MOST_GROWTH = 1.3
LOG_MM_LANDSCAPE = 29  # the log's height: five lines of it (two long events at least) at 800x480
LOG_LINES_PORTRAIT = 6


def growth(layout: Layout) -> float:
    """How much larger type may be set than on the 7-inch display (1.0 there and at 1024x600, which
    is as large in millimetres; about 1.3 at 1280x720 and 720x1280)."""
    long_mm, short_mm = (max(layout.size) / layout.px_per_mm, min(layout.size) / layout.px_per_mm)
    return max(1.0, min(MOST_GROWTH, long_mm / BASE_MM[0], short_mm / BASE_MM[1]))


def grown(size: TypeSize, grow: float) -> TypeSize:
    """A size of the type scale set larger on a larger screen; its minimum stays the scale's."""
    return size if grow == 1.0 else TypeSize(size.name, size.mm * grow, size.min_mm)


@dataclass(frozen=True)
class Regions:
    top: pygame.Rect | None  # title, status line, turn order (landscape gives it up to public choices)
    seats: pygame.Rect
    felt: pygame.Rect
    duel: pygame.Rect  # on the felt, where the duel lies at rest
    pile: pygame.Rect  # the cards out of the game
    log: pygame.Rect
    choices: pygame.Rect | None
    stage: pygame.Rect  # where a duel is shown big (over the felt and the log, and the pile in portrait)
    grow: float


def regions(layout: Layout, screen: pygame.Rect, seats: int, choices: int) -> Regions:
    """The board's regions on `screen`, with `choices` pixels kept for public choices (0: none)."""
    grow = growth(layout)
    gap = layout.mm(1.5)
    area = inset(screen, layout.mm(2))
    if layout.portrait:
        top = layout.mm(10 * grow)
        lines = 2 if seats == 4 else 1
        seat_rows = lines * layout.mm(11 * grow) + (lines - 1) * gap
        # the banner's old room (9 mm and a gap) goes to the log, whose newest line is the banner
        pile, log = layout.mm(16 * grow), layout.mm(LOG_LINES_PORTRAIT * 5.5) + layout.mm(9 * grow) + gap
        felt = area.height - top - seat_rows - pile - log - choices - 5 * gap
        top_box, seats_box, felt_box, pile_box, log_box, choices_box = rows(
            area, [top, seat_rows, felt, pile, log, choices], gap=gap)
        return Regions(top_box, seats_box, felt_box, inset(felt_box, layout.mm(2.5)), pile_box, log_box,
                       choices_box if choices else None, felt_box.union(log_box), grow)
    top = 0 if choices else layout.mm(8 * grow)  # a short screen gives the title's room to the choices
    # No banner: the log's newest line, at its top in the banner's ink, is the banner (one line, not two
    # copies of it, on a screen this short); public choices (rare) take most of the log's room.
    log = layout.mm(10 * grow) if choices else layout.mm(LOG_MM_LANDSCAPE * grow)
    body = area.height - top - log - choices - (3 if choices else 2) * gap
    weights: list[float] = [float(top), float(body), float(log)] + ([float(choices)] if choices else [])
    parts = rows(area, weights, gap=gap)
    top_box, body_box, log_box = parts[:3]
    side = layout.mm(32 * grow)
    seats_box, felt_box = columns(body_box, [side, body_box.width - side], gap=gap)
    seat_h = min(layout.mm(12 * grow), (seats_box.height + gap) // max(1, seats) - gap)
    seats_box = pygame.Rect(seats_box.left, seats_box.top, seats_box.width, seats * seat_h + (seats - 1) * gap)
    pile_top = seats_box.bottom + gap  # the pile under the seats, down to the bottom
    pile_box = pygame.Rect(seats_box.left, pile_top, side, log_box.bottom - pile_top)
    log_box = pygame.Rect(felt_box.left, log_box.top, felt_box.width, log_box.height)
    stage = pygame.Rect(felt_box.left, felt_box.top, felt_box.width, log_box.bottom - felt_box.top)
    return Regions(top_box if top else None, seats_box, felt_box, inset(felt_box, layout.mm(2.5)), pile_box, log_box,
                   parts[3] if choices else None, stage, grow)
