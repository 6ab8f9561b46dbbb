"""Layout checks: text kept off the edges of its panel, and one type size where a reader compares.

- A seat screen (128x64, one bit) keeps `OLED_MARGIN` columns at each side free of text (the small
  lines at the bottom, 21 cells of 6 px, one: `canvas.LINE_MARGIN`): in the body no lit pixel there, in the title bar no dark one (its text is drawn dark on the lit bar). A QR code
  and the clock faces are pictures, not text, and reach the sides on purpose.
- On the touchscreen every text keeps the frame's padding from the screen's edges: a menu's
  (2 mm inside its double rule: `chrome.FRAME_PAD_MM`), a board's `BOARD_EDGE_MM`; and a button's label keeps `paint.button_pad` (2 mm) from the button's sides.
- Inside a board, a panel's texts keep `PANEL_EDGE_MM` from its sides (`panel_edge_defects`: the Mystery
  Express ledger's last column, on the active line's frame).
- One table's cells, and one rules text's pages, are set at one size (`one_size`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame
from PIL import Image

from kiosk.seats.canvas import HEIGHT, LINE_MARGIN, OFF, ON, WIDTH
from kiosk.seats.screen import TITLE_HEIGHT, Screen, draw_screen
from kiosk.ui.layout import inset
from kiosk.ui.paint import ELLIPSIS, Painter, button_pad

OLED_MARGIN = 2  # pixels at each side of a seat screen no title or label may light
LINES_TOP = 39  # the band of small lines at the bottom (detail, footer, notice) keeps `LINE_MARGIN`
BOARD_EDGE_MM = 1.0  # off the glass's edge: Mystery Express draws its frame at 0.8 mm, its text well inside
PANEL_EDGE_MM = 0.5  # off a panel's sides, inside a board (`panel_edge_defects`)


def oled_edge_defects(screen: Screen) -> list[str]:
    """Where text reaches the sides of a seat screen, one line each (empty: it keeps its margin)."""
    if screen.qr or screen.clocks:
        return []
    reading = bool(screen.items) and bool(screen.items[screen.index].lines)  # a page of small lines
    return oled_image_defects(draw_screen(screen), screen.title, TITLE_HEIGHT if reading else LINES_TOP)


def oled_image_defects(image: Image.Image, title: str = "", lines_top: int = LINES_TOP) -> list[str]:
    pixels = image.load()
    sides = [*range(OLED_MARGIN), *range(WIDTH - OLED_MARGIN, WIDTH)]
    found = []
    bar = [y for y in range(TITLE_HEIGHT)  # the lit title bar, edge to edge (its text cut dark into it)
           if pixels[0, y] == ON and pixels[WIDTH - 1, y] == ON]
    for x in sides:
        in_bar = [y for y in bar if pixels[x, y] == OFF]  # a title's letter cut into the lit bar
        lines_too = min(x, WIDTH - 1 - x) < LINE_MARGIN  # a column even the small lines keep free
        in_body = [y for y in range(HEIGHT) if y not in bar and pixels[x, y] == ON and (lines_too or y < lines_top)]
        if in_bar:
            found.append(f"the title {title!r} reaches column {x} (rows {in_bar[0]}-{in_bar[-1]})")
        if in_body:
            found.append(f"text reaches column {x} (rows {in_body[0]}-{in_body[-1]})")
    return found


def touch_edge_defects(painter: Painter) -> list[str]:
    """Texts that leave the frame's padding (a menu's `Painter.text_room`, 2 mm inside its inner rule;
    a board's `BOARD_EDGE_MM` from the glass's edge), and button labels that come closer than `paint.button_pad` (2 mm) to their button's sides."""
    room = painter.text_room or inset(painter.surface.get_rect(), painter.layout.mm(BOARD_EDGE_MM))
    found = [f"{d.text!r} at {tuple(d.rect)} leaves the frame's padding {tuple(room)}"
             for d in painter.drawn if d.rect.width and not room.contains(d.rect)]
    for button, label in painter.buttons:
        pad = button_pad(painter.layout, button)
        if label.rect.left < button.left + pad or label.rect.right > button.right - pad:
            found.append(f"the label {label.text!r} of a button comes within {pad} px of its sides: "
                         f"{tuple(label.rect)} in {tuple(button)}")
    return found


def panel_edge_defects(painter: Painter, panel: pygame.Rect, pad_mm: float = PANEL_EDGE_MM) -> list[str]:
    """Texts drawn in `panel` (a board's region: the Mystery Express ledger) whose glyphs come within
    `pad_mm` of its left or right edge, where a frame drawn on the panel (the active line's) cuts them
    and a last column reads as cut off; texts taller than their line (16 px of type in a 15 px row, where
    the lines above and below touch them); and marks that read as words cut short (a lone "…")."""
    pad = painter.layout.mm(pad_mm)
    room = panel.inflate(-2 * pad, 0)
    found = []
    for drawn in painter.drawn:
        if not drawn.rect.width or not panel.contains(drawn.box):
            continue
        if drawn.rect.left < room.left or drawn.rect.right > room.right:
            found.append(f"{drawn.text!r} at {tuple(drawn.rect)} comes within {pad} px of the sides of {tuple(panel)}")
        if not drawn.fits or drawn.rect.top < drawn.box.top or drawn.rect.bottom > drawn.box.bottom:
            found.append(f"{drawn.text!r} is {drawn.rect.height} px tall in a line of {drawn.box.height} px at {tuple(drawn.box)}")
        if drawn.text.strip() == ELLIPSIS:
            found.append(f"a lone {ELLIPSIS!r} at {tuple(drawn.rect)} reads as a column cut short")
    return found


def one_size(painter: Painter, texts: Iterable[str]) -> dict[int, list[str]]:
    """The pixel sizes the painter drew `texts` at, each with the texts drawn at it."""
    wanted = set(texts)
    sizes: dict[int, list[str]] = {}
    for drawn in painter.drawn:
        if drawn.text in wanted:
            sizes.setdefault(drawn.pixels, []).append(drawn.text)
    return sizes
