import random

import pytest
from hypothesis import given, settings, strategies as st
from luma.core.interface.serial import i2c
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from hardware.display import SeatDisplay, plan_windows
from hardware.events import Backoff, DeviceStatus
from hardware.framebuffer import framebuffer_to_image, image_to_framebuffer
from hardware.sim.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A
from hardware.i2c import MuxChannel, MuxState


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def rig(model="ssd1306", rotation=0, channel=3):
    bus = FakeI2CBus()
    mux = FakeTCA9548A()
    bus.attach(0x70, mux)
    panel = FakePanel(model)
    mux.attach(channel, 0x3C, panel)
    state = MuxState()
    reports: list[DeviceStatus] = []
    clock = Clock()
    display = SeatDisplay(
        0,
        lambda: i2c(bus=MuxChannel(bus, channel, state), address=0x3C),
        model=model,
        rotation=rotation,
        report=reports.append,
        clock=clock,
        backoff=Backoff(first=1, factor=2, limit=8),
    )
    return bus, panel, display, reports, clock


def noise(seed: int, count: int = 1500) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("1", (128, 64))
    for _ in range(count):
        image.putpixel((rng.randrange(128), rng.randrange(64)), 1)
    return image


def card(title: str, cursor: int) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    draw.text((6, 6), title, fill=1)
    draw.text((6, 40), "3/7", fill=1)
    draw.rectangle((100, 8 + cursor * 10, 110, 14 + cursor * 10), fill=1)
    return image


def test_framebuffer_packing_round_trips_and_matches_luma():
    image = noise(7)
    assert framebuffer_to_image(image_to_framebuffer(image)).tobytes() == image.tobytes()
    bus, panel = FakeI2CBus(), FakePanel()
    bus.attach(0x3C, panel)
    ssd1306(i2c(bus=bus)).display(image)
    assert panel.framebuffer() == image_to_framebuffer(image)


@pytest.mark.parametrize("model", ["ssd1306", "sh1106"])
@pytest.mark.parametrize("rotation", [0, 2])
def test_the_panel_shows_exactly_the_image_sent(model, rotation):
    bus, panel, display, reports, _ = rig(model, rotation)
    for seed in range(4):
        image = noise(seed)
        assert display.show(image)
        expected = image.rotate(180) if rotation == 2 else image
        assert panel.image().tobytes() == expected.tobytes()
    assert panel.display_on and reports == []


def test_identical_frame_sends_zero_bytes():
    bus, panel, display, _, _ = rig()
    display.show(card("Dr. Rajiv", 0))
    before = bus.bytes_sent
    assert display.show(card("Dr. Rajiv", 0))
    assert bus.bytes_sent == before
    assert display.stats.skipped == 1


@pytest.mark.parametrize("model", ["ssd1306", "sh1106"])
def test_a_cursor_move_costs_well_under_a_quarter_of_a_full_frame(model):
    bus, panel, display, _, _ = rig(model)
    display.show(card("Dr. Rajiv", 0))
    full = FakeI2CBus()
    full_panel = FakePanel(model)
    full.attach(0x3C, full_panel)
    device = (ssd1306 if model == "ssd1306" else sh1106)(i2c(bus=full))
    full.reset_counters()
    device.display(card("Dr. Rajiv", 1))
    bus.reset_counters()
    display.show(card("Dr. Rajiv", 1))
    assert 0 < bus.bytes_sent < full.bytes_sent / 4
    assert panel.framebuffer() == full_panel.framebuffer()


def test_only_changed_pages_and_columns_are_written():
    old = image_to_framebuffer(card("A", 0))
    new = image_to_framebuffer(card("A", 2))
    windows = plan_windows(old, new, "sh1106")
    assert {w.first_page for w in windows} == {1, 3, 4}  # cursor rows 8-14 and 28-34
    assert all(w.first_column >= 100 and w.last_column <= 110 for w in windows)
    assert plan_windows(new, new, "ssd1306") == []


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 127), st.integers(0, 63), st.integers(1, 40), st.integers(1, 30)), min_size=1, max_size=6), st.sampled_from(["ssd1306", "sh1106"]))
def test_any_sequence_of_frames_leaves_the_last_one_on_the_panel(rects, model):
    bus, panel, display, _, _ = rig(model)
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    for x, y, w, h in rects:
        draw.rectangle((x, y, x + w, y + h), fill=(x + y) % 2)
        display.show(image.copy())
        assert panel.image().tobytes() == image.tobytes()


def test_contrast_and_sleep_reach_the_panel():
    bus, panel, display, _, _ = rig()
    display.set_contrast(0x20)
    assert panel.contrast == 0x20
    display.sleep()
    assert not panel.display_on and panel.screen().getbbox() is None
    display.show(card("X", 0))
    assert panel.image().getbbox() is not None and not panel.display_on
    display.wake()
    assert panel.display_on and panel.screen().tobytes() == card("X", 0).tobytes()


def test_a_display_that_stops_answering_fails_quietly_and_comes_back():
    bus, panel, display, reports, clock = rig()
    display.set_contrast(0x42)
    display.show(card("first", 0))
    panel.answering = False
    assert display.show(card("second", 0)) is False
    assert display.failed
    assert reports == [DeviceStatus("display:0", False, "I2C device not found on address: 0x3C")]
    # While the back-off runs, the bus is left alone.
    sent = bus.bytes_sent
    assert display.show(card("third", 0)) is False
    assert bus.bytes_sent == sent
    clock.now += 1.5  # retry due: still dead (one NACKed address byte), the next delay doubles
    display.poll()
    assert display.failed and len(reports) == 1
    assert bus.bytes_sent == sent + 1
    clock.now += 1.5  # not due yet
    display.poll()
    assert bus.bytes_sent == sent + 1
    panel.power_cycle()  # power comes back: RAM garbage, display off
    clock.now += 2.5
    display.poll()
    assert not display.failed
    assert reports[-1] == DeviceStatus("display:0", True, "")
    assert panel.display_on and panel.contrast == 0x42
    assert panel.image().tobytes() == card("third", 0).tobytes()
    assert display.stats.failures == 1 and display.stats.recoveries == 1


def test_a_display_missing_at_start_is_reported_not_raised():
    bus = FakeI2CBus()
    reports: list[DeviceStatus] = []
    display = SeatDisplay(2, lambda: i2c(bus=bus), report=reports.append, clock=Clock())
    assert display.failed and reports[0].device == "display:2" and not reports[0].ok
    assert display.show(card("x", 0)) is False


def test_user_space_mux_selects_a_channel_only_when_it_changes():
    bus = FakeI2CBus()
    mux = FakeTCA9548A()
    bus.attach(0x70, mux)
    state = MuxState()
    panels = [FakePanel(), FakePanel()]
    displays = []
    for channel, panel in enumerate(panels):
        mux.attach(channel, 0x3C, panel)
        displays.append(SeatDisplay(channel, lambda c=channel: i2c(bus=MuxChannel(bus, c, state)), clock=Clock()))
    selections = mux.selections
    displays[0].show(card("zero", 0))
    displays[0].show(card("zero", 1))
    assert mux.selections == selections + 1
    displays[1].show(card("one", 0))
    assert mux.selections == selections + 2
    assert panels[0].image().tobytes() == card("zero", 1).tobytes()
    assert panels[1].image().tobytes() == card("one", 0).tobytes()


def test_wrong_image_is_a_programming_error():
    _, _, display, _, _ = rig()
    with pytest.raises(ValueError):
        display.show(Image.new("L", (128, 64)))
    _, _, portrait, _, _ = rig(rotation=1)
    assert portrait.size == (64, 128)
    assert portrait.show(Image.new("1", (64, 128), 1))


def test_changes_far_apart_in_a_page_are_separate_windows_and_near_ones_one():
    from hardware.display import GAP, changed_spans

    old = bytearray(1024)
    new = bytearray(1024)
    new[2 * 128 + 5:2 * 128 + 9] = b"\xff" * 4  # a digit at the left of page 2
    new[2 * 128 + 100:2 * 128 + 104] = b"\xff" * 4  # and one at the right
    new[5 * 128 + 40] = new[5 * 128 + 40 + GAP] = 0x81  # two changes with GAP - 1 unchanged columns between
    windows = changed_spans(bytes(old), bytes(new))
    assert [(w.first_page, w.first_column, w.last_column) for w in windows] == [
        (2, 5, 8), (2, 100, 103), (5, 40, 40 + GAP)]
    assert sum(w.size for w in plan_windows(bytes(old), bytes(new), "ssd1306")) < 30  # not columns 5-103


def menu(*lines: str) -> bytes:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((4, 1 + row * 10), line, fill=1)
    return image_to_framebuffer(image)


def test_a_menu_page_changed_on_every_row_goes_as_fewer_windows_than_pages():
    from hardware.display import changed_spans, window_cost

    old = menu("Your turn: 2 h", "> Dining Car", "  Club Car", "  Passenger Car", "  Lounge Car", "3/7")
    new = menu("You passed", "> Pocket pistol", "  to Doctor Strauss", "  Seen by Seat 3", "  and Seat 4", "1/2")
    spans = changed_spans(old, new)
    windows = plan_windows(old, new, "ssd1306")
    assert len({w.first_page for w in spans}) == 8 and len(windows) < 8
    assert sum(window_cost(w) for w in windows) <= sum(window_cost(w) for w in spans)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1023), st.integers(1, 255)), min_size=1, max_size=40))
def test_windows_carry_every_change_for_no_more_bytes_than_page_by_page_or_one_around_all(changes):
    from hardware.display import Window, changed_spans, window_cost

    old = bytearray(1024)
    new = bytearray(old)
    for at, value in changes:
        new[at] = value
    spans = changed_spans(bytes(old), bytes(new))
    windows = plan_windows(bytes(old), bytes(new), "ssd1306")
    carried = bytearray(old)
    for w in windows:
        for page in range(w.first_page, w.last_page + 1):
            carried[page * 128 + w.first_column:page * 128 + w.last_column + 1] = \
                new[page * 128 + w.first_column:page * 128 + w.last_column + 1]
    assert carried == new
    around = Window(spans[0].first_page, spans[-1].last_page, min(w.first_column for w in spans),
                    max(w.last_column for w in spans))
    cost = sum(window_cost(w) for w in windows)
    assert cost <= sum(window_cost(w) for w in spans)
    assert cost <= window_cost(around) or len(windows) > 1


def test_two_frames_are_compared_once_though_asked_twice(monkeypatch):
    """A redraw that shares writes compares each seat's frames to plan them, and the seat's own `show`
    compares the same two again: the second asks for the first's answer (equal frames that are other
    objects are compared anew: only the very objects are known to be the same)."""
    import hardware.display as display

    compared = []
    spans = display._spans
    monkeypatch.setattr(display, "_spans", lambda old, new: compared.append(1) or spans(old, new))
    old, new = menu("Dining Car", "3/7"), menu("Club Car", "4/7")
    first = display.changed_spans(old, new)
    first.clear()  # a caller's list is its own
    assert display.changed_spans(old, new) == spans(old, new) and len(compared) == 1
    display.changed_spans(bytes(bytearray(old)), new)
    assert len(compared) == 2
