"""Benchmark: what a seat screen update costs on the I2C bus and in CPU, and tag-to-event latency.

For each update kind (identical frame, cursor move, new card, full-screen change) it measures the
bytes that cross the (fake, byte-counting) I2C bus and the CPU time per update, for `SeatDisplay`'s
windowed update and for luma's own full-frame `display()`, on both controllers. Then it measures the
time from a tag arriving at the simulated PN532 to its `TagSeen` event on the input queue.

    .venv/bin/python bench/seat_display.py
"""

from __future__ import annotations

import queue
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from luma.core.interface.serial import i2c  # noqa: E402
from luma.oled.device import sh1106, ssd1306  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

from hardware.display import SeatDisplay  # noqa: E402
from hardware.events import TagSeen  # noqa: E402
from hardware.sim.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A  # noqa: E402
from hardware.i2c import MuxChannel, MuxState, whole_transfers  # noqa: E402
from hardware.sim.pn532 import PN532Simulator, SimTag  # noqa: E402
from hardware.reader import CardReader  # noqa: E402

REPEAT = 200
BUS_HZ = 400_000


def card(title: str, cursor: int, invert: bool = False) -> Image.Image:
    """A seat screen like the kiosk draws: a card name, a three-line list with a cursor, "3/7"."""
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    draw.text((6, 4), title, fill=1)
    for row, label in enumerate(("Ask", "Accuse", "Pass")):
        draw.text((18, 20 + row * 12), label, fill=1)
    draw.rectangle((6, 22 + cursor * 12, 11, 27 + cursor * 12), fill=1)
    draw.text((100, 50), "3/7", fill=1)
    if invert:
        image = image.point(lambda value: 255 - value).convert("1")
    return image


SCENARIOS: dict[str, tuple[Image.Image, Image.Image]] = {
    "identical frame": (card("Dr. Rajiv", 0), card("Dr. Rajiv", 0)),
    "cursor move": (card("Dr. Rajiv", 0), card("Dr. Rajiv", 1)),
    "new card": (card("Dr. Rajiv", 0), card("Countess Orlova", 0)),
    "full-screen change": (card("Dr. Rajiv", 0), card("Dr. Rajiv", 0, invert=True)),
}


def rig(model: str) -> tuple[FakeI2CBus, Callable[[], object]]:
    bus = FakeI2CBus()
    mux = FakeTCA9548A()
    bus.attach(0x70, mux)
    mux.attach(0, 0x3C, FakePanel(model))
    state = MuxState()
    # As the kiosk's backends open it (hardware/sim/backend.py, hardware/pi.py): luma sends a window's
    # data in one transfer, not in 32-byte SMBus blocks; luma's own full frame below goes the same way.
    return bus, lambda: whole_transfers(i2c(bus=MuxChannel(bus, 0, state), address=0x3C))


def measure(model: str, before: Image.Image, after: Image.Image) -> tuple[int, int, float, float]:
    """(bytes windowed, bytes luma full frame, CPU µs windowed, CPU µs luma) per update."""
    bus, serial = rig(model)
    display = SeatDisplay(0, serial, model=model)
    display.show(before)
    bus.reset_counters()
    display.show(after)
    windowed_bytes = bus.bytes_sent
    frames = [before, after]
    start = time.process_time()
    for i in range(REPEAT):  # alternate so every update (but the identical one) is a real change
        display.show(frames[i % 2])
    windowed_cpu = (time.process_time() - start) / REPEAT * 1e6

    bus, serial = rig(model)
    device = (ssd1306 if model == "ssd1306" else sh1106)(serial())
    device.display(before)
    bus.reset_counters()
    device.display(after)
    luma_bytes = bus.bytes_sent
    start = time.process_time()
    for i in range(REPEAT // 4):
        device.display(frames[i % 2])
    luma_cpu = (time.process_time() - start) / (REPEAT // 4) * 1e6
    return windowed_bytes, luma_bytes, windowed_cpu, luma_cpu


def tag_latency(samples: int = 15) -> tuple[list[float], list[float]]:
    """ms from a tag laid on the simulated PN532 to its event, with and without the NDEF read."""
    results: list[list[float]] = []
    for read_ndef in (True, False):
        timings: list[float] = []
        with tempfile.TemporaryDirectory() as directory, PN532Simulator(directory) as sim:
            events: queue.Queue = queue.Queue()
            reader = CardReader(sim.port, events, poll_timeout=0.05, ack_timeout=0.05, want_ndef=lambda uid: read_ndef)
            with reader:
                reader.ready.wait(5)
                for n in range(samples):
                    uid = f"04AABBCCDD{n:04X}"
                    sim.place(SimTag.ntag213(uid, f"mt1:pi:card-{n}"))
                    event = events.get(timeout=5)
                    # On a busy machine the reader may miss an answer (a DeviceStatus) or see the last
                    # tag again before this one: the time is this tag's event's.
                    while not (isinstance(event, TagSeen) and event.uid == uid):
                        event = events.get(timeout=5)
                    arrived = time.perf_counter()
                    assert sim.tag_placed_at is not None
                    timings.append((arrived - sim.tag_placed_at) * 1000)
                    sim.remove()
                    while reader.present is not None:
                        threading.Event().wait(0.01)
                    threading.Event().wait(0.03 * (n % 4))  # arrive at different points of the poll
        results.append(timings)
    return results[0], results[1]


def main() -> int:
    print("Seat display update: bytes on the I2C bus (address + payload, mux selects included) and CPU per update")
    print(f"(CPU averaged over {REPEAT} updates on this machine; bus time at {BUS_HZ // 1000} kHz ≈ 9 bits a byte)")
    print()
    header = f"{'controller':<9} {'update':<20} {'windowed B':>11} {'luma full B':>12} {'ratio':>7} {'bus ms':>7} {'luma bus ms':>11} {'CPU µs':>8} {'luma CPU µs':>11}"
    print(header)
    print("-" * len(header))
    ok = True
    for model in ("ssd1306", "sh1106"):
        full = None
        for name, (before, after) in SCENARIOS.items():
            windowed, luma, cpu, luma_cpu = measure(model, before, after)
            full = luma
            ratio = windowed / luma
            print(
                f"{model:<9} {name:<20} {windowed:>11} {luma:>12} {ratio:>7.1%} "
                f"{windowed * 9 / BUS_HZ * 1000:>7.2f} {luma * 9 / BUS_HZ * 1000:>11.2f} {cpu:>8.0f} {luma_cpu:>11.0f}"
            )
            if name == "identical frame" and windowed != 0:
                ok = False
            if name == "cursor move" and windowed >= luma / 4:
                ok = False
        assert full is not None
    print()
    with_ndef, uid_only = tag_latency()
    for label, timings in (("UID + NDEF text", with_ndef), ("UID only (known tag)", uid_only)):
        print(
            f"Tag on the simulated PN532 -> TagSeen event, {label}: median {statistics.median(timings):.1f} ms, "
            f"max {max(timings):.1f} ms over {len(timings)} taps"
        )
    print()
    print("identical frame = 0 bytes and cursor move < 1/4 of a full frame:", "yes" if ok else "NO")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
