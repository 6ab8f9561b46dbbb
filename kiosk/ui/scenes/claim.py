"""Taking seats: the table drawn from above with its seats around it, lit as people claim them.

People claim a seat with their own seat buttons, a token tap, or by scanning the seat's QR code with
a phone (where the table serves phone seats: the phone then plays that seat); the app keeps `claimed` and `bots`
up to date. On this screen a tap on a seat nobody claimed asks for a bot there (`on_bot(seat)`: the
app gives the seat to a bot, or frees it if a bot had it). Start is enabled once one person sits;
the seats still free are then played by bots, and a line under the table says so. A table whose
phones cannot join (`no_phones`: its web server is off or cannot listen) shows no code: a line under
the status line says why instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from kiosk.games import registry
from kiosk.games.physical import has_seat_tokens
from kiosk.i18n import N_, Text
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter
from kiosk.seats.qr import modules
from kiosk.ui.qr import QUIET, draw_qr
from kiosk.ui.scenes.chrome import backdrop, button_height, margin, title_band
from kiosk.ui.scenes.notice import Notice
from kiosk.ui.theme import Theme, theme_for

START = "start"
BACK = "back"


def seat_places(area: pygame.Rect, seats: int, size: tuple[int, int]) -> list[pygame.Rect]:
    """Boxes of `size` spread evenly around an ellipse filling `area`, seat 1 at the bottom, clockwise
    as seen from above (the way a table is walked round). Where the ring is too tight for its boxes (many
    seats on a flat strip, as when phone codes take the room under it), the seats sit along the table's two
    long sides instead, in the same order: the bottom side from the right, then the top from the left."""
    ring = _ring(area, seats, size)
    if not any(box.colliderect(other) for i, box in enumerate(ring) for other in ring[i + 1:]):
        return ring
    return _two_sides(area, seats, size)


def _ring(area: pygame.Rect, seats: int, size: tuple[int, int]) -> list[pygame.Rect]:
    width, height = size
    rx, ry = (area.width - width) / 2, (area.height - height) / 2
    places = []
    for seat in range(seats):
        angle = math.pi / 2 + 2 * math.pi * seat / seats  # screen y grows downwards: pi/2 is the bottom
        box = pygame.Rect(0, 0, width, height)
        box.center = (round(area.centerx + rx * math.cos(angle)), round(area.centery + ry * math.sin(angle)))
        places.append(box)
    return places


def _two_sides(area: pygame.Rect, seats: int, size: tuple[int, int]) -> list[pygame.Rect]:
    bottom = (seats + 1) // 2
    across = max(bottom, seats - bottom)
    step = area.width / across
    width = min(size[0], int(step * 0.9))
    height = min(size[1], int(area.height * 0.45))
    places = []
    for seat in range(seats):
        on_bottom = seat < bottom
        column = (bottom - 1 - seat) if on_bottom else (seat - bottom)
        shift = (across - (bottom if on_bottom else seats - bottom)) / 2  # a shorter side centred
        box = pygame.Rect(0, 0, width, height)
        box.center = (round(area.left + step * (column + shift + 0.5)),
                      area.bottom - height // 2 if on_bottom else area.top + height // 2)
        places.append(box)
    return places


def seat_size(area: pygame.Rect, seats: int, min_touch: int) -> tuple[int, int]:
    """A seat box as large as the ring leaves room for, never under the touch minimum."""
    across = max(3, math.ceil(seats / 2))  # seats along one long side, roughly
    widest = area.width // 4 if area.width > area.height else area.width // 3
    width = max(min_touch, min(area.width // (across + 1), widest))
    height = max(min_touch, min(area.height // 4, width * 2 // 3))
    return width, height


@dataclass
class SeatClaim:
    game_id: str
    seats: int
    on_bot: Callable[[int], None]
    on_start: Callable[[], None]
    on_back: Callable[[], None]
    claimed: set[int] = field(default_factory=set)
    bots: set[int] = field(default_factory=set)
    links: Callable[[int], str | None] = lambda seat: None  # a free seat's join link for phones (kiosk/web)
    no_phones: Text | None = None  # why phones cannot join, said in a line of its own; None: they can, or no word
    notice: Notice = field(default_factory=Notice)
    theme: Theme = field(init=False)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        actions_height = button_height(paint)
        title_height = room.height // (8 if layout.portrait else 6)
        line_height = max(layout.mm(10), room.height // 12)
        if self.no_phones is not None:  # a second, smaller line under the first
            line_height = max(layout.mm(16), room.height // 8)
        codes_height = self._codes_height(paint, room) if self._free_links() else 0
        title, table, codes, line, actions = rows(
            room, [title_height, room.height - title_height - codes_height - line_height - actions_height, codes_height,
                   line_height, actions_height], gap=margin(paint))
        name = Text(registry.get(self.game_id).info.names["en"])
        title_band(paint, title, Text(N_("Take your seats")), name)
        self._table(paint, table)
        if codes_height:
            self._codes(paint, codes)
        if self.no_phones is not None:
            line, why = rows(line, [1.4, 1])
            paint.text(why, self.no_phones, 3.5, paint.theme.muted)
        paint.text(line, self._status(), 5, paint.theme.ink)
        back, start = columns(actions, [1, 1.6], gap=margin(paint))
        paint.button(back, Text(N_("Back")), BACK)
        paint.button(start, Text(N_("Start the game")), START, enabled=bool(self.claimed), selected=bool(self.claimed))
        self.notice.draw(paint, now)

    def _table(self, paint: Painter, area: pygame.Rect) -> None:
        layout = paint.layout
        if area.height > area.width:  # portrait: a rounder table, seats a little larger
            centre = area.center
            area = pygame.Rect(area.left, 0, area.width, min(area.height, area.width * 5 // 4))
            area.center = centre
        size = seat_size(area, self.seats, layout.min_touch)
        top = pygame.Rect(area.left + size[0] // 2, area.top + size[1] // 2, area.width - size[0], area.height - size[1])
        top = inset(top, layout.mm(2))
        pygame.draw.ellipse(paint.surface, paint.theme.panel, top)
        pygame.draw.ellipse(paint.surface, paint.theme.accent, top, width=max(2, layout.mm(0.8)))
        pygame.draw.ellipse(paint.surface, paint.theme.muted, inset(top, layout.mm(2)), width=1)
        for seat, box in enumerate(seat_places(area, self.seats, size)):
            self._seat(paint, box, seat)

    def _seat(self, paint: Painter, box: pygame.Rect, seat: int) -> None:
        """A seat: its number and who sits there; a person's seat is lit, a bot's is outlined."""
        theme, layout = paint.theme, paint.layout
        person, bot = seat in self.claimed, seat in self.bots and seat not in self.claimed
        fill = theme.accent if person else theme.background
        ink = theme.background if person else (theme.ink if bot else theme.muted)
        radius = layout.mm(2)
        paint.box(box, fill, theme.accent if (person or bot) else theme.muted, radius=radius,
                  width=max(2, layout.mm(0.7 if person else 0.4)))
        words = inset(box, layout.mm(1))
        number, state = rows(words, [1.2, 1])
        paint.text(number, Text(N_("Seat {n}"), {"n": seat + 1}), 5, ink, title=True)
        who = Text(N_("Player")) if person else Text(N_("Bot")) if bot else Text(N_("Free seat"))
        paint.text(state, who, 3.5, ink)
        paint.target(box, ("seat", seat))

    def _free_links(self) -> list[tuple[int, str]]:
        """The join links of the seats nobody claimed (a bot's seat too: a phone takes it from its bot)."""
        if self.no_phones is not None:
            return []
        found = [(seat, self.links(seat)) for seat in range(self.seats) if seat not in self.claimed]
        return [(seat, link) for seat, link in found if link is not None]

    def _codes_height(self, paint: Painter, room: pygame.Rect) -> int:
        """Room under the table for a row of codes: a label and a code of 2 px a module (3 where the
        screen has room), with a little to spare for the gaps between the rows."""
        side = len(modules(self._free_links()[0][1])) + 2 * QUIET
        label = paint.layout.mm(5)
        return max(round((label + 2 * side) * 1.15), min(room.height // 4, round((label + 3 * side) * 1.15)))

    def _codes(self, paint: Painter, area: pygame.Rect) -> None:
        """Each free seat's QR code with its number over it: scanning it plays that seat on a phone."""
        links = self._free_links()
        cells = columns(area, [1] * len(links), gap=margin(paint))
        label = paint.layout.mm(5)
        for (seat, link), cell in zip(links, cells):
            name, code = rows(cell, [label, cell.height - label])
            paint.text(name, Text(N_("Seat {n}"), {"n": seat + 1}), 3.5, paint.theme.ink)
            draw_qr(paint.surface, code, link)

    def _status(self) -> Text:
        if not self.claimed:
            if self.links(0) is not None and self.no_phones is None:
                return Text(N_("Claim your seat: press ● on your seat, or scan its code with your phone."))
            if has_seat_tokens(self.game_id):
                return Text(N_("Claim your seat: press ● on your seat, or tap your token on the reader."))
            return Text(N_("Claim your seat: press ● on your seat."))
        robots = self.seats - len(self.claimed)
        if not robots:
            return Text(N_("Everyone has a seat: start when you are ready."))
        if robots == 1:
            return Text(N_("At the start, a bot plays the seat nobody claimed."))
        return Text(N_("At the start, bots play the {count} seats nobody claimed."), {"count": robots})

    def tap(self, value: object, now: float) -> None:
        if value == BACK:
            self.on_back()
        elif value == START:
            if self.claimed:
                self.on_start()
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == "seat" and isinstance(value[1], int):
            if value[1] in self.claimed:
                self.notice.show(Text(N_("A player sits here: they leave with ● on their seat.")), now)
            else:
                self.on_bot(value[1])

    def next_frame(self, now: float) -> float | None:
        return self.notice.next_frame(now)
