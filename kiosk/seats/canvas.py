"""Drawing on a 128x64 one-bit seat screen: the bundled bitmap font, text that fits, small glyphs."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
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
    draw.text(xy, text, font=font(size, bold), fill=fill)


def draw_glyph(draw: ImageDraw.ImageDraw, xy: tuple[int, int], key: str, fill: int = ON) -> None:
    x0, y0 = xy
    for dy, row in enumerate(GLYPHS[key]):
        for dx, pixel in enumerate(row):
            if pixel == "#":
                draw.point((x0 + dx, y0 + dy), fill=fill)


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


def wrap(text: str, width: int, sizes: tuple[int, ...] = SIZES) -> tuple[list[str], int]:
    """One line at the largest size that fits, else two lines (split at a space), else cut short."""
    for size in sizes:
        if text_width(text, size) <= width:
            return [text], size
    words = text.split()
    for size in sizes[1:]:
        for cut in range(len(words) - 1, 0, -1):
            first, second = " ".join(words[:cut]), " ".join(words[cut:])
            if text_width(first, size) <= width and text_width(second, size) <= width:
                return [first, second], size
    line, size = fit(text, width, sizes[-1:])
    return [line], size


def paragraph(text: str, width: int, size: int = 12) -> list[str]:
    """Prose broken into as many lines as it needs at one size (a long word is cut to fit)."""
    lines: list[str] = []
    for part in text.split("\n"):
        line = ""
        for word in part.split():
            while text_width(word, size) > width:  # a word wider than the screen is split
                cut = len(word) - 1
                while cut > 1 and text_width(word[:cut], size) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
    return lines
