"""One writer thread per I2C bus: the seat screens of a redraw written on every bus at once, each
while the referee draws the next.

A write blocks its thread until the bus has carried every byte (luma over /dev/i2c-N: the kernel's
I2C_RDWR call, which lets go of Python's lock while the wire runs). From the referee's one thread, two
buses would take turns, as slow as one, and even one bus would wait idle while the next seat's picture
is drawn: a redraw would cost the sum of its drawing and its wire time, and the loop's thread would
stop and start again at every transfer (its CPU caches gone cold each time: a seeded ME game of five
spent 1.5 ms more loop CPU at p99 per input with its transfers paced than with them unpaced). During
a redraw the referee hands `write` every seat's frame in drawing order; each bus's thread writes its
own seats' frames in that order, starting as soon as its first frame is drawn, and `write` returns
once all are written. Nothing else happens meanwhile: the displays are touched by one thread at a
time (their writer during a redraw, the referee's loop otherwise), and the game moves on only after
its screens are up to date.

A panel that fails on one bus costs only its own bus's time: `SeatDisplay.show` never raises for a
bus error, and the other bus's thread goes on with its seats.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable
from typing import Any

Write = Callable[[], Any]  # one seat's frame to its panel (SeatDisplay.show with its picture)


class _Batch:
    """One redraw's writes in flight: how many are not done yet, and the first bug among them (a bus
    error is the display's own business and never arrives here)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pending = 0
        self.done = threading.Event()
        self.done.set()
        self.error: BaseException | None = None

    def started(self) -> None:
        with self.lock:
            self.pending += 1
            self.done.clear()

    def finished(self, error: BaseException | None) -> None:
        with self.lock:
            self.error = self.error or error
            self.pending -= 1
            if not self.pending:
                self.done.set()


class BusWriters:
    """`write(...)` runs each bus's writes in the order given on that bus's own thread, every bus at
    once, handing each write over as soon as the iterable yields it (while the referee renders the
    next seat's picture, the first is already on the wire), and returns when all are done. Once
    closed, it writes on the caller's thread (a table being shut down)."""

    def __init__(self, name: str = "i2c-writer") -> None:
        self.name = name
        self._queues: dict[str, queue.SimpleQueue[tuple[Write, _Batch] | None]] = {}
        self._threads: list[threading.Thread] = []
        self._closed = False

    def write(self, writes: Iterable[tuple[str, Write]]) -> None:
        if self._closed:
            for _, write in writes:
                write()
            return
        batch = _Batch()
        try:
            for bus, write in writes:
                batch.started()
                self._queue(bus).put((write, batch))
        finally:
            batch.done.wait()  # even when rendering failed: no writer may still be busy afterwards
        if batch.error is not None:
            raise batch.error

    def close(self) -> None:
        self._closed = True
        for pending in self._queues.values():
            pending.put(None)
        for thread in self._threads:
            thread.join(timeout=5)

    def _queue(self, bus: str) -> queue.SimpleQueue[tuple[Write, _Batch] | None]:
        if bus not in self._queues:
            pending: queue.SimpleQueue[tuple[Write, _Batch] | None] = queue.SimpleQueue()
            thread = threading.Thread(target=self._run, args=(pending,), name=f"{self.name}:{bus}", daemon=True)
            self._queues[bus] = pending
            self._threads.append(thread)
            thread.start()
        return self._queues[bus]

    @staticmethod
    def _run(pending: queue.SimpleQueue[tuple[Write, _Batch] | None]) -> None:
        while (item := pending.get()) is not None:
            write, batch = item
            error: BaseException | None = None
            try:
                write()
            except BaseException as caught:  # handed to the referee's thread, which raises it
                error = caught
            finally:
                batch.finished(error)
