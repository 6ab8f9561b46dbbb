"""The simulated parts under a mock table: pins, the I2C bus with its panels, the PN532.

Its own module so `table.build_table` can pick it by the configured backend name without importing
`mock.py`, which builds on `table` (the two used to import each other).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable

import smbus2
from luma.core.interface.serial import i2c

from hardware.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A
from hardware.i2c import MuxChannel, MuxState
from hardware.mock_pins import TablePin, mock_factory
from hardware.pinmap import Pinmap
from hardware.pn532_sim import PN532Simulator
from kiosk.config import SeatConfig, TableConfig


class MockBackend:
    """Simulated pins (one MockFactory per GPIO chip), I2C bus with panels, and PN532."""

    def __init__(self, config: TableConfig, pinmap: Pinmap, *, reader_dir: Path | None = None) -> None:
        self.config = config
        self.pinmap = pinmap
        self.factories = {"header": mock_factory(), "expander": mock_factory()}
        self.bus = FakeI2CBus(config.i2c.speed_hz)  # the kernel runs the bus as table.toml says
        self.mux = FakeTCA9548A()
        self.bus.attach(pinmap.mux_address, self.mux)
        self.mux_state = MuxState(pinmap.mux_address)
        self.panels: dict[int, FakePanel] = {}
        for seat in config.seats:
            panel = FakePanel(seat.display.model)
            self.panels[seat.index] = panel
            self.mux.attach(seat.display.channel, seat.display.address, panel)
        self._own_dir = reader_dir is None
        self.reader_dir = Path(reader_dir or tempfile.mkdtemp(prefix="mystery-table-pn532-"))
        self.sim = PN532Simulator(self.reader_dir).start()

    def pin_factories(self) -> dict[str, Any]:
        return self.factories

    def display_serial(self, seat: SeatConfig) -> Callable[[], Any]:
        # Kernel and user-space mux modes look alike on the wire: the channel is selected before
        # the transfer whenever it changes (the kernel's pca954x driver does what MuxChannel does).
        channel = MuxChannel(self.bus, seat.display.channel, self.mux_state)
        kernel = self.config.i2c.mux == "kernel"

        def open_serial() -> Any:
            serial = i2c(bus=channel, address=seat.display.address)
            if kernel:
                # In kernel mode luma opens /dev/i2c-N itself ("managed", hardware/pi.py) and sends
                # a window's data in one transfer (i2c_rdwr, up to 4 KiB), not in 32-byte SMBus
                # blocks that each repeat the address and control bytes: the same bytes here.
                serial._managed, serial._i2c_msg_write = True, smbus2.i2c_msg.write
            return serial

        return open_serial

    def kernel_clock_hz(self) -> int | None:
        return self.bus.clock_hz

    def reader_port(self) -> str:
        return self.sim.port

    def reader_options(self) -> dict[str, Any]:
        # A generous ACK wait: a loaded CI machine must not look like a failing reader.
        return {"poll_timeout": 0.5, "ack_timeout": 0.5}

    def whistle_tempo(self) -> float:
        return 1.0

    def connect_reset_line(self, pin_name: str) -> None:
        """Wire the reset GPIO to the simulated chip's RSTPDN."""
        pin = self.factories["header"].pin(pin_name)
        assert isinstance(pin, TablePin)
        pin.listeners.append(self.sim.set_reset_line)

    def close(self) -> None:
        self.sim.close()
        for factory in self.factories.values():
            factory.close()
            factory.reset()
        if self._own_dir:
            shutil.rmtree(self.reader_dir, ignore_errors=True)
