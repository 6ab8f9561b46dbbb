"""One writer thread per I2C bus: the seat screens of a redraw written on every bus at once.

A write blocks its thread until the bus has carried every byte (luma over /dev/i2c-N), so from the
referee's one thread two buses would take turns, as slow as one. During a redraw the referee hands
`write` every seat's frame in drawing order; each bus's thread writes its own seats' frames in that
order, and `write` returns once all are written. Nothing else happens meanwhile: the displays are
touched by one thread at a time (their writer during a redraw, the referee's loop otherwise), and the
game moves on only after its screens are up to date, as with one bus.

A panel that fails on one bus costs only its own bus's time: `SeatDisplay.show` never raises for a
bus error, and the other bus's thread goes on with its seats.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Write = Callable[[], Any]  # one seat's frame to its panel (SeatDisplay.show with its picture)


@dataclass
class _Batch:
    """One redraw's writes for one bus, and what went wrong in them (a bug: the bus errors are the
    display's own business)."""

    writes: list[Write]
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


class BusWriters:
    """`write([(bus, write), ...])` runs each bus's writes in order on that bus's thread, every bus at
    once, and returns when all are done. With one bus in the batch they run on the caller's thread:
    a thread would only add a hand-over."""

    def __init__(self, name: str = "i2c-writer") -> None:
        self.name = name
        self._queues: dict[str, queue.SimpleQueue[_Batch | None]] = {}
        self._threads: list[threading.Thread] = []
        self._closed = False

    def write(self, writes: list[tuple[str, Write]]) -> None:
        per_bus: dict[str, list[Write]] = {}
        for bus, write in writes:
            per_bus.setdefault(bus, []).append(write)
        if len(per_bus) <= 1 or self._closed:
            for _, write in writes:
                write()
            return
        batches = []
        for bus, bus_writes in per_bus.items():
            batch = _Batch(bus_writes)
            self._queue(bus).put(batch)
            batches.append(batch)
        for batch in batches:
            batch.done.wait()
        for batch in batches:
            if batch.error is not None:
                raise batch.error

    def close(self) -> None:
        self._closed = True
        for pending in self._queues.values():
            pending.put(None)
        for thread in self._threads:
            thread.join(timeout=5)

    def _queue(self, bus: str) -> queue.SimpleQueue[_Batch | None]:
        if bus not in self._queues:
            pending: queue.SimpleQueue[_Batch | None] = queue.SimpleQueue()
            thread = threading.Thread(target=self._run, args=(pending,), name=f"{self.name}:{bus}", daemon=True)
            self._queues[bus] = pending
            self._threads.append(thread)
            thread.start()
        return self._queues[bus]

    @staticmethod
    def _run(pending: queue.SimpleQueue[_Batch | None]) -> None:
        while (batch := pending.get()) is not None:
            try:
                for write in batch.writes:
                    write()
            except BaseException as error:  # handed to the referee's thread, which raises it
                batch.error = error
            finally:
                batch.done.set()
