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
# Who published the configs (Home Assistant's `origin`, shown in its MQTT info). No `support_url`: the
# project publishes no address to point a café to (pyproject.toml has no [project.urls]).
ORIGIN: dict[str, str] = {"name": "Mystery Table", "sw_version": __version__}


def table_topic(table_id: str, leaf: str) -> str:
    return f"{TOPIC_ROOT}/{table_id}/{leaf}"


def node_id(table_id: str) -> str:
    """Home Assistant's node and object ids take letters, digits, _ and - only: a table id does too."""
    return f"mystery_table_{table_id}"


# How far the game is, read by key (the state payload's keys are sorted: P.I.'s `minigame` comes before its
# `round`): P.I. and Watson & Holmes count rounds, Mystery Express legs, Mystery City duels (`report.PROGRESS_KEYS`).
ROUND_TEMPLATE = (
    "{% set p = value_json.progress if value_json.playing and value_json.progress else {} %}"
    "{{ p['round'] if 'round' in p else p['leg'] if 'leg' in p else p['combats'] if 'combats' in p else 0 }}"
)

# object id -> (component, name, source topic, value template, extra keys)
ENTITIES: dict[str, tuple[str, str, str, str, dict[str, Any]]] = {
    "game": ("sensor", N_("Game"), "state", "{{ value_json.game if value_json.playing else 'none' }}",
             {"icon": "mdi:cards-playing"}),
    "players": ("sensor", N_("Players"), "state",
                "{{ (value_json.seats - value_json.bots | length) if value_json.playing else 0 }}",
                {"icon": "mdi:account-group", "state_class": "measurement"}),
    "round": ("sensor", N_("Round or leg"), "state", ROUND_TEMPLATE, {"icon": "mdi:counter"}),
    "started": ("sensor", N_("Game started"), "state",
                "{{ value_json.started_at if value_json.playing else None }}", {"device_class": "timestamp"}),
    "seat_faults": ("sensor", N_("Seat faults"), "health", "{{ value_json.faults }}",
                    {"icon": "mdi:alert-circle-outline", "state_class": "measurement", "entity_category": "diagnostic"}),
    # total_increasing: the count falls to 0 at midnight, which Home Assistant takes as a reset, not negative games
    "games_today": ("sensor", N_("Games today"), "state", "{{ value_json.games_today }}",
                    {"icon": "mdi:trophy", "state_class": "total_increasing"}),
    "attention": ("binary_sensor", N_("Needs attention"), "health",
                  "{{ 'ON' if value_json.attention else 'OFF' }}", {"device_class": "problem", "entity_category": "diagnostic"}),
}


def default_entity_id(table_id: str, object_id: str) -> str:
    """The entity id Home Assistant gives the entity when it first sees it (`default_entity_id`, which replaced
    `object_id` in 2026.4): `<component>.<node>_<object>`, a `-` of the table id made `_` as entity ids need."""
    component = ENTITIES[object_id][0]
    return f"{component}.{node_id(table_id)}_{object_id}".replace("-", "_")


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
            "default_entity_id": default_entity_id(table_id, object_id),
            "state_topic": table_topic(table_id, source),
            "value_template": template,
            "availability_topic": table_topic(table_id, "status"),
            "payload_available": "online",
            "payload_not_available": "offline",
            "device": device,
            "origin": ORIGIN,
            **({"json_attributes_topic": table_topic(table_id, source)} if object_id in ("game", "seat_faults") else {}),
            **extra,
        }
    return configs
