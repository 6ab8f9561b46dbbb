"""Input events: what the hardware threads put on the one input queue the referee loop reads."""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class ButtonPress:
    """A seat button was pressed and released (`long` when it was held: "back")."""

    seat: int
    button: str  # "prev", "next" or "select"
    long: bool = False


@dataclass(frozen=True)
class TagSeen:
    """A tag arrived on a reader: its UID (hex, upper case) and its NDEF text record, if any."""

    reader: str
    uid: str
    text: str | None = None


@dataclass(frozen=True)
class DeviceStatus:
    """A part stopped answering (`ok` False) or came back (`ok` True). The game goes on either way."""

    device: str  # "display:<seat>", "reader:<name>"
    ok: bool
    detail: str = ""


InputEvent = ButtonPress | TagSeen | DeviceStatus


class InputQueue(queue.Queue):  # type: ignore[type-arg]
    """The table's one input queue, filled by every driver's thread. `wake`, if set, is called after
    each put: the touchscreen loop, asleep in `pygame.event.wait`, gets an event to wake on."""

    wake: Callable[[], None] | None = None

    def put(self, item: object, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        if self.wake is not None:
            self.wake()

    def next(self, timeout: float) -> object | None:
        """The next input, waiting at most `timeout` seconds (none: only what is already there)."""
        try:
            return self.get(timeout=timeout) if timeout > 0 else self.get_nowait()
        except queue.Empty:
            return None


class Backoff:
    """Delays between retries of a failed part: first, first*factor, ... capped at `limit` seconds."""

    def __init__(self, first: float = 0.5, factor: float = 2.0, limit: float = 30.0) -> None:
        self.first, self.factor, self.limit = first, factor, limit
        self._next = first

    def next_delay(self) -> float:
        delay = self._next
        self._next = min(self._next * self.factor, self.limit)
        return delay

    def reset(self) -> None:
        self._next = self.first
