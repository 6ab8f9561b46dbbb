"""The verdicts at 221B on the Watson & Holmes board: drawn big, a row per attempt, at the table's reveal
speed; until the panel has shown them, neither the log nor the players' notes tell them, and the end
page waits for it."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from kiosk.ui.boards.watson_holmes import WatsonHolmesBoard
from kiosk.ui.boards.wh_verdict import VerdictReveal
from tests.ui.scene_checks import render, render_everywhere
from kiosk.ui.layout import LAYOUTS
from tests.ui.test_watson_holmes_board import Game, kinds

START = 500.0
REVEAL = 2.0


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def just_before_the_verdicts(seed: int, seats: int = 4) -> tuple[Game, list]:
    """A seeded bot game up to the step that resolves attempts at 221B, and that step's events (not yet
    shown to the board, whose earlier reveals are over)."""
    game = Game(seats=seats, seed=seed)
    game.board.context = dataclasses.replace(game.board.context, reveal_seconds=REVEAL)
    while True:
        before = copy.deepcopy(game.board)
        events = game.step()
        if "attempt" in kinds(events):
            game.board = before
            game.board.stage.settle(game.board.log, START)
            return game, events


def texts(board: WatsonHolmesBoard, now: float, lang: str = "en") -> list[str]:
    return [d.text for d in render(copy.deepcopy(board), LAYOUTS["800x480"], lang, now).drawn]


def test_the_verdicts_turn_over_row_by_row_and_only_then_reach_the_log_and_the_notes():
    game, events = just_before_the_verdicts(seed=3)
    board = game.board
    board.observe(events, START)
    game.refresh()
    attempts = [e for e in events if e.kind == "attempt"]
    verdict = board.stage.on_screen(START)
    assert isinstance(verdict, VerdictReveal) and verdict.attempts == attempts and verdict.per == REVEAL
    lines = [game.narrator.describe(e).render("en") for e in attempts]
    first = texts(board, START)
    assert "At 221B: the verdicts" in first and lines[0] in first and not set(lines[1:]) & set(first)
    assert not any(t == "solved" or t.startswith("failed: ") for t in first), "no note before the panel"
    if not any(p["eliminated"] for p in game.board.view["players"] if p["seat"] not in verdict.seats):
        assert "Holmes: open, 3 carriages" not in first, "Holmes opens on a failure: not before it is shown"
    assert not any(line.render("en") in lines for line in board.log.lines), "the log waits for the panel"
    full = texts(board, verdict.end - 0.01)
    assert set(lines) <= set(full)
    assert board.next_frame(START) == pytest.approx(0.5 * REVEAL if len(attempts) > 1 else verdict.end - START)
    after = texts(board, verdict.end)
    assert "At 221B: the verdicts" not in after
    assert sum(1 for t in after if t == "solved" or t.startswith("failed: ")) >= len(attempts)
    board.stage.settle(board.log, verdict.end)
    assert set(lines) <= {line.render("en") for line in board.log.lines}
    assert board.next_frame(verdict.end) is None


def test_the_verdicts_at_every_layout_and_in_both_languages():
    game, events = just_before_the_verdicts(seed=3)
    game.board.observe(events, START)
    game.refresh()
    verdict = game.board.stage.on_screen(START)
    assert isinstance(verdict, VerdictReveal)
    painters = render_everywhere("wh-board-verdicts", game.frozen(), verdict.end - 0.01)
    assert all(any(d.text in ("At 221B: the verdicts", "En el 221B: los veredictos") for d in p.drawn) for p in painters)
