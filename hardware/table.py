"""The whole table's hardware, built once from the configuration.

`build_table(config)` picks the backend named by `config.backend` ("pi" or "mock") and builds every
part through it; the drivers themselves never ask which backend they run on. A backend provides pin
factories (per GPIO chip), luma serial interfaces for the seat displays, and the reader's port.
"""

from __future__ import annotations

import importlib
import logging
from functools import cached_property, partial
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from gpiozero import DigitalOutputDevice

from hardware.bus_writers import BusWriters
from hardware.buttons import SeatButtons
from hardware.display import SeatDisplay
from hardware.events import DeviceStatus, InputQueue
from hardware.pinmap import Pinmap
from hardware.reader import CardReader
from hardware.shared_writes import Part, alike, write_redraw
from hardware.tags import TagRegistry
from hardware.whistle import Whistle
from kiosk.config import SeatConfig, TableConfig

log = logging.getLogger(__name__)


class Backend(Protocol):
    """Where the table's parts live: real pins and buses, or their mock counterparts."""

    def pin_factories(self) -> dict[str, Any]: ...

    def display_serial(self, seat: SeatConfig) -> Callable[[], Any]: ...

    def shared_serial(self, bus: str, channels: Iterable[int], address: int) -> Any | None:
        """The panels at `address` on several channels of `bus` at once, or None where the bus cannot
        open several (hardware/shared_writes.py)."""

    def reader_port(self) -> str: ...

    def reader_options(self) -> dict[str, Any]: ...

    def whistle_tempo(self) -> float: ...

    def close(self) -> None: ...


@dataclass
class Seat:
    index: int
    config: SeatConfig
    display: SeatDisplay
    buttons: SeatButtons


@dataclass
class Table:
    """Every part of the table, and the one queue their inputs arrive on."""

    config: TableConfig
    pinmap: Pinmap
    backend: Any
    events: InputQueue
    seats: list[Seat]
    whistle: Whistle | None
    reader: CardReader | None
    registry: TagRegistry
    reset_line: Any = None
    closed: bool = field(default=False)
    writers: BusWriters = field(default_factory=BusWriters)

    def show(self, frames: Iterable[tuple[int, Any, bool]], least_first: bool = False) -> None:
        """Put each (seat, picture, inverted) on its seat's screen, in this order on each bus, every
        bus at once (one writer thread per bus); returns when all are written. Each picture is written
        as soon as `frames` yields it, except on a bus whose mux can open several channels at once:
        there, from the first two pictures that have a page to share on, the rest are all drawn first
        and what several panels take alike is written once (hardware/shared_writes.py). With
        `least_first` (seats awaited together) every picture is drawn first, and on each bus the seats
        with least left to write go first: one whose "Your move" costs a few hundred bytes does not
        wait behind another's new page of its own."""
        seats = {seat.index: seat for seat in self.seats}
        sharing = self.sharing
        waiting: dict[str, list[Part]] = {}  # a bus's parts not handed over yet
        together: set[str] = set()  # buses whose remaining parts are planned together

        def writes() -> Iterator[tuple[str, Callable[[], Any]]]:
            for index, image, inverted in frames:
                if index not in seats:
                    continue
                seat = seats[index]
                bus = seat.config.display.bus
                if bus not in sharing and not least_first:
                    yield bus, partial(seat.display.show, image, inverted)
                    continue
                part = Part.of(seat.display, image, inverted, seat.config.display.channel, seat.config.display.address)
                if part.unchanged:
                    yield bus, part.show  # nothing to write: it neither waits nor holds up the next
                    continue
                parts = waiting.setdefault(bus, [])
                parts.append(part)
                # The first seats go at once while each has nothing to share with the next (a lone
                # awaited seat waits for no other picture); from two that share on, all are planned.
                if not least_first and bus not in together and len(parts) == 2:
                    if alike(*parts):
                        together.add(bus)
                    else:
                        yield bus, parts.pop(0).show
            for bus, parts in waiting.items():
                if len(parts) == 1:
                    yield bus, parts[0].show
                elif parts:
                    shared = partial(self.backend.shared_serial, bus) if bus in sharing else None
                    yield bus, partial(write_redraw, parts, shared, least_first)

        self.writers.write(writes())

    @cached_property
    def sharing(self) -> set[str]:
        """The buses whose panels can take a write together (a user-space mux with two seats or more),
        worked out once: the seats and the configuration do not change while the table runs."""
        buses = [seat.config.display.bus for seat in self.seats]
        return {bus for bus in set(buses)
                if buses.count(bus) > 1 and self.config.buses()[bus].mux == "user"
                and getattr(self.backend, "shared_serial", None) is not None}

    def start(self) -> Table:
        if self.reader is not None:
            self.reader.start()
        return self

    def poll(self) -> None:
        """Give failed parts their retry and the seat screens their keepalive (call from the main
        loop, e.g. once a second): each bus's on its writer thread, every bus at once."""
        self.writers.write((seat.config.display.bus, seat.display.poll) for seat in self.seats)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.writers.close()
        if self.reader is not None:
            self.reader.stop()
        if self.whistle is not None:
            self.whistle.close()
        for seat in self.seats:
            seat.buttons.close()
        if self.reset_line is not None:
            self.reset_line.close()
        self.registry.close()
        self.backend.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# The bottom layer the configuration names (`backend` in table.toml), loaded by its name as gpiozero
# loads the pin factory GPIOZERO_PIN_FACTORY names: the drivers here never import a backend, and the
# simulated one (`hardware.sim`) is built on them, not under them.
BACKEND_MODULES = {"mock": ("hardware.sim.backend", "MockBackend"), "pi": ("hardware.pi", "PiBackend")}


def backend_for(config: TableConfig, pinmap: Pinmap) -> Any:
    module, name = BACKEND_MODULES[config.backend]
    return getattr(importlib.import_module(module), name)(config, pinmap)


def build_table(config: TableConfig, *, backend: Any = None, registry: TagRegistry | None = None) -> Table:
    """Build every configured part. Parts that fail to answer are built anyway, marked failed."""
    pinmap = config.pinmap()
    backend = backend or backend_for(config, pinmap)
    events = InputQueue()
    factories = backend.pin_factories()
    seats: list[Seat] = []
    whistle = reader = reset_line = None
    try:
        for seat_config in config.seats:
            pins = pinmap.seats[seat_config.index]
            display = SeatDisplay(
                seat_config.index,
                backend.display_serial(seat_config),
                model=seat_config.display.model,
                rotation=seat_config.display.rotation,
                contrast=seat_config.display.contrast,
                report=events.put,
                where=f" (0x{seat_config.display.address:02X}, {seat_config.display.bus} channel {seat_config.display.channel})",
            )
            buttons = SeatButtons(
                seat_config.index,
                pins.buttons,
                events,
                factories=factories,
                bounce_s=config.buttons.bounce_s,
                long_press_s=config.buttons.long_press_s,
            )
            seats.append(Seat(seat_config.index, seat_config, display, buttons))
        if config.whistle.enabled:
            whistle = Whistle(pinmap.buzzer.name, pin_factory=factories["header"], tempo=backend.whistle_tempo())
        if registry is None:
            registry = TagRegistry(config.data_dir / "tags.sqlite") if config.backend == "pi" else TagRegistry()
        if config.reader.enabled:
            reset_line = DigitalOutputDevice(
                pinmap.reader_reset.name, initial_value=True, pin_factory=factories["header"]
            )
            backend_connect = getattr(backend, "connect_reset_line", None)
            if backend_connect is not None:
                backend_connect(pinmap.reader_reset.name)
            known = registry.knows
            reader = CardReader(
                backend.reader_port(),
                events,
                baud=config.reader.baud,
                reset=reset_line,
                want_ndef=lambda uid: not known(uid),
                **backend.reader_options(),
            )
    except Exception:
        for seat in seats:
            seat.buttons.close()
        if whistle is not None:
            whistle.close()
        if reset_line is not None:
            reset_line.close()
        backend.close()
        raise
    assert registry is not None
    return Table(config, pinmap, backend, events, seats, whistle, reader, registry, reset_line)


def describe(event: DeviceStatus) -> str:
    """A one-line, human description of a part's status change (for logs and the admin screen)."""
    return f"{event.device}: {'back' if event.ok else 'failed'}{': ' + event.detail if event.detail else ''}"
