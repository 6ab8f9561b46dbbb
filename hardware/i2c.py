"""I2C plumbing shared by the real and mock backends: user-space TCA9548A channel switching.

With the kernel's i2c-mux overlay each channel is its own /dev/i2c-N and none of this is needed;
without it, `MuxChannel` wraps the main bus and selects the seat's channel before each transaction,
skipping the selection when the channel is already open. `MuxChannels` opens several channels at once
for a write every panel on them takes alike (the same bytes to the same address: each panel receives
them and they acknowledge together), which only user-space switching can do: the kernel's driver
opens one channel per transfer.
"""

from __future__ import annotations

import threading
from typing import Any, Iterable

import smbus2


class MuxState:
    """The multiplexer's control register as last written (a bit per open channel; None: unknown),
    shared by every channel view of one bus."""

    def __init__(self, address: int = 0x70) -> None:
        self.address = address
        self.register: int | None = None
        self.lock = threading.RLock()


class _MuxView:
    """An smbus-like view of the bus behind the channels of `register` (for luma's `i2c(bus=...)`)."""

    def __init__(self, bus: Any, register: int, state: MuxState) -> None:
        self.bus = bus
        self.wanted = register
        self.state = state

    def _select(self) -> None:
        if self.state.register != self.wanted:
            self.state.register = None  # unknown until the write succeeds
            self.bus.write_byte(self.state.address, self.wanted)
            self.state.register = self.wanted

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Iterable[int]) -> None:
        with self.state.lock:
            self._select()
            self.bus.write_i2c_block_data(i2c_addr, register, data)

    def write_byte(self, i2c_addr: int, value: int) -> None:
        with self.state.lock:
            self._select()
            self.bus.write_byte(i2c_addr, value)

    def i2c_rdwr(self, *messages: Any) -> None:
        with self.state.lock:
            self._select()
            self.bus.i2c_rdwr(*messages)

    def close(self) -> None:
        pass


class MuxChannel(_MuxView):
    """One TCA9548A channel of `bus`: a seat's screen."""

    def __init__(self, bus: Any, channel: int, state: MuxState) -> None:
        if not 0 <= channel <= 7:
            raise ValueError(f"TCA9548A channel must be 0-7, got {channel}")
        super().__init__(bus, 1 << channel, state)
        self.channel = channel

    def read_byte(self, i2c_addr: int) -> int:
        with self.state.lock:
            self._select()
            return int(self.bus.read_byte(i2c_addr))


class MuxChannels(_MuxView):
    """Several channels of `bus` open at once, for writes only (two panels answering one read would
    drive the wire together)."""

    def __init__(self, bus: Any, channels: Iterable[int], state: MuxState) -> None:
        chosen = sorted(set(channels))
        if not chosen or not all(0 <= c <= 7 for c in chosen):
            raise ValueError(f"TCA9548A channels must be 0-7, got {chosen}")
        super().__init__(bus, sum(1 << c for c in chosen), state)
        self.channels = tuple(chosen)


def whole_transfers(serial: Any) -> Any:
    """luma's `i2c` over a bus we hand it (a mux channel) sends data in 32-byte SMBus blocks, each
    repeating the address and control bytes, and one ioctl each; on a bus it opens itself (its
    "managed" mode) it sends a window's data in one I2C_RDWR transfer of up to 4 KiB. Our buses (an
    smbus2 bus behind `MuxChannel`, the mock's bus) do I2C_RDWR too: give `serial` the same transfers.
    (Managed mode also closes the bus on cleanup: a mux view's `close` does nothing.)"""
    serial._managed, serial._i2c_msg_write = True, smbus2.i2c_msg.write
    return serial
