"""Benchmark: from an input to the last byte on the seat screens, for any game and table size.

People are scripted the way a person plays the three buttons: a reveal or "Your move" is dismissed
with select; in the choices they press next to a random purposeful entry (or a group) and select it.
The other seats are bots. Every input the loop handles (a button press, or a bot's turn) runs the
table's real code on the mock hardware: the referee draws every seat through `Table.show`, which
writes each bus's seats on that bus's writer thread while the loop draws the next, and each
fake bus takes as long as its bytes would on the wire at `--bus-hz` (9 clocks per byte: it sleeps
that time off, `FakeI2CBus.paced`), counting its own bytes and wire time. So the times are measured,
not modelled: the wall clock from the input until every bus has carried its last byte. (On a loaded
machine other processes stretch the wall clock too: compare runs made side by side.)

It reports the median and p99 of the loop's CPU time (the referee's thread alone: the writes to the
panels are the writer threads'), three times: "loop (CPU)" is all of that thread's CPU in the
input, the simulated chips' decoding of the bytes (FakeI2CBus.chip_seconds: the SSD1306s' and the
mux's own work on real hardware) and this benchmark's probes of the panels included, as older commits
measured it; "loop: the kiosk's code (CPU)" leaves those two out: what the loop thread would spend on
a Pi (the referee, the seats, drawing, luma, smbus2 and the fake bus's routing and pacing, which stand
for the kernel's I2C driver); and "loop: the kiosk's code, no bus" leaves the whole simulated bus out
too (FakeI2CBus.bus_seconds: taking smbus2's messages apart, routing them through the mux, the chips;
its paced waits are no CPU anyway): on a Pi that work is the kernel's driver, in C, a few interrupts a
transfer, not the Python that simulates it here. "bus writers (CPU)" is the writer threads' CPU in the
input, all of it (what is left of the panels' updates: their changed spans, luma's commands, smbus2's
messages, the simulated bus); "store sync (CPU)" is the store's own thread syncing the move's commit
to the card (kiosk/store.py: the kernel's work, on a thread of its own while the loop applies the
move, which waits for it before it shows anything); "loop and writers: the kiosk's code, no bus" adds
the three threads' CPU without the simulated bus, the process's whole work for the input, which a
Pi's four cores share out only where a thread waits for the wire or the card (Python runs one thread
at a time). Then the wire time of the busiest bus, and the total (input
to the last byte on every seat); the time until the last byte of the seat that acted, and of each
seat awaited after the input (the people who wait for their screen; a seat whose screen did not change
is not counted), split into inputs after which one seat was awaited (a turn) and those after which
several were awaited at once (a simultaneous prompt: they are served in turn on one bus), and for
those, when the last of them was served; and each awaited seat but those whose screen is a private
page of their own (a card shown or passed to them, their Time cards: a whole page, which item 3 of
issue 22 allows, and 15-19 ms of wire at 400 kHz by itself); for each awaited seat, the wire time
alone of the bytes its bus carried from the input until that seat's last byte (the floor under its
time: no saving of CPU goes below it, only fewer bytes or a faster bus); the bytes per input; the
bytes per move on the seats that did not act, and the bytes on the seats whose picture did not change.
The row "loop: waiting for a CPU (run queue)" is how long the loop's thread was ready to run
in an input while the CPU ran another process (Linux's schedstat): on a shared machine that time is
in every wall-clock figure above and in none of the CPU ones, and a few such inputs are all a p99 of
the awaited seats rests on (some 150 samples a game with 5 people: its p99 is the second longest;
the report says which), so a compare of two commits runs enough games for the p99 to rest on several
inputs (bench/compare.py) and shows this row for both sides. "loop: waiting for the card's sync" is
the wall time the loop waited for the store's sync of the input's move (`GameStore.synced`, before the
move's first byte on any screen): the disk's own latency, which no CPU figure shows and every wall-clock
figure includes. Most inputs store nothing and wait nothing; a sync the disk holds up (tens of ms on a
shared machine, now and then) is a few samples of the awaited seats' p99 on its own.

With `--buses 2` seats 2, 4 and 6 are on the second bus (wiring/pinmap.toml), with a writer thread of its own.

A move is one action of the game (what the store records), not an input: a seat's walk (its local
steps, then the choice that ends them, sent to the table as one submit) is as many moves as it has
actions. The seats that did not act in a move are every seat but the one whose action it was. A move's
bytes on them are those of their screen updates (the bytes their bus carried for each, as in the
awaited seats' times) from the move until the next move or the end of the input; the referee draws a
walk once, after its last action, so its actions before the last are moves of 0 bytes (older commits
drew each local step as it came: such a step's bytes on the others are what that drawing wrote to
them). So the figure is what the game's actions cost the seats that watch, per action, comparable
across commits that group actions otherwise. A seat's picture did
not change in an input when its panel shows the same after it as before it (RAM and inversion, as
the fake panel decoded them); the bytes its panel received in that input (each write that reached
it, an address byte and the payload, a write shared with other panels counted for each) are bytes
that bought nothing: issue 35 wants 0.

`--cpu-factor K` shows the table on a CPU K times slower (a Raspberry Pi 4 is about 5x slower than
the machines we measure on, DESIGN.md): every thread that writes a seat screen (the loop, a bus's
writer) sleeps K-1 times the CPU time it used (its own, `time.thread_time`) before each transfer on a
bus and at the end of each input, so the CPU between two writes takes K times as long and the bytes
reach the wire that much later; the store's sync thread sleeps K-1 times its CPU after each sync, which
the loop waits for. The wire time is the bus's own and is not stretched, nor is the fake
bus's own work (routing, decoding a panel's bytes: the panel's job, not the Pi's). The loop's CPU is
then shown multiplied by K.

    .venv/bin/python bench/table.py [--game G] [--seats N] [--people N] [--games N] [--bus-hz HZ] [--buses 2]
                                    [--mux user] [--cpu-factor K]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.bus_writers import BusWriters  # noqa: E402
from hardware.events import ButtonPress  # noqa: E402
from hardware.sim.fake_i2c import CLOCKS_PER_BYTE, FakeI2CBus  # noqa: E402
from hardware.sim.mock_table import build_mock_table  # noqa: E402
from kiosk.bots.random_bot import AIMLESS  # noqa: E402
from kiosk.bots.table_bots import table_bot  # noqa: E402
from kiosk.config import default_config  # noqa: E402
from kiosk.appliance.garbage import collect_due  # noqa: E402
from kiosk.games import registry  # noqa: E402
from kiosk.referee.narration import narrator_for  # noqa: E402
from kiosk.seats.controller import SeatController  # noqa: E402
from kiosk.seats.pages import seat_pages  # noqa: E402
from kiosk.referee.session import GameSession  # noqa: E402
from kiosk.store import GameStore  # noqa: E402
from kiosk.referee.table import Referee  # noqa: E402

BUS_HZ = 400_000
SLOW_SYNC_MS = 5  # a sync of the card the report counts as held up by the disk (one is some 0.4 ms here)
MOST_INPUTS = 20_000  # per game: a scripted table that never ends is a defect, not a long benchmark


@dataclass
class Sample:
    cpu: float  # seconds of the loop's CPU time
    own_cpu: float  # the same without the simulated chips' decoding and this benchmark's probes
    driver_free_cpu: float  # the same without the whole simulated bus (FakeI2CBus.bus_seconds) nor the probes
    bytes: int
    wire: float  # seconds the busiest bus spent carrying this input's bytes
    total: float  # seconds until the last byte on every seat screen
    acted: float | None  # seconds until the last byte of the seat that acted (None: not redrawn)
    awaited: tuple[float, ...]  # the same for each seat awaited after the input that was redrawn
    moves: tuple[int, ...] = ()  # each move (one action of the game) in this input: its bytes on the seats that did not act
    private: tuple[bool, ...] = ()  # for each awaited seat above: its screen is a private page of its own
    floor: tuple[float, ...] = ()  # for each awaited seat above: the wire time alone of its bus's bytes until its last
    unchanged: int = 0  # bytes received by the panels whose picture is the same after the input as before
    runnable: float | None = None  # seconds the loop's thread was ready to run but another took its CPU (None: unknown)
    writers_cpu: float = 0.0  # seconds of the bus writer threads' CPU time, the simulated chips and the probes included
    writers_driver_free_cpu: float = 0.0  # the same without the whole simulated bus nor the probes
    sync_cpu: float = 0.0  # seconds of the store's sync thread's CPU time (syncing the commit to the card)
    sync_wait: float = 0.0  # seconds the loop waited for that sync (wall time: the disk's latency included)


@dataclass
class Writes:
    """Each seat screen update of the input being measured: when its last byte was on the wire
    (seconds after the input), and the bytes its bus carried since the last update on that bus (with
    a user-space mux, the writes shared by several seats go just before the first of them).

    A seat counts as updated when its panel shows something else than after its last update (the
    panel's RAM and inversion, as the fake panel decoded them): with shared writes its bytes may
    land before its own `show`, and a second `show` of an unchanged screen is not an update."""

    started: float = 0.0
    log: list[tuple[int, float, int, int]] = field(default_factory=list)  # seat, when, bytes, id of its bus
    marks: dict[int, int] = field(default_factory=dict)  # id of a bus -> its bytes at the last update
    panels: dict[int, Any] = field(default_factory=dict)  # seat -> its fake panel
    received: dict[int, int] = field(default_factory=dict)  # seat -> bytes its panel received in this input
    before: dict[int, tuple[bytes, bool]] = field(default_factory=dict)  # seat -> its panel's state at the input
    probes: dict[int, float] = field(default_factory=dict)  # thread id -> CPU time spent reading panels after a show

    def probe_seconds(self) -> float:
        """The CPU time the calling thread spent in this benchmark's probes (not the kiosk's work)."""
        return self.probes.get(threading.get_ident(), 0.0)

    def wrap(self, seat: int, display: Any, bus: FakeI2CBus, panel: Any) -> None:
        show = display.show
        seen = [panel_state(panel)]
        self.panels[seat] = panel
        receive = panel.receive

        def counted_receive(payload: bytes) -> None:
            self.received[seat] = self.received.get(seat, 0) + 1 + len(payload)  # its address byte, then the payload
            receive(payload)

        panel.receive = counted_receive

        def measured_show(image: Any, inverted: bool = False) -> bool:
            shown = show(image, inverted)
            probing = time.thread_time()
            count = bus.bytes_sent - self.marks.get(id(bus), bus.bytes_sent)
            self.marks[id(bus)] = bus.bytes_sent
            state = panel_state(panel)
            if state != seen[0]:
                seen[0] = state
                self.log.append((seat, max(time.perf_counter(), bus.free_at) - self.started, count, id(bus)))
            thread = threading.get_ident()
            self.probes[thread] = self.probes.get(thread, 0.0) + time.thread_time() - probing
            return bool(shown)

        display.show = measured_show

    def start(self, buses: list[FakeI2CBus]) -> None:
        self.log.clear()
        self.marks = {id(bus): bus.bytes_sent for bus in buses}
        self.received.clear()
        self.before = {seat: panel_state(panel) for seat, panel in self.panels.items()}
        self.started = time.perf_counter()

    def unchanged(self) -> int:
        """The bytes received since `start` by the panels that show the same as they did then."""
        return sum(count for seat, count in self.received.items() if panel_state(self.panels[seat]) == self.before[seat])

    def moves(self, submits: list[tuple[int, int, int]]) -> list[int]:
        """Each move's bytes on the seats that did not act, for the input's `submits` (the seat, the
        length of the log when it began, the actions it applied): the updates from one submit to the
        next, its last action's; its actions before the last drew nothing."""
        moves: list[int] = []
        for number, (seat, begun, actions) in enumerate(submits):
            until = submits[number + 1][1] if number + 1 < len(submits) else len(self.log)
            others = sum(count for updated, _, count, _ in self.log[begun:until] if updated != seat)
            moves.extend([0] * (actions - 1) + [others] if actions else [])
        return moves

    def last_bytes(self) -> dict[int, float]:
        """When the last byte of each updated seat reached its panel."""
        return {seat: when for seat, when, _, _ in self.log}

    def bytes_until(self) -> dict[int, int]:
        """The bytes each updated seat's bus carried from the input until that seat's last byte."""
        carried: dict[int, int] = {}
        until: dict[int, int] = {}
        for seat, _, count, bus in self.log:
            carried[bus] = carried.get(bus, 0) + count
            until[seat] = carried[bus]
        return until


class StoreSync:
    """The CPU the store's sync thread spends on an input (each sync timed on its thread), and the wall
    time the loop waits for it (`GameStore.synced`: the card's own latency, as the disk gives it)."""

    def __init__(self, store: GameStore) -> None:
        self.cpu = 0.0
        self.waited = 0.0
        sync, synced = store.sync_wal, store.synced

        def timed() -> OSError | None:
            started = time.thread_time()
            try:
                return sync()
            finally:
                self.cpu += time.thread_time() - started  # the loop reads it once the sync is done

        def waited() -> None:
            started = time.perf_counter()
            try:
                synced()
            finally:
                self.waited += time.perf_counter() - started

        store.sync_wal = timed  # type: ignore[method-assign]
        store.synced = waited  # type: ignore[method-assign]


class WritersCPU:
    """The CPU the bus writer threads spend on an input's writes (each write handed to a writer is
    timed on its thread): all of it, and without the whole simulated bus and this benchmark's probes
    (as "loop: the kiosk's code, no bus" leaves them out of the loop's)."""

    def __init__(self, buses: list[FakeI2CBus], writes: Writes) -> None:
        self.buses = buses
        self.writes = writes
        self._lock = threading.Lock()
        self.cpu = self.driver_free = 0.0

    def start(self) -> None:
        with self._lock:
            self.cpu = self.driver_free = 0.0

    def wrap(self, writers: BusWriters) -> None:
        write = writers.write

        def timed(work: Callable[[], Any]) -> Callable[[], Any]:
            def run() -> Any:
                simulated = sum(bus.bus_seconds() for bus in self.buses) + self.writes.probe_seconds()
                started = time.thread_time()
                try:
                    return work()
                finally:
                    spent = time.thread_time() - started
                    simulated = sum(bus.bus_seconds() for bus in self.buses) + self.writes.probe_seconds() - simulated
                    with self._lock:
                        self.cpu += spent
                        self.driver_free += spent - simulated
            return run

        writers.write = lambda writes: write((bus, timed(work)) for bus, work in writes)  # type: ignore[method-assign]


class SlowerCPU:
    """A CPU `factor` times slower, for the threads that write seat screens: before each of its
    transfers on a bus, before the loop hands a seat's frame to a bus's writer thread, and at the end
    of the input (`settle`), a thread sleeps `factor - 1` times the CPU time it used since the last
    of these (or the start of the input). A sleep runs over by some 0.1 ms: what it overran is
    taken off the next one, so many short steps add up to the time they are owed. The threads take
    turns at their sleeps, as at Python's lock on a slower CPU: while the loop draws the next seat,
    the writer thread's own Python waits (the wire's waits, the kernel's on a Pi, do not)."""

    def __init__(self, factor: float) -> None:
        self.factor = factor
        self._thread = threading.local()  # each thread's CPU time at its last settle, and the sleep it owes
        self._interpreter = threading.Lock()  # one thread's stretched CPU at a time

    def start(self) -> None:
        """From now on, count this thread's CPU (the start of an input, the end of a transfer)."""
        self._thread.cpu = time.thread_time()

    def settle(self, interpreter: bool = True) -> None:
        now = time.thread_time()
        owed = getattr(self._thread, "owed", 0.0) + (self.factor - 1) * (now - getattr(self._thread, "cpu", now))
        if owed > 0:
            with self._interpreter if interpreter else contextlib.nullcontext():
                began = time.perf_counter()
                time.sleep(owed)
                owed -= time.perf_counter() - began
        self._thread.owed = owed
        self.start()

    def wrap_bus(self, bus: FakeI2CBus) -> None:
        """Before each call on the bus (one I2C_RDWR call's writes go together, as one system call)."""
        transfers = bus.transfers

        def stretched(messages: Iterable[tuple[int, bytes]]) -> None:
            self.settle()
            try:
                transfers(messages)
            finally:  # the fake bus's own CPU is the panel's work, not the Pi's
                self.start()

        bus.transfers = stretched  # type: ignore[method-assign]

    def wrap_store(self, store: GameStore) -> None:
        """After each sync of the card on the store's thread. Not at the interpreter's lock: a sync is
        the kernel's work, which runs beside the loop's Python on a Pi's other core."""
        sync = store.sync_wal

        def stretched() -> OSError | None:
            self.start()
            try:
                return sync()
            finally:
                self.settle(interpreter=False)

        store.sync_wal = stretched  # type: ignore[method-assign]

    def wrap_writers(self, writers: BusWriters) -> None:
        """With writer threads, the loop's CPU for a seat's frame is spent before it is handed over."""
        write = writers.write

        def handed(writes: Iterable[tuple[str, Callable[[], Any]]]) -> Iterator[tuple[str, Callable[[], Any]]]:
            for item in writes:
                self.settle()
                yield item

        writers.write = lambda writes: write(handed(writes))  # type: ignore[method-assign]


def run_queue_seconds() -> float | None:
    """The time the calling thread has spent ready to run while the CPU ran something else (Linux's
    schedstat: its second field, in nanoseconds), None where the kernel does not say. On a shared
    machine this is what stretches a wall-clock figure beyond the CPU and the wire: another process."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def panel_state(panel: Any) -> tuple[bytes, bool]:
    return b"".join(bytes(page) for page in panel.ram), panel.inverted


def person_press(controller: SeatController, rng: random.Random) -> str:
    """The button a person presses next: select through reveals and "Your move", else walk the menu
    to a purposeful entry (a choice, or a group of them) and select it."""
    if controller.reveals or controller.mode != "prompt" or controller.prompt is None:
        return "select"
    menu = controller.menu()  # what the seat shows: its local steps' menu, its other prompts as groups
    level = menu.level(controller.path) or menu.level(())
    assert level is not None
    entries = level[1]
    wanted = [i for i, e in enumerate(entries) if e.is_group or (e.action is not None and e.action.kind not in AIMLESS)]
    wanted = wanted or [i for i, e in enumerate(entries) if e.action is not None] or list(range(len(entries)))
    target = getattr(controller, "_bench_target", None)
    if target is None or target not in wanted or target >= len(entries):
        target = rng.choice(wanted)
        controller._bench_target = target  # type: ignore[attr-defined]
    if controller.index % len(entries) != target:
        return "next"
    controller._bench_target = None  # type: ignore[attr-defined]
    return "select"


def one_game(game_id: str, seats: int, people: int, seed: int, bus_hz: int, samples: list[Sample],
             buses: int = 1, mux: str = "kernel", cpu_factor: float = 1.0) -> None:
    config = default_config(seats, buses=buses)
    config = replace(config, i2c=replace(config.i2c, speed_hz=bus_hz, mux=mux),
                     i2c2=replace(config.i2c2, speed_hz=bus_hz, mux=mux) if config.i2c2 else None)
    mock = build_mock_table(config, start_reader=False)
    wires = list(mock.backend.buses.values())
    slower = SlowerCPU(cpu_factor) if cpu_factor != 1.0 else None
    for bus in wires:
        bus.paced = bus.counting_chips = True
        if slower is not None:
            slower.wrap_bus(bus)
    if slower is not None:
        slower.wrap_writers(mock.table.writers)
    rng = random.Random(seed)
    humans = tuple(range(people))
    bot_seats = [s for s in range(seats) if s not in humans]
    writes = Writes()
    for part in mock.table.seats:
        writes.wrap(part.index, part.display, mock.backend.bus_of(part.index), mock.backend.panels[part.index])
    writers_cpu = WritersCPU(wires, writes)
    writers_cpu.wrap(mock.table.writers)
    with tempfile.TemporaryDirectory() as data:
        store = GameStore.open(Path(data))
        sync = StoreSync(store)
        if slower is not None:
            slower.wrap_store(store)
        session = GameSession.start(store, game_id, seats, seed, {}, bots=bot_seats)
        narrator = narrator_for(game_id, session.game.view(session.state, None))
        referee = Referee(
            session, mock.table, lambda seat: seat_pages(game_id, narrator, "en"),
            {seat: table_bot(game_id, seat, seed) for seat in bot_seats}, bot_delay=0.0, reveal_seconds=0.0,
        )
        submits: list[tuple[int, int, int]] = []  # this input's submits: the seat, the log's length then, actions applied
        submit_walk = referee.submit_walk

        def counted_walk(seat: int, actions: tuple[Any, ...]) -> Any:
            done, begun = session.actions_done, len(writes.log)
            try:
                return submit_walk(seat, actions)
            finally:
                submits.append((seat, begun, session.actions_done - done))

        referee.submit_walk = counted_walk  # type: ignore[method-assign]

        def measured(acted: int | None, step: Callable[[], None]) -> None:
            submits.clear()
            sent = [bus.bytes_sent for bus in wires]
            wire = [bus.wire_seconds for bus in wires]
            writes.start(wires)
            writers_cpu.start()
            sync.cpu = sync.waited = 0.0
            outside = sum(bus.chip_seconds() for bus in wires) + writes.probe_seconds()
            simulated = sum(bus.bus_seconds() for bus in wires) + writes.probe_seconds()
            waited = run_queue_seconds()
            cpu_started = time.thread_time()
            if slower is not None:
                slower.start()
            step()
            after_wait = run_queue_seconds()
            if slower is not None:
                slower.settle()
            spent = time.thread_time() - cpu_started
            outside = sum(bus.chip_seconds() for bus in wires) + writes.probe_seconds() - outside
            simulated = sum(bus.bus_seconds() for bus in wires) + writes.probe_seconds() - simulated
            cpu, own_cpu = spent * cpu_factor, (spent - outside) * cpu_factor
            total = max([time.perf_counter(), *(bus.free_at for bus in wires)]) - writes.started
            awaited = {p.seat for p in session.game.prompts(session.state) if p.seat in humans} - {acted}
            served = writes.last_bytes()
            until = writes.bytes_until()
            samples.append(Sample(
                cpu, own_cpu, (spent - simulated) * cpu_factor, sum(bus.bytes_sent for bus in wires) - sum(sent),
                max(bus.wire_seconds - before for bus, before in zip(wires, wire)), total,
                served.get(acted) if acted in humans else None,
                tuple(served[s] for s in sorted(awaited) if s in served), tuple(writes.moves(submits)),
                tuple(bool(referee.controllers[s].reveals) for s in sorted(awaited) if s in served),
                tuple(until[s] * CLOCKS_PER_BYTE / bus_hz for s in sorted(awaited) if s in served),
                writes.unchanged(), None if waited is None or after_wait is None else after_wait - waited,
                writers_cpu.cpu * cpu_factor, writers_cpu.driver_free * cpu_factor, sync.cpu * cpu_factor,
                sync.waited))

        try:
            for _ in range(MOST_INPUTS):
                if session.over:
                    break
                seat = next((s for s in humans if referee.controllers[s].prompt is not None
                             or referee.controllers[s].reveals), None)
                if seat is None:
                    due = sorted(referee._bot_due, key=session.turn_order)  # the bot pump lets act
                    measured(due[0] if due else None, lambda: referee.pump(timeout=0.0))
                    continue
                button = person_press(referee.controllers[seat], rng)
                measured(seat, lambda: referee.handle(ButtonPress(seat, button)))
                collect_due()  # as the loop does after each input (Referee.pump), before the next
            else:
                raise RuntimeError(f"{game_id} with {seats} seats, seed {seed}: no end after {MOST_INPUTS} inputs")
        finally:
            store.close()
            mock.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(game_id: str, seats: int, people: int, games: int, bus_hz: int, samples: list[Sample],
           buses: int = 1, mux: str = "kernel", cpu_factor: float = 1.0) -> None:
    cpu = [s.cpu * 1000 for s in samples]
    own_cpu = [s.own_cpu * 1000 for s in samples]
    driver_free = [s.driver_free_cpu * 1000 for s in samples]
    wire = [s.wire * 1000 for s in samples]
    total = [s.total * 1000 for s in samples]
    acted = [s.acted * 1000 for s in samples if s.acted is not None]
    awaited = [t * 1000 for s in samples for t in s.awaited]
    alone = [s.awaited[0] * 1000 for s in samples if len(s.awaited) == 1]
    together = [t * 1000 for s in samples if len(s.awaited) > 1 for t in s.awaited]
    several = [max(s.awaited) * 1000 for s in samples if len(s.awaited) > 1]
    asked = [t * 1000 for s in samples for t, own in zip(s.awaited, s.private) if not own]
    floor = [t * 1000 for s in samples for t in s.floor]
    moves = [count for s in samples for count in s.moves]
    runnable = [s.runnable * 1000 for s in samples if s.runnable is not None]
    sync_waits = [s.sync_wait * 1000 for s in samples] if any(s.sync_wait for s in samples) else []
    writers = [s.writers_cpu * 1000 for s in samples]
    syncs = [s.sync_cpu * 1000 for s in samples] if any(s.sync_cpu for s in samples) else []
    both_free = [(s.driver_free_cpu + s.writers_driver_free_cpu + s.sync_cpu) * 1000 for s in samples]
    wasted = [s.unchanged for s in samples]
    print(f"{game_id}, {seats} seats, {people} people, {games} games, {len(samples)} inputs, "
          f"{'one bus and its writer thread' if buses == 1 else f'{buses} buses, a writer thread each,'} at {bus_hz // 1000} kHz, "
          f"{'shared writes (user-space mux)' if mux == 'user' else 'kernel mux'}"
          f"{f', the CPU stretched {cpu_factor:g}x' if cpu_factor != 1.0 else ''}: "
          "input to last byte on the seat screens (ms, measured)")
    print(f"{'':>34} {'median':>8} {'p99':>8}")
    stretched = "" if cpu_factor == 1.0 else f" x{cpu_factor:g}"
    rows = ((f"loop (CPU{stretched})", cpu), (f"loop: the kiosk's code (CPU{stretched})", own_cpu),
            (f"loop: the kiosk's code, no bus (CPU{stretched})", driver_free),
            (f"bus writers (CPU{stretched})", writers), (f"store sync (CPU{stretched})", syncs),
            (f"loop and writers: the kiosk's code, no bus (CPU{stretched})", both_free),
            ("I2C bus" if buses == 1 else "I2C, the busiest bus", wire),
            ("total: every seat", total), ("the seat that acted", acted),
            ("each seat awaited next", awaited), (f"the one seat awaited ({len(alone)}x)", alone),
            (f"each of several awaited ({len(together)}x)", together),
            (f"the last of several awaited ({len(several)}x)", several),
            (f"each awaited, not on a private page ({len(asked)}x)", asked),
            ("each awaited: its bus's wire alone", floor),
            ("loop: waiting for a CPU (run queue)", runnable),
            ("loop: waiting for the card's sync", sync_waits))
    for name, values in rows:
        if values:
            print(f"{name:>34} {statistics.median(values):>8.2f} {percentile(values, 0.99):>8.2f}")
    if awaited:
        rank = len(awaited) - int(0.99 * len(awaited))
        print(f"each seat awaited next: {len(awaited)} samples, so its p99 is the {ordinal(rank)} longest")
    if sync_waits:
        held_up = sum(1 for w in sync_waits if w > SLOW_SYNC_MS)
        print(f"the loop's longest wait for the card's sync: {max(sync_waits):.2f} ms "
              f"({held_up} input{'' if held_up == 1 else 's'} waited more than {SLOW_SYNC_MS} ms)")
    print(f"bytes per input: median {statistics.median(s.bytes for s in samples):.0f}, "
          f"p99 {percentile([float(s.bytes) for s in samples], 0.99):.0f} "
          f"(a full refresh of every seat is {seats * 1024})")
    if moves:
        print(f"bytes per move on the seats that did not act: median {statistics.median(moves):.0f}, "
              f"mean {statistics.mean(moves):.0f}, p99 {percentile([float(b) for b in moves], 0.99):.0f} "
              f"over {len(moves)} moves (actions of the game)")
    print(f"bytes on the seats whose picture did not change: total {sum(wasted)}, "
          f"in {sum(1 for b in wasted if b)} of {len(samples)} inputs (most in one: {max(wasted, default=0)})")


def ordinal(number: int) -> str:
    return f"{number}{'th' if 10 <= number % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mystery-express", choices=registry.ids())
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--people", type=int, help="seats played by scripted people (default: two)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--bus-hz", type=int, default=BUS_HZ)
    parser.add_argument("--mux", choices=("kernel", "user"), default="kernel",
                        help="user: the mux switched from user space, so panels can take one write together")
    parser.add_argument("--buses", type=int, choices=(1, 2), default=1,
                        help="2: seats 2, 4, 6 on a second bus, a writer thread each")
    parser.add_argument("--cpu-factor", type=float, default=1.0, metavar="K",
                        help="a CPU K times slower (a Raspberry Pi 4: about 5): each thread writing the "
                             "seats sleeps K-1 times the CPU it used before each transfer")
    args = parser.parse_args()
    if args.cpu_factor < 1.0:
        parser.error(f"--cpu-factor must be 1 or more (a slower CPU), got {args.cpu_factor:g}")
    people = min(args.seats, 2 if args.people is None else args.people)
    samples: list[Sample] = []
    for seed in range(args.games):
        one_game(args.game, args.seats, people, seed, args.bus_hz, samples, args.buses, args.mux, args.cpu_factor)
    report(args.game, args.seats, people, args.games, args.bus_hz, samples, args.buses, args.mux, args.cpu_factor)


if __name__ == "__main__":
    main()
