"""What a seat screen shows, as plain data, and the one renderer that draws it (128x64, one bit).

One idea per screen: a title bar with the position in the list ("3/7"), the current item large with
its category mark, a detail line and a hint line. Special bodies: a row of category counts (the idle
screen) and a grid of clock faces (Time cards). A notice (what "Your move" asks) takes the bottom two
lines, in place of the hint and the item's detail, over a body that stays where it was: a seat that
turns to "Your move" changes its title bar and those two lines, not its whole page.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from kiosk.seats.qr import modules
from kiosk.seats.canvas import HEIGHT, LINE_MARGIN, LINE_WIDTH, MARGIN, OFF, ON, TEXT_WIDTH, WIDTH, blank, draw_clock, draw_glyph, draw_text, fit, paragraph, text_width, wrap

TITLE_HEIGHT = 12
PAGE_LINES = 4  # lines of 12 px under the title: one page of an `Item.lines` text
NOTICE_LINES = 2
PICTURES_KEPT = 64  # seven seats' screens of lately, and the pages of a menu walked to and fro


@dataclass(frozen=True)
class Item:
    label: str
    mark: str | None = None  # a glyph key (category)
    detail: str = ""
    lines: tuple[str, ...] = ()  # a page of reading (a card's text): small, left-aligned, instead of the label


@dataclass(frozen=True)
class Screen:
    title: str
    items: tuple[Item, ...] = ()
    index: int = 0
    counts: tuple[tuple[str, int], ...] = ()  # (glyph key, number)
    clocks: tuple[tuple[int, int], ...] = ()  # (hours, minutes)
    footer: str = ""
    inverted: bool = False  # a screen that must catch the eye (your turn, a private reveal)
    qr: str = ""  # a link drawn as a QR code on the right, the title's words beside it (the phone link)
    notice: str = ""  # up to two lines at the bottom, instead of the footer and the item's detail


def render(screen: Screen) -> Image.Image:
    """The screen as a person sees it (an inverted screen lit where the others are dark)."""
    image, inverted = panel_picture(screen)
    return image.point(lambda p: 255 - p).convert("1") if inverted else image


def writing(screen: Screen) -> list[tuple[str, list[str]]]:
    """Every text the screen can show, each with the lines it reads on as `render` draws them: the
    title, each item's label and detail (every item of the list, not only the one shown), the notice
    or the footer (the checks in tests/seats read these; a page of `Item.lines` is read as it comes)."""
    if screen.qr:
        return [(screen.title, qr_words(screen, WIDTH - qr_side(screen)))]
    position = title_position(screen, f"{len(screen.items)}/{len(screen.items)}")
    written = [(screen.title, [fit(screen.title, title_room(position, screen.title), (12,))[0]])]
    detail_lines = 0 if screen.notice else 1 if screen.footer else 2
    for item in screen.items:
        if not item.lines:
            written.append((item.label, label_lines(item)[0]))
            if item.detail and detail_lines:
                written.append((item.detail, item_details(item, detail_lines)))
    if screen.notice:
        written.append((screen.notice, notice_lines(screen.notice)))
    elif screen.footer:
        written.append((screen.footer, [fit(screen.footer, LINE_WIDTH, (12,))[0]]))
    return written


@lru_cache(maxsize=PICTURES_KEPT)
def panel_picture(screen: Screen) -> tuple[Image.Image, bool]:
    """What to send to a seat's panel: the picture drawn light on dark, and whether the panel shows it
    inverted. The controller inverts in hardware (one command byte), so an eye-catching inverted
    screen costs the bus only the pixels that differ from the last, not a whole frame both ways.

    A screen is plain data and its picture depends on nothing else, so the pictures of the screens
    drawn lately are kept: after a move every seat is brought up to date, and a seat whose screen did
    not change costs no drawing (nor, for the same picture, its panel's conversion: `SeatDisplay`).
    The picture is shared: nobody draws on it."""
    return draw_screen(screen), screen.inverted and not screen.qr  # a code is read lit, whatever the screen


def draw_screen(screen: Screen) -> Image.Image:
    """The screen drawn light on dark (what `panel_picture` keeps)."""
    image, draw = blank()
    if screen.qr:
        _qr(draw, screen)
        return image
    _title(draw, screen)
    if screen.items:
        _item(draw, screen.items[screen.index], 0 if screen.notice else 1 if screen.footer else 2)
    elif screen.counts:
        _counts(draw, screen.counts)
    elif screen.clocks:
        _clocks(draw, screen.clocks)
    if screen.notice:
        _notice(draw, screen.notice)
    elif screen.footer:
        text, size = fit(screen.footer, LINE_WIDTH, (12,))  # `writing` reads it the same
        draw_text(draw, ((WIDTH - text_width(text, size)) // 2, HEIGHT - 12), text, size)
    return image


def _notice(draw, notice: str) -> None:
    """One or two centred lines at the bottom (a single line where the footer goes); a notice longer
    than two lines is cut with an ellipsis on the second."""
    lines = notice_lines(notice)
    draw.rectangle((0, HEIGHT - 12 * len(lines), WIDTH - 1, HEIGHT - 1), fill=OFF)
    for n, line in enumerate(lines):
        draw_text(draw, ((WIDTH - text_width(line, 12)) // 2, HEIGHT - 12 * (len(lines) - n)), line, 12)


def notice_lines(notice: str) -> list[str]:
    lines = paragraph(notice, LINE_WIDTH)
    if len(lines) > NOTICE_LINES:
        lines = lines[:NOTICE_LINES - 1] + [fit(" ".join(lines[NOTICE_LINES - 1:]), LINE_WIDTH, (12,))[0]]
    return lines


def _title(draw, screen: Screen) -> None:
    draw.rectangle((0, 0, WIDTH - 1, TITLE_HEIGHT - 1), fill=ON)
    position = title_position(screen, f"{screen.index + 1}/{len(screen.items)}")
    title, size = fit(screen.title, title_room(position, screen.title), (12,))
    draw_text(draw, (MARGIN, 0), title, size, fill=OFF)
    if position:
        draw_text(draw, (WIDTH - MARGIN - text_width(position, 12), 0), position, 12, fill=OFF)


def title_position(screen: Screen, position: str) -> str:
    """The position in the list the title bar shows ("3/7"): none for a single item, and none beside a
    title that reads whole only on the whole bar ("Final answer: Suspect"): the words come first,
    and the hint line still says the list can be browsed."""
    if len(screen.items) < 2 or (text_width(screen.title, 12) > title_room(position, screen.title) and title_fits(screen.title)):
        return ""
    return position


# Pixels kept between a title and the position beside it ("2/4"): a title that ends in a number keeps a
# space's cell more, or it reads as a fraction with it ("Caso del puesto 2 1/5", fixPI30; "Accuse? Wrong: -2
# 1/2", playPI14). A title that then no longer fits stands alone (`title_position`).
TITLE_GAP = 4
NUMBER_GAP = TITLE_GAP + 6


def title_room(position: str, title: str = "") -> int:
    """The title's width in the title bar beside the position in the list ("2/4", or none)."""
    gap = NUMBER_GAP if title[-1:].isdigit() else TITLE_GAP
    return TEXT_WIDTH - (text_width(position, 12) + gap if position else 0)


def title_fits(title: str) -> bool:
    """Whether a title reads whole in the title bar of a screen without a position ("2/4")."""
    return text_width(title, 12) <= TEXT_WIDTH


def _item(draw, item: Item, detail_lines: int = 1) -> None:
    """The item's label, large, and its detail line under it: two lines where no footer takes the
    second ("Shown by Colonel MacDouglas" on a reveal), rather than cut short. Without a footer the
    detail sits at the bottom, where the idle screen's footer is: a reveal over the idle screen then
    rewrites that line's columns, not a line above it as well (some 100 bytes, 2 ms at 400 kHz)."""
    if item.lines:
        for n, line in enumerate(item.lines[:PAGE_LINES]):
            draw_text(draw, (LINE_MARGIN, TITLE_HEIGHT + 2 + n * 12), line, 12)
        return
    left = MARGIN + 12 if item.mark else MARGIN
    if item.mark:
        draw_glyph(draw, (MARGIN, 21), item.mark)
    lines, size = label_lines(item)
    top = 18 if len(lines) == 1 else 13
    for n, line in enumerate(lines):
        x = left + (WIDTH - MARGIN - left - text_width(line, size)) // 2
        draw_text(draw, (x, top + n * size), line, size)
    if item.detail and detail_lines:
        details = item_details(item, detail_lines)
        top = 39 if detail_lines == 1 else HEIGHT - 12 * len(details)
        for n, line in enumerate(details):
            draw_text(draw, ((WIDTH - text_width(line, 12)) // 2, top + 12 * n), line, 12)


def label_lines(item: Item) -> tuple[list[str], int]:
    return wrap(item.label, TEXT_WIDTH - (12 if item.mark else 0), (16, 14, 12))


def item_details(item: Item, detail_lines: int) -> list[str]:
    """The item's detail on the lines it may take: whole where they hold it, else one line cut short."""
    details = paragraph(item.detail, LINE_WIDTH) if text_width(item.detail, 12) > LINE_WIDTH else [item.detail]
    return details if len(details) <= detail_lines else [fit(item.detail, LINE_WIDTH, (12,))[0]]


def _qr(draw, screen: Screen) -> None:
    """The code as large as the panel allows (two pixels a module where it fits, lit with dark modules,
    one module of lit margin), on the right; the title's words wrapped on the left."""
    rows = modules(screen.qr)
    side = qr_side(screen)
    scale = side // (len(rows) + 2)
    left, top = WIDTH - side, (HEIGHT - side) // 2
    draw.rectangle((left, top, WIDTH - 1, top + side - 1), fill=ON)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                x0, y0 = left + (x + 1) * scale, top + (y + 1) * scale
                draw.rectangle((x0, y0, x0 + scale - 1, y0 + scale - 1), fill=OFF)
    for n, line in enumerate(qr_words(screen, left)):
        draw_text(draw, (MARGIN, 1 + n * 12), line, 12)


def qr_side(screen: Screen) -> int:
    """The side of the drawn code (pixels): two pixels a module where they fit, with its margin."""
    count = len(modules(screen.qr)) + 2
    return count * max(1, HEIGHT // count)


def qr_words(screen: Screen, left: int) -> list[str]:
    return paragraph(screen.title, left - 3)[:5]


def _counts(draw, counts: tuple[tuple[str, int], ...]) -> None:
    column = WIDTH // max(1, len(counts))
    for i, (mark, number) in enumerate(counts):
        x = i * column + (column - 24) // 2
        draw_glyph(draw, (x, 24), mark)
        draw_text(draw, (x + 12, 20), str(number), 16)


def _clocks(draw, clocks: tuple[tuple[int, int], ...]) -> None:
    """As large as the packet allows: one row of up to four faces, else two rows (a Wien packet holds
    at most eight cards, 23 among three seats)."""
    shown = clocks[:8]
    lines = 1 if len(shown) <= 4 else 2
    per_row = -(-len(shown) // lines)
    width, height = WIDTH // per_row, (HEIGHT - TITLE_HEIGHT) // lines
    radius = min(width, height) // 2 - 2
    for i, (hours, minutes) in enumerate(shown):
        row, column = divmod(i, per_row)
        in_row = min(per_row, len(shown) - row * per_row)
        left = (WIDTH - in_row * width) // 2  # a shorter last row is centred
        draw_clock(draw, (left + column * width + width // 2, TITLE_HEIGHT + row * height + height // 2), radius, hours, minutes)
