"""The mock table: every part of the real one, on simulated hardware, built by one function.

`build_mock_table()` gives a `MockTable`: the same `Table` the kiosk drives on a Pi (real gpiozero
Buttons and TonalBuzzer on a fresh MockFactory, luma's real SSD1306/SH1106 drivers over a fake I2C
bus with a TCA9548A, Adafruit's PN532 driver over pyserial on a simulated PN532), plus the hands of
a person at the table: `press`, `tap`, and eyes: `screen`.
"""

from __future__ import annotations

import threading
from typing import Any

from PIL import Image

from hardware.sim.fake_i2c import FakePanel
from hardware.sim.backend import MockBackend
from hardware.sim.pins import TablePin
from hardware.sim.pn532 import PN532Simulator, SimTag
from hardware.table import Table, build_table
from hardware.tags import TagRegistry
from kiosk.config import TableConfig, default_config

MOCK_FAULTS: dict[str, str] = {
    "display": "the last seat's screen stops answering on the I2C bus",
    "button": "seat 1's select button is not connected",
    "reader-silent": "the PN532 never answers (serial console on, TX/RX swapped)",
    "reader-garbage": "noise on the serial line instead of answers",
    "reader-checksum": "every answer from the PN532 has a bad checksum",
    "reader-hung": "the PN532 hangs until it is reset through RSTPDN",
    "reader-missing": "the reader's serial port does not exist",
    "tag-unknown": "the tag tapped is in no deck",
    "i2c-clock": "the kernel runs the I2C bus at 100 kHz, not at table.toml's speed_hz (no dtparam in config.txt)",
    "i2c2-clock": "the kernel runs the second I2C bus at 100 kHz (its overlay has no baudrate=)",
    "display-slow": "the last seat's screen follows the I2C clock only up to 400 kHz",
}


class MockTable:
    """A `Table` on mock hardware, with a person's hands and eyes for tests and the simulator."""

    def __init__(self, table: Table, backend: MockBackend) -> None:
        self.table = table
        self.backend = backend
        self.disconnected: set[tuple[int, str]] = set()  # (seat, button) whose wire is cut

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    @property
    def sim(self) -> PN532Simulator:
        return self.backend.sim

    def pin(self, seat: int, button: str) -> TablePin:
        ref = self.table.pinmap.seats[seat].buttons[button]
        pin = self.backend.factories[ref.chip].pin(f"GPIO{ref.line}")
        assert isinstance(pin, TablePin)
        return pin

    def press(self, seat: int, button: str, *, long: bool = False) -> None:
        """Press and release a seat button (held past the long-press time if `long`)."""
        if (seat, button) in self.disconnected:
            return
        pin = self.pin(seat, button)
        pin.drive_low()
        # A finger stays down longer than the debounce window, or the release would be ignored.
        threading.Event().wait(self.table.config.buttons.bounce_s * 1.5)
        if long:
            buttons = self.table.seats[seat].buttons
            waiter = threading.Event()
            for _ in range(2000):  # until the long press has been reported (bounded: 10 s)
                if buttons.is_held(button):
                    break
                waiter.wait(0.005)
        pin.drive_high()

    def tap(self, tag: SimTag) -> None:
        """Lay a tag on the reader (it stays there until `lift`)."""
        self.sim.place(tag)

    def lift(self) -> None:
        self.sim.remove()

    def panel(self, seat: int) -> FakePanel:
        return self.backend.panels[seat]

    def screen(self, seat: int) -> Image.Image:
        """What the person at the seat sees now, read back from the emulated panel's RAM (turned
        the way the panel is mounted: `display.rotation` in table.toml)."""
        physical = self.backend.panels[seat].screen()
        rotation = self.table.seats[[s.index for s in self.table.seats].index(seat)].config.display.rotation
        return physical.rotate(rotation * 90, expand=True) if rotation else physical

    def inject(self, fault: str) -> None:
        """Break the table in one of the ways `MOCK_FAULTS` lists (for the selftest and tests)."""
        if fault not in MOCK_FAULTS:
            raise ValueError(f"unknown mock fault {fault!r}, expected one of {', '.join(MOCK_FAULTS)}")
        if fault == "display":
            self.backend.panels[self.table.seats[-1].index].answering = False
        elif fault == "button":
            self.disconnected.add((self.table.seats[0].index, "select"))
        elif fault == "i2c-clock":
            self.backend.bus.clock_hz = 100_000
        elif fault == "i2c2-clock":
            if "i2c2" not in self.backend.buses:
                raise ValueError("the i2c2-clock fault needs a table with a second bus ([i2c2])")
            self.backend.buses["i2c2"].clock_hz = 100_000
        elif fault == "display-slow":
            self.backend.panels[self.table.seats[-1].index].fastest_hz = 400_000
        elif fault == "reader-silent":
            self.sim.inject("silence")
        elif fault == "reader-garbage":
            self.sim.inject("garbage")
        elif fault == "reader-checksum":
            self.sim.inject("bad_checksum")
        elif fault == "reader-hung":
            self.sim.inject("hung")
        elif fault == "reader-missing":
            self.sim.unplug()

    def close(self) -> None:
        self.table.close()


def build_mock_table(
    config: TableConfig | None = None,
    *,
    seats: int = 4,
    start_reader: bool = True,
    registry: TagRegistry | None = None,
    faults: tuple[str, ...] = (),
) -> MockTable:
    """The whole table on mock hardware. Close it (or use the `mock_table` fixture) when done."""
    if config is None:
        config = default_config(seats)
    if config.backend != "mock":
        from dataclasses import replace

        config = replace(config, backend="mock")
    backend = MockBackend(config, config.pinmap())
    mock = MockTable(build_table(config, backend=backend, registry=registry), backend)
    try:
        for fault in faults:
            mock.inject(fault)
        if start_reader:
            mock.table.start()
    except Exception:
        mock.close()
        raise
    return mock
