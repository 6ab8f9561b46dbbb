"""Reveals that keep pace with the game, and a log that never tells what a reveal has not yet shown.

A board shows its public moments big (a Time reveal, cards shown to everyone, the end of a case or
of the game), one at a time, in order. Bots move faster than a person reads: if every reveal played
at the table's speed, the board would fall minutes behind the game, and its log, written as the
events came, would tell the ending while the board still turned the first cards over. So every
board keeps its reveals in a `Stage`:

- a reveal starts when the one before it has finished, and once started it is never moved back to
  its beginning (nothing it has shown is shown again);
- when the game moves on past a reveal (a newer one is queued behind it), the rest of it plays
  within `HURRIED_SECONDS`, continuing from where it is, and at most `WAITING` reveals wait: an
  older waiting one is dropped (its log lines still come, in order);
- a log line told while a reveal is on screen or waiting is held back, and goes into the log when
  every reveal queued up to it has finished (cards shown big "settle into the log"), in the order
  the lines were told;
- on a stage with a `log_lag`, a line told after the newest reveal was queued (the game has moved on:
  a move, not the reveal's own result) does not wait behind reveals at their full length: those
  still to show hurry so that they have all finished within `log_lag`, and the log is never older
  than that. A newcomer reads the log as "what just happened"; 23 Time cards at a person's pace
  would otherwise keep it some twenty seconds behind the table.

A reveal is plain data that draws itself from `now`: everything it shows depends on how many of its
looks have passed, `(now - start) / per`; the stage hurries one by shortening `per` and moving
`start` so that this count is the same at the moment it is hurried.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.paint import Words
from kiosk.ui.scene import ON_TIME

HURRIED_SECONDS = 2.0  # a reveal the game has moved past shows the rest of its looks within this
LOG_LAG_SECONDS = 5.0  # a board's log is at most this far behind a move (for a stage that asks for it)
WAITING = 4  # reveals that wait their turn at most: an older waiting one is dropped


class Paced(Protocol):
    """A reveal the stage can schedule: it shows looks of `per` seconds from `start` until `end`."""

    start: float
    per: float

    @property
    def end(self) -> float: ...


R = TypeVar("R", bound=Paced)


@dataclass
class Stage(Generic[R]):
    """A board's reveals in order, and the log lines waiting for them (see the module's docstring)."""

    reveals: list[R] = field(default_factory=list)
    held: deque[tuple[Words, R]] = field(default_factory=deque)  # oldest first, each with the reveal it waits for
    log_lag: float | None = None  # None: lines wait for every reveal at its pace; else at most this long
    queued_at: float | None = None  # when the newest reveal was queued (a line told then is its own)

    def add(self, reveal: R, now: float) -> None:
        """Queue `reveal` behind the others: the game has moved past them, so they hurry."""
        self._drop_finished(now)
        for earlier in self.reveals:
            hurry(earlier, now)
        waiting = [r for r in self.reveals if r.start > now + ON_TIME]
        for dropped in waiting[:max(0, len(waiting) - WAITING + 1)]:
            self.reveals.remove(dropped)
        self.reveals.append(reveal)
        self.queued_at = now
        self._chain(now)

    def tell(self, log: EventLog, line: Words, now: float) -> None:
        """A public event's line: into the log now if no reveal is showing or waiting, else held for the
        last one queued (a line told with its own reveal waits for that reveal). With a `log_lag`, a
        line told later than the newest reveal was queued makes the reveals hurry to end within it."""
        self._drop_finished(now)
        if self.reveals:
            self.held.append((line, self.reveals[-1]))
            if self.log_lag is not None and self.queued_at is not None and now > self.queued_at + ON_TIME:
                self._hurry_all(now, self.log_lag)
        else:
            self.settle(log, now)
            log.add(line)

    def settle(self, log: EventLog, now: float) -> None:
        """Drop the reveals that have finished, and put the lines they held into the log, in order."""
        self._drop_finished(now)
        while self.held and self.held[0][1] not in self.reveals:
            log.add(self.held.popleft()[0])

    def on_screen(self, now: float) -> R | None:
        """The reveal shown at `now`: the first that has begun and not finished."""
        return next((r for r in self.reveals if r.start <= now + ON_TIME and now + ON_TIME < r.end), None)

    def current(self, now: float) -> R | None:
        """The reveal on screen or next to come (the one whose next change a frame waits for)."""
        return next((r for r in self.reveals if now + ON_TIME < r.end), None)

    def free_from(self, now: float) -> float:
        """When a reveal queued now would start."""
        return max([now] + [r.end for r in self.reveals])

    def skip(self, reveal: R, now: float) -> None:
        """Put `reveal` away at once (a tap on it): those behind it move up, its lines go to the log
        at the next `settle`."""
        if reveal in self.reveals:
            self.reveals.remove(reveal)
            self._chain(now)

    def clear(self) -> None:
        self.reveals.clear()
        self.held.clear()

    def history(self, log: EventLog) -> None:
        """What the board has observed so far happened before a power cut (a resumed game replays its
        events): it was shown then, so no reveal plays again, and every line held goes into the log
        now, in order. A café resuming at Budapest saw every Time reveal since Paris play again."""
        self.reveals.clear()
        self.queued_at = None
        while self.held:
            log.add(self.held.popleft()[0])

    def _drop_finished(self, now: float) -> None:
        self.reveals = [r for r in self.reveals if now + ON_TIME < r.end]

    def _hurry_all(self, now: float, seconds: float) -> None:
        """Every reveal still to show hurries so that the last has finished `seconds` from `now`: each
        shows what is left of it within an equal share (the one on screen continues from where it is)."""
        share = seconds / len(self.reveals)
        for reveal in self.reveals:
            hurry(reveal, now, share)
        self._chain(now)

    def _chain(self, now: float) -> None:
        """Each reveal not yet begun starts when the one before it ends (sooner, if that one hurried)."""
        previous = now
        for reveal in self.reveals:
            if reveal.start > now + ON_TIME:
                reveal.start = max(now, previous)
            previous = reveal.end


def hurry(reveal: Paced, now: float, seconds: float = HURRIED_SECONDS) -> None:
    """Make what is left of `reveal` at `now` last at most `seconds`, showing at `now` what it showed
    (the same share of its looks passed)."""
    begun = max(now, reveal.start)
    left = reveal.end - begun
    if left <= seconds or reveal.per <= 0:
        return
    per = reveal.per * seconds / left
    looks_passed = (begun - reveal.start) / reveal.per
    reveal.start, reveal.per = begun - looks_passed * per, per
