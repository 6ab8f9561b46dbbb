"""Home Assistant's MQTT discovery schema (`tests/ha_mqtt_discovery.json`) as checks, and its templates
rendered as Home Assistant renders them (Jinja, sandboxed, `value_json` for a JSON payload, `value` for
a command)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jinja2.sandbox

SCHEMA: dict[str, Any] = json.loads((Path(__file__).parent / "ha_mqtt_discovery.json").read_text(encoding="utf-8"))
TOPIC = re.compile(SCHEMA["topic_pattern"])
_JINJA = jinja2.sandbox.ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined)


def expanded(config: dict[str, Any], abbreviations: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The config with its abbreviations written out (as discovery.py does), and the keys given twice."""
    found: dict[str, Any] = {}
    twice = []
    for key, value in config.items():
        full = abbreviations.get(key, key)
        if full in found:
            twice.append(full)
        found[full] = value
    return found, twice


def component_of(topic: str, prefix: str) -> re.Match[str] | None:
    """The discovery topic's component, node and object ids, read after the prefix."""
    return TOPIC.fullmatch(topic[len(prefix) + 1:]) if topic.startswith(prefix + "/") else None


def _topic_problem(value: Any, publish: bool) -> bool:
    return not isinstance(value, str) or not value or "\0" in value or (publish and any(c in value for c in "+#"))


def problems(topic: str, raw: dict[str, Any], prefix: str = "homeassistant") -> list[str]:
    """What Home Assistant's discovery would refuse or warn about in one config."""
    match = component_of(topic, prefix)
    if match is None or match["component"] not in SCHEMA["platforms"]:
        return [f"{topic}: not a discovery topic of a platform the schema knows under {prefix}/"]
    component = match["component"]
    platform = SCHEMA["platforms"][component]
    config, twice = expanded(raw, SCHEMA["abbreviations"])
    found = [f"{topic}: {k} given twice" for k in twice]
    allowed = set(SCHEMA["common_keys"]) | set(platform["keys"])
    found += [f"{topic}: unknown key {k}" for k in sorted(set(config) - allowed)]
    found += [f"{topic}: missing {k}" for k in platform["required"] if k not in config]
    found += [f"{topic}: {k} is deprecated: {why}" for k, why in SCHEMA["deprecated_keys"].items() if k in config]
    for key in SCHEMA["topic_keys"]["subscribe"]:
        if key in config and _topic_problem(config[key], publish=False):
            found.append(f"{topic}: {key} must be a topic")
    for key in SCHEMA["topic_keys"]["publish"]:
        if key in config and _topic_problem(config[key], publish=True):
            found.append(f"{topic}: {key} must be a topic without wildcards")
    for key in SCHEMA["template_keys"]:
        if key in config:
            try:
                _JINJA.parse(config[key])
            except (jinja2.TemplateSyntaxError, TypeError):
                found.append(f"{topic}: {key} is not a template")
    if "device_class" in config and config["device_class"] not in platform["device_class"]:
        found.append(f"{topic}: device_class {config['device_class']!r} is not one of {component}'s")
    if "state_class" in config and config["state_class"] not in platform.get("state_class", []):
        found.append(f"{topic}: state_class {config['state_class']!r}")
    if config.get("device_class") in platform.get("no_unit_for", []) and "unit_of_measurement" in config:
        found.append(f"{topic}: a {config['device_class']} sensor has no unit")
    if "entity_category" in config and config["entity_category"] not in SCHEMA["entity_category"]:
        found.append(f"{topic}: entity_category {config['entity_category']!r}")
    if "default_entity_id" in config and not re.fullmatch(rf"{component}\.[a-z0-9_]+", str(config["default_entity_id"])):
        found.append(f"{topic}: default_entity_id must be {component}.<lower-case id>")
    for key in ("options", "event_types"):
        if key in config and (not isinstance(config[key], list) or not config[key]
                              or not all(isinstance(o, str) for o in config[key])):
            found.append(f"{topic}: {key} must be a list of strings")
    for key in ("name", "icon", "payload_press", "payload_on", "payload_off", "payload_available", "payload_not_available"):
        if key in config and not isinstance(config[key], str):
            found.append(f"{topic}: {key} must be text")
    if "qos" in config and config["qos"] not in (0, 1, 2):
        found.append(f"{topic}: qos")
    found += _device_problems(topic, config)
    return found


def _device_problems(topic: str, config: dict[str, Any]) -> list[str]:
    found = []
    if "device" in config:
        device, twice = expanded(config["device"], SCHEMA["device_abbreviations"]) if isinstance(config["device"], dict) else ({}, [])
        found += [f"{topic}: device: {k} given twice" for k in twice]
        found += [f"{topic}: device: unknown key {k}" for k in sorted(set(device) - set(SCHEMA["device_keys"]))]
        if not (device.get("identifiers") or device.get("connections")):
            found.append(f"{topic}: device needs identifiers or connections")
        if not all(isinstance(i, str) for i in device.get("identifiers", [])):
            found.append(f"{topic}: identifiers must be strings")
        url = device.get("configuration_url")
        if url is not None and not re.fullmatch(r"(https?://[^\s/]+(/\S*)?|homeassistant://\S+)", str(url)):
            found.append(f"{topic}: configuration_url {url!r} is not a URL")
        if not config.get("unique_id"):
            found.append(f"{topic}: a device's entity needs a unique_id")
        name, device_name = config.get("name"), device.get("name")
        if isinstance(name, str) and isinstance(device_name, str) and name.lower().startswith(device_name.lower()):
            found.append(f"{topic}: the name repeats the device's ({device_name!r}): Home Assistant strips it")
    if "origin" in config:
        origin, _ = expanded(config["origin"], SCHEMA["origin_abbreviations"])
        found += [f"{topic}: origin: unknown key {k}" for k in sorted(set(origin) - set(SCHEMA["origin_keys"]["keys"]))]
        found += [f"{topic}: origin needs {k}" for k in SCHEMA["origin_keys"]["required"] if not isinstance(origin.get(k), str)]
    return found


def render_value(template: str, payload: bytes | str) -> str:
    """A value template for a message: `value` the payload as text, `value_json` it read as JSON."""
    text = payload.decode() if isinstance(payload, bytes) else payload
    try:
        value_json = json.loads(text)
    except ValueError:
        value_json = None
    return _JINJA.from_string(template).render(value=text, value_json=value_json).strip()


def render_command(template: str, value: str) -> str:
    return _JINJA.from_string(template).render(value=value).strip()


def heard_problems(messages: list[tuple[str, bytes, bool]], prefix: str = "homeassistant") -> list[str]:
    """Every discovery config a listener heard, checked against the schema, and its value template
    rendered for every message it heard on the config's state topic, as its platform reads the result
    (a sensor: some text; a binary sensor: its on or off payload; a select: one of its options or None;
    an event: JSON naming one of its event types)."""
    configs = {topic: json.loads(payload) for topic, payload, _ in messages
               if topic.startswith(prefix + "/") and topic.endswith("/config") and payload}  # not its birth topic
    found = [p for topic, config in configs.items() for p in problems(topic, config, prefix)]
    for topic, config in configs.items():
        match = component_of(topic, prefix)
        if match is None:
            continue  # said by `problems`
        component = match["component"]
        template = config.get("value_template")
        if template is None:
            continue
        for state_topic, payload, _ in messages:
            if state_topic != config.get("state_topic") or not payload:
                continue
            try:
                shown = render_value(template, payload)
            except jinja2.TemplateError as error:
                found.append(f"{topic}: {template!r} fails on {payload!r}: {error}")
                continue
            if not _reads(component, config, shown):
                found.append(f"{topic}: {template!r} gives {shown!r} for {payload!r}")
    return found


def _reads(component: str, config: dict[str, Any], shown: str) -> bool:
    if component == "binary_sensor":
        return shown in (config.get("payload_on", "ON"), config.get("payload_off", "OFF"))
    if component == "select":
        return shown in config["options"] or shown.lower() == "none"
    if component == "event":
        try:
            event = json.loads(shown)
        except ValueError:
            return False
        return isinstance(event, dict) and event.get("event_type") in config["event_types"]
    return shown != ""
