"""Drawing on a 128x64 one-bit seat screen: the bundled bitmap font, text that fits, small glyphs."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
MARGIN = 2  # pixels at each side no title or label lights: a letter on the panel's edge reads as cut off
TEXT_WIDTH = WIDTH - 2 * MARGIN  # the widest title or label
# The small lines at the bottom (a detail, the footer, a notice) keep one pixel: 21 cells of the 6x12
# strike are 126 px, and most such lines light 125 columns, so two pixels a side would cut them short.
LINE_MARGIN = 1
LINE_WIDTH = WIDTH - 2 * LINE_MARGIN
ON, OFF = 255, 0  # pixel values of a one-bit ("1") image
FONTS = Path(__file__).with_name("fonts")
SIZES = (16, 14, 12)  # Terminus strikes: 8x16, 8x14, 6x12 pixels
ELLIPSIS = "…"

# 9x9 category marks, so a one-bit screen never relies on colour (DESIGN: symbol and letter).
GLYPHS: dict[str, tuple[str, ...]] = {
    "SUSPECT": (  # a head and shoulders
        "...###...", "..#####..", "..#####..", "...###...", ".........",
        ".#######.", "#########", "#########", "#########",
    ),
    "MODUS_OPERANDI": (  # a dagger
        "........#", ".......##", "......##.", ".....##..", "#...##...",
        ".####....", "..##.....", ".#.#.....", "#........",
    ),
    "MOTIVE": (  # a heart
        ".##...##.", "####.####", "#########", "#########", ".#######.",
        "..#####..", "...###...", "....#....", ".........",
    ),
    "LOCATION": (  # a railway car
        ".........", "#########", "#.#.#.#.#", "#########", "#########",
        "#########", ".##...##.", ".##...##.", ".........",
    ),
    "PLACE": (  # a house: a place in the city (P.I.), not a railway car
        "....#....", "...###...", "..#####..", ".#######.", "#########",
        ".#.....#.", ".#.###.#.", ".#.#.#.#.", ".#######.",
    ),
    "TIME": (  # a clock
        "..#####..", ".#..#..#.", "#...#...#", "#...#...#", "#...###.#",
        "#.......#", "#.......#", ".#.....#.", "..#####..",
    ),
    "CARRIAGE": (  # a carriage wheel (Watson & Holmes)
        "..#####..", ".#..#..#.", "#...#...#", "#.#.#.#.#", "#########",
        "#.#.#.#.#", "#...#...#", ".#..#..#.", "..#####..",
    ),
    "POLICE": (  # a constable's helmet
        "....#....", "...###...", "..#####..", "..#####..", "..#####..",
        "..#####..", ".#######.", "#########", ".........",
    ),
    "CALLOFF": (  # the helmet struck through: the police called off
        "#...#....", ".#.###...", "..#####..", "..####...", "..##.##..",
        "..###.#..", ".#######.", "#######.#", ".........",
    ),
    "LOCKPICK": (  # a key
        ".###.....", "#...#....", "#...#####", "#...#..#.", ".###...#.",
        ".........", ".........", ".........", ".........",
    ),
}


SHORT_WORD = 3  # characters: a last word this short goes down with the word before it
NUMBER = re.compile(r"[=+(]?\d{1,4}[.,;:!?)]*")  # a count, a seat's or a leg's number: "2", "(3)", "8."
UNIT = re.compile(r"[^\W\d_][.,;:!?)]*")  # one letter after a number: the "h" of "2 h"
SEPARATORS = {"·", "|", "/"}  # a number is not held to these: "Lounge Car ·" may end a line


def words_of(paragraph: str) -> list[str]:
    """The unbreakable pieces of one paragraph, in order: its words (a no-break space holds two
    together), each number held to the word before it ("leg 1", "Seat 2"), a one-letter unit to its
    number ("2 h") and a total to what it sums ("3+5) = 8"), so a wrap never leaves a number, a unit
    or "= 8" alone on a line. Numbers in a row ("1, 2, 3") and a sum ("12" / "+ 12" / "= 24") may break
    between them."""
    pieces: list[str] = []
    for word in filter(None, paragraph.split(" ")):
        before = pieces[-1] if pieces else ""
        after_number = bool(NUMBER.fullmatch(before.rsplit(" ", 1)[-1]))  # a list of numbers may break: "1, 2, 3"
        if before and before not in SEPARATORS and ((NUMBER.fullmatch(word) or word == "=") and not after_number
                                                    or (after_number and UNIT.fullmatch(word))):
            pieces[-1] = f"{before} {word}"
        else:
            pieces.append(word)
    return pieces


def short_word(line: str) -> bool:
    """Whether a line is one short word, which reads as a stray alone under the words it belongs to."""
    return " " not in line and len(line) <= SHORT_WORD


def keep_tail(lines: list[str], fits: Callable[[str], bool]) -> list[str]:
    """`lines` of one paragraph with a short lone last word joined by the word before it, where the
    new last line `fits` and the line above keeps a word of its own ("then" over "OK" reads "then
    OK"). The seat screens and the touchscreen's painter both wrap this way, on `words_of`."""
    if len(lines) < 2 or not short_word(lines[-1]):
        return lines
    above, _, word = lines[-2].rpartition(" ")
    if not above or not fits(f"{word} {lines[-1]}"):
        return lines
    return [*lines[:-2], above, f"{word} {lines[-1]}"]


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "terminus-bold.otb" if bold else "terminus-normal.otb"
    return ImageFont.truetype(str(FONTS / name), size)


def blank() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("1", (WIDTH, HEIGHT), OFF)
    return image, ImageDraw.Draw(image)


@lru_cache(maxsize=8192)  # the same labels are measured on every redraw
def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def fit(text: str, width: int, sizes: tuple[int, ...] = SIZES, bold: bool = False) -> tuple[str, int]:
    """The largest size at which `text` fits `width`; at the smallest, the text is cut with an ellipsis."""
    for size in sizes:
        if text_width(text, size, bold) <= width:
            return text, size
    size = sizes[-1]
    cut = text
    while cut and text_width(cut + ELLIPSIS, size, bold) > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS, size


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, bold: bool = False,
              fill: int = ON) -> None:
    mask, (left, top) = text_mask(text, size, bold)
    draw.bitmap((xy[0] + left, xy[1] + top), mask, fill=fill)


@lru_cache(maxsize=8192)
def text_mask(text: str, size: int, bold: bool = False) -> tuple[Image.Image, tuple[int, int]]:
    """A line of text as a one-bit mask, drawn once, and where it stands from the point it is drawn
    at: the same pixels as `ImageDraw.text` there. The seats draw the same labels on every redraw, and
    PIL lays out and renders a line each time (some 17 µs; pasting its mask takes 1.5). Shared: nobody
    draws on it."""
    face = font(size, bold)
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text))  # whole pixels: a bitmap font
    mask = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=1)
    return mask, (left, top)


def draw_glyph(draw: ImageDraw.ImageDraw, xy: tuple[int, int], key: str, fill: int = ON) -> None:
    draw.bitmap(xy, glyph_mask(key), fill=fill)


@cache
def glyph_mask(key: str) -> Image.Image:
    """A glyph's pixels as a one-bit mask, made once (drawn point by point, a row of category counts
    cost a third of a seat screen's drawing)."""
    rows = GLYPHS[key]
    mask = Image.new("1", (max(len(row) for row in rows), len(rows)), 0)
    mask.putdata([1 if pixel == "#" else 0 for row in rows for pixel in row.ljust(mask.width)])
    return mask


def draw_clock(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, hours: int, minutes: int) -> None:
    """An analog clock face (rules 1.2: Time cards are read as clock faces, not digits).

    On one bit the two hands differ by more than length: the hour hand is short and thick, the minute
    hand long and thin, and a notch marks twelve o'clock so a face is never read upside down."""
    import math

    cx, cy = centre
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=ON)
    draw.line((cx, cy - radius, cx, cy - radius + max(2, radius // 5)), fill=ON, width=2 if radius >= 10 else 1)
    for quarter in (3, 6, 9):  # a dot at three, six and nine
        angle = math.radians(quarter * 30 - 90)
        draw.point((cx + round(math.cos(angle) * (radius - 2)), cy + round(math.sin(angle) * (radius - 2))), fill=ON)

    def hand(angle_degrees: float, length: float, width: int) -> None:
        angle = math.radians(angle_degrees - 90)
        draw.line((cx, cy, cx + round(math.cos(angle) * length), cy + round(math.sin(angle) * length)), fill=ON, width=width)

    hand(minutes * 6, radius - 2, 1)
    hand((hours % 12) * 30 + minutes * 0.5, radius * 0.55, 3 if radius >= 12 else 2)
    draw.ellipse((cx - 1, cy - 1, cx + 1, cy + 1), fill=ON)


# The same labels and texts are wrapped again on every redraw of a menu (a seat's menu is built for
# each press, every choice's label wrapped to see whether it fits): the wraps are kept, as the text
# widths are, and handed out as new lists.
WRAPS_KEPT = 4096


def wrap(text: str, width: int, sizes: tuple[int, ...] = SIZES) -> tuple[list[str], int]:
    """One line at the largest size that fits, else two lines (split at a space, the second more than a
    short word where a split allows it), else cut short."""
    lines, size = _wrap(text, width, sizes)
    return list(lines), size


@lru_cache(maxsize=WRAPS_KEPT)
def _wrap(text: str, width: int, sizes: tuple[int, ...]) -> tuple[tuple[str, ...], int]:
    for size in sizes:
        if text_width(text, size) <= width:
            return (text,), size
    words = words_of(text)
    for size in sizes[1:]:
        cuts = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(len(words) - 1, 0, -1)]
        fitting = [lines for lines in cuts if all(text_width(line, size) <= width for line in lines)]
        if fitting:  # the longest first line that leaves the second more than a short word
            return next((lines for lines in fitting if not short_word(lines[1])), fitting[0]), size
    line, size = fit(text, width, sizes[-1:])
    return (line,), size


def paragraph(text: str, width: int, size: int = 12) -> list[str]:
    """Prose broken into as many lines as it needs at one size (a long word is cut to fit)."""
    return list(_paragraph(text, width, size))


@lru_cache(maxsize=WRAPS_KEPT)
def _paragraph(text: str, width: int, size: int) -> tuple[str, ...]:
    lines: list[str] = []
    for part in text.split("\n"):
        broken: list[str] = []
        line = ""
        for word in words_of(part):
            while text_width(word, size) > width:  # a word wider than the screen is split
                cut = len(word) - 1
                while cut > 1 and text_width(word[:cut], size) > width:
                    cut -= 1
                if line:
                    broken.append(line)
                    line = ""
                broken.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size) <= width:
                line = candidate
            else:
                broken.append(line)
                line = word
        if line:
            broken.append(line)
        lines += keep_tail(broken, lambda words: text_width(words, size) <= width)
    return tuple(lines)
