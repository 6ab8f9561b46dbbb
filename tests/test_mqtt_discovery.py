"""Home Assistant discovery: every config passes the checks Home Assistant's MQTT integration makes
(written from homeassistant/components/mqtt: schemas.py, the sensor and binary_sensor platforms and
discovery.py's topic pattern), and a table whose `[mqtt]` is removed takes its entities away."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from kiosk.config import load_config
from kiosk.fleet.beacon import start_beacon
from kiosk.fleet.discovery import discovery_configs
from kiosk.fleet.link import MEMORY_FILE, MqttLink
from kiosk.store import GameStore
from tests.mqtt_support import Broker, Listener, broker, table_toml  # noqa: F401
from tests.waiting import eventually

# discovery.py: <prefix>/<component>/[<node_id>/]<object_id>/config, ids of [a-zA-Z0-9_-]
TOPIC = re.compile(r"homeassistant/(sensor|binary_sensor)/(?:[a-zA-Z0-9_-]+/)?[a-zA-Z0-9_-]+/config")
DEVICE_KEYS = {"identifiers", "connections", "manufacturer", "model", "name", "hw_version", "serial_number",
               "sw_version", "via_device", "suggested_area", "configuration_url"}
COMMON_KEYS = {"name", "unique_id", "default_entity_id", "state_topic", "value_template", "availability_topic",
               "payload_available", "payload_not_available", "device", "origin", "json_attributes_topic",
               "icon", "device_class", "enabled_by_default", "entity_category", "qos", "encoding"}
SENSOR_KEYS = COMMON_KEYS | {"unit_of_measurement", "state_class", "expire_after", "force_update",
                             "suggested_display_precision", "last_reset_value_template"}
BINARY_KEYS = COMMON_KEYS | {"payload_on", "payload_off", "expire_after", "force_update", "off_delay"}
SENSOR_CLASSES = {None, "timestamp", "duration", "enum"}  # the ones a table could use
BINARY_CLASSES = {None, "problem", "connectivity", "running"}
STATE_CLASSES = {None, "measurement", "total", "total_increasing"}


def ha_problems(topic: str, config: dict[str, Any]) -> list[str]:
    found = []
    match = TOPIC.fullmatch(topic)
    if match is None:
        return [f"{topic}: not a discovery topic"]
    component = match.group(1)
    allowed = SENSOR_KEYS if component == "sensor" else BINARY_KEYS
    found += [f"{topic}: unknown key {k}" for k in set(config) - allowed]
    if not isinstance(config.get("state_topic"), str) or any(c in config["state_topic"] for c in "+#"):
        found.append(f"{topic}: state_topic must be a topic")
    device = config.get("device")
    if device is not None:
        if not isinstance(device, dict) or set(device) - DEVICE_KEYS:
            found.append(f"{topic}: device has unknown keys")
        elif not (device.get("identifiers") or device.get("connections")):
            found.append(f"{topic}: device needs identifiers or connections")
        elif not all(isinstance(i, str) for i in device.get("identifiers", [])):
            found.append(f"{topic}: identifiers must be strings")
        if not config.get("unique_id"):  # entities of a device need a unique_id
            found.append(f"{topic}: a device's entity needs a unique_id")
    if "origin" in config and not isinstance(config["origin"].get("name"), str):
        found.append(f"{topic}: origin needs a name")
    topic_keys = ("availability_topic", "json_attributes_topic")
    found += [f"{topic}: {k} must be a topic" for k in topic_keys if k in config and any(c in config[k] for c in "+#")]
    classes = SENSOR_CLASSES if component == "sensor" else BINARY_CLASSES
    if config.get("device_class") not in classes:
        found.append(f"{topic}: device_class {config.get('device_class')}")
    if config.get("state_class") not in STATE_CLASSES or (component != "sensor" and "state_class" in config):
        found.append(f"{topic}: state_class")
    if config.get("device_class") == "timestamp" and "unit_of_measurement" in config:
        found.append(f"{topic}: a timestamp has no unit")
    found += [f"{topic}: {k} must be text" for k in ("name", "value_template", "payload_available",
                                                      "payload_not_available", "icon") if k in config and not isinstance(config[k], str)]
    return found


def test_the_configs_pass_home_assistants_checks() -> None:
    for language in ("en", "es"):
        configs = discovery_configs("terrace-2", language)
        assert len(configs) == 7
        assert [p for topic, config in configs.items() for p in ha_problems(topic, config)] == []
        assert len({c["unique_id"] for c in configs.values()}) == 7
        assert all(c["availability_topic"] == "mystery-table/terrace-2/status" for c in configs.values())
        assert {c["device"]["identifiers"][0] for c in configs.values()} == {"mystery_table_terrace-2"}
    spanish = discovery_configs("t", "es")
    assert {c["name"] for c in spanish.values()} >= {"Partidas hoy", "Necesita atención"}


def test_the_checks_refuse_what_home_assistant_refuses() -> None:
    (topic, config), *_ = discovery_configs("t", "en").items()
    assert ha_problems(topic, {**config, "device": {"name": "x"}})
    assert ha_problems(topic, {k: v for k, v in config.items() if k != "unique_id"})
    assert ha_problems(topic, {**config, "stat_t": "x"})
    assert ha_problems("homeassistant/sensor/a b/config", config)


def test_removing_the_mqtt_section_removes_the_entities(broker: Broker, tmp_path: Path) -> None:
    path = table_toml(tmp_path / "t1", broker)
    config = load_config(path)
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    listener = Listener(broker, ("homeassistant/#",))
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    link.start()
    try:
        assert eventually(lambda: len({t for t, p, _ in listener.messages if p}) == 7)
        for topic, payload in ((t, p) for t, p, _ in list(listener.messages)):
            assert ha_problems(topic, json.loads(payload)) == []
    finally:
        link.close()
    assert (config.data_dir / MEMORY_FILE).stat().st_mode & 0o077 == 0  # it holds the broker's password
    text = path.read_text()
    path.write_text(text[:text.index("[mqtt]")] + text[text.index("[[seats]]"):])
    plain = load_config(path)
    assert plain.mqtt is None
    try:
        assert start_beacon(plain, None, store, "en", plain.data_dir) is None  # type: ignore[arg-type]
        assert eventually(lambda: len({t for t, p, _ in listener.messages if not p}) == 7)  # empty: removed
        assert eventually(lambda: not (plain.data_dir / MEMORY_FILE).exists())
    finally:
        listener.close()
        store.close()
    late = Listener(broker)
    try:
        assert eventually(lambda: late.client.is_connected())
        late.client.publish("mystery-table/probe", b"x", qos=1).wait_for_publish(60)
        assert eventually(lambda: late.on("mystery-table/probe"))
        assert [t for t, _, retained in late.messages if retained] == []  # nothing of the table stays retained
    finally:
        late.close()


def test_a_renamed_table_takes_its_old_entities_away(broker: Broker, tmp_path: Path) -> None:
    listener = Listener(broker, ("homeassistant/#",))
    links = []
    try:
        for table_id in ("table-1", "table-2"):  # the same data folder, table_id changed in table.toml
            config = load_config(table_toml(tmp_path / "t", broker, table_id, "table-1"))
            assert config.mqtt is not None
            store = GameStore.open(config.data_dir)
            link = MqttLink(config.mqtt, store, "en", config.data_dir)
            links.append((link, store))
            link.start()
            assert eventually(lambda: len({t for t, p, _ in listener.messages if p and table_id in t}) == 7)
        old = {t for t, p, _ in listener.messages if "table-1" in t}
        assert eventually(lambda: {t for t, p, _ in listener.messages if not p} == old)  # removed: only the old
        assert eventually(lambda: [e["table_id"] for e in json.loads((tmp_path / "t" / "data" / MEMORY_FILE).read_text())]
                          == ["table-2"])
    finally:
        for link, store in links:
            link.close()
            store.close()
        listener.close()
