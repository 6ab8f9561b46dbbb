"""The end of a P.I. case, big: every seat's case (suspect, crime, location) and the points it scored,
drawn as a large panel over the map for a few seconds, at the table's reveal speed.

The rows turn over one seat at a time (half a look each), then the whole table stays for two looks;
after that the board shows the map again and the cases stay in the event log. `next_change` says when
the picture next changes, so the board draws a frame then and no more, with nobody touching anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games.pi.narrate import COUNTED
from kiosk.games.pi.rules import KINDS
from kiosk.i18n import N_, Text, counted
from kiosk.ui.boards.pi_log import CASE_OVER
from kiosk.ui.boards.pi_marks import CAPTION, CAPTION_INK, chip_px, seat_chip, seat_colour
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.boards.row_by_row import RowByRow
from kiosk.ui.type_scale import BODY, FINE, LABEL, TITLE

HEADINGS = {"SUSPECT": N_("Suspect"), "CRIME": N_("Crime"), "LOCATION": N_("Location")}
WIDTHS = [1.6, 1.5, 1.75, 1.75, 0.8]  # a row: the seat, its suspect, crime and location, its points


@dataclass
class SolutionReveal(RowByRow):
    """One case's end, built from the public minigame_end event."""

    data: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> list[int]:
        return sorted(int(seat) for seat in self.data["cases"])

    @property
    def row_count(self) -> int:
        return len(self.data["cases"])

    def draw(self, paint: Painter, rect: pygame.Rect, narrator: Any, view: dict[str, Any], now: float) -> None:
        """The panel in `rect`: a headline, then a row per seat; every name cell in one size, the
        largest at which every name of the table fits (rows not yet turned keep their room)."""
        theme, layout = paint.theme, paint.layout
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2), width=max(2, layout.mm(0.6)))
        inner = inset(rect, layout.mm(1.5))
        seats = self.seats
        gap = max(1, layout.mm(0.8))
        title, header, body = rows(inner, [1.1, 0.55, len(seats) * 1.2], gap=gap)
        rounds = counted(*COUNTED["rounds"], self.data["rounds"])
        paint.text(title, Text(CASE_OVER, {"minigame": self.data["minigame"], "rounds": rounds}), TITLE, theme.accent,
                   title=True)
        for kind, cell in zip(KINDS, columns(header, WIDTHS, gap=gap)[1:4]):
            paint.text(cell, Text(HEADINGS[kind]), FINE, theme.muted)
        lines = [columns(line, WIDTHS, gap=gap) for line in rows(body, [1] * len(seats), gap=gap)]
        cases = {seat: self.data["cases"][str(seat)] for seat in seats}
        names = [(inset(cells[i + 1], layout.mm(0.3)), narrator.name(cases[seat][kind]))
                 for cells, seat in zip(lines, seats) for i, kind in enumerate(KINDS)]
        size = min(paint.fit_mm(box, words, BODY.mm, min_mm=LABEL.min_mm) for box, words in names)
        shown = self.shown_rows(now)
        chip_side = min(lines[0][0].height, max(chip_px(paint), layout.mm(6)))
        colour_boxes = [pygame.Rect(cells[0].left + chip_side + gap, cells[0].top, cells[0].width - chip_side - gap,
                                    cells[0].height) for cells in lines]
        colour_size = min(paint.fit_mm(box, narrator.colour(seat), LABEL) for box, seat in zip(colour_boxes, seats))
        for i, (cells, seat) in enumerate(zip(lines, seats)):
            chip = pygame.Rect(cells[0].left, cells[0].centery - chip_side // 2, chip_side, chip_side)
            seat_chip(paint, chip, view, seat, "disc")  # its number; the colour's name beside it
            paint.text(colour_boxes[i], narrator.colour(seat), colour_size, seat_colour(view, seat), align="left",
                       min_mm=LABEL.min_mm)
            if i >= shown:
                continue
            for kind, cell in zip(KINDS, cells[1:4]):
                paint.box(cell, CAPTION, radius=layout.mm(1))
                paint.text(inset(cell, layout.mm(0.3)), narrator.name(cases[seat][kind]), size, CAPTION_INK,
                           min_mm=LABEL.min_mm)
            solved = self.data["solved_rounds"].get(str(seat)) is not None
            points = Verbatim(f"+{self.data['scores'][str(seat)]}" if solved else "0")  # unsolved: nothing scored
            paint.text(cells[4], points, BODY, theme.accent if solved else theme.muted, title=True)
