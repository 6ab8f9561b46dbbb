"""Talking to systemd when the kiosk runs as a `Type=notify` service (sdnotify), and a clean stop.

READY goes out once the hardware is up and the first frame is drawn; WATCHDOG pings go out from the
main loop every half watchdog interval (systemd sets WATCHDOG_USEC), so a hung loop gets the service
restarted; STATUS lines say what the table is doing. Outside systemd every call does nothing.
SIGTERM only sets `stop_requested`: the main loop checks it between two inputs, so the current
write always finishes (each action is one SQLite transaction), then the kiosk blanks the seat
screens, silences the buzzer and exits 0.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType

import sdnotify

stop_requested = threading.Event()


class ServiceNotifier:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.notifier = sdnotify.SystemdNotifier()
        self.clock = clock
        usec = os.environ.get("WATCHDOG_USEC", "")
        self.interval = int(usec) / 2_000_000 if usec.isdigit() and int(usec) > 0 else None
        self._next_ping = 0.0
        self._ready = False

    def ready(self, status: str) -> None:
        """The first call tells systemd the kiosk is up; later ones only update the status."""
        self.notifier.notify(f"STATUS={status}" if self._ready else f"READY=1\nSTATUS={status}")
        self._ready = True

    def status(self, status: str) -> None:
        self.notifier.notify(f"STATUS={status}")

    def tick(self) -> None:
        """Call from the main loop: pings the watchdog when half its interval has passed."""
        if self.interval is None:
            return
        now = self.clock()
        if now >= self._next_ping:
            self._next_ping = now + self.interval
            self.notifier.notify("WATCHDOG=1")

    def stopping(self) -> None:
        self.notifier.notify("STOPPING=1")


def stop_on_sigterm() -> None:
    """SIGTERM asks the main loop to stop at its next turn."""

    def handler(signum: int, frame: FrameType | None) -> None:
        stop_requested.set()

    signal.signal(signal.SIGTERM, handler)
