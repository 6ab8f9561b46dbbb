"""Issue 15: at the end of a Mystery Express game with people, "Tap for the results" sits in the strip
the board keeps under the end table: it covers neither the itinerary nor the table nor any other
words, at every layout and in both languages, and the frame passes the scene checks (text inside
its box, the whole-screen target at least 9 mm)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pygame
import pytest

from kiosk.ui.app import RESULTS, results_hint
from kiosk.ui.boards.mystery_express import MysteryExpressBoard, regions
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.theme import Theme
from tests.ui.me_table import played_game
from tests.ui.scene_checks import render, render_everywhere

HINT = {"en": "Tap for the results", "es": "Toca para ver los resultados"}




@dataclass
class FinishedTable:
    """The touchscreen once the end has played, as the kiosk draws it: the board, then the hint."""

    board: MysteryExpressBoard

    @property
    def theme(self) -> Theme:
        return self.board.theme

    def draw(self, paint: Painter, now: float) -> None:
        self.board.draw(paint, now)
        results_hint(paint, self.board)


def hint_and_others(painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
    (hint,) = [d.box for d in painter.drawn if d.text == HINT[painter.lang]]
    return hint, [d.rect for d in painter.drawn if d.text != HINT[painter.lang]]


@pytest.mark.parametrize(("seats", "seed"), [(5, 3), (3, 5)])
def test_the_hint_hides_nothing_a_player_reads(seats, seed):
    played = played_game(seats, seed)
    index = len(played.log) - 1
    now = played.log[index].now + 60.0  # the end has played to its last frame
    painters = render_everywhere(f"me-board-end-hint-{seats}", lambda: FinishedTable(played.board(index)), now=now)
    assert len(painters) == 2 * len(LAYOUTS)
    for painter in painters:
        board = played.board(index)
        hint, others = hint_and_others(painter)
        place = board.results_place(painter)
        assert place is not None and place.contains(hint)
        assert not hint.colliderect(regions(painter).itinerary)
        assert not hint.colliderect(board._end_areas(painter)[0])  # the end table's panel
        assert not any(hint.colliderect(words) for words in others), f"{painter.layout.name} {painter.lang}"
        assert [t.value for t in painter.targets] == [RESULTS]  # the whole screen, as before


def test_a_table_of_bots_keeps_the_whole_room_for_the_end():
    played = played_game(3, 5)
    index = len(played.log) - 1
    board = played.board(index)
    board.context = dataclasses.replace(board.context, bots=frozenset(range(3)))
    painter = render(board, LAYOUTS["800x480"], "en", played.log[index].now + 60.0)
    assert board.results_place(painter) is None
    assert board._end_areas(painter)[0] == regions(painter).end


@dataclass
class FinishedCase:
    """A finished Watson & Holmes board once its verdicts have played, then the hint, as the kiosk draws them."""

    board: object

    @property
    def theme(self) -> Theme:
        return self.board.theme  # type: ignore[attr-defined]

    def draw(self, paint: Painter, now: float) -> None:
        self.board.draw(paint, now)  # type: ignore[attr-defined]
        results_hint(paint, self.board)


def finished_watson_holmes() -> object:
    from tests.ui.test_watson_holmes_board import MOMENTS, Game

    return Game(case="lamplighter", seats=3, seed=2).until(MOMENTS["end"]).board


def finished_mystery_city() -> object:
    from tests.ui.test_mystery_city_board import first

    return first(3, 8, lambda m: m.state.over).board


@pytest.mark.parametrize("finished", [finished_watson_holmes, finished_mystery_city])
def test_the_other_boards_keep_a_place_for_the_hint_that_covers_no_words(finished):
    """The trials of issue 38: the hint covered Watson & Holmes's case title and status line (it goes
    under the log), and the "y" of Mystery City's title (it takes the turn order's place: at the end
    nobody is awaited)."""
    board = finished()
    painters = render_everywhere(f"end-hint-{finished.__name__}", lambda: FinishedCase(board), now=1000.0)
    for painter in painters:
        hint, others = hint_and_others(painter)
        place = board.results_place(painter)  # type: ignore[attr-defined]
        assert place is not None and place.contains(hint)
        assert not any(hint.colliderect(words) for words in others), f"{painter.layout.name} {painter.lang}"
