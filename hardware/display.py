"""`SeatDisplay`: one seat's 128x64 OLED, updated by sending only what changed.

luma.oled's ssd1306/sh1106 `display()` always sends the whole 1 KiB frame (about 23 ms at 400 kHz;
seven seats together would hold the bus for 160 ms). So we use luma for what it does well (the
controller's init sequence, rotation, contrast, sleep) and write the windowed update ourselves on top
of luma's serial interface (`serial.command` / `serial.data`): identical frames send nothing; otherwise
only the pages and columns that differ, as SSD1306 column/page address windows or SH1106 page writes.

A display that stops answering (OSError from the bus, which luma turns into DeviceNotFoundError) is
marked failed, reported once on the input queue, and retried with back-off; when it answers again it
gets luma's whole init sequence and its picture. Nothing raises into the game: `show` returns whether
the image reached the panel.

A panel can also lose power between two writes (a brown-out) and come back dark, its registers reset
and its RAM scrambled, with no write ever failing; or vanish while its picture does not change, so
nothing is written to notice. So `poll`, every `KEEPALIVE_SECONDS`, reads the panel's status byte, sends luma's
init sequence again (without its "display off"; about 30 bytes in one transaction) and rewrites one
page of the picture, the next one each time. A panel whose status says "display off" while it should
be lit has reset: it gets its whole picture at once (1 KiB, about 23 ms at 400 kHz), so it is whole
again within one keepalive of the brown-out. The page rewrite mends what a status byte cannot show
(a panel asleep on purpose, a RAM glitch without a reset); one that vanished fails the read and is
retried as above.
"""

from __future__ import annotations

import errno
import logging
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import smbus2
from luma.core.error import DeviceNotFoundError, Error as LumaError
from luma.oled.device import sh1106, ssd1306
from PIL import Image

from hardware.events import Backoff, DeviceStatus
from hardware.framebuffer import image_to_framebuffer
from hardware.i2c_clock import read_status, status_says_on

log = logging.getLogger(__name__)

WIDTH, PAGES = 128, 8
DRIVERS: dict[str, Callable[..., Any]] = {"ssd1306": ssd1306, "sh1106": sh1106}
SH1106_COLUMN_OFFSET = 2  # luma's sh1106 page_address_offset: RAM column 2 is screen column 0
# Bytes a window costs on the wire beyond its data: the address commands' message (the address byte,
# the control byte and six commands) and the data message's address and control bytes. Each is one
# message of an I2C_RDWR call (`send_payloads`), however long: no 32-byte blocks as luma's smbus
# `data` would send.
WINDOW_OVERHEAD = 10
# Unchanged columns it takes for a second window in a page to cost less than writing over them.
GAP = WINDOW_OVERHEAD
CHANGED = re.compile(rb"[^\x00]+")  # a run of columns that differ, in a page's XOR
KEEPALIVE_SECONDS = 2.0
DISPLAY_OFF = 0xAE
NORMAL, INVERSE = 0xA6, 0xA7  # both controllers: show RAM as it is, or lit where it is dark
COMMAND, DATA = 0x00, b"\x40"  # a message's control byte: the bytes after it are commands, or display RAM
MOST_MESSAGES = 42  # I2C_RDWR_IOCTL_MAX_MSGS: the messages one I2C_RDWR call of the kernel's i2c-dev takes


@dataclass(frozen=True)
class Window:
    """A rectangle of display RAM: pages first..last, columns first..last (inclusive)."""

    first_page: int
    last_page: int
    first_column: int
    last_column: int

    @property
    def size(self) -> int:
        return (self.last_page - self.first_page + 1) * (self.last_column - self.first_column + 1)


# The last few frames compared, by the identity of the two frames (held here, so neither id is reused):
# a redraw that shares writes compares each seat's frames to plan them (hardware/shared_writes.py), and
# the seat's own `show` compares the same two again when no shared write changed its panel.
_COMPARED: dict[tuple[int, int], tuple[bytes | None, bytes, tuple[Window, ...]]] = {}
COMPARED_KEPT = 16


def changed_spans(old: bytes | None, new: bytes) -> list[Window]:
    """Each page's runs of changed columns, as windows: runs closer than `GAP` unchanged columns are
    one (a card's name rewritten is one window; two digits at either end of a row are two). The
    changed columns are found in C (the pages XORed as integers, the non-zero runs by `re`): every
    redraw of every seat plans its windows on the referee's thread, so the same two frames are
    compared once."""
    key = (id(old), id(new))
    kept = _COMPARED.get(key)
    if kept is not None and kept[0] is old and kept[1] is new:
        return list(kept[2])
    spans = _spans(old, new)
    if len(_COMPARED) >= COMPARED_KEPT:
        _COMPARED.clear()
    _COMPARED[key] = (old, new, tuple(spans))
    return spans


def _spans(old: bytes | None, new: bytes) -> list[Window]:
    spans = []
    for page in range(PAGES):
        start = page * WIDTH
        a = new[start:start + WIDTH]
        b = old[start:start + WIDTH] if old is not None else None
        if a == b:
            continue
        if b is None:
            spans.append(Window(page, page, 0, WIDTH - 1))
            continue
        differ = (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(WIDTH, "big")
        first = last = -1
        for run in CHANGED.finditer(differ):
            if first < 0:
                first = run.start()
            elif run.start() - last - 1 > GAP:
                spans.append(Window(page, page, first, last))
                first = run.start()
            last = run.end() - 1
        spans.append(Window(page, page, first, last))
    return spans


def window_cost(window: Window) -> int:
    """Bytes on the wire for one window: its address commands, and its data in one message."""
    return WINDOW_OVERHEAD + window.size


def plan_windows(old: bytes | None, new: bytes, model: str) -> list[Window]:
    """The cheapest set of windows that carries every change (empty for an identical frame)."""
    return cheapest(changed_spans(old, new), model)


def cheapest(spans: list[Window], model: str) -> list[Window]:
    """Fewer bytes for `spans` (each page's runs of changed columns, pages in order): going down the
    pages, a page joins the window above it (one rectangle around both, unchanged pages between
    included) where that costs no more than the two apart; a page that joins nothing keeps its runs
    apart where that is cheaper, and then nothing joins them. One pass (every redraw of every seat
    plans this on the loop). Fewer windows are fewer messages too: over a seeded Mystery Express game
    with five people, 17 messages an input instead of 21, and 2 % fewer bytes."""
    if model != "ssd1306" or len(spans) < 2:
        return spans  # the SH1106 has no column/page window: it is written page by page
    windows: list[Window] = []
    growing = False  # whether windows[-1] is one rectangle a page below may join
    i, count = 0, len(spans)
    while i < count:
        page, j = spans[i].first_page, i + 1
        while j < count and spans[j].first_page == page:
            j += 1
        left, right = spans[i].first_column, spans[j - 1].last_column
        whole = WINDOW_OVERHEAD + right - left + 1
        apart = whole if j - i == 1 else sum(window_cost(w) for w in spans[i:j])
        if growing:
            above = windows[-1]
            wide_left, wide_right = min(left, above.first_column), max(right, above.last_column)
            joined = WINDOW_OVERHEAD + (page - above.first_page + 1) * (wide_right - wide_left + 1)
            if joined <= window_cost(above) + min(whole, apart):
                windows[-1] = Window(above.first_page, page, wide_left, wide_right)
                i = j
                continue
        growing = whole <= apart
        windows += [Window(page, page, left, right)] if growing else spans[i:j]
        i = j
    return windows


class _CommandRecorder:
    """A stand-in serial interface that keeps the commands luma's driver sends and drops the data."""

    def __init__(self) -> None:
        self.commands: list[tuple[int, ...]] = []

    def command(self, *cmd: int) -> None:
        self.commands.append(tuple(cmd))

    def data(self, data: Any) -> None:
        pass

    def cleanup(self) -> None:
        pass


@lru_cache(maxsize=None)
def init_sequence(model: str) -> tuple[int, ...]:
    """luma's init sequence for `model` (the first commands its constructor sends), taken from luma's
    own driver rather than copied, without the leading "display off": sent to a lit panel, it must not
    blank it, even for a moment."""
    recorder = _CommandRecorder()
    DRIVERS[model](recorder)
    sequence = recorder.commands[0]
    return sequence[1:] if sequence[0] == DISPLAY_OFF else sequence


@dataclass
class DisplayStats:
    frames: int = 0
    skipped: int = 0  # identical frames: nothing sent
    windows: int = 0
    data_bytes: int = 0
    failures: int = 0
    recoveries: int = 0
    keepalives: int = 0


class SeatDisplay:
    """A seat's OLED: `show(image)` puts a 1-bit image on it, sending only what changed.

    `open_serial` returns luma's serial interface for this seat (an `i2c` on the seat's bus or mux
    channel): called again to reconnect after a failure. `report` receives a DeviceStatus when the
    display fails and when it comes back. `keepalive`: seconds between two re-initialisations.
    """

    def __init__(
        self,
        seat: int,
        open_serial: Callable[[], Any],
        *,
        model: str = "ssd1306",
        rotation: int = 0,
        contrast: int = 0xCF,
        report: Callable[[DeviceStatus], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        backoff: Backoff | None = None,
        where: str = "",
        keepalive: float = KEEPALIVE_SECONDS,
    ) -> None:
        if model not in DRIVERS:
            raise ValueError(f"unknown display model {model!r}, expected one of {', '.join(DRIVERS)}")
        self.seat = seat
        self.model = model
        self.rotation = rotation
        self.where = where
        self.stats = DisplayStats()
        self.last_error: str | None = None
        self._open_serial = open_serial
        self._report = report
        self.clock = clock
        self.keepalive = keepalive
        self._keepalive_at = clock() + keepalive
        self._keepalive_page = 0
        self._backoff = backoff or Backoff()
        self._contrast = contrast
        self._asleep = False
        self._device: Any = None
        self._serial: Any = None
        self._on_panel: bytes | None = None  # what the panel's RAM holds, as far as we know
        self._wanted: Image.Image | None = None
        self._converted: tuple[Image.Image, bytes] | None = None  # the last picture and its frame
        self._inverted = False  # wanted: the panel shows its RAM inverted
        self._panel_inverted = False  # what the panel was last told (luma's init says normal)
        self._retry_at = 0.0
        self._failed = False
        self._connect()

    # --- public interface --------------------------------------------------------------------
    @property
    def name(self) -> str:
        return f"display:{self.seat}"

    @property
    def size(self) -> tuple[int, int]:
        return (WIDTH, PAGES * 8) if self.rotation in (0, 2) else (PAGES * 8, WIDTH)

    @property
    def failed(self) -> bool:
        return self._failed

    def show(self, image: Image.Image, inverted: bool = False) -> bool:
        """Put `image` (mode "1", `size`) on the panel, shown inverted if asked (the controller
        inverts: a command byte, not a frame). Returns False if the panel is failed now."""
        if image.mode != "1" or image.size != self.size:
            raise ValueError(f"a seat image is mode '1' and {self.size}, got {image.mode!r} {image.size}")
        self._wanted = image
        self._inverted = inverted
        self.stats.frames += 1
        if self._failed:
            self.poll()
            return not self._failed
        return self._send(image)

    def poll(self) -> None:
        """Retry a failed display when its back-off has run out; re-initialise a working one when its
        keepalive is due (call it from the main loop, about once a second)."""
        now = self.clock()
        if self._failed:
            if now >= self._retry_at and self._connect() and self._wanted is not None:
                self._send(self._wanted)
        elif now >= self._keepalive_at:
            self._keep_alive()

    def due(self) -> float:
        """Seconds until `poll` has something to do: a retry, or the next keepalive."""
        return max(0.0, (self._retry_at if self._failed else self._keepalive_at) - self.clock())

    def read_status(self) -> int | None:
        """The panel's status byte, read back over the bus (None if it did not answer): a panel that
        takes writes at a clock it cannot follow may still garble them, and a read shows it."""
        if self._failed:
            return None
        try:
            return read_status(self._serial)
        except OSError:
            return None

    def set_contrast(self, level: int) -> None:
        if not 0 <= level <= 255:
            raise ValueError(f"contrast must be 0-255, got {level}")
        self._contrast = level
        self._guarded(lambda: self._device.contrast(level))

    def sleep(self) -> None:
        """Switch the panel off (its RAM is kept); `wake` switches it back on."""
        self._asleep = True
        self._guarded(lambda: self._device.hide())

    def wake(self) -> None:
        self._asleep = False
        self._guarded(lambda: self._device.show())

    @property
    def asleep(self) -> bool:
        return self._asleep

    # --- internals -----------------------------------------------------------------------------
    def _guarded(self, action: Callable[[], Any]) -> bool:
        if self._failed:
            return False
        try:
            action()
            return True
        except (OSError, LumaError) as error:
            self._fail(error)
            return False

    def _connect(self) -> bool:
        try:
            self._serial = self._open_serial()
            # luma's constructor sends the init sequence, clears the RAM and switches the panel on.
            self._device = DRIVERS[self.model](self._serial, rotate=self.rotation)
            self._device.contrast(self._contrast)
            if self._asleep:
                self._device.hide()
        except (OSError, LumaError) as error:
            self._fail(error)
            return False
        self._on_panel = bytes(WIDTH * PAGES)
        self._panel_inverted = False
        self._keepalive_at = self.clock() + self.keepalive
        if self._failed:
            self._failed = False
            self.stats.recoveries += 1
            self._backoff.reset()
            log.info("seat %d display is back", self.seat + 1)
            if self._report:
                self._report(DeviceStatus(self.name, True, ""))
        return True

    def _fail(self, error: Exception) -> None:
        self.last_error = str(error) or type(error).__name__
        self._device = None
        self._on_panel = None
        self._retry_at = self.clock() + self._backoff.next_delay()
        if not self._failed:
            self._failed = True
            self.stats.failures += 1
            log.warning("seat %d display stopped answering%s: %s", self.seat + 1, self.where, self.last_error)
            if self._report:
                self._report(DeviceStatus(self.name, False, self.last_error))

    def _keep_alive(self) -> None:
        """The status read, luma's init sequence, contrast and on/off in one transaction, then one
        page of the picture, or all of it when the status shows the panel reset."""
        self._keepalive_at = self.clock() + self.keepalive
        self.stats.keepalives += 1
        page = self._keepalive_page
        self._keepalive_page = (page + 1) % PAGES
        on_off = DISPLAY_OFF if self._asleep else DISPLAY_OFF + 1
        try:
            # Asleep, the panel says "off" either way: only the page rewrite can mend it.
            was_reset = not self._asleep and not status_says_on(read_status(self._serial))
            inverse = INVERSE if self._panel_inverted else NORMAL  # the init sequence says normal
            payloads = [bytes((COMMAND, *init_sequence(self.model), 0x81, self._contrast, inverse, on_off))]
            if self._on_panel is not None:
                first, last = (0, PAGES - 1) if was_reset else (page, page)
                window = Window(first, last, 0, WIDTH - 1)
                payloads += window_payloads(self.model, window, self._on_panel)
                self._count(window)
            send_payloads(self._serial, payloads)
        except (OSError, LumaError) as error:
            self._fail(error)

    def _send(self, image: Image.Image) -> bool:
        frame = self._framebuffer(image)
        windows = plan_windows(self._on_panel, frame, self.model)
        if not windows and self._inverted == self._panel_inverted:
            self.stats.skipped += 1
            return True
        # After the picture, the inversion: both change in one refresh.
        inversion = () if self._inverted == self._panel_inverted else (INVERSE if self._inverted else NORMAL,)
        try:
            write_windows(self._serial, self.model, windows, frame, inversion)
        except (OSError, LumaError) as error:
            self._fail(error)
            return False
        for window in windows:
            self._count(window)
        self._panel_inverted = self._inverted
        self._on_panel = frame
        return True

    def _count(self, window: Window) -> None:
        self.stats.windows += 1
        self.stats.data_bytes += window.size

    # --- writes shared with other seats (hardware/shared_writes.py) ------------------------------
    def frame(self, image: Image.Image) -> bytes | None:
        """`image` as the panel's RAM would hold it, if the panel works and its RAM is known (None:
        it cannot share a write, and `show` does everything itself)."""
        if self._failed or self._on_panel is None:
            return None
        return self._framebuffer(image)

    def _framebuffer(self, image: Image.Image) -> bytes:
        """`image` as the panel's RAM holds it. The same picture object is converted once: a seat
        whose screen did not change is handed the very picture it was last drawn (kiosk/seats/screen.py
        keeps them), and nobody draws on a picture once it is shown."""
        if self._converted is not None and self._converted[0] is image:
            return self._converted[1]
        frame = image_to_framebuffer(self._device.preprocess(image))
        self._converted = (image, frame)
        return frame

    @property
    def on_panel(self) -> bytes | None:
        return self._on_panel

    @property
    def panel_inverted(self) -> bool:
        return self._panel_inverted

    def carried(self, window: Window, frame: bytes) -> None:
        """A write shared with other panels put `frame`'s `window` on this one."""
        if self._on_panel is None:
            return
        ram = bytearray(self._on_panel)
        for page in range(window.first_page, window.last_page + 1):
            start = page * WIDTH
            ram[start + window.first_column:start + window.last_column + 1] = \
                frame[start + window.first_column:start + window.last_column + 1]
        self._on_panel = bytes(ram)
        self.stats.windows += 1
        self.stats.data_bytes += window.size

    def carried_inversion(self, inverted: bool) -> None:
        """A command shared with other panels told this one to show its RAM inverted or not."""
        self._panel_inverted = inverted


def write_windows(serial: Any, model: str, windows: list[Window] | tuple[Window, ...], frame: bytes,
                  commands: tuple[int, ...] = ()) -> None:
    """`frame`'s bytes in each of `windows` to the panel(s) behind `serial` (luma's serial interface),
    then `commands` (an inversion), all in one I2C_RDWR call: a message each for a window's address
    commands and for its data, the same bytes luma's `command` and `data` would send, in as many
    transactions. The kernel's driver sends them one after another with a repeated start between (the
    BCM2835's since Linux 4.13), so the wire carries what it did; the loop pays one system call, one
    smbus2 and one mux lock a seat's update rather than two of each a window (some 50 a page of a
    menu at 400 kHz)."""
    payloads = [payload for window in windows for payload in window_payloads(model, window, frame)]
    if commands:
        payloads.append(bytes((COMMAND, *commands)))
    send_payloads(serial, payloads)


def window_payloads(model: str, window: Window, frame: bytes) -> list[bytes]:
    """The messages that put `frame`'s `window` on a panel: its address commands, then its data."""
    first, last = window.first_column, window.last_column
    if model == "ssd1306":
        # luma leaves the SSD1306 in horizontal addressing mode: set a window, stream its bytes.
        data = b"".join(frame[page * WIDTH + first:page * WIDTH + last + 1]
                        for page in range(window.first_page, window.last_page + 1))
        return [bytes((COMMAND, 0x21, first, last, 0x22, window.first_page, window.last_page)), DATA + data]
    column = first + SH1106_COLUMN_OFFSET
    payloads = []
    for page in range(window.first_page, window.last_page + 1):
        payloads.append(bytes((COMMAND, 0xB0 | page, column & 0x0F, 0x10 | (column >> 4))))
        payloads.append(DATA + frame[page * WIDTH + first:page * WIDTH + last + 1])
    return payloads


def send_payloads(serial: Any, payloads: list[bytes]) -> None:
    """Each payload (its control byte first) as one message to the panel's address, in I2C_RDWR calls
    of at most `MOST_MESSAGES`, through the bus luma's interface holds (a mux channel's view, or
    smbus2's bus of a kernel channel)."""
    bus, address, message = serial._bus, serial._addr, smbus2.i2c_msg.write
    try:
        for start in range(0, len(payloads), MOST_MESSAGES):
            bus.i2c_rdwr(*(message(address, payload) for payload in payloads[start:start + MOST_MESSAGES]))
    except OSError as error:  # as luma's `command` says it: the panel did not acknowledge
        if error.errno not in (errno.EREMOTEIO, errno.EIO):
            raise
        raise DeviceNotFoundError(f"I2C device not found on address: 0x{address:02X}") from error
