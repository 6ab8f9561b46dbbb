"""`CardReader`: a PN532 on a serial port, polled on a background thread.

It uses Adafruit's `PN532_UART` driver over a pyserial `Serial`. Each tag arrival becomes one
`TagSeen` event (UID, plus the NDEF text record when the tag has one); a tag left on the reader is
not reported again until it has been taken away, for at least `gone_after` seconds: a PN532 does not
see a card lying on it at every poll (a selected card skips some requests, a card at the edge of the
field flickers), and a second report would be a second move (Mystery City: a card played, then taken
out of play). A card lifted and laid again later, or swapped for another, counts again. The poller survives everything the reader can do:

- a corrupt frame or a missed ACK is retried;
- after `failures_before_reset` failures in a row, the PN532 is reset through its RSTPDN pin (it can
  hang until reset) and the reader is reported failed;
- when a reset does not help or the port itself disappears (a USB reader pulled out), the port is
  closed and reopened with back-off;
- and it never raises into the game: every failure and recovery is a `DeviceStatus` event.

The driver (`hardware.pn532_driver`, and with it Adafruit's Blinka) is imported when a reader is
opened, not with this module: `kiosk config check`, `kiosk tags` and a table without a reader never
load Blinka, which on a Raspberry Pi reads /proc/cpuinfo and needs gpiod. A driver that fails to load
is a reader failure like any other, reported and retried.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Callable

import serial
import termios

from hardware.events import Backoff, DeviceStatus, TagSeen
from hardware.ndef_tags import NdefError, read_text, text_to_user_memory

log = logging.getLogger(__name__)

# Everything pyserial and the driver raise when the chip or the port misbehaves (the driver's own
# BusyError is added once it is loaded: `CardReader.errors`).
READER_ERRORS: tuple[type[BaseException], ...] = (
    RuntimeError, OSError, termios.error, NdefError, TypeError, IndexError,
)


class ReaderNotAnswering(RuntimeError):
    pass


class TagWriteError(RuntimeError):
    pass


class ResetLine:
    """The PN532's RSTPDN line in the shape the Adafruit driver expects of a `digitalio` pin
    (`.direction`, `.value`), backed by a gpiozero DigitalOutputDevice (real or mock pins)."""

    def __init__(self, device: Any) -> None:
        self.device = device
        self.direction: Any = None

    @property
    def value(self) -> bool:
        return bool(self.device.value)

    @value.setter
    def value(self, level: bool) -> None:
        if level:
            self.device.on()
        else:
            self.device.off()


@dataclass
class ReaderStats:
    polls: int = 0
    tags: int = 0
    errors: int = 0
    resets: int = 0
    opens: int = 0


class CardReader:
    """`reader.start()` begins polling; tag arrivals go to `events`. `stop()` ends the thread."""

    def __init__(
        self,
        port: str,
        events: queue.Queue,
        *,
        name: str = "center",
        baud: int = 115200,
        reset: Any = None,
        want_ndef: Callable[[str], bool] | None = None,
        poll_timeout: float = 0.5,
        ack_timeout: float = 0.1,
        serial_timeout: float = 0.02,
        held_interval: float = 0.05,
        gone_after: float = 0.8,
        clock: Callable[[], float] = time.monotonic,
        failures_before_reset: int = 3,
        backoff: Backoff | None = None,
    ) -> None:
        self.port = port
        self.events = events
        self.name = name
        self.baud = baud
        self.reset_line = ResetLine(reset) if reset is not None else None
        self.want_ndef = want_ndef or (lambda uid: True)
        self.poll_timeout = poll_timeout
        self.ack_timeout = ack_timeout
        self.serial_timeout = serial_timeout
        self.held_interval = held_interval
        self.gone_after = gone_after
        self._clock = clock
        self.failures_before_reset = failures_before_reset
        self.backoff = backoff or Backoff(first=0.5, limit=30)
        self.stats = ReaderStats()
        self.failed = False
        self.last_error: str | None = None
        self.present: str | None = None  # UID of the tag on the reader now
        self._seen_at = 0.0  # when the reader last saw `present`
        self._serial: Any = None
        self._pn532: Any = None
        self._failures = 0
        self._misses = 0
        self._ndef_failures = 0
        self._stop = threading.Event()
        self._requests: queue.Queue[tuple[Callable[[Any], Any], Future]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()  # set once the reader has answered
        self.errors = READER_ERRORS  # what a poll may raise, the driver's own errors once it is loaded

    @property
    def device(self) -> str:
        return f"reader:{self.name}"

    # --- lifecycle -----------------------------------------------------------------------------
    def start(self) -> CardReader:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"reader-{self.name}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        self._close()
        while not self._requests.empty():
            _, future = self._requests.get_nowait()
            future.set_exception(TagWriteError("the reader stopped"))

    def __enter__(self) -> CardReader:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- writing stickers (`kiosk tags write`) --------------------------------------------------
    def write_text(self, text: str, timeout: float = 5.0) -> str:
        """Write `text` as the NDEF record of the tag on the reader, read it back, return its UID.

        Runs on the poller thread (it owns the serial port). Raises TagWriteError."""
        memory = text_to_user_memory(text)

        def write(pn532: Any) -> str:
            uid = pn532.read_passive_target(timeout=self.poll_timeout)
            if uid is None:
                raise TagWriteError("no tag on the reader")
            for index in range(0, len(memory), 4):
                if not pn532.ntag2xx_write_block(4 + index // 4, memory[index:index + 4]):
                    raise TagWriteError(f"page {4 + index // 4} refused the write")
            if read_text(pn532.mifare_classic_read_block) != text:
                raise TagWriteError("the record read back differs")
            return str(bytes(uid).hex().upper())

        future: Future = Future()
        self._requests.put((write, future))
        try:
            return str(future.result(timeout=timeout))
        except TimeoutError as error:
            raise TagWriteError("the reader did not finish in time") from error
        except self.errors as error:
            if isinstance(error, TagWriteError):
                raise
            raise TagWriteError(str(error) or type(error).__name__) from error

    # --- the poller ------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            if self._pn532 is None and not self._open():
                self._stop.wait(self.backoff.next_delay())
                continue
            try:
                self._serve_requests()
                self._poll()
            except self.errors as error:
                self._glitch(error)
            except Exception as error:  # a driver bug must not kill the poller either
                log.exception("reader %s: unexpected error", self.name)
                self._glitch(error)

    def _open(self) -> bool:
        try:
            from hardware.pn532_driver import DRIVER_ERRORS, QuietPN532  # Blinka, loaded here only

            self.errors = (*READER_ERRORS, *DRIVER_ERRORS)
            # The driver asks for more bytes than some answers hold (64 for InListPassiveTarget), so
            # such a read lasts the whole `serial_timeout`: keep it short. 20 ms is three times what
            # the longest PN532 frame takes at 115200 baud.
            self._serial = serial.Serial(self.port, self.baud, timeout=self.serial_timeout, write_timeout=0.5)
            # The constructor pulses RSTPDN, wakes the chip up and asks its firmware version.
            self._pn532 = QuietPN532(self._serial, reset=self.reset_line)
            self.stats.opens += 1
        except (*self.errors, serial.SerialException, ValueError) as error:
            self._close()
            self._set_failed(f"{self.port}: {error}")
            return False
        self._failures = 0
        self._set_ok()
        return True

    def _close(self) -> None:
        self._pn532 = None
        if self._serial is not None:
            try:
                self._serial.close()
            except Exception:  # closing a port whose device vanished may fail; it is gone anyway
                pass
            self._serial = None

    def _serve_requests(self) -> None:
        while not self._requests.empty():
            action, future = self._requests.get_nowait()
            try:
                future.set_result(action(self._pn532))
            except Exception as error:
                future.set_exception(error)

    def _poll(self) -> None:
        pn532 = self._pn532
        self.stats.polls += 1
        if not pn532.listen_for_passive_target(timeout=self.ack_timeout):
            raise ReaderNotAnswering("no ACK")
        uid_bytes = pn532.get_passive_target(timeout=self.poll_timeout)
        self._failures = 0
        self._set_ok()
        if uid_bytes is None:
            self._misses += 1
            if self._misses >= 2 and self._clock() - self._seen_at >= self.gone_after:
                self.present = None  # missed long enough to have been taken away
            return
        self._misses = 0
        uid = bytes(uid_bytes).hex().upper()
        if uid == self.present:
            self._seen_at = self._clock()
            self._stop.wait(self.held_interval)  # the same tag still lies there: nothing new
            return
        text: str | None = None
        if self.want_ndef(uid):
            try:
                text = read_text(pn532.mifare_classic_read_block)
            except NdefError as error:
                self._ndef_failures += 1
                if self._ndef_failures < 3:
                    log.info("tag %s: NDEF not read (%s), trying again", uid, error)
                    return
                log.warning("tag %s: NDEF unreadable (%s), reporting the UID alone", uid, error)
        self._ndef_failures = 0
        self.present, self._seen_at = uid, self._clock()
        self.stats.tags += 1
        self.events.put(TagSeen(self.name, uid, text))

    def _glitch(self, error: BaseException) -> None:
        self.stats.errors += 1
        self._failures += 1
        detail = str(error) or type(error).__name__
        log.info("reader %s: %s (%d in a row)", self.name, detail, self._failures)
        if self._failures < self.failures_before_reset:
            self._flush()
            return
        self._set_failed(detail)
        if self._failures == self.failures_before_reset:
            self._hardware_reset()
        else:
            log.warning("reader %s: reset did not help, reopening %s", self.name, self.port)
            self._close()
            self._stop.wait(self.backoff.next_delay())

    def _flush(self) -> None:
        try:
            if self._serial is not None:
                self._serial.reset_input_buffer()
        except (OSError, termios.error, serial.SerialException):
            pass

    def _hardware_reset(self) -> None:
        self.stats.resets += 1
        try:
            self._pn532.reset()  # RSTPDN low 100 ms, high, wake-up, SAMConfiguration
            _ = self._pn532.firmware_version
        except self.errors as error:
            log.warning("reader %s: still silent after a reset: %s", self.name, error)
            return
        self._failures = 0
        self._set_ok()

    def _set_failed(self, detail: str) -> None:
        self.last_error = detail
        if not self.failed:
            self.failed = True
            log.warning("reader %s failed: %s", self.name, detail)
            self.events.put(DeviceStatus(self.device, False, detail))

    def _set_ok(self) -> None:
        self.ready.set()
        if self.failed:
            self.failed = False
            self.backoff.reset()
            log.info("reader %s is back", self.name)
            self.events.put(DeviceStatus(self.device, True, ""))

