"""The pin map: which header pin or expander line does what (read from `wiring/pinmap.toml`).

Loading validates the map against what each pin of a Raspberry Pi can actually do, so a wiring
mistake (two jobs on one pin, the buzzer on a pin without hardware PWM, a button on an MCP23017
line that cannot be an input) is caught before anything is soldered.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kiosk.i18n import _
from kiosk.toml_file import TomlFileError, read_toml

DEFAULT_PINMAP = Path(__file__).resolve().parent.parent / "wiring" / "pinmap.toml"

BUTTONS: tuple[str, ...] = ("prev", "next", "select")
EXPANDER = "MCP23017"

# Broadcom GPIO number -> physical pin of the 40-pin header (same on Pi 3B+, 4 and 5).
HEADER_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
    9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
    16: 36, 26: 37, 20: 38, 21: 40,
}
POWER_PINS: dict[str, tuple[int, ...]] = {
    "3V3": (1, 17),
    "5V": (2, 4),
    "GND": (6, 9, 14, 20, 25, 30, 34, 39),
}
RESERVED_GPIO = {0: "ID EEPROM (ID_SD)", 1: "ID EEPROM (ID_SC)"}
I2C1 = {"sda": 2, "scl": 3}
# The second bus for seat screens: GPIO4/5 carry an I2C controller on both boards, I2C3 on the Pi 4
# (dtoverlay=i2c3,pins_4_5) and the RP1's I2C2 on the Pi 5 (dtoverlay=i2c2-pi5,pins_4_5).
SECOND_I2C = {"sda": 4, "scl": 5}
BUS_NAMES = ("i2c", "i2c2")  # a seat's screen is on the main bus or the second one
UART0 = {"tx": 14, "rx": 15}
HARDWARE_PWM = {12: "PWM0", 18: "PWM0", 13: "PWM1", 19: "PWM1"}
# MCP23017 lines 0-15 are GPA0-7, GPB0-7 (the kernel's gpiochip line order). GPA7 and GPB7 are
# output-only on current silicon (datasheet DS20001952D onwards).
EXPANDER_OUTPUT_ONLY = {7, 15}


class PinmapError(ValueError):
    """The pin map is unreadable or wires something impossibly; `problems` lists every fault."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True, order=True)
class PinRef:
    """One line: `chip` is "header" (a Pi GPIO) or "expander" (an MCP23017 line 0-15)."""

    chip: str
    line: int

    @property
    def name(self) -> str:
        if self.chip == "header":
            return f"GPIO{self.line}"
        port = "A" if self.line < 8 else "B"
        return f"{EXPANDER}:GP{port}{self.line % 8}"

    @property
    def physical(self) -> int | None:
        """The header's physical pin number, or None for an expander line."""
        return HEADER_PIN.get(self.line) if self.chip == "header" else None

    def __str__(self) -> str:
        return self.name


def parse_pin(text: str) -> PinRef:
    """`GPIO5` -> header line 5; `MCP23017:GPB2` -> expander line 10. Raises ValueError."""
    if text.startswith("GPIO") and text[4:].isdigit():
        line = int(text[4:])
        if line not in HEADER_PIN:
            raise ValueError(_("{pin} is not on the 40-pin header").format(pin=text))
        return PinRef("header", line)
    prefix = f"{EXPANDER}:GP"
    if text.startswith(prefix) and len(text) == len(prefix) + 2 and text[-2] in "AB" and text[-1] in "01234567":
        return PinRef("expander", (0 if text[-2] == "A" else 8) + int(text[-1]))
    raise ValueError(
        _("{pin} is not a pin name, expected GPIO<n> or MCP23017:GPA<n>/GPB<n>").format(pin=text)
    )


@dataclass(frozen=True)
class SeatPins:
    index: int
    mux_channel: int
    buttons: dict[str, PinRef]
    bus: str = "i2c"  # "i2c": the main bus's multiplexer; "i2c2": the second bus's


@dataclass(frozen=True)
class SecondBus:
    """`[i2c2]`: a second I2C bus with its own TCA9548A, for seat screens only."""

    bus: int
    sda: PinRef
    scl: PinRef
    mux_address: int


@dataclass(frozen=True)
class Pinmap:
    path: Path
    i2c_bus: int
    sda: PinRef
    scl: PinRef
    mux_address: int
    display_address: int
    expander_address: int
    expander_interrupt: PinRef
    uart_tx: PinRef
    uart_rx: PinRef
    uart_device: str
    uart_baud: int
    reader_reset: PinRef
    buzzer: PinRef
    seats: tuple[SeatPins, ...]
    raw: dict[str, Any]
    second_bus: SecondBus | None = None

    def assignments(self) -> list[tuple[str, PinRef]]:
        """Every (function, pin) pair, the bus pins first."""
        pairs = [
            ("I2C SDA", self.sda),
            ("I2C SCL", self.scl),
        ]
        if self.second_bus is not None:
            pairs += [("I2C2 SDA", self.second_bus.sda), ("I2C2 SCL", self.second_bus.scl)]
        pairs += [
            ("UART TX -> PN532 RX", self.uart_tx),
            ("UART RX <- PN532 TX", self.uart_rx),
            ("PN532 RSTPDN", self.reader_reset),
            ("Buzzer PWM", self.buzzer),
            ("MCP23017 INTA", self.expander_interrupt),
        ]
        for seat in self.seats:
            for button in BUTTONS:
                pairs.append((f"Seat {seat.index + 1} {button}", seat.buttons[button]))
        return pairs


def _pin_problems(pinmap: Pinmap) -> list[str]:
    """What is impossible about this wiring (empty when it is sound)."""
    problems: list[str] = []
    users: dict[PinRef, str] = {}
    for function, pin in pinmap.assignments():
        if pin in users:
            problems.append(
                _("{pin} is used twice: {first} and {second}").format(
                    pin=pin, first=users[pin], second=function
                )
            )
        users[pin] = function
        if pin.chip == "header" and pin.line in RESERVED_GPIO:
            problems.append(
                _("{pin} ({function}) is reserved for the {use}").format(
                    pin=pin, function=function, use=RESERVED_GPIO[pin.line]
                )
            )
    expected = {
        "I2C SDA": (pinmap.sda, I2C1["sda"]),
        "I2C SCL": (pinmap.scl, I2C1["scl"]),
        "UART TX": (pinmap.uart_tx, UART0["tx"]),
        "UART RX": (pinmap.uart_rx, UART0["rx"]),
    }
    if pinmap.second_bus is not None:
        expected["I2C2 SDA"] = (pinmap.second_bus.sda, SECOND_I2C["sda"])
        expected["I2C2 SCL"] = (pinmap.second_bus.scl, SECOND_I2C["scl"])
    for function, (pin, line) in expected.items():
        if pin != PinRef("header", line):
            problems.append(
                _("{function} must be on GPIO{line}, got {pin}").format(
                    function=function, line=line, pin=pin
                )
            )
    if pinmap.buzzer.chip != "header" or pinmap.buzzer.line not in HARDWARE_PWM:
        problems.append(
            _("the buzzer needs a hardware-PWM pin (GPIO12, 13, 18 or 19), got {pin}").format(
                pin=pinmap.buzzer
            )
        )
    for function, pin in (("PN532 RSTPDN", pinmap.reader_reset), ("MCP23017 INTA", pinmap.expander_interrupt)):
        if pin.chip != "header":
            problems.append(
                _("{function} must be on a header GPIO, got {pin}").format(function=function, pin=pin)
            )
    channels: dict[tuple[str, int], int] = {}
    for seat in pinmap.seats:
        for button, pin in seat.buttons.items():
            if pin.chip == "expander" and pin.line in EXPANDER_OUTPUT_ONLY:
                problems.append(
                    _("seat {seat} {button}: {pin} is output-only, a button needs an input").format(
                        seat=seat.index + 1, button=button, pin=pin
                    )
                )
        if seat.bus not in BUS_NAMES:
            problems.append(
                _("seat {seat}: bus must be \"i2c\" or \"i2c2\", got {bus!r}").format(seat=seat.index + 1, bus=seat.bus)
            )
        elif seat.bus == "i2c2" and pinmap.second_bus is None:
            problems.append(
                _("seat {seat}: bus = \"i2c2\" needs an [i2c2] section (the second bus's pins)").format(seat=seat.index + 1)
            )
        if not 0 <= seat.mux_channel <= 7:
            problems.append(
                _("seat {seat}: mux_channel must be 0-7, got {channel}").format(
                    seat=seat.index + 1, channel=seat.mux_channel
                )
            )
        elif (seat.bus, seat.mux_channel) in channels:
            problems.append(
                _("seat {seat}: mux_channel {channel} is already used by seat {other}").format(
                    seat=seat.index + 1, channel=seat.mux_channel, other=channels[seat.bus, seat.mux_channel] + 1
                )
            )
        else:
            channels[seat.bus, seat.mux_channel] = seat.index
    for label, address, low, high in (
        ("mux.address", pinmap.mux_address, 0x70, 0x77),
        ("display.address", pinmap.display_address, 0x3C, 0x3D),
        ("expander.address", pinmap.expander_address, 0x20, 0x27),
        *((("i2c2.mux_address", pinmap.second_bus.mux_address, 0x70, 0x77),) if pinmap.second_bus else ()),
    ):
        if not low <= address <= high:
            problems.append(
                _("{key} must be 0x{low:02X}-0x{high:02X}, got 0x{address:02X}").format(
                    key=label, low=low, high=high, address=address
                )
            )
    if not 1 <= len(pinmap.seats) <= 7:
        problems.append(_("the pin map needs 1 to 7 seats, got {count}").format(count=len(pinmap.seats)))
    return problems


def pinmap_from_dict(raw: dict[str, Any], path: Path = DEFAULT_PINMAP) -> Pinmap:
    """Build and validate a pin map from parsed TOML. Raises PinmapError listing every problem."""
    problems: list[str] = []

    def value(section: str, key: str) -> Any:
        try:
            return raw[section][key]
        except (KeyError, TypeError):
            problems.append(_("{key}: missing").format(key=f"{section}.{key}"))
            return None

    def pin(section: str, key: str) -> PinRef:
        text = value(section, key)
        if text is None:
            return PinRef("header", -1)
        try:
            return parse_pin(str(text))
        except ValueError as error:
            problems.append(f"{section}.{key}: {error}")
            return PinRef("header", -1)

    def number(section: str, key: str) -> int:
        found = value(section, key)
        if found is None:
            return -1
        if not isinstance(found, int) or isinstance(found, bool):
            problems.append(_("{key}: expected an integer, got {got!r}").format(key=f"{section}.{key}", got=found))
            return -1
        return found

    seats: list[SeatPins] = []
    raw_seats = raw.get("seat", [])
    if not isinstance(raw_seats, list):
        problems.append(_("{key}: expected a list of tables ([[seat]]), got {got!r}").format(key="seat", got=raw_seats))
        raw_seats = []
    for index, seat in enumerate(raw_seats):
        if not isinstance(seat, dict):
            problems.append(_("{key}: expected a table, got {got!r}").format(key=f"seat[{index}]", got=seat))
            continue
        buttons: dict[str, PinRef] = {}
        for button in BUTTONS:
            try:
                buttons[button] = parse_pin(str(seat[button]))
            except KeyError:
                problems.append(_("{key}: missing").format(key=f"seat[{index}].{button}"))
                buttons[button] = PinRef("header", -1 - index * 3 - BUTTONS.index(button))
            except ValueError as error:
                problems.append(f"seat[{index}].{button}: {error}")
                buttons[button] = PinRef("header", -1 - index * 3 - BUTTONS.index(button))
        channel = seat.get("mux_channel", index)
        if not isinstance(channel, int) or isinstance(channel, bool):
            problems.append(_("{key}: expected an integer, got {got!r}").format(key=f"seat[{index}].mux_channel", got=channel))
            channel = -1
        bus = seat.get("bus", "i2c")
        seats.append(SeatPins(index, channel, buttons, bus if isinstance(bus, str) else repr(bus)))

    second_bus = None
    if "i2c2" in raw:
        second_bus = SecondBus(number("i2c2", "bus"), pin("i2c2", "sda"), pin("i2c2", "scl"), number("i2c2", "mux_address"))
        if second_bus.bus != -1 and second_bus.bus == number("i2c", "bus"):
            problems.append(_("{key}: expected another bus than i2c.bus, got {got}").format(key="i2c2.bus", got=second_bus.bus))

    pinmap = Pinmap(
        path=path,
        i2c_bus=number("i2c", "bus"),
        sda=pin("i2c", "sda"),
        scl=pin("i2c", "scl"),
        mux_address=number("mux", "address"),
        display_address=number("display", "address"),
        expander_address=number("expander", "address"),
        expander_interrupt=pin("expander", "interrupt"),
        uart_tx=pin("uart", "tx"),
        uart_rx=pin("uart", "rx"),
        uart_device=str(value("uart", "device")),
        uart_baud=number("uart", "baud"),
        reader_reset=pin("reader", "reset"),
        buzzer=pin("buzzer", "pin"),
        seats=tuple(seats),
        raw=raw,
        second_bus=second_bus,
    )
    if not problems:
        problems.extend(_pin_problems(pinmap))
    if problems:
        raise PinmapError([f"{path.name}: {problem}" for problem in problems])
    return pinmap


def load_pinmap(path: Path | str | None = None) -> Pinmap:
    path = Path(path) if path is not None else DEFAULT_PINMAP
    try:
        raw = read_toml(path)
    except TomlFileError as error:
        raise PinmapError([str(error)]) from None
    return pinmap_from_dict(raw, path)
