"""A short message on top of any scene: why a tap was refused, or a piece of news.

Players never see a traceback: whatever goes wrong reaches the screen as one short, specific `Text`
("That card is not asked for now."). `notice_bar` draws one in a given box; `Notice` keeps the
current message of a scene for a few seconds and draws it along the bottom of the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from kiosk.i18n import Text
from kiosk.ui.layout import inset
from kiosk.ui.paint import Painter, Verbatim

SHOWN_FOR = 6.0  # seconds a notice stays up


def notice_bar(paint: Painter, rect: pygame.Rect, text: Text, *, alert: bool = True) -> None:
    """A rounded bar with a mark and the message; an alert has its colour and a "!" (never colour alone)."""
    theme = paint.theme
    edge = theme.alert if alert else theme.accent
    radius = max(4, paint.layout.mm(2))
    paint.box(rect, theme.panel, edge, radius=radius, width=max(2, paint.layout.mm(0.6)))
    pad = paint.layout.mm(1.5)
    inner = inset(rect, pad)
    badge_width = min(inner.height, paint.layout.mm(9))
    badge = pygame.Rect(inner.left, inner.centery - badge_width // 2, badge_width, badge_width)
    words = pygame.Rect(badge.right + pad, inner.top, inner.right - badge.right - pad, inner.height)
    pygame.draw.circle(paint.surface, edge, badge.center, badge_width // 2)
    paint.text(inset(badge, max(1, badge_width // 6)), Verbatim("!" if alert else "i"), 6, theme.panel, title=True)
    paint.text(words, text, 5, theme.ink, align="left")


def bottom_strip(screen: pygame.Rect, paint: Painter) -> pygame.Rect:
    """Where a scene's notice sits: a band across the bottom of the screen, clear of its edges."""
    margin = paint.layout.mm(3)
    height = max(paint.layout.mm(14), screen.height // 7)
    return pygame.Rect(screen.left + margin, screen.bottom - margin - height, screen.width - 2 * margin, height)


def notice_place(scene: object, paint: Painter) -> pygame.Rect:
    """Where the kiosk's notice goes over `scene`: the place the scene keeps free of controls for it
    (a `notice_place` method: the staff menu's keys reach the bottom of the screen), else the bottom strip."""
    place = getattr(scene, "notice_place", None)
    rect = place() if callable(place) else None
    return rect if isinstance(rect, pygame.Rect) else bottom_strip(paint.surface.get_rect(), paint)


@dataclass
class Notice:
    """The message a scene shows now, if any, and until when."""

    text: Text | None = None
    alert: bool = True
    until: float = 0.0

    def show(self, text: Text, now: float, *, alert: bool = True, seconds: float = SHOWN_FOR) -> None:
        self.text, self.alert, self.until = text, alert, now + seconds

    def clear(self) -> None:
        self.text = None

    def active(self, now: float) -> bool:
        return self.text is not None and now < self.until

    def draw(self, paint: Painter, now: float) -> None:
        """Over the bottom of the screen, when a message is up (drawn last, on top of the scene)."""
        if self.text is not None and self.active(now):
            notice_bar(paint, bottom_strip(paint.surface.get_rect(), paint), self.text, alert=self.alert)

    def next_frame(self, now: float) -> float | None:
        """One more frame when the message expires, so it goes away; nothing after that."""
        if self.text is None:
            return None
        if now >= self.until:  # the frame drawn at `now` no longer showed it
            self.text = None
            return None
        return self.until - now
