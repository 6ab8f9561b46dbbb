"""Dr Watson's clue read aloud to everyone, drawn big: the card as a large panel over the board for a
few seconds at the table's reveal speed, then the panel settles onto the card in the grid.

The reading is public (rules: Dr Watson makes the card's text public for the rest of the round), so
the panel shows the card's number, name and text; with the published box the text stays in the box
and the panel says to read the card aloud. While it shows, the board redraws on its own clock
(`next_change`); when it is over, the card keeps the spectacles mark and the log keeps the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.i18n import N_, Text
from kiosk.ui.boards.wh_symbols import draw_glasses
from kiosk.ui.boards.wh_text import draw_fitted
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.scene import ON_TIME
from kiosk.ui.type_scale import LABEL, TITLE

HOLD_REVEALS = 3.0  # the panel stays for three reveal steps: time to read a card aloud
SETTLE_REVEALS = 0.25  # then it shrinks onto its card in a quarter of a step
FRAME = 1 / 30


@dataclass
class WatsonReading:
    seat: int
    card: str
    number: int | None  # a location card's number (221B and the Carriage Stop have none)
    text: dict[str, str] | None  # None with the published box: the text is read from the card itself
    start: float
    per: float  # the table's reveal speed: seconds per look (the Stage shortens it to hurry the reading)
    # while it settles: where it goes from and to, as the last frame drew it (for `draw_moving`)
    _path: tuple[pygame.Rect, pygame.Rect] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def settle_at(self) -> float:
        return self.start + HOLD_REVEALS * self.per

    @property
    def end(self) -> float:
        return self.settle_at + SETTLE_REVEALS * self.per

    def running(self, now: float) -> bool:
        return now + ON_TIME < self.end

    def settling(self, now: float) -> bool:
        return now + ON_TIME >= self.settle_at

    def next_change(self, now: float) -> float | None:
        """Seconds from a frame at `now` until the picture changes; None once over (drawn at rest)."""
        if not self.running(now):
            return None
        if now + ON_TIME < self.start:  # waiting its turn on the board's stage
            return self.start - now
        if not self.settling(now):
            return self.settle_at - now
        return min(FRAME, self.end - now)

    def still(self, now: float) -> object | None:
        """While it settles, only its frame moves (over the card grid, which stays)."""
        return id(self) if self.running(now) and self.settling(now) else None

    def draw(self, paint: Painter, stage: pygame.Rect, card_rect: pygame.Rect | None, narrator: Any, now: float) -> None:
        """The panel over `stage`; while settling, an empty card frame moving onto `card_rect` (left
        for `draw_moving` with `paint.still`)."""
        theme, layout = paint.theme, paint.layout
        if self.settling(now):
            self._path = (stage, card_rect or pygame.Rect(stage.centerx, stage.centery, 1, 1))
            if not paint.still:
                self.draw_moving(paint, now)
            return
        gap = layout.mm(2)
        paint.box(stage.move(3, 3), (120, 96, 60), radius=layout.mm(2))
        paint.box(stage, theme.panel, theme.accent, radius=layout.mm(2), width=max(3, layout.mm(1)))
        inner = inset(stage, gap)
        head_h = max(layout.min_touch, layout.mm(TITLE.mm * 1.4))
        who_h = layout.mm(LABEL.mm * 1.4)
        head, who, body = rows(inner, [head_h, who_h, max(1, inner.height - head_h - who_h - 2 * gap)], gap=gap)
        glasses, title = columns(head, [head_h * 1.6, max(1, head.width - head_h * 1.6 - gap)], gap=gap)
        draw_glasses(paint.surface, glasses.inflate(-gap, -head_h // 3), theme.accent)
        name = narrator.card(self.card)
        words = Text(N_("{number}. {card}"), {"number": self.number, "card": name}) if self.number else name
        draw_fitted(paint, title, words, TITLE, theme.accent, title=True, valign="middle")
        paint.text(who, Text(N_("Dr Watson reads it aloud, for {seat}"), {"seat": narrator.seat(self.seat)}),
                   LABEL, theme.muted, title=True, align="left")
        pygame.draw.line(paint.surface, theme.muted, (body.left, body.top - gap // 2), (body.right, body.top - gap // 2), 1)
        text = CaseText("", self.text) if self.text else Text(N_("Read this card aloud from the box."))
        draw_fitted(paint, body, text, TITLE, theme.ink)  # as large as the panel allows

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        """The settling frame at `now`, on its way from the stage to its card; the rectangle it covers
        (its border is drawn inside it)."""
        assert self._path is not None
        stage, goal = self._path
        share = min(1.0, max(0.0, (now - self.settle_at) / max(ON_TIME, self.end - self.settle_at)))
        moving = pygame.Rect(
            round(stage.left + (goal.left - stage.left) * share), round(stage.top + (goal.top - stage.top) * share),
            max(1, round(stage.width + (goal.width - stage.width) * share)),
            max(1, round(stage.height + (goal.height - stage.height) * share)))
        paint.box(moving, paint.theme.panel, paint.theme.accent, radius=paint.layout.mm(1.5),
                  width=max(2, paint.layout.mm(0.8)))
        return [moving]
