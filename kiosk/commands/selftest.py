"""`kiosk selftest`: walk a maker through every seat screen, button, the buzzer and the reader.

For each configured seat it draws a test pattern, asks for each button and beeps; then it asks for a
tag tap, and prints a table of what passed and failed with the likely cause of each failure. The exit
code is non-zero when anything failed. `--mock` runs the same walk by itself on the mock table, and
`--mock-fault NAME` breaks that table first so the report of a failure can be seen.
"""

from __future__ import annotations

import argparse
import logging
import queue
import sys
import time
from dataclasses import dataclass
from typing import Any, Protocol

from gpiozero.exc import GPIOZeroError
from PIL import Image, ImageDraw

from hardware.events import ButtonPress, DeviceStatus, TagSeen
from hardware.i2c_clock import status_says_on
from hardware.sim.mock_table import MOCK_FAULTS, MockTable, build_mock_table
from hardware.pinmap import BUTTONS, PinRef
from hardware.sim.pn532 import SimTag
from hardware.table import Table, build_table
from hardware.tags import TagMatch
from kiosk.config import ConfigError, TableConfig, load_config
from kiosk.i18n import N_, Text, _, counted

PASS, WARN, FAIL = "pass", "warn", "FAIL"
BUTTON_NAMES = {"prev": N_("PREVIOUS"), "next": N_("NEXT"), "select": N_("● (SELECT)")}


@dataclass
class Check:
    part: str
    result: str  # PASS, WARN or FAIL
    detail: str = ""


@dataclass
class Timeouts:
    button: float = 30.0
    tag: float = 30.0
    reader_ready: float = 10.0


class Operator(Protocol):
    """The person at the table: follows prompts and answers questions."""

    def say(self, text: str) -> None: ...

    def press(self, seat: int, button: str) -> None: ...

    def tap(self) -> None: ...

    def sees(self, seat: int, pattern: Image.Image) -> bool: ...

    def heard_beep(self, since: int) -> bool: ...


class HumanOperator:
    """A maker at a real table, answering on the terminal."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def say(self, text: str) -> None:
        print(text, flush=True)

    def press(self, seat: int, button: str) -> None:
        pass  # the person does it

    def tap(self) -> None:
        pass

    def _yes(self, question: str) -> bool:
        try:
            yes_no = _("y/n")
            answer = input(f"{question} [{yes_no}] ")
        except EOFError:
            return False
        return answer.strip().lower()[:1] in ("y", "s")  # yes / sí

    def sees(self, seat: int, pattern: Image.Image) -> bool:
        return self._yes(_("Seat {seat}: do you see a frame, the seat number and a checkerboard?").format(seat=seat + 1))

    def heard_beep(self, since: int) -> bool:
        return self._yes(_("Did you hear a beep?"))


class MockOperator:
    """The mock table's own hands and eyes: presses, taps and checks what the panels show."""

    def __init__(self, mock: MockTable, tag: SimTag, faults_at_tap: tuple[str, ...] = (), quiet: bool = False) -> None:
        self.mock = mock
        self.tag = tag
        self.faults_at_tap = faults_at_tap
        self.quiet = quiet

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, flush=True)

    def press(self, seat: int, button: str) -> None:
        self.mock.press(seat, button)

    def tap(self) -> None:
        for fault in self.faults_at_tap:
            self.mock.inject(fault)
        self.mock.tap(self.tag)

    def sees(self, seat: int, pattern: Image.Image) -> bool:
        return self.mock.screen(seat).tobytes() == pattern.tobytes()

    def heard_beep(self, since: int) -> bool:
        assert self.mock.whistle is not None
        pin = self.mock.backend.factories["header"].pin(self.mock.pinmap.buzzer.name)
        return any(f is not None for f in pin.frequencies[since:])


def pattern_for(seat: int, size: tuple[int, int]) -> Image.Image:
    """A frame, a checkerboard corner (pixel-exact) and the seat number."""
    image = Image.new("1", size)
    draw = ImageDraw.Draw(image)
    width, height = size
    draw.rectangle((0, 0, width - 1, height - 1), outline=1)
    for y in range(2, 18):
        for x in range(2, 18):
            if (x + y) % 2:
                image.putpixel((x, y), 1)
    draw.text((24, 4), f"SEAT {seat + 1}", fill=1)
    draw.line((2, height - 4, width - 3, height - 4), fill=1)
    return image


def pin_cause(pin: PinRef) -> str:
    if pin.chip == "expander":
        return _("no press from {pin}: check the button's wires to the MCP23017 and GND, and the expander (0x20, INTA to GPIO17)").format(pin=pin)
    return _("no press from {pin} (header pin {physical}): check the button's wires to that pin and to GND").format(pin=pin, physical=pin.physical)


def reader_cause(detail: str | None, port: str) -> str:
    detail = detail or ""
    if "could not open port" in detail or "No such file" in detail:
        return _("no serial port {port}: enable the UART (enable_uart=1) or plug the USB adapter in").format(port=port)
    if "checksum" in detail:
        return _("reader answers with corrupt frames: check the ground wire, the cable length and the baud rate (115200)")
    if "expected ACK" in detail or "unexpected" in detail:
        return _("noise on the serial line: check the ground wire and that nothing else uses {port}").format(port=port)
    return _("reader silent: check the serial console is off, TX/RX crossed, HSU switches (both off) and its 5 V supply")


class Walk:
    """One selftest run over a table."""

    def __init__(self, table: Table, operator: Operator, timeouts: Timeouts) -> None:
        self.table = table
        self.operator = operator
        self.timeouts = timeouts
        self.checks: list[Check] = []
        self.statuses: list[DeviceStatus] = []

    def wait_for(self, wanted: type, timeout: float) -> Any:
        """The next event of type `wanted` within `timeout` s (None if none); statuses are kept."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                event = self.table.events.get(timeout=remaining)
            except queue.Empty:
                return None
            if isinstance(event, DeviceStatus):
                self.statuses.append(event)
            if isinstance(event, wanted):
                return event

    def run(self) -> list[Check]:
        self.bus_clock()
        for seat in self.table.seats:
            self.seat(seat)
        self.reader()
        return self.checks

    def bus_clock(self) -> None:
        """The clock table.toml expects against the one the kernel reports, for each bus."""
        for name, i2c in self.table.config.buses().items():
            wanted = i2c.speed_hz
            running = getattr(self.table.backend, "kernel_clock_hz", lambda bus: None)(name)
            part = _("I2C clock (i2c-{bus})").format(bus=i2c.bus)
            if name == "i2c2":  # set by its overlay's baudrate, not by dtparam
                fix = _("dtoverlay=i2c3,pins_4_5,baudrate={hz} (Pi 4) or dtoverlay=i2c2-pi5,pins_4_5,baudrate={hz} "
                        "(Pi 5)").format(hz=wanted)
                if running is None:
                    self.checks.append(Check(part, WARN, _("the kernel does not report the clock of i2c-{bus}: check that config.txt has {fix}").format(bus=i2c.bus, fix=fix)))
                elif running != wanted:
                    self.checks.append(Check(part, FAIL, _("table.toml says i2c2.speed_hz = {wanted} but the kernel runs i2c-{bus} at {running} Hz: set {fix} in config.txt and reboot").format(wanted=wanted, bus=i2c.bus, running=running, fix=fix)))
                else:
                    self.checks.append(Check(part, PASS, f"{wanted // 1000} kHz"))
            elif running is None:
                self.checks.append(Check(part, WARN, _("the kernel does not report the clock of i2c-{bus}: check that config.txt has dtparam=i2c_arm_baudrate={hz}").format(bus=i2c.bus, hz=wanted)))
            elif running != wanted:
                self.checks.append(Check(part, FAIL, _("table.toml says speed_hz = {wanted} but the kernel runs i2c-{bus} at {running} Hz: set dtparam=i2c_arm_baudrate={wanted} in config.txt and reboot").format(wanted=wanted, bus=i2c.bus, running=running)))
            else:
                self.checks.append(Check(part, PASS, f"{wanted // 1000} kHz"))

    def seat(self, seat: Any) -> None:
        number = seat.index + 1
        config = seat.config.display
        i2c = self.table.config.bus_of(seat.config)
        pattern = pattern_for(seat.index, seat.display.size)
        self.operator.say(_("Seat {seat}: test pattern on the screen").format(seat=number))
        part = _("seat {seat} screen").format(seat=number)
        shown = seat.display.show(pattern)
        if not shown:
            where = _("channel {channel}").format(channel=config.channel)
            if self.table.config.backend == "pi" and i2c.mux == "kernel":
                where += f" (/dev/i2c-{i2c.bus_for_channel(config.channel)})"
            cause = _("no answer at 0x{address:02X} on {where}: check SDA/SCL and power").format(address=config.address, where=where)
            if i2c.speed_hz > 400_000:
                cause += " " + _("(or the screen does not follow {khz} kHz: try speed_hz = 400000)").format(khz=i2c.speed_hz // 1000)
            self.checks.append(Check(part, FAIL, cause))
        elif (status := seat.display.read_status()) is None or not status_says_on(status):
            self.checks.append(Check(part, FAIL, _("the screen takes writes but does not read back at {khz} kHz: lower speed_hz in table.toml (and dtparam=i2c_arm_baudrate)").format(khz=i2c.speed_hz // 1000)))
        elif not self.operator.sees(seat.index, pattern):
            self.checks.append(Check(part, FAIL, _("the screen answers but does not show the pattern: check the model ({model}) and rotation in table.toml").format(model=config.model)))
        else:
            channel = _("channel {channel}").format(channel=config.channel)
            read_back = _("status 0x{status:02X} read back at {khz} kHz").format(status=status, khz=i2c.speed_hz // 1000)
            self.checks.append(Check(part, PASS, f"{config.model}, 0x{config.address:02X}, {channel}, {read_back}"))
        for button in BUTTONS:
            pin = seat.buttons.pins[button]
            part = _("seat {seat} {button} ({pin})").format(seat=number, button=button, pin=pin)
            self.operator.say(_("Seat {seat}: press {button}").format(seat=number, button=_(BUTTON_NAMES[button])))
            self.operator.press(seat.index, button)
            event = self.wait_for(ButtonPress, self.timeouts.button)
            if event is None:
                self.checks.append(Check(part, FAIL, pin_cause(pin)))
            elif (event.seat, event.button) != (seat.index, button):
                self.checks.append(Check(part, FAIL, _("got seat {seat} {button} instead: the wires are swapped").format(seat=event.seat + 1, button=event.button)))
            else:
                self.checks.append(Check(part, PASS))
        if self.table.whistle is not None:
            part = _("seat {seat} beep").format(seat=number)
            pin = self.table.backend.factories["header"].pin(self.table.pinmap.buzzer.name) if hasattr(self.table.backend, "factories") else None
            since = len(getattr(pin, "frequencies", []))
            self.table.whistle.play("beep")
            self.table.whistle.wait(timeout=5)
            if self.operator.heard_beep(since):
                self.checks.append(Check(part, PASS))
            else:
                self.checks.append(Check(part, FAIL, _("no sound: check the transistor, the buzzer's polarity and {pin}").format(pin=self.table.pinmap.buzzer)))

    def reader(self) -> None:
        reader = self.table.reader
        if reader is None:
            return
        part = _("NFC reader ({port})").format(port=reader.port)
        if not reader.ready.wait(self.timeouts.reader_ready):
            self.wait_for(DeviceStatus, 0)
            self.checks.append(Check(part, FAIL, reader_cause(reader.last_error, reader.port)))
            return
        self.operator.say(_("Tap any tag on the reader"))
        self.operator.tap()
        event = self.wait_for(TagSeen, self.timeouts.tag)
        reader_failures = [s for s in self.statuses if s.device == reader.device and not s.ok]
        if event is None:
            cause = reader_cause(reader.last_error, reader.port) if reader.failed else _("no tag read: hold an NTAG213 sticker flat on the antenna for a second")
            self.checks.append(Check(part, FAIL, cause))
            return
        if reader_failures:
            self.checks.append(Check(part, WARN, _("the reader stopped answering and came back after a reset: check its power and the RSTPDN wire")))
        else:
            self.checks.append(Check(part, PASS))
        found = self.table.registry.resolve(event.uid, event.text)
        tag_part = _("tag {uid}").format(uid=event.uid)
        if isinstance(found, TagMatch):
            self.checks.append(Check(tag_part, PASS, f"{found.game}:{found.card}"))
        else:
            self.checks.append(Check(tag_part, WARN, _("this tag is in no deck: prepare it with kiosk tags write or kiosk tags learn")))


def format_report(checks: list[Check]) -> str:
    names = {PASS: _("pass"), WARN: _("warn"), FAIL: _("FAIL")}
    part, result, detail = _("Part"), _("Result"), _("Detail / likely cause")
    width = max([len(part)] + [len(check.part) for check in checks]) + 2
    lines = [f"{part:<{width}}{result:<8}{detail}"]
    lines.append("-" * (width + 8 + 30))
    for check in checks:
        lines.append(f"{check.part:<{width}}{names[check.result]:<8}{check.detail}".rstrip())
    failed = sum(check.result == FAIL for check in checks)
    lines.append("")
    warned = sum(check.result == WARN for check in checks)
    lines.append(Text(N_("{failed} failed, {passed} passed, {warned}"), {
        "failed": failed, "passed": sum(check.result == PASS for check in checks),
        "warned": counted("{count} warning", "{count} warnings", warned),
    }).render())
    return "\n".join(lines)


def selftest_mock(config: TableConfig | None, faults: tuple[str, ...] = (), *, quiet: bool = False) -> list[Check]:
    """The whole walk on the mock table, with `faults` injected."""
    at_start = tuple(fault for fault in faults if fault not in ("reader-hung", "tag-unknown"))
    at_tap = tuple(fault for fault in faults if fault == "reader-hung")
    tag = SimTag.ntag213("04A1B2C3D4E5F6", None if "tag-unknown" in faults else "mt1:selftest:probe")
    mock = build_mock_table(config, faults=at_start)
    try:
        operator = MockOperator(mock, tag, at_tap, quiet=quiet)
        return Walk(mock.table, operator, Timeouts(button=1.0, tag=10.0, reader_ready=3.0)).run()
    finally:
        mock.close()


# What opening the Pi's GPIO raises off a Raspberry Pi: lgpio missing (ImportError), gpiozero not knowing
# the board (PinUnknownPi, a GPIOZeroError), no /dev/gpiochip or /dev/i2c-N (OSError).
NOT_A_PI: tuple[type[BaseException], ...] = (ImportError, OSError, GPIOZeroError)


def selftest_pi(config: TableConfig, timeout: float) -> list[Check]:
    """The walk on the real table, with a person answering; off a Pi, one failed check that says so."""
    try:
        table = build_table(config).start()
    except NOT_A_PI as error:
        detail = str(error) or type(error).__name__
        return [Check(_("GPIO (backend = \"pi\")"), FAIL, _(
            "cannot open the Raspberry Pi's pins ({detail}): run it on the table's Pi, or kiosk selftest --mock "
            "elsewhere").format(detail=detail))]
    try:
        return Walk(table, HumanOperator(table), Timeouts(button=timeout, tag=timeout)).run()
    finally:
        table.close()


def handle(args: argparse.Namespace) -> int:
    from kiosk.errors import UserError

    # The report says what failed and why; the drivers' own warnings would only repeat it.
    logging.getLogger("hardware").setLevel(logging.ERROR)
    faults = tuple(args.mock_fault or ())
    if faults and not args.mock:
        raise UserError(_("--mock-fault needs --mock"))
    try:
        config = load_config(args.config) if (args.config or not args.mock) else None
    except ConfigError as error:
        raise UserError(str(error)) from error
    if args.mock:
        checks = selftest_mock(config, faults)
    else:
        assert config is not None
        if config.backend == "mock":
            raise UserError(_("{file} uses the mock backend: run kiosk selftest --mock, or set backend = \"pi\"").format(
                file=config.path.name if config.path else "table.toml"))
        checks = selftest_pi(config, args.timeout)
    print()
    print(format_report(checks))
    sys.stdout.flush()
    return 1 if any(check.result == FAIL for check in checks) else 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("selftest", help=_("check every screen, button, the buzzer and the reader"))
    parser.add_argument("--config", help=_("table configuration file (default: table.toml)"))
    parser.add_argument("--mock", action="store_true", help=_("run the walk by itself on the mock table"))
    parser.add_argument(
        "--mock-fault",
        action="append",
        choices=sorted(MOCK_FAULTS),
        metavar="NAME",
        help=_("break the mock table first: {names}").format(names=", ".join(sorted(MOCK_FAULTS))),
    )
    parser.add_argument("--timeout", type=float, default=30.0, help=_("seconds to wait for each press or tap"))
    parser.set_defaults(handler=handle)
