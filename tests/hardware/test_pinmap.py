import copy
import tomllib

import pytest

from hardware.pinmap import DEFAULT_PINMAP, PinRef, PinmapError, load_pinmap, parse_pin, pinmap_from_dict


def raw_pinmap() -> dict:
    with DEFAULT_PINMAP.open("rb") as handle:
        return tomllib.load(handle)


def test_the_shipped_pinmap_is_sound_and_wires_seven_seats():
    pinmap = load_pinmap()
    assert len(pinmap.seats) == 7
    pins = [pin for _, pin in pinmap.assignments()]
    assert len(pins) == len(set(pins)), "a pin is used twice"
    assert pinmap.buzzer == PinRef("header", 18)
    assert pinmap.sda.physical == 3 and pinmap.scl.physical == 5


def test_parse_pin_names():
    assert parse_pin("GPIO5") == PinRef("header", 5)
    assert parse_pin("MCP23017:GPB2") == PinRef("expander", 10)
    assert parse_pin("MCP23017:GPB2").name == "MCP23017:GPB2"
    for bad in ("GPIO28", "gpio5", "MCP23017:GPC1", "P1-11", "MCP23017:GPA8"):
        with pytest.raises(ValueError):
            parse_pin(bad)


def test_two_functions_on_one_pin_is_refused():
    raw = raw_pinmap()
    raw["seat"][1]["next"] = raw["seat"][0]["prev"]
    with pytest.raises(PinmapError, match="GPIO27 is used twice: Seat 1 prev and Seat 2 next"):
        pinmap_from_dict(raw)


def test_buzzer_on_a_pin_without_hardware_pwm_is_refused():
    raw = raw_pinmap()
    raw["buzzer"]["pin"] = "GPIO25"
    with pytest.raises(PinmapError, match="hardware-PWM"):
        pinmap_from_dict(raw)


def test_button_on_output_only_expander_line_is_refused():
    raw = raw_pinmap()
    raw["seat"][6]["select"] = "MCP23017:GPB7"
    with pytest.raises(PinmapError, match="output-only"):
        pinmap_from_dict(raw)


@pytest.mark.parametrize(
    "section, key, value, message",
    [
        ("i2c", "sda", "GPIO25", "I2C SDA must be on GPIO2"),
        ("uart", "rx", "GPIO27", "UART RX must be on GPIO15"),
        ("reader", "reset", "GPIO0", "reserved for the ID EEPROM"),
        ("reader", "reset", "MCP23017:GPA6", "must be on a header GPIO"),
        ("mux", "address", 0x42, "mux.address must be 0x70-0x77"),
    ],
)
def test_pins_unfit_for_their_function_are_refused(section, key, value, message):
    raw = raw_pinmap()
    raw[section][key] = value
    with pytest.raises(PinmapError, match=message):
        pinmap_from_dict(raw)


def test_duplicate_mux_channel_and_missing_keys_are_all_reported():
    raw = copy.deepcopy(raw_pinmap())
    raw["seat"][3]["mux_channel"] = 0
    with pytest.raises(PinmapError, match="mux_channel 0 is already used by seat 1"):
        pinmap_from_dict(raw)
    del raw["uart"]["tx"]
    del raw["buzzer"]
    with pytest.raises(PinmapError) as caught:
        pinmap_from_dict(raw)
    assert any("uart.tx: missing" in p for p in caught.value.problems)
    assert any("buzzer.pin: missing" in p for p in caught.value.problems)
