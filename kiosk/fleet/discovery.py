"""Home Assistant's MQTT discovery: the configs that make a table a device with its sensors.

Each entity is one retained message `homeassistant/<component>/<node>/<object>/config` (`node` is
`mystery_table_<table_id>`); an empty retained message on the same topic removes it. The entities
read the table's retained `state` and `health` topics, and every one is unavailable while the
table's `status` is `offline` (its last will).
"""

from __future__ import annotations

from typing import Any

from kiosk import __version__
from kiosk.i18n import N_, Text

PREFIX = "homeassistant"
TOPIC_ROOT = "mystery-table"


def table_topic(table_id: str, leaf: str) -> str:
    return f"{TOPIC_ROOT}/{table_id}/{leaf}"


def node_id(table_id: str) -> str:
    """Home Assistant's node and object ids take letters, digits, _ and - only: a table id does too."""
    return f"mystery_table_{table_id}"


# object id -> (component, name, source topic, value template, extra keys)
ENTITIES: dict[str, tuple[str, str, str, str, dict[str, Any]]] = {
    "game": ("sensor", N_("Game"), "state", "{{ value_json.game if value_json.playing else 'none' }}",
             {"icon": "mdi:cards-playing"}),
    "players": ("sensor", N_("Players"), "state",
                "{{ (value_json.seats - value_json.bots | length) if value_json.playing else 0 }}",
                {"icon": "mdi:account-group", "state_class": "measurement"}),
    "round": ("sensor", N_("Round or leg"), "state",
              "{{ (value_json.progress.values() | list | first) if value_json.playing and value_json.progress else 0 }}",
              {"icon": "mdi:counter"}),
    "started": ("sensor", N_("Game started"), "state",
                "{{ value_json.started_at if value_json.playing else None }}", {"device_class": "timestamp"}),
    "seat_faults": ("sensor", N_("Seat faults"), "health", "{{ value_json.faults }}",
                    {"icon": "mdi:alert-circle-outline", "state_class": "measurement"}),
    "games_today": ("sensor", N_("Games today"), "state", "{{ value_json.games_today }}",
                    {"icon": "mdi:trophy", "state_class": "total"}),
    "attention": ("binary_sensor", N_("Needs attention"), "health",
                  "{{ 'ON' if value_json.attention else 'OFF' }}", {"device_class": "problem"}),
}


def config_topic(table_id: str, object_id: str) -> str:
    component = ENTITIES[object_id][0]
    return f"{PREFIX}/{component}/{node_id(table_id)}/{object_id}/config"


def discovery_configs(table_id: str, language: str) -> dict[str, dict[str, Any]]:
    """Topic -> config of every entity of the table, named in the table's language."""
    device = {
        "identifiers": [node_id(table_id)],
        "name": Text(N_("Mystery Table {table}"), {"table": table_id}).render(language),
        "manufacturer": "Mystery Table",
        "model": "Mystery Table kiosk",
        "sw_version": __version__,
    }
    configs: dict[str, dict[str, Any]] = {}
    for object_id, (component, name, source, template, extra) in ENTITIES.items():
        configs[config_topic(table_id, object_id)] = {
            "name": Text(name).render(language),
            "unique_id": f"{node_id(table_id)}_{object_id}",
            "object_id": f"{node_id(table_id)}_{object_id}",
            "state_topic": table_topic(table_id, source),
            "value_template": template,
            "availability_topic": table_topic(table_id, "status"),
            "payload_available": "online",
            "payload_not_available": "offline",
            "device": device,
            "origin": {"name": "Mystery Table", "sw_version": __version__},
            **({"json_attributes_topic": table_topic(table_id, source)} if object_id in ("game", "seat_faults") else {}),
            **extra,
        }
    return configs
