"""A Mystery City duel on the felt: each side's cards face up, its dice and its total, and the couple
links between cards on the table; and the duel shown big for a few seconds when an exchange is
decided (`DuelReveal`), before it settles into the board and the log.

Everything drawn here is public (rules 12): the cards laid on the table, the dice, the bonuses and
the result, from the public view and the public `exchange` event only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from kiosk.games.mystery_city.cards import ATTRIBUTE_NAMES
from kiosk.i18n import N_, Text
from kiosk.ui.boards.mc_cards import HEART_INK, card_rect, draw_face, draw_tab
from kiosk.ui.boards.mc_layout import grown
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words
from kiosk.ui.scene import ON_TIME
from kiosk.ui.type_scale import BODY, LABEL, TITLE

ROLE_ROOM_MM = 46  # a side this wide names its part ("Seat 2 · Attacks") beside the seat
OLDER_SHOWN = 3  # earlier cards of a long tie, fanned behind the card of this exchange
DiceDrawer = Callable[[Painter, pygame.Rect, list[list[int]]], None]


@dataclass(frozen=True)
class Side:
    """One side of a duel: whose, its part ("attacker", "defender" or None), the cards it has on the
    table (oldest first; the last is the card of this exchange) and its value as published."""

    seat: int
    role: Words | None
    cards: tuple[str, ...]
    shown: dict[str, Any] | None


@dataclass(frozen=True)
class DuelReveal:
    """An exchange decided: its two cards big, from `start` for `seconds` (the table's reveal speed)."""

    exchange: dict[str, Any]  # the public `exchange` event's data
    result: Text
    start: float
    seconds: float

    @property
    def end(self) -> float:
        return self.start + self.seconds

    def showing(self, now: float) -> bool:
        return self.start - ON_TIME <= now < self.end - ON_TIME

    def next_change(self, now: float) -> float | None:
        """Seconds until it settles into the board (a frame then), None once it has."""
        return self.end - now if self.showing(now) else None

    def sides(self) -> list[Side]:
        return [Side(s["seat"], None, (s["card"],), s) for s in self.exchange["sides"]]


@dataclass(frozen=True)
class _Placed:
    who: pygame.Rect
    tabs: list[tuple[str, pygame.Rect]]  # earlier cards of this combat, oldest first: their tops show
    face: tuple[str, pygame.Rect] | None  # the card of this exchange
    slot: pygame.Rect | None  # no card yet: where it will lie
    dice: pygame.Rect | None
    total: pygame.Rect | None

    @property
    def cards(self) -> list[tuple[str, pygame.Rect]]:
        return self.tabs + ([self.face] if self.face is not None else [])


def draw_duel(paint: Painter, rect: pygame.Rect, attribute: str, sides: list[Side], narrator: Any,
              dice: DiceDrawer, grow: float, result: Text | None = None) -> None:
    """The attribute fought over, the two sides, and (for a duel shown big) the result under them."""
    layout = paint.layout
    gap = layout.mm(1.5 * grow)
    head_h = layout.mm(8 * grow)
    result_h = layout.mm(11 * grow) if result is not None else 0
    weights: list[float] = [head_h, rect.height - head_h - result_h - (2 if result else 1) * gap]
    parts = rows(rect, weights + ([result_h] if result else []), gap=gap)
    paint.text(parts[0], Text(ATTRIBUTE_NAMES[attribute]), grown(TITLE, grow), paint.theme.accent, title=True)
    boxes = columns(parts[1], [1, 1], gap=layout.mm(6 * grow))
    placed = _same_size([_place(paint, box, side, grow) for box, side in zip(boxes, sides)])
    where = {card: box for p in placed for card, box in p.cards}
    links = [(side.cards[-1], side.shown["partner"]) for side in sides
             if side.shown is not None and side.shown.get("partner") in where and side.cards]
    # Beside the cards lie the dice and the totals: the link passes behind them, and its heart sits
    # where nothing is written (a trial saw the heart on the left total, "= 12" read "= ♥2").
    beside: list[pygame.Rect] = []
    for side, spot in zip(sides, placed):
        beside += [r.inflate(gap, gap) for r in _draw_side(paint, side, spot, narrator, attribute, dice, grow)]
    tabs = {card for p in placed for card, _ in p.tabs}
    for card, partner in links:
        start, end = _edge(where[card], where[partner].center), _edge(where[partner], where[card].center)
        pieces = _around(start, end, list(where.values()) + beside)  # under the cards, as before
        for a, b in pieces:
            pygame.draw.line(paint.surface, HEART_INK, a, b, max(2, layout.mm(1.2)))
        longest = max(pieces, key=lambda ab: abs(ab[1][0] - ab[0][0]) + abs(ab[1][1] - ab[0][1]), default=(start, end))
        middle = ((longest[0][0] + longest[1][0]) // 2, (longest[0][1] + longest[1][1]) // 2)
        _heart(paint, end if partner in tabs else middle, grow)
    if result is not None:
        paint.box(parts[2], paint.theme.panel, paint.theme.accent, radius=layout.mm(1.5), width=2)
        paint.text(inset(parts[2], layout.mm(1)), result, grown(BODY, grow), paint.theme.ink, title=True)


def _place(paint: Painter, box: pygame.Rect, side: Side, grow: float) -> _Placed:
    """Where one side's parts go: its name on top, its cards, and its dice and total beside them (a
    wide side) or its dice beside and its total under them (a tall one)."""
    layout = paint.layout
    gap = layout.mm(1 * grow)
    who_h = layout.mm(6 * grow)
    total_h = layout.mm(9 * grow) if side.shown is not None else 0
    who, below = rows(box, [who_h, box.height - who_h - gap], gap=gap)
    rolls = _rolls(side.shown)
    dice = total = None
    if box.width >= box.height * 0.9:
        info_w = min(layout.mm(24 * grow), below.width * 2 // 5)
        cards, info = columns(below, [below.width - info_w - gap, info_w], gap=gap)
        if rolls:  # the dice over the total; without dice the total has the column (it may take two lines)
            dice, total_box = rows(info, [info.height - max(total_h, info.height * 2 // 5) - gap,
                                          max(total_h, info.height * 2 // 5)], gap=gap)
        else:
            total_box = info
        total = total_box if total_h else None
    else:  # a tall side: its dice and total in a row under its cards
        bottom_h = layout.mm(14 * grow) if total_h else 0
        cards, bottom = rows(below, [below.height - bottom_h - gap, bottom_h], gap=gap)
        if rolls:
            dice_w = min(bottom.width // 2, 2 * len(rolls) * bottom.height)
            dice, total = columns(bottom, [dice_w, bottom.width - dice_w - gap], gap=gap)
        else:
            total = bottom if total_h else None
    if not side.cards:
        return _Placed(who, [], None, card_rect(cards), dice, total)
    older = list(side.cards[:-1])[-OLDER_SHOWN:]
    strip = layout.mm(5 * grow)
    tabs = [(card, pygame.Rect(cards.left, cards.top + i * strip, cards.width, strip + layout.mm(2)))
            for i, card in enumerate(older)]
    below_older = pygame.Rect(cards.left, cards.top + strip * len(older), cards.width, cards.height - strip * len(older))
    face = card_rect(below_older)
    face.top = below_older.top
    return _Placed(who, tabs, (side.cards[-1], face), None, dice, total)


def _same_size(placed: list[_Placed]) -> list[_Placed]:
    """Both sides' cards at the size of the smaller, each still centred where it was laid out."""
    faces = [p.face[1] if p.face is not None else p.slot for p in placed]
    width, height = min(f.width for f in faces if f), min(f.height for f in faces if f)
    same = []
    for p in placed:
        if p.face is not None:
            card, f = p.face
            p = _Placed(p.who, p.tabs, (card, pygame.Rect(f.left + (f.width - width) // 2, f.top, width, height)),
                        None, p.dice, p.total)
        elif p.slot is not None:
            slot = pygame.Rect(0, 0, width, height)
            slot.center = p.slot.center
            p = _Placed(p.who, [], None, slot, p.dice, p.total)
        same.append(p)
    return same


def _draw_side(paint: Painter, side: Side, spot: _Placed, narrator: Any, attribute: str, dice: DiceDrawer,
               grow: float) -> list[pygame.Rect]:
    """The side drawn; returns where its dice and its total are, for the couple's link to pass behind."""
    theme = paint.theme
    beside: list[pygame.Rect] = []
    name = narrator.seat(side.seat)
    roomy = spot.who.width >= paint.layout.mm(ROLE_ROOM_MM * grow)  # else the seat's tile says it
    words: Words = name if side.role is None or not roomy else Text(N_("{seat} · {role}"), {"seat": name, "role": side.role})
    paint.text(spot.who, words, grown(LABEL, grow), theme.ink, title=True)
    for card_id, tab in spot.tabs:
        draw_tab(paint, tab, narrator.cards.card(card_id), narrator.card(card_id), grow)
    if spot.face is not None:
        card_id, face = spot.face
        draw_face(paint, face, narrator.cards.card(card_id), narrator.card(card_id), attribute, grow)
    if spot.slot is not None:
        paint.box(spot.slot, None, theme.muted, radius=paint.layout.mm(1.5), width=1)
    shown = side.shown if spot.face is not None else None  # an empty slot has no card to total ("= 8")
    if spot.dice is not None and shown is not None:
        dice(paint, spot.dice, _rolls(shown))
        beside.append(spot.dice)
    if spot.total is not None and shown is not None:
        beside.append(paint.text(spot.total, Verbatim(_sum(shown)), grown(TITLE, grow), theme.accent, title=True))
    return beside


def _rolls(shown: dict[str, Any] | None) -> list[list[int]]:
    """The dice thrown for a side, a pair each: the card's own, then a partner's or Chomp's "?"."""
    if shown is None:
        return []
    return [pair[-1] for pair in (shown["rolls"], shown["partner_rolls"], shown["companion_rolls"]) if pair]


def _sum(shown: dict[str, Any]) -> str:
    """"11 + 12 = 23" with a couple or Companionship bonus, "= 12" without."""
    parts = [str(shown["value"])]
    if shown["partner"] is not None:
        parts.append(str(shown["partner_value"]))
    if shown["companion"] is not None:
        parts.append(str(shown["companion_value"]))
    return " + ".join(parts) + f" = {shown['total']}" if len(parts) > 1 else f"= {shown['total']}"


def _heart(paint: Painter, point: tuple[int, int], grow: float) -> None:
    """The couple's heart on the link between the two cards: half-way along its longest open stretch,
    or where it reaches the partner when that is a card lying under another (its top is all that shows)."""
    side = paint.layout.mm(7 * grow)
    badge = pygame.Rect(0, 0, side, side)
    badge.center = point
    pygame.draw.ellipse(paint.surface, HEART_INK, badge)
    paint.text(inset(badge, 1), Verbatim("♥"), grown(LABEL, grow), (255, 255, 255), title=True)


def _around(start: tuple[int, int], end: tuple[int, int], rects: list[pygame.Rect]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The stretches of the segment from `start` to `end` that cross none of `rects`."""
    length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    if length == 0:
        return []

    def at(point: tuple[int, int]) -> float:
        return (point[0] - start[0]) / (end[0] - start[0]) if end[0] != start[0] else (point[1] - start[1]) / (end[1] - start[1])

    clipped = [r.clipline(start, end) for r in rects]
    blocked = sorted(sorted((at(c[0]), at(c[1]))) for c in clipped if c and c[0] != c[1])
    pieces, t = [], 0.0
    for low, high in blocked + [(1.0, 1.0)]:
        if low * length - t * length >= 1:
            pieces.append((t, low))
        t = max(t, high)
    return [(_point(start, end, a), _point(start, end, b)) for a, b in pieces]


def _point(start: tuple[int, int], end: tuple[int, int], t: float) -> tuple[int, int]:
    return round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t)


def _edge(rect: pygame.Rect, towards: tuple[int, int]) -> tuple[int, int]:
    """Where a line from the centre of `rect` towards a point leaves `rect`."""
    dx, dy = towards[0] - rect.centerx, towards[1] - rect.centery
    t = min(1.0, abs(rect.width / 2 / dx) if dx else 1.0, abs(rect.height / 2 / dy) if dy else 1.0)
    return round(rect.centerx + dx * t), round(rect.centery + dy * t)
