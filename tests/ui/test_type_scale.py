"""The type scale: text set in a named size never shrinks below that size's minimum, and the scene
checks fail on any text under its minimum or under the 2.5 mm floor."""

from __future__ import annotations

import pygame
import pytest

from kiosk.i18n import N_, Text
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.theme import LOBBY
from kiosk.ui.type_scale import BODY, FINE, FLOOR_MM, SCALE
from tests.ui.scene_checks import check_frame


@pytest.fixture(params=list(LAYOUTS))
def painter(request) -> Painter:
    pygame.font.init()
    layout = LAYOUTS[request.param]
    return Painter(pygame.Surface(layout.size), layout, LOBBY, "es")


def test_the_scale_keeps_body_text_readable_and_everything_over_the_floor():
    assert BODY.min_mm >= 3.5
    assert all(size.min_mm >= FLOOR_MM and size.mm >= size.min_mm for size in SCALE)


def test_a_named_size_does_not_shrink_below_its_minimum(painter):
    tight = pygame.Rect(10, 10, 60, 20)
    painter.text(tight, Text(N_("Touch the screen to start")), BODY)
    drawn = painter.drawn[-1]
    assert drawn.pixels >= painter.layout.mm(BODY.min_mm)
    assert not drawn.fits  # it is reported as not fitting, not drawn smaller
    with pytest.raises(AssertionError, match="does not fit"):
        check_frame(painter, "tight body text")


def test_text_under_the_floor_fails_the_scene_checks(painter):
    painter.text(pygame.Rect(10, 10, 60, 12), Text(N_("Menu")), 4, min_mm=1.0)
    assert painter.drawn[-1].pixels < painter.layout.mm(FLOOR_MM)
    with pytest.raises(AssertionError, match="under its minimum size"):
        check_frame(painter, "tiny words")


def test_fine_print_at_its_minimum_passes(painter):
    box = pygame.Rect(10, 10, 400, painter.layout.mm(6))
    painter.text(box, Text(N_("Menu")), FINE)
    check_frame(painter, "fine print")
