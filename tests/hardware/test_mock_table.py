
from PIL import Image, ImageDraw

from hardware.events import ButtonPress, DeviceStatus, TagSeen
from hardware.sim.mock_table import build_mock_table
from hardware.sim.pn532 import SimTag
from hardware.tags import TagMatch
from kiosk.config import DisplayConfig, SeatConfig, default_config
from tests.waiting import PATIENCE


def next_event(table, kind, timeout=PATIENCE):
    while True:
        event = table.events.get(timeout=timeout)
        if isinstance(event, kind):
            return event


def test_the_fixture_builds_a_whole_table(mock_table):
    assert [seat.index for seat in mock_table.seats] == [0, 1, 2, 3]
    assert mock_table.reader.ready.wait(PATIENCE)
    assert all(mock_table.panel(i).display_on for i in range(4))


def test_buttons_of_every_seat_reach_the_one_queue(mock_table):
    for seat in range(4):
        for button in ("prev", "next", "select"):
            mock_table.press(seat, button)
            assert mock_table.events.get(timeout=PATIENCE) == ButtonPress(seat, button)
    mock_table.press(2, "select", long=True)
    assert mock_table.events.get(timeout=PATIENCE) == ButtonPress(2, "select", long=True)
    assert mock_table.events.empty()


def test_seat_screens_show_their_own_images(mock_table):
    for seat in range(4):
        image = Image.new("1", (128, 64))
        ImageDraw.Draw(image).text((10, 10 + seat * 10), f"seat {seat}", fill=1)
        mock_table.seats[seat].display.show(image)
    for seat in range(4):
        expected = Image.new("1", (128, 64))
        ImageDraw.Draw(expected).text((10, 10 + seat * 10), f"seat {seat}", fill=1)
        assert mock_table.screen(seat).tobytes() == expected.tobytes()


def test_a_tap_resolves_to_a_card(mock_table):
    mock_table.tap(SimTag.ntag213("04A1B2C3D4E5F6", "mt1:mystery-express:knife"))
    event = next_event(mock_table, TagSeen)
    assert mock_table.registry.resolve(event.uid, event.text) == TagMatch("mystery-express", "knife", "ndef")


def test_a_seat_display_that_fails_is_flagged_and_the_table_goes_on(mock_table):
    mock_table.inject("display")
    image = Image.new("1", (128, 64), 1)
    assert mock_table.seats[3].display.show(image) is False
    assert next_event(mock_table, DeviceStatus) == DeviceStatus("display:3", False, "I2C device not found on address: 0x3C")
    assert mock_table.seats[0].display.show(image)  # the others carry on
    mock_table.press(3, "next")
    assert next_event(mock_table, ButtonPress) == ButtonPress(3, "next")


def test_every_mux_channel_and_seven_seats_with_expander_buttons():
    config = default_config(7)
    config = config.__class__(
        path=None,
        seats=tuple(SeatConfig(i, DisplayConfig(model="sh1106" if i % 2 else "ssd1306", channel=6 - i)) for i in range(7)),
    )
    table = build_mock_table(config, start_reader=False)
    try:
        table.press(6, "select")  # MCP23017:GPB2
        assert table.events.get(timeout=PATIENCE) == ButtonPress(6, "select")
        image = Image.new("1", (128, 64))
        ImageDraw.Draw(image).rectangle((5, 5, 50, 20), fill=1)
        table.seats[5].display.show(image)
        assert table.screen(5).tobytes() == image.tobytes()
        assert table.screen(4).getbbox() is None
    finally:
        table.close()


def test_fresh_factories_per_table():
    first = build_mock_table(start_reader=False)
    second = build_mock_table(start_reader=False)
    try:
        first.press(0, "prev")
        assert second.events.empty() and first.events.get_nowait() == ButtonPress(0, "prev")
    finally:
        first.close()
        second.close()


def test_the_selftest_pattern_matches_its_golden_image(mock_table):
    from pathlib import Path

    from kiosk.commands.selftest import pattern_for

    golden = Image.open(Path(__file__).parent / "golden" / "selftest_seat3.png").convert("1")
    assert mock_table.seats[2].display.show(pattern_for(2, (128, 64)))
    assert mock_table.screen(2).tobytes() == golden.tobytes()  # through luma, the bus and the panel
