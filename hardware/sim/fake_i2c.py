"""A fake I2C bus with emulated SSD1306 / SH1106 panels and a TCA9548A multiplexer (mock backend).

The bus offers the subset of the smbus2 API that luma.core's `i2c` interface and our multiplexer
switch use (`write_i2c_block_data`, `write_byte`, `read_byte`, `i2c_rdwr`). It records every
transaction and counts the bytes that would cross the wire (address byte + payload), and each panel
decodes the controller's command stream (addressing modes, page/column pointers, contrast, on/off)
and its display RAM writes, so a test can read back the image the panel would show after the bytes
went through luma's real driver. The chips' decoding runs in the writing thread (a test reads the
picture as soon as the write returns) but it is the chips' work, not the Pi's: on a Pi the SSD1306
decodes its own bytes. So a bus asked to (`counting_chips`, as bench/table.py does) keeps the time
it took apart, per thread (`chip_seconds`: the wall clock around each decoding, which never sleeps),
for a benchmark to leave it out of the loop's own CPU; and the time spent in the bus itself, the chips
included (`bus_seconds`: routing, smbus2's messages taken apart; the paced waits left out), which on a
Pi is the kernel's I2C driver in C and the chips.

The controller emulation is hand-written: no Python library emulates these chips. It follows the
SSD1306 and SH1106 datasheets for the commands luma and `hardware.display` send; the picture is taken
as RAM column x -> screen x and page bit -> screen y, which is what a module mounted the usual way
shows with luma's segment remap (0xA1) and COM scan direction (0xC8).
"""

from __future__ import annotations

import errno
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple, Protocol

from PIL import Image

from hardware.framebuffer import framebuffer_to_image

MUX_ADDRESS = 0x70
CLOCKS_PER_BYTE = 9  # 8 data bits and the acknowledge
PACE_SLACK = 0.001  # a paced bus sleeps off its wire time once it is this far ahead (sleep costs ~0.1 ms)


class Transaction(NamedTuple):
    """One I2C write as it crossed the physical bus. (A named tuple: a table's benchmark records tens
    of thousands of them on the loop's thread, and a frozen dataclass costs several times as much to make.)"""

    address: int
    payload: bytes
    channel: int | None = None  # the mux channel that carried it (None: the main bus)

    @property
    def size(self) -> int:
        return 1 + len(self.payload)


class I2CTarget(Protocol):
    def receive(self, payload: bytes) -> None: ...


def remote_io_error() -> OSError:
    return OSError(errno.EREMOTEIO, "Remote I/O error")


class FakeI2CBus:
    """One physical I2C bus. Targets are attached by address; a TCA9548A at 0x70 adds channels."""

    def __init__(self, clock_hz: int = 400_000, *, paced: bool = False) -> None:
        self.clock_hz = clock_hz  # what the kernel drives SCL at (dtparam=i2c_arm_baudrate)
        self.paced = paced  # a transfer takes as long as on the wire (benchmarks): the caller waits
        self.targets: dict[int, I2CTarget] = {}
        self.transactions: list[Transaction] = []
        self.bytes_sent = 0
        self.wire_seconds = 0.0  # the time the bytes sent took on the wire, at clock_hz
        self.free_at = 0.0  # paced: when (time.perf_counter) the wire has carried every byte so far
        self.mux: FakeTCA9548A | None = None
        self.lock = threading.Lock()
        self.counting_chips = False  # count the chips' and the bus's time apart: clock reads, for benchmarks only
        self._chip_cpu: dict[int, float] = {}  # thread id -> the time its writes spent in the chips
        self._bus_cpu: dict[int, float] = {}  # thread id -> the time its writes spent in this bus, chips included

    def chip_seconds(self) -> float:
        """The time the calling thread has spent in the simulated chips' decoding of its writes
        (the panels' and the mux's `receive`) while `counting_chips`: work the chips do themselves on
        real hardware."""
        return self._chip_cpu.get(threading.get_ident(), 0.0)

    def bus_seconds(self) -> float:
        """The time the calling thread has spent in this simulated bus while `counting_chips`: taking
        smbus2's messages apart, routing them, the chips' decoding (`chip_seconds`), all but the paced
        waits. On a Pi that is the kernel's I2C driver (C, a few interrupts a transfer) and the chips."""
        return self._bus_cpu.get(threading.get_ident(), 0.0)

    def _count_bus(self, seconds: float) -> None:
        thread = threading.get_ident()
        self._bus_cpu[thread] = self._bus_cpu.get(thread, 0.0) + seconds

    # --- the smbus2 subset -------------------------------------------------------------------
    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Iterable[int]) -> None:
        values = list(data)
        if len(values) > 32:
            raise ValueError("smbus block writes carry at most 32 bytes")
        self.transfer(i2c_addr, bytes([register, *values]))

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self.transfer(i2c_addr, bytes([value]))

    def read_byte(self, i2c_addr: int) -> int:
        with self.lock:
            target = self._route(i2c_addr)
            self.transactions.append(Transaction(i2c_addr, b"", None))
            self._carry(2)
            if target is None or not self._acknowledges(target):
                raise remote_io_error()
            reader = getattr(target, "read", None)
            return int(reader()) if reader else 0

    def i2c_rdwr(self, *messages: Any) -> None:
        started = time.perf_counter() if self.counting_chips else 0.0
        writes = [(message.addr, bytes(message)) for message in messages]
        if self.counting_chips:
            self._count_bus(time.perf_counter() - started)
        self.transfers(writes)

    def close(self) -> None:
        pass

    # --- the wire ------------------------------------------------------------------------------
    def attach(self, address: int, target: I2CTarget) -> None:
        self.targets[address] = target
        if isinstance(target, FakeTCA9548A):
            self.mux = target

    def _route(self, address: int) -> I2CTarget | None:
        if address in self.targets:
            return self.targets[address]
        if self.mux is not None:
            return self.mux.route(address)
        return None

    def transfer(self, address: int, payload: bytes) -> None:
        """One write: every target at `address` takes it (several at once on open mux channels; they
        acknowledge together, so it fails only if none answers)."""
        self.transfers(((address, payload),))

    def transfers(self, messages: Iterable[tuple[int, bytes]]) -> None:
        """Writes in one go, as the kernel's driver sends an I2C_RDWR call's messages (a repeated start
        between them): the bus held throughout, and on a paced bus the caller waits once, for all of
        them, as it blocks once in that call. A write nobody acknowledges ends the call with an error;
        the writes before it went through. (A seat's page is some twenty writes, on the loop's thread:
        routing them is kept to a dictionary look-up and a test of each target.)"""
        carried = 0
        counting = self.counting_chips
        chips = 0.0
        with self.lock:
            entered = time.perf_counter() if counting else 0.0  # the lock held: no other thread's wait in it
            began = time.perf_counter() if self.paced else None  # the wire starts with the first write
            try:
                for address, payload in messages:
                    if address in self.targets or self.mux is None:
                        targets = [self.targets[address]] if address in self.targets else []
                        channel = None
                    else:
                        targets, channel = self.mux.route_writes(address)
                    targets = [t for t in targets if self._acknowledges(t)]
                    if not targets:
                        # NACK on the address byte: only that byte crossed the wire.
                        self.transactions.append(Transaction(address, b"", channel))
                        carried += 1
                        raise remote_io_error()
                    self.transactions.append(Transaction(address, payload, channel))
                    carried += 1 + len(payload)
                    # The chips' own time is read off the wall clock: a thread-CPU clock read is a system
                    # call, which would cost the loop more than the decoding it measures.
                    started = time.perf_counter() if counting else 0.0
                    for target in targets:
                        target.receive(payload)
                    if counting:
                        chips += time.perf_counter() - started
            finally:
                if counting:
                    thread = threading.get_ident()
                    self._chip_cpu[thread] = self._chip_cpu.get(thread, 0.0) + chips
                    self._count_bus(time.perf_counter() - entered)  # before the paced wait
                self._carry(carried, began)

    def _acknowledges(self, target: I2CTarget) -> bool:
        """A target acknowledges a write when it is powered and answering, and follows the bus's clock:
        clocked faster than it can follow, it misses its own address."""
        return getattr(target, "answering", True) is not False and self.clock_hz <= getattr(target, "fastest_hz", self.clock_hz)

    def _carry(self, count: int, since: float | None = None) -> None:
        """Count `count` bytes on the wire (the lock held: one transfer at a time, as on a real bus),
        sent from `since` (time.perf_counter; None: now) on, or once the wire is free."""
        self.bytes_sent += count
        seconds = count * CLOCKS_PER_BYTE / self.clock_hz
        self.wire_seconds += seconds
        if self.paced:  # the caller waits as for a real transfer, in sleeps of at least PACE_SLACK
            now = time.perf_counter()
            self.free_at = max(now if since is None else since, self.free_at) + seconds
            if self.free_at - now > PACE_SLACK:
                time.sleep(self.free_at - now)

    def reset_counters(self) -> None:
        with self.lock:
            self.transactions.clear()
            self.bytes_sent = 0
            self.wire_seconds = 0.0


class FakeTCA9548A:
    """The 8-channel multiplexer: a control register whose bits connect downstream channels."""

    def __init__(self) -> None:
        self.control = 0
        self._open: tuple[int, ...] = ()  # the channels the control register connects
        self.channels: list[dict[int, I2CTarget]] = [{} for _ in range(8)]
        self.selections = 0
        self.shared_writes = 0  # writes that reached targets on several channels at once
        self._routes: dict[int, tuple[list[I2CTarget], int | None]] = {}  # address -> route_writes, for this control

    def attach(self, channel: int, address: int, target: I2CTarget) -> None:
        self.channels[channel][address] = target
        self._routes.clear()

    def receive(self, payload: bytes) -> None:
        self.control = payload[-1]
        self.selections += 1
        self._open = tuple(c for c in range(8) if self.control & (1 << c))
        self._routes.clear()

    def read(self) -> int:
        return self.control

    def route_writes(self, address: int) -> tuple[list[I2CTarget], int | None]:
        """Every target at `address` on the open channels (a write reaches each of them), and the
        first of those channels (None: nobody). Worked out once per address until the control
        register or the wiring changes: the list is shared, not to be changed."""
        route = self._routes.get(address)
        if route is None:
            found = [(c, self.channels[c][address]) for c in self._open if address in self.channels[c]]
            route = self._routes[address] = ([target for _, target in found], found[0][0] if found else None)
        if len(route[0]) > 1:
            self.shared_writes += 1
        return route

    def route(self, address: int) -> I2CTarget | None:
        """The one target a read at `address` reaches (None: nobody, or two driving the wire at once)."""
        found = [self.channels[c][address] for c in self._open if address in self.channels[c]]
        if len(found) != 1:  # nobody answers, or two targets collide on one address
            return None
        target = found[0]
        if getattr(target, "answering", True) is False:
            return None
        return target


# Command byte -> number of parameter bytes that follow it.
SSD1306_PARAMETERS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1, 0xA3: 2,
    0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}
SH1106_PARAMETERS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


@dataclass
class FakePanel:
    """An SSD1306 or SH1106 128x64 OLED controller: command decoder and display RAM.

    `answering = False` makes it stop acknowledging (a loose wire, a dead module, no power);
    `power_cycle()` brings it back as after a real brown-out: every register at its reset value
    (display off, SSD1306 charge pump off, page addressing) and scrambled RAM. It stays dark until it
    is sent an init sequence again: the SSD1306 lights nothing without its charge pump (0x8D 0x14)
    and display on (0xAF); the SH1106's DC-DC converter is on from reset, so 0xAF is enough.
    """

    model: str = "ssd1306"
    width: int = 128
    pages: int = 8
    answering: bool = True
    fastest_hz: int = 1_000_000  # the fastest SCL this module follows (the datasheets promise 400 kHz)
    display_on: bool = False
    charge_pump: bool = False  # SSD1306 only (reset value: off); the SH1106's converter is on from reset
    contrast: int = 0x7F
    inverted: bool = False
    entire_on: bool = False
    addressing_mode: int = 2  # SSD1306 reset value: page addressing
    column: int = 0
    page: int = 0
    column_window: tuple[int, int] = (0, 127)
    page_window: tuple[int, int] = (0, 7)
    data_bytes: int = 0
    command_bytes: int = 0
    ram: list[bytearray] = field(default_factory=list)
    _pending: list[int] = field(default_factory=list)
    _needed: int = 0

    def __post_init__(self) -> None:
        if self.model not in ("ssd1306", "sh1106"):
            raise ValueError(f"unknown panel model {self.model!r}")
        self.ram_width = 132 if self.model == "sh1106" else 128
        # luma drives the SH1106's 132-column RAM from column 2 (its page_address_offset).
        self.visible_offset = 2 if self.model == "sh1106" else 0
        self.ram = [bytearray(self.ram_width) for _ in range(self.pages)]

    def power_cycle(self) -> None:
        self.ram = [bytearray((i * 37 + p * 11) & 0xFF for i in range(self.ram_width)) for p in range(self.pages)]
        self.display_on = self.charge_pump = self.inverted = self.entire_on = False
        self.contrast = 0x7F
        self.addressing_mode = 2
        self.column = self.page = 0
        self.column_window, self.page_window = (0, 127), (0, 7)
        self._pending, self._needed = [], 0
        self.answering = True

    # --- the wire ------------------------------------------------------------------------------
    def receive(self, payload: bytes) -> None:
        if not self.answering:
            raise remote_io_error()
        index = 0
        while index < len(payload):
            control = payload[index]
            index += 1
            single = bool(control & 0x80)  # Co bit: one byte follows, then another control byte
            is_data = bool(control & 0x40)
            chunk = payload[index:index + 1] if single else payload[index:]
            index += len(chunk)
            if is_data:
                self._write_data(chunk)
            else:
                for byte in chunk:
                    self._command_byte(byte)

    def read(self) -> int:
        """The status byte: D6 set while the display is off (both controllers), the rest zero."""
        if not self.answering:
            raise remote_io_error()
        return 0 if self.display_on else 0x40

    # --- commands ------------------------------------------------------------------------------
    def _command_byte(self, byte: int) -> None:
        self.command_bytes += 1
        if self._needed:
            self._pending.append(byte)
            self._needed -= 1
            if not self._needed:
                self._execute(self._pending[0], self._pending[1:])
            return
        table = SH1106_PARAMETERS if self.model == "sh1106" else SSD1306_PARAMETERS
        needed = table.get(byte, 0)
        if needed:
            self._pending, self._needed = [byte], needed
        else:
            self._execute(byte, [])

    def _execute(self, command: int, params: list[int]) -> None:
        if command == 0xAE:
            self.display_on = False
        elif command == 0xAF:
            self.display_on = True
        elif command == 0x81:
            self.contrast = params[0]
        elif self.model == "ssd1306" and command == 0x8D:
            self.charge_pump = bool(params[0] & 0x04)
        elif command in (0xA6, 0xA7):
            self.inverted = command == 0xA7
        elif command in (0xA4, 0xA5):
            self.entire_on = command == 0xA5
        elif 0xB0 <= command <= 0xB7:
            self.page = command & 0x07
        elif command <= 0x0F:
            self.column = (self.column & 0xF0) | command
        elif 0x10 <= command <= 0x1F:
            self.column = (self.column & 0x0F) | ((command & 0x0F) << 4)
        elif self.model == "ssd1306" and command == 0x20:
            self.addressing_mode = params[0] & 0x03
        elif self.model == "ssd1306" and command == 0x21:
            self.column_window = (params[0] & 0x7F, params[1] & 0x7F)
            self.column = self.column_window[0]
        elif self.model == "ssd1306" and command == 0x22:
            self.page_window = (params[0] & 0x07, params[1] & 0x07)
            self.page = self.page_window[0]
        # Everything else (clock, multiplex, charge pump, remap, scrolling...) does not change
        # what RAM holds, so the emulation accepts it without effect.

    def _write_data(self, data: bytes) -> None:
        """Display data, byte after byte as `_write_ram` takes it; in the SSD1306's horizontal mode
        (luma's, so nearly every write) a run up to the window's last column at once, which is the
        same: the simulated bus is in the loop's thread, and byte by byte it cost the loop more than
        the drivers' own work."""
        if self.model != "ssd1306" or self.addressing_mode != 0:
            for byte in data:
                self._write_ram(byte)
            return
        first_col, last_col = self.column_window
        first_page, last_page = self.page_window
        start = 0
        while start < len(data):
            run = data[start:start + max(1, last_col - self.column + 1)]
            self.ram[self.page][self.column:self.column + len(run)] = run
            self.data_bytes += len(run)
            start += len(run)
            if self.column + len(run) - 1 >= last_col:
                self.column = first_col
                self.page = first_page if self.page >= last_page else self.page + 1
            else:
                self.column += len(run)

    def _write_ram(self, byte: int) -> None:
        self.data_bytes += 1
        if self.column < self.ram_width:
            self.ram[self.page][self.column] = byte
        if self.model == "sh1106" or self.addressing_mode == 2:
            # Page addressing: the column advances; the page never does.
            self.column = self.column + 1 if self.column < self.ram_width - 1 else self.column
            if self.model == "ssd1306" and self.column > 127:
                self.column = 0
            return
        first_col, last_col = self.column_window
        first_page, last_page = self.page_window
        if self.addressing_mode == 0:  # horizontal: across the column window, then next page
            if self.column >= last_col:
                self.column = first_col
                self.page = first_page if self.page >= last_page else self.page + 1
            else:
                self.column += 1
        else:  # vertical: down the page window, then next column
            if self.page >= last_page:
                self.page = first_page
                self.column = first_col if self.column >= last_col else self.column + 1
            else:
                self.page += 1

    # --- what a person would see -------------------------------------------------------------
    def framebuffer(self) -> bytes:
        """The visible RAM, page by page (8 x 128 bytes), as the controller holds it."""
        start = self.visible_offset
        return b"".join(bytes(page[start:start + self.width]) for page in self.ram)

    def image(self) -> Image.Image:
        """The 128x64 picture the RAM holds (regardless of display on/off and contrast)."""
        return framebuffer_to_image(self.framebuffer(), self.width, self.pages)

    @property
    def lit(self) -> bool:
        """The panel shows its RAM: switched on, and (SSD1306) its charge pump powering the OLED."""
        return self.display_on and (self.charge_pump or self.model == "sh1106")

    def screen(self) -> Image.Image:
        """What a person sees: nothing while the display is off, inverted when asked."""
        if not self.lit:
            return Image.new("1", (self.width, self.pages * 8), 0)
        picture = self.image()
        if self.entire_on:
            return Image.new("1", picture.size, 1)
        if self.inverted:
            return picture.point(lambda value: 255 - value).convert("1")
        return picture


