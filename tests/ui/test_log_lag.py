"""A board's log keeps up with people: a move told while a long reveal plays does not wait behind the
reveal at its full pace (pace.py `log_lag`), yet the reveal's own result still waits for the reveal."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.pace import LOG_LAG_SECONDS, Stage
from kiosk.ui.paint import Verbatim


@dataclass(eq=False)
class Cards:
    """A reveal of `looks` cards turned one every `per` seconds from `start` (a Time reveal's shape)."""

    start: float
    per: float
    looks: int

    @property
    def end(self) -> float:
        return self.start + self.looks * self.per

    def turned(self, now: float) -> float:
        return (now - self.start) / self.per


def told(log: EventLog) -> list[str]:
    return [line.render("en") for line in reversed(log.lines)]  # oldest first


def time_reveal_then_a_move(stage: Stage[Cards]) -> tuple[EventLog, Cards]:
    """23 Time cards at a second each, queued at 0 with their line; a person moves at 4 s."""
    log = EventLog()
    cards = Cards(0.0, 1.0, 23)
    stage.add(cards, 0.0)
    stage.tell(log, Verbatim("Time reveal in Strasbourg"), 0.0)
    return log, cards


def test_a_move_during_a_long_reveal_reaches_the_log_within_the_lag_and_the_reveal_never_goes_back():
    stage: Stage[Cards] = Stage(log_lag=LOG_LAG_SECONDS)
    log, cards = time_reveal_then_a_move(stage)
    stage.settle(log, 3.9)
    assert told(log) == []  # the reveal's own line waits for it: nobody has moved yet
    before = cards.turned(4.0)
    stage.tell(log, Verbatim("Miss Pemberton plays, 4 hours."), 4.0)
    assert abs(cards.turned(4.0) - before) < 1e-9  # the cards turned so far stay turned: it goes on from there
    assert cards.end <= 4.0 + LOG_LAG_SECONDS + 1e-9
    stage.settle(log, cards.end - 0.01)
    assert told(log) == []  # never before the reveal has shown everything
    stage.settle(log, 4.0 + LOG_LAG_SECONDS)
    assert told(log) == ["Time reveal in Strasbourg", "Miss Pemberton plays, 4 hours."]  # in the order told


def test_a_line_told_with_its_own_reveal_waits_for_it_at_full_pace():
    stage: Stage[Cards] = Stage(log_lag=LOG_LAG_SECONDS)
    log, cards = time_reveal_then_a_move(stage)
    stage.tell(log, Verbatim("Professor Ilić plays, 5 hours."), 0.0)  # told in the same moment: not a later move
    assert cards.end == 23.0
    stage.settle(log, 22.9)
    assert told(log) == []


def test_reveals_waiting_behind_the_one_on_screen_all_end_within_the_lag():
    stage: Stage[Cards] = Stage(log_lag=LOG_LAG_SECONDS)
    log, first = time_reveal_then_a_move(stage)
    second = Cards(stage.free_from(1.0), 1.0, 23)
    stage.add(second, 1.0)  # the next city's reveal queued behind (the first hurries, as ever)
    stage.tell(log, Verbatim("A move"), 2.0)
    assert first.end <= second.start + 1e-9  # still one at a time, in order
    assert second.end <= 2.0 + LOG_LAG_SECONDS + 1e-9
    stage.settle(log, 2.0 + LOG_LAG_SECONDS)
    assert told(log) == ["Time reveal in Strasbourg", "A move"]


def test_a_stage_without_a_lag_keeps_its_reveals_at_their_pace():
    stage: Stage[Cards] = Stage()
    log, cards = time_reveal_then_a_move(stage)
    stage.tell(log, Verbatim("A move"), 4.0)
    assert cards.end == 23.0
