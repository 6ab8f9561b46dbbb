"""The Mystery Express train and its itinerary, drawn in brass on night blue.

The itinerary runs Paris to Istanbul with the hours of each leg, the train's position, and each
station's Conductor token (a back until revealed, then the number of the car it sends him to). The
train is six numbered cars, each with the tokens of the characters standing in it and the Conductor.
Cars the active player may walk to (or start in) answer a tap.
"""

from __future__ import annotations

from typing import Any

import pygame

from kiosk.i18n import N_, Text
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim, font, lines_height
from kiosk.ui.boards.me_marks import common_size, fits, say
from kiosk.ui.theme import Colour
from kiosk.ui.type_scale import BODY, FINE, LABEL

# Character tokens keep the colour of the physical figure; the seat number goes on top.
FIGURE_COLOURS: dict[str, Colour] = {
    "red": (196, 52, 48), "blue": (58, 104, 200), "yellow": (230, 190, 50), "green": (52, 150, 86),
    "black": (16, 16, 20),
}
CONDUCTOR_GREY = (150, 156, 168)
CAR_BODY = (30, 44, 86)
CAR_ROOF = (18, 26, 54)
WINDOW = (246, 214, 140)
TRAVELLING_STAGES = ("tunnel", "telegram", "sudden", "final", "over")
HEAD_SHARES = (1.0, 1.6, 2.4)  # a car's head against its floor's 1.6: one line of name, then two


def train_position(view: dict[str, Any]) -> float:
    """Where the train is on the itinerary, in stations from Paris: 1.5 means between the 2nd and
    3rd stations (a leg under way), a whole number means standing in that station."""
    leg = int(view.get("leg") or 0)
    if leg <= 0:
        return 0.0
    if view.get("stage") in TRAVELLING_STAGES or leg > 5:
        return float(min(leg, len(view["itinerary"]) - 1))
    return leg - 0.5


def draw_itinerary(paint: Painter, rect: pygame.Rect, view: dict[str, Any]) -> None:
    """The six stations on a line, each leg's hours on a brass tag over its stretch of line, the
    station names under it: the line sits high so the names get the rest of the height."""
    theme, layout = paint.theme, paint.layout
    stations = view["itinerary"]
    n = len(stations)
    margin = rect.width // (2 * n)
    above, below = max(2, layout.mm(0.8)), max(2, layout.mm(1.2))
    name_line = lines_height(1, font(theme.title_font, layout.mm_at_least(FINE.min_mm)))  # a name at the least
    radius = max(5, min(layout.mm(3), rect.height // 4, (rect.height - above - below - name_line) // 2))
    line_y = rect.top + radius + above
    xs = [rect.left + margin + i * (rect.width - 2 * margin) // (n - 1) for i in range(n)]
    position = train_position(view)
    leg = int(view.get("leg") or 0)
    for i in range(n - 1):
        done = i + 1 < position or (i + 1 == position)
        current = i + 1 == leg and position == leg - 0.5
        colour = theme.accent if done or current else theme.muted
        pygame.draw.line(paint.surface, colour, (xs[i], line_y), (xs[i + 1], line_y), max(2, layout.mm(1.2 if current else 0.6)))
        hours = stations[i]["hours"]
        if hours is not None:  # the leg's hours on a tag, the engine riding in it on the current leg
            tag = pygame.Rect(0, 0, (xs[i + 1] - xs[i]) * (3 if current else 2) // 5, 2 * radius)
            tag.center = ((xs[i] + xs[i + 1]) // 2, line_y)
            paint.box(tag, theme.background, colour, radius=radius // 2, width=1)
            words = inset(tag, 1)
            if current:
                engine = max(4, min(radius * 4 // 5, (tag.width - layout.mm(6)) // 4))  # room for "4 h" beside it
                _draw_locomotive(paint.surface, tag.left + engine * 2, line_y, engine, theme.ink)
                words = pygame.Rect(tag.left + engine * 4, tag.top + 1, tag.width - engine * 4 - 1, tag.height - 2)
            paint.text(words, Text(N_("{hours} h"), {"hours": hours}), FINE, theme.accent if current else theme.muted,
                       title=True, one_line=True)
    tokens = view.get("conductor_tokens") or []
    cars = view["cars"]
    width = (rect.width - 2 * margin) // (n - 1) - layout.mm(1)
    top = line_y + radius + below
    names = []
    for x in xs:
        name = pygame.Rect(0, top, width, rect.bottom - top)
        name.centerx = x
        names.append(name.clamp(rect))
    size = common_size(paint, [(box, Text(station["city"])) for box, station in zip(names, stations)], (BODY, LABEL, FINE))
    for i, (x, station) in enumerate(zip(xs, stations)):
        reached = i <= position
        pygame.draw.circle(paint.surface, theme.accent if reached else theme.panel, (x, line_y), radius)
        pygame.draw.circle(paint.surface, theme.accent, (x, line_y), radius, 2)
        token = tokens[i] if i < len(tokens) else None
        mark = Verbatim(str(cars.index(token) + 1)) if token in cars else Verbatim("?")
        disc = pygame.Rect(0, 0, 2 * radius - 4, 2 * radius - 4)
        disc.center = (x, line_y)
        if fits(paint, disc, mark, FINE):
            paint.text(disc, mark, FINE, theme.background if reached else theme.muted, title=True)
        say(paint, names[i], Text(station["city"]), theme.ink if reached else theme.muted, (size,))
    if position == int(position):  # standing in a station: a brass halo around it (on a leg: the engine's tag)
        pygame.draw.circle(paint.surface, theme.ink, (_at(xs, position), line_y), radius + max(2, layout.mm(0.8)), 2)


def _at(xs: list[int], position: float) -> int:
    whole = int(position)
    if whole >= len(xs) - 1:
        return xs[-1]
    return round(xs[whole] + (xs[whole + 1] - xs[whole]) * (position - whole))


def _draw_locomotive(surface: pygame.Surface, x: int, y: int, size: int, colour: Colour) -> None:
    """A small engine riding on the line, chimney forward (towards Istanbul)."""
    body = pygame.Rect(0, 0, size * 3, size * 3 // 2)
    body.center = (x, y)
    cab = pygame.Rect(body.left, body.top - size // 2, size * 5 // 4, size * 2)
    chimney = pygame.Rect(body.right - size, body.top - size * 2 // 3, size // 2 + 1, size * 2 // 3)
    for part in (body, cab, chimney):
        pygame.draw.rect(surface, colour, part, border_radius=max(1, size // 4))
    pygame.draw.rect(surface, (14, 20, 42), body.union(cab), 1, border_radius=max(1, size // 4))


def draw_train(paint: Painter, rect: pygame.Rect, view: dict[str, Any], narrator: Any,
               taps: dict[str, object], portrait: bool) -> None:
    """Six cars in a row (two rows of three in portrait), tokens in each, taps on reachable cars."""
    theme, layout = paint.theme, paint.layout
    gap = layout.mm(1.5)
    cars = view["cars"]
    if portrait:
        top, bottom = rows(rect, [1, 1], gap=gap)
        boxes = columns(top, [1, 1, 1], gap=gap) + columns(bottom, [1, 1, 1], gap=gap)
    else:
        boxes = columns(rect, [1] * len(cars), gap=gap)
    active = view.get("active")
    names = [Text(narrator.rules.cars[car]) for car in cars]
    for least, share in ((least, share) for least in (LABEL, FINE) for share in HEAD_SHARES):
        heads = [_car_parts(paint, box, share)[1] for box in boxes]  # the names' room grows (onto two lines)
        if all(fits(paint, head, name, least) for head, name in zip(heads, names)):  # until all fit
            break
    size = common_size(paint, list(zip(heads, names)), (least,))
    for number, (car, box) in enumerate(zip(cars, boxes), start=1):
        people = [p for p in view["players"] if p.get("car") == car]
        conductor = view.get("conductor_car") == car
        numeral, name, floor = _car_parts(paint, box, share)
        _draw_car(paint, box, floor, tappable=car in taps)
        say(paint, numeral, Verbatim(str(number)), theme.accent)
        say(paint, name, names[number - 1], theme.ink, (size,))
        _draw_people(paint, floor, people, conductor, active, narrator)
        if car in taps:
            paint.target(box, taps[car])


def _car_parts(paint: Painter, box: pygame.Rect, share: float) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """A car's numeral, name and floor (where its people stand), the head taking `share`."""
    layout = paint.layout
    body = pygame.Rect(box.left, box.top, box.width, box.height - _wheels(box))
    head, floor = rows(inset(body, max(2, layout.mm(0.8))), [share, 1.6], gap=layout.mm(0.5))
    numeral, name = columns(head, [1, 4])
    return numeral, name, floor


def _wheels(box: pygame.Rect) -> int:
    return max(6, box.height // 9)


def _draw_car(paint: Painter, box: pygame.Rect, floor: pygame.Rect, tappable: bool) -> None:
    """The car's body and wheels, lit brass when a tap on it answers; lit windows on an empty floor."""
    theme, layout = paint.theme, paint.layout
    wheels_h = _wheels(box)
    body = pygame.Rect(box.left, box.top, box.width, box.height - wheels_h)
    paint.box(body, CAR_BODY, theme.accent if tappable else theme.muted, radius=layout.mm(1.5),
              width=max(2, layout.mm(0.8)) if tappable else 1)
    for cx in (body.left + body.width // 4, body.right - body.width // 4):
        pygame.draw.circle(paint.surface, theme.muted, (cx, box.bottom - wheels_h // 2), max(3, wheels_h // 2))


def _draw_people(paint: Painter, floor: pygame.Rect, people: list[dict[str, Any]], conductor: bool,
                 active: int | None, narrator: Any) -> None:
    """The tokens standing in a car (the active seat's ringed) and the Conductor, or lit windows."""
    theme, layout = paint.theme, paint.layout
    seats: list[tuple[Colour, Verbatim | None, bool]] = []
    for p in people:
        colour = figure_colour(narrator, p.get("character"))
        seats.append((colour, Verbatim(str(p["seat"] + 1)), p["seat"] == active))
    if conductor:
        seats.append((CONDUCTOR_GREY, None, False))
    if not seats:
        for i in range(3):  # lit windows of an empty car
            window = pygame.Rect(0, 0, floor.width // 5, floor.height // 3)
            window.center = (floor.left + floor.width * (2 * i + 1) // 6, floor.centery)
            pygame.draw.rect(paint.surface, WINDOW, window, border_radius=2)
        return
    per_row = 3 if len(seats) > 2 else len(seats)
    lines = (len(seats) + per_row - 1) // per_row
    size = min(floor.width // per_row, floor.height // lines)
    for i, (colour, label, is_active) in enumerate(seats):
        cx = floor.left + floor.width * (2 * (i % per_row) + 1) // (2 * per_row)
        cy = floor.top + floor.height * (2 * (i // per_row) + 1) // (2 * lines)
        r = max(5, size * 2 // 5)
        if label is None:
            _draw_conductor(paint.surface, (cx, cy), r * 4 // 5)
            continue
        if is_active:
            pygame.draw.circle(paint.surface, theme.accent, (cx, cy), r + max(2, layout.mm(0.7)))
        pygame.draw.circle(paint.surface, colour, (cx, cy), r)
        pygame.draw.circle(paint.surface, theme.ink, (cx, cy), r, 1)
        disc = pygame.Rect(0, 0, r * 2 - 2, r * 2 - 2)
        disc.center = (cx, cy)
        ink = (16, 16, 20) if colour == FIGURE_COLOURS["yellow"] else (250, 244, 228)
        if fits(paint, disc, label, FINE):
            say(paint, disc, label, ink)


def _draw_conductor(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """The grey Conductor figure: a face under a peaked cap with a brass band."""
    cx, cy = centre
    pygame.draw.circle(surface, CONDUCTOR_GREY, (cx, cy + r // 4), r * 3 // 4)
    cap = pygame.Rect(0, 0, r * 2, r * 3 // 4)
    cap.midbottom = (cx, cy - r // 4)
    pygame.draw.rect(surface, (60, 64, 80), cap, border_radius=max(2, r // 3))
    pygame.draw.rect(surface, (212, 170, 84), pygame.Rect(cap.left, cap.bottom - max(2, r // 5), cap.width, max(2, r // 5)))
    pygame.draw.line(surface, (60, 64, 80), (cap.left - r // 4, cap.bottom), (cap.right + r // 4, cap.bottom), max(2, r // 5))


def figure_colour(narrator: Any, character: str | None) -> Colour:
    if not character:
        return (110, 116, 140)
    return FIGURE_COLOURS.get(narrator.rules.character(character).colour, (110, 116, 140))
