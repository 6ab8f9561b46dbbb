"""Reveals keep pace with quick players, and the log never tells what a reveal has not shown yet.

Watson & Holmes too: its readings and verdicts at 221B are played the same way (the last test).

A Mystery Express game is played to its end in the kiosk (SDL's dummy driver, the mock table) with a
move every few tenths of a second of the scene's own clock, faster than the Time reveals play; every
frame drawn is checked: no log line ahead of its reveal, no reveal begun again, few reveals waiting.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kiosk.ui.boards.me_reveals import EndReveal, TimeReveal
from kiosk.ui.boards.watson_holmes import WatsonHolmesBoard
from kiosk.ui.boards.wh_reading import WatsonReading
from kiosk.ui.boards.wh_verdict import VerdictReveal
from kiosk.ui.pace import HURRIED_SECONDS, WAITING
from tests.ui.test_live_animations import LiveTable, live, mystery_express, started_board  # noqa: F401 (live: the fixture)

MOVE_SECONDS = 0.4  # a quick player: a move this often, whatever the board shows


@dataclass
class Watched:
    """Each reveal seen on screen, how far it had got, and those that have left it: none may come back
    nor begin again."""

    progress: dict[int, float] = field(default_factory=dict)
    gone: set[int] = field(default_factory=set)
    kept: list[object] = field(default_factory=list)  # every reveal seen, alive: a freed one's id is given again

    def see(self, on_screen: object | None, reached: float) -> None:
        for seen in set(self.progress) - self.gone:
            if on_screen is None or seen != id(on_screen):
                self.gone.add(seen)
        if on_screen is not None:
            key = id(on_screen)
            assert key not in self.gone, "a reveal came back on screen"
            if key not in self.progress:
                self.kept.append(on_screen)
            assert reached >= self.progress.get(key, 0.0) - 1e-6, "a reveal began again"
            self.progress[key] = reached


def _progress(reveal: object, now: float) -> float:
    """How far a reveal has got at `now`, in looks."""
    if isinstance(reveal, TimeReveal):
        index, part = reveal.moment(now)
        return index + part
    if isinstance(reveal, EndReveal):
        step, part = reveal.stage(now)
        return step + part
    return 0.0


def test_a_quick_game_never_shows_a_result_before_its_reveal_nor_plays_a_reveal_twice(live: LiveTable) -> None:
    board = mystery_express(live, seats=4)
    referee = live.app.referee
    assert referee is not None
    session = referee.session
    chooser = random.Random(5)
    watched = Watched()
    longest = 0
    solution_told_at: float | None = None

    def check() -> None:
        nonlocal longest, solution_told_at
        now = live.now
        frame = live.frames[-1] if live.frames and live.frames[-1].now == now else None
        on_screen = board.stage.on_screen(now)
        watched.see(on_screen, _progress(on_screen, now))
        longest = max(longest, len(board.stage.reveals))
        if frame is not None:
            held = {line.render("en") for line, _ in board.stage.held}
            assert not held & set(frame.texts), "a log line drawn before its reveal"
        told = [line.render("en") for line in board.log.lines]
        if any(text.startswith("The solution:") for text in told) and solution_told_at is None:
            solution_told_at = now

    for _ in range(20000):
        if session.over:
            break
        prompt = session.game.prompts(session.state)[0]
        referee.submit(prompt.seat, chooser.choice(prompt.actions))
        live.idle_until(live.now + MOVE_SECONDS)
        check()
    assert session.over
    assert board.end is not None
    end = board.end
    over_at = live.now - MOVE_SECONDS
    assert end.start <= over_at + (WAITING + 1) * HURRIED_SECONDS + 1e-9  # the reveals before it hurried
    while live.now < end.end + 1.0:
        live.idle_until(min(live.now + 0.25, end.end + 1.0))
        check()
    assert len(watched.progress) >= 4  # the Time reveals and the end were shown
    assert longest <= WAITING + 1  # the one on screen and at most WAITING behind it
    assert solution_told_at is not None and solution_told_at >= end.end - 1e-9  # the solution told after it was shown
    last = end.steps
    assert end.stage(live.now) == (last, 1.0)  # the end played to its last row and stays


def watson_holmes(live: LiveTable, seats: int = 3) -> WatsonHolmesBoard:
    return started_board(live, "watson-holmes", seats, WatsonHolmesBoard)


def _verdict_notes(texts: list[str]) -> int:
    """The players' verdict notes in a frame ("solved", "failed: 1/2")."""
    return sum(1 for t in texts if t == "solved" or t.startswith("failed: "))


def test_watson_holmes_readings_and_verdicts_keep_pace_and_the_log_never_tells_a_verdict_first(live: LiveTable) -> None:
    """Dr Watson's readings and the verdicts at 221B wait their turn on the board's stage: on a quick
    table no reading begins again, and neither the log, nor the players' notes, nor the end page tell
    a verdict before its panel has shown it."""
    board = watson_holmes(live)
    referee = live.app.referee
    assert referee is not None
    session = referee.session
    chooser = random.Random(7)
    watched = Watched()
    verdicts: dict[int, tuple[float, VerdictReveal]] = {}  # every verdict panel seen: when it was queued (at most)
    readings: set[int] = set()
    longest = 0
    checked = 0  # frames checked so far

    def check(queued_by: float) -> None:
        nonlocal longest, checked
        now = live.now
        for reveal in board.stage.reveals:
            if isinstance(reveal, VerdictReveal):
                verdicts.setdefault(id(reveal), (queued_by, reveal))
        on_screen = board.stage.on_screen(now)
        if on_screen is not None:  # looks passed: a hurried reveal keeps the count
            watched.see(on_screen, (now - on_screen.start) / on_screen.per)
            if isinstance(on_screen, WatsonReading):
                readings.add(id(on_screen))
        else:
            watched.see(None, 0.0)
        longest = max(longest, len(board.stage.reveals))
        held = {line.render("en") for line, _ in board.stage.held}
        for frame in live.frames[checked:]:
            if frame.now == now:
                assert not held & set(frame.texts), "a log line drawn before its reveal"
        checked = len(live.frames)
        told = sum(1 for line in board.log.lines if "attempts the solution" in line.render("en"))
        shown = sum(len(r.attempts) for _, r in verdicts.values() if r.end <= now + 1e-6)
        assert told <= shown, "the log told a verdict before its panel had shown it"

    for _ in range(20000):
        if session.over:
            break
        prompt = min(session.game.prompts(session.state), key=lambda p: p.seat)
        referee.submit(prompt.seat, chooser.choice(prompt.actions))
        queued_by = live.now
        live.idle_until(live.now + MOVE_SECONDS)
        check(queued_by)
    assert session.over
    last = max(r.end for _, r in verdicts.values())
    while live.now < last + 1.0:
        queued_by = live.now
        live.idle_until(min(live.now + 0.25, last + 1.0))
        check(queued_by)
    assert readings and verdicts, "Dr Watson read a card and the verdicts were shown"
    assert longest <= WAITING + 1
    for frame in live.frames:  # each note drawn belongs to a verdict already shown; the end page comes after them all
        shown = sum(len(r.attempts) for _, r in verdicts.values() if r.end <= frame.now + 1e-6)
        unshown = [r for queued, r in verdicts.values() if queued <= frame.now < r.end - 1e-6]
        assert _verdict_notes(frame.texts) <= shown, "a player's verdict noted before its panel"
        assert not (unshown and "Holmes' solution" in frame.texts), "the end page before the verdicts"
    assert "Holmes' solution" in live.frames[-1].texts
