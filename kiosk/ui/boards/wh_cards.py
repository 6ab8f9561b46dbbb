"""Watson & Holmes's location cards on the touchscreen: the case's grid, a page at a time when the
whole grid would set the names under the fine print.

Any case grid (up to 8x6, with or without zones) is drawn as large as the names allow: the planner
tries the whole grid, then fewer columns, then fewer rows, and keeps the largest window in which every
card's number and name fit at the type scale's sizes (wrapped, one size for all names). The windows
become pages, turned with two buttons of at least 9 mm. Each card answers a tap with `("card", id)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from kiosk.i18n import N_, Text
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words, font
from kiosk.ui.paint import lines_height as typeset_height
from kiosk.ui.boards.wh_text import fits
from kiosk.ui.theme import Colour
from kiosk.ui.type_scale import FINE, LABEL, TypeSize
from kiosk.ui.boards.wh_symbols import PAPER_DARK, PAWN_MM, draw_icons, draw_pawn, draw_wheel

CARD = "card"  # a tap on a card: ("card", card id)
PAGE = "card-page"  # a tap on a page button: ("card-page", +1 or -1)
SHADOW: Colour = (170, 146, 104)
GAP_MM = 0.8
NUMBER_MM = 3.6  # the card's top line: its number and icons
MIN_CARD_MM = 10.0  # a card is a touch target: never narrower or shorter than this


@dataclass(frozen=True)
class Plan:
    """The window of the grid a page shows, and the size the names are set at."""

    cols: int  # columns of the whole grid
    rows: int
    shown_cols: int  # columns and rows one page shows
    shown_rows: int
    name: TypeSize  # one size for every name on the grid

    @property
    def pages(self) -> int:
        return self.col_pages * self.row_pages

    @property
    def col_pages(self) -> int:
        return -(-self.cols // self.shown_cols)

    @property
    def row_pages(self) -> int:
        return -(-self.rows // self.shown_rows)

    def page_of(self, position: tuple[int, int]) -> int:
        col, row = position
        return ((row - 1) // self.shown_rows) * self.col_pages + (col - 1) // self.shown_cols

    def window(self, page: int) -> tuple[int, int]:
        """The first column and row (1-based) of a page."""
        page = page % self.pages
        return (page % self.col_pages) * self.shown_cols + 1, (page // self.col_pages) * self.shown_rows + 1


@dataclass(frozen=True)
class CardParts:
    number: pygame.Rect
    icons: pygame.Rect
    name: pygame.Rect
    pawns: pygame.Rect


def card_parts(paint: Painter, cell: pygame.Rect) -> CardParts:
    """Where a card's number, icons, name and pawns go inside its cell."""
    layout = paint.layout
    inner = inset(cell, max(2, layout.mm(0.5)))
    number_line = typeset_height(1, font(paint.theme.title_font, layout.mm_at_least(LABEL.min_mm)))  # at its least
    top_h, pawn_h = max(layout.mm(NUMBER_MM), number_line), layout.mm(PAWN_MM)
    top, name, pawns = rows(inner, [top_h, max(1, inner.height - top_h - pawn_h), pawn_h])
    number, icons = columns(top, [1, 1.4])
    return CardParts(number, icons, name, pawns)


def cells(rect: pygame.Rect, shown_cols: int, shown_rows: int, gap: int) -> list[pygame.Rect]:
    boxes: list[pygame.Rect] = []
    for line in rows(rect, [1] * shown_rows, gap):
        boxes.extend(columns(line, [1] * shown_cols, gap))
    return boxes


def name_size(paint: Painter, box: pygame.Rect, names: list[str]) -> float | None:
    """The largest size (mm) from the label size down to the fine print's minimum at which every name
    fits `box` wrapped, or None if some name does not fit even there."""
    layout = paint.layout
    pixels, least = layout.mm(LABEL.mm), layout.mm_at_least(FINE.min_mm)
    face = paint.theme.body_font
    while True:
        typeface = font(face, pixels)
        if all(fits(name, typeface, box) for name in names):
            return pixels / layout.px_per_mm
        if pixels <= least:
            return None
        pixels = max(least, pixels - 1)


def plan(paint: Painter, rect: pygame.Rect, grid_size: tuple[int, int], names: list[str], paged: bool) -> Plan:
    """The window of the grid with the fewest pages whose names all fit, and among those the one that
    sets them largest (`paged`: leave room for the page buttons)."""
    cols, rows_ = grid_size
    layout = paint.layout
    gap = layout.mm(GAP_MM)
    area = grid_area(paint, rect, paged)
    best: tuple[int, float, int] | None = None  # pages, -size, -cards shown
    chosen: Plan | None = None
    for shown_cols in range(cols, 0, -1):
        for shown_rows in range(rows_, 0, -1):
            pages = -(-cols // shown_cols) * -(-rows_ // shown_rows)
            if best is not None and pages > best[0]:
                continue
            boxes = cells(area, shown_cols, shown_rows, gap)
            cell = pygame.Rect(0, 0, min(b.width for b in boxes), min(b.height for b in boxes))  # the tightest
            if min(cell.size) < layout.mm(MIN_CARD_MM) or min(cell.size) < layout.min_touch:
                continue
            size = name_size(paint, card_parts(paint, cell).name, names)
            if size is None:
                continue
            rank = (pages, -size, -shown_cols * shown_rows)
            if best is None or rank < best:
                best, chosen = rank, Plan(cols, rows_, shown_cols, shown_rows, TypeSize("card name", size, size))
    return chosen or Plan(cols, rows_, 1, 1, TypeSize("card name", FINE.min_mm, FINE.min_mm))


def grid_area(paint: Painter, rect: pygame.Rect, paged: bool) -> pygame.Rect:
    """Where the cards go: all of `rect`, or between the two page buttons (a column each side)."""
    if not paged:
        return rect
    side = paint.layout.min_touch + paint.layout.mm(1)
    return pygame.Rect(rect.left + side, rect.top, rect.width - 2 * side, rect.height)


_PLANS: dict[tuple[Any, ...], Plan] = {}  # the same screen, grid and names give the same plan: measured once


def choose_plan(paint: Painter, rect: pygame.Rect, grid_size: tuple[int, int], names: list[str]) -> Plan:
    """The plan of the grid in `rect`: the whole of it if its names fit, else pages."""
    key = (paint.layout, paint.theme.body_font, tuple(rect), grid_size, tuple(names))
    found = _PLANS.get(key)
    if found is None:
        found = plan(paint, rect, grid_size, names, paged=False)
        if found.pages > 1:
            found = plan(paint, rect, grid_size, names, paged=True)
        if len(_PLANS) > 64:
            _PLANS.clear()
        _PLANS[key] = found
    return found


@dataclass(frozen=True)
class CardLook:
    """What a card shows besides its face: pawns, police, Toby, Dr Watson's reading, a highlight."""

    pawns: tuple[dict[str, Any], ...] = ()
    policed: bool = False
    toby: bool = False
    read_aloud: bool = False
    choosable: bool = False  # a tap chooses it for a public choice
    opened: bool = False  # its public details are open


def draw_grid(paint: Painter, rect: pygame.Rect, the_plan: Plan, page: int, cards: list[dict[str, Any]],
              names: dict[str, Words], looks: dict[str, CardLook]) -> None:
    """The page's cards, each a touch target, and the page buttons when there are several pages."""
    layout = paint.layout
    gap = layout.mm(GAP_MM)
    paged = the_plan.pages > 1
    area = grid_area(paint, rect, paged)
    first_col, first_row = the_plan.window(page)
    boxes = cells(area, the_plan.shown_cols, the_plan.shown_rows, gap)
    for card in cards:
        col, row = card["position"]
        c, r = col - first_col, row - first_row
        if 0 <= c < the_plan.shown_cols and 0 <= r < the_plan.shown_rows:
            box = boxes[r * the_plan.shown_cols + c]
            draw_card(paint, box, card, names[card["id"]], the_plan.name, looks.get(card["id"], CardLook()))
            paint.target(box, (CARD, card["id"]))
    if paged:
        draw_pages(paint, rect, area, page % the_plan.pages, the_plan.pages)


def draw_pages(paint: Painter, rect: pygame.Rect, area: pygame.Rect, page: int, pages: int) -> None:
    """A tall button each side of the cards, with the page number under its arrow ("1/2")."""
    number = f"{page + 1}/{pages}"
    back = pygame.Rect(rect.left, rect.top, area.left - rect.left - paint.layout.mm(1), rect.height)
    forward = pygame.Rect(area.right + paint.layout.mm(1), rect.top, rect.right - area.right - paint.layout.mm(1), rect.height)
    paint.button(back, Verbatim(f"◀\n{number}"), (PAGE, -1), size_mm=LABEL)
    paint.button(forward, Verbatim(f"▶\n{number}"), (PAGE, 1), size_mm=LABEL)


def draw_card(paint: Painter, rect: pygame.Rect, card: dict[str, Any], name: Words, size: TypeSize, look: CardLook) -> None:
    layout, theme = paint.layout, paint.theme
    fixed = card["kind"] != "location"
    fill = PAPER_DARK if fixed else theme.panel
    marked = look.policed or look.read_aloud or bool(look.pawns) or look.choosable or look.opened
    border = theme.alert if look.policed else theme.accent if marked else theme.muted
    radius = layout.mm(1)
    paint.box(rect.move(2, 2), SHADOW, radius=radius)  # a shadow under the card
    paint.box(rect, fill, border, radius=radius, width=max(3, layout.mm(0.7)) if marked else 1)
    parts = card_parts(paint, rect)
    if card["kind"] == "location":
        paint.text(parts.number, Verbatim(str(card["number"])), LABEL, theme.muted, title=True, align="left", valign="top")
    icons = list(card.get("icons", []))
    if look.read_aloud:
        icons.insert(0, "read_aloud")
    if look.policed:
        icons.append("police_on")
    draw_icons(paint, parts.icons, icons)
    paint.text(parts.name, name, size, theme.ink, title=fixed)
    draw_pawns(paint, parts.pawns, look)


def draw_pawns(paint: Painter, rect: pygame.Rect, look: CardLook) -> None:
    """Each pawn on the card with its bid (a wheel and the number of carriages); Toby's name."""
    size = rect.height
    x = rect.left
    for pawn in look.pawns:
        if x + size > rect.right:
            break
        draw_pawn(paint, pygame.Rect(x, rect.top, size, size), pawn["seat"])
        x += size + 2
        bid = 2 if pawn["toby"] else pawn["bid"]
        if bid and x + 2 * size <= rect.right:
            draw_wheel(paint, pygame.Rect(x, rect.top, size, size).inflate(-size // 4, -size // 4), paint.theme.ink)
            paint.text(pygame.Rect(x + size, rect.top, size, size), Verbatim(str(bid)), FINE, paint.theme.ink, title=True)
            x += 2 * size + 2
    if look.toby:
        words = Text(N_("Toby"))
        box = pygame.Rect(x, rect.top, rect.right - x, rect.height)
        if box.width > 0 and fits(words.render(paint.lang), font(paint.theme.title_font, paint.layout.mm_at_least(FINE.min_mm)), box):
            paint.text(box, words, FINE, paint.theme.accent, title=True, align="left")
