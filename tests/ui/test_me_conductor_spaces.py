"""The board draws each Conductor space in its own place, empty while its card is out in a chat
(rules 4.10: one card per space; the player leaves his card "on the now-empty Conductor space")."""

from __future__ import annotations

import pygame
import pytest

from kiosk.ui.boards.me_marks import BACKS
from kiosk.ui.boards.me_tables import draw_board_cards
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.theme import theme_for

ITINERARY = [{"city": c, "hours": 4} for c in ("Paris", "Strasbourg", "München", "Wien", "Budapest", "Istanbul")]


def backs_at(spaces: list[str | None], layout: str) -> dict[str, int]:
    """The leftmost column where each category's back colour is drawn."""
    pygame.font.init()
    size = LAYOUTS[layout]
    painter = Painter(pygame.Surface(size.size), size, theme_for("mystery-express"), "en")
    painter.fill((0, 0, 0))
    rect = pygame.Rect(0, 0, size.size[0], size.size[1] // 3)
    draw_board_cards(painter, rect, {"conductor_spaces": spaces, "passengers": [], "itinerary": ITINERARY})
    found: dict[str, int] = {}
    for category, back in BACKS.items():
        mask = pygame.mask.from_threshold(painter.surface, (*back, 255), (1, 1, 1, 255))
        boxes = mask.get_bounding_rects()
        if boxes:
            found[category] = min(box.left for box in boxes)
    return found


@pytest.mark.parametrize("layout", ["800x480", "720x1280"])
def test_the_other_two_spaces_stay_in_place_while_one_card_is_out(layout):
    full = backs_at(["LOCATION", "MOTIVE", "SUSPECT"], layout)
    chat = backs_at([None, "MOTIVE", "SUSPECT"], layout)
    assert "LOCATION" not in chat  # the first space is drawn empty
    assert chat["MOTIVE"] == full["MOTIVE"] and chat["SUSPECT"] == full["SUSPECT"]
