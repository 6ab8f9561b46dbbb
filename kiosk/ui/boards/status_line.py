"""The status line every board shows where it says whose turn it is: who the table waits for, and for what.

The same on the four boards: the words come from `kiosk.awaited` (prompts reduced to seat
and kind, plus public view facts), so the line names every awaited seat, people and bots, private
prompts included, and never what is in a hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame

from kiosk.awaited import Awaited, status_line
from kiosk.i18n import Text
from kiosk.ui.paint import Painter

if TYPE_CHECKING:
    from kiosk.ui.boards import BoardContext

SIZE_MM = 4.2
MIN_MM = 1.8


def words(context: BoardContext, waiting: Iterable[Awaited], view: dict[str, Any] | None) -> Text | None:
    """The line itself, for a board that sets it in its own type (None when nobody is awaited)."""
    return status_line(context.game_id, waiting, view, context.narrator) if view else None


def draw(paint: Painter, rect: pygame.Rect, context: BoardContext, waiting: Iterable[Awaited],
         view: dict[str, Any] | None, *, rule: bool = True) -> None:
    """The line in its strip, under a thin rule (unless the board frames it); nothing when nobody
    is awaited."""
    theme = paint.theme
    if rule:
        pygame.draw.line(paint.surface, theme.accent, rect.topleft, rect.topright, 1)
    line = words(context, waiting, view)
    if line is not None:
        body = rect.inflate(-2 * paint.layout.mm(1), -2)
        paint.text(body, line, SIZE_MM, theme.accent, title=True, min_mm=MIN_MM)
