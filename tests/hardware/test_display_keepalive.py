"""A seat screen that lost power comes back by itself: luma's init sequence is sent again after a
failure, when the panel answers again, and every few seconds, so a brown-out that no write noticed
never leaves a seat dark for longer than one keepalive."""

from __future__ import annotations

import time

import pytest
from luma.core.interface.serial import i2c
from PIL import Image, ImageDraw

from hardware.display import KEEPALIVE_SECONDS, PAGES, SeatDisplay, init_sequence
from hardware.events import Backoff, DeviceStatus
from hardware.sim.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A
from hardware.i2c import MuxChannel, MuxState


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def rig(model: str = "ssd1306", rotation: int = 0):
    bus = FakeI2CBus()
    mux = FakeTCA9548A()
    bus.attach(0x70, mux)
    panel = FakePanel(model)
    mux.attach(1, 0x3C, panel)
    state = MuxState()
    reports: list[DeviceStatus] = []
    clock = Clock()
    display = SeatDisplay(
        0, lambda: i2c(bus=MuxChannel(bus, 1, state), address=0x3C), model=model, rotation=rotation,
        contrast=0x42, report=reports.append, clock=clock, backoff=Backoff(first=1, factor=2, limit=8),
    )
    return bus, panel, display, reports, clock


def hand(title: str) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    draw.text((6, 6), title, fill=1)
    draw.text((6, 40), "2/5", fill=1)
    return image


def seen(panel: FakePanel, rotation: int = 0) -> bytes:
    return panel.screen().rotate(rotation * 90, expand=True).tobytes()


@pytest.mark.parametrize("model", ["ssd1306", "sh1106"])
def test_a_panel_that_lost_power_between_two_writes_is_whole_again_at_the_next_keepalive(model):
    bus, panel, display, reports, clock = rig(model)
    picture = hand("Lady Sarah")
    display.show(picture)
    assert seen(panel) == picture.tobytes()
    panel.power_cycle()  # a brown-out: no write was under way, none failed
    assert panel.screen().getbbox() is None and not panel.lit
    display.show(picture)  # the same picture: nothing to send, nothing noticed
    display.poll()
    assert not panel.lit
    clock.now += KEEPALIVE_SECONDS
    display.poll()  # its status byte says "display off": it reset, and gets its whole picture
    assert panel.lit and panel.contrast == 0x42  # on again, as configured
    assert seen(panel) == picture.tobytes()
    assert reports == [] and not display.failed  # nothing failed: nothing to say on the touchscreen


def test_a_lit_panel_whose_ram_was_garbled_is_mended_a_page_per_keepalive():
    """No reset to find (the status says lit): the page rewrite still mends the RAM in time."""
    bus, panel, display, reports, clock = rig()
    picture = hand("Dr Stone")
    display.show(picture)
    panel.ram = [bytearray(panel.ram_width) for _ in panel.ram]  # a glitch: RAM blank, panel still on
    clock.now += KEEPALIVE_SECONDS
    display.poll()
    assert seen(panel) != picture.tobytes()  # one page only: no full rewrite without a reset
    for _ in range(PAGES - 1):
        clock.now += KEEPALIVE_SECONDS
        display.poll()
    assert seen(panel) == picture.tobytes()


def test_a_display_that_vanishes_while_its_picture_does_not_change_comes_back():
    bus, panel, display, reports, clock = rig(rotation=2)
    picture = hand("Mr Fox")
    display.show(picture)
    panel.answering = False  # unplugged (or without power): it NACKs
    assert display.show(picture) is True  # identical: nothing was sent, so nothing failed yet
    clock.now += KEEPALIVE_SECONDS
    display.poll()  # the keepalive is NACKed: now the table knows
    assert display.failed and [r.ok for r in reports] == [False]
    panel.power_cycle()  # plugged back: registers reset, RAM scrambled
    clock.now += 1.0  # the first retry
    display.poll()
    assert not display.failed and [r.ok for r in reports] == [False, True]
    assert panel.lit and seen(panel, 2) == picture.tobytes()  # whole at once: init, clear and picture


def test_a_sleeping_panel_stays_dark_through_its_keepalives():
    bus, panel, display, reports, clock = rig()
    display.show(hand("zzz"))
    display.sleep()
    clock.now += KEEPALIVE_SECONDS
    display.poll()
    assert not panel.display_on
    display.wake()
    assert panel.lit


def test_the_keepalive_costs_a_few_dozen_bytes_and_blanks_nothing():
    bus, panel, display, reports, clock = rig()
    picture = hand("Colonel")
    display.show(picture)
    bus.reset_counters()
    clock.now += KEEPALIVE_SECONDS
    display.poll()
    reads, commands, *_ = (t.payload for t in bus.transactions if t.address == 0x3C)
    assert reads == b""  # the status byte, read first: did the panel reset?
    assert commands[0] == 0x00 and 0xAE not in commands[1:]  # no "display off", even for a moment
    assert list(commands[1:len(init_sequence("ssd1306")) + 1]) == list(init_sequence("ssd1306"))
    assert bus.bytes_sent < 200  # the status read, init (about 30 bytes) and one page of 128
    assert seen(panel) == picture.tobytes()
    assert display.due() == KEEPALIVE_SECONDS


def test_the_table_keeps_its_seat_screens_alive_between_games(kiosk_table):
    """No game running: the touchscreen app's pump still polls the table."""
    app, mock, clock = kiosk_table
    seat = mock.table.seats[0]
    clock.now = time.monotonic()  # the mock table's displays were built on the real clock: take it over from now
    seat.display.clock = clock
    picture_before = mock.screen(0).tobytes()
    mock.panel(0).power_cycle()
    clock.now += KEEPALIVE_SECONDS  # the bound: whole within 3 s of the brown-out
    app.pump()
    assert mock.panel(0).lit and mock.screen(0).tobytes() == picture_before


@pytest.fixture
def kiosk_table(mock_table, tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from kiosk.config import default_config
    from kiosk.store import GameStore
    from kiosk.ui.app import App, Plan
    from kiosk.ui.scene import Touchscreen
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock_table, "Mystery Table", (800, 480))
    store = GameStore.open(tmp_path)
    app = App(mock_table.table, store, Touchscreen(sim.touch, "en"), default_config(4), Plan())
    app.begin()  # the attract screen; the seats show their idle screens
    try:
        yield app, mock_table, Clock()
    finally:
        sim.close()
        store.close()
