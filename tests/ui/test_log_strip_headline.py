"""On the short screens the log's newest line stands in a one-line strip under the train; a lounge
reveal with three cards did not fit there and was clipped mid-word (issue 38's trial). The strip now
shows the line up to the last clause that fits, with "…"; the log keeps the whole line."""

from __future__ import annotations

import pygame
import pytest

from kiosk.i18n import Text
from kiosk.ui.boards.me_marks import fits, headline
from kiosk.ui.boards.mystery_express import regions
from kiosk.ui.layout import LAYOUTS, inset
from kiosk.ui.paint import Painter
from kiosk.ui.theme import ART_DECO
from kiosk.ui.type_scale import FINE

LOUNGE = "{seat} asks the lounge for a {category} card: {reveals}."


def strip(layout: str, lang: str) -> tuple[Painter, pygame.Rect]:
    pygame.font.init()
    paint = Painter(pygame.Surface(LAYOUTS[layout].size), LAYOUTS[layout], ART_DECO, lang)
    area = regions(paint)
    return paint, inset(area.banner, max(2, paint.layout.mm(0.6)))


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("layout", ["800x480", "1024x600"])
def test_a_long_lounge_line_is_cut_at_a_clause_and_fits_the_strip(layout, lang):
    paint, rect = strip(layout, lang)
    line = Text(LOUNGE, {"seat": "Colonel MacDouglas", "category": "Weapon",
                         "reveals": "Doctor Strauss: Pocket pistol, Miss Pemberton: Candlestick, Monsieur Lavigne: Poison"})
    assert not fits(paint, rect, line, FINE)  # the case of the trial: the whole line does not fit
    shown = headline(paint, rect, line)
    text, whole = shown.render(lang), line.render(lang)
    assert fits(paint, rect, shown, FINE) and text.endswith(" …")
    assert whole.startswith(text[:-2]) and text[-3] in ":;,"  # the line's start, cut after a clause


def test_a_line_that_fits_is_shown_whole():
    paint, rect = strip("800x480", "en")
    line = Text(LOUNGE, {"seat": "Colonel MacDouglas", "category": "Weapon", "reveals": "Doctor Strauss: Pocket pistol"})
    assert headline(paint, rect, line) is line
