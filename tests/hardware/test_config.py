from pathlib import Path

import pytest

from kiosk.config import ConfigError, config_from_dict, default_config, load_config

REPO = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_documented_example_loads():
    config = load_config(REPO / "table.example.toml")
    assert [seat.display.model for seat in config.seats] == ["ssd1306", "ssd1306", "sh1106", "ssd1306"]
    assert config.seats[3].display.rotation == 2
    assert config.i2c.bus_for_channel(2) == 24
    assert config.buttons.long_press_s == pytest.approx(0.7)
    assert config.pinmap().seats[0].buttons["prev"].name == "GPIO27"


def test_channel_out_of_range_names_file_key_problem_and_expectation(tmp_path):
    path = write(tmp_path, "[[seats]]\n[[seats]]\n[[seats]]\ndisplay.channel = 9\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == "table.toml: seats[2].display.channel: out of range, expected 0-7, got 9"


@pytest.mark.parametrize(
    "text, expected",
    [
        ('language = "fr"\n[[seats]]\n', "table.toml: language: not a choice, expected one of en, es, got 'fr'"),
        ("[[seats]]\ndisplay.model = 'ssd1309'\n", "table.toml: seats[0].display.model: not a choice, expected one of ssd1306, sh1106, got 'ssd1309'"),
        ("[[seats]]\ndisplay.modle = 'sh1106'\n", "table.toml: seats[0].display.modle: unknown key, expected one of model, address, channel, contrast, rotation, bus"),
        ("[i2c]\nspeed_hz = '400k'\n[[seats]]\n", "table.toml: i2c.speed_hz: wrong type, expected one of 100000, 400000, 1000000, got '400k'"),
        ("[reader]\nenabled = 1\n[[seats]]\n", "table.toml: reader.enabled: wrong type, expected true or false, got 1"),
        ("[i2c]\nmux = 'auto'\n[[seats]]\n", "table.toml: i2c.mux: not a choice, expected one of kernel, user, got 'auto'"),
        ("seats = []\n", "table.toml: seats: wrong count, expected 1 to 7 [[seats]] tables, got 0"),
        ("[[seats]]\ndisplay.channel = 1\n[[seats]]\ndisplay.channel = 1\n", "table.toml: seats[1].display.channel: already used by seats[0], expected a different channel 0-7"),
        ("[[seats]]\ndisplay.channel = 1\n[[seats]]\n", "table.toml: seats[1].display.channel: already used by seats[0], expected a different channel 0-7"),
        ("[buttons]\nlong_press_ms = 50\n[[seats]]\n", "table.toml: buttons.long_press_ms: out of range, expected 100-5000, got 50"),
        ("admin_pin = '12'\n[[seats]]\n", "table.toml: admin_pin: expected 4 to 8 digits, got '12'"),
        ("[screen]\nsize = '800*480'\n[[seats]]\n", 'table.toml: screen.size: expected WIDTHxHEIGHT such as "800x480", got \'800*480\''),
        ("[screen]\nsise = '800x480'\n[[seats]]\n", "table.toml: screen.sise: unknown key, expected one of size"),
    ],
)
def test_each_config_error_is_specific(tmp_path, text, expected):
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text))
    assert expected in caught.value.problems


def test_every_problem_is_reported_at_once(tmp_path):
    path = write(tmp_path, "language = 3\nbogus = true\n[[seats]]\ndisplay.rotation = 5\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert len(caught.value.problems) == 3


def test_invalid_toml_and_missing_file(tmp_path):
    with pytest.raises(ConfigError, match=r"table.toml: invalid TOML: .*line 1"):
        load_config(write(tmp_path, "[[seats]\n"))
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "nope.toml")


def test_more_seats_than_the_pinmap_wires_is_refused():
    with pytest.raises(ConfigError, match="wrong count, expected 1 to 7"):
        config_from_dict({"seats": [{}] * 8})


def test_a_broken_pinmap_is_reported_through_the_config(tmp_path):
    (tmp_path / "pins.toml").write_text("[i2c]\nbus = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="pins.toml: i2c.sda: missing"):
        load_config(write(tmp_path, "[hardware]\npinmap = 'pins.toml'\n[[seats]]\n"))


def test_defaults_without_a_file(monkeypatch, tmp_path):
    monkeypatch.delenv("MYSTERY_TABLE_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    config = load_config()
    assert config == default_config()
    assert config.backend == "mock" and len(config.seats) == 4


def test_assist_is_a_table_option_off_by_default(tmp_path):
    from kiosk.config import ConfigError, load_config

    path = tmp_path / "table.toml"
    path.write_text("[[seats]]\n", encoding="utf-8")
    assert load_config(path).assist is False
    path.write_text("assist = true\n[[seats]]\n", encoding="utf-8")
    assert load_config(path).assist is True
    path.write_text('assist = "yes"\n[[seats]]\n', encoding="utf-8")
    try:
        load_config(path)
    except ConfigError as error:
        assert any(p.startswith("table.toml: assist:") for p in error.problems)
    else:
        raise AssertionError("a wrong assist value was accepted")
