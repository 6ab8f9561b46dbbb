"""The P.I. city map: the fourteen postcards where rules.toml places them, roads between them.

Each postcard shows its location (with the markers on its name plate), its suspect and crime tiles
with the discs and cubes on them, and the investigators sent there with the markers on each. The
map's names are set in one size for all captions and one for all tile names, the largest at which
every name fits its strip (wrapping onto a second line where the strip has room for one), never
under the fine print's minimum. The crime strip is two lines tall: crimes have the longest names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games.base import Action, Prompt
from kiosk.games.pi.rules import Rules
from kiosk.i18n import N_, Text
from kiosk.ui.boards.pi_marks import (CAPTION, CAPTION_INK, CARD, ROAD, black_disc, chip_px, draw_pawn, kind_icon,
                                      seat_chip, seat_colour, seat_number, shape)
from kiosk.ui.layout import inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words, font, lines_height, wrap
from kiosk.ui.type_scale import BODY, FINE

STAGE_KINDS = {"solve_suspect": "SUSPECT", "solve_crime": "CRIME", "solve_location": "LOCATION"}
NO_INVESTIGATOR = N_("You have no investigator left: they are single use for the whole game.")
CARD_ROWS = [1, 1, 2, 1.15]  # a postcard's shares: caption, suspect tile, crime tile (two lines), investigators


@dataclass(frozen=True)
class MapType:
    """The map's two type sizes (mm): every caption in one, every tile name in the other."""

    caption: float
    tile: float


@dataclass
class CityMap:
    rules: Rules
    narrator: Any
    view: dict[str, Any]
    prompt: Prompt | None
    chip: int = 0  # the side of a marker chip or pawn on these postcards (pixels), set as they are drawn
    captions: dict[str, int] = field(default_factory=dict)  # each place's caption height at the least size

    def draw(self, paint: Painter, rect: pygame.Rect) -> None:
        spots = postcard_rects(self.rules, rect, paint.layout.mm(1))
        smallest = min(spots.values(), key=lambda spot: (spot.width, spot.height))
        self.chip = max(chip_px(paint), smallest.height // 6)  # larger postcards, larger markers
        least = font(paint.theme.body_font, paint.layout.mm_at_least(FINE.min_mm))
        width = caption_box(paint, smallest).width  # a name too long for one line at the least gets two
        self.captions = {e: lines_height(len(wrap(self.narrator.name(e).render(paint.lang), least, width)), least) + 2
                         for e in self.rules.locations}
        for a, near in self.rules.neighbours.items():
            for b in near:
                if a < b:
                    pygame.draw.line(paint.surface, ROAD, spots[a].center, spots[b].center, max(2, paint.layout.mm(0.8)))
        stage = STAGE_KINDS.get(self.prompt.kind) if self.prompt is not None else None
        sizes = self.type_sizes(paint, smallest)
        for slot in self.view["board"]:
            self.draw_postcard(paint, spots[slot["location"]], slot, stage, sizes)

    def type_sizes(self, paint: Painter, card: pygame.Rect) -> MapType:
        """The largest size, from the body size down to the fine print's least, at which every caption
        (and every tile name) fits its strip on a card without markers."""
        caption, suspect, crime, _ = card_rows(paint, card, self.chip, max(self.captions.values()))
        places = [self.narrator.name(e) for e in self.rules.locations]
        suspects = [self.narrator.name(e) for e in self.rules.elements["SUSPECT"]]
        crimes = [self.narrator.name(e) for e in self.rules.elements["CRIME"]]
        fit = lambda box, names: min(paint.fit_mm(box, w, BODY.mm, min_mm=FINE.min_mm) for w in names)
        return MapType(fit(caption_box(paint, caption), places),
                       min(fit(self.name_box(paint, suspect), suspects), fit(self.name_box(paint, crime), crimes)))

    def draw_postcard(self, paint: Painter, rect: pygame.Rect, slot: dict[str, Any], stage: str | None,
                      sizes: MapType) -> None:
        view = self.view
        layout = paint.layout
        location = slot["location"]
        action, refusal = self.postcard_action(slot, stage)
        tiles = {"SUSPECT": slot["suspect"], "CRIME": slot["crime"]}
        chosen = stage is not None and action is None
        paint.box(rect, CARD if not chosen else (34, 32, 30), radius=layout.mm(1))
        caption, suspect_row, crime_row, agents = card_rows(paint, rect, self.chip, self.captions[location])
        paint.box(caption, CAPTION, radius=layout.mm(1))
        paint.text(caption_box(paint, caption), self.narrator.name(location), sizes.caption, CAPTION_INK,
                   min_mm=FINE.min_mm)
        for kind, row in (("SUSPECT", suspect_row), ("CRIME", crime_row)):
            element = tiles[kind]
            icon = pygame.Rect(row.left + layout.mm(0.4), row.top, self.chip * 3 // 4, min(row.height, self.chip))
            kind_icon(paint, inset(icon, 1), kind, paint.theme.ink if element else paint.theme.muted)
            words_box = self.name_box(paint, row)
            if element is None:
                paint.text(words_box, Verbatim("—"), sizes.tile, paint.theme.muted, align="left", min_mm=FINE.min_mm)
                continue
            words_box, marks_box = self.split_marks(paint, words_box, element)
            name: Words = self.narrator.name(element)
            paint.text(words_box, name, sizes.tile, paint.theme.ink, align="left", min_mm=FINE.min_mm)
            self.draw_tile_marks(paint, marks_box, element)
        self.draw_agents(paint, inset(agents, layout.mm(0.4)), location)
        border = paint.theme.accent if action is not None else ROAD
        paint.box(rect, border=border, radius=layout.mm(1), width=max(2, layout.mm(0.6 if action else 0.3)))
        if action is not None and self.prompt is not None:
            paint.target(rect, (self.prompt.seat, action))
        elif refusal is not None:
            paint.target(rect, refusal)

    def postcard_action(self, slot: dict[str, Any], stage: str | None) -> tuple[Action | None, Text | None]:
        """What a tap on this postcard does now: an action of the public prompt, or why it cannot."""
        if self.prompt is None:
            return None, None
        if stage is None:
            investigate = Action("investigate", (slot["location"],))
            if investigate in self.prompt.actions:
                return investigate, None
            return None, Text(NO_INVESTIGATOR)
        element = {"SUSPECT": slot["suspect"], "CRIME": slot["crime"], "LOCATION": slot["location"]}[stage]
        accuse = Action("accuse", (element,))
        return (accuse, None) if element is not None and accuse in self.prompt.actions else (None, None)

    def name_box(self, paint: Painter, row: pygame.Rect) -> pygame.Rect:
        """A tile's strip without its kind's sign at the left."""
        left = row.left + paint.layout.mm(0.4) + self.chip * 3 // 4 + paint.layout.mm(0.6)
        return pygame.Rect(left, row.top, row.right - paint.layout.mm(0.4) - left, row.height)

    def marks_on(self, element: str) -> int:
        """How many markers a tile carries (a black disc of an accusation counts as one)."""
        return len(self.view["tiles"].get(element, {})) + (element in self.view["guess"].values())

    def split_marks(self, paint: Painter, rect: pygame.Rect, element: str) -> tuple[pygame.Rect, pygame.Rect]:
        """Room for a tile's name and, at the right of its first line, its markers, one chip each."""
        count = self.marks_on(element)
        if not count:
            return rect, pygame.Rect(rect.right, rect.top, 0, rect.height)
        size = self.chip
        marks = pygame.Rect(rect.right - count * size, rect.top, count * size, size)
        return pygame.Rect(rect.left, rect.top, rect.width - marks.width - 1, rect.height), marks

    def draw_tile_marks(self, paint: Painter, rect: pygame.Rect, element: str) -> None:
        """The discs and cubes on a tile, one per seat with the seat's number, or the black disc."""
        if not rect.width:
            return
        if element in self.view["guess"].values():
            black_disc(paint, pygame.Rect(rect.left, rect.top, rect.height, rect.height))
            rect = pygame.Rect(rect.left + rect.height, rect.top, rect.width - rect.height, rect.height)
        owners = self.view["tiles"].get(element, {})
        for i, (seat, kind) in enumerate(owners.items()):
            token = pygame.Rect(rect.left + i * rect.height, rect.top, rect.height, rect.height)
            seat_chip(paint, token, self.view, int(seat), kind, outline=CAPTION)

    def draw_agents(self, paint: Painter, rect: pygame.Rect, location: str) -> None:
        """The bottom strip: the location's own markers behind a house sign (right), and each
        investigator sent here (left): a pawn with its seat's number, its discs and cubes beside it."""
        size = self.chip
        count = self.marks_on(location)
        if count:
            plate = pygame.Rect(rect.right - (count + 1) * size, rect.bottom - size, (count + 1) * size, size)
            kind_icon(paint, pygame.Rect(plate.left, plate.top, size, size), "LOCATION", paint.theme.ink)
            self.draw_tile_marks(paint, pygame.Rect(plate.left + size, plate.top, count * size, size), location)
            rect = pygame.Rect(rect.left, rect.top, plate.left - rect.left - 1, rect.height)
        here = [inv for inv in self.view["investigators"] if inv["location"] == location]
        side = marker_side(size, rect.width, len(here), sum(len(inv["markers"]) for inv in here))
        x = rect.left
        for inv in here:
            colour = seat_colour(self.view, inv["seat"])
            pawn = pygame.Rect(x, rect.bottom - size, size, size)
            draw_pawn(paint, pawn, colour)
            seat_number(paint, pawn, inv["seat"])
            markers = inv["markers"]
            # Its discs and cubes beside it, in the shuffled order the game keeps: in one row as large as
            # the strip allows, in two rows of half a chip where many crowd one postcard.
            small = side or max(3, size // 2 - 1)
            per_row = len(markers) if side else (len(markers) + 1) // 2
            for i, marker in enumerate(markers):
                row, column = divmod(i, per_row)
                top = pawn.centery - small // 2 if side else pawn.top + row * (small + 1)
                mark = pygame.Rect(pawn.right + 1 + column * (small + 1), top, small, small)
                shape(paint, mark, colour, marker["kind"], CAPTION)
            x = pawn.right + 2 + per_row * (small + 1)


def marker_side(chip: int, width: int, pawns: int, markers: int) -> int:
    """The side of an investigator's disc or cube when all of a postcard's markers stand in one row
    beside their pawns: up to three quarters of a chip (on a chip-tall strip, a shape that size reads
    at 800x480); 0 when the strip is too narrow for even half a chip, and two rows must do."""
    if not markers:
        return 0
    room = width - pawns * (chip + 2)
    side = min(chip * 3 // 4, room // markers - 1)
    return side if side > chip // 2 else 0


def card_rows(paint: Painter, card: pygame.Rect, chip: int, caption: int = 0) -> list[pygame.Rect]:
    """A postcard's strips top to bottom: caption, suspect, crime, investigators; each at least a chip
    (a line of the fine print's least size) tall, the crime two, the caption `caption` if more, the
    rest shared by CARD_ROWS."""
    line = chip + 2
    least = [max(line, caption), line, 2 * line, line]
    share = card.height / sum(CARD_ROWS)
    heights = [max(low, round(weight * share)) for low, weight in zip(least, CARD_ROWS)]
    heights[-1] = max(0, card.height - sum(heights[:-1]))
    return rows(card, [float(h) for h in heights])


def caption_box(paint: Painter, caption: pygame.Rect) -> pygame.Rect:
    return caption.inflate(-2, 0)


def postcard_rects(rules: Rules, rect: pygame.Rect, gap: int) -> dict[str, pygame.Rect]:
    """Each location's postcard: rows of rules.layout top to bottom, each card two half-columns wide."""
    top = min(row for row, _ in rules.layout.values())
    lines = max(row for row, _ in rules.layout.values()) - top + 1
    halves = max(col for _, col in rules.layout.values()) + 2
    width, height = rect.width / halves, rect.height / lines
    spots = {}
    for location, (row, col) in rules.layout.items():
        box = pygame.Rect(round(rect.left + col * width), round(rect.top + (row - top) * height),
                          round(2 * width), round(height))
        spots[location] = inset(box, gap // 2)
    return spots


def corner_rects(rules: Rules, rect: pygame.Rect, gap: int) -> list[pygame.Rect]:
    """The four empty corners of the map, a postcard wide: top left, top right, bottom left, bottom right."""
    spots = postcard_rects(rules, rect, gap)
    top = min(spot.top for spot in spots.values())
    bottom = max(spot.bottom for spot in spots.values())
    first_row = [s for s in spots.values() if s.top == top]
    last_row = [s for s in spots.values() if s.bottom == bottom]
    height = first_row[0].height
    left_top = pygame.Rect(rect.left, top, min(s.left for s in first_row) - rect.left - gap, height)
    right_top = pygame.Rect(max(s.right for s in first_row) + gap, top, 0, height)
    right_top.width = rect.right - right_top.left
    left_bottom = pygame.Rect(rect.left, bottom - height, min(s.left for s in last_row) - rect.left - gap, height)
    right_bottom = pygame.Rect(max(s.right for s in last_row) + gap, bottom - height, 0, height)
    right_bottom.width = rect.right - right_bottom.left
    return [left_top, right_top, left_bottom, right_bottom]
