"""The status line every board shows where it says whose turn it is: who the table waits for, and
for what. The same on the four boards: the words come from `kiosk.referee.awaited` (prompts reduced to seat
and kind, plus public view facts), so the line names every awaited seat, people and bots, private
prompts included, and never what is in a hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame

from kiosk.referee.awaited import Awaited, status_line
from kiosk.i18n import Text
from kiosk.ui.paint import Painter
from kiosk.ui.type_scale import FLOOR_MM

if TYPE_CHECKING:
    from kiosk.ui.boards import BoardContext

SIZE_MM = 4.2
MIN_MM = FLOOR_MM  # a long line (several seats, two things asked) shrinks, never under the floor


def words(context: BoardContext, waiting: Iterable[Awaited], view: dict[str, Any] | None) -> Text | None:
    """The line itself, for a board that sets it in its own type (None when nobody is awaited)."""
    return status_line(context.game_id, waiting, view, context.narrator) if view else None


def draw(paint: Painter, rect: pygame.Rect, context: BoardContext, waiting: Iterable[Awaited],
         view: dict[str, Any] | None) -> None:
    """The line in the board's own box, in the board's accent; nothing when nobody is awaited."""
    line = words(context, waiting, view)
    if line is not None:
        body = rect.inflate(-2 * paint.layout.mm(1), -2)
        paint.text(body, line, SIZE_MM, paint.theme.accent, title=True, min_mm=MIN_MM)
