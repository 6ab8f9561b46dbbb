"""Dr Watson's clue read aloud, on the Watson & Holmes board: drawn as a large card for a few seconds at
the table's reveal speed, then settling onto its card, on the board's own clock with nobody touching
anything (the touchscreen asks `next_frame`); the log keeps the line, and the board is still after."""

from __future__ import annotations

import copy
import dataclasses

import pygame
import pytest

from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.ui.boards.watson_holmes import WatsonHolmesBoard
from kiosk.ui.boards.wh_cards import CARD
from kiosk.ui.boards.wh_reading import HOLD_REVEALS, SETTLE_REVEALS
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.scene import Touchscreen
from tests.ui.scene_checks import check_frame, render_everywhere
from tests.ui.test_watson_holmes_board import Game, kinds

START = 500.0
REVEAL = 2.0  # the table's reveal speed, seconds


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def just_before_watson_reads(seed: int = 5) -> tuple[Game, list]:
    """A seeded bot game up to the step where Dr Watson reads a card, and that step's events (not yet
    shown to the board)."""
    game = Game(seats=5, seed=seed)
    game.board.context = dataclasses.replace(game.board.context, reveal_seconds=REVEAL)  # the table's setting
    while True:
        before = copy.deepcopy(game.board)
        events = game.step()
        if "watson_reading" in kinds(events):
            game.board = before
            return game, events


def test_the_reading_is_drawn_big_then_settles_on_its_own_clock():
    game, events = just_before_watson_reads()
    board = game.board
    assert isinstance(board, WatsonHolmesBoard)
    reading = next(e for e in events if e.kind == "watson_reading")
    text = reading.data["text"]
    screen = Touchscreen(pygame.Surface(LAYOUTS["720x1280"].size), "en")
    screen.show(board)
    now = START
    board.observe(events, now)
    game.refresh()
    screen.changed()
    frames: list[tuple[float, list]] = []
    for _ in range(10_000):
        if screen.draw(now):
            assert screen.painter is not None
            check_frame(screen.painter, f"reading at {now - START:.2f} s")
            frames.append((now, screen.painter.drawn))
        due = screen.due(now)
        if due is None:
            break
        now += due
    else:
        raise AssertionError("the board never came to rest")
    hold, settle = HOLD_REVEALS * REVEAL, SETTLE_REVEALS * REVEAL
    first_at, first = frames[0]
    assert first_at == START and any(isinstance(d.source, CaseText) and d.source.params == text for d in first)
    assert any(d.text.startswith("Dr Watson reads it aloud, for Seat ") for d in first)
    settling = [at for at, _ in frames if START + hold <= at < START + hold + settle]
    assert len(settling) >= 3, "the panel moves onto its card in several frames"
    assert [at for at, _ in frames if START < at < START + hold] == [], "nothing is drawn while the card is read"
    last_at, last = frames[-1]
    assert last_at == pytest.approx(START + hold + settle)
    assert not any(isinstance(d.source, CaseText) and d.source.params == text for d in last), "settled on the board"
    assert any(line.render("en").startswith("Dr Watson, for Seat ") for line in board.log.lines)
    assert board.next_frame(last_at) is None


def test_a_tap_puts_the_reading_away():
    game, events = just_before_watson_reads(seed=3)
    board = game.board
    board.observe(events, START)
    game.refresh()
    assert board.reading is not None and board.next_frame(START) is not None
    board.tap((CARD, board.reading.card), START + 1)
    assert board.reading is None and board.next_frame(START + 1) is None


def test_the_reading_at_every_layout_and_in_both_languages():
    game, events = just_before_watson_reads(seed=3)
    game.board.observe(events, START)
    game.refresh()
    painters = render_everywhere("wh-board-reading", game.frozen(), START + 0.5)
    reading = next(e for e in events if e.kind == "watson_reading")
    for painter in painters:
        assert any(isinstance(d.source, CaseText) and d.source.params == reading.data["text"] for d in painter.drawn)
    settling = render_everywhere("wh-board-reading-settles", game.frozen(), START + (HOLD_REVEALS + SETTLE_REVEALS / 2) * REVEAL)
    assert all(not any(isinstance(d.source, CaseText) and d.source.params == reading.data["text"] for d in p.drawn)
               for p in settling)
