"""A seat panel that holds its bus until the test lets it go, to see what goes on meanwhile."""

from __future__ import annotations

import threading

from hardware.sim.fake_i2c import FakePanel
from tests.waiting import PATIENCE


class HangingPanel(FakePanel):
    """A panel that holds its bus (clock stretched, a stuck SDA) until it is let go."""

    def __init__(self, release: threading.Event) -> None:
        super().__init__("ssd1306")
        self.release = release
        self.holding = threading.Event()

    def receive(self, payload: bytes) -> None:
        self.holding.set()
        self.release.wait(PATIENCE)
        super().receive(payload)
