"""An inverted seat screen ("Your move", a private reveal) is inverted by the controller: one
command byte on the bus instead of a whole frame on the way in and another on the way out."""

from __future__ import annotations

import pytest
from PIL import Image

from hardware.framebuffer import framebuffer_to_image, image_to_framebuffer
from kiosk.seats.screen import Item, Screen, panel_picture, render
from tests.hardware.test_display import card, rig

FRAME = 128 * 8


def inverse(image: Image.Image) -> Image.Image:
    """`image` as an inverted panel shows it (its pixels read back as 0 or 255 first)."""
    return framebuffer_to_image(image_to_framebuffer(image)).point(lambda p: 255 - p).convert("1")


@pytest.mark.parametrize("model", ["ssd1306", "sh1106"])
def test_inverting_the_same_picture_costs_a_command_not_a_frame(model):
    bus, panel, display, reports, _ = rig(model)
    image = card("Seat 2", 0)
    display.show(image)
    before = bus.bytes_sent
    assert display.show(image, inverted=True)
    assert bus.bytes_sent - before <= 4
    assert panel.inverted and panel.screen().tobytes() == inverse(image).tobytes()
    before = bus.bytes_sent
    assert display.show(image)
    assert bus.bytes_sent - before <= 4 and not panel.inverted
    assert panel.screen().tobytes() == framebuffer_to_image(image_to_framebuffer(image)).tobytes()
    before = bus.bytes_sent
    assert display.show(image) and bus.bytes_sent == before  # nothing changed, nothing sent


@pytest.mark.parametrize("model", ["ssd1306", "sh1106"])
def test_a_seat_screen_turning_to_an_inverted_one_sends_only_what_differs(model):
    bus, panel, display, reports, _ = rig(model)
    idle = Screen("Seat 2", (Item("Holding 4 cards"),))
    reveal = Screen("You see", (Item("Holding 4 cards", detail="shown by Seat 3"),), inverted=True)
    display.show(*panel_picture(idle))
    before = bus.bytes_sent
    display.show(*panel_picture(reveal))
    assert bus.bytes_sent - before < FRAME // 2, "an inverted screen should not cost a whole frame"
    assert panel.screen().tobytes() == render(reveal).tobytes()  # what the person sees is unchanged


@pytest.mark.parametrize("model", ["ssd1306", "sh1106"])
def test_the_keepalive_and_a_reconnect_keep_an_inverted_screen_inverted(model):
    bus, panel, display, reports, clock = rig(model)
    image = card("Your move", 1)
    display.show(image, inverted=True)
    clock.now += 10
    display.poll()  # the keepalive resends luma's init sequence, which says "normal"
    assert panel.inverted
    panel.power_cycle()
    assert not panel.inverted
    for _ in range(10):  # the keepalive lights a panel that reset, and inverts it again
        clock.now += 10
        display.poll()
    assert panel.inverted and panel.screen().tobytes() == inverse(image).tobytes()


def test_render_is_still_what_a_person_sees():
    screen = Screen("Your move", (Item("Pass a card"),), inverted=True)
    picture, inverted = panel_picture(screen)
    assert inverted and isinstance(picture, Image.Image)
    assert render(screen).tobytes() == picture.point(lambda p: 255 - p).convert("1").tobytes()
