import queue
import threading

import pytest
from gpiozero.tones import Tone

from hardware.buttons import SeatButtons
from hardware.events import ButtonPress
from hardware.sim.pins import mock_factory
from hardware.pinmap import PinRef
from hardware.whistle import PATTERNS, Whistle
from tests.waiting import PATIENCE, eventually


@pytest.fixture
def factory():
    factory = mock_factory()
    yield factory
    factory.reset()


@pytest.fixture
def whistle(factory):
    whistle = Whistle("GPIO18", pin_factory=factory, tempo=50)
    yield whistle
    whistle.close()


def tones(pin, since: int = 0) -> list[str]:
    return [Tone.from_frequency(f).note for f in pin.frequencies[since:] if f is not None]


@pytest.mark.parametrize("pattern", sorted(PATTERNS))
def test_each_pattern_plays_its_notes_on_the_pwm_pin(factory, whistle, pattern):
    pin = factory.pin("GPIO18")
    start = len(pin.frequencies)
    whistle.play(pattern)
    assert whistle.wait(timeout=PATIENCE)
    assert tones(pin, start) == [note for note, _ in PATTERNS[pattern] if note is not None]
    assert pin.frequency is None and pin.state == 0  # silent afterwards


def test_play_returns_before_the_pattern_ends_and_a_new_one_cuts_it_short(factory):
    whistle = Whistle("GPIO18", pin_factory=factory, tempo=0.001)  # one note lasts ~a minute
    try:
        pin = factory.pin("GPIO18")
        start = len(pin.frequencies)
        whistle.play("fanfare")
        assert whistle.is_playing  # play() returned while the first note sounds
        assert eventually(lambda: tones(pin, start) == ["C5"])
        whistle.play("error")
        assert eventually(lambda: tones(pin, start) == ["C5", "A3"])
        assert not whistle.wait(timeout=0)
        whistle.stop()
        assert whistle.wait(timeout=PATIENCE)
        assert whistle.played == ["fanfare", "error"]
        assert tones(pin, start) == ["C5", "A3"] and pin.frequency is None
    finally:
        whistle.close()


def test_unknown_pattern_is_refused(whistle):
    with pytest.raises(ValueError, match="unknown whistle pattern"):
        whistle.play("kazoo")


SEAT_PINS = {"prev": PinRef("header", 5), "next": PinRef("header", 6), "select": PinRef("expander", 2)}


def make_buttons(factory, events, **kwargs):
    expander = mock_factory()
    buttons = SeatButtons(2, SEAT_PINS, events, factories={"header": factory, "expander": expander}, **kwargs)
    return buttons, expander


def test_short_presses_become_events_on_the_queue(factory):
    events: queue.Queue = queue.Queue()
    buttons, expander = make_buttons(factory, events, bounce_s=0, long_press_s=30)
    try:
        for pin in (factory.pin("GPIO5"), expander.pin("GPIO2")):
            pin.drive_low()
            pin.drive_high()
        assert events.get_nowait() == ButtonPress(2, "prev")
        assert events.get_nowait() == ButtonPress(2, "select")
        assert events.empty()
    finally:
        buttons.close()


def test_a_long_press_is_one_back_event_and_no_short_press(factory):
    events: queue.Queue = queue.Queue()
    buttons, _ = make_buttons(factory, events, bounce_s=0, long_press_s=0.05)
    try:
        pin = factory.pin("GPIO6")
        pin.drive_low()
        assert events.get(timeout=PATIENCE) == ButtonPress(2, "next", long=True)
        assert buttons.pressed == {"next"}
        pin.drive_high()
        assert events.empty()
    finally:
        buttons.close()


def test_contact_bounce_is_ignored(factory):
    events: queue.Queue = queue.Queue()
    buttons, _ = make_buttons(factory, events, bounce_s=0.3, long_press_s=30)
    try:
        pin = factory.pin("GPIO5")
        pin.drive_low()
        for _ in range(5):  # the contact chatters right after the press
            pin.drive_high()
            pin.drive_low()
        assert events.empty()
        threading.Event().wait(0.35)  # past the bounce window, a clean release
        pin.drive_high()
        assert events.get_nowait() == ButtonPress(2, "prev")
        assert events.empty()
    finally:
        buttons.close()
