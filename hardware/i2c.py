"""I2C plumbing shared by the real and mock backends: user-space TCA9548A channel switching.

With the kernel's i2c-mux overlay each channel is its own /dev/i2c-N and none of this is needed;
without it, `MuxChannel` wraps the main bus and selects the seat's channel before each transaction,
skipping the selection when the channel is already open.
"""

from __future__ import annotations

import threading
from typing import Any, Iterable


class MuxState:
    """The multiplexer's last written channel, shared by every channel view of one bus."""

    def __init__(self, address: int = 0x70) -> None:
        self.address = address
        self.channel: int | None = None
        self.lock = threading.RLock()


class MuxChannel:
    """An smbus-like view of one TCA9548A channel of `bus` (for luma's `i2c(bus=...)`)."""

    def __init__(self, bus: Any, channel: int, state: MuxState) -> None:
        if not 0 <= channel <= 7:
            raise ValueError(f"TCA9548A channel must be 0-7, got {channel}")
        self.bus = bus
        self.channel = channel
        self.state = state

    def _select(self) -> None:
        if self.state.channel != self.channel:
            self.state.channel = None  # unknown until the write succeeds
            self.bus.write_byte(self.state.address, 1 << self.channel)
            self.state.channel = self.channel

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Iterable[int]) -> None:
        with self.state.lock:
            self._select()
            self.bus.write_i2c_block_data(i2c_addr, register, data)

    def write_byte(self, i2c_addr: int, value: int) -> None:
        with self.state.lock:
            self._select()
            self.bus.write_byte(i2c_addr, value)

    def read_byte(self, i2c_addr: int) -> int:
        with self.state.lock:
            self._select()
            return int(self.bus.read_byte(i2c_addr))

    def i2c_rdwr(self, *messages: Any) -> None:
        with self.state.lock:
            self._select()
            self.bus.i2c_rdwr(*messages)

    def close(self) -> None:
        pass
