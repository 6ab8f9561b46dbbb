"""The log that stays: every board's short, scrollable list of this game's public events.

A bot answers within a second, so a banner that only shows the latest event loses a person's own
result before they have read it. Every board puts each public event it tells into an `EventLog`
too: the newest few are visible at once, newest at the top, and older ones are a swipe (or a tap
on "older") away. While someone has scrolled back, new events do not move what they are reading.

Lines are set at the type scale's LABEL size, wrapped, never shrunk under its minimum: a line that
does not fit in what is left of the box is left for the next page, not squeezed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import pygame

from kiosk.i18n import N_, Text
from kiosk.ui.layout import columns, rows
from kiosk.ui.paint import Painter, Verbatim, Words, font, lines_height, wrap
from kiosk.ui.scene import Swipe
from kiosk.ui.type_scale import LABEL, TypeSize

KEEP = 120  # events kept: a whole game of the longest board's events, a few hundred bytes each
NOTHING_YET = N_("Nothing has happened yet.")
NEWER, OLDER = Verbatim("▲"), Verbatim("▼")  # newest at the top: up is newer, down is older


@dataclass(frozen=True)
class Step:
    """The tap value of the log's "older" (+1) and "newer" (-1) buttons: a page each way."""

    log: int  # id() of the log it belongs to, so two logs on one screen never answer each other
    pages: int  # 0: a touch on the log itself, which scrolls nothing (a swipe may follow)


@dataclass
class EventLog:
    lines: deque[Words] = field(default_factory=lambda: deque(maxlen=KEEP))  # newest first
    offset: int = 0  # lines scrolled past: 0 shows the newest at the top
    shown: int = 1  # how many lines the last frame held: a page, for the buttons
    line_px: int = 1  # the last frame's line height, to turn a swipe's pixels into lines

    def add(self, line: Words) -> None:
        """A public event, as the board tells it. Someone scrolled back keeps their place."""
        self.lines.appendleft(line)
        if self.offset:
            self.offset = min(self.offset + 1, len(self.lines) - 1)

    def clear(self) -> None:
        self.lines.clear()
        self.offset = 0

    def tap(self, value: object) -> bool:
        """Handle a tap or swipe meant for this log (True), or leave it to the board (False)."""
        if isinstance(value, Step) and value.log == id(self):
            self.scroll(value.pages * max(1, self.shown - 1))
            return True
        if isinstance(value, Swipe) and value.region == id(self):
            # a finger moving up pulls the list up: older lines come into view
            self.scroll(round(-value.dy / max(1, self.line_px)) or (1 if value.dy < 0 else -1))
            return True
        return False

    def scroll(self, lines: int) -> None:
        self.offset = max(0, min(self.offset + lines, len(self.lines) - 1))

    def draw(self, paint: Painter, rect: pygame.Rect, size: TypeSize = LABEL) -> None:
        """The newest lines that fit in `rect` (from the scrolled place), with "newer"/"older"
        buttons beside them when there is more than one screenful. Give it at least one touch
        target's height (`Layout.min_touch`): the buttons are never smaller than that."""
        theme, layout = paint.theme, paint.layout
        typeface = font(theme.body_font, layout.mm(size.mm))
        self.line_px = typeface.get_linesize()
        gap = max(2, layout.mm(1))
        paint.swipe_area(rect, id(self))
        if min(rect.size) >= layout.min_touch:  # a finger on the log is the log's: it may be a swipe
            paint.target(rect, Step(id(self), 0))
        if not self.lines:
            paint.text(rect, Text(NOTHING_YET), size, theme.muted, align="left", valign="top")
            return
        text_box, buttons = rect, None
        stacked = rect.height >= 2 * layout.min_touch + gap
        if len(self.lines) > 1 and not self._all_fit(paint, rect, typeface):
            button_w = layout.min_touch if stacked else 2 * layout.min_touch + gap
            text_box, buttons = columns(rect, [rect.width - button_w - gap, button_w], gap=gap)
        top, shown = text_box.top, 0
        for i, line in enumerate(list(self.lines)[self.offset:]):
            height = lines_height(len(wrap(line.render(paint.lang), typeface, text_box.width)), typeface)
            if top + height > text_box.bottom and shown:
                break
            box = pygame.Rect(text_box.left, top, text_box.width, min(height, text_box.bottom - top))
            paint.text(box, line, size, theme.ink if self.offset + i == 0 else theme.muted, align="left", valign="top")
            top += height + gap // 2
            shown += 1
        self.shown = shown
        if buttons is not None:
            if stacked:
                newer, older = rows(buttons, [1, 1], gap=gap)
            else:
                newer, older = columns(pygame.Rect(buttons.left, buttons.top, buttons.width, layout.min_touch),
                                       [1, 1], gap=gap)
            paint.button(newer, NEWER, Step(id(self), -1), enabled=self.offset > 0, size_mm=size)
            paint.button(older, OLDER, Step(id(self), 1), enabled=self.offset + shown < len(self.lines), size_mm=size)

    def _all_fit(self, paint: Painter, rect: pygame.Rect, typeface: pygame.font.Font) -> bool:
        """Whether every line fits without scrolling (it stops at the first that does not: a whole
        game's log is never wrapped on every frame)."""
        if self.offset:
            return False
        gap = max(2, paint.layout.mm(1)) // 2
        total = -gap
        for line in self.lines:
            total += lines_height(len(wrap(line.render(paint.lang), typeface, rect.width)), typeface) + gap
            if total > rect.height:
                return False
        return True
