"""The verdicts at 221B, big: each player who attempted the solution this round, solved or failed and
how many answers were right, drawn as a large panel over the cards at the table's reveal speed.

The rows turn over one player at a time (half a look each), then the panel stays for two looks; the
log's lines for the attempts (and for the end of the case) wait for it on the board's `Stage`, and the
players' "solved"/"failed" notes stay hidden until it is over, so nothing tells a verdict first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games.base import Event
from kiosk.i18n import N_, Text
from kiosk.ui.boards.wh_text import draw_fitted
from kiosk.ui.layout import inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.boards.row_by_row import RowByRow
from kiosk.ui.type_scale import LABEL, TITLE

ROW_LINES = 3.5  # a row is at most about three lines of the title size high


@dataclass
class VerdictReveal(RowByRow):
    """The public `attempt` events of one resolution at 221B."""

    attempts: list[Event] = field(default_factory=list)

    @property
    def seats(self) -> set[int]:
        return {int(e.data["seat"]) for e in self.attempts}

    @property
    def row_count(self) -> int:
        return len(self.attempts)

    def draw(self, paint: Painter, stage: pygame.Rect, narrator: Any, now: float) -> None:
        theme, layout = paint.theme, paint.layout
        gap = layout.mm(2)
        paint.box(stage.move(3, 3), (120, 96, 60), radius=layout.mm(2))
        paint.box(stage, theme.panel, theme.accent, radius=layout.mm(2), width=max(3, layout.mm(1)))
        inner = inset(stage, gap)
        head_h = max(layout.min_touch, layout.mm(TITLE.mm * 1.4))
        head, body = rows(inner, [head_h, max(1, inner.height - head_h - gap)], gap=gap)
        draw_fitted(paint, head, Text(N_("At 221B: the verdicts")), TITLE, theme.accent, title=True, valign="middle")
        shown = self.attempts[:self.shown_rows(now)]
        count = max(1, len(self.attempts))
        row_h = min((body.height - (count - 1) * gap) / count, layout.mm(TITLE.mm * ROW_LINES))  # rows from the top
        lines = rows(body, [row_h] * count + [max(0.0, body.height - count * (row_h + gap))], gap=gap)[:count]
        for line, event in zip(lines, shown):
            words = narrator.describe(event)
            if words is not None:
                ink = theme.accent if event.data["success"] else theme.ink
                draw_fitted(paint, line, words, TITLE, ink, valign="middle")
