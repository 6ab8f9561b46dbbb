"""The real table's backend: gpiozero's lgpio pins, /dev/i2c-N buses, the PN532's serial port.

Imported only when `table.toml` says `backend = "pi"`, so a laptop without lgpio never loads it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from luma.core.interface.serial import i2c

from hardware.i2c import MuxChannel, MuxChannels, MuxState, whole_transfers
from hardware.i2c_clock import kernel_clock_hz
from hardware.pinmap import Pinmap
from kiosk.config import SeatConfig, TableConfig


def find_gpiochip(label: str, limit: int = 16) -> int:
    """The number of the gpiochip whose label is `label` (the MCP23017 overlay's is "mcp23017")."""
    import lgpio

    for number in range(limit):
        try:
            handle = lgpio.gpiochip_open(number)
        except lgpio.error:
            continue
        try:
            _, _, _, chip_label = lgpio.gpio_get_chip_info(handle)
        finally:
            lgpio.gpiochip_close(handle)
        if chip_label == label:
            return number
    raise OSError(f"no gpiochip labelled {label!r}: is dtoverlay=mcp23017 in config.txt?")


class PiBackend:
    def __init__(self, config: TableConfig, pinmap: Pinmap) -> None:
        from gpiozero.pins.lgpio import LGPIOFactory

        self.config = config
        self.pinmap = pinmap
        self.factories: dict[str, Any] = {"header": LGPIOFactory()}
        uses_expander = any(
            pin.chip == "expander"
            for seat in config.seats
            for pin in pinmap.seats[seat.index].buttons.values()
        )
        if uses_expander:
            self.factories["expander"] = LGPIOFactory(chip=find_gpiochip("mcp23017"))
        self._buses: dict[str, Any] = {}  # user-space mux mode: the smbus of each bus, opened once
        self._mux_states = {
            "i2c": MuxState(pinmap.mux_address),
            "i2c2": MuxState(pinmap.second_bus.mux_address if pinmap.second_bus else pinmap.mux_address),
        }

    def pin_factories(self) -> dict[str, Any]:
        return self.factories

    def display_serial(self, seat: SeatConfig) -> Callable[[], Any]:
        """luma's interface to the seat's screen, on its own bus (`display.bus`) and mux channel."""
        address, name = seat.display.address, seat.display.bus
        bus = self.config.bus_of(seat)
        if bus.mux == "kernel":
            port = bus.bus_for_channel(seat.display.channel)
            return lambda: i2c(port=port, address=address)

        def user_space() -> Any:
            channel = MuxChannel(self._smbus(name), seat.display.channel, self._mux_states[name])
            return whole_transfers(i2c(bus=channel, address=address))

        return user_space

    def shared_serial(self, bus: str, channels: Iterable[int], address: int) -> Any | None:
        """luma's interface to the panels at `address` on several channels of `bus` at once (None:
        its mux is the kernel's, which opens one channel per transfer)."""
        if self.config.buses()[bus].mux != "user":
            return None
        return whole_transfers(i2c(bus=MuxChannels(self._smbus(bus), channels, self._mux_states[bus]), address=address))

    def _smbus(self, name: str) -> Any:
        """The smbus of a user-space mux bus, opened once and shared by its channels."""
        if name not in self._buses:
            import smbus2

            self._buses[name] = smbus2.SMBus(self.config.buses()[name].bus)
        return self._buses[name]

    def kernel_clock_hz(self, bus: str = "i2c") -> int | None:
        """What the kernel runs a bus at (the mux channels run at their parent's clock)."""
        return kernel_clock_hz(self.config.buses()[bus].bus)

    def reader_port(self) -> str:
        return self.config.reader.port

    def reader_options(self) -> dict[str, Any]:
        return {}

    def whistle_tempo(self) -> float:
        return 1.0

    def close(self) -> None:
        for factory in self.factories.values():
            factory.close()
        for opened in self._buses.values():
            opened.close()
