"""The tools around the benchmarks: `bench/table.py --cpu-factor` and `make bench-compare`.

The compare reads the figures the bench scripts print (bench/figures.py), so a report whose wording
changes must still be read, figure for figure; the slower CPU must sleep what it owes, before the
bytes go on the wire. No timing is asserted: the clocks are the test's own.
"""

from __future__ import annotations

import os
import random
import statistics
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pyperf
import smbus2
import pytest

from bench import compare, engine, figures
from bench import garbage as garbage_bench
from bench import table as table_bench
from hardware.sim.fake_i2c import FakeI2CBus, FakePanel
from kiosk.store import GameStore


def test_the_table_report_is_read_back_figure_for_figure(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(4)
    samples = [table_bench.Sample(cpu=rng.uniform(0.0005, 0.02), own_cpu=rng.uniform(0.0002, 0.01),
                                  driver_free_cpu=rng.uniform(0.0001, 0.008), bytes=rng.randrange(0, 3000),
                                  wire=rng.uniform(0.001, 0.06), total=rng.uniform(0.002, 0.08),
                                  acted=rng.choice([None, rng.uniform(0.002, 0.07)]),
                                  awaited=tuple(rng.uniform(0.005, 0.1) for _ in range(rng.choice([0, 1, 2]))),
                                  moves=tuple(rng.choice([0, rng.randrange(0, 2500)]) for _ in range(rng.choice([0, 1, 3]))),
                                  unchanged=rng.choice([0, 0, 0, rng.randrange(1, 300)]),
                                  runnable=rng.choice([0.0, rng.uniform(0.0, 0.02)]),
                                  writers_cpu=rng.uniform(0.0002, 0.01), writers_driver_free_cpu=rng.uniform(0.0001, 0.005),
                                  sync_wait=rng.choice([0.0, 0.0, rng.uniform(0.0002, 0.001), rng.uniform(0.005, 0.09)]))
               for _ in range(300)]
    samples = [table_bench.Sample(**{**vars(s), "private": tuple(rng.random() < 0.3 for _ in s.awaited),
                                     "floor": tuple(t / 2 for t in s.awaited)}) for s in samples]
    table_bench.report("mystery-express", 5, 5, 2, 400_000, samples, mux="user")
    output = capsys.readouterr().out
    read = figures.table(output)

    cpu = [s.cpu * 1000 for s in samples]
    awaited = [t * 1000 for s in samples for t in s.awaited]
    assert read["loop (CPU), p99"] == (round(table_bench.percentile(cpu, 0.99), 2), "ms")
    own = [s.own_cpu * 1000 for s in samples]
    assert read["loop: the kiosk's code (CPU), p99"] == (round(table_bench.percentile(own, 0.99), 2), "ms")
    lean = [s.driver_free_cpu * 1000 for s in samples]
    assert read["loop: the kiosk's code, no bus (CPU), p99"] == (round(table_bench.percentile(lean, 0.99), 2), "ms")
    assert read["each seat awaited next, median"][0] == pytest.approx(statistics.median(awaited), abs=0.006)
    assert read["bytes per input, p99"] == (table_bench.percentile([float(s.bytes) for s in samples], 0.99), "B")
    moves = [count for s in samples for count in s.moves]
    assert read["bytes per move on the seats that did not act, p99"] == (table_bench.percentile(moves, 0.99), "B")
    assert read["bytes on the seats whose picture did not change, total"] == (sum(s.unchanged for s in samples), "B")
    assert {"the one seat awaited, p99", "each of several awaited, p99", "each awaited, not on a private page, p99",
            "each awaited: its bus's wire alone, p99", "bytes per move on the seats that did not act, mean"} <= set(read)
    waited = [s.runnable * 1000 for s in samples if s.runnable is not None]
    assert read["loop: waiting for a CPU (run queue), p99"] == (round(table_bench.percentile(waited, 0.99), 2), "ms")
    rank = len(awaited) - int(0.99 * len(awaited))
    assert f"each seat awaited next: {len(awaited)} samples, so its p99 is the {table_bench.ordinal(rank)} longest" in output
    writers = [s.writers_cpu * 1000 for s in samples]
    assert read["bus writers (CPU), p99"] == (round(table_bench.percentile(writers, 0.99), 2), "ms")
    both = [(s.driver_free_cpu + s.writers_driver_free_cpu) * 1000 for s in samples]
    assert read["loop and writers: the kiosk's code, no bus (CPU), median"][0] == pytest.approx(statistics.median(both), abs=0.006)
    sync_waits = [s.sync_wait * 1000 for s in samples]
    assert read["loop: waiting for the card's sync, p99"] == (round(table_bench.percentile(sync_waits, 0.99), 2), "ms")
    held_up = sum(1 for w in sync_waits if w > table_bench.SLOW_SYNC_MS)
    assert 0 < held_up < len(samples)
    assert (f"the loop's longest wait for the card's sync: {max(sync_waits):.2f} ms ({held_up} input"
            f"{'' if held_up == 1 else 's'} waited more than {table_bench.SLOW_SYNC_MS} ms)") in output
    assert len(read) == 38  # sixteen rows of median and p99, two figures of bytes per input, three per move, one unchanged


def test_the_run_queue_wait_of_the_loop_thread_is_read_from_the_kernel() -> None:
    before = table_bench.run_queue_seconds()
    assert before is not None and before >= 0.0  # Linux: every CI machine
    assert table_bench.ordinal(1) == "1st" and table_bench.ordinal(12) == "12th" and table_bench.ordinal(23) == "23rd"


def test_the_loops_wait_for_the_cards_sync_is_what_the_disk_held_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that takes 30 ms to sync (the test's clock, moved by the sync itself once the loop waits):
    the probe counts those 30 ms as the loop's wait, and the sync's CPU on the store's thread apart."""
    store = GameStore.open(tmp_path)
    game = store.begin("mystery-express", {}, 1, 3, [])
    clock = SimpleNamespace(now=100.0, reads=0, waiting=threading.Event())

    def perf_counter() -> float:
        now = clock.now
        clock.reads += 1
        if clock.reads == 3:  # the write's own wait for an earlier sync read it twice: now the loop waits for this one
            clock.waiting.set()
        return now

    monkeypatch.setattr(table_bench, "time", SimpleNamespace(perf_counter=perf_counter, thread_time=time.thread_time))
    fsync = os.fsync

    def slow_disk(descriptor: int) -> None:
        assert clock.waiting.wait(timeout=30)
        clock.now += 0.030
        fsync(descriptor)

    monkeypatch.setattr(os, "fsync", slow_disk)
    probe = table_bench.StoreSync(store)
    try:
        store.append_all(game, 0, [{"kind": "move", "args": []}], later=True)
        store.synced()
        assert clock.reads == 4 and probe.waited == pytest.approx(0.030) and probe.cpu >= 0.0
        probe.waited = 0.0
        store.synced()  # nothing pending: nothing waited
        assert probe.waited == 0.0
    finally:
        store.close()


def test_an_older_scripts_bytes_per_input_with_events_are_another_figure() -> None:
    old = "bytes per move on the seats that did not make it: median 0, mean 300, p99 2355 over 251 moves"  # cdfb2e7
    assert figures.table(old) == {
        f"bytes on the other seats per input with events (older scripts), {label}": (value, "B")
        for label, value in (("median", 0.0), ("mean", 300.0), ("p99", 2355.0))}


def test_a_walk_is_as_many_moves_as_actions_and_only_the_other_seats_bytes_count() -> None:
    writes = table_bench.Writes()
    writes.log = [(2, 0.01, 300, 1), (0, 0.02, 40, 1), (1, 0.03, 500, 1),  # seat 1's walk of 3 actions
                  (3, 0.04, 200, 1), (1, 0.05, 20, 1),  # then seat 3's one action (a refused one left nothing)
                  (0, 0.06, 70, 1)]
    submits = [(1, 0, 3), (4, 3, 0), (3, 3, 1)]
    assert writes.moves(submits) == [0, 0, 340, 90]  # the walk's first two actions drew nothing; 300 + 40; 20 + 70
    assert writes.moves([]) == []


def test_the_bytes_on_an_unchanged_picture_are_counted_and_a_change_is_not() -> None:
    bus = FakeI2CBus()
    panels = [FakePanel("ssd1306"), FakePanel("ssd1306")]
    for address, panel in zip((0x3C, 0x3D), panels):
        bus.attach(address, panel)
    writes = table_bench.Writes()
    for seat, panel in enumerate(panels):
        writes.wrap(seat, type("Display", (), {"show": lambda self, image, inverted=False: True})(), bus, panel)
    writes.start([bus])
    bus.write_i2c_block_data(0x3C, 0x40, [0, 0, 0])  # zeros over zeros: seat 0's picture stays
    bus.write_i2c_block_data(0x3D, 0x40, [0xFF, 0, 0])  # seat 1's changes
    assert writes.unchanged() == 1 + 1 + 3  # the address byte, the control byte, the three data bytes
    writes.start([bus])
    assert writes.unchanged() == 0


def test_the_slower_cpu_row_is_read_as_the_loop_too(capsys: pytest.CaptureFixture[str]) -> None:
    samples = [table_bench.Sample(0.001 * n, 0.0005 * n, 0.0004 * n, 100, 0.01, 0.02, None, ()) for n in range(1, 11)]
    table_bench.report("watson-holmes", 7, 7, 1, 400_000, samples, cpu_factor=5.0)
    output = capsys.readouterr().out
    assert "the CPU stretched 5x" in output
    assert figures.table(output)["loop (CPU x5), p99"] == (10.0, "ms")
    assert figures.table(output)["loop: the kiosk's code (CPU x5), p99"] == (5.0, "ms")


def test_the_engine_report_gives_every_game_and_table_size(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["engine.py", "--games", "1", "--runs", "1"])
    engine.main()
    read = figures.engine(capsys.readouterr().out)
    assert read["Mystery Express, 5 seats: per action"][1] == "µs"
    assert read["Watson & Holmes, 7 seats: per action"][0] > 0
    assert len(read) == 3 + 4 + 6 + 3  # Mystery Express 3-5, P.I. 2-5, Watson & Holmes 2-7, Mystery City 2-4


class Clocks:
    """The slower CPU's clocks, moved by the test: a sleep runs 0.1 ms over what it was asked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.cpu = 0.0
        self.wall = 0.0
        self.slept: list[float] = []
        monkeypatch.setattr(time, "thread_time", lambda: self.cpu)
        monkeypatch.setattr(time, "perf_counter", lambda: self.wall)
        monkeypatch.setattr(time, "sleep", self.sleep)

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.wall += seconds + 0.0001


def test_the_slower_cpu_sleeps_what_the_cpu_owes_before_each_transfer(monkeypatch: pytest.MonkeyPatch) -> None:
    bus = FakeI2CBus()
    bus.attach(0x3C, FakePanel("ssd1306"))
    clocks = Clocks(monkeypatch)
    slower = table_bench.SlowerCPU(5.0)
    slower.wrap_bus(bus)

    slower.start()
    clocks.cpu += 0.002  # 2 ms drawing a picture
    bus.write_byte(0x3C, 0x00)
    assert clocks.slept == [0.008]  # four times the 2 ms, before the byte went
    clocks.cpu += 0.001
    bus.write_byte(0x3C, 0x00)
    assert clocks.slept == [0.008, 0.0039]  # 4 ms owed, less the 0.1 ms the last sleep ran over
    slower.settle()  # the input's end, with no CPU since: nothing more is owed
    assert clocks.slept == [0.008, 0.0039]
    assert bus.bytes_sent == 4


def test_the_writes_of_one_i2c_rdwr_call_wait_once_for_the_cpu_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    bus = FakeI2CBus()
    bus.attach(0x3C, FakePanel("ssd1306"))
    clocks = Clocks(monkeypatch)
    slower = table_bench.SlowerCPU(3.0)
    slower.wrap_bus(bus)
    slower.start()
    clocks.cpu += 0.001
    bus.i2c_rdwr(smbus2.i2c_msg.write(0x3C, [0x00, 0xA6]), smbus2.i2c_msg.write(0x3C, [0x40, 1, 2]))
    slower.settle()
    assert clocks.slept == [0.002]  # one system call: the CPU before it owed once, none between its writes
    assert bus.bytes_sent == 3 + 4


def test_the_fake_bus_own_work_is_not_stretched(monkeypatch: pytest.MonkeyPatch) -> None:
    bus = FakeI2CBus()
    bus.attach(0x3C, FakePanel("ssd1306"))
    clocks = Clocks(monkeypatch)
    original = bus.transfers

    def busy_panel(messages: Any) -> None:
        clocks.cpu += 0.005  # the simulated panel decoding: not the Pi's CPU
        original(messages)

    bus.transfers = busy_panel  # type: ignore[method-assign]
    slower = table_bench.SlowerCPU(3.0)
    slower.wrap_bus(bus)
    slower.start()
    bus.write_byte(0x3C, 0x00)
    slower.settle()
    assert clocks.slept == []


def test_a_frame_handed_to_a_writer_thread_waits_for_the_cpu_that_drew_it(monkeypatch: pytest.MonkeyPatch) -> None:
    clocks = Clocks(monkeypatch)

    class Writers:
        handed: list[tuple[str, list[float]]] = []

        def write(self, writes: object) -> None:
            for bus, _ in writes:  # type: ignore[attr-defined]
                self.handed.append((bus, list(clocks.slept)))

    def frames():  # type: ignore[no-untyped-def]
        clocks.cpu += 0.001
        yield "i2c-1", None
        clocks.cpu += 0.002
        yield "i2c-3", None

    writers = Writers()
    slower = table_bench.SlowerCPU(2.0)
    slower.wrap_writers(writers)  # type: ignore[arg-type]
    slower.start()
    writers.write(frames())
    assert writers.handed == [("i2c-1", [0.001]), ("i2c-3", [0.001, 0.0019])]


def test_the_touchscreen_report_is_read_with_the_animated_frame() -> None:
    output = ("idle kiosk, settled, by its CPU clock (waiting for 3 players, no input; median of 3 at once, 20 s each): "
              "0.214% of a core\n"
              "the same board redrawn at 60 fps, the usual game loop: 20.72% of a core (97x the idle kiosk)\n"
              "Mystery Express board, one frame at 800x480: 5.6 ms\n"
              "Mystery Express board during a Time reveal, one frame at 800x480: median 0.08 ms, mean 1.21 ms, "
              "the longest 12.0 ms, over 160 frames (22 drawn whole)\n")
    assert figures.ui(output) == {
        "idle kiosk, settled, by its CPU clock: share of a core": (0.214, "%"), "the same board redrawn at 60 fps: share of a core": (20.72, "%"),
        "board frame at 800x480": (5.6, "ms"), "board frame during an animation at 800x480, median": (0.08, "ms"),
        "board frame during an animation at 800x480, mean": (1.21, "ms")}


def test_the_idle_kiosks_clock_is_the_whole_process_cpu_time() -> None:
    from bench import ui

    before = time.process_time()
    read = ui.cpu_seconds(os.getpid())
    after = time.process_time()
    assert before <= read <= after


def test_a_wrong_base_is_said_in_one_line() -> None:
    with pytest.raises(compare.CompareError, match="BASE='no-such-commit' is not a commit of this repository"):
        compare.resolve("no-such-commit")


def test_every_figure_has_its_ratio_and_pyperf_takes_the_files(tmp_path: Path) -> None:
    base = {"table: loop (CPU), p99": [(5.0, "ms"), (6.0, "ms")], "table: bytes per move, median": [(0.0, "B")] * 2,
            "engine: P.I., 2 seats: per action": [(50.0, "µs")] * 2, "seat display: identical frame": [(0.0, "B")] * 2}
    new = {"table: loop (CPU), p99": [(11.0, "ms"), (11.0, "ms")], "table: bytes per move, median": [(24.0, "B")] * 2,
           "engine: P.I., 2 seats: per action": [(45.0, "µs")] * 2, "seat display: identical frame": [(0.0, "B")] * 2,
           "touchscreen: board frame at 800x480": [(2.0, "ms")] * 2, "table: bytes on unchanged pictures": [(0.0, "B")] * 2}
    lines = compare.table(base, new)
    row = {line.split("  ")[1].strip() if line.startswith("  ") else line: line for line in lines}
    assert row["loop (CPU), p99"].split()[-5:] == ["5.50", "ms", "11.00", "ms", "2.00"]
    assert row["bytes per move, median"].endswith("0 B        24 B    from 0")
    assert row["identical frame"].split()[-1] == "1.00"
    assert row["P.I., 2 seats: per action"].split()[-1] == "0.90"
    assert row["board frame at 800x480"].split()[-3:] == ["n/a", "2.00", "ms"]  # new: no ratio
    assert lines[-1].startswith("n/a: that side's bench script does not print the figure")
    assert compare.table(base, base)[-1] != lines[-1]  # said only when a figure is missing
    assert "touchscreen" in lines and lines.index("touchscreen") > lines.index("seat display")
    assert lines.count("table") == 1  # a figure only one side has, under its benchmark with the others
    assert lines.index(row["bytes on unchanged pictures"]) < lines.index("engine")

    compare.save(new, tmp_path / "new.json")
    loaded = pyperf.BenchmarkSuite.load(str(tmp_path / "new.json"))
    assert sorted(loaded.get_benchmark_names()) == ["engine: P.I., 2 seats: per action", "table: bytes per move, median",
                                                    "table: loop (CPU), p99", "touchscreen: board frame at 800x480"]
    assert loaded.get_benchmark("table: loop (CPU), p99").get_values() == (0.011, 0.011)


def test_a_run_that_fails_gets_one_more_go_and_the_rest_goes_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[tuple[str, str]] = []

    def flaky(tree: Path, bench: compare.Benchmark, quick: bool) -> figures.Figures:
        calls.append((tree.name, bench.label))
        if bench.label == "seat display" and calls.count((tree.name, bench.label)) == 1:
            raise compare.CompareError("bench/seat_display.py failed:\nAssertionError")  # a busy machine, once
        if bench.label == "engine" and tree.name == "new":
            raise compare.CompareError("bench/engine.py failed:\nImportError")  # broken on that side
        return {f"{bench.label}: a figure": (1.0, "ms")}

    monkeypatch.setattr(compare, "run", flaky)
    monkeypatch.setattr(compare, "BENCHMARKS", tuple(b for b in compare.BENCHMARKS if b.label in ("seat display", "engine")))
    trees = {"base": tmp_path / "base", "new": tmp_path / "new"}
    for tree in trees.values():
        (tree / "bench").mkdir(parents=True)
        for script in ("seat_display.py", "engine.py"):
            (tree / "bench" / script).write_text("")
    results, failed = compare.rounds(trees, 2, quick=True)

    assert results["base"] == {"seat display: a figure": [(1.0, "ms")] * 2, "engine: a figure": [(1.0, "ms")] * 2}
    assert results["new"] == {"seat display: a figure": [(1.0, "ms")] * 2}
    assert [line.partition(":")[0] for line in failed] == ["round 1, engine on new", "round 2, engine on new"]
    seat, engine_ = "seat display", "engine"
    assert calls == [("base", seat), ("base", seat), ("new", seat), ("new", seat),  # each first run failed once
                     ("base", engine_), ("new", engine_), ("new", engine_),
                     ("new", seat), ("base", seat), ("new", engine_), ("new", engine_), ("base", engine_)]  # turned round


def test_a_collection_is_counted_where_it_ran_on_the_loop_and_not_on_another_thread() -> None:
    import threading

    seen = garbage_bench.Collections()
    seen.callback("start", {"generation": 0})
    seen.callback("stop", {"generation": 0})  # between inputs
    seen.handling, seen.inputs = True, 7
    seen.callback("start", {"generation": 0})
    seen.callback("stop", {"generation": 0})  # half-way through input 7
    other = threading.Thread(target=lambda: (seen.callback("start", {"generation": 1}),
                                             seen.callback("stop", {"generation": 1})))
    other.start()
    other.join()  # a writer thread's collection is not the loop's
    assert seen.count == {(False, 0): 1, (True, 0): 1} and seen.met == {7}
