"""Home Assistant discovery: every config passes Home Assistant's discovery schema (`tests/ha_mqtt_discovery.json`,
written from homeassistant/components/mqtt: abbreviations, the platform schemas, the topic pattern), no
deprecated key, one device per table, every value template gives what its entity means for every state,
health and finished-game payload a table sends through a real broker, the select's command template
gives a command the table takes, and a table whose `[mqtt]` is removed takes its entities away."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from hardware.sim.mock_table import MockTable

from kiosk.config import MqttConfig, load_config
from kiosk.bots.table_bots import table_bot
from kiosk.fleet.beacon import Beacon, start_beacon
from kiosk.fleet.control import Command, Controls, parse
from kiosk.fleet.discovery import ENTITIES, discovery_configs
from kiosk.fleet.link import MEMORY_FILE, MqttLink
from kiosk.games import registry
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from tests.ha_schema import SCHEMA, heard_problems, problems, render_command, render_value
from tests.mqtt_support import ROOT, Broker, Listener, broker, home_assistant_says, table_toml  # noqa: F401
from tests.waiting import eventually

TABLE = MqttConfig("127.0.0.1", "terrace-2")


def by_object(configs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {config["unique_id"].rpartition("terrace-2_")[2]: config for config in configs.values()}


def test_the_configs_pass_home_assistants_schema() -> None:
    for language in ("en", "es"):
        configs = discovery_configs(TABLE, language, "http://192.168.1.20:8080")
        assert len(configs) == len(ENTITIES) == 12
        assert [p for topic, config in configs.items() for p in problems(topic, config)] == []
        assert len({c["unique_id"] for c in configs.values()}) == 12
        assert all(c["availability_topic"] == "mystery-table/terrace-2/status" for c in configs.values())
        assert {c["device"]["identifiers"][0] for c in configs.values()} == {"mystery_table_terrace-2"}  # one device
        assert {json.dumps(c["device"], sort_keys=True) for c in configs.values()} == {json.dumps(
            next(iter(configs.values()))["device"], sort_keys=True)}
        assert {c["device"]["configuration_url"] for c in configs.values()} == {"http://192.168.1.20:8080"}
    assert {topic.split("/")[1] for topic in configs} == {"sensor", "binary_sensor", "button", "select", "event"}
    spanish = discovery_configs(TABLE, "es")
    assert {c["name"] for c in spanish.values()} >= {"Partidas hoy", "Necesita atención", "Reiniciar el quiosco"}
    assert all("configuration_url" not in c["device"] for c in spanish.values())  # no web server: no page


def test_the_discovery_prefix_is_the_tables_setting(tmp_path: Path) -> None:
    custom = replace(TABLE, discovery_prefix="ha/discovery")
    configs = discovery_configs(custom, "en")
    assert all(topic.startswith("ha/discovery/") for topic in configs)
    assert [p for topic, config in configs.items() for p in problems(topic, config, prefix="ha/discovery")] == []
    path = table_toml(tmp_path, Broker(tmp_path), extra='discovery_prefix = "ha/discovery"\n')
    found = load_config(path).mqtt
    assert found is not None and found.discovery_prefix == "ha/discovery"
    assert load_config(table_toml(tmp_path, Broker(tmp_path))).mqtt.discovery_prefix == "homeassistant"  # type: ignore[union-attr]
    for wrong in ("home/#", "/homeassistant", "homeassistant/", ""):  # the link is off, the table plays
        config = load_config(table_toml(tmp_path, Broker(tmp_path), extra=f'discovery_prefix = "{wrong}"\n'))
        off = config.off_because("mqtt")
        assert config.mqtt is None and off is not None
        assert any("discovery_prefix" in p for p in off.problems), off.problems


def test_no_deprecated_key_and_each_entity_in_its_place() -> None:
    """`object_id` is gone in Home Assistant 2026.4: `default_entity_id` is the whole entity id, its
    domain the config's component; counters and diagnostics as Home Assistant's statistics read them."""
    configs = discovery_configs(TABLE, "en")
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
    commands = {e: c for e, c in by_entity.items() if "command_topic" in c}
    assert set(commands) == {"button.mystery_table_terrace_2_end_game", "button.mystery_table_terrace_2_restart",
                             "select.mystery_table_terrace_2_featured"}
    assert {c["command_topic"] for c in commands.values()} == {"mystery-table/terrace-2/command"}
    assert all(c["retain"] is False and c["qos"] == 1 for c in commands.values())  # a retained one would come back


def test_the_readme_card_shows_entities_the_table_has() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    card = re.search(r"```yaml\n(type: entities\n.*?)```", text, re.S)
    assert card is not None
    rows = yaml.safe_load(card.group(1))["entities"]
    shown = {row["entity"] for row in rows if "entity" in row}
    assert all(set(row) == {"entity"} or row == {"type": "divider"} for row in rows)
    ids = {c["default_entity_id"] for c in discovery_configs(MqttConfig("h", "table-1"), "en").values()}
    assert shown <= ids and {i.split(".")[0] for i in shown} == {"sensor", "binary_sensor", "event", "select", "button"}


def test_the_select_offers_the_four_games_and_sends_what_the_table_takes() -> None:
    featured = by_object(discovery_configs(TABLE, "en"))["featured"]
    assert len(featured["options"]) == len(registry.ids()) == 4
    taken = [parse(render_command(featured["command_template"], option).encode()) for option in featured["options"]]
    assert taken == [Command("feature", game_id) for game_id in registry.ids()]
    for game_id, option in zip(registry.ids(), featured["options"]):  # the state says which, by id
        assert render_value(featured["value_template"], json.dumps({"featured": game_id, "playing": False})) == option
    assert render_value(featured["value_template"], json.dumps({"featured": None, "playing": False})) == "None"


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
    listener = Listener(broker, ("mystery-table/table-1/#", "homeassistant/#"))
    home_assistant_says(broker)  # retained: the table hears it once connected, and sends its games
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    link.start()
    beacon = Beacon(link, mock_table.table, store, "en")
    featured: list[str | None] = [None]
    beacon.controls = Controls(in_play=lambda: False, featured=lambda: featured[0])
    try:
        assert link.connected.wait(60)
        beacon.watch(None)
        for number, game_id in enumerate(registry.ids()):
            featured[0] = game_id  # the attract screen's choice, between games
            beacon.watch(None)
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
        assert eventually(lambda: len(listener.on("mystery-table/table-1/game_finished")) == len(registry.ids()))
    finally:
        beacon.close()
        listener.close()
        store.close()
    raw_states = listener.on("mystery-table/table-1/state")
    states = [json.loads(p) for p in raw_states]
    healths = listener.on("mystery-table/table-1/health")
    finished = listener.on("mystery-table/table-1/game_finished")
    assert {s["game"] for s in states if s["playing"]} == set(registry.ids()) and healths
    pi = [s["progress"] for s in states if s["playing"] and s["game"] == "pi"]
    assert any(p["minigame"] != p["round"] for p in pi)  # where reading by position shows the wrong number
    configs = by_object(discovery_configs(replace(config.mqtt, table_id="terrace-2"), "en"))
    state_templates = {o: c["value_template"] for o, c in configs.items() if c.get("state_topic", "").endswith("/state")}
    assert set(state_templates) == {"game", "players", "round", "case", "started", "games_today", "featured"}
    names = dict(zip(registry.ids(), configs["featured"]["options"]))
    for raw, state in zip(raw_states, states):
        shown = {o: render_value(t, raw) for o, t in state_templates.items()}
        playing = state["playing"]
        assert shown["round"] == str(expected_round(state)), state
        assert shown["game"] == (registry.get(state["game"]).info.names["en"] if playing else "none")
        assert shown["case"] == str(state["progress"]["minigame"] if playing and state["game"] == "pi" else 0)
        assert shown["players"] == "0"  # bots at every seat, and nobody between games
        assert shown["started"] == (state["started_at"] if playing else "None")
        assert shown["games_today"] == str(state["games_today"])
        assert shown["featured"] == names.get(state["featured"], "None")
    assert states[-1]["games_today"] == len(registry.ids())
    assert {s["featured"] for s in states} == {None, *registry.ids()}
    for raw in healths:
        health = json.loads(raw)
        assert render_value(configs["seat_faults"]["value_template"], raw) == str(health["faults"])
        assert render_value(configs["attention"]["value_template"], raw) == ("ON" if health["attention"] else "OFF")
    for raw in finished:  # the event: its type and the game's public facts, as Home Assistant reads them
        game = json.loads(raw)
        event = json.loads(render_value(configs["finished"]["value_template"], raw))
        assert event.pop("event_type") in configs["finished"]["event_types"]
        assert event["game_name"] == registry.get(game["game"]).info.names["en"] == game["game_name"]
        assert event == {"game": game["game"], "game_name": game["game_name"], "seats": game["seats"], "bots": game["bots"],
                         "duration_s": game["duration_s"], "winners": game["winners"]}
        assert all(isinstance(seat, int) and 1 <= seat <= game["seats"] for seat in event["winners"])
    assert {json.loads(raw)["game"] for raw in finished} == set(registry.ids())
    assert len([t for t, p, _ in listener.messages if t.startswith("homeassistant/") and p]) >= len(ENTITIES)
    assert heard_problems(listener.messages) == []  # the same, entity by entity, as each platform reads it


def test_the_checks_refuse_what_home_assistant_refuses() -> None:
    configs = discovery_configs(MqttConfig("h", "t"), "en")
    (topic, config), *_ = configs.items()
    assert problems(topic, {**config, "device": {"name": "x"}})
    assert problems(topic, {**config, "device": {**config["device"], "colour": "red"}})
    assert problems(topic, {**config, "device": {**config["device"], "configuration_url": "table-1"}})
    assert problems(topic, {k: v for k, v in config.items() if k != "unique_id"})
    assert problems(topic, {k: v for k, v in config.items() if k != "state_topic"})
    assert problems(topic, {**config, "stat_t": "x"})  # given twice, once abbreviated
    assert problems(topic, {**config, "object_id": "x"})
    assert problems(topic, {**config, "obj_id": "x"})
    assert problems(topic, {**config, "default_entity_id": "binary_sensor.x"})
    assert problems(topic, {**config, "entity_category": "system"})
    assert problems(topic, {**config, "device_class": "restart"})  # a button's, not a sensor's
    assert problems(topic, {**config, "value_template": "{{ value_json.game "})
    assert problems(topic, {**config, "origin": {"sw": "1"}})
    assert problems(topic, {**config, "name": config["device"]["name"] + " game"})
    assert problems("homeassistant/sensor/a b/config", config)
    assert problems(topic, config, prefix="ha")
    button_topic, button = next((t, c) for t, c in configs.items() if "/button/" in t)
    assert problems(button_topic, {**button, "command_topic": "mystery-table/+/command"})
    assert problems(button_topic, {**button, "state_class": "measurement"})
    assert problems(button_topic, {k: v for k, v in button.items() if k != "command_topic"})
    event_topic, event = next((t, c) for t, c in configs.items() if "/event/" in t)
    assert problems(event_topic, {k: v for k, v in event.items() if k != "event_types"})
    select_topic, select = next((t, c) for t, c in configs.items() if "/select/" in t)
    assert problems(select_topic, {**select, "options": []})
    assert set(SCHEMA["platforms"]) == {"sensor", "binary_sensor", "button", "select", "event"}
    attention_topic, attention = next((t, c) for t, c in configs.items() if "/binary_sensor/" in t)
    health = (attention["state_topic"], b'{"attention": true, "faults": 1}', True)
    heard = [(attention_topic, json.dumps(attention).encode(), True), health]
    assert heard_problems(heard) == []
    wrong = {**attention, "value_template": "{{ 'yes' if value_json.attention else 'no' }}"}
    assert heard_problems([(attention_topic, json.dumps(wrong).encode(), True), health])
    missing = {**attention, "value_template": "{{ value_json.faults_now }}"}
    assert heard_problems([(attention_topic, json.dumps(missing).encode(), True), health])
    event_wrong = {**event, "value_template": "{{ {'type': 'game_finished'} | tojson }}"}
    assert heard_problems([(event_topic, json.dumps(event_wrong).encode(), True), (event["state_topic"], b"{}", False)])


@pytest.mark.parametrize("prefix", ["homeassistant", "ha/tables"])
def test_removing_the_mqtt_section_removes_the_entities(broker: Broker, tmp_path: Path, prefix: str) -> None:
    """...from where they were, whatever Home Assistant's discovery prefix."""
    path = table_toml(tmp_path / "t1", broker, extra=f'discovery_prefix = "{prefix}"\n')
    config = load_config(path)
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    listener = Listener(broker, (f"{prefix}/#",))
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    link.start()
    try:
        assert eventually(lambda: len({t for t, p, _ in listener.messages if p}) == len(ENTITIES))
        for topic, payload in ((t, p) for t, p, _ in list(listener.messages)):
            assert problems(topic, json.loads(payload), prefix) == []  # as the broker delivered them
    finally:
        link.close()
    assert (config.data_dir / MEMORY_FILE).stat().st_mode & 0o077 == 0  # it holds the broker's password
    text = path.read_text()
    path.write_text(text[:text.index("[mqtt]")] + text[text.index("[[seats]]"):])
    plain = load_config(path)
    assert plain.mqtt is None
    try:
        assert start_beacon(plain, None, store, "en", plain.data_dir) is None  # type: ignore[arg-type]
        assert eventually(lambda: len({t for t, p, _ in listener.messages if not p}) == len(ENTITIES))  # empty: removed
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
            assert eventually(lambda: len({t for t, p, _ in listener.messages if p and table_id in t}) == len(ENTITIES))
        old = {t for t, p, _ in listener.messages if "table-1" in t}
        assert eventually(lambda: {t for t, p, _ in listener.messages if not p} == old)  # removed: only the old
        assert eventually(lambda: [e["table_id"] for e in json.loads((tmp_path / "t" / "data" / MEMORY_FILE).read_text())]
                          == ["table-2"])
    finally:
        for link, store in links:
            link.close()
            store.close()
        listener.close()
