"""Issue 22 item 4: the I2C clock raised to 1 MHz where the screens take it. table.toml's speed_hz is
checked by the self-test against the clock the kernel reports, and each screen is read back at it;
the mock bus runs at table.toml's clock and a mock panel can be one that follows only 400 kHz."""

from __future__ import annotations

import pytest

from hardware.sim.fake_i2c import FakeI2CBus, FakePanel
from hardware.i2c_clock import kernel_clock_hz, status_says_on
from hardware.sim.mock_table import build_mock_table
from kiosk.commands.selftest import FAIL, PASS, format_report, selftest_mock
from kiosk.config import config_from_dict


def fast_table(seats: int = 3):
    return config_from_dict({"i2c": {"speed_hz": 1_000_000}, "seats": [{} for _ in range(seats)]})


def by_part(checks):
    return {check.part: check for check in checks}


def test_the_kernel_clock_is_read_from_the_adapters_device_tree_node(tmp_path):
    node = tmp_path / "i2c-1" / "of_node"
    node.mkdir(parents=True)
    (node / "clock-frequency").write_bytes((1_000_000).to_bytes(4, "big"))
    assert kernel_clock_hz(1, tmp_path) == 1_000_000
    assert kernel_clock_hz(3, tmp_path) is None  # no such bus, or no device-tree node: not reported


def test_a_panel_clocked_faster_than_it_follows_does_not_acknowledge():
    bus = FakeI2CBus(clock_hz=1_000_000)
    bus.attach(0x3C, FakePanel(fastest_hz=400_000))
    with pytest.raises(OSError):
        bus.write_byte(0x3C, 0x00)
    with pytest.raises(OSError):
        bus.read_byte(0x3C)
    bus.clock_hz = 400_000
    bus.write_i2c_block_data(0x3C, 0x00, [0xAF])  # display on
    assert status_says_on(bus.read_byte(0x3C))


def test_at_1_mhz_every_screen_is_read_back_and_the_clock_matches():
    checks = selftest_mock(fast_table(), quiet=True)
    parts = by_part(checks)
    assert parts["I2C clock (i2c-1)"].result == PASS and parts["I2C clock (i2c-1)"].detail == "1000 kHz"
    for seat in (1, 2, 3):
        screen = parts[f"seat {seat} screen"]
        assert screen.result == PASS and "read back at 1000 kHz" in screen.detail
    assert all(c.result == PASS for c in checks), format_report(checks)


def test_a_screen_that_does_not_follow_1_mhz_fails_with_the_clock_as_a_likely_cause():
    checks = selftest_mock(fast_table(), ("display-slow",), quiet=True)
    parts = by_part(checks)
    assert parts["seat 3 screen"].result == FAIL
    assert "try speed_hz = 400000" in parts["seat 3 screen"].detail
    assert parts["seat 1 screen"].result == PASS


def test_a_screen_that_takes_writes_but_reads_back_garbled_fails(monkeypatch):
    monkeypatch.setattr(FakePanel, "read", lambda self: 0xFF)  # only the pull-ups answer the read
    checks = selftest_mock(fast_table(2), quiet=True)
    screen = by_part(checks)["seat 2 screen"]
    assert screen.result == FAIL and "does not read back at 1000 kHz" in screen.detail


def test_a_failed_screen_reads_nothing_back():
    mock = build_mock_table(fast_table(2), start_reader=False)
    try:
        display = mock.table.seats[1].display
        assert display.read_status() is not None
        mock.backend.panels[1].answering = False
        assert display.read_status() is None
    finally:
        mock.close()


def test_a_screen_that_is_off_says_so_in_its_status_byte():
    assert status_says_on(0x00) and status_says_on(0x03)
    assert not status_says_on(0x40) and not status_says_on(0xFF)
