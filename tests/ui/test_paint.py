"""The painter's guarantees the layout tests rely on: text fits or is reported, targets are hit."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from kiosk.i18n import N_, Text
from kiosk.ui.layout import LAYOUTS, columns, grid, rows
from kiosk.ui.paint import Painter, Verbatim, font, wrap
from kiosk.ui.scenes.attract import START, Attract
from kiosk.ui.theme import LOBBY
from tests.ui.scene_checks import check_frame, render_everywhere


@pytest.fixture
def painter() -> Painter:
    pygame.font.init()
    return Painter(pygame.Surface((800, 480)), LAYOUTS["800x480"], LOBBY, "es")


def test_long_text_shrinks_and_wraps_into_its_box(painter):
    box = pygame.Rect(10, 10, 200, 120)
    painter.text(box, Text(N_("Touch the screen to start")), 20)
    drawn = painter.drawn[-1]
    assert drawn.fits and box.contains(drawn.rect)
    assert drawn.text == "Toca la pantalla para empezar"  # rendered in the painter's language


def test_text_that_cannot_fit_is_cut_short_and_reported(painter):
    box = pygame.Rect(10, 10, 30, 12)
    painter.text(box, Text(N_("Touch the screen to start")), 8)
    assert not painter.drawn[-1].fits
    with pytest.raises(AssertionError, match="does not fit"):
        check_frame(painter, "tiny box")


def test_a_number_and_its_unit_shrink_together_instead_of_wrapping(painter):
    """A tag's "2 h" in a box too narrow for it never wraps into "2" over "h": it shrinks on one line."""
    box = pygame.Rect(10, 10, 24, 60)
    for one_line in (False, True):
        painter.text(box, Text(N_("{hours} h"), {"hours": 2}), 5.0, one_line=one_line)
        drawn = painter.drawn[-1]
        assert drawn.lines == ("2 h",) and drawn.fits and box.contains(drawn.rect)


@pytest.mark.parametrize(("words", "alone"), [("Lounge Car · 2 h", "2 h"), ("Colonel MacDouglas, leg 1", "leg 1"),
                                             ("Passengers 1", "Passengers 1"), ("4 to 8 digits, then OK", "then OK")])
def test_a_wrap_never_leaves_a_number_a_unit_or_a_short_word_alone(words, alone):
    typeface = font("DejaVuSans.ttf", 20)
    width = typeface.size(words)[0] - 1  # one pixel short of the whole line
    lines = wrap(words, typeface, width)
    assert lines[-1].endswith(alone) and len(lines) <= 2, lines


def test_the_scene_checks_fail_on_a_stray_last_line_and_an_ellipsis(painter):
    painter.text(pygame.Rect(0, 0, 300, 100), Text(N_("Touch the screen to start")), 5.0)
    drawn = painter.drawn[-1]
    check_frame(painter, "whole")
    painter.drawn[-1] = dataclasses.replace(drawn, lines=("Touch the screen to", "s"))
    with pytest.raises(AssertionError, match="lone 's' on its last line"):
        check_frame(painter, "a stray")
    painter.drawn[-1] = dataclasses.replace(drawn, lines=("Touch the scr…",))
    with pytest.raises(AssertionError, match="cut short"):
        check_frame(painter, "cut")


def test_words_outside_the_catalogue_are_caught(painter):
    painter.text(pygame.Rect(0, 0, 400, 100), Verbatim("Hello"))
    with pytest.raises(AssertionError, match="without the catalogue"):
        check_frame(painter, "verbatim words")


def test_small_touch_targets_are_caught(painter):
    painter.button(pygame.Rect(0, 0, 200, 30), Verbatim("1"), "one")
    with pytest.raises(AssertionError, match="under 9 mm"):
        check_frame(painter, "thin button")


def test_the_topmost_target_answers_a_tap(painter):
    painter.target(painter.surface.get_rect(), "background")
    painter.button(pygame.Rect(100, 100, 120, 60), Verbatim("2"), "two")
    assert painter.hit((150, 120)) == "two"
    assert painter.hit((5, 5)) == "background"


def test_splits_cover_the_box_exactly():
    box = pygame.Rect(0, 0, 801, 479)
    parts = rows(box, [1, 2, 3], gap=7)
    assert parts[0].top == 0 and parts[-1].bottom == 479
    assert sum(p.height for p in parts) + 14 == 479
    assert columns(box, [1, 1], gap=0)[1].right == 801
    assert len(grid(box, 5, 2, gap=4)) == 5


def test_attract_screen_at_every_layout():
    started = []
    painters = render_everywhere("attract", lambda: Attract(lambda: started.append(True)))
    scene = Attract(lambda: started.append(True))
    scene.tap(painters[0].hit((5, 5)), 0.0)
    assert started == [True] and painters[0].hit((5, 5)) == START


def test_a_board_drawn_again_unchanged_wraps_no_text_anew(monkeypatch):
    """Issue 35's count guard for board frames: wrapping (`words_of` on every paragraph, then each
    size down the scale) was a fifth of a full Mystery Express frame; an unchanged board's second
    frame must take every wrap from the first."""
    from tests.ui.me_table import played_game

    played = played_game(5, 3)
    board = played.board(played.first(lambda m: any(p.kind == "turn" for p in m.prompts)))
    layout = LAYOUTS["800x480"]
    board.draw(Painter(pygame.Surface(layout.size), layout, board.theme, "es"), 1000.0)
    split = []
    monkeypatch.setattr("kiosk.ui.paint.words_of", lambda paragraph: split.append(paragraph) or paragraph.split())
    board.draw(Painter(pygame.Surface(layout.size), layout, board.theme, "es"), 1000.0)
    assert split == []
