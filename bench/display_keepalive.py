"""Benchmark: what keeping the seat screens alive costs on the I2C bus, and how soon a brown-out heals.

Seven seats (SSD1306 and SH1106 in turn) behind one TCA9548A on the fake, byte-counting I2C bus,
showing a picture that never changes, polled once a second as the referee does, for one simulated
minute: every byte on the bus is the keepalive's (a status read, luma's init sequence again, and one
page of the picture). Then one panel loses power between two writes: how long until it is lit with
its whole picture again. The clock is simulated: the figures do not depend on the machine.

    .venv/bin/python bench/display_keepalive.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from luma.core.interface.serial import i2c  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

from hardware.display import KEEPALIVE_SECONDS, SeatDisplay  # noqa: E402
from hardware.sim.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A  # noqa: E402
from hardware.i2c import MuxChannel, MuxState  # noqa: E402

SEATS = 7
POLL = 1.0  # seconds: the referee's (and the touchscreen app's) poll of the table
BUS_HZ = 400_000


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def picture(seat: int) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    draw.text((6, 6), f"Seat {seat + 1}", fill=1)
    draw.text((6, 40), "3/7", fill=1)
    return image


def table(model: str) -> tuple[FakeI2CBus, list[FakePanel], list[SeatDisplay], Clock]:
    bus, mux, state, clock = FakeI2CBus(), FakeTCA9548A(), MuxState(), Clock()
    bus.attach(0x70, mux)
    panels, displays = [], []
    for seat in range(SEATS):
        panel = FakePanel(model)
        mux.attach(seat, 0x3C, panel)
        panels.append(panel)
        displays.append(SeatDisplay(seat, lambda c=seat: i2c(bus=MuxChannel(bus, c, state)), model=model, clock=clock))
        displays[-1].show(picture(seat))
    return bus, panels, displays, clock


def run_for(seconds: float, displays: list[SeatDisplay], clock: Clock,
            until: Callable[[], bool] | None = None) -> float | None:
    """Poll the displays as the table does for `seconds`; the time `until()` first held, if given."""
    start = clock.now
    while clock.now - start < seconds:
        clock.now += POLL
        for display in displays:
            display.poll()
        if until is not None and until():
            return clock.now - start
    return None


def main() -> None:
    print(f"keepalive every {KEEPALIVE_SECONDS:g} s, table polled every {POLL:g} s, {SEATS} seats on one bus")
    for model in ("ssd1306", "sh1106"):
        bus, panels, displays, clock = table(model)
        bus.reset_counters()
        run_for(60.0, displays, clock)
        per_seat = bus.bytes_sent / SEATS
        share = bus.bytes_sent * 9 / 60.0 / BUS_HZ  # 9 clocks a byte (8 bits and the acknowledge)
        kinds = {"init and page address commands": 0x00, "picture (one page)": 0x40}
        split = {name: sum(t.size for t in bus.transactions if t.address != 0x70 and t.payload[:1] == bytes([control]))
                 for name, control in kinds.items()}
        split["mux channel selection"] = sum(t.size for t in bus.transactions if t.address == 0x70)
        print(f"{model}: {per_seat:,.0f} bytes a minute per seat, {bus.bytes_sent:,} for {SEATS} seats "
              f"({bus.bytes_sent / 60:,.0f} B/s, {share:.2%} of a {BUS_HZ // 1000} kHz bus)")
        print("  of which per seat and minute: " + ", ".join(f"{name} {size / SEATS:,.0f}" for name, size in split.items()))
        wanted = picture(3).tobytes()
        panels[3].power_cycle()  # a brown-out between two writes: nothing failed
        whole = run_for(60.0, displays, clock, until=lambda: panels[3].lit and panels[3].screen().tobytes() == wanted)
        print(f"  after a brown-out: lit and whole again within {whole:g} s (the next keepalive)")


if __name__ == "__main__":
    main()
