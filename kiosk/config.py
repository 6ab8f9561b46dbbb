"""The table configuration (`table.toml`): which seats are in use and how the hardware is reached.

One parser shared by every `kiosk` subcommand. Loading validates everything and reports each problem
as `file: key: problem, expected ...`, so a café owner editing the file knows what to fix. The
documented example is `table.example.toml` at the top of the repository.

It reads `hardware.pinmap` on purpose: the pin map is the table's wiring as data (a TOML file and its
parser, no GPIO or I2C library behind it), and the configuration checks its seats against that
wiring. So the configuration stays below the hardware drivers (`hardware.table` and the backends
import it, it imports none of them); only the wiring's description sits under `hardware/`, beside
the drivers that follow it.
"""

from __future__ import annotations

import difflib
import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar

from hardware.pinmap import BUS_NAMES, DEFAULT_PINMAP, Pinmap, PinmapError, load_pinmap
from kiosk import i18n
from kiosk.i18n import N_, Text, _, counted
from kiosk.toml_file import TomlFileError, has_nul, read_toml

BACKENDS = ("mock", "pi")
DISPLAY_MODELS = ("ssd1306", "sh1106")
MUX_MODES = ("kernel", "user")
BUS_SPEEDS = (100_000, 400_000, 1_000_000)
ENV_VAR = "MYSTERY_TABLE_CONFIG"
# The admin menu's PIN as table.toml may give it (the guard that checks it: `kiosk.appliance.admin_pin`).
DEFAULT_PIN = "2580"
MIN_DIGITS, MAX_DIGITS = 4, 8


def well_formed(pin: str) -> bool:
    """4 to 8 digits 0-9 (`str.isdigit` alone would take "²" and other scripts' digits)."""
    return pin.isascii() and pin.isdigit() and MIN_DIGITS <= len(pin) <= MAX_DIGITS


class ConfigError(ValueError):
    """The table configuration is unreadable or wrong; `problems` lists every fault found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


# The sections a table plays without: a mistake in one turns that part off, it does not stop the table.
OPTIONAL_SECTIONS = ("mqtt", "web")


@dataclass(frozen=True)
class SectionOff:
    """An optional section turned off by the mistakes found in it (each `file: key: problem, expected ...`)."""

    section: str
    problems: tuple[str, ...]  # in the language of the reading
    first: i18n.Rendered | None = None  # the first problem in every language, for the staff menu

    def summary(self) -> i18n.Renders:
        """The first mistake in the reader's language, and how many more (the staff menu has a line or two)."""
        first = self.first or i18n.AsIs(self.problems[0])
        if len(self.problems) == 1:
            return first
        return counted("{first} (and {count} more: kiosk config check lists them)",
                            "{first} (and {count} more: kiosk config check lists them)", len(self.problems) - 1,
                            first=first)


@dataclass(frozen=True)
class DisplayConfig:
    model: str = "ssd1306"
    rotation: int = 0  # luma's rotate: 0, 1 (90° clockwise), 2 (180°), 3 (270°)
    channel: int = 0  # TCA9548A channel
    address: int = 0x3C
    contrast: int = 0xCF
    bus: str = "i2c"  # the table.toml section of its bus: "i2c" (the main one) or "i2c2" (the second)


@dataclass(frozen=True)
class SeatConfig:
    index: int
    display: DisplayConfig


@dataclass(frozen=True)
class I2CConfig:
    bus: int = 1
    speed_hz: int = 400_000
    mux: str = "kernel"
    mux_bus_base: int = 22  # kernel mode: channel c is /dev/i2c-(mux_bus_base + c)

    def bus_for_channel(self, channel: int) -> int:
        return self.mux_bus_base + channel if self.mux == "kernel" else self.bus


@dataclass(frozen=True)
class ButtonsConfig:
    bounce_s: float = 0.02
    long_press_s: float = 0.7


@dataclass(frozen=True)
class ReaderConfig:
    enabled: bool = True
    port: str = "/dev/serial0"
    baud: int = 115200


@dataclass(frozen=True)
class WhistleConfig:
    enabled: bool = True
    your_turn: bool = True  # a short chirp when a seat becomes awaited after a wait


@dataclass(frozen=True)
class StoreConfig:
    keep_games: int = 200  # the newest finished games keep their moves (for `kiosk replay`)
    keep_days: int = 365  # ... and only while younger than this; older ones keep their result only
    reserve_mb: int = 8  # room held on the card for the game in play when it fills up (0: none)


@dataclass(frozen=True)
class WebConfig:
    """`[web]`: the phone seats' web server (kiosk/web/). On by default on the mock table only: on the
    Pi the café turns it on once the table is on its network."""

    enabled: bool = True
    port: int = 8080
    bind: tuple[str, ...] = ("127.0.0.1",)  # the addresses it listens on ("0.0.0.0": every one)
    url: str | None = None  # the address phones reach it by (None: found from the network)
    # Seconds a phone-only seat whose last phone closed its page waits for it to come back before the
    # touchscreen shows its code again (a phone locked for a moment, a Wi-Fi blink)
    reconnect_grace: float = 10.0


TABLE_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True)
class MqttConfig:
    """`[mqtt]`: the café's broker, where the table says what it plays and whether it is well."""

    host: str
    table_id: str  # the topic level under mystery-table/: lower-case letters, digits, - and _
    port: int = 1883
    username: str | None = None
    password: str | None = None  # from `password` or read from `password_file`
    password_key: str = "mqtt.password"  # which key gave it: named when the broker refuses it
    tls: bool = False
    ca_file: Path | None = None  # TLS: the certificate authority to trust (None: the system's)
    discovery_prefix: str = "homeassistant"  # Home Assistant's discovery topic (its MQTT integration's setting)
    home_assistant: bool = True  # discovery, and finished games held until Home Assistant says `online`


@dataclass(frozen=True)
class TableConfig:
    path: Path | None
    language: str = "en"
    data_dir: Path = Path("var")
    cases_dir: Path = Path("var/cases")  # Watson & Holmes cases a café adds (offered with the bundled ones)
    assist: bool = False  # Mystery Express journals mark what each seat can already rule out
    admin_pin: str = DEFAULT_PIN  # opens the touchscreen's admin menu (the default only to choose a new one)
    screen_size: tuple[int, int] | None = None  # the touchscreen; None: full screen at its own size
    backend: str = "mock"
    pinmap_path: Path = DEFAULT_PINMAP
    i2c: I2CConfig = field(default_factory=I2CConfig)
    i2c2: I2CConfig | None = None  # the second bus for seat screens ([i2c2]), None: one bus
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    reader: ReaderConfig = field(default_factory=ReaderConfig)
    whistle: WhistleConfig = field(default_factory=WhistleConfig)
    store: StoreConfig = field(default_factory=StoreConfig)
    seats: tuple[SeatConfig, ...] = ()  # the stations: a seat screen and buttons each
    phone_seats: int = 0  # seats with no station, played on a phone only: numbered after the stations
    mqtt: MqttConfig | None = None  # None: the table publishes nothing
    web: WebConfig = field(default_factory=WebConfig)
    off: tuple[SectionOff, ...] = ()  # optional sections with mistakes, turned off (`kiosk config check` fails)

    @property
    def seat_count(self) -> int:
        """Every seat a game may use: the stations, then the phone-only seats."""
        return len(self.seats) + self.phone_seats

    def off_because(self, section: str) -> SectionOff | None:
        """Why the optional `section` ("mqtt", "web") is off despite the file, or None."""
        return next((found for found in self.off if found.section == section), None)

    def pinmap(self) -> Pinmap:
        return load_pinmap(self.pinmap_path)

    def buses(self) -> dict[str, I2CConfig]:
        """Each configured I2C bus by its section's name, the main one first."""
        return {"i2c": self.i2c, **({"i2c2": self.i2c2} if self.i2c2 is not None else {})}

    def bus_of(self, seat: SeatConfig) -> I2CConfig:
        return self.buses()[seat.display.bus]


def default_config(seats: int = 4, backend: str = "mock", buses: int = 1) -> TableConfig:
    """A table with `seats` SSD1306 screens on mux channels 0.., used when no file is given. With two
    buses, seats 2, 4, 6 are on the second one (channels 0, 1, 2), as wiring/pinmap.toml suggests."""

    def display(i: int) -> DisplayConfig:
        if buses == 2:
            return DisplayConfig(channel=i // 2, bus=BUS_NAMES[i % 2])
        return DisplayConfig(channel=i)

    return TableConfig(
        path=None,
        backend=backend,
        i2c2=I2CConfig(bus=3, mux_bus_base=30) if buses == 2 else None,
        seats=tuple(SeatConfig(i, display(i)) for i in range(seats)),
        web=WebConfig(enabled=backend == "mock", bind=("127.0.0.1",) if backend == "mock" else ("0.0.0.0",)),
    )


def parse_size(text: str) -> tuple[int, int] | None:
    """"800x480" -> (800, 480); None if it is not two positive whole numbers joined by an x."""
    width, sign, height = text.lower().partition("x")
    if not sign or not _ascii_digits(width) or not _ascii_digits(height) or int(width) < 320 or int(height) < 240:
        return None
    return int(width), int(height)


def _ascii_digits(text: str) -> bool:
    """0-9 only: `str.isdigit` also takes "²" and other scripts' digits, which `int` may refuse."""
    return text.isascii() and text.isdigit()


class _Reader:
    """Walks one TOML table, checking types and ranges and collecting every problem."""

    def __init__(self, data: dict[str, Any], where: str, file: str, problems: list[str]) -> None:
        self.data = data
        self.where = where
        self.file = file
        self.problems = problems
        self.seen: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.where}.{name}" if self.where else name

    def maybe(self, name: str) -> bool:
        """Whether the optional key `name` is given; named among the keys either way (an unknown key's
        hint lists every key the section takes, not only those this file has)."""
        self.seen.add(name)
        return name in self.data

    def problem(self, name: str, message: str) -> None:
        self.problems.append(f"{self.file}: {self.key(name)}: {message}")

    def get(self, name: str, default: Any, expected: str, kind: type | tuple[type, ...]) -> Any:
        self.seen.add(name)
        if name not in self.data:
            return default
        found = self.data[name]
        if isinstance(found, bool) and kind is not bool:
            ok = False
        else:
            ok = isinstance(found, kind)
        if not ok:
            self.problem(name, _("wrong type, expected {expected}, got {got!r}").format(expected=expected, got=found))
            return default
        return found

    def integer(self, name: str, default: int, low: int, high: int) -> int:
        found = self.get(name, default, _("an integer {low}-{high}").format(low=low, high=high), int)
        if not low <= found <= high:
            self.problem(name, _("out of range, expected {low}-{high}, got {got}").format(low=low, high=high, got=found))
            return default
        return int(found)

    def choice(self, name: str, default: Any, choices: tuple[Any, ...]) -> Any:
        kind: type = type(default)
        shown = ", ".join(str(c) for c in choices)
        found = self.get(name, default, _("one of {choices}").format(choices=shown), kind)
        if found not in choices:
            self.problem(name, _("not a choice, expected one of {choices}, got {got!r}").format(choices=shown, got=found))
            return default
        return found

    def text(self, name: str, default: str) -> str:
        found = self.get(name, default, _("a string"), str)
        if not found:
            self.problem(name, _("empty, expected a non-empty string"))
            return default
        return str(found)

    def path(self, name: str, default: str) -> str:
        """A file or device path: a non-empty string no file system refuses."""
        found = self.text(name, default)
        if has_nul(found):
            self.problem(name, _("contains a NUL character, expected a path"))
            return default
        return found

    def flag(self, name: str, default: bool) -> bool:
        return bool(self.get(name, default, _("true or false"), bool))

    def number(self, name: str, default: float, low: float, high: float) -> float:
        found = self.get(name, default, _("a number {low}-{high}").format(low=low, high=high), (int, float))
        if not low <= found <= high:
            self.problem(name, _("out of range, expected {low}-{high}, got {got}").format(low=low, high=high, got=found))
            return default
        return float(found)

    def table(self, name: str, problems: list[str] | None = None) -> _Reader:
        """The section `name`; its problems go to `problems` when given (an optional section's own list)."""
        own = problems if problems is not None else self.problems
        found = _Reader(self.data, self.where, self.file, own).get(name, {}, _("a table"), dict)
        self.seen.add(name)
        return _Reader(found, self.key(name), self.file, own)

    def finish(self) -> None:
        for name in sorted(set(self.data) - self.seen):
            self.problem(
                name,
                _("unknown key, expected one of {expected}").format(expected=", ".join(closest_first(name, self.seen))),
            )


def closest_first(name: str, keys: set[str]) -> list[str]:
    """`keys` ordered by how like `name` they are (difflib's ratio), alphabetically among equals."""
    return sorted(keys, key=lambda key: (-difflib.SequenceMatcher(None, name, key).ratio(), key))


def config_from_dict(data: dict[str, Any], path: Path | None = None) -> TableConfig:
    """Validate parsed TOML into a TableConfig. Raises ConfigError listing every problem."""
    file = path.name if path else "table.toml"
    base = path.parent if path else Path.cwd()
    problems: list[str] = []
    top = _Reader(data, "", file, problems)
    language = top.choice("language", "en", i18n.LANGUAGES)
    data_dir = base / top.path("data_dir", "var")
    try:
        if data_dir.exists() and not data_dir.is_dir():
            top.problem("data_dir", _("{path} is a file, expected a folder (or a path that does not exist yet)")
                        .format(path=data_dir))
    except OSError as error:  # a name too long for the file system, say
        top.problem("data_dir", _("cannot be used: {detail}, expected a folder's path").format(detail=error.strerror))
    cases_dir = base / top.path("cases_dir", "var/cases") if top.maybe("cases_dir") else data_dir / "cases"
    assist = top.flag("assist", False)
    admin_pin = top.text("admin_pin", DEFAULT_PIN)
    if not well_formed(admin_pin):
        top.problem("admin_pin", _("expected 4 to 8 digits, got {got!r}").format(got=admin_pin))
    screen = top.table("screen")
    size_text = screen.text("size", "full") if screen.maybe("size") else ""
    screen_size = parse_size(size_text) if size_text else None
    if size_text and screen_size is None:
        screen.problem("size", f"expected WIDTHxHEIGHT such as \"800x480\", got {size_text!r}")
    screen.finish()

    hardware = top.table("hardware")
    backend = hardware.choice("backend", "mock", BACKENDS)
    pinmap_text = hardware.path("pinmap", str(DEFAULT_PINMAP))
    pinmap_path = base / pinmap_text if "pinmap" in hardware.data else DEFAULT_PINMAP
    hardware.finish()

    i2c = _i2c(top, "i2c", I2CConfig())
    i2c2 = _i2c(top, "i2c2", I2CConfig(bus=3, mux_bus_base=30)) if top.maybe("i2c2") else None
    if i2c2 is not None:
        _bus_clash(i2c, i2c2, file, problems)

    buttons_section = top.table("buttons")
    buttons = ButtonsConfig(
        bounce_s=buttons_section.integer("bounce_ms", 20, 0, 500) / 1000,
        long_press_s=buttons_section.integer("long_press_ms", 700, 100, 5000) / 1000,
    )
    buttons_section.finish()

    reader_section = top.table("reader")
    reader = ReaderConfig(
        enabled=reader_section.flag("enabled", True),
        port=reader_section.path("port", "/dev/serial0"),
        baud=reader_section.choice("baud", 115200, (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)),
    )
    reader_section.finish()

    whistle_section = top.table("whistle")
    whistle = WhistleConfig(enabled=whistle_section.flag("enabled", True), your_turn=whistle_section.flag("your_turn", True))
    whistle_section.finish()

    store_section = top.table("store")
    store = StoreConfig(
        keep_games=store_section.integer("keep_games", 200, 1, 100_000),
        keep_days=store_section.integer("keep_days", 365, 1, 36_500),
        reserve_mb=store_section.integer("reserve_mb", 8, 0, 1024),
    )
    store_section.finish()

    off: list[SectionOff] = []
    mqtt = _optional(top, "mqtt", lambda section: _mqtt(section, base), None, off) if top.maybe("mqtt") else None
    web = _optional(top, "web", lambda section: _web(section, backend), WebConfig(enabled=False), off)

    seats: list[SeatConfig] = []
    raw_seats = top.get("seats", [], _("a list of tables ([[seats]])"), list)
    if not 1 <= len(raw_seats) <= 7:
        problems.append(
            f"{file}: seats: "
            + _("wrong count, expected 1 to 7 [[seats]] tables, got {count}").format(count=len(raw_seats))
        )
    channels: dict[tuple[str, int], int] = {}  # (bus, channel) -> seat
    phone_seats = 0
    for index, raw_seat in enumerate(raw_seats):
        if not isinstance(raw_seat, dict):
            problems.append(f"{file}: seats[{index}]: " + _("wrong type, expected {expected}, got {got!r}").format(expected=_("a table"), got=raw_seat))
            continue
        seat = _Reader(raw_seat, f"seats[{index}]", file, problems)
        if seat.flag("phone", False):
            phone_seats += _phone_seat(seat, raw_seat, web.enabled or any(o.section == "web" for o in off))
            continue
        display_section = seat.table("display")
        display = DisplayConfig(
            model=display_section.choice("model", "ssd1306", DISPLAY_MODELS),
            rotation=display_section.choice("rotation", 0, (0, 1, 2, 3)),
            channel=display_section.integer("channel", len(seats), 0, 7),
            address=display_section.choice("address", 0x3C, (0x3C, 0x3D)),
            contrast=display_section.integer("contrast", 0xCF, 0, 255),
            bus=display_section.choice("bus", "i2c", BUS_NAMES),
        )
        if display.bus == "i2c2" and i2c2 is None:
            display_section.problem("bus", _("\"i2c2\" needs an [i2c2] section (the second bus), expected \"i2c\" or that section"))
        display_section.finish()
        seat.finish()
        if (display.bus, display.channel) in channels:
            problems.append(
                f"{file}: seats[{index}].display.channel: "
                + _("already used by seats[{other}], expected a different channel 0-7").format(
                    other=channels[display.bus, display.channel])
            )
        channels.setdefault((display.bus, display.channel), index)
        seats.append(SeatConfig(len(seats), display))
    if raw_seats and not seats and not problems:
        problems.append(f"{file}: seats: " + _("every seat is phone = true, expected at least one seat with a "
                                               "screen and buttons (a [[seats]] table without phone = true)"))
    top.finish()

    if not problems:
        try:
            pinmap = load_pinmap(pinmap_path)
        except PinmapError as error:
            problems.extend(error.problems)
        else:
            if pinmap.second_bus is None and any(seat.display.bus == "i2c2" for seat in seats):
                problems.append(
                    f"{file}: i2c2: "
                    + _("the pin map {pinmap} has no [i2c2] section, expected the second bus's pins there").format(
                        pinmap=pinmap_path.name)
                )
            if len(seats) > len(pinmap.seats):
                problems.append(
                    f"{file}: seats: "
                    + _("the pin map {pinmap} wires only {count} seats, expected at most that many").format(
                        pinmap=pinmap_path.name, count=len(pinmap.seats)
                    )
                )
    if problems:  # the table stops: every mistake is named, the optional sections' too
        raise ConfigError(problems + [problem for section in off for problem in section.problems])
    return TableConfig(
        path=path,
        language=language,
        assist=assist,
        admin_pin=admin_pin,
        screen_size=screen_size,
        data_dir=data_dir,
        cases_dir=cases_dir,
        backend=backend,
        pinmap_path=pinmap_path,
        i2c=i2c,
        i2c2=i2c2,
        buttons=buttons,
        reader=reader,
        whistle=whistle,
        store=store,
        seats=tuple(seats),
        phone_seats=phone_seats,
        mqtt=mqtt,
        web=web,
        off=tuple(off),
    )


def _phone_seat(seat: _Reader, raw: dict[str, Any], web_asked: bool) -> int:
    """A `[[seats]]` table with `phone = true`: a seat with no station, played on a phone only. It takes
    no other key (a screen or buttons would make it a station), and the phone server must be asked for
    (`web_asked`: [web] enabled, or meant to be but with a mistake, which turns phones off but does not
    stop the table); 1 if it is sound, else 0 (the problems said)."""
    extra = sorted(key for key in raw if key != "phone")
    if extra:
        seat.problem(extra[0], _("a phone-only seat (phone = true) has no screen or buttons, expected no {key} "
                                 "here: remove phone = true to make it a station, or remove {key}").format(key=extra[0]))
        return 0
    if not web_asked:
        seat.problem("phone", _("a phone-only seat needs the phone server, expected [web] enabled = true "
                                "(or remove this seat)"))
        return 0
    return 1


S = TypeVar("S")


def _optional(top: _Reader, name: str, read: Callable[[_Reader], S], instead: S, off: list[SectionOff]) -> S:
    """An optional section read with its problems kept apart: with any, the part is off (`instead`)
    and noted in `off`; the table plays without it."""
    problems: list[str] = []
    found = read(top.table(name, problems))
    if problems:
        off.append(SectionOff(name, tuple(problems), i18n.Rendered(tuple(_in_each_language(
            lambda: _first_problem(top, name, read))))))
        return instead
    return found


def _first_problem(top: _Reader, name: str, read: Callable[[_Reader], Any]) -> str:
    problems: list[str] = []
    read(top.table(name, problems))
    return problems[0]


def _in_each_language(say: Callable[[], str]) -> list[tuple[str, str]]:
    """What `say()` says in each language (it words its messages with `_`, in the current one)."""
    current = i18n.language()
    try:
        found = []
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            found.append((lang, say()))
        return found
    finally:
        i18n.set_language(current)


def _i2c(top: _Reader, name: str, default: I2CConfig) -> I2CConfig:
    """`[i2c]` or `[i2c2]`: a bus, its clock, how its multiplexer's channels are reached."""
    section = top.table(name)
    found = I2CConfig(
        bus=section.integer("bus", default.bus, 0, 255),
        speed_hz=section.choice("speed_hz", default.speed_hz, BUS_SPEEDS),
        mux=section.choice("mux", default.mux, MUX_MODES),
        mux_bus_base=section.integer("mux_bus_base", default.mux_bus_base, 0, 248),
    )
    section.finish()
    return found


def _bus_clash(main: I2CConfig, second: I2CConfig, file: str, problems: list[str]) -> None:
    """Two buses are two: not the same /dev/i2c-N, and in kernel mode their channels' buses apart."""
    if second.bus == main.bus:
        problems.append(f"{file}: i2c2.bus: " + _("the same bus as i2c.bus ({bus}), expected the second bus's "
                                                 "number (3 on a Pi 4, 2 on a Pi 5)").format(bus=main.bus))
    if main.mux == "kernel" and second.mux == "kernel" and abs(second.mux_bus_base - main.mux_bus_base) < 8:
        problems.append(f"{file}: i2c2.mux_bus_base: " + _("its channels /dev/i2c-{first}..{last} overlap i2c's, "
                                                           "expected a base 8 or more apart from {base}").format(
            first=second.mux_bus_base, last=second.mux_bus_base + 7, base=main.mux_bus_base))


def _web(section: _Reader, backend: str) -> WebConfig:
    """`[web]`: on by default on the mock table, off on the Pi; every address to listen on checked."""
    mock = backend == "mock"
    enabled = section.flag("enabled", mock)
    port = section.integer("port", 8080, 1, 65535)
    default_bind = ["127.0.0.1"] if mock else ["0.0.0.0"]
    found = section.get("bind", default_bind, _("a list of IP addresses such as [\"0.0.0.0\"]"), list)
    bind: list[str] = []
    for address in found:
        if not isinstance(address, str) or not ip_address_text(address):
            section.problem("bind", _("{got!r} is not an IP address, expected addresses such as \"0.0.0.0\" or "
                                      "\"192.168.1.20\"").format(got=address))
        elif address not in bind:
            bind.append(address)
    if not found:
        section.problem("bind", _("empty, expected at least one address such as \"0.0.0.0\""))
    url = section.text("url", "") if section.maybe("url") else None
    grace = section.number("reconnect_grace", WebConfig.reconnect_grace, 0, 600)
    if url is not None and not (url.startswith(("http://", "https://")) and len(url.split("://", 1)[1].strip("/")) > 0):
        section.problem("url", _("expected the address phones open, such as \"http://table-1.local:8080\", got {got!r}")
                        .format(got=url))
    section.finish()
    return WebConfig(enabled, port, tuple(bind) or tuple(default_bind), url.rstrip("/") if url else None, grace)


def ip_address_text(text: str) -> bool:
    """Whether `text` is an IPv4 or IPv6 address."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def table_id_problem(text: str) -> str | None:
    """Why `text` cannot be a table's id in MQTT topics (None if it can): one topic level, no
    wildcards, short, and also usable as a Home Assistant object id."""
    if not 1 <= len(text) <= 64 or not set(text) <= TABLE_ID_CHARS:
        return _("expected 1-64 lower-case letters, digits, - or _ (one MQTT topic level), got {got!r}").format(got=text)
    return None


def _mqtt(section: _Reader, base: Path) -> MqttConfig:
    host = section.text("host", "localhost")
    port = section.integer("port", 8883 if section.data.get("tls") is True else 1883, 1, 65535)
    table_id = section.text("table_id", "table")
    if "table_id" not in section.data:
        section.problem("table_id", _("missing, expected a name for this table such as \"table-1\""))
    elif (problem := table_id_problem(table_id)) is not None:
        section.problem("table_id", problem)
    username = section.text("username", "") if section.maybe("username") else None
    password = section.text("password", "") if section.maybe("password") else None
    password_key = "mqtt.password"
    if section.maybe("password_file"):
        password_key = "mqtt.password_file"
        file = base / section.path("password_file", "")
        if password is not None:
            section.problem("password_file", _("expected either password or password_file, not both"))
        try:
            password = file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeError) as error:
            section.problem("password_file", _("cannot be read: {detail}, expected a file holding the password")
                            .format(detail=getattr(error, "strerror", None) or error))
    if password is not None and username is None:
        section.problem("username", _("missing, expected the user the password belongs to"))
    tls = section.flag("tls", False)
    ca_file = base / section.path("ca_file", "") if section.maybe("ca_file") else None
    if ca_file is not None and not tls:
        section.problem("ca_file", _("needs tls = true"))
    elif ca_file is not None and not ca_file.is_file():
        section.problem("ca_file", _("{path} is not a file, expected the certificate authority's file").format(path=ca_file))
    prefix = section.text("discovery_prefix", "homeassistant")
    if any(c in prefix for c in "+#\0") or prefix.startswith("/") or prefix.endswith("/"):
        section.problem("discovery_prefix", _("expected a topic without + or # and no / at either end, "
                                              "such as \"homeassistant\", got {got!r}").format(got=prefix))
    home_assistant = section.flag("home_assistant", True)
    section.finish()
    return MqttConfig(host, table_id, port, username, password, password_key, tls, ca_file, prefix, home_assistant)


def config_path(path: Path | str | None = None) -> Path | None:
    """The file `load_config` reads: `path`, else $MYSTERY_TABLE_CONFIG, else ./table.toml if it
    exists; None: no file (the built-in defaults)."""
    if path is None:
        path = os.environ.get(ENV_VAR) or ("table.toml" if Path("table.toml").exists() else None)
    return Path(path) if path is not None else None


def load_config(path: Path | str | None = None) -> TableConfig:
    """Load `path`, else $MYSTERY_TABLE_CONFIG, else ./table.toml, else a 4-seat mock table."""
    path = config_path(path)
    if path is None:
        return default_config()
    try:
        data = read_toml(path)
    except TomlFileError as error:
        raise ConfigError([str(error)]) from None
    return config_from_dict(data, path)
