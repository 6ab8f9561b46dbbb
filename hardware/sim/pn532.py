"""A PN532 NFC controller simulated on a pseudo-terminal, speaking the real HSU frame protocol.

The real Adafruit `PN532_UART` driver, over a real pyserial `Serial` opened on `port` (a symlink to
the pty's slave, so it survives an unplug/plug like a udev by-id link), talks to it exactly as to the
chip: wake-up preamble, normal information frames (preamble, start code, LEN/LCS, TFI, data, DCS,
postamble), ACK/NACK frames, and the commands the kiosk uses: GetFirmwareVersion, SAMConfiguration,
RFConfiguration, InListPassiveTarget (held pending until a tag arrives, as the chip does),
InDataExchange with NTAG2xx READ/WRITE, InRelease, PowerDown.

Tags are programmable (`SimTag.ntag213(uid, text)`: NTAG213 memory, NDEF text via ndeflib), and faults
can be injected: "bad_checksum" (the response's DCS is wrong), "garbage" (noise instead of an answer),
"silence" (no answer at all, not even to a reset), "hung" (no answer until the RSTPDN line is pulsed
low), plus `unplug()`/`plug()` for a reader that disappears from the port.

The protocol is hand-written from the PN532 User Manual (UM0701-02, section 6.2): no library simulates
the chip's side of it.
"""

from __future__ import annotations

import os
import random
import select
import threading
import time
import tty
from dataclasses import dataclass, field
from pathlib import Path

from hardware.ndef_tags import NTAG213_CAPABILITY, text_to_user_memory

ACK = b"\x00\x00\xFF\x00\xFF\x00"
NACK = b"\x00\x00\xFF\xFF\x00\x00"
ERROR_FRAME = b"\x00\x00\xFF\x01\xFF\x7F\x81\x00"  # "application level error"
FIRMWARE = bytes([0x32, 0x01, 0x06, 0x07])  # PN532, v1.6, ISO14443A/B + FeliCa
FAULTS = ("bad_checksum", "garbage", "silence", "hung")

CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_POWER_DOWN = 0x16
CMD_RF_CONFIGURATION = 0x32
CMD_IN_DATA_EXCHANGE = 0x40
CMD_IN_LIST_PASSIVE_TARGET = 0x4A
CMD_IN_RELEASE = 0x52
NTAG_READ = 0x30
NTAG_WRITE = 0xA2
STATUS_OK = 0x00
STATUS_TIMEOUT = 0x01  # the target did not answer
STATUS_NAK = 0x14  # the target refused (page out of range, locked)


def frame(data: bytes) -> bytes:
    """A normal information frame around `data` (TFI included)."""
    length = len(data)
    return bytes([0x00, 0x00, 0xFF, length, (-length) & 0xFF]) + data + bytes([(-sum(data)) & 0xFF, 0x00])


@dataclass
class SimTag:
    """An NTAG213: 45 pages of 4 bytes. Pages 0-2 hold the 7-byte UID, page 3 the capability
    container, 4-39 user memory."""

    uid: bytes
    pages: bytearray = field(default_factory=lambda: bytearray(45 * 4))
    writable: bool = True

    @classmethod
    def ntag213(cls, uid: bytes | str, text: str | None = None) -> SimTag:
        raw = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        if len(raw) != 7:
            raise ValueError("an NTAG213 UID is 7 bytes")
        tag = cls(raw)
        bcc0 = 0x88 ^ raw[0] ^ raw[1] ^ raw[2]
        bcc1 = raw[3] ^ raw[4] ^ raw[5] ^ raw[6]
        tag.pages[0:16] = bytes([raw[0], raw[1], raw[2], bcc0, *raw[3:7], bcc1, 0x48, 0, 0]) + NTAG213_CAPABILITY
        memory = text_to_user_memory(text) if text is not None else bytes([0x03, 0x00, 0xFE, 0x00])
        tag.pages[16:16 + len(memory)] = memory
        return tag

    @property
    def uid_hex(self) -> str:
        return self.uid.hex().upper()

    def read(self, page: int) -> bytes | None:
        if not 0 <= page < 45:
            return None
        # READ returns 4 pages, rolling over past the last page (NTAG21x datasheet, 10.2).
        return b"".join(bytes(self.pages[((page + i) % 45) * 4:((page + i) % 45) * 4 + 4]) for i in range(4))

    def write(self, page: int, data: bytes) -> bool:
        if not self.writable or not 4 <= page <= 39 or len(data) != 4:
            return False
        self.pages[page * 4:page * 4 + 4] = data
        return True


class PN532Simulator:
    """The simulated chip and its serial port. Use as a context manager, or `start()`/`close()`."""

    def __init__(self, directory: Path | str, name: str = "pn532") -> None:
        self.port = str(Path(directory) / name)
        self.tag: SimTag | None = None
        self.frames_received = 0
        self.bad_frames = 0
        self.commands: list[int] = []
        self.resets = 0
        self.tag_placed_at: float | None = None
        self.answered_tag_at: float | None = None
        self._faults: dict[str, int | None] = {}
        self._lock = threading.RLock()
        self._buffer = bytearray()
        self._pending_list = False  # an InListPassiveTarget waiting for a tag
        self._selected: SimTag | None = None
        self._in_reset = False
        self._hung = False
        self._last_response = b""
        self._master: int | None = None
        self._slave: int | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._random = random.Random(532)

    # --- lifecycle -----------------------------------------------------------------------------
    def start(self) -> PN532Simulator:
        self.plug()
        self._thread = threading.Thread(target=self._run, name="pn532-sim", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop = True
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.unplug()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> PN532Simulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def plug(self) -> None:
        """Connect the reader: a new pty, and `port` pointing at it."""
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)  # no echo, no line discipline: bytes pass as on a UART
            self._master, self._slave = master, slave
            link = Path(self.port)
            if link.is_symlink() or link.exists():
                link.unlink()
            link.symlink_to(os.ttyname(slave))
            self._buffer.clear()
            self._power_on()
        self._wake()

    def unplug(self) -> None:
        """Disconnect the reader: the port disappears and the open one stops working."""
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
            self._master = self._slave = None
            link = Path(self.port)
            if link.is_symlink():
                link.unlink()
        self._wake()

    @property
    def plugged(self) -> bool:
        return self._master is not None

    # --- the world around the chip ----------------------------------------------------------
    def place(self, tag: SimTag) -> None:
        """Put a tag on the antenna (replacing any tag there)."""
        with self._lock:
            self.tag = tag
            self._selected = None
            self.tag_placed_at = time.perf_counter()
        self._wake()

    def remove(self) -> None:
        with self._lock:
            self.tag = None
            self._selected = None

    def inject(self, fault: str, times: int | None = None) -> None:
        """Make the next `times` commands (all of them if None) meet `fault`."""
        if fault not in FAULTS:
            raise ValueError(f"unknown PN532 fault {fault!r}, expected one of {', '.join(FAULTS)}")
        with self._lock:
            if fault == "hung":
                self._hung = True
            else:
                self._faults[fault] = times

    def clear_faults(self) -> None:
        with self._lock:
            self._faults.clear()
            self._hung = False

    @property
    def waiting_for_tag(self) -> bool:
        """An InListPassiveTarget is pending: the chip answers as soon as a tag arrives."""
        return self._pending_list

    @property
    def hung(self) -> bool:
        return self._hung

    def set_reset_line(self, level: float) -> None:
        """RSTPDN, wired to a GPIO: low holds the chip in reset, the rising edge restarts it."""
        with self._lock:
            low = level < 0.5
            if low and not self._in_reset:
                self._in_reset = True
                self._pending_list = False
            elif not low and self._in_reset:
                self._in_reset = False
                self.resets += 1
                self._power_on()

    def _power_on(self) -> None:
        self._hung = False
        self._pending_list = False
        self._selected = None

    # --- the serial side ---------------------------------------------------------------------
    def _wake(self) -> None:
        try:
            os.write(self._wake_w, b"!")
        except OSError:
            pass

    def _run(self) -> None:
        """Sleep until the reader writes or the world changes (`_wake`: a tag placed, the reader
        plugged or unplugged, closing): the one pending answer waits on a tag, and `place` wakes it."""
        while not self._stop:
            master = self._master
            watched = [self._wake_r] + ([master] if master is not None else [])
            try:
                ready, _, _ = select.select(watched, [], [])
            except (OSError, ValueError):
                continue
            if self._wake_r in ready:
                try:
                    os.read(self._wake_r, 1024)
                except OSError:
                    pass
            if master is not None and master in ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    chunk = b""  # nobody has the slave open right now
                    time.sleep(0.01)
                with self._lock:
                    if self._master == master:
                        self._buffer.extend(chunk)
                        self._parse()
            with self._lock:
                if self._pending_list and self.tag is not None and not self._in_reset:
                    self._pending_list = False
                    self._answer(CMD_IN_LIST_PASSIVE_TARGET, self._target_data(), ack=False)
                    self.answered_tag_at = time.perf_counter()

    def _send(self, data: bytes) -> None:
        if self._master is None:
            return
        try:
            os.write(self._master, data)
        except OSError:
            pass

    def _parse(self) -> None:
        buffer = self._buffer
        while True:
            start = buffer.find(b"\x00\xFF")
            if start < 0:
                del buffer[:max(0, len(buffer) - 1)]
                return
            del buffer[:start]
            if len(buffer) < 4:
                return
            length, check = buffer[2], buffer[3]
            if (length, check) == (0x00, 0xFF):  # ACK from the host: abort the running command
                del buffer[:4]
                self._pending_list = False
                continue
            if (length, check) == (0xFF, 0x00):  # NACK: send the last response again
                del buffer[:4]
                if not self._silent():
                    self._send(self._last_response)
                continue
            if (length + check) & 0xFF:
                self.bad_frames += 1
                del buffer[:2]
                continue
            if len(buffer) < 4 + length + 1:
                return
            data = bytes(buffer[4:4 + length])
            checksum = buffer[4 + length]
            del buffer[:4 + length + 1]
            self.frames_received += 1
            if (sum(data) + checksum) & 0xFF or length < 2 or data[0] != 0xD4:
                self.bad_frames += 1  # the chip drops a corrupt frame without a word
                continue
            self._command(data[1], data[2:])

    def _silent(self) -> bool:
        return self._in_reset or self._hung or "silence" in self._faults

    def _take(self, fault: str) -> bool:
        if fault not in self._faults:
            return False
        remaining = self._faults[fault]
        if remaining is not None:
            if remaining <= 1:
                del self._faults[fault]
            else:
                self._faults[fault] = remaining - 1
        return True

    def _answer(self, command: int, payload: bytes, *, ack: bool = True) -> None:
        response = frame(bytes([0xD5, command + 1]) + payload)
        if self._take("bad_checksum"):
            response = response[:-2] + bytes([(response[-2] + 1) & 0xFF, 0x00])
        self._last_response = response
        self._send((ACK if ack else b"") + response)

    def _command(self, command: int, params: bytes) -> None:
        self.commands.append(command)
        if self._silent():
            if "silence" in self._faults:
                self._take("silence")
            return
        if self._take("garbage"):
            self._send(bytes(self._random.randrange(256) for _ in range(9)))
            return
        self._pending_list = False  # a new command ends a pending InListPassiveTarget
        if command == CMD_GET_FIRMWARE_VERSION:
            self._answer(command, FIRMWARE)
        elif command in (CMD_SAM_CONFIGURATION, CMD_RF_CONFIGURATION):
            self._answer(command, b"")
        elif command == CMD_POWER_DOWN:
            self._answer(command, bytes([STATUS_OK]))
        elif command == CMD_IN_RELEASE:
            self._selected = None
            self._answer(command, bytes([STATUS_OK]))
        elif command == CMD_IN_LIST_PASSIVE_TARGET:
            self._send(ACK)
            if self.tag is not None:
                self._answer(command, self._target_data(), ack=False)
                self.answered_tag_at = time.perf_counter()
            else:
                self._pending_list = True
        elif command == CMD_IN_DATA_EXCHANGE:
            self._answer(command, self._exchange(params))
        else:
            self._send(ACK + ERROR_FRAME)

    def _target_data(self) -> bytes:
        tag = self.tag
        assert tag is not None
        self._selected = tag
        # NbTg, Tg, SENS_RES (0x0044: NTAG), SEL_RES, NFCID length, NFCID
        return bytes([0x01, 0x01, 0x00, 0x44, 0x00, len(tag.uid)]) + tag.uid

    def _exchange(self, params: bytes) -> bytes:
        tag = self._selected
        if tag is None or tag is not self.tag or len(params) < 3:
            return bytes([STATUS_TIMEOUT])
        operation, page = params[1], params[2]
        if operation == NTAG_READ:
            data = tag.read(page)
            return bytes([STATUS_OK]) + data if data is not None else bytes([STATUS_NAK])
        if operation == NTAG_WRITE:
            return bytes([STATUS_OK if tag.write(page, bytes(params[3:7])) else STATUS_NAK])
        return bytes([STATUS_NAK])
