"""The panel emulator decodes the controller's command stream per the datasheets."""

import errno
import threading

import pytest
from smbus2 import i2c_msg

from hardware.sim.fake_i2c import FakeI2CBus, FakePanel, FakeTCA9548A


def commands(*values: int) -> bytes:
    return bytes([0x00, *values])


def data(*values: int) -> bytes:
    return bytes([0x40, *values])


def test_ssd1306_horizontal_window_wraps_to_the_next_page():
    panel = FakePanel("ssd1306")
    panel.receive(commands(0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3))
    panel.receive(data(1, 2, 3, 4))
    assert panel.ram[2][10:12] == bytes([1, 2]) and panel.ram[3][10:12] == bytes([3, 4])


def test_ssd1306_vertical_mode_goes_down_first():
    panel = FakePanel("ssd1306")
    panel.receive(commands(0x20, 0x01, 0x21, 5, 6, 0x22, 0, 1))
    panel.receive(data(1, 2, 3))
    assert (panel.ram[0][5], panel.ram[1][5], panel.ram[0][6]) == (1, 2, 3)


def test_ssd1306_page_mode_uses_nibble_column_commands():
    panel = FakePanel("ssd1306")
    panel.receive(commands(0x20, 0x02, 0xB5, 0x04, 0x13))  # page 5, column 0x34
    panel.receive(data(9, 8))
    assert panel.ram[5][0x34:0x36] == bytes([9, 8])


def test_sh1106_has_132_columns_and_shows_from_column_2():
    panel = FakePanel("sh1106")
    panel.receive(commands(0xB1, 0x00, 0x10))
    panel.receive(data(*range(1, 6)))
    assert panel.image().getpixel((0, 8)) == 255  # RAM column 2 = 3 (bit 0 set) is screen x 0
    assert panel.ram[1][:5] == bytes([1, 2, 3, 4, 5])


def test_co_bit_single_bytes_and_display_state():
    panel = FakePanel("ssd1306")
    panel.receive(bytes([0x80, 0xAF, 0x80, 0x81, 0x80, 0x10, 0x80, 0xA7]))
    assert panel.display_on and panel.contrast == 0x10 and panel.inverted
    assert panel.screen().getbbox() is None  # no charge pump yet: the OLED is dark
    panel.receive(commands(0x8D, 0x14))
    assert panel.screen().getbbox() == (0, 0, 128, 64)  # blank RAM, inverted: all lit


def test_a_silent_panel_nacks_and_costs_one_byte():
    bus = FakeI2CBus()
    mux = FakeTCA9548A()
    bus.attach(0x70, mux)
    panel = FakePanel()
    mux.attach(2, 0x3C, panel)
    with pytest.raises(OSError) as caught:  # channel not selected: nobody at 0x3C
        bus.write_i2c_block_data(0x3C, 0x00, [0xAF])
    assert caught.value.errno == errno.EREMOTEIO
    bus.write_byte(0x70, 1 << 2)
    bus.write_i2c_block_data(0x3C, 0x00, [0xAF])
    assert panel.display_on and bus.transactions[-1].channel == 2
    panel.answering = False
    before = bus.bytes_sent
    with pytest.raises(OSError):
        bus.write_i2c_block_data(0x3C, 0x40, [1, 2, 3])
    assert bus.bytes_sent == before + 1


def test_two_panels_on_one_address_and_open_channels_both_take_a_write_but_collide_on_a_read():
    bus = FakeI2CBus()
    mux = FakeTCA9548A()
    bus.attach(0x70, mux)
    first, second, third = FakePanel(), FakePanel(), FakePanel()
    mux.attach(0, 0x3C, first)
    mux.attach(1, 0x3C, second)
    mux.attach(2, 0x3C, third)
    bus.write_byte(0x70, 0b11)
    sent = bus.bytes_sent
    bus.write_i2c_block_data(0x3C, 0x00, [0xAF])
    assert first.display_on and second.display_on and not third.display_on
    assert bus.bytes_sent == sent + 3 and mux.shared_writes == 1  # the bytes crossed the wire once
    second.answering = False
    bus.write_i2c_block_data(0x3C, 0x00, [0xAE])  # the other acknowledges for both
    assert not first.display_on and second.display_on
    first.answering = False
    with pytest.raises(OSError):
        bus.write_i2c_block_data(0x3C, 0x00, [0xAF])
    first.answering = second.answering = True
    with pytest.raises(OSError):  # two panels answering one read drive the wire together
        bus.read_byte(0x3C)


def test_the_chips_decoding_is_counted_apart_for_the_thread_that_wrote():
    """The panels' decoding is the chips' work, not the Pi's: the bus keeps its CPU time apart, per
    writing thread, so a benchmark can leave it out of the loop's own CPU (bench/table.py)."""
    bus = FakeI2CBus()
    panel = FakePanel("ssd1306")
    bus.attach(0x3C, panel)
    bus.write_i2c_block_data(0x3C, 0x00, [0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7])
    assert bus.chip_seconds() == 0.0  # not asked to count: the kiosk's mock mode pays no clock reads
    bus.counting_chips = True
    for _ in range(200):
        bus.i2c_rdwr(i2c_msg.write(0x3C, [0x40, *range(128)] * 8))
    mine = bus.chip_seconds()
    assert mine > 0.0 and panel.data_bytes == 200 * (128 * 8 + 7)  # the 0x40 of each repeat is data too
    elsewhere: list[float] = []
    worker = threading.Thread(target=lambda: elsewhere.append(bus.chip_seconds()))
    worker.start()
    worker.join()
    assert elsewhere == [0.0] and bus.chip_seconds() == mine


def test_the_bus_counts_its_own_time_apart_the_chips_in_it_and_the_paced_waits_not():
    """`bus_seconds` is all the simulated bus costs the writing thread (on a Pi, the kernel's driver in
    C and the chips): at least the chips' decoding, and none of the time a paced bus waits for its wire
    (here some 280 ms: three 1 KiB writes at 100 kHz, against a few ms of routing and decoding)."""
    bus = FakeI2CBus(clock_hz=100_000, paced=True)
    bus.attach(0x3C, FakePanel("ssd1306"))
    bus.counting_chips = True
    for _ in range(3):
        bus.i2c_rdwr(i2c_msg.write(0x3C, [0x40, *range(128)] * 8))
    assert bus.bus_seconds() >= bus.chip_seconds() > 0.0
    assert bus.bus_seconds() < bus.wire_seconds / 2
