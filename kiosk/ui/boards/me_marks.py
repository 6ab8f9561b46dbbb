"""Mystery Express category marks on the touchscreen: a card back per category, each with its own
colour, a symbol drawn by the program and a letter, so colour is never the only signal (DESIGN).

Also the board's way with the type scale: `say` sets words in the largest of a few named sizes they
fit at (wrapped), `common_size` gives a row or a column one size, and `fits` tells whether a mark
that repeats what a symbol or a neighbour says (a back's letter, a token's number) is readable at
all where it would go; if not, it is left out rather than drawn under its minimum."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

import pygame
import pyphen

from kiosk.i18n import LANGUAGES, N_, Rendered, Text
from kiosk.ui.layout import inset
from kiosk.ui.paint import Painter, Verbatim, Words, font, lines_height, wrap
from kiosk.ui.theme import Colour
from kiosk.ui.type_scale import BODY, FINE, LABEL, TITLE, TypeSize

# Back colours from the physical game (rules 1.2): green, red, blue, black, white.
BACKS: dict[str, Colour] = {
    "SUSPECT": (40, 120, 72),
    "MODUS_OPERANDI": (158, 40, 44),
    "MOTIVE": (44, 84, 168),
    "LOCATION": (12, 12, 16),
    "TIME": (236, 230, 214),
}
LETTERS: dict[str, str] = {
    "SUSPECT": N_("S"),
    "MODUS_OPERANDI": N_("MO"),
    "MOTIVE": N_("M"),
    "LOCATION": N_("L"),
    "TIME": N_("T"),
}
BRASS = (212, 170, 84)
CREAM = (240, 228, 200)
DARK = (20, 22, 34)


def ink_on(category: str) -> Colour:
    """Text and symbols on a back: dark on the white Time back, cream on the others."""
    return DARK if category == "TIME" else CREAM


def letter(category: str) -> Text:
    return Text(LETTERS[category])


def draw_symbol(surface: pygame.Surface, rect: pygame.Rect, category: str, colour: Colour) -> None:
    """The category's symbol, drawn inside the square centred in `rect`: a head and shoulders, a
    dagger, a heart, a railway car, a clock (the same as the seat screens' marks)."""
    side = max(6, min(rect.width, rect.height))
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    x, y, s = box.left, box.top, side
    if category == "SUSPECT":
        pygame.draw.circle(surface, colour, (x + s // 2, y + s * 3 // 10), max(2, s // 5))
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip))
        pygame.draw.ellipse(surface, colour, pygame.Rect(x + s // 8, y + s * 11 // 20, s * 3 // 4, s * 3 // 4))
        surface.set_clip(clip)
    elif category == "MODUS_OPERANDI":
        blade = [(x + s * 0.95, y + s * 0.05), (x + s * 0.42, y + s * 0.50), (x + s * 0.50, y + s * 0.58)]
        pygame.draw.polygon(surface, colour, [(round(a), round(b)) for a, b in blade])
        width = max(2, s // 10)
        pygame.draw.line(surface, colour, (x + s * 0.28, y + s * 0.44), (x + s * 0.56, y + s * 0.72), width)
        pygame.draw.line(surface, colour, (x + s * 0.44, y + s * 0.58), (x + s * 0.12, y + s * 0.90), width)
    elif category == "MOTIVE":
        r = max(2, s // 4)
        pygame.draw.circle(surface, colour, (x + s // 2 - r + 1, y + s * 7 // 20), r)
        pygame.draw.circle(surface, colour, (x + s // 2 + r - 1, y + s * 7 // 20), r)
        pygame.draw.polygon(surface, colour, [(x + s // 2 - 2 * r + 1, y + s * 2 // 5), (x + s // 2 + 2 * r - 1, y + s * 2 // 5),
                                              (x + s // 2, y + s * 9 // 10)])
    elif category == "LOCATION":
        body = pygame.Rect(x, y + s // 5, s, s // 2)
        pygame.draw.rect(surface, colour, body, border_radius=max(1, s // 10))
        for i in range(3):
            window = pygame.Rect(x + s // 10 + i * s * 3 // 10, y + s * 3 // 10, s // 5, s // 6)
            pygame.draw.rect(surface, _behind(colour), window)
        for cx in (x + s // 4, x + s * 3 // 4):
            pygame.draw.circle(surface, colour, (cx, y + s * 4 // 5), max(2, s // 9))
    else:  # TIME
        centre, radius = box.center, max(3, s // 2 - 1)
        pygame.draw.circle(surface, colour, centre, radius, max(1, s // 10))
        pygame.draw.line(surface, colour, centre, (centre[0], centre[1] - radius * 3 // 4), max(1, s // 10))
        pygame.draw.line(surface, colour, centre, (centre[0] + radius // 2, centre[1]), max(1, s // 10))


def _behind(colour: Colour) -> Colour:
    return DARK if colour == CREAM else CREAM


def fits(paint: Painter, rect: pygame.Rect, words: Words, size: TypeSize, *, title: bool = True) -> bool:
    """Whether `words` fit `rect` (wrapped) at `size`'s minimum: a mark that says again what a symbol
    or a neighbour already says is left out rather than drawn too small to read."""
    typeface = font(paint.theme.title_font if title else paint.theme.body_font, paint.layout.mm_at_least(size.min_mm))
    lines = wrap(words.render(paint.lang), typeface, rect.width)
    return lines_height(len(lines), typeface) <= rect.height and all(typeface.size(x)[0] <= rect.width for x in lines)


def say(paint: Painter, rect: pygame.Rect, words: Words | None, colour: Colour,
        sizes: tuple[TypeSize, ...] = (LABEL, FINE), *, align: str = "center") -> None:
    """`words` in the largest of `sizes` they fit at (wrapped), else the last: never under its minimum.
    Nothing to say (None), nothing drawn."""
    if words is None:
        return
    size = next((s for s in sizes if fits(paint, rect, words, s)), sizes[-1])
    paint.text(rect, words, size, colour, title=True, align=align)


# Each language's hyphenation patterns (Pyphen's, from LibreOffice's dictionaries), loaded once.
HYPHENATION = {"en": "en_GB", "es": "es"}


def hyphenated(paint: Painter, rect: pygame.Rect, words: Words, size: TypeSize) -> Words:
    """`words` as they are where they fit `rect` at `size`'s least, else with each word wider than the
    box broken over two lines with a hyphen, where its language's patterns allow («Té envene-» over
    «nado»): a name in a table column too narrow for its longest word at the type floor (five seats in
    portrait: «Té envena…»), never cut short."""
    if fits(paint, rect, words, size):
        return words
    typeface = font(paint.theme.title_font, paint.layout.mm_at_least(size.min_mm))
    return Rendered(tuple((lang, " ".join(_broken(word, lang, typeface, rect.width) for word in words.render(lang).split(" ")))
                          for lang in LANGUAGES))


@cache
def _patterns(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=HYPHENATION.get(lang, lang))


def _broken(word: str, lang: str, typeface: pygame.font.Font, width: int) -> str:
    """`word`, or where it is wider than `width` the word broken at the latest hyphenation point whose
    first part (with its hyphen) and rest both fit (the word whole where none does)."""
    if typeface.size(word)[0] <= width:
        return word
    for first, rest in _patterns(lang).iterate(word):  # the longest first part first
        if typeface.size(first + "-")[0] <= width and typeface.size(rest)[0] <= width:
            return f"{first}-\n{rest}"
    return word


def headline(paint: Painter, rect: pygame.Rect, words: Words, size: TypeSize = FINE) -> Words:
    """`words` for a one-line strip: as they are where they fit at `size`, else cut at the last clause
    that does ("Colonel MacDouglas asks the lounge for a Weapon card: Doctor Strauss: Pocket pistol…"),
    never inside a word. The whole line stays in the log; the strip only points at it."""
    if fits(paint, rect, words, size):
        return words
    text = words.render(paint.lang)
    cuts = [m.start() for m in re.finditer(r"[:;,] ", text)]
    for cut in reversed(cuts):
        shorter = Verbatim(text[:cut + 1] + " …")  # already in the painter's language
        if fits(paint, rect, shorter, size):
            return shorter
    return words


def common_size(paint: Painter, items: Sequence[tuple[pygame.Rect, Words]],
                sizes: tuple[TypeSize, ...] = (LABEL, FINE)) -> TypeSize:
    """One size for a row or a column of names, not each shrunk on its own (a list that mixes sizes
    reads as untidy): the largest of `sizes` every item fits at, shrunk (never under its minimum) as
    far as the tightest item needs, and set there for all."""
    chosen = next((s for s in sizes if all(fits(paint, rect, words, s) for rect, words in items)), sizes[-1])
    mm = min((paint.fit_mm(rect, words, chosen, title=True) for rect, words in items), default=chosen.mm)
    return TypeSize(chosen.name, mm, mm)


def card_back(paint: Painter, rect: pygame.Rect, category: str, *, empty: bool = False) -> None:
    """A card lying face down: its category's back with the symbol and the letter, stacked when the
    card stands upright, side by side when it lies wide. A back too small for the letter at the type
    scale's fine print shows the symbol alone (colour and symbol still tell the categories apart)."""
    radius = max(2, min(rect.size) // 8)
    if empty:
        paint.box(rect, None, paint.theme.muted, radius=radius, width=1)
        return
    paint.box(rect, BACKS[category], BRASS, radius=radius, width=max(1, min(rect.size) // 16))
    inner = inset(rect, max(1, min(rect.size) // 12))
    letter_room = max(paint.layout.mm_at_least(FINE.min_mm) + 2, inner.height // 4)
    if rect.width >= rect.height or inner.height < 2 * letter_room:
        side = min(inner.height, inner.width * 2 // 5)
        symbol = pygame.Rect(inner.left, inner.top, side, inner.height)
        mark = pygame.Rect(symbol.right, inner.top, inner.right - symbol.right, inner.height)
    else:
        cut = max(inner.height - letter_room, inner.height * 11 // 20)
        symbol = pygame.Rect(inner.left, inner.top, inner.width, cut)
        mark = pygame.Rect(inner.left, inner.top + cut, inner.width, inner.height - cut)
    if not fits(paint, mark, letter(category), FINE):
        draw_symbol(paint.surface, inner, category, ink_on(category))
        return
    draw_symbol(paint.surface, symbol, category, ink_on(category))
    say(paint, mark, letter(category), ink_on(category))


def count_chip(paint: Painter, rect: pygame.Rect, category: str, count: int) -> None:
    """A category's back lying wide, with its symbol and letter, and a count beside it (in fine print
    where the chip is squat: three categories in a stack while nine turn buttons take the height)."""
    back, number = _split_h(rect, 0.62)
    card_back(paint, back, category)
    colour = paint.theme.ink if count else paint.theme.muted
    say(paint, number, Verbatim(str(count)), colour, (TITLE, BODY, LABEL, FINE))


def _split_h(rect: pygame.Rect, left_share: float) -> tuple[pygame.Rect, pygame.Rect]:
    cut = round(rect.width * left_share)
    return pygame.Rect(rect.left, rect.top, cut, rect.height), pygame.Rect(rect.left + cut, rect.top, rect.width - cut, rect.height)
