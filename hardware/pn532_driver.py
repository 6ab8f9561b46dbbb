"""Adafruit's PN532 driver, as `CardReader` opens it; importing this module loads Blinka.

Blinka's `digitalio` (which the driver imports for its reset pin's `Direction`) detects the board when
it is imported: on a Raspberry Pi it reads /proc/cpuinfo and /proc/device-tree and needs gpiod. Only
`CardReader` imports this module, when it opens a reader.
"""

from __future__ import annotations

import select

from adafruit_pn532.adafruit_pn532 import BusyError
from adafruit_pn532.uart import PN532_UART

DRIVER_ERRORS: tuple[type[BaseException], ...] = (BusyError,)


class QuietPN532(PN532_UART):
    """Adafruit's driver, waiting for the reader's answer in `select` instead of asking the port
    every 10 ms: an idle reader (waiting for a card most of the day) then costs no CPU."""

    def _wait_ready(self, timeout: float = 1) -> bool:
        port = self._uart
        if port.in_waiting > 0:
            return True
        try:
            ready, _, _ = select.select([port.fileno()], [], [], timeout)
        except (AttributeError, OSError, ValueError):  # no file descriptor: the driver's own loop
            return bool(super()._wait_ready(timeout))
        return bool(ready) and port.in_waiting > 0
