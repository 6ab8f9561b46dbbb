"""The mock backend: simulated pins, the I2C bus with its panels, the PN532, where the Pi has real ones.

`hardware.table.build_table` loads it by the configured backend name (`backend = "mock"`); the
whole mock table with a person's hands on it is `mock_table.build_mock_table`.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable

from luma.core.interface.serial import i2c

from hardware.sim.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A
from hardware.i2c import MuxChannel, MuxChannels, MuxState, whole_transfers
from hardware.sim.pins import TablePin, mock_factory
from hardware.pinmap import Pinmap
from hardware.sim.pn532 import PN532Simulator
from kiosk.config import SeatConfig, TableConfig


class MockBackend:
    """Simulated pins (one MockFactory per GPIO chip), I2C bus with panels, and PN532."""

    def __init__(self, config: TableConfig, pinmap: Pinmap, *, reader_dir: Path | None = None) -> None:
        self.config = config
        self.pinmap = pinmap
        self.factories = {"header": mock_factory(), "expander": mock_factory()}
        # Each bus with its own multiplexer, run at the clock table.toml gives it (as the kernel would).
        self.buses: dict[str, FakeI2CBus] = {}
        self.muxes: dict[str, FakeTCA9548A] = {}
        self.mux_states: dict[str, MuxState] = {}
        for name, bus_config in config.buses().items():
            address = pinmap.second_bus.mux_address if name == "i2c2" and pinmap.second_bus else pinmap.mux_address
            self.buses[name] = FakeI2CBus(bus_config.speed_hz)
            self.muxes[name] = FakeTCA9548A()
            self.buses[name].attach(address, self.muxes[name])
            self.mux_states[name] = MuxState(address)
        self.bus, self.mux = self.buses["i2c"], self.muxes["i2c"]  # the main bus
        self.panels: dict[int, FakePanel] = {}
        for seat in config.seats:
            panel = FakePanel(seat.display.model)
            self.panels[seat.index] = panel
            self.muxes[seat.display.bus].attach(seat.display.channel, seat.display.address, panel)
        self._own_dir = reader_dir is None
        self.reader_dir = Path(reader_dir or tempfile.mkdtemp(prefix="mystery-table-pn532-"))
        self.sim = PN532Simulator(self.reader_dir).start()

    def pin_factories(self) -> dict[str, Any]:
        return self.factories

    def display_serial(self, seat: SeatConfig) -> Callable[[], Any]:
        # Kernel and user-space mux modes look alike on the wire: the channel is selected before
        # the transfer whenever it changes (the kernel's pca954x driver does what MuxChannel does).
        bus = seat.display.bus
        channel = MuxChannel(self.buses[bus], seat.display.channel, self.mux_states[bus])

        def open_serial() -> Any:
            # Both modes send a window's data in one transfer, as on the Pi (hardware/pi.py): luma
            # opens /dev/i2c-N itself in kernel mode, and `whole_transfers` gives user mode the same.
            return whole_transfers(i2c(bus=channel, address=seat.display.address))

        return open_serial

    def shared_serial(self, bus: str, channels: Iterable[int], address: int) -> Any | None:
        """luma's interface to the panels at `address` on several channels of `bus` at once (None:
        its mux is the kernel's, which opens one channel per transfer)."""
        if self.config.buses()[bus].mux != "user":
            return None
        return whole_transfers(i2c(bus=MuxChannels(self.buses[bus], channels, self.mux_states[bus]), address=address))

    def bus_of(self, seat: int) -> FakeI2CBus:
        """The bus seat `seat`'s screen hangs on."""
        return self.buses[next(s.display.bus for s in self.config.seats if s.index == seat)]

    def kernel_clock_hz(self, bus: str = "i2c") -> int | None:
        return self.buses[bus].clock_hz

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
