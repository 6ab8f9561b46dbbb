"""The QR codes of a game's phone-only seats that no phone plays now, over its board: a seat with no
station has nothing else to show its link on. A code goes as soon as a phone opens it, and comes back
when none plays the seat: after a power cut until its phone reconnects, once the seat was given back,
and when its last phone closes the page (a locked phone, a closed tab, out of Wi-Fi) and does not come
back within a short grace (`[web] reconnect_grace`, so a phone that only blinks keeps the seat quiet).

A code covers nothing the board offers. Each board packs its own screen differently, and differently
as its game goes on, so no corner is free on all of them: the code is laid, after the board has drawn,
where the frame just drawn shows only its plain background or an empty stretch of a panel, with no
touch target, swipe area or text of the board (its own hit regions, `Painter.targets`) there. Where a whole code does not fit, a small chip
stands for it; a tap on the chip shows the code full size over the board, and a tap anywhere closes it
again. Where not even the chip finds plain background, it lies clear of every control at least.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
import zlib
from dataclasses import dataclass, field

import pygame

from kiosk.i18n import N_, Text
from kiosk.seats.qr import modules
from kiosk.ui.paint import Painter
from kiosk.ui.qr import QUIET, draw_qr

OPEN = "phone-codes"  # the chip's value: it shows the codes it stands for full size
CLOSE = "phone-codes-close"  # theirs: a tap anywhere closes them
CHIP = -1  # where the chip lay last, beside the seats' codes


@dataclass
class PhoneCodes:
    """Which phone-only seats show their code, and where. `attached(seat)` says whether a phone
    listens to the seat now (the hub's sockets); the app tells `away` when a seat's last phone closed
    and `back` when a phone opened it again, on its own clock."""

    grace: float  # seconds a seat whose phone left stays quiet, waiting for it to reconnect
    attached: Callable[[int], bool]
    opened: bool = False  # every waiting seat's code is shown full size (the chip was tapped)
    _away: dict[int, float] = field(default_factory=dict)  # seat -> when its last phone left
    shown: dict[int, pygame.Rect] = field(default_factory=dict)  # seat -> where its code or chip lies in the last frame
    _placed: dict[int, pygame.Rect] = field(default_factory=dict)  # seat -> where its code or chip lay last
    _found: dict[object, pygame.Rect | None] = field(default_factory=dict)  # searches of frames seen (`Room`)

    def away(self, seat: int, now: float) -> None:
        """The seat's last phone closed its page (unless one has reconnected since)."""
        if not self.attached(seat):
            self._away.setdefault(seat, now)

    def back(self, seat: int) -> None:
        """A phone opened the seat's link: it is played on a phone again."""
        self._away.pop(seat, None)

    def reset(self) -> None:
        """A new game: no seat is away, nothing is open."""
        self._away.clear()
        self._placed.clear()
        self.opened = False

    def waiting(self, seat: int, joined: bool, now: float) -> bool:
        """Whether the seat waits for a phone: none ever opened it (since its link was issued), or its
        last one left more than the grace ago and none is back."""
        if not joined:
            return True
        left = self._away.get(seat)
        if left is None or self.attached(seat):
            return False
        return now - left >= self.grace

    def next_change(self, now: float) -> float | None:
        """Seconds until a seat's grace runs out (its code then comes back), None if none is running."""
        pending = [left + self.grace - now for seat, left in self._away.items()
                   if not self.attached(seat) and left + self.grace > now]
        return min(pending) if pending else None

    # --- the touchscreen ---------------------------------------------------------------------------

    def tap(self, value: object) -> bool:
        """Whether the tap was on a code (the chip opens the codes full size, a tap on them closes them)."""
        if value not in (OPEN, CLOSE):
            return False
        self.opened = value == OPEN
        return True

    def draw(self, paint: Painter, codes: list[tuple[int, str]]) -> None:
        """Each (seat, link) where the board drawn under it leaves room, after the board has drawn; the
        seats whose code finds none share one chip."""
        self.shown = {}
        if not codes:
            self.opened = False  # their phones came meanwhile
            return
        if len(self._found) > 256:
            self._found.clear()
        room = Room(paint, self._found)
        chipped = []
        for seat, link in codes:
            spot = room.find(code_size(paint, link), self._placed.get(seat))
            if spot is None:
                chipped.append(seat)
                continue
            draw_code(paint, spot, seat, link)
            self.shown[seat] = self._placed[seat] = spot
            room.take(spot)
        if chipped:
            chip = self._placed[CHIP] = room.find(chip_size(paint), self._placed.get(CHIP)) or room.least_hidden(chip_size(paint))
            draw_chip(paint, chip)
            self.shown.update((seat, chip) for seat in chipped)
        if self.opened:
            draw_open(paint, codes)


INK = 24  # per colour channel: a pixel this far from the board's background holds something drawn


class Room:
    """Where a frame of the board leaves room: no control or text of it, and nothing drawn but its
    plain background or an empty stretch of a panel. The last spot is checked alone (a code stays put
    while the board changes around it, at the cost of its few pixels); only a search for a new one
    looks at the whole frame, once."""

    def __init__(self, paint: Painter, found: dict[object, pygame.Rect | None]) -> None:
        self.paint = paint
        self.found = found  # the searches' results by frame: a board redrawn alike costs no new search
        self._key: object | None = None
        self.screen = paint.surface.get_rect()
        self.margin = paint.layout.mm(1.5)
        self.controls = [pygame.Rect(t.rect) for t in paint.targets + paint.swipes]
        self.taken = self.controls + [pygame.Rect(d.rect) for d in paint.drawn]
        self._drawn: pygame.mask.Mask | None = None

    def take(self, spot: pygame.Rect) -> None:
        self._key = None
        self.taken.append(spot)
        self.controls.append(spot)
        if self._drawn is not None:
            mark(self._drawn, spot)

    def find(self, size: tuple[int, int], last: pygame.Rect | None) -> pygame.Rect | None:
        """A spot of `size` with room round it: the last one if it still has, else the first found."""
        if last is not None and last.size == size and self.fits(last):
            return pygame.Rect(last)
        key = ("find", size, self.key())
        if key not in self.found:
            drawn, around = self.drawn(), self.around(size)
            self.found[key] = next((spot for spot in spots(self.screen, size, self.margin)
                                    if drawn.overlap(around, (spot.left - self.margin, spot.top - self.margin)) is None), None)
        found = self.found[key]
        return pygame.Rect(found) if found is not None else None

    def least_hidden(self, size: tuple[int, int]) -> pygame.Rect:
        """Clear of every control, where it hides least of what the board drew; on a board that leaves
        no room at all (none does: the tests check), the top left corner."""
        key = ("least", size, self.key())
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = self._least_hidden(size)
        return pygame.Rect(found)

    def _least_hidden(self, size: tuple[int, int]) -> pygame.Rect:
        clear = pygame.mask.Mask(self.screen.size)
        for rect in self.controls:
            mark(clear, rect)
        drawn, whole, around = self.drawn(), pygame.mask.Mask(size, fill=True), self.around(size)
        found = [(drawn.overlap_area(whole, spot.topleft), spot) for spot in spots(self.screen, size, self.margin)
                 if clear.overlap(around, (spot.left - self.margin, spot.top - self.margin)) is None]
        return min(found, key=lambda hidden: hidden[0])[1] if found else pygame.Rect(self.screen.topleft, size)

    def fits(self, spot: pygame.Rect) -> bool:
        area = spot.inflate(2 * self.margin, 2 * self.margin)
        if not self.screen.contains(area) or area.collidelist(self.taken) >= 0:
            return False
        return painted(self.paint.surface.subsurface(area), self.paint).count() == 0

    def key(self) -> object:
        """The frame as drawn so far, in a few bytes: its pixels' checksum and what lies where."""
        if self._key is None:
            pixels = pygame.image.tobytes(self.paint.surface, "RGBX")  # a window's part is not one block
            self._key = (zlib.crc32(pixels), self.screen.size, tuple(map(tuple, self.taken)))
        return self._key

    def drawn(self) -> pygame.mask.Mask:
        if self._drawn is None:
            self._drawn = painted(self.paint.surface, self.paint)
            for rect in self.taken:
                mark(self._drawn, rect)
        return self._drawn

    def around(self, size: tuple[int, int]) -> pygame.mask.Mask:
        return pygame.mask.Mask((size[0] + 2 * self.margin, size[1] + 2 * self.margin), fill=True)


def painted(surface: pygame.Surface, paint: Painter) -> pygame.mask.Mask:
    """Every pixel of `surface` that is neither the board's plain background nor an empty stretch of
    one of its panels (the words, pictures and lines the board drew)."""
    threshold = (INK, INK, INK, 255)
    plain = pygame.mask.from_threshold(surface, (*paint.theme.background, 255), threshold)
    plain.draw(pygame.mask.from_threshold(surface, (*paint.theme.panel, 255), threshold), (0, 0))
    plain.invert()
    return plain


def mark(mask: pygame.mask.Mask, rect: pygame.Rect) -> None:
    clipped = rect.clip(pygame.Rect((0, 0), mask.get_size()))
    if clipped.width > 0 and clipped.height > 0:
        mask.draw(pygame.mask.Mask(clipped.size, fill=True), clipped.topleft)


def spots(screen: pygame.Rect, size: tuple[int, int], margin: int) -> Iterator[pygame.Rect]:
    """Every place for a box of `size`, a few millimetres apart: from the top right corner (where the
    eye finds a corner's code first) leftwards, then row by row down."""
    width, height = size
    step = max(4, margin * 2)
    top, bottom = screen.top + margin, screen.bottom - margin - height
    right, left = screen.right - margin - width, screen.left + margin
    for y in [*range(top, bottom, step), bottom]:
        for x in [*range(right, left, -step), left]:
            yield pygame.Rect(x, y, width, height)


def module_pixels(paint: Painter) -> int:
    """Pixels per module of a code left on the board: two or three, by the screen's height."""
    return max(2, min(3, paint.surface.get_height() // 200))


def code_size(paint: Painter, link: str) -> tuple[int, int]:
    """A code with its label beside it: "Seat 7: scan to play"."""
    side = (len(modules(link)) + 2 * QUIET) * module_pixels(paint)
    return side + paint.layout.mm(20) + 2 * paint.layout.mm(1), side + 2 * paint.layout.mm(1)


def chip_size(paint: Painter) -> tuple[int, int]:
    """A square a finger finds: the touch minimum and a little more."""
    side = paint.layout.min_touch + paint.layout.mm(2)
    return side, side


def draw_chip(paint: Painter, spot: pygame.Rect) -> None:
    """A button that reads as a QR code: its three corner squares, and "QR" in the middle."""
    theme = paint.theme
    paint.box(spot, (255, 255, 255), theme.accent, radius=paint.layout.mm(1), width=max(2, paint.layout.mm(0.5)))
    inner = spot.inflate(-2 * paint.layout.mm(1.5), -2 * paint.layout.mm(1.5))
    eye = inner.width * 3 // 10
    for corner in (inner.topleft, (inner.right - eye, inner.top), (inner.left, inner.bottom - eye)):
        square = pygame.Rect(corner, (eye, eye))
        pygame.draw.rect(paint.surface, (0, 0, 0), square, width=max(1, eye // 5))
        pygame.draw.rect(paint.surface, (0, 0, 0), square.inflate(-eye * 3 // 5, -eye * 3 // 5))
    paint.text(pygame.Rect(inner.left + eye, inner.top + eye, inner.width - eye, inner.height - eye),
               Text(N_("QR")), 3.0, (0, 0, 0), title=True, one_line=True)
    paint.target(spot, OPEN)


def draw_code(paint: Painter, spot: pygame.Rect, seat: int, link: str) -> None:
    pad = paint.layout.mm(1)
    paint.box(spot, paint.theme.panel, paint.theme.accent, radius=paint.layout.mm(1.5), width=max(2, paint.layout.mm(0.4)))
    side = spot.height - 2 * pad
    code = pygame.Rect(spot.right - pad - side, spot.top + pad, side, side)
    label = pygame.Rect(spot.left + pad, spot.top + pad, code.left - spot.left - 2 * pad, side)
    paint.text(label, Text(N_("Seat {n}: scan to play"), {"n": seat + 1}), 3.0, paint.theme.ink)
    draw_qr(paint.surface, code, link)


def draw_open(paint: Painter, codes: list[tuple[int, str]]) -> None:
    """Every waiting seat's code full size over the whole screen, side by side (one above the other on
    a tall screen); a tap anywhere closes them."""
    screen = paint.surface.get_rect()
    layout = paint.layout
    shade = pygame.Surface(screen.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    paint.surface.blit(shade, screen.topleft)
    pad, label = layout.mm(2), layout.mm(8)
    hint = pygame.Rect(screen.left + pad, screen.bottom - pad - label, screen.width - 2 * pad, label)
    area = pygame.Rect(screen.left + pad, screen.top + pad, screen.width - 2 * pad, hint.top - screen.top - 2 * pad)
    tall = screen.height > screen.width
    count = len(codes)
    for index, (seat, link) in enumerate(codes):
        if tall:
            cell = pygame.Rect(area.left, area.top + index * area.height // count, area.width, area.height // count)
        else:
            cell = pygame.Rect(area.left + index * area.width // count, area.top, area.width // count, area.height)
        cell = cell.inflate(-pad, -pad)
        side = min(cell.width - 2 * pad, cell.height - label - 2 * pad)
        panel = pygame.Rect(0, 0, max(side + 2 * pad, min(cell.width, layout.mm(40))), side + label + 2 * pad)
        panel.center = cell.center
        paint.box(panel, paint.theme.panel, paint.theme.accent, radius=layout.mm(2), width=max(2, layout.mm(0.5)))
        title = pygame.Rect(panel.left + pad, panel.top + pad, panel.width - 2 * pad, label)
        draw_qr(paint.surface, pygame.Rect(panel.left + pad, title.bottom, panel.width - 2 * pad, side), link)
        paint.text(title, Text(N_("Seat {n}: scan to play"), {"n": seat + 1}), 3.5, paint.theme.ink)
    paint.box(hint, paint.theme.panel, None, radius=layout.mm(2))
    paint.text(hint, Text(N_("Tap anywhere to close")), 3.5, paint.theme.ink)
    paint.target(screen, CLOSE)
