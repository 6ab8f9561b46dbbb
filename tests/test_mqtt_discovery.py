"""Home Assistant discovery: every config passes the checks Home Assistant's MQTT integration makes
(written from homeassistant/components/mqtt: schemas.py, the sensor and binary_sensor platforms and
discovery.py's topic pattern), no deprecated key, every value template gives what its entity means for
every state and health payload a table sends through a real broker, and a table whose `[mqtt]` is
removed takes its entities away."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hardware.sim.mock_table import MockTable

from kiosk.config import load_config
from kiosk.bots.table_bots import table_bot
from kiosk.fleet.beacon import Beacon, start_beacon
from kiosk.fleet.discovery import ENTITIES, discovery_configs
from kiosk.fleet.link import MEMORY_FILE, MqttLink
from kiosk.games import registry
from kiosk.referee.session import GameSession
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
    if config.get("entity_category") not in (None, "diagnostic", "config"):  # ENTITY_CATEGORIES_SCHEMA
        found.append(f"{topic}: entity_category {config.get('entity_category')}")
    if "object_id" in config:  # deprecated for default_entity_id; no longer honoured from 2026.4
        found.append(f"{topic}: object_id is deprecated")
    if not re.fullmatch(rf"{component}\.[a-z0-9_]+", str(config.get("default_entity_id", f"{component}.x"))):
        found.append(f"{topic}: default_entity_id must be {component}.<lower-case id>")
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


def test_no_deprecated_key_and_each_entity_in_its_place() -> None:
    """`object_id` is gone in Home Assistant 2026.4: `default_entity_id` is the whole entity id, its
    domain the config's component; counters and diagnostics as Home Assistant's statistics read them."""
    configs = discovery_configs("terrace-2", "en")
    for topic, config in configs.items():
        component = topic.split("/")[1]
        assert "object_id" not in config
        domain, _, entity = config["default_entity_id"].partition(".")
        assert domain == component and re.fullmatch(r"[a-z0-9_]+", entity), config["default_entity_id"]
        assert config["origin"]["name"] == "Mystery Table" and config["origin"]["sw_version"]
    by_entity = {c["default_entity_id"]: c for c in configs.values()}
    assert len(by_entity) == len(configs)
    assert by_entity["sensor.mystery_table_terrace_2_game"]["unique_id"] == "mystery_table_terrace-2_game"
    assert by_entity["sensor.mystery_table_terrace_2_games_today"]["state_class"] == "total_increasing"  # 0 at midnight
    diagnostic = {e for e, c in by_entity.items() if c.get("entity_category") == "diagnostic"}
    assert diagnostic == {"sensor.mystery_table_terrace_2_seat_faults", "binary_sensor.mystery_table_terrace_2_attention"}


class Json(dict[str, Any]):
    """A payload as a template sees it: `value_json.key` reads a key (missing: nothing, as Jinja's undefined)."""

    def __getattr__(self, key: str) -> Any:
        value = self.get(key)
        return Json(value) if isinstance(value, dict) else value


def render(template: str, payload: dict[str, Any]) -> str:
    """A value template rendered for `payload`: with Jinja when it is installed, else by the same
    expression read as Python (the templates use only `{% set %}`, `{{ }}`, `if/else`, `in`, `and`,
    keys, `- ` and `| length`, which mean the same in both)."""
    try:
        import jinja2
    except ImportError:
        pass
    else:
        return jinja2.Environment().from_string(template).render(value_json=payload)
    found = re.fullmatch(r"((?:\{% set \w+ = .+? %\})*)\{\{ (.+) \}\}", template)
    assert found is not None, template

    def python(expression: str) -> str:
        return re.sub(r"([\w.]+) \| length", r"len(\1)", expression)

    names: dict[str, Any] = {"value_json": Json(payload), "len": len}
    for name, expression in re.findall(r"\{% set (\w+) = (.+?) %\}", found.group(1)):
        names[name] = eval(python(expression), {"__builtins__": {}}, names)  # noqa: S307 (our own templates)
    return str(eval(python(found.group(2)), {"__builtins__": {}}, names))  # noqa: S307


def expected_round(state: dict[str, Any]) -> int:
    """What "Round or leg" means for each game: P.I.'s round (not its minigame), Watson & Holmes's round,
    Mystery Express's leg, Mystery City's duels; 0 between games."""
    if not state["playing"]:
        return 0
    key = {"pi": "round", "watson-holmes": "round", "mystery-express": "leg", "mystery-city": "combats"}[state["game"]]
    return int(state["progress"][key])


def test_every_template_reads_every_payload_by_key(broker: Broker, tmp_path: Path, mock_table: MockTable) -> None:
    """Each game played by bots with the table's beacon on a real broker: every state and health
    message the broker delivered, through every template, gives what the entity means."""
    config = load_config(table_toml(tmp_path / "t1", broker))
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    listener = Listener(broker, ("mystery-table/table-1/#",))
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    link.start()
    beacon = Beacon(link, mock_table.table, store, "en")
    try:
        assert link.connected.wait(60)
        beacon.watch(None)
        for number, game_id in enumerate(registry.ids()):
            seats = 3
            session = GameSession.start(store, game_id, seats, 4 + number, {}, bots=list(range(seats)))
            bots = {seat: table_bot(game_id, seat, session.record.seed) for seat in range(seats)}
            beacon.watch(session)
            while not session.over:
                prompt = session.game.prompts(session.state)[0]
                events = session.apply(prompt.seat, bots[prompt.seat].choose(session.game.view(session.state, prompt.seat), prompt))
                for seat, bot in bots.items():
                    bot.observe([e for e in events if e.visible_to(seat)])
                beacon.watch(session)
            beacon.watch(None)
        last = link._retained["mystery-table/table-1/state"]
        assert eventually(lambda: listener.last("mystery-table/table-1/state") == last.encode())
    finally:
        beacon.close()
        listener.close()
        store.close()
    states = [json.loads(p) for p in listener.on("mystery-table/table-1/state")]
    healths = [json.loads(p) for p in listener.on("mystery-table/table-1/health")]
    assert {s["game"] for s in states if s["playing"]} == set(registry.ids()) and healths
    pi = [s["progress"] for s in states if s["playing"] and s["game"] == "pi"]
    assert any(p["minigame"] != p["round"] for p in pi)  # where reading by position shows the wrong number
    templates = {object_id: (source, template) for object_id, (_, _, source, template, _) in ENTITIES.items()}
    for state in states:
        shown = {o: render(t, state) for o, (source, t) in templates.items() if source == "state"}
        playing = state["playing"]
        assert shown["round"] == str(expected_round(state)), state
        assert shown["game"] == (state["game"] if playing else "none")
        assert shown["players"] == "0"  # bots at every seat, and nobody between games
        assert shown["started"] == (state["started_at"] if playing else "None")
        assert shown["games_today"] == str(state["games_today"])
    assert states[-1]["games_today"] == len(registry.ids())
    for health in healths:
        assert render(templates["seat_faults"][1], health) == str(health["faults"])
        assert render(templates["attention"][1], health) == ("ON" if health["attention"] else "OFF")


def test_the_checks_refuse_what_home_assistant_refuses() -> None:
    (topic, config), *_ = discovery_configs("t", "en").items()
    assert ha_problems(topic, {**config, "device": {"name": "x"}})
    assert ha_problems(topic, {k: v for k, v in config.items() if k != "unique_id"})
    assert ha_problems(topic, {**config, "stat_t": "x"})
    assert ha_problems(topic, {**config, "object_id": "x"})
    assert ha_problems(topic, {**config, "default_entity_id": "binary_sensor.x"})
    assert ha_problems(topic, {**config, "entity_category": "system"})
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
