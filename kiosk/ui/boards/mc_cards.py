"""Mystery City's cards and dice, drawn by the program: a character card face up, a card back, a die.

A face shows what the printed card shows (rules 2, 3): its number, its name, the five attributes
with an unknown one ("?", rolled with 2D6) marked in a red die-square, and, on a special card, the
red frame, a star and its ability; a card of a couple carries a heart (the partner is named only by
its own card, when it is on the table: the board names no card the public has not seen). The attribute
fought over is lit. A face drawn too small for all that keeps the number, the name and the value
fought over, big. Only faces the public may see are ever drawn face up: a hand is a stack of backs.
"""

from __future__ import annotations

import math

import pygame

from kiosk.games.mystery_city.cards import ABILITY_NAMES, ATTRIBUTES, UNKNOWN, Card
from kiosk.i18n import N_, Text
from kiosk.seats.mystery_city import SHORT
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.theme import Colour
from kiosk.ui.boards.mc_layout import grown
from kiosk.ui.type_scale import FINE, LABEL, TITLE, TypeSize

CARD_FACE: Colour = (250, 246, 232)
CARD_INK: Colour = (28, 28, 32)
SPECIAL_RED: Colour = (176, 32, 40)
CARD_BACK: Colour = (120, 24, 36)
REGULAR_EDGE: Colour = (150, 130, 90)
HEADER: Colour = (232, 222, 196)
HEART_INK: Colour = (206, 64, 110)  # the couple links
LIT: Colour = (246, 204, 80)  # the attribute fought over
ASPECT = 1.4  # a card's height over its width
FULL_MM = (24.0, 34.0)  # the least width and height (mm) a face needs to show its five attributes
FOOTER_MM = 46.0  # the least height (mm) that also has room for the ability and the partner
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
COUPLE = N_("♥ in a couple")  # the card has a partner (rules 3.3); the link shows when both are on the table
STAR = "★"


def card_rect(rect: pygame.Rect, most: int | None = None) -> pygame.Rect:
    """The largest card (of a card's proportions) centred in `rect`, no wider than `most` pixels."""
    width = min(rect.width, int(rect.height / ASPECT))
    if most is not None:
        width = min(width, most)
    face = pygame.Rect(0, 0, width, min(rect.height, int(width * ASPECT)))
    face.center = rect.center
    return face


def draw_face(paint: Painter, face: pygame.Rect, card: Card, name: Text, fought: str | None = None,
              grow: float = 1.0) -> None:
    """A character card face up in `face` (use `card_rect` for its proportions)."""
    layout = paint.layout
    edge = SPECIAL_RED if card.special else REGULAR_EDGE
    radius = max(3, face.width // 12)
    paint.box(face, CARD_FACE, edge, radius=radius, width=max(2, layout.mm(0.9 if card.special else 0.4)))
    inner = inset(face, max(2, layout.mm(0.9 if card.special else 0.6)))
    full = face.width >= layout.mm(FULL_MM[0]) and face.height >= layout.mm(FULL_MM[1])
    if not full:
        _compact(paint, inner, card, name, fought, grow)
        return
    footer = face.height >= layout.mm(FOOTER_MM)  # room kept on every card alike, so their rows match
    weights = [2.2, 5.2] + ([2.2] if footer else [])
    parts = rows(inner, weights, gap=max(1, layout.mm(0.4)))
    _header(paint, parts[0], card, name, grow)
    _attributes(paint, parts[1], card, fought, grow)
    if footer:
        _footer(paint, parts[2], card, grow)


def _header(paint: Painter, rect: pygame.Rect, card: Card, name: Text, grow: float) -> None:
    """The number in a badge and the name, on a red band for a special card (with its star)."""
    layout = paint.layout
    band = SPECIAL_RED if card.special else HEADER
    paint.box(rect, band, None, radius=max(2, layout.mm(0.8)))
    pad = max(1, layout.mm(0.5))
    badge_side = min(rect.height - 2 * pad, layout.mm(6 * grow))
    badge_box, words = columns(inset(rect, pad), [badge_side, max(1, rect.width - badge_side - 3 * pad)], gap=pad)
    badge = pygame.Rect(0, 0, badge_side, badge_side)
    badge.center = badge_box.center
    pygame.draw.ellipse(paint.surface, CARD_FACE if card.special else CARD_INK, badge)
    mark = f"{STAR}{card.number}" if card.special else str(card.number)
    paint.text(inset(badge, 1), Verbatim(mark), grown(LABEL, grow), SPECIAL_RED if card.special else CARD_FACE,
               title=True)
    paint.text(words, name, grown(LABEL, grow), CARD_FACE if card.special else CARD_INK, title=True, align="left")


def _attributes(paint: Painter, rect: pygame.Rect, card: Card, fought: str | None, grow: float) -> None:
    """Five rows, code and value; the one fought over lit; a "?" in a red die-square."""
    layout = paint.layout
    for row, attribute in zip(rows(rect, [1] * len(ATTRIBUTES), gap=0), ATTRIBUTES):
        lit = attribute == fought
        if lit:
            paint.box(row, LIT, None, radius=max(2, layout.mm(0.6)))
        code, value = columns(inset(row, max(1, layout.mm(0.3))), [1.3, 1])
        size = TypeSize("attribute", (LABEL.mm + (0.5 if lit else 0)) * grow, FINE.min_mm)  # the rows are alike

        paint.text(code, Text(SHORT[attribute]), size, CARD_INK, title=True, align="left")
        _value(paint, value, card.values[attribute], size)


def _value(paint: Painter, rect: pygame.Rect, value: int | str, size: TypeSize) -> None:
    if value == UNKNOWN:
        side = min(rect.height, rect.width)
        square = pygame.Rect(0, 0, side, side)
        square.midright = rect.midright
        paint.box(square, None, SPECIAL_RED, radius=max(2, side // 5), width=max(1, side // 10))
        paint.text(square, Verbatim(UNKNOWN), size, SPECIAL_RED, title=True)
    else:
        paint.text(rect, Verbatim(str(value)), size, CARD_INK, title=True, align="right")


def _footer(paint: Painter, rect: pygame.Rect, card: Card, grow: float) -> None:
    lines: list[tuple[Text, Colour]] = []
    if card.ability is not None:
        lines.append((Text(ABILITY_NAMES[card.ability]), SPECIAL_RED))
    if card.partner is not None:  # not the partner's name: only cards on the table are named (rules 12)
        lines.append((Text(COUPLE), HEART_INK))
    for box, (line, colour) in zip(rows(rect, [1, 1]), lines):
        paint.text(box, line, grown(FINE, grow), colour, title=True)


def _compact(paint: Painter, rect: pygame.Rect, card: Card, name: Text, fought: str | None, grow: float) -> None:
    """A small face: the number in a corner badge, the name on up to two lines, the value fought over big."""
    layout = paint.layout
    header, middle = rows(rect, [1.25, 1], gap=max(1, layout.mm(0.3)))
    paint.box(header, SPECIAL_RED if card.special else HEADER, None, radius=max(2, layout.mm(0.8)))
    number_h = min(header.height // 2, layout.mm(5 * grow))
    number, words = rows(inset(header, 1), [number_h, header.height - 2 - number_h])
    ink = CARD_FACE if card.special else CARD_INK
    mark = f"{STAR}{card.number}" if card.special else f"#{card.number}"
    paint.text(number, Verbatim(mark), grown(FINE, grow), ink, title=True, align="left")
    paint.text(words, name, grown(LABEL, grow), ink, title=True)
    if fought is not None:
        _value(paint, inset(middle, max(1, layout.mm(0.5))), card.values[fought], grown(TITLE, grow))


def draw_tab(paint: Painter, rect: pygame.Rect, card: Card, name: Text, grow: float = 1.0) -> None:
    """The top of a card lying under a later one: its name on its colour (a special's with its star)."""
    layout = paint.layout
    paint.box(rect, SPECIAL_RED if card.special else CARD_FACE, SPECIAL_RED if card.special else REGULAR_EDGE,
              radius=max(2, layout.mm(1)), width=1)
    ink = CARD_FACE if card.special else CARD_INK
    words = pygame.Rect(rect.left + layout.mm(0.8), rect.top + 1, rect.width - layout.mm(1.6), layout.mm(5 * grow) - 2)
    if card.special:
        star, words = columns(words, [words.height * 0.8, words.width - words.height * 0.8])
        paint.text(star, Verbatim(STAR), grown(FINE, grow), ink, title=True)
    paint.text(words, name, grown(FINE, grow), ink, title=True, align="left")


def draw_back(paint: Painter, rect: pygame.Rect) -> None:
    """A card face down: the dark red back with a thin cream frame and a lozenge."""
    paint.surface.blit(back(rect.width, rect.height), rect)


def back(width: int, height: int) -> pygame.Surface:
    """A card back as an image (to draw or to turn)."""
    card = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    radius = max(2, width // 10)
    pygame.draw.rect(card, CARD_BACK, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD_FACE, card.get_rect(), width=1, border_radius=radius)
    if width >= 12 and height >= 16:
        middle = inset(card.get_rect(), max(3, width // 5))
        pygame.draw.polygon(card, (150, 44, 56), [middle.midtop, middle.midright, middle.midbottom, middle.midleft])
    return card


def draw_fan(paint: Painter, rect: pygame.Rect, count: int) -> None:
    """A hand held face down: up to eight backs fanned from the bottom of `rect`."""
    shown = min(count, 8)
    if shown == 0:
        return
    height = int(min(rect.height / 1.2, rect.width / (1 / ASPECT + 0.65)))  # the whole fan inside `rect`
    card = back(int(height / ASPECT), height)
    spread = 12 if shown > 1 else 0  # degrees between neighbours
    pivot = (rect.centerx, rect.bottom - height // 8)
    for i in range(shown):
        angle = (i - (shown - 1) / 2) * spread
        turned = pygame.transform.rotate(card, -angle)
        # the card's centre sits on a circle round the pivot, so the fan opens from one point
        lift = height * 0.55
        cx = pivot[0] + lift * math.sin(math.radians(angle))
        cy = pivot[1] - lift * math.cos(math.radians(angle))
        paint.surface.blit(turned, turned.get_rect(center=(round(cx), round(cy))))


def draw_die(paint: Painter, rect: pygame.Rect, pips: int, tilt: int = 0) -> None:
    """One die, face `pips`, with its shadow; `tilt` lifts it a little while it tumbles."""
    box = rect.move(0, -tilt * max(1, rect.height // 12))
    pygame.draw.rect(paint.surface, (20, 20, 20), box.move(2, 3), border_radius=rect.width // 6)
    pygame.draw.rect(paint.surface, CARD_FACE, box, border_radius=rect.width // 6)
    dot = max(2, rect.width // 10)
    for x, y in PIPS[pips]:
        colour = SPECIAL_RED if pips == 1 else CARD_INK
        pygame.draw.circle(paint.surface, colour, (box.left + x * box.width, box.top + y * box.height), dot)

