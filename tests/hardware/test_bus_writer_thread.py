"""One bus has its writer thread too: while the bus carries one seat's bytes, the referee draws the
next seat's picture (on a Pi the kernel's I2C transfer lets go of Python's lock), and the seats still
go on the wire in the order given."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from PIL import Image, ImageDraw

from hardware.sim.mock_table import build_mock_table
from kiosk.config import default_config
from tests.hardware.hanging import HangingPanel
from tests.waiting import PATIENCE


def picture(text: str) -> Image.Image:
    image = Image.new("1", (128, 64), 0)
    ImageDraw.Draw(image).text((4, 20), text, fill=1)
    return image


def test_the_next_seat_is_drawn_while_the_first_is_on_the_wire():
    mock = build_mock_table(default_config(4), start_reader=False)
    release = threading.Event()
    try:
        hanging = HangingPanel(release)
        mock.backend.muxes["i2c"].attach(0, 0x3C, hanging)  # seat 1's panel holds the bus
        drawn = threading.Event()

        def frames() -> Iterator[tuple[int, Image.Image, bool]]:
            yield 0, picture("first"), False
            drawn.set()  # the referee renders seat 2's picture here
            yield 1, picture("second"), False

        showing = threading.Thread(target=mock.table.show, args=(frames(),))
        showing.start()
        try:
            assert hanging.holding.wait(PATIENCE), "seat 1's write reached its panel"
            assert drawn.wait(PATIENCE), "seat 2 was drawn only after seat 1's last byte"
            assert showing.is_alive(), "show returns only once every seat is written"
            assert mock.screen(1).tobytes() != picture("second").tobytes(), "seat 2 went on the wire before seat 1"
        finally:
            release.set()
            showing.join(PATIENCE)
        assert not showing.is_alive()
        assert mock.screen(1).tobytes() == picture("second").tobytes()
    finally:
        release.set()
        mock.close()
