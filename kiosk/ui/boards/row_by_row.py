"""The timing of a big results panel whose rows turn over one at a time at the table's reveal speed
(half a look each), then stays whole for two looks: the verdicts at 221B and the end of a P.I. case.

`next_change` says when the picture next changes, so the board draws a frame then and no more, with
nobody touching anything.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from kiosk.ui.scene import ON_TIME

ROW_SHARE = 0.5  # each row turns over after half a look
HOLD_LOOKS = 2.0  # then the whole panel stays this many looks


@dataclass
class RowByRow(ABC):
    """A panel's clock; a reveal adds what its rows show and says how many there are (`row_count`)."""

    start: float
    per: float  # the table's reveal speed: seconds per look

    @property
    @abstractmethod
    def row_count(self) -> int:
        """How many rows the panel turns over."""

    @property
    def end(self) -> float:
        return self.start + (self.row_count * ROW_SHARE + HOLD_LOOKS) * self.per

    def running(self, now: float) -> bool:
        return now + ON_TIME < self.end

    def shown_rows(self, now: float) -> int:
        """How many rows are turned over at `now`."""
        if self.per <= 0:
            return self.row_count
        return min(self.row_count, int((now + ON_TIME - self.start) // (ROW_SHARE * self.per)) + 1)

    def next_change(self, now: float) -> float | None:
        """Seconds from `now` until the next row turns over or the panel goes (None once it has)."""
        if not self.running(now):
            return None
        if now + ON_TIME < self.start:
            return self.start - now
        shown = self.shown_rows(now)
        if shown < self.row_count:
            return self.start + shown * ROW_SHARE * self.per - now
        return self.end - now
