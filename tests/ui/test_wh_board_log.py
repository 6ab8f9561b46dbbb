"""The Watson & Holmes board keeps this game's public events in the shared log: every public event it
tells is a line there, newest first, and a result a bot's next move would replace can still be read,
a swipe or a tap on "older" away, at every layout."""

from __future__ import annotations

import pygame
import pytest

from kiosk.ui.boards.event_log import Step
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.scene import Swipe, Touchscreen
from tests.ui.test_watson_holmes_board import Game

LATER = 1000.0


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def test_every_public_event_told_is_in_the_log_newest_first():
    game = Game(seats=4, seed=3)
    told = []
    for _ in range(40):
        events = game.step()
        told += [line for line in (game.board.sentence(e) for e in events if e.audience is None) if line is not None]
    board = game.board
    board.stage.settle(board.log, board.stage.free_from(0.0))  # lines held for a reading come once it is over
    assert list(board.log.lines) == list(reversed(told))


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_older_events_are_a_swipe_or_a_tap_away(layout):
    game = Game(seats=5, seed=5)
    for _ in range(60):
        game.step()
    board = game.board
    screen = Touchscreen(pygame.Surface(LAYOUTS[layout].size), "es")
    screen.show(board)
    assert screen.draw(LATER) and screen.painter is not None
    painter = screen.painter
    newest = board.log.lines[0].render("es")
    assert any(d.text == newest for d in painter.drawn), "the newest event is on the board"
    shown = [d.text for d in painter.drawn if d.text in {line.render("es") for line in board.log.lines}]
    if layout == "800x480":
        assert len(shown) >= 2, "a 7-inch screen shows the last events, not only the newest"
    older = next(t for t in painter.targets if isinstance(t.value, Step) and t.value.pages > 0)
    assert min(older.rect.size) >= LAYOUTS[layout].min_touch
    assert screen.tap(older.rect.center, LATER)
    assert board.log.offset > 0
    screen.draw(LATER)
    assert not any(d.text == newest for d in screen.painter.drawn), "scrolled back to older events"
    area = next(s for s in screen.painter.swipes)
    board.tap(Swipe(area.value, 10 * area.rect.height), LATER)  # a finger drawn down: back to the newest
    assert board.log.offset == 0
