"""An optional section never stops the table (issue #30): a mistake in `[mqtt]` or `[web]` turns that
part off, says which key and what it expects, and `kiosk config check` still fails on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk import i18n
from kiosk.cli import main
from kiosk.config import ConfigError, config_from_dict, load_config

SEATS: list[dict[str, object]] = [{}, {}]
GOOD_MQTT = {"host": "broker.local", "table_id": "table-1"}


@pytest.mark.parametrize("key, value, words", [
    ("port", 0, "out of range, expected 1-65535, got 0"),
    ("port", 99999, "out of range, expected 1-65535, got 99999"),
    ("port", "1883", "wrong type, expected an integer 1-65535, got '1883'"),
    ("tls", "yes", "wrong type, expected true or false, got 'yes'"),
    ("qos", 1, "unknown key, expected one of"),
])
def test_a_broken_mqtt_key_turns_the_broker_off_and_the_table_loads(key: str, value: object, words: str) -> None:
    config = config_from_dict({"seats": SEATS, "mqtt": {**GOOD_MQTT, key: value}})
    off = config.off_because("mqtt")
    assert config.mqtt is None and off is not None
    assert len(off.problems) == 1 and off.problems[0].startswith(f"table.toml: mqtt.{key}: {words}")
    assert len(config.seats) == 2 and config.off_because("web") is None and config.web.enabled


def test_a_broken_web_key_turns_the_phones_off() -> None:
    config = config_from_dict({"seats": SEATS, "web": {"port": 70000, "bind": ["localhost"]}})
    off = config.off_because("web")
    assert off is not None and not config.web.enabled
    assert [problem.split(": ")[1] for problem in off.problems] == ["web.port", "web.bind"]


def test_a_section_that_is_not_a_table_is_off_too() -> None:
    config = config_from_dict({"seats": SEATS, "mqtt": "broker.local"})
    off = config.off_because("mqtt")
    assert config.mqtt is None and off is not None and "mqtt: wrong type, expected a table" in off.problems[0]


def test_an_unknown_key_lists_the_sections_real_keys_closest_first() -> None:
    config = config_from_dict({"seats": SEATS, "mqtt": {**GOOD_MQTT, "usename": "table-1"}})
    off = config.off_because("mqtt")
    assert off is not None
    (problem,) = off.problems
    expected = problem.split("expected one of ")[1].split(", ")
    assert expected[0] == "username"  # what was meant comes first, though the file has no username
    assert sorted(expected) == ["ca_file", "discovery_prefix", "home_assistant", "host", "password", "password_file", "port", "table_id", "tls",
                                "username"]


def test_a_top_level_typo_is_offered_the_optional_sections_the_file_lacks() -> None:
    with pytest.raises(ConfigError) as raised:
        config_from_dict({"seats": SEATS, "mqqt": {}})
    (problem,) = raised.value.problems
    expected = problem.split("expected one of ")[1].split(", ")
    assert expected[0] == "mqtt" and "web" in expected and "i2c2" in expected


def test_a_mistake_elsewhere_still_stops_the_table_and_names_every_mistake() -> None:
    with pytest.raises(ConfigError) as raised:
        config_from_dict({"seats": [{"display": {"channel": 9}}], "mqtt": {**GOOD_MQTT, "port": 0}})
    keys = [problem.split(": ")[1] for problem in raised.value.problems]
    assert keys == ["seats[0].display.channel", "mqtt.port"]


def test_config_check_fails_on_a_broken_optional_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[[seats]]\n[mqtt]\nhost = "broker.local"\ntable_id = "table-1"\nport = 0\n', encoding="utf-8")
    assert load_config(path).off_because("mqtt") is not None
    assert main(["config", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "table.toml: mqtt.port: out of range, expected 1-65535, got 0" in out
    assert "[mqtt] is off until this is fixed: the table plays without it." in out
    assert "valid" not in out


def test_the_staff_menus_summary_is_worded_in_each_language() -> None:
    before = i18n.language()
    config = config_from_dict({"seats": SEATS, "mqtt": {**GOOD_MQTT, "port": 0}})
    off = config.off_because("mqtt")
    assert off is not None and i18n.language() == before  # read in each language, and the current one kept
    assert off.summary().render("en") == "table.toml: mqtt.port: out of range, expected 1-65535, got 0"
    assert off.summary().render("es") == ("table.toml: mqtt.port: fuera de rango, se esperaba entre 1 y 65535, "
                                          "se encontró 0")
    two = config_from_dict({"seats": SEATS, "mqtt": {**GOOD_MQTT, "port": 0, "tls": "yes"}}).off_because("mqtt")
    assert two is not None
    assert two.summary().render("en") == ("table.toml: mqtt.port: out of range, expected 1-65535, got 0 "
                                          "(and 1 more: kiosk config check lists them)")
