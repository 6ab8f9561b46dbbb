"""The I2C bus clock: what the kernel runs a bus at, and whether a panel answers at it.

`table.toml`'s `i2c.speed_hz` says what the table expects; the kernel's clock is set at boot by
`dtparam=i2c_arm_baudrate=N` in config.txt (i2c-1), and the adapter's device-tree node reports it
as `clock-frequency` (a 32-bit big-endian number) under /sys. The SSD1306 and SH1106 are specified to
400 kHz; many modules work at 1 MHz, some do not: the self-test reads each panel's status byte back at
the bus's clock, which an overclocked panel fails to answer (or answers garbled).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SYS_ADAPTERS = Path("/sys/class/i2c-adapter")
DISPLAY_OFF_BIT = 0x40  # status byte D6, both controllers: 1 = display off
STATUS_ID_BITS = 0x3F  # low bits: the SSD1306 reads 0x03 or 0x06 (its ID), the SH1106 0x00-0x0F


def kernel_clock_hz(bus: int, adapters: Path = SYS_ADAPTERS) -> int | None:
    """The clock the kernel runs /dev/i2c-`bus` at, from its device-tree node (None: not reported,
    as for a bus without a device-tree node or a machine that is not a Pi)."""
    try:
        raw = (adapters / f"i2c-{bus}" / "of_node" / "clock-frequency").read_bytes()
    except OSError:
        return None
    return int.from_bytes(raw[:4], "big") if len(raw) >= 4 else None


def read_status(serial: Any) -> int:
    """The panel's status byte, read through luma's i2c interface (its smbus and address). Raises
    OSError when the panel does not answer the read."""
    return int(serial._bus.read_byte(serial._addr))


def status_says_on(status: int) -> bool:
    """A status byte a lit panel could send: display-on, and never all ones (a bus that read nothing
    but its pull-ups)."""
    return status != 0xFF and not status & DISPLAY_OFF_BIT
