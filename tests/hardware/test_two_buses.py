"""Seat screens spread over two I2C buses (issue 22, 4b): each seat's screen is written on its own
bus, both buses at once during a redraw (a writer thread each), a panel that fails or hangs on one
bus does not hold up the other, and a wrong two-bus configuration names its key."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from hardware.bus_writers import BusWriters
from hardware.sim.mock_table import build_mock_table
from hardware.pinmap import PinmapError, load_pinmap, pinmap_from_dict
from kiosk.config import ConfigError, default_config, load_config
from kiosk.toml_file import read_toml
from tests.hardware.hanging import HangingPanel
from tests.table_support import play_showing_each_seat, table_referee
from tests.waiting import PATIENCE


@pytest.fixture
def two_bus_table():
    table = build_mock_table(default_config(seats=5, buses=2), start_reader=False)
    yield table
    table.close()


def picture(text: str) -> Image.Image:
    image = Image.new("1", (128, 64), 0)
    ImageDraw.Draw(image).text((4, 20), text, fill=1)
    return image


def test_the_even_seats_hang_on_the_second_bus_and_only_their_bytes_cross_it(two_bus_table):
    backend = two_bus_table.backend
    assert [s.display.bus for s in two_bus_table.config.seats] == ["i2c", "i2c2", "i2c", "i2c2", "i2c"]
    for bus in backend.buses.values():
        bus.reset_counters()
    two_bus_table.table.show([(1, picture("seat two"), False), (3, picture("seat four"), False)])
    assert backend.buses["i2c"].bytes_sent == 0, "nothing for seats on the second bus crosses the main one"
    assert backend.buses["i2c2"].bytes_sent > 0
    assert two_bus_table.screen(1).tobytes() == picture("seat two").tobytes()
    assert two_bus_table.screen(3).tobytes() == picture("seat four").tobytes()


def test_a_seat_on_the_second_bus_shows_exactly_its_own_page_through_a_game(two_bus_table, tmp_path):
    store, session, referee = table_referee(two_bus_table, tmp_path, "mystery-express", 4, seats=5, bots=(2, 4))
    try:
        play_showing_each_seat(two_bus_table, session, referee, 40)
        assert two_bus_table.backend.buses["i2c2"].bytes_sent > 0
    finally:
        store.close()


def test_a_dead_panel_on_one_bus_leaves_the_other_bus_drawn(two_bus_table):
    two_bus_table.panel(0).answering = False  # seat 1, main bus
    two_bus_table.table.show([(0, picture("gone"), False), (1, picture("still here"), False),
                              (2, picture("three"), False)])
    assert two_bus_table.table.seats[0].display.failed
    assert two_bus_table.screen(1).tobytes() == picture("still here").tobytes()
    assert two_bus_table.screen(2).tobytes() == picture("three").tobytes(), "the main bus goes on past it"


def test_a_panel_holding_its_bus_does_not_stall_the_other_bus(two_bus_table):
    release = threading.Event()
    hanging = HangingPanel(release)
    two_bus_table.backend.muxes["i2c"].attach(0, 0x3C, hanging)  # seat 1's channel: its panel now hangs
    drawn = threading.Thread(target=two_bus_table.table.show,
                             args=([(0, picture("slow"), False), (1, picture("quick"), False)],))
    drawn.start()
    try:
        assert hanging.holding.wait(PATIENCE), "seat 1's write reached its panel"
        waiter = threading.Event()
        for _ in range(200):  # the second bus's writer finishes while the first bus is held
            if two_bus_table.screen(1).tobytes() == picture("quick").tobytes():
                break
            waiter.wait(PATIENCE / 200)
        assert two_bus_table.screen(1).tobytes() == picture("quick").tobytes()
        assert drawn.is_alive(), "the redraw waits for every bus"
    finally:
        release.set()
        drawn.join(PATIENCE)
    assert not drawn.is_alive()


def test_each_bus_writes_its_seats_in_the_order_given_and_a_bug_reaches_the_caller():
    writers = BusWriters()
    done: list[tuple[str, int]] = []
    try:
        writers.write([(bus, lambda bus=bus, n=n: done.append((bus, n))) for n, bus in enumerate("abab")])
        assert [n for bus, n in done if bus == "a"] == [0, 2]
        assert [n for bus, n in done if bus == "b"] == [1, 3]

        def broken() -> None:
            raise ValueError("a seat image of the wrong size")

        with pytest.raises(ValueError, match="wrong size"):
            writers.write([("a", broken), ("b", lambda: None)])
    finally:
        writers.close()


TWO_BUSES = """
[i2c]
bus = 1
[i2c2]
bus = 3
mux_bus_base = 30
[[seats]]
[[seats]]
display.bus = "i2c2"
display.channel = 0
"""


def write(tmp_path: Any, text: str) -> Any:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_two_bus_table_toml_loads(tmp_path):
    config = load_config(write(tmp_path, TWO_BUSES))
    assert config.i2c2 is not None and config.i2c2.bus == 3
    assert [(s.display.bus, s.display.channel) for s in config.seats] == [("i2c", 0), ("i2c2", 0)]
    assert config.bus_of(config.seats[1]).bus_for_channel(0) == 30


@pytest.mark.parametrize("text,expected", [
    ("[[seats]]\ndisplay.bus = \"i2c2\"\n",
     "table.toml: seats[0].display.bus: \"i2c2\" needs an [i2c2] section (the second bus), expected \"i2c\" or that section"),
    ("[[seats]]\ndisplay.bus = \"spi\"\n",
     "table.toml: seats[0].display.bus: not a choice, expected one of i2c, i2c2, got 'spi'"),
    ("[i2c2]\nbus = 1\nmux_bus_base = 30\n[[seats]]\n",
     "table.toml: i2c2.bus: the same bus as i2c.bus (1), expected the second bus's number (3 on a Pi 4, 2 on a Pi 5)"),
    ("[i2c2]\nbus = 3\nmux_bus_base = 25\n[[seats]]\n",
     "table.toml: i2c2.mux_bus_base: its channels /dev/i2c-25..32 overlap i2c's, expected a base 8 or more apart from 22"),
    ("[i2c2]\nspeed_hz = 300000\n[[seats]]\n",
     "table.toml: i2c2.speed_hz: not a choice, expected one of 100000, 400000, 1000000, got 300000"),
    ("[i2c2]\nbuss = 3\n[[seats]]\n",
     "table.toml: i2c2.buss: unknown key, expected one of bus, mux_bus_base, mux, speed_hz"),
    (TWO_BUSES.replace("display.channel = 0\n", "display.channel = 0\n[[seats]]\ndisplay.bus = \"i2c2\"\ndisplay.channel = 0\n"),
     "table.toml: seats[2].display.channel: already used by seats[1], expected a different channel 0-7"),
])
def test_each_two_bus_config_error_names_its_key(tmp_path, text, expected):
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text))
    assert expected in caught.value.problems


def one_bus_pinmap(tmp_path: Any) -> Path:
    """The repository's pin map without its [i2c2] section."""
    text = load_pinmap().path.read_text(encoding="utf-8")
    start, end = text.index("\n[i2c2]\n"), text.index("\n[mux]\n")
    path = tmp_path / "one-bus.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    return path


def test_a_table_toml_with_seats_on_a_bus_the_pin_map_lacks_names_it(tmp_path):
    pinmap = one_bus_pinmap(tmp_path)
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, f"[hardware]\npinmap = \"{pinmap.name}\"\n" + TWO_BUSES))
    assert caught.value.problems == [
        "table.toml: i2c2: the pin map one-bus.toml has no [i2c2] section, expected the second bus's pins there"]


def test_seats_on_the_second_bus_may_use_the_channels_of_the_first():
    raw = read_toml(load_pinmap().path)
    raw["seat"][1].update(bus="i2c2", mux_channel=0)
    pinmap = pinmap_from_dict(raw)
    assert (pinmap.seats[1].bus, pinmap.seats[1].mux_channel) == ("i2c2", 0)


@pytest.mark.parametrize("change,expected", [
    (lambda raw: raw["i2c2"].update(sda="GPIO6"), "pinmap.toml: I2C2 SDA must be on GPIO4, got GPIO6"),
    (lambda raw: raw["i2c2"].update(bus=1), "pinmap.toml: i2c2.bus: expected another bus than i2c.bus, got 1"),
    (lambda raw: raw["i2c2"].update(mux_address=0x20), "pinmap.toml: i2c2.mux_address must be 0x70-0x77, got 0x20"),
    (lambda raw: (raw.pop("i2c2"), raw["seat"][1].update(bus="i2c2")),
     "pinmap.toml: seat 2: bus = \"i2c2\" needs an [i2c2] section (the second bus's pins)"),
    (lambda raw: (raw.pop("i2c2"), raw["seat"][0].update(prev="GPIO5"), raw["reader"].update(reset="GPIO5")),
     "pinmap.toml: GPIO5 is used twice: PN532 RSTPDN and Seat 1 prev"),
    (lambda raw: raw["reader"].update(reset="GPIO4"), "pinmap.toml: GPIO4 is used twice: I2C2 SDA and PN532 RSTPDN"),
])
def test_each_second_bus_wiring_mistake_is_named(change, expected):
    raw = read_toml(load_pinmap().path)
    change(raw)
    with pytest.raises(PinmapError) as caught:
        pinmap_from_dict(raw)
    assert expected in caught.value.problems


def test_without_the_second_bus_its_pins_are_free_for_one_bus_tables(tmp_path):
    pinmap = load_pinmap(one_bus_pinmap(tmp_path))
    assert pinmap.second_bus is None
    assert {"GPIO4", "GPIO5"}.isdisjoint(pin.name for _, pin in pinmap.assignments())
    assert replace(default_config(2), pinmap_path=pinmap.path).pinmap().second_bus is None


def two_bus_config_without_reader():
    return replace(default_config(seats=4, buses=2), reader=replace(default_config().reader, enabled=False))


def test_the_self_test_checks_both_buses_clocks_and_every_screen_on_them():
    from kiosk.commands.selftest import PASS, selftest_mock

    checks = selftest_mock(two_bus_config_without_reader(), quiet=True)
    assert [(c.part, c.result) for c in checks if "clock" in c.part] == [("I2C clock (i2c-1)", PASS), ("I2C clock (i2c-3)", PASS)]
    assert all(c.result == PASS for c in checks if "screen" in c.part) and len([c for c in checks if "screen" in c.part]) == 4


def test_the_self_test_names_the_second_buses_overlay_when_its_clock_is_wrong():
    from kiosk.commands.selftest import FAIL, selftest_mock

    checks = selftest_mock(two_bus_config_without_reader(), ("i2c2-clock",), quiet=True)
    wrong = [c for c in checks if c.result == FAIL]
    assert [c.part for c in wrong] == ["I2C clock (i2c-3)"]
    assert ("the kernel runs i2c-3 at 100000 Hz: set dtoverlay=i2c3,pins_4_5,baudrate=400000 (Pi 4) or "
            "dtoverlay=i2c2-pi5,pins_4_5,baudrate=400000 (Pi 5) in config.txt") in wrong[0].detail


def test_the_wiring_documents_put_a_seat_moved_to_the_second_bus_on_the_second_mux():
    import sys

    sys.path.insert(0, str(load_pinmap().path.parent))
    from make_wiring import render_harness, render_markdown

    raw = read_toml(load_pinmap().path)
    raw["seat"][1].update(bus="i2c2", mux_channel=0)
    pinmap = pinmap_from_dict(raw)
    markdown, harness = render_markdown(pinmap), render_harness(pinmap)
    assert "| 0x3C | seat 2 OLED (SSD1306/SH1106) | second mux channel 0 |" in markdown
    assert "| 2 | 0 (second mux) |" in markdown
    assert "    - MUX2: [SD0, SC0]\n    - W_SEAT2: [3, 4]" in harness
    assert "    - PI: [17, 25, 7, 29]\n    - W_I2C2: [1-4]" in harness
