"""The whole table's hardware, built once from the configuration.

`build_table(config)` picks the backend named by `config.backend` ("pi" or "mock") and builds every
part through it; the drivers themselves never ask which backend they run on. A backend provides pin
factories (per GPIO chip), luma serial interfaces for the seat displays, and the reader's port.
"""

from __future__ import annotations

import logging
from functools import partial
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from gpiozero import DigitalOutputDevice

from hardware.bus_writers import BusWriters
from hardware.buttons import SeatButtons
from hardware.display import SeatDisplay
from hardware.events import DeviceStatus, InputQueue
from hardware.pinmap import Pinmap
from hardware.reader import CardReader
from hardware.tags import TagRegistry
from hardware.whistle import Whistle
from kiosk.config import SeatConfig, TableConfig

log = logging.getLogger(__name__)


class Backend(Protocol):
    """Where the table's parts live: real pins and buses, or their mock counterparts."""

    def pin_factories(self) -> dict[str, Any]: ...

    def display_serial(self, seat: SeatConfig) -> Callable[[], Any]: ...

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

    def show(self, frames: Iterable[tuple[int, Any, bool]]) -> None:
        """Put each (seat, picture, inverted) on its seat's screen, in this order on each bus, every
        bus at once (one writer thread per bus), each as soon as `frames` yields it; returns when
        all are written."""
        seats = {seat.index: seat for seat in self.seats}
        self.writers.write(
            (seats[index].config.display.bus, partial(seats[index].display.show, image, inverted))
            for index, image, inverted in frames
            if index in seats
        )

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


def backend_for(config: TableConfig, pinmap: Pinmap) -> Any:
    if config.backend == "mock":
        from hardware.mock_backend import MockBackend

        return MockBackend(config, pinmap)
    from hardware.pi import PiBackend

    return PiBackend(config, pinmap)


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
    return Table(config, pinmap, backend, events, seats, whistle, reader, registry, reset_line,
                 writers=BusWriters(len({seat.display.bus for seat in config.seats})))


def describe(event: DeviceStatus) -> str:
    """A one-line, human description of a part's status change (for logs and the admin screen)."""
    return f"{event.device}: {'back' if event.ok else 'failed'}{': ' + event.detail if event.detail else ''}"
