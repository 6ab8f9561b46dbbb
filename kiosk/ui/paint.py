"""Drawing on the touchscreen: text fitted into boxes, buttons that register touch targets.

Scenes draw only through a `Painter`. It takes words only as `Text` (a catalogue message, rendered in
the table's language) or as `Verbatim` (numbers, hours: no words), so nothing reaches the screen
without passing through the translation layer. It keeps a record of every text it drew and the box
it had to fit (`drawn`) and of every touch target (`targets`): the tests check those records at
every layout, and the touchscreen hit-tests taps against `targets`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pygame

from kiosk.i18n import Rendered, Text, TextList
from kiosk.seats.canvas import keep_tail, words_of
from kiosk.ui.layout import Layout
from kiosk.ui.theme import Colour, Theme
from kiosk.ui.type_scale import TypeSize

FONTS = Path(__file__).parent / "fonts"
ELLIPSIS = "…"
BUTTON_PAD_MM = 2.0  # a button's label keeps this far from its sides (it read edge to edge at 1 mm)


@dataclass(frozen=True)
class Verbatim:
    """Characters shown as they are, with no words to translate: numbers, hours, symbols."""

    text: str

    def render(self, lang: str | None = None) -> str:
        return self.text


Words = Text | TextList | Verbatim | Rendered  # Rendered: broken or shortened by a board in each language


@dataclass(frozen=True)
class Drawn:
    """One text the painter drew: what it said, the box it had to fit and where it landed."""

    text: str
    source: Words
    box: pygame.Rect
    rect: pygame.Rect
    fits: bool  # False when even the smallest size had to be cut short
    pixels: int = 0  # the type size it was drawn at (the font's em, in pixels)
    least: int = 0  # the size it was allowed to shrink to (pixels): its type size's minimum
    lines: tuple[str, ...] = ()  # the lines it was drawn on, as they read


@dataclass(frozen=True)
class Target:
    rect: pygame.Rect
    value: object
    across: bool = False  # a swipe area for sideways swipes (turning pages) rather than up and down


@lru_cache(maxsize=256)
def font(name: str, pixels: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONTS / name), max(6, pixels))


@dataclass
class Painter:
    surface: pygame.Surface
    layout: Layout
    theme: Theme
    lang: str
    drawn: list[Drawn] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    swipes: list[Target] = field(default_factory=list)  # areas a vertical swipe scrolls (value: the area's id)
    buttons: list[tuple[pygame.Rect, Drawn]] = field(default_factory=list)  # each button and its label, for the layout tests
    # where a framed scene's words keep to (set by `chrome.backdrop`: inside its frame, with padding)
    text_room: pygame.Rect | None = None
    # True while the touchscreen draws a moving scene's still picture (`kiosk.ui.scene.Moving`): the
    # scene leaves its moving part out, to draw it with `draw_moving` over that picture
    still: bool = False

    # --- shapes ---------------------------------------------------------------------------------

    def fill(self, colour: Colour | None = None) -> None:
        self.surface.fill(colour or self.theme.background)

    def box(self, rect: pygame.Rect, fill: Colour | None = None, border: Colour | None = None,
            radius: int = 0, width: int = 2) -> None:
        if fill is not None:
            pygame.draw.rect(self.surface, fill, rect, border_radius=radius)
        if border is not None:
            pygame.draw.rect(self.surface, border, rect, width=width, border_radius=radius)

    # --- words ----------------------------------------------------------------------------------

    def text(self, rect: pygame.Rect, words: Words, size: TypeSize | float = 5.0, colour: Colour | None = None,
             *, title: bool = False, align: str = "center", valign: str = "middle",
             min_mm: float | None = None, one_line: bool = False) -> pygame.Rect:
        """Draw `words` inside `rect` in a size of the type scale (or a size in mm): wrapped at spaces
        (never, with `one_line`: "2 h" on a tag must not become "2" over "h"), shrunk step by step down
        to the size's minimum (or `min_mm`) until they fit, cut short with an ellipsis only if even that
        fails (recorded as not fitting, which the layout tests catch). Returns the rectangle the glyphs
        cover."""
        rendered = words.render(self.lang)
        size_mm, least_mm = sizes(size, min_mm)
        pixels, typeface, lines, fits = self._fit(rendered, rect, size_mm, title, least_mm, one_line)
        if not fits:
            lines = cut_short(lines, typeface, rect)
        covered = self._blit_lines(lines, typeface, rect, colour or self.theme.ink, align, valign)
        least = self._pixels(size_mm, least_mm)[1]
        self.drawn.append(Drawn(rendered, words, pygame.Rect(rect), covered, fits, pixels, least, tuple(lines)))
        return covered

    def fit_mm(self, rect: pygame.Rect, words: Words, size: TypeSize | float = 5.0, *, title: bool = False,
               min_mm: float | None = None) -> float:
        """The size (mm) `text` would draw `words` at in `rect`: to give a row of buttons one size."""
        size_mm, least_mm = sizes(size, min_mm)
        pixels, _, _, _ = self._fit(words.render(self.lang), rect, size_mm, title, least_mm)
        return pixels / self.layout.px_per_mm

    def fits(self, rect: pygame.Rect, words: Words, size_mm: float) -> bool:
        """Whether `words` fit `rect` whole at `size_mm`, neither shrunk nor cut short."""
        return self._fit(words.render(self.lang), rect, size_mm, False, size_mm)[3]

    def _fit(self, rendered: str, rect: pygame.Rect, size_mm: float, title: bool,
             min_mm: float, one_line: bool = False) -> tuple[int, pygame.font.Font, list[str], bool]:
        """The pixel size, face and lines at which `rendered` fits `rect` (or the smallest, not fitting)."""
        face = self.theme.title_font if title else self.theme.body_font
        pixels, smallest = self._pixels(size_mm, min_mm)
        while True:
            typeface = font(face, pixels)
            lines = [rendered] if one_line else wrap(rendered, typeface, rect.width)
            height = lines_height(len(lines), typeface)
            fits = height <= rect.height and all(typeface.size(line)[0] <= rect.width for line in lines)
            if fits or pixels <= smallest:
                return pixels, typeface, lines, fits
            pixels = max(smallest, math.floor(pixels * 0.9))

    def _pixels(self, size_mm: float, min_mm: float) -> tuple[int, int]:
        """A size and its least in whole pixels: the size to the nearest pixel, the least rounded up
        (so a 2.5 mm floor is never 2.41 mm), and the size never under its least."""
        least = self.layout.mm_at_least(min(size_mm, min_mm))
        return max(self.layout.mm(size_mm), least), least

    def _blit_lines(self, lines: list[str], typeface: pygame.font.Font, rect: pygame.Rect, colour: Colour,
                    align: str, valign: str) -> pygame.Rect:
        step = typeface.get_linesize()
        height = lines_height(len(lines), typeface)
        top = {"top": rect.top, "bottom": rect.bottom - height}.get(valign, rect.centery - height // 2)
        covered = pygame.Rect(rect.centerx, top, 0, 0)
        for i, line in enumerate(lines):
            image = typeface.render(line, True, colour)
            place = image.get_rect(top=top + i * step)
            if align == "left":
                place.left = rect.left
            elif align == "right":
                place.right = rect.right
            else:
                place.centerx = rect.centerx
            self.surface.blit(image, place)
            covered = covered.union(place) if covered.width or covered.height else place
        return covered

    # --- touch ----------------------------------------------------------------------------------

    def target(self, rect: pygame.Rect, value: object, *, below: bool = False) -> None:
        """Make `rect` answer a tap with `value` (later targets lie on top of earlier ones; one put
        `below` lies under every other, answering only where nothing else does)."""
        self.targets.insert(0 if below else len(self.targets), Target(pygame.Rect(rect), value))

    def swipe_area(self, rect: pygame.Rect, value: object, *, across: bool = False) -> None:
        """Make a vertical swipe (or, `across`, a sideways one) that starts in `rect` reach the scene as
        `Swipe(value, dy)` (or `Swipe(value, 0, dx)`)."""
        self.swipes.append(Target(pygame.Rect(rect), value, across))

    def button(self, rect: pygame.Rect, label: Words, value: object, *, selected: bool = False,
               enabled: bool = True, size_mm: TypeSize | float = 5.0) -> None:
        """A rounded button; a disabled one is drawn dim and answers nothing."""
        theme = self.theme
        fill = theme.accent if selected else theme.panel
        ink = theme.background if selected else (theme.ink if enabled else theme.muted)
        radius = max(4, self.layout.mm(1.5))
        self.box(rect, fill, theme.accent if enabled else theme.muted, radius=radius)
        self.text(self.label_box(rect), label, size_mm, ink, title=True)
        self.buttons.append((pygame.Rect(rect), self.drawn[-1]))
        if enabled:
            self.target(rect, value)

    def label_box(self, button: pygame.Rect) -> pygame.Rect:
        """Where a button's label may go: `button_pad` from its sides, 1 mm from top and bottom."""
        return button.inflate(-2 * button_pad(self.layout, button), -2 * max(2, self.layout.mm(1)))

    def hit(self, position: tuple[int, int], swipe: bool = False, across: bool = False) -> object | None:
        """The value of the topmost target (or, with `swipe`, swipe area of that direction) at `position`."""
        for target in reversed(self.swipes if swipe else self.targets):
            if target.rect.collidepoint(position) and target.across == (swipe and across):
                return target.value
        return None


def button_pad(layout: Layout, button: pygame.Rect) -> int:
    """How far a button's label keeps from its sides: `BUTTON_PAD_MM`, or a sixth of a narrow button
    (a page-turn strip a finger wide)."""
    return min(layout.mm(BUTTON_PAD_MM), button.width // 6)


def sizes(size: TypeSize | float, min_mm: float | None) -> tuple[float, float]:
    """The size to set a text at and the least it may shrink to, both in mm: a named size brings its
    own minimum; a bare size in mm keeps the painter's old floor of 2.2 mm unless told otherwise."""
    if isinstance(size, TypeSize):
        return size.mm, size.min_mm if min_mm is None else max(min_mm, size.min_mm)
    return size, 2.2 if min_mm is None else min_mm


def lines_height(count: int, typeface: pygame.font.Font) -> int:
    """The height `count` lines really cover: line spacing between them, and the last line as tall as
    what is drawn (at some sizes, DejaVu Serif at 12 px, a line is a pixel taller than its spacing)."""
    return max(0, count - 1) * typeface.get_linesize() + last_line_height(typeface)


@lru_cache(maxsize=256)
def last_line_height(typeface: pygame.font.Font) -> int:
    """How tall a line is drawn (`lines_height`): measured once a face (they are cached by `font`)."""
    return max(typeface.get_linesize(), typeface.size("Ág")[1])


def wrap(text: str, typeface: pygame.font.Font, width: int) -> list[str]:
    """Lines of `text` no wider than `width` where spaces allow (explicit newlines are kept), never
    between a word and its number or a number and its unit (`words_of`: "Passengers 1", "2 h"); a
    short last word comes down with the word before it where that fits (`keep_tail`)."""
    return list(wrapped(text, typeface, width))


@lru_cache(maxsize=4096)
def wrapped(text: str, typeface: pygame.font.Font, width: int) -> tuple[str, ...]:
    """`wrap`, remembered: a board draws the same texts in the same boxes frame after frame, and
    fitting one tries each size down its scale (issue 35: wrapping was a fifth of a board frame)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        broken: list[str] = []
        line = ""
        for word in words_of(paragraph) or [""]:
            candidate = f"{line} {word}" if line else word
            if not line or typeface.size(candidate)[0] <= width:
                line = candidate
            else:
                broken.append(line)
                line = word
        broken.append(line)
        lines += keep_tail(broken, lambda words: typeface.size(words)[0] <= width)
    return tuple(lines)


def cut_short(lines: list[str], typeface: pygame.font.Font, rect: pygame.Rect) -> list[str]:
    """As many lines as the box holds, each no wider than the box, the last ending in an ellipsis."""
    room = max(1, 1 + (rect.height - lines_height(1, typeface)) // typeface.get_linesize())
    kept = lines[:room]
    for i, line in enumerate(kept):
        cut = i == len(kept) - 1 and len(lines) > room
        while line and (typeface.size(line + (ELLIPSIS if cut else ""))[0] > rect.width):
            line, cut = line[:-1], True
        kept[i] = line + (ELLIPSIS if cut else "")
    return kept
